/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU: what a band of rows does with rows,
 * for the integer and the float bands alike (private to box-blur-int.c and
 * box-blur-float.c, which must inline it: see box-blur-private.h). */
#ifndef TESSERA_BOX_BLUR_BAND_H
#define TESSERA_BOX_BLUR_BAND_H

#include "box-blur-private.h"

/* The CHUNK samples of SIZE bytes from AT in ROW of N samples; near the end
   of the row, a zero-padded copy in TAIL, so nothing past the row is read. */
static ALWAYS_INLINE const void *
chunk_at (const void *row, size_t at, size_t n, size_t size, size_t chunk,
          void *tail)
{
  const uint8_t *samples = (const uint8_t *) row + at * size;
  if (at + chunk <= n)
    return samples;
  memset (tail, 0, chunk * size);
  memcpy (tail, samples, (n - at) * size);
  return tail;
}

/* ---- rows in and out ------------------------------------------------------ */

/* Two colours and alpha spread to four lanes, c0 c1 0 a, and back; SIZE is
   the sample size, a constant once inlined. */
static ALWAYS_INLINE void
spread_sized (uint8_t *to, const uint8_t *from, int width, size_t size)
{
  for (int x = 0; x < width; x++, to += 4 * size, from += 3 * size)
    {
      memcpy (to, from, 2 * size);
      memset (to + 2 * size, 0, size);
      memcpy (to + 3 * size, from + 2 * size, size);
    }
}

static ALWAYS_INLINE void
pack_sized (uint8_t *to, const uint8_t *from, int width, size_t size)
{
  for (int x = 0; x < width; x++, to += 3 * size, from += 4 * size)
    {
      memcpy (to, from, 2 * size);
      memcpy (to + 2 * size, from + 3 * size, size);
    }
}

static void
spread_row (uint8_t *to, const uint8_t *from, int width, size_t size)
{
  switch (size)
    {
    case 1: spread_sized (to, from, width, 1); break;
    case 2: spread_sized (to, from, width, 2); break;
    default: spread_sized (to, from, width, 4); break;
    }
}

static void
pack_row (uint8_t *to, const uint8_t *from, int width, size_t size)
{
  switch (size)
    {
    case 1: pack_sized (to, from, width, 1); break;
    case 2: pack_sized (to, from, width, 2); break;
    default: pack_sized (to, from, width, 4); break;
    }
}

static int
clamp_row (int y, int height)
{
  return y < 0 ? 0 : y < height ? y : height - 1;
}

/* How often row Y stands in the window [FIRST, LAST] once clamped. */
static uint64_t
times_in_window (int y, int first, int last, int height)
{
  int from = y == 0 ? first : y, to = y == height - 1 ? last : y;
  return (uint64_t) (to - from + 1);
}

/* The source row after Y going STEP, to prefetch. */
static const void *
next_row (const BlurPass *pass, int y, int step)
{
  return tessera_image_row (pass->src, clamp_row (y + step, pass->height));
}

static const void *
source_row (const BlurPass *pass, Workspace *workspace, int y, int slot)
{
  const void *row = tessera_image_row (pass->src, clamp_row (y, pass->height));
  if (pass->lanes == pass->channels)
    return row;
  spread_row (workspace->spread[slot], row, pass->width,
              sample_bytes (pass->type));
  return workspace->spread[slot];
}

static void *
output_row (const BlurPass *pass, Workspace *workspace, int y)
{
  if (pass->lanes == pass->channels)
    return tessera_image_row (pass->dst, y);
  return workspace->out;
}

static void
finish_row (const BlurPass *pass, Workspace *workspace, int y)
{
  if (pass->lanes != pass->channels)
    pack_row (tessera_image_row (pass->dst, y), workspace->out, pass->width,
              sample_bytes (pass->type));
}

static int
band_rows (const Band *band)
{
  return band->end - band->first;
}

/* The band's first row in its own order. */
static int
band_origin (const Band *band)
{
  return band->step > 0 ? band->first : band->end - 1;
}

/* After DONE rows of the band: counts them now and then, reports progress
   from the caller's thread, and says whether to go on. */
static bool
keep_going (const BlurPass *pass, Progress *progress, const Band *band,
            int done)
{
  int cancelled, rows_done, rows = done % ROWS_PER_POLL;

  if (rows != 0 && done != band_rows (band))
    return true;
  rows = rows == 0 ? ROWS_PER_POLL : rows;
#pragma omp atomic capture
  rows_done = progress->rows_done += rows;
  if (band->reports)
    {
      double fraction = (progress->pass + (double) rows_done / pass->height)
                        / progress->passes;
      if (!tessera_exec_progress (progress->exec, MIN (fraction, 1.0)))
        {
#pragma omp atomic write
          progress->cancelled = 1;
        }
    }
#pragma omp atomic read
  cancelled = progress->cancelled;
  return !cancelled;
}

/* Calls ADD (Y, TIMES) for each row of the window around the band's first
   row, in the band's order, once per row with how often it stands in the
   window (the clamped edge rows stand many times). */
#define FOR_FIRST_WINDOW(pass, band, add)                                   \
  do {                                                                      \
    int origin_ = band_origin (band), step_ = (band)->step;                 \
    int top_ = origin_ - (pass)->ry, bottom_ = origin_ + (pass)->ry;        \
    int from_ = clamp_row (step_ > 0 ? top_ : bottom_, (pass)->height);     \
    int to_ = clamp_row (step_ > 0 ? bottom_ : top_, (pass)->height);       \
    for (int y_ = from_;; y_ += step_)                                      \
      {                                                                     \
        add (y_, times_in_window (y_, top_, bottom_, (pass)->height));      \
        if (y_ == to_)                                                      \
          break;                                                            \
      }                                                                     \
  } while (0)

#endif
