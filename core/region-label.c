/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the connected sets of free pixels, numbered (see
 * fill-regions-private.h).  The union-find over runs of FAST in
 * fill-contours-fast.c (run-forest.h), but it keeps every set apart:
 * strips of rows on their own threads, the seams united on one thread, the
 * union with the smaller node as root, so that the roots in node order are
 * the sets in the raster order of their first pixel. */
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"
#include "run-forest.h"

static void
strip_runs (const RunStrip *strip, RunForest *forest, const uint8_t *blocked,
            int width, int slack)
{
  uint32_t node = strip->first;

  for (int y = strip->y0; y < strip->y1; y++)
    {
      const uint8_t *row = blocked + (size_t) y * width;

      forest->row_first[y] = node;
      for (int x = next_free (row, 0, width); x < width;
           x = next_free (row, x, width))
        {
          int end = next_nonzero (row, x, width);
          forest->runs[node] = (Run) { x, end };
          forest->parent[node] = node;
          node++;
          x = end;
        }
      forest->row_end[y] = node;
      if (y > strip->y0)
        run_forest_unite_rows (forest, slack, y);
    }
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
number_sets (RunForest *forest, uint32_t *number, int width, int height,
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
        uint32_t root = find_root (forest->parent, n);

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
strip_write (const RunStrip *strip, const RunForest *forest,
             const uint32_t *number, int width, uint32_t *label)
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
  int count = run_strip_count (threads, height);
  RunStrip *strips = malloc ((size_t) count * sizeof *strips);
  RunForest forest;
  uint32_t *number = NULL;
  bool ok;

  memset (sets, 0, sizeof *sets);
  if (strips == NULL
      || !run_forest_new (&forest, strips, count, width, height, 0))
    {
      free (strips);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; i++)
    strip_runs (&strips[i], &forest, blocked, width, slack);
  for (int i = 1; i < count; i++)
    run_forest_unite_rows (&forest, slack, strips[i].y0);

  /* The numbers share the runs' reserved node range. */
  number = malloc (forest.nodes * sizeof *number + 1);
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
  run_forest_free (&forest);
  free (strips);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
