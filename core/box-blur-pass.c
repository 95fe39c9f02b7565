/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU: the threads' row buffers, and one pass
 * over the image in bands of rows, taken as threads come free. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "box-blur-private.h"

static size_t
round_up (size_t n, size_t multiple)
{
  return (n + multiple - 1) / multiple * multiple;
}

/* The next piece of BYTES in a block at BASE of which USED bytes are
   taken; NULL while only measuring. */
static void *
carve (uint8_t *base, size_t *used, size_t bytes)
{
  void *piece = base != NULL ? base + *used : NULL;
  *used += round_up (bytes, 64);
  return piece;
}

/* Lays WORKSPACE out from BASE (or just measures it) and returns its size.
   Row buffers have a chunk of slack past their end for the vector loops. */
static size_t
lay_out (const BlurPass *pass, Workspace *workspace, uint8_t *base)
{
  size_t used = 0, slack = 16;
  size_t padded = ((size_t) pass->width + 2 * (size_t) pass->reach)
                  * pass->lanes;
  size_t rounded = round_up (pass->samples, 16) + slack;
  size_t spread_bytes = ((size_t) pass->width * 4 + slack)
                        * sample_bytes (pass->type);

  memset (workspace, 0, sizeof *workspace);
  if (pass->kind == SUMS_FLOAT)
    {
      workspace->columns = carve (base, &used,
                                  (padded + slack) * sizeof (double));
      workspace->running = carve (base, &used, (padded + pass->lanes + slack)
                                                  * sizeof (double));
      workspace->suffixes = carve (base, &used,
                                   (padded + slack) * sizeof (double));
      for (int i = 0; i < 3; i++)
        workspace->block[i] = carve (base, &used,
                                     rounded * sizeof (double));
    }
  else
    {
      size_t running_size = pass->kind == SUMS_INTEGER ? sizeof (uint64_t)
#ifdef __SIZEOF_INT128__
                                                       : sizeof (u128);
#else
                                                       : 0;
#endif
      workspace->columns = carve (base, &used, rounded
                                  * (pass->wide_columns ? 8 : 4));
      workspace->running = carve (base, &used, (padded + pass->lanes + slack)
                                                  * running_size);
    }
  if (pass->lanes != pass->channels)
    {
      workspace->spread[0] = carve (base, &used, spread_bytes);
      workspace->spread[1] = carve (base, &used, spread_bytes);
      workspace->out = carve (base, &used, spread_bytes);
    }
  return used;
}

/* COUNT workspaces in one block (zeroed, so that junk lanes are never
   uninitialised), or NULL. */
Workspace *
box_blur_workspaces_new (const BlurPass *pass, int count)
{
  Workspace measure, *workspaces;
  size_t each = lay_out (pass, &measure, NULL);
  size_t header = round_up (count * sizeof (Workspace), 64);
  uint8_t *memory;

  if (each > (SIZE_MAX - header) / count)
    return NULL;
  memory = aligned_alloc (64, header + each * count);
  if (memory == NULL)
    return NULL;
  memset (memory, 0, header + each * count);
  workspaces = (Workspace *) memory;
  for (int i = 0; i < count; i++)
    lay_out (pass, &workspaces[i], memory + header + each * i);
  return workspaces;
}

/* The first row of band B of BANDS.  Every band first sums the window of
   its first row: ry+1 rows for the first and the last band (half of it is
   clamped), 2ry+1 for the others, each about a third of the work of an
   output row (measured).  Bands share that work out, so that a large radius
   does not leave threads waiting for one. */
static int
band_start (const BlurPass *pass, int b, int bands)
{
  const double start_cost = 0.3;
  double height = pass->height;
  double edge = MIN (pass->ry + 1.0, height);
  double middle = MIN (2.0 * pass->ry + 1, height);
  double starts = bands == 1 ? edge : 2 * edge + (bands - 2) * middle;
  double share = (height + start_cost * starts) / bands;

  if (b == 0 || share - start_cost * middle < 1)
    return (int) ((int64_t) pass->height * b / bands);
  if (b == bands)
    return pass->height;
  return (int) (b * share - start_cost * (edge + (b - 1) * middle) + 0.5);
}

/* How many bands: a few per thread, so that one thread held up (by another
   process, say) leaves the others work to take over, as long as each band
   is at least eight windows tall, which keeps the cost of summing their
   first windows under a few percent. */
static int
band_count (const BlurPass *pass, int threads)
{
  int64_t per_thread = pass->height
                       / ((int64_t) threads * 8 * (2 * (int64_t) pass->ry + 1));
  int bands = threads * (int) (per_thread < 1 ? 1 : MIN (per_thread, 8));
  return MIN (bands, pass->height);
}

TesseraStatus
box_blur_run_pass (const BlurPass *pass, Workspace *workspaces, int threads,
                   Progress *progress)
{
  int bands = band_count (pass, threads);

  progress->rows_done = 0;
#pragma omp parallel num_threads (threads)
  {
    int thread = 0;
#ifdef _OPENMP
    thread = omp_get_thread_num ();
#endif
#pragma omp for schedule (dynamic, 1)
    for (int b = 0; b < bands; b++)
      {
        Band band = { band_start (pass, b, bands),
                      band_start (pass, b + 1, bands),
                      b == bands - 1 && bands > 1 ? -1 : 1, thread == 0 };
        int cancelled;
#pragma omp atomic read
        cancelled = progress->cancelled;
        if (cancelled || band.first == band.end)
          continue;
        if (pass->kind == SUMS_FLOAT)
          box_blur_band_float (pass, &workspaces[thread], &band, progress);
        else
          box_blur_band_int (pass, &workspaces[thread], &band, progress);
      }
  }
  if (progress->cancelled
      || !tessera_exec_progress (progress->exec,
                                 (progress->pass + 1.0) / progress->passes))
    return TESSERA_ERROR_CANCELLED;
  return TESSERA_OK;
}
