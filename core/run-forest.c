/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — runs of free pixels as a union-find forest (run-forest.h). */
#include <stdlib.h>
#include "run-forest.h"

void
run_forest_free (RunForest *forest)
{
  free (forest->runs);
  free (forest->parent);
  free (forest->row_first);
  free (forest->row_end);
  forest->runs = NULL;
  forest->parent = forest->row_first = forest->row_end = NULL;
}

bool
run_forest_new (RunForest *forest, RunStrip *strips, int count, int width,
                int height, int extra)
{
  uint64_t runs_per_row = (uint64_t) width / 2 + 1, nodes = 0;

  memset (forest, 0, sizeof *forest);
  for (int i = 0; i < count; i++)
    {
      strips[i].y0 = (int) ((int64_t) height * i / count);
      strips[i].y1 = (int) ((int64_t) height * (i + 1) / count);
      strips[i].first = (uint32_t) nodes;
      nodes += (uint64_t) extra
               + runs_per_row * (uint64_t) (strips[i].y1 - strips[i].y0);
      if (nodes >= UINT32_MAX || nodes > SIZE_MAX / sizeof (Run))
        return false;
    }
  forest->nodes = (size_t) nodes;
  forest->runs = malloc (nodes * sizeof *forest->runs + 1);
  forest->parent = malloc (nodes * sizeof *forest->parent + 1);
  forest->row_first = malloc ((size_t) height * sizeof *forest->row_first);
  forest->row_end = malloc ((size_t) height * sizeof *forest->row_end);
  if (forest->runs == NULL || forest->parent == NULL
      || forest->row_first == NULL || forest->row_end == NULL)
    {
      run_forest_free (forest);
      return false;
    }
  return true;
}

void
run_forest_unite_rows (const RunForest *forest, int slack, int y)
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
