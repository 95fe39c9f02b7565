/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — timing on the CPU: the wall clock, medians. */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include "status.h"

typedef TesseraStatus (*BenchRunFunc) (void *arg);

typedef struct
{
  double median_ms;
  double min_ms;
} BenchTiming;

/* Milliseconds on the monotonic clock, from an arbitrary start. */
double        bench_clock_ms (void);

/* The median of COUNT values (sorts VALUES). */
double        bench_median   (double *values, int count);

/* Runs FN (ARG) WARMUP times untimed, then REPEAT times timed by the wall
 * clock; stops at the first failure and returns it. */
TesseraStatus bench_time_wall (BenchRunFunc fn, void *arg, int warmup,
                               int repeat, BenchTiming *timing);

#endif
