/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours, PAPER (fill-contours-private.h): the
 * parallel random-seed reverse fill.
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
#include <stdatomic.h>
#include <string.h>
#include "fill-contours-private.h"
#include "union-find.h"

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
  if (list->count == list->capacity
      && !array_reserve ((void **) &list->labels, &list->capacity,
                         list->count, sizeof *list->labels))
    return false;
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
TesseraStatus
fill_contours_paper_stage (const TesseraImage *contours, int connectivity,
                           int seeds, int threads, _Atomic uint32_t *labels,
                           uint8_t **value, uint32_t *label_count)
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

int
fill_contours_paper_seeds (const TesseraFillContours *params)
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

TesseraStatus
fill_contours_paper (const TesseraImage *contours, TesseraImage *interior,
                     const TesseraFillContours *params, TesseraExec *exec)
{
  int threads = tessera_exec_threads (exec);
  _Atomic uint32_t *labels = paper_labels_alloc (contours);
  uint8_t *value = NULL;
  uint32_t label_count;
  TesseraStatus status = TESSERA_ERROR_OUT_OF_MEMORY;

  if (labels != NULL)
    status = fill_contours_paper_stage (contours, params->connectivity,
                                        fill_contours_paper_seeds (params),
                                        threads, labels, &value,
                                        &label_count);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.8))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    paper_invert (labels, value, interior, threads);
  free (value);
  free (labels);
  return status;
}
