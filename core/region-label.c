/* Tessera — the connected sets of free pixels, numbered (see
 * fill-regions-private.h).  The same union-find over runs as FAST in
 * fill-contours.c, but it keeps every set apart: strips of rows on their
 * own threads, the seams united on one thread, the union with the smaller
 * node as root, so that the roots in node order are the sets in the
 * raster order of their first pixel. */
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"

typedef struct
{
  int32_t x0, x1;   /* free pixels [x0, x1) of one row */
} Run;

typedef struct
{
  int      y0, y1;
  uint32_t first;   /* the strip's first node */
} Strip;

typedef struct
{
  Run      *runs;
  uint32_t *parent;
  uint32_t *row_first;
  uint32_t *row_end;
} Forest;

static inline uint32_t
root_of (uint32_t *parent, uint32_t node)
{
  while (parent[node] != node)
    {
      parent[node] = parent[parent[node]];
      node = parent[node];
    }
  return node;
}

static inline void
unite (uint32_t *parent, uint32_t a, uint32_t b)
{
  a = root_of (parent, a);
  b = root_of (parent, b);
  if (a < b)
    parent[b] = a;
  else if (b < a)
    parent[a] = b;
}

static void
unite_rows (const Forest *forest, int slack, int y)
{
  uint32_t i = forest->row_first[y - 1], i_end = forest->row_end[y - 1];
  uint32_t j = forest->row_first[y], j_end = forest->row_end[y];
  const Run *runs = forest->runs;

  while (i < i_end && j < j_end)
    {
      if (runs[i].x1 + slack <= runs[j].x0)
        i++;
      else if (runs[j].x1 + slack <= runs[i].x0)
        j++;
      else
        {
          unite (forest->parent, i, j);
          if (runs[i].x1 < runs[j].x1)
            i++;
          else
            j++;
        }
    }
}

static void
strip_runs (const Strip *strip, Forest *forest, const uint8_t *blocked,
            int width, int slack)
{
  uint32_t node = strip->first;

  for (int y = strip->y0; y < strip->y1; y++)
    {
      const uint8_t *row = blocked + (size_t) y * width;

      forest->row_first[y] = node;
      for (int x = 0; x < width; x++)
        if (row[x] == 0)
          {
            int end = x + 1;
            while (end < width && row[end] == 0)
              end++;
            forest->runs[node] = (Run) { x, end };
            forest->parent[node] = node;
            node++;
            x = end;
          }
      forest->row_end[y] = node;
      if (y > strip->y0)
        unite_rows (forest, slack, y);
    }
}

static void
forest_free (Forest *forest)
{
  free (forest->runs);
  free (forest->parent);
  free (forest->row_first);
  free (forest->row_end);
}

static bool
forest_new (Forest *forest, Strip *strips, int count, int width, int height)
{
  uint64_t per_row = (uint64_t) width / 2 + 1, nodes = 0;

  for (int i = 0; i < count; i++)
    {
      strips[i].y0 = (int) ((int64_t) height * i / count);
      strips[i].y1 = (int) ((int64_t) height * (i + 1) / count);
      strips[i].first = (uint32_t) nodes;
      nodes += per_row * (uint64_t) (strips[i].y1 - strips[i].y0);
      if (nodes >= UINT32_MAX || nodes > SIZE_MAX / sizeof (Run))
        return false;
    }
  forest->runs = malloc (nodes * sizeof *forest->runs + 1);
  forest->parent = malloc (nodes * sizeof *forest->parent + 1);
  forest->row_first = malloc ((size_t) height * sizeof (uint32_t));
  forest->row_end = malloc ((size_t) height * sizeof (uint32_t));
  if (forest->runs == NULL || forest->parent == NULL
      || forest->row_first == NULL || forest->row_end == NULL)
    {
      forest_free (forest);
      return false;
    }
  return true;
}

/* Grows the arrays of SETS to hold set number COUNT. */
static bool
sets_reserve (RegionSets *sets, size_t *capacity, uint32_t count)
{
  size_t more;
  uint8_t *sides;
  uint64_t *area;

  if (count < *capacity)
    return true;
  more = 2 * *capacity;
  sides = realloc (sets->sides, more);
  if (sides == NULL)
    return false;
  sets->sides = sides;
  area = realloc (sets->area, more * sizeof *area);
  if (area == NULL)
    return false;
  sets->area = area;
  memset (sets->sides + *capacity, 0, more - *capacity);
  memset (sets->area + *capacity, 0, (more - *capacity) * sizeof *area);
  *capacity = more;
  return true;
}

/* NUMBER (by node) gets the set number of each run: the roots in node
 * order, which is the raster order of their first pixel; SETS gets each
 * set's sides and area. */
static bool
number_sets (Forest *forest, uint32_t *number, int width, int height,
             RegionSets *sets)
{
  size_t capacity = 1024;
  uint32_t count = 0;

  sets->sides = calloc (capacity, 1);
  sets->area = calloc (capacity, sizeof *sets->area);
  if (sets->sides == NULL || sets->area == NULL)
    return false;
  for (int y = 0; y < height; y++)
    for (uint32_t n = forest->row_first[y]; n < forest->row_end[y]; n++)
      {
        const Run *run = &forest->runs[n];
        uint32_t root = root_of (forest->parent, n);

        /* A root comes before the rest of its set, so it has its number. */
        if (root == n)
          {
            if (!sets_reserve (sets, &capacity, count + 1))
              return false;
            number[n] = ++count;
          }
        else
          number[n] = number[root];
        sets->sides[number[n]] |= (run->x0 == 0 ? REGION_LEFT : 0)
                                  | (run->x1 == width ? REGION_RIGHT : 0)
                                  | (y == 0 ? REGION_TOP : 0)
                                  | (y == height - 1 ? REGION_BOTTOM : 0);
        sets->area[number[n]] += (uint64_t) (run->x1 - run->x0);
      }
  sets->count = count;
  return true;
}

static void
strip_write (const Strip *strip, const Forest *forest, const uint32_t *number,
             int width, uint32_t *label)
{
  for (int y = strip->y0; y < strip->y1; y++)
    {
      uint32_t *out = label + (size_t) y * width;
      int x = 0;

      for (uint32_t n = forest->row_first[y]; n < forest->row_end[y]; n++)
        {
          const Run *run = &forest->runs[n];
          for (; x < run->x0; x++)
            out[x] = 0;
          for (; x < run->x1; x++)
            out[x] = number[n];
        }
      for (; x < width; x++)
        out[x] = 0;
    }
}

void
region_sets_free (RegionSets *sets)
{
  free (sets->sides);
  free (sets->area);
  sets->sides = NULL;
  sets->area = NULL;
  sets->count = 0;
}

TesseraStatus
region_label (const uint8_t *blocked, int width, int height, int connectivity,
              int threads, uint32_t *label, RegionSets *sets)
{
  int slack = connectivity == 8;
  int count = 4 * threads < height ? 4 * threads : height;
  Strip *strips = malloc ((size_t) count * sizeof *strips);
  Forest forest = { NULL, NULL, NULL, NULL };
  uint32_t *number = NULL;
  bool ok;

  memset (sets, 0, sizeof *sets);
  if (strips == NULL || !forest_new (&forest, strips, count, width, height))
    {
      free (strips);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; i++)
    strip_runs (&strips[i], &forest, blocked, width, slack);
  for (int i = 1; i < count; i++)
    unite_rows (&forest, slack, strips[i].y0);

  /* The numbers share the runs' reserved node range. */
  number = malloc (((size_t) strips[count - 1].first
                    + (size_t) ((uint64_t) width / 2 + 1)
                      * (size_t) (strips[count - 1].y1 - strips[count - 1].y0))
                   * sizeof *number + 1);
  ok = number != NULL && number_sets (&forest, number, width, height, sets);
  if (ok)
    {
      #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
      for (int i = 0; i < count; i++)
        strip_write (&strips[i], &forest, number, width, label);
    }
  else
    region_sets_free (sets);
  free (number);
  forest_free (&forest);
  free (strips);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
