/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale morphological reconstruction on the CPU: the parallel
 * strips method.  Each strip runs to its own fixed point with its halo rows
 * held fixed, then the strips swap border rows, and those whose halo rose
 * run their queue again, until no border row changes (reconstruct.c says
 * why the result is exact). */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "reconstruct-private.h"


/* Progress goes through the calling thread only, which OpenMP makes
 * thread 0 of every parallel region; the other threads read the flag. */
bool
reconstruct_run_going (Run *run, double fraction)
{
#ifdef _OPENMP
  if (omp_get_thread_num () == 0)
#endif
    if (!tessera_exec_progress (run->exec,
                                run->done + run->share * fraction))
      atomic_store (&run->cancelled, true);
  return !atomic_load_explicit (&run->cancelled, memory_order_relaxed);
}

/* One strip per thread for PARALLEL, one for HYBRID; and always enough
 * that a strip's buffers can be indexed with 32 bits. */
int
reconstruct_count_strips (const TesseraImage *mask, TesseraReconstructMethod method,
              int threads)
{
  size_t pitch = (size_t) mask->width + 2;
  int    max_rows = (int) MIN ((size_t) UINT32_MAX / pitch - 2,
                               (size_t) TESSERA_MAX_SIDE);
  int    wanted = method == TESSERA_RECONSTRUCT_METHOD_HYBRID ? 1 : threads;
  int    needed = (mask->height + max_rows - 1) / max_rows;

  return MIN (MAX (wanted, needed), mask->height);
}

void
reconstruct_strips_free (Strip *strips, int n_strips)
{
  for (int s = 0; s < n_strips; s++)
    {
      free (strips[s].out);
      free (strips[s].mask);
      free (strips[s].queue.items);
      free (strips[s].scratch);
      free (strips[s].raised);
    }
  free (strips);
}

Strip *
reconstruct_strips_new (const TesseraImage *mask, int n_strips, size_t key_size)
{
  Strip *strips = aligned_alloc (_Alignof (Strip),
                                 (size_t) n_strips * sizeof (Strip));

  if (strips == NULL)
    return NULL;
  memset (strips, 0, (size_t) n_strips * sizeof (Strip));
  for (int s = 0; s < n_strips; s++)
    {
      Strip *strip = &strips[s];
      int    y1 = (int) ((int64_t) mask->height * (s + 1) / n_strips);
      size_t samples;

      strip->y0 = (int) ((int64_t) mask->height * s / n_strips);
      strip->rows = y1 - strip->y0;
      strip->width = mask->width;
      strip->pitch = (size_t) mask->width + 2;
      samples = (size_t) (strip->rows + 2) * strip->pitch;
      strip->out = malloc (samples * key_size);
      strip->mask = malloc (samples * key_size);
      strip->scratch = malloc ((size_t) mask->width);
      strip->raised = malloc (2 * (size_t) mask->width * sizeof (uint32_t));
      if (strip->out == NULL || strip->mask == NULL || strip->scratch == NULL
          || strip->raised == NULL)
        {
          reconstruct_strips_free (strips, n_strips);
          return NULL;
        }
    }
  return strips;
}

/* Round one: every strip to its own fixed point under its first halo. */
static void
run_strips (Run *run, const KeySteps *steps)
{
  #pragma omp parallel for num_threads (run->threads) schedule (static, 1)
  for (int s = 0; s < run->n_strips; s++)
    {
      Strip *strip = &run->strips[s];

      for (int r = 0; r <= strip->rows + 1; r++)
        steps->load_row (run, strip, r);
      steps->raster (run, strip);
      if (reconstruct_run_going (run, 0.2))
        steps->anti_raster (run, strip);
      if (strip->status == TESSERA_OK && reconstruct_run_going (run, 0.35))
        steps->propagate (run, strip);
    }
}

/* Gives each strip its neighbours' border rows; true if a halo row rose. */
static bool
exchange_halos (Run *run, const KeySteps *steps)
{
  bool rose = false;

  #pragma omp parallel for num_threads (run->threads) schedule (static, 1) \
          reduction (|| : rose)
  for (int s = 0; s < run->n_strips; s++)
    {
      Strip *strip = &run->strips[s];

      if (s > 0)
        steps->exchange_row (strip, 0, &run->strips[s - 1],
                             run->strips[s - 1].rows);
      if (s + 1 < run->n_strips)
        steps->exchange_row (strip, strip->rows + 1, &run->strips[s + 1], 1);
      rose = rose || strip->n_raised > 0;
    }
  return rose;
}

static void
rerun_strips (Run *run, const KeySteps *steps)
{
  #pragma omp parallel for num_threads (run->threads) schedule (static, 1)
  for (int s = 0; s < run->n_strips; s++)
    {
      Strip *strip = &run->strips[s];

      steps->seed (run, strip);
      if (strip->status == TESSERA_OK)
        steps->propagate (run, strip);
    }
}

static TesseraStatus
run_status (Run *run)
{
  for (int s = 0; s < run->n_strips; s++)
    if (run->strips[s].status != TESSERA_OK)
      return run->strips[s].status;
  if (atomic_load (&run->cancelled))
    return TESSERA_ERROR_CANCELLED;
  return TESSERA_OK;
}

TesseraStatus
reconstruct_channel (Run *run, const KeySteps *steps)
{
  TesseraStatus status;

  run_strips (run, steps);
  while ((status = run_status (run)) == TESSERA_OK
         && exchange_halos (run, steps))
    rerun_strips (run, steps);
  if (status != TESSERA_OK)
    return status;

  #pragma omp parallel for num_threads (run->threads) schedule (static, 1)
  for (int s = 0; s < run->n_strips; s++)
    for (int r = 1; r <= run->strips[s].rows; r++)
      steps->store_row (run, &run->strips[s], r);
  return TESSERA_OK;
}

