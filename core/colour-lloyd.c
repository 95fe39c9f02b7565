/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <string.h>
#include "colour-lloyd.h"

/* Per class: pixels, then the three coordinate sums. */
#define SUM_FIELDS 4

/* The classes' sums: integers, so the same in any order of adding. */
static void
class_sums (const int32_t (*points)[3], const uint32_t *weights, size_t n,
            int k, const uint32_t *label, int64_t *sums, int threads)
{
  const size_t n_sums = (size_t) k * SUM_FIELDS;

  memset (sums, 0, sizeof *sums * n_sums);
  #pragma omp parallel for schedule (static) num_threads (threads) \
    reduction (+:sums[:n_sums])
  for (size_t i = 0; i < n; i++)
    {
      int64_t *c = sums + (size_t) label[i] * SUM_FIELDS;
      c[0] += weights[i];
      for (int ch = 0; ch < 3; ch++)
        c[1 + ch] += (int64_t) weights[i] * points[i][ch];
    }
}

static uint32_t
nearest (const int32_t *p, const double (*centre)[3], int k)
{
  uint32_t best = 0;
  double best_d2 = 0.0;

  for (int c = 0; c < k; c++)
    {
      double dx = p[0] - centre[c][0], dy = p[1] - centre[c][1];
      double dz = p[2] - centre[c][2];
      double d2 = (dx * dx + dy * dy) + dz * dz;
      if (c == 0 || d2 < best_d2)
        {
          best_d2 = d2;
          best = (uint32_t) c;
        }
    }
  return best;
}

TesseraStatus
tessera_colour_lloyd (const int32_t (*points)[3], const uint32_t *weights,
                      size_t n, int k, int max_iterations, uint32_t *label,
                      int *iterations, const TesseraExec *exec)
{
  const int threads = tessera_exec_threads (exec);
  int64_t *sums = malloc (sizeof *sums * (size_t) k * SUM_FIELDS);
  double (*centre)[3] = malloc (sizeof *centre * (size_t) k + 1);
  int done = 0;

  if (sums == NULL || centre == NULL)
    {
      free (sums);
      free (centre);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  for (; done < max_iterations; done++)
    {
      size_t moved = 0;

      class_sums (points, weights, n, k, label, sums, threads);
      for (int c = 0; c < k; c++)
        if (sums[SUM_FIELDS * c] > 0)
          for (int ch = 0; ch < 3; ch++)
            centre[c][ch] = (double) sums[SUM_FIELDS * c + 1 + ch]
                            / (double) sums[SUM_FIELDS * c];
      #pragma omp parallel for schedule (static) reduction (+:moved) \
        num_threads (threads)
      for (size_t i = 0; i < n; i++)
        {
          uint32_t c = nearest (points[i], (const double (*)[3]) centre, k);
          moved += c != label[i];
          label[i] = c;
        }
      if (moved == 0)
        break;
    }
  if (iterations != NULL)
    *iterations = done;
  free (sums);
  free (centre);
  return TESSERA_OK;
}
