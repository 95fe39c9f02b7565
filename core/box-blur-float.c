/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU: one band of rows with float samples,
 * summed in doubles in blocks; box-blur.c has the method and the bound. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur-private.h"
#include "box-blur-band.h"
#include "simd.h"

/* ---- weighing: samples as summands ------------------------------------- */

/* Lanes that hold a colour (all bits set) rather than alpha, with alpha the
   last of every ALPHA_LANES (2 or 4) lanes. */
static ALWAYS_INLINE i64x4
colour_lanes (int alpha_lanes)
{
  return alpha_lanes == 2 ? (i64x4) { -1, 0, -1, 0 }
                          : (i64x4) { -1, -1, -1, 0 };
}

/* The alpha of each lane's pixel. */
static ALWAYS_INLINE f64x4
pixel_alpha (const f64x4 *samples, int alpha_lanes)
{
  return alpha_lanes == 2 ? __builtin_shufflevector (*samples, *samples,
                                                     1, 1, 3, 3)
                          : __builtin_shufflevector (*samples, *samples,
                                                     3, 3, 3, 3);
}

/* Where MASK is set, A, else B. */
#define SELECT_F64(mask, a, b) \
  ((f64x4) (((i64x4) (a) & (mask)) | ((i64x4) (b) & ~(mask))))

/* Four float samples as double summands: products of two floats are exact
   in a double. */
static ALWAYS_INLINE f64x4
weigh_float (const float *samples, int alpha_lanes)
{
  f64x4 x = __builtin_convertvector (LOAD (f32x4, samples), f64x4);
  if (alpha_lanes == 0)
    return x;
  return x * SELECT_F64 (colour_lanes (alpha_lanes),
                         pixel_alpha (&x, alpha_lanes),
                         ((f64x4) { 1, 1, 1, 1 }));
}

/* ---- float column sums: blocks of 2ry+1 rows ------------------------------
   BLOCK[TOTAL] is the sum of the block of rows that the window is leaving,
   BLOCK[LEAVING] the part of it already left, BLOCK[ENTERING] the part of
   the next block already entered; the window is TOTAL - LEAVING + ENTERING.
   LEAVING repeats the additions that formed TOTAL, so when the rest of the
   block is zero it cancels TOTAL exactly.  (The first block took its
   clamped edge rows as one product, which repeated additions match exactly
   for sums of floats and of alphas, 24-bit numbers: a transparent window
   still has alpha 0, hence colour 0.) */

enum { TOTAL, LEAVING, ENTERING };

static ALWAYS_INLINE void
add_row_float (const BlurPass *pass, double *sums, const float *row,
               double times, const void *next, int alpha_lanes)
{
  size_t n = pass->samples;
  float tail[4];
  for (size_t at = 0; at < n; at += 4)
    {
      if (at % 16 == 0)
        __builtin_prefetch ((const float *) next + at);
      STORE (sums + at, LOAD (f64x4, sums + at)
                        + times * weigh_float (chunk_at (row, at, n, 4, 4,
                                                         tail),
                                               alpha_lanes));
    }
}

static ALWAYS_INLINE void
slide_row_float (const BlurPass *pass, double *const block[3],
                 double *columns, const float *entering, const float *leaving,
                 const void *const next[2], int alpha_lanes)
{
  size_t n = pass->samples;
  float tail_in[4], tail_out[4];
  for (size_t at = 0; at < n; at += 4)
    {
      if (at % 16 == 0)
        {
          __builtin_prefetch ((const float *) next[0] + at);
          __builtin_prefetch ((const float *) next[1] + at);
        }
      f64x4 in = LOAD (f64x4, block[ENTERING] + at)
                 + weigh_float (chunk_at (entering, at, n, 4, 4, tail_in),
                                alpha_lanes);
      f64x4 out = LOAD (f64x4, block[LEAVING] + at)
                  + weigh_float (chunk_at (leaving, at, n, 4, 4, tail_out),
                                 alpha_lanes);
      STORE (block[ENTERING] + at, in);
      STORE (block[LEAVING] + at, out);
      STORE (columns + at, (LOAD (f64x4, block[TOTAL] + at) - out) + in);
    }
}

/* ---- float row sums: blocks of 2 reach + 1 pixels -------------------------
   Over the padded row, SUFFIXES[j] sums pixel j to the end of its block and
   PREFIXES[j] the pixels of its block before j; a window is the suffix of
   its first pixel plus the prefix just past its last: both sums stay inside
   the window. */

/* Fills COUNT pixels of PIXEL_BYTES at TO with copies of the one at FROM. */
static void
fill_pixels (uint8_t *to, const uint8_t *from, size_t pixel_bytes, size_t count)
{
  size_t done = 1;
  if (count == 0)
    return;
  memcpy (to, from, pixel_bytes);
  while (done < count)
    {
      size_t more = done < count - done ? done : count - done;
      memcpy (to + done * pixel_bytes, to, more * pixel_bytes);
      done += more;
    }
}

/* The padding around the row of column sums at COLUMNS + REACH pixels. */
static void
pad_float (const BlurPass *pass, double *columns)
{
  size_t lanes = pass->lanes, reach = pass->reach;
  double *row = columns + reach * lanes;
  double *first = row, *last = row + (size_t) (pass->width - 1) * lanes;
  double *after = row + (size_t) pass->width * lanes;

  if (reach == 0)
    return;
  fill_pixels ((uint8_t *) columns, (const uint8_t *) first,
               lanes * sizeof (double), reach);
  fill_pixels ((uint8_t *) after, (const uint8_t *) last,
               lanes * sizeof (double), reach);
  for (size_t k = 0; k < lanes; k++)
    {
      (row - lanes)[k] *= (double) pass->heavy;
      after[k] *= (double) pass->heavy;
    }
}

/* Stores the low LANES lanes of VALUE at TO, and nothing else. */
static ALWAYS_INLINE void
store_lanes (double *to, const f64x4 *value, size_t lanes)
{
  switch (lanes)
    {
    case 1: memcpy (to, value, 1 * sizeof (double)); break;
    case 2: memcpy (to, value, 2 * sizeof (double)); break;
    case 3: memcpy (to, value, 3 * sizeof (double)); break;
    default: memcpy (to, value, 4 * sizeof (double)); break;
    }
}

static ALWAYS_INLINE void
blocks_float (const BlurPass *pass, double *prefixes, double *suffixes,
              const double *columns)
{
  size_t lanes = pass->lanes;
  size_t pixels = (size_t) pass->width + 2 * (size_t) pass->reach;
  size_t block = 2 * (size_t) pass->reach + 1;
  f64x4 forward = { 0 };

  for (size_t start = 0; start < pixels; start += block)
    {
      size_t length = pixels - start < block ? pixels - start : block;
      f64x4 backward = { 0 };
      forward = (f64x4) { 0 };
      for (size_t k = 0; k < length; k++)
        {
          /* Lanes past the pixel carry junk: forward, the next store
             overwrites it; backward, it is not stored. */
          size_t ahead = (start + k) * lanes;
          size_t behind = (start + length - 1 - k) * lanes;
          STORE (prefixes + ahead, forward);
          forward += LOAD (f64x4, columns + ahead);
          backward += LOAD (f64x4, columns + behind);
          store_lanes (suffixes + behind, &backward, lanes);
        }
    }
  if (pixels % block == 0)
    forward = (f64x4) { 0 };
  STORE (prefixes + pixels * lanes, forward);
}

/* Four output samples: the window sum over the window size, and for
   colours over the window's alpha sum (colour 0 where that is 0). */
static ALWAYS_INLINE void
emit_chunk_float (float *out, const double *prefixes, const double *suffixes,
                  size_t span, double window, int alpha_lanes)
{
  f64x4 sum = LOAD (f64x4, suffixes) + LOAD (f64x4, prefixes + span);
  f64x4 mean = sum / window;

  if (alpha_lanes != 0)
    {
      f64x4 alpha = pixel_alpha (&sum, alpha_lanes);
      f64x4 colour = SELECT_F64 (alpha != 0, sum / alpha, ((f64x4) { 0 }));
      mean = SELECT_F64 (colour_lanes (alpha_lanes), colour, mean);
    }
  STORE (out, __builtin_convertvector (mean, f32x4));
}

static ALWAYS_INLINE void
emit_float (const BlurPass *pass, float *out, const double *prefixes,
            const double *suffixes, int alpha_lanes)
{
  size_t n = pass->samples, at;
  size_t span = (2 * (size_t) pass->reach + 1) * pass->lanes;
  double window = (double) pass->window;
  float tail[4];

  for (at = 0; at + 4 <= n; at += 4)
    emit_chunk_float (out + at, prefixes + at, suffixes + at, span, window,
                      alpha_lanes);
  if (at < n)
    {
      emit_chunk_float (tail, prefixes + at, suffixes + at, span, window,
                        alpha_lanes);
      memcpy (out + at, tail, (n - at) * sizeof (float));
    }
}

static ALWAYS_INLINE void
emit_row_float (const BlurPass *pass, Workspace *workspace, int y,
                int alpha_lanes)
{
  pad_float (pass, workspace->columns);
  blocks_float (pass, workspace->running, workspace->suffixes,
                workspace->columns);
  emit_float (pass, output_row (pass, workspace, y), workspace->running,
              workspace->suffixes, alpha_lanes);
  finish_row (pass, workspace, y);
}

static ALWAYS_INLINE void
band_float_as (const BlurPass *pass, Workspace *workspace, const Band *band,
               Progress *progress, int alpha_lanes)
{
  int step = band->step, y = band_origin (band);
  int block_rows = 2 * pass->ry + 1, block_row = 0;
  double *block[3] = { workspace->block[0], workspace->block[1],
                       workspace->block[2] };
  double *columns = (double *) workspace->columns
                    + (size_t) pass->reach * pass->lanes;
  size_t bytes = pass->samples * sizeof (double);

  /* The first window is the first block, summed in the band's order. */
  memset (block[TOTAL], 0, bytes);
  memset (block[LEAVING], 0, bytes);
  memset (block[ENTERING], 0, bytes);
#define ADD_ROW(row, times) \
  add_row_float (pass, block[TOTAL], source_row (pass, workspace, row, 0), \
                 (double) (times), next_row (pass, row, step), alpha_lanes)
  FOR_FIRST_WINDOW (pass, band, ADD_ROW);
#undef ADD_ROW
  memcpy (columns, block[TOTAL], bytes);

  for (int done = 1; done <= band_rows (band); done++, y += step)
    {
      emit_row_float (pass, workspace, y, alpha_lanes);
      if (done < band_rows (band))
        {
          int entering = y + step * (pass->ry + 1);
          int leaving = y - step * pass->ry;
          const void *next[2] = { next_row (pass, entering, step),
                                  next_row (pass, leaving, step) };
          slide_row_float (pass, block, columns,
                           source_row (pass, workspace, entering, 0),
                           source_row (pass, workspace, leaving, 1),
                           next, alpha_lanes);
        }
      if (++block_row == block_rows)
        {
          double *done_block = block[TOTAL];
          block[TOTAL] = block[ENTERING];
          block[ENTERING] = done_block;
          memset (block[ENTERING], 0, bytes);
          memset (block[LEAVING], 0, bytes);
          block_row = 0;
        }
      if (!keep_going (pass, progress, band, done))
        return;
    }
}

static ALWAYS_INLINE void
box_blur_band_float_body (const BlurPass *pass, Workspace *workspace,
                          const Band *band, Progress *progress)
{
  switch (pass->alpha_lanes)
    {
    case 2:
      band_float_as (pass, workspace, band, progress, 2);
      break;
    case 4:
      band_float_as (pass, workspace, band, progress, 4);
      break;
    default:
      band_float_as (pass, workspace, band, progress, 0);
      break;
    }
}

TESSERA_SIMD_DISPATCH (, box_blur_band_float,
                       (const BlurPass *pass, Workspace *workspace,
                        const Band *band, Progress *progress),
                       (pass, workspace, band, progress))
