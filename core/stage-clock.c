/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the step clock of stage-clock.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "stage-clock.h"

static _Thread_local double last_ms;

int
tessera_stage_enabled (void)
{
  /* Read once: the environment does not change under a running bench. */
  static int state = -1;
  if (state < 0)
    state = getenv ("TESSERA_STAGE_TIMES") != NULL;
  return state;
}

static double
now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

void
tessera_stage_start (void)
{
  if (tessera_stage_enabled ())
    last_ms = now_ms ();
}

void
tessera_stage_mark (const char *name)
{
  double t;

  if (!tessera_stage_enabled ())
    return;
  t = now_ms ();
  fprintf (stderr, "stage %s: %.3f ms\n", name, t - last_ms);
  last_ms = t;
}
