/* Tessera — fill closed contours.  See fill-contours.h for the semantics.
 *
 * Three ways to find the outside, all giving the same mask:
 *   SERIAL  a scanline flood from the border over a u8 copy (one thread);
 *   PAPER   the paper's parallel reverse fill with labels and union-find;
 *   FAST    union-find over runs of free pixels, strips of rows in parallel.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fill-contours.h"
#include "gpu-backend.h"

/* Each backend's time per pixel for FAST on the benchmark's 8K contour
 * map: the CPU's on one thread, the GPU's with the map on the device; host
 * maps cross the bus as a byte a pixel each way (bench/RESULTS.md, Fill
 * Closed Contours). */
#define CPU_NS_PER_PIXEL 0.35
#define GPU_NS_PER_PIXEL 0.0084

#define FREE 255   /* SERIAL: a free pixel the border has not reached yet */

TesseraFillContours
tessera_fill_contours_defaults (void)
{
  TesseraFillContours params = { 4, TESSERA_FILL_CONTOURS_METHOD_AUTO, 0 };
  return params;
}

static const char *const method_names[] =
  { "auto", "serial", "paper", "paper-gpu", "fast" };

const char *
tessera_fill_contours_method_name (TesseraFillContoursMethod method)
{
  if ((unsigned) method > TESSERA_FILL_CONTOURS_METHOD_FAST)
    return "?";
  return method_names[method];
}

bool
tessera_fill_contours_method_parse (const char *text,
                                    TesseraFillContoursMethod *method)
{
  for (int i = 0; text != NULL && i <= TESSERA_FILL_CONTOURS_METHOD_FAST; i++)
    if (strcmp (text, method_names[i]) == 0)
      {
        *method = (TesseraFillContoursMethod) i;
        return true;
      }
  return false;
}

TesseraStatus
tessera_fill_contours_check (const TesseraImage *contours,
                             const TesseraImage *interior,
                             const TesseraFillContours *params)
{
  TesseraStatus status;

  if (params == NULL
      || (params->connectivity != 4 && params->connectivity != 8)
      || (unsigned) params->method > TESSERA_FILL_CONTOURS_METHOD_FAST
      || params->seeds < 0 || params->seeds > (1 << 24))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_check (contours)) != TESSERA_OK
      || (status = tessera_image_check (interior)) != TESSERA_OK)
    return status;
  if (contours->type != TESSERA_U8 || contours->channels != 1)
    return TESSERA_ERROR_UNSUPPORTED_FORMAT;
  if (!tessera_image_same_shape (contours, interior)
      || contours->memory != interior->memory)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

/* ------------------------------------------------------------------ */
/* Row scanning and a growable stack of seeds, shared by the methods. */

/* The index of the first non-zero byte of WORD in memory order. */
static inline int
first_nonzero_byte (uint64_t word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return __builtin_clzll (word) >> 3;
#else
  return __builtin_ctzll (word) >> 3;
#endif
}

/* The first free (zero) sample of ROW in [X, WIDTH), or WIDTH.  Contour
 * lines are thin: memchr is quick to the next free sample. */
static inline int
next_free (const uint8_t *row, int x, int width)
{
  const uint8_t *hit = memchr (row + x, 0, (size_t) (width - x));
  return hit != NULL ? (int) (hit - row) : width;
}

/* The first contour (non-zero) sample of ROW in [X, WIDTH), or WIDTH.  Free
 * runs are long, so this looks at 32 samples at a time. */
static inline int
next_contour (const uint8_t *row, int x, int width)
{
  for (; x + 32 <= width; x += 32)
    {
      uint64_t w[4];
      memcpy (w, row + x, sizeof w);
      if ((w[0] | w[1] | w[2] | w[3]) != 0)
        break;
    }
  for (; x + 8 <= width; x += 8)
    {
      uint64_t word;
      memcpy (&word, row + x, sizeof word);
      if (word != 0)
        return x + first_nonzero_byte (word);
    }
  for (; x < width; x++)
    if (row[x] != 0)
      return x;
  return width;
}

typedef struct
{
  int32_t x, y;
} Seed;

typedef struct
{
  Seed   *seeds;
  size_t  count, capacity;
} SeedStack;

static bool
seed_push (SeedStack *stack, int x, int y)
{
  if (stack->count == stack->capacity)
    {
      size_t capacity = stack->capacity ? 2 * stack->capacity : 1024;
      Seed *seeds = realloc (stack->seeds, capacity * sizeof *seeds);
      if (seeds == NULL)
        return false;
      stack->seeds = seeds;
      stack->capacity = capacity;
    }
  stack->seeds[stack->count++] = (Seed) { x, y };
  return true;
}

static inline bool
seed_pop (SeedStack *stack, int *x, int *y)
{
  if (stack->count == 0)
    return false;
  stack->count--;
  *x = stack->seeds[stack->count].x;
  *y = stack->seeds[stack->count].y;
  return true;
}

/* The pixels of the image border, numbered 0 .. border_length-1: the top
 * row, the bottom row, then the left and right columns between them. */
static size_t
border_length (int width, int height)
{
  size_t inner_width = width > 2 ? (size_t) width - 2 : 0;
  size_t inner_height = height > 2 ? (size_t) height - 2 : 0;
  return (size_t) width * height - inner_width * inner_height;
}

static void
border_pixel (size_t i, int width, int height, int *x, int *y)
{
  size_t row_pixels = (height > 1 ? 2 : 1) * (size_t) width;
  size_t side = (size_t) height - 2;

  if (i < row_pixels)
    {
      *x = (int) (i % width);
      *y = i < (size_t) width ? 0 : height - 1;
      return;
    }
  i -= row_pixels;
  *y = 1 + (int) (i % side);
  *x = i < side ? 0 : width - 1;
}

/* ------------------------------------------------------------------ */
/* SERIAL: mark every free pixel FREE, flood the border's from the border
 * back to 0; what stays FREE is inside. */

/* Pushes one seed for each run of FREE pixels of ROW in [X0, X1). */
static bool
push_free_runs (SeedStack *stack, const uint8_t *row, int x0, int x1, int y)
{
  for (int x = x0; x < x1; x++)
    if (row[x] == FREE && (x == x0 || row[x - 1] != FREE)
        && !seed_push (stack, x, y))
      return false;
  return true;
}

static bool
flood_outside (TesseraImage *mask, int x, int y, int slack, SeedStack *stack)
{
  int width = mask->width;

  if (!seed_push (stack, x, y))
    return false;
  while (seed_pop (stack, &x, &y))
    {
      uint8_t *row = tessera_image_row (mask, y);
      int left = x, right = x + 1;

      if (row[x] != FREE)
        continue;
      while (left > 0 && row[left - 1] == FREE)
        left--;
      while (right < width && row[right] == FREE)
        right++;
      memset (row + left, 0, (size_t) (right - left));

      left = left - slack > 0 ? left - slack : 0;
      right = right + slack < width ? right + slack : width;
      if ((y > 0 && !push_free_runs (stack, tessera_image_row (mask, y - 1),
                                     left, right, y - 1))
          || (y + 1 < mask->height
              && !push_free_runs (stack, tessera_image_row (mask, y + 1),
                                  left, right, y + 1)))
        return false;
    }
  return true;
}

static TesseraStatus
fill_serial (const TesseraImage *contours, TesseraImage *interior,
             int connectivity)
{
  SeedStack stack = { NULL, 0, 0 };
  size_t border = border_length (contours->width, contours->height);
  bool ok = true;

  for (int y = 0; y < contours->height; y++)
    {
      const uint8_t *in = tessera_image_row (contours, y);
      uint8_t *out = tessera_image_row (interior, y);
      for (int x = 0; x < contours->width; x++)
        out[x] = in[x] ? 0 : FREE;
    }
  for (size_t i = 0; i < border && ok; i++)
    {
      int x, y;
      border_pixel (i, interior->width, interior->height, &x, &y);
      if (((uint8_t *) tessera_image_row (interior, y))[x] == FREE)
        ok = flood_outside (interior, x, y, connectivity == 8, &stack);
    }
  free (stack.seeds);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}

/* ------------------------------------------------------------------ */
/* Union-find with the smaller index as the root, so the outside (the
 * smallest index in use) is always its set's root, and a parent is never
 * after its child: one sweep in index order flattens a forest. */

static inline uint32_t
find_root (uint32_t *parent, uint32_t node)
{
  while (parent[node] != node)
    {
      parent[node] = parent[parent[node]];
      node = parent[node];
    }
  return node;
}

/* Without path compression, for threads that share PARENT read-only. */
static inline uint32_t
find_root_shared (const uint32_t *parent, uint32_t node)
{
  while (parent[node] != node)
    node = parent[node];
  return node;
}

static inline void
unite (uint32_t *parent, uint32_t a, uint32_t b)
{
  a = find_root (parent, a);
  b = find_root (parent, b);
  if (a < b)
    parent[b] = a;
  else
    parent[a] = b;
}

/* ------------------------------------------------------------------ */
/* PAPER: the parallel random-seed reverse fill.
 *
 * Each task fills from its seeds with a scanline fill and its own label:
 * the border tasks share LABEL_BORDER and seed on every free border pixel
 * (the paper places a few border seeds, which misses border regions cut
 * off from them by contours touching the border); interior tasks start
 * from one random pixel on evenly spaced rows.  Labels are 32-bit, so they
 * never run out.  Tasks write without locks; a pixel may be written twice
 * and keep either label.  What makes that safe: after writing a span a
 * task issues a full fence and then reads every neighbour of the span (the
 * span itself included), noting any other label it sees.  For two
 * adjacent pixels whose last writes were by tasks A and B, the fences
 * guarantee that A's read sees B's write or B's read sees A's (no store
 * buffering past a fence), so the pair is always noted by one side: all
 * the labels left in a region end up in one set.  Two things the paper
 * leaves out follow from the races: border tasks must note neighbours too
 * (the other side may miss the pair), and a border pixel can lose the
 * border's label to an interior task's, so the merge also unites the
 * border label with whatever label each border pixel kept. */

enum
{
  LABEL_CONTOUR = 0,
  LABEL_UNFILLED,
  LABEL_BORDER,
  LABEL_FIRST_SEED
};

typedef struct
{
  uint32_t *labels;
  size_t    count, capacity;
} LabelList;

typedef struct
{
  _Atomic uint32_t *labels;  /* width*height, packed */
  int               width, height;
  int               slack;   /* 1 for 8-connectivity */
} LabelImage;

static inline uint32_t
label_get (const LabelImage *image, int x, int y)
{
  return atomic_load_explicit (&image->labels[(size_t) y * image->width + x],
                               memory_order_relaxed);
}

static inline void
label_set (const LabelImage *image, int x, int y, uint32_t label)
{
  atomic_store_explicit (&image->labels[(size_t) y * image->width + x], label,
                         memory_order_relaxed);
}

/* Notes that OWN's region touches the region labelled SEEN. */
static bool
note_neighbour (LabelList *list, uint32_t own, uint32_t seen)
{
  if (seen == own || seen <= LABEL_UNFILLED
      || (list->count > 0 && list->labels[list->count - 1] == seen))
    return true;
  if (list->count == list->capacity)
    {
      size_t capacity = list->capacity ? 2 * list->capacity : 16;
      uint32_t *labels = realloc (list->labels, capacity * sizeof *labels);
      if (labels == NULL)
        return false;
      list->labels = labels;
      list->capacity = capacity;
    }
  list->labels[list->count++] = seen;
  return true;
}

/* Reads the pixels [X0, X1] of row Y: pushes a seed per unfilled run (when
 * PUSH), notes the other labels. */
static bool
scan_neighbours (const LabelImage *image, int x0, int x1, int y, bool push,
                 uint32_t own, SeedStack *stack, LabelList *neighbours)
{
  bool in_unfilled = false;

  for (int x = x0; x <= x1; x++)
    {
      uint32_t label = label_get (image, x, y);
      if (label == LABEL_UNFILLED)
        {
          if (push && !in_unfilled && !seed_push (stack, x, y))
            return false;
          in_unfilled = true;
        }
      else
        {
          in_unfilled = false;
          /* Mostly the fill's own label or contour: no call for those. */
          if (label != own && label != LABEL_CONTOUR
              && !note_neighbour (neighbours, own, label))
            return false;
        }
    }
  return true;
}

static bool
paper_fill (const LabelImage *image, int x, int y, uint32_t own,
            SeedStack *stack, LabelList *neighbours)
{
  int width = image->width, slack = image->slack;

  if (!seed_push (stack, x, y))
    return false;
  while (seed_pop (stack, &x, &y))
    {
      uint32_t label = label_get (image, x, y);
      int left = x, right = x;

      if (label != LABEL_UNFILLED)
        {
          if (!note_neighbour (neighbours, own, label))
            return false;
          continue;
        }
      label_set (image, x, y, own);
      while (left > 0 && label_get (image, left - 1, y) == LABEL_UNFILLED)
        label_set (image, --left, y, own);
      while (right + 1 < width
             && label_get (image, right + 1, y) == LABEL_UNFILLED)
        label_set (image, ++right, y, own);

      atomic_thread_fence (memory_order_seq_cst);
      if (!scan_neighbours (image, left > 0 ? left - 1 : 0,
                            right + 1 < width ? right + 1 : right, y, false,
                            own, stack, neighbours))
        return false;
      left = left - slack > 0 ? left - slack : 0;
      right = right + slack < width ? right + slack : width - 1;
      if ((y > 0 && !scan_neighbours (image, left, right, y - 1, true, own,
                                      stack, neighbours))
          || (y + 1 < image->height
              && !scan_neighbours (image, left, right, y + 1, true, own,
                                   stack, neighbours)))
        return false;
    }
  return true;
}

/* A cheap generator for the interior seeds' columns (splitmix64). */
static uint64_t
seed_random (uint64_t i)
{
  uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Task T (< BORDER_TASKS: a share of the border; else an interior seed). */
static bool
paper_task (const LabelImage *image, int task, int border_tasks, int seeds,
            SeedStack *stack, LabelList *neighbours)
{
  if (task < border_tasks)
    {
      size_t length = border_length (image->width, image->height);
      size_t first = length * task / border_tasks;
      size_t end = length * (task + 1) / border_tasks;
      for (size_t i = first; i < end; i++)
        {
          int x, y;
          border_pixel (i, image->width, image->height, &x, &y);
          if (!paper_fill (image, x, y, LABEL_BORDER, stack, neighbours))
            return false;
        }
      return true;
    }

  task -= border_tasks;
  int y = (int) ((int64_t) (task + 1) * image->height / (seeds + 1));
  int x = (int) (seed_random ((uint64_t) task) % (uint64_t) image->width);
  y = y < image->height ? y : image->height - 1;
  if (label_get (image, x, y) != LABEL_UNFILLED)
    return true;   /* on a contour, or already filled: nothing of its own */
  return paper_fill (image, x, y, LABEL_FIRST_SEED + (uint32_t) task, stack,
                     neighbours);
}

/* Union-find of the noted neighbours and of the labels the border kept;
 * returns the mask value of each label (unfilled pixels are inside: no
 * seed fell in their region). */
static uint8_t *
paper_merge (const LabelImage *image, LabelList *neighbours,
             int border_tasks, int seeds)
{
  size_t border = border_length (image->width, image->height);
  uint32_t labels = LABEL_FIRST_SEED + (uint32_t) seeds;
  uint32_t *parent = malloc (labels * sizeof *parent);
  uint8_t *value = malloc (labels);

  if (parent == NULL || value == NULL)
    {
      free (parent);
      free (value);
      return NULL;
    }
  for (uint32_t i = 0; i < labels; i++)
    parent[i] = i;
  for (int task = 0; task < border_tasks + seeds; task++)
    {
      uint32_t own = task < border_tasks
                     ? LABEL_BORDER
                     : LABEL_FIRST_SEED + (uint32_t) (task - border_tasks);
      for (size_t i = 0; i < neighbours[task].count; i++)
        unite (parent, own, neighbours[task].labels[i]);
    }
  for (size_t i = 0; i < border; i++)
    {
      int x, y;
      border_pixel (i, image->width, image->height, &x, &y);
      uint32_t label = label_get (image, x, y);
      if (label != LABEL_CONTOUR)
        unite (parent, LABEL_BORDER, label);
    }
  value[LABEL_CONTOUR] = 0;
  value[LABEL_UNFILLED] = TESSERA_FILL_CONTOURS_INTERIOR;
  for (uint32_t i = LABEL_BORDER; i < labels; i++)
    value[i] = find_root (parent, i) == LABEL_BORDER
               ? 0 : TESSERA_FILL_CONTOURS_INTERIOR;
  free (parent);
  return value;
}

static void
labels_from_contours (const TesseraImage *contours, const LabelImage *image)
{
  #pragma omp for schedule(static)
  for (int y = 0; y < image->height; y++)
    {
      const uint8_t *in = tessera_image_row (contours, y);
      for (int x = 0; x < image->width; x++)
        label_set (image, x, y, in[x] ? LABEL_CONTOUR : LABEL_UNFILLED);
    }
}

static bool
paper_fill_all (const LabelImage *image, int border_tasks, int seeds,
                LabelList *neighbours, int threads)
{
  bool ok = true;

  #pragma omp parallel num_threads(threads)
  {
    SeedStack stack = { NULL, 0, 0 };
    #pragma omp for schedule(dynamic, 1)
    for (int task = 0; task < border_tasks + seeds; task++)
      if (!paper_task (image, task, border_tasks, seeds, &stack,
                       &neighbours[task]))
        {
          #pragma omp atomic write
          ok = false;
        }
    free (stack.seeds);
  }
  return ok;
}

/* The fill stage of PAPER: LABELS (width*height) filled, and the value of
 * each label after the merge in *VALUE (LABEL_COUNT entries). */
static TesseraStatus
paper_fill_stage (const TesseraImage *contours, int connectivity, int seeds,
                  int threads, _Atomic uint32_t *labels, uint8_t **value,
                  uint32_t *label_count)
{
  LabelImage image = { labels, contours->width, contours->height,
                       connectivity == 8 };
  int border_tasks = 4 * threads;
  LabelList *neighbours = calloc ((size_t) (border_tasks + seeds),
                                  sizeof *neighbours);
  bool ok = neighbours != NULL;

  if (ok)
    {
      #pragma omp parallel num_threads(threads)
      labels_from_contours (contours, &image);
      ok = paper_fill_all (&image, border_tasks, seeds, neighbours, threads);
    }
  *value = ok ? paper_merge (&image, neighbours, border_tasks, seeds) : NULL;
  *label_count = LABEL_FIRST_SEED + (uint32_t) seeds;
  for (int task = 0; neighbours != NULL && task < border_tasks + seeds; task++)
    free (neighbours[task].labels);
  free (neighbours);
  return *value != NULL ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}

static void
paper_invert (const _Atomic uint32_t *labels, const uint8_t *value,
              TesseraImage *interior, int threads)
{
  int width = interior->width;

  #pragma omp parallel for schedule(static) num_threads(threads)
  for (int y = 0; y < interior->height; y++)
    {
      const _Atomic uint32_t *in = labels + (size_t) y * width;
      uint8_t *out = tessera_image_row (interior, y);
      for (int x = 0; x < width; x++)
        out[x] = value[atomic_load_explicit (&in[x], memory_order_relaxed)];
    }
}

static int
paper_seeds (const TesseraFillContours *params)
{
  return params->seeds > 0 ? params->seeds
                           : TESSERA_FILL_CONTOURS_DEFAULT_SEEDS;
}

static _Atomic uint32_t *
paper_labels_alloc (const TesseraImage *contours)
{
  size_t pixels = (size_t) contours->width * contours->height;
  if (pixels > SIZE_MAX / sizeof (uint32_t))
    return NULL;
  return malloc (pixels * sizeof (uint32_t));
}

static TesseraStatus
fill_paper (const TesseraImage *contours, TesseraImage *interior,
            const TesseraFillContours *params, TesseraExec *exec)
{
  int threads = tessera_exec_threads (exec);
  _Atomic uint32_t *labels = paper_labels_alloc (contours);
  uint8_t *value = NULL;
  uint32_t label_count;
  TesseraStatus status = TESSERA_ERROR_OUT_OF_MEMORY;

  if (labels != NULL)
    status = paper_fill_stage (contours, params->connectivity,
                               paper_seeds (params), threads, labels, &value,
                               &label_count);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.8))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    paper_invert (labels, value, interior, threads);
  free (value);
  free (labels);
  return status;
}

/* ------------------------------------------------------------------ */
/* FAST: union-find over runs of free pixels.
 *
 * The image is cut into strips of rows.  Each strip, on its own thread,
 * lists its rows' runs of free pixels and unites each run with the runs it
 * touches in the row above; its first node stands for the outside, and
 * runs on the image border are born in its set.  Then, on one thread, the
 * strips' seams are united, and all the outside nodes; each run is inside
 * unless its root is node 0, the first strip's outside, which as the
 * smallest number is always the root of its set.  Work follows the number
 * of runs, not of pixels; a pixel is read once and written once.
 *
 * Each strip numbers its nodes in a range of its own, reserved for the
 * most runs its rows can hold (one per two pixels): the strips fill one
 * array without waiting for each other's counts, and only the pages in use
 * are ever touched.  Two parallel regions and nothing else to wait for
 * matter on a loaded machine, where every join waits for a parked thread. */

typedef struct
{
  int32_t x0, x1;   /* free pixels [x0, x1) of one row */
} Run;

typedef struct
{
  Run      *runs;       /* by node */
  uint32_t *parent;     /* by node */
  uint32_t *row_first;  /* node of each row's first run */
  uint32_t *row_end;    /* one past each row's last run */
} RunForest;

typedef struct
{
  int      y0, y1;      /* rows [y0, y1) */
  uint32_t outside;     /* the strip's first node */
} RunStrip;

/* Unites the runs PREV[0..PREV_COUNT) of one row (nodes PREV_NODE…) with
 * the touching runs CUR[0..CUR_COUNT) of the row below (nodes CUR_NODE…).
 * Two runs touch when their columns overlap, or, with SLACK 1
 * (8-connectivity), are diagonal neighbours. */
static void
unite_rows (uint32_t *parent, int slack,
            const Run *prev, uint32_t prev_node, uint32_t prev_count,
            const Run *cur, uint32_t cur_node, uint32_t cur_count)
{
  uint32_t i = 0, j = 0;

  while (i < prev_count && j < cur_count)
    {
      if (prev[i].x1 + slack <= cur[j].x0)
        i++;
      else if (cur[j].x1 + slack <= prev[i].x0)
        j++;
      else
        {
          unite (parent, prev_node + i, cur_node + j);
          if (prev[i].x1 < cur[j].x1)
            i++;
          else
            j++;
        }
    }
}

/* Unites the runs of row Y-1 with those of row Y. */
static void
unite_row_pair (const RunForest *forest, int slack, int y)
{
  uint32_t prev = forest->row_first[y - 1], cur = forest->row_first[y];
  unite_rows (forest->parent, slack,
              forest->runs + prev, prev, forest->row_end[y - 1] - prev,
              forest->runs + cur, cur, forest->row_end[y] - cur);
}

static void
strip_label (const RunStrip *strip, RunForest *forest,
             const TesseraImage *contours, int slack)
{
  int width = contours->width, height = contours->height;
  uint32_t node = strip->outside;

  forest->parent[node] = node;
  node++;
  for (int y = strip->y0; y < strip->y1; y++)
    {
      const uint8_t *row = tessera_image_row (contours, y);
      bool border_row = y == 0 || y == height - 1;

      forest->row_first[y] = node;
      for (int x = next_free (row, 0, width); x < width;
           x = next_free (row, x, width))
        {
          int end = next_contour (row, x, width);
          forest->runs[node] = (Run) { x, end };
          forest->parent[node] = border_row || x == 0 || end == width
                                 ? strip->outside : node;
          node++;
          x = end;
        }
      forest->row_end[y] = node;
      if (y > strip->y0)
        unite_row_pair (forest, slack, y);
    }
}

static void
strip_write (const RunStrip *strip, const RunForest *forest,
             TesseraImage *interior)
{
  int width = interior->width;

  for (int y = strip->y0; y < strip->y1; y++)
    {
      uint8_t *out = tessera_image_row (interior, y);
      int x = 0;

      for (uint32_t i = forest->row_first[y]; i < forest->row_end[y]; i++)
        if (find_root_shared (forest->parent, i) != 0)
          {
            const Run *run = &forest->runs[i];
            memset (out + x, 0, (size_t) (run->x0 - x));
            memset (out + run->x0, TESSERA_FILL_CONTOURS_INTERIOR,
                    (size_t) (run->x1 - run->x0));
            x = run->x1;
          }
      memset (out + x, 0, (size_t) (width - x));
    }
}

static void
forest_free (RunForest *forest)
{
  free (forest->runs);
  free (forest->parent);
  free (forest->row_first);
  free (forest->row_end);
}

/* Cuts the rows into COUNT strips and reserves their node ranges; false
 * when the nodes do not fit in 32 bits or in memory. */
static bool
forest_new (RunForest *forest, RunStrip *strips, int count, int width,
            int height)
{
  uint64_t runs_per_row = (uint64_t) width / 2 + 1, nodes = 0;

  for (int i = 0; i < count; i++)
    {
      strips[i].y0 = (int) ((int64_t) height * i / count);
      strips[i].y1 = (int) ((int64_t) height * (i + 1) / count);
      strips[i].outside = (uint32_t) nodes;
      nodes += 1 + runs_per_row * (uint64_t) (strips[i].y1 - strips[i].y0);
      if (nodes >= UINT32_MAX || nodes > SIZE_MAX / sizeof (Run))
        return false;
    }
  forest->runs = malloc (nodes * sizeof *forest->runs);
  forest->parent = malloc (nodes * sizeof *forest->parent);
  forest->row_first = malloc ((size_t) height * sizeof *forest->row_first);
  forest->row_end = malloc ((size_t) height * sizeof *forest->row_end);
  if (forest->runs == NULL || forest->parent == NULL
      || forest->row_first == NULL || forest->row_end == NULL)
    {
      forest_free (forest);
      return false;
    }
  return true;
}

static TesseraStatus
fill_fast (const TesseraImage *contours, TesseraImage *interior,
           int connectivity, TesseraExec *exec)
{
  int threads = tessera_exec_threads (exec);
  int slack = connectivity == 8;
  /* A few strips per thread even out uneven rows; each seam costs a row. */
  int count = 4 * threads < contours->height ? 4 * threads : contours->height;
  RunStrip *strips = malloc ((size_t) count * sizeof *strips);
  RunForest forest = { NULL, NULL, NULL, NULL };

  if (strips == NULL
      || !forest_new (&forest, strips, count, contours->width,
                      contours->height))
    {
      free (strips);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }

  #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; i++)
    strip_label (&strips[i], &forest, contours, slack);

  if (!tessera_exec_progress (exec, 0.5))
    {
      forest_free (&forest);
      free (strips);
      return TESSERA_ERROR_CANCELLED;
    }
  for (int i = 1; i < count; i++)
    {
      unite (forest.parent, strips[i - 1].outside, strips[i].outside);
      unite_row_pair (&forest, slack, strips[i].y0);
    }

  #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; i++)
    strip_write (&strips[i], &forest, interior);

  forest_free (&forest);
  free (strips);
  return TESSERA_OK;
}

/* ------------------------------------------------------------------ */

static TesseraStatus
fill_cpu (const TesseraImage *contours, TesseraImage *interior,
          const TesseraFillContours *params, TesseraExec *exec)
{
  TesseraStatus status;

  if (contours->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  switch (params->method)
    {
    case TESSERA_FILL_CONTOURS_METHOD_SERIAL:
      status = fill_serial (contours, interior, params->connectivity);
      break;
    case TESSERA_FILL_CONTOURS_METHOD_PAPER:
    case TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU:
      status = fill_paper (contours, interior, params, exec);
      break;
    default:
      status = fill_fast (contours, interior, params->connectivity, exec);
      /* Too many runs to number or hold: the flood needs no extra memory. */
      if (status == TESSERA_ERROR_OUT_OF_MEMORY)
        status = fill_serial (contours, interior, params->connectivity);
      break;
    }
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}

/* PAPER on the GPU backend, the paper's pipeline: the CPU fills image i+1
 * while the GPU merges image i. */
static TesseraStatus
batch_paper_cuda_merge (const TesseraImage *contours, TesseraImage *interior,
                        int count, const TesseraFillContours *params,
                        TesseraExec *exec)
{
  TesseraCudaFillMerge *merge = NULL;
  size_t most = 0;
  TesseraStatus status;

  for (int i = 0; i < count; i++)
    if ((size_t) contours[i].width * contours[i].height > most)
      most = (size_t) contours[i].width * contours[i].height;
  status = tessera_cuda_fill_merge_new (&merge, most, count);
  for (int i = 0; i < count && status == TESSERA_OK; i++)
    {
      uint32_t *labels;
      uint8_t *value = NULL;
      uint32_t label_count;

      status = tessera_cuda_fill_merge_labels (merge, &labels);
      if (status == TESSERA_OK)
        status = paper_fill_stage (&contours[i], params->connectivity,
                                   paper_seeds (params),
                                   tessera_exec_threads (exec),
                                   (_Atomic uint32_t *) labels, &value,
                                   &label_count);
      if (status == TESSERA_OK)
        status = tessera_cuda_fill_merge_submit (merge, value, label_count,
                                                 &interior[i]);
      free (value);
      if (status == TESSERA_OK
          && !tessera_exec_progress (exec, (i + 1.0) / count))
        status = TESSERA_ERROR_CANCELLED;
    }
  if (status == TESSERA_OK)
    status = tessera_cuda_fill_merge_finish (merge);
  tessera_cuda_fill_merge_free (merge);
  return status;
}

static TesseraStatus
batch_cuda (const TesseraImage *contours, TesseraImage *interior, int count,
            const TesseraFillContours *params, TesseraExec *exec)
{
  if (params->method == TESSERA_FILL_CONTOURS_METHOD_PAPER
      && contours[0].memory == TESSERA_MEMORY_HOST)
    return batch_paper_cuda_merge (contours, interior, count, params, exec);
  if (count > 1 && contours[0].memory == TESSERA_MEMORY_HOST)
    return tessera_cuda_fill_contours_batch (contours, interior, count,
                                             params);
  /* One image, or images already on the device: no copies to overlap. */
  for (int i = 0; i < count; i++)
    {
      TesseraStatus status = tessera_cuda_fill_contours (&contours[i],
                                                         &interior[i], params);
      if (status != TESSERA_OK)
        return status;
    }
  return TESSERA_OK;
}


/* Reports the progress of one image of a batch as part of the whole. */
typedef struct
{
  const TesseraExec *batch;
  int                index, count;
} BatchProgress;

static bool
batch_progress (double fraction, void *data)
{
  const BatchProgress *progress = data;
  return tessera_exec_progress (progress->batch,
                                (progress->index + fraction) / progress->count);
}

static TesseraStatus
batch_cpu (const TesseraImage *contours, TesseraImage *interior, int count,
           const TesseraFillContours *params, TesseraExec *exec)
{
  TesseraStatus status = TESSERA_OK;

  for (int i = 0; i < count && status == TESSERA_OK; i++)
    {
      BatchProgress progress = { exec, i, count };
      TesseraExec one = *exec;
      one.progress = exec->progress != NULL ? batch_progress : NULL;
      one.user_data = &progress;
      status = fill_cpu (&contours[i], &interior[i], params, &one);
    }
  return status;
}

/* The arguments of one batch, for the backends. */
typedef struct
{
  const TesseraImage        *contours;
  TesseraImage              *interior;
  int                        count;
  const TesseraFillContours *params;
} FillBatch;

static TesseraStatus
fill_batch_cpu (void *data, TesseraExec *exec)
{
  const FillBatch *b = data;
  return batch_cpu (b->contours, b->interior, b->count, b->params, exec);
}

static TesseraStatus
fill_batch_gpu (void *data, TesseraExec *exec)
{
  const FillBatch *b = data;
  return batch_cuda (b->contours, b->interior, b->count, b->params, exec);
}

TesseraStatus
tessera_fill_contours_batch (const TesseraImage *contours,
                             TesseraImage *interior, int count,
                             const TesseraFillContours *params,
                             TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = TESSERA_OK;
  size_t pixels = 0;

  if (count < 0 || (count > 0 && (contours == NULL || interior == NULL)))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  for (int i = 0; i < count && status == TESSERA_OK; i++)
    {
      status = tessera_fill_contours_check (&contours[i], &interior[i],
                                            params);
      if (contours[i].memory != contours[0].memory)
        status = TESSERA_ERROR_INVALID_ARGUMENT;
      pixels += (size_t) contours[i].width * contours[i].height;
    }
  if (status != TESSERA_OK || count == 0)
    return status;
  if (exec == NULL)
    exec = &defaults;
  FillBatch batch = { contours, interior, count, params };
  TesseraExecOp op = {
    .cpu = fill_batch_cpu, .gpu = TESSERA_GPU (fill_batch_gpu),
    .args = &batch, .on_device = contours[0].memory == TESSERA_MEMORY_CUDA,
    /* SERIAL is the one-thread CPU baseline by definition. */
    .cpu_only = params->method == TESSERA_FILL_CONTOURS_METHOD_SERIAL,
    .cost = { .items = (double) pixels, .cpu_ns = CPU_NS_PER_PIXEL,
              .gpu_ns = GPU_NS_PER_PIXEL, .transfer_bytes = 2.0 * pixels }
  };
  return tessera_exec_run (exec, &op);
}

TesseraStatus
tessera_fill_contours (const TesseraImage *contours, TesseraImage *interior,
                       const TesseraFillContours *params, TesseraExec *exec)
{
  return tessera_fill_contours_batch (contours, interior, 1, params, exec);
}
