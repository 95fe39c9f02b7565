/* SPDX-License-Identifier: GPL-3.0-or-later */
/* clock_gettime is POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>
#include "timing.h"

double
bench_clock_ms (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec * 1e-6;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

double
bench_median (double *values, int count)
{
  qsort (values, (size_t) count, sizeof *values, compare_doubles);
  if (count % 2 == 1)
    return values[count / 2];
  return 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

TesseraStatus
bench_time_wall (BenchRunFunc fn, void *arg, int warmup, int repeat,
                 BenchTiming *timing)
{
  double *times = malloc ((size_t) repeat * sizeof *times);
  TesseraStatus status = TESSERA_OK;

  if (times == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (int i = 0; i < warmup && status == TESSERA_OK; i++)
    status = fn (arg);
  for (int i = 0; i < repeat && status == TESSERA_OK; i++)
    {
      double start = bench_clock_ms ();
      status = fn (arg);
      times[i] = bench_clock_ms () - start;
    }
  if (status == TESSERA_OK)
    {
      timing->median_ms = bench_median (times, repeat);
      timing->min_ms = times[0];   /* sorted by bench_median */
    }
  free (times);
  return status;
}
