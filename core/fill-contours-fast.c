/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours, FAST (fill-contours-private.h):
 * union-find over runs of free pixels (run-forest.h).
 *
 * The image is cut into strips of rows.  Each strip, on its own thread,
 * lists its rows' runs of free pixels and unites each run with the runs it
 * touches in the row above; its first node stands for the outside, and
 * runs on the image border are born in its set.  Then, on one thread, the
 * strips' seams are united, and all the outside nodes; each run is inside
 * unless its root is node 0, the first strip's outside, which as the
 * smallest number is always the root of its set.  Work follows the number
 * of runs, not of pixels; a pixel is read once and written once.  Two
 * parallel regions and nothing else to wait for matter on a loaded
 * machine, where every join waits for a parked thread. */
#include <string.h>
#include "fill-contours-private.h"
#include "run-forest.h"

static void
strip_label (const RunStrip *strip, RunForest *forest,
             const TesseraImage *contours, int slack)
{
  int width = contours->width, height = contours->height;
  uint32_t outside = strip->first, node = outside;

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
          int end = next_nonzero (row, x, width);
          forest->runs[node] = (Run) { x, end };
          forest->parent[node] = border_row || x == 0 || end == width
                                 ? outside : node;
          node++;
          x = end;
        }
      forest->row_end[y] = node;
      if (y > strip->y0)
        run_forest_unite_rows (forest, slack, y);
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

TesseraStatus
fill_contours_fast (const TesseraImage *contours, TesseraImage *interior,
                    int connectivity, TesseraExec *exec)
{
  int threads = tessera_exec_threads (exec);
  int slack = connectivity == 8;
  int count = run_strip_count (threads, contours->height);
  RunStrip *strips = malloc ((size_t) count * sizeof *strips);
  RunForest forest;

  /* One node before each strip's runs: its outside. */
  if (strips == NULL
      || !run_forest_new (&forest, strips, count, contours->width,
                          contours->height, 1))
    {
      free (strips);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }

  #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; i++)
    strip_label (&strips[i], &forest, contours, slack);

  if (!tessera_exec_progress (exec, 0.5))
    {
      run_forest_free (&forest);
      free (strips);
      return TESSERA_ERROR_CANCELLED;
    }
  for (int i = 1; i < count; i++)
    {
      unite (forest.parent, strips[i - 1].first, strips[i].first);
      run_forest_unite_rows (&forest, slack, strips[i].y0);
    }

  #pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; i++)
    strip_write (&strips[i], &forest, interior);

  run_forest_free (&forest);
  free (strips);
  return TESSERA_OK;
}
