/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU: one band of rows with integer samples
 * (u8, u16), exact; box-blur.c has the method. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur-private.h"
#include "box-blur-band.h"
#include "simd.h"

/* ---- weighing: samples as summands ------------------------------------- */

/* Eight u8 or u16 samples as u32 lanes.  How to widen depends on the code
   GCC 12 makes: with AVX2 and up, shuffles with zero become one vpmovzx,
   where __builtin_convertvector splits into halves; without AVX2 the
   shuffles become scalar code, and the whole blur five times slower than
   with the conversions (measured). */
static ALWAYS_INLINE u32x8
widen_int (const void *samples, IntKernel k)
{
  const u16x8 zero16 = { 0 };
  u16x8 x;
  if (k.type == TESSERA_U16)
    x = LOAD (u16x8, samples);
  else if (k.shuffles)
    x = (u16x8) __builtin_shufflevector (LOAD (u8x8, samples), (u8x8) { 0 },
                                         0, 8, 1, 8, 2, 8, 3, 8,
                                         4, 8, 5, 8, 6, 8, 7, 8);
  else
    x = __builtin_convertvector (LOAD (u8x8, samples), u16x8);
  if (!k.shuffles)
    return __builtin_convertvector (x, u32x8);
  return (u32x8) __builtin_shufflevector (x, zero16, 0, 8, 1, 8, 2, 8, 3, 8,
                                          4, 8, 5, 8, 6, 8, 7, 8);
}

/* The low or high four of eight u32 lanes as u64 lanes, widened as above. */
static ALWAYS_INLINE u64x4
widen_half (const u32x8 *x, int half, IntKernel k)
{
  u32x4 four = half == 0 ? __builtin_shufflevector (*x, *x, 0, 1, 2, 3)
                         : __builtin_shufflevector (*x, *x, 4, 5, 6, 7);
  if (!k.shuffles)
    return __builtin_convertvector (four, u64x4);
  return (u64x4) __builtin_shufflevector (four, (u32x4) { 0 }, 0, 4, 1, 4,
                                          2, 4, 3, 4);
}

/* Eight u8 or u16 samples as 32-bit summands: colours times their pixel's
   alpha when K has alpha lanes. */
static ALWAYS_INLINE u32x8
weigh_int (const void *samples, IntKernel k)
{
  u32x8 x = widen_int (samples, k), alpha, colour;
  if (k.alpha_lanes == 0)
    return x;
  if (k.alpha_lanes == 2)
    {
      alpha = __builtin_shufflevector (x, x, 1, 1, 3, 3, 5, 5, 7, 7);
      colour = (u32x8) { -1, 0, -1, 0, -1, 0, -1, 0 };
    }
  else
    {
      alpha = __builtin_shufflevector (x, x, 3, 3, 3, 3, 7, 7, 7, 7);
      colour = (u32x8) { -1, -1, -1, 0, -1, -1, -1, 0 };
    }
  return x * ((alpha & colour) | (~colour & 1));
}

/* ---- integer column sums ------------------------------------------------ */

/* COLUMNS[AT..AT+8) += TIMES * the summands of SAMPLES. */
static ALWAYS_INLINE void
add_chunk_int (void *columns, size_t at, const void *samples, uint64_t times,
               IntKernel k)
{
  u32x8 summands = weigh_int (samples, k);
  if (k.wide)
    {
      uint64_t *sums = (uint64_t *) columns + at;
      STORE (sums, LOAD (u64x4, sums) + widen_half (&summands, 0, k) * times);
      STORE (sums + 4, LOAD (u64x4, sums + 4)
                       + widen_half (&summands, 1, k) * times);
    }
  else
    {
      /* Wraps only where the true column sum cannot exceed 2^32. */
      uint32_t *sums = (uint32_t *) columns + at;
      STORE (sums, LOAD (u32x8, sums) + summands * (uint32_t) times);
    }
}

/* COLUMNS[AT..AT+8) += the summands of ENTERING - those of LEAVING. */
static ALWAYS_INLINE void
slide_chunk_int (void *columns, size_t at, const void *entering_samples,
                 const void *leaving_samples, IntKernel k)
{
  u32x8 entering = weigh_int (entering_samples, k);
  u32x8 leaving = weigh_int (leaving_samples, k);
  if (k.wide)
    {
      uint64_t *sums = (uint64_t *) columns + at;
      STORE (sums, LOAD (u64x4, sums) + widen_half (&entering, 0, k)
                   - widen_half (&leaving, 0, k));
      STORE (sums + 4, LOAD (u64x4, sums + 4) + widen_half (&entering, 1, k)
                       - widen_half (&leaving, 1, k));
    }
  else
    {
      uint32_t *sums = (uint32_t *) columns + at;
      STORE (sums, LOAD (u32x8, sums) + entering - leaving);
    }
}

/* Adds TIMES a row to the column sums, fetching the row NEXT meanwhile. */
static ALWAYS_INLINE void
add_row_int (const BlurPass *pass, void *columns, const void *row,
             uint64_t times, const void *next, IntKernel k)
{
  size_t n = pass->samples, size = sample_bytes (k.type);
  uint16_t tail[8];
  for (size_t at = 0; at < n; at += 8)
    {
      if (at * size % 64 == 0)
        __builtin_prefetch ((const uint8_t *) next + at * size);
      add_chunk_int (columns, at, chunk_at (row, at, n, size, 8, tail),
                     times, k);
    }
}

/* Slides the column sums down a row.  NEXT are the rows to enter and leave
   after this one, fetched into the cache meanwhile: a tenth faster, and for
   radii whose leaving row has left the cache, a fifth (measured). */
static ALWAYS_INLINE void
slide_row_int (const BlurPass *pass, void *columns, const void *entering,
               const void *leaving, const void *const next[2], IntKernel k)
{
  size_t n = pass->samples, size = sample_bytes (k.type);
  uint16_t tail_in[8], tail_out[8];
  for (size_t at = 0; at < n; at += 8)
    {
      if (at * size % 64 == 0)
        {
          __builtin_prefetch ((const uint8_t *) next[0] + at * size);
          __builtin_prefetch ((const uint8_t *) next[1] + at * size);
        }
      slide_chunk_int (columns, at,
                       chunk_at (entering, at, n, size, 8, tail_in),
                       chunk_at (leaving, at, n, size, 8, tail_out), k);
    }
}

/* ---- integer row sums ---------------------------------------------------- */

/* Four lanes of column sums from lane AT, as u64. */
static ALWAYS_INLINE u64x4
column_pixel (const void *columns, size_t at, IntKernel k)
{
  u32x4 four;
  if (k.wide)
    return LOAD (u64x4, (const uint64_t *) columns + at);
  four = LOAD (u32x4, (const uint32_t *) columns + at);
  if (!k.shuffles)
    return __builtin_convertvector (four, u64x4);
  return (u64x4) __builtin_shufflevector (four, (u32x4) { 0 }, 0, 4, 1, 4,
                                          2, 4, 3, 4);
}

/* Stores the running SUM at AT, then adds ADDEND: one pixel of the walk.
   Lanes past the pixel carry junk that the next store overwrites. */
static ALWAYS_INLINE void
walk (uint64_t *running, size_t *at, size_t lanes, u64x4 *sum,
      const u64x4 *addend)
{
  STORE (running + *at, *sum);
  *at += lanes;
  *sum += *addend;
}

/* COUNT steps of the walk adding VALUE, two at a time (see below). */
static ALWAYS_INLINE void
walk_copies (uint64_t *running, size_t *at, size_t lanes, u64x4 *sum,
             const u64x4 *value, int count)
{
  u64x4 twice = *value + *value;
  int j;
  for (j = 0; j + 2 <= count; j += 2)
    {
      u64x4 after_one = *sum + *value;
      STORE (running + *at, *sum);
      STORE (running + *at + lanes, after_one);
      *at += 2 * lanes;
      *sum += twice;
    }
  if (j < count)
    walk (running, at, lanes, sum, value);
}

/* RUNNING at padded pixel j (LANES lanes each), j = 0 .. width + 2 reach:
   the sum of the padded row before j.  The padded row is REACH copies of
   the first column sums, the row, REACH copies of the last, the two copies
   next to the row counting HEAVY times. */
static ALWAYS_INLINE void
running_int (const BlurPass *pass, uint64_t *running, const void *columns,
             IntKernel k)
{
  size_t lanes = pass->lanes, at = 0;
  int width = pass->width, reach = pass->reach;
  u64x4 sum = { 0 };
  u64x4 first = column_pixel (columns, 0, k);
  u64x4 last = column_pixel (columns, (size_t) (width - 1) * lanes, k);
  u64x4 heavy_first = pass->heavy * first, heavy_last = pass->heavy * last;
  int x;

  /* Two pixels a step, their sum added at once: half the additions wait
     on the previous one (twice as fast, measured). */
  walk_copies (running, &at, lanes, &sum, &first, reach - 1);
  if (reach > 0)
    walk (running, &at, lanes, &sum, &heavy_first);
  for (x = 0; x + 2 <= width; x += 2)
    {
      u64x4 column = column_pixel (columns, (size_t) x * lanes, k);
      u64x4 next = column_pixel (columns, (size_t) (x + 1) * lanes, k);
      u64x4 after_column = sum + column;
      STORE (running + at, sum);
      STORE (running + at + lanes, after_column);
      at += 2 * lanes;
      sum += column + next;
    }
  if (x < width)
    {
      u64x4 column = column_pixel (columns, (size_t) x * lanes, k);
      walk (running, &at, lanes, &sum, &column);
    }
  if (reach > 0)
    walk (running, &at, lanes, &sum, &heavy_last);
  walk_copies (running, &at, lanes, &sum, &last, reach - 1);
  STORE (running + at, sum);
}

/* Eight output samples: round (S / D), halves up, where S is the window
   sum, RUNNING[SPAN] - RUNNING[0], and D the window size, or for colours the
   window's alpha sum.  Both are whole numbers below 2^52, so they convert to
   doubles exactly, by filling the mantissa of 2^52 + S.  The quotient
   rounded twice (the division, then + 1/2) is within 2u (t + 1/2) of
   t + 1/2, t = S / D, u = 2^-53; and t + 1/2 is either whole (then exact
   all along) or at least 1/(2D) from a whole number.  So truncating gives
   the right answer whenever S + D/2 < 2^51, which sums below 2^50 ensure;
   larger ones take one correction step, exact in doubles since every
   product stays below 2^53.  (Eight doubles, one AVX-512 register: with
   four, GCC's AVX-512 code is a third slower; the shuffles stay within
   halves, which AVX2 code handles well.) */
static ALWAYS_INLINE void
emit_chunk_int (void *out, const uint64_t *running, size_t span,
                double window, TesseraSampleType type, int alpha_lanes,
                bool correct)
{
  const double two52 = 4503599627370496.0;
  u64x8 bits = LOAD (u64x8, running + span) - LOAD (u64x8, running);
  f64x8 sum = (f64x8) (bits | 0x4330000000000000) - two52;
  f64x8 divisor = (f64x8) { 0 } + window;
  i32x8 rounded;
  u16x8 means;

  if (alpha_lanes != 0)
    {
      i64x8 colour = alpha_lanes == 2
        ? (i64x8) { -1, 0, -1, 0, -1, 0, -1, 0 }
        : (i64x8) { -1, -1, -1, 0, -1, -1, -1, 0 };
      f64x8 alpha = alpha_lanes == 2
        ? __builtin_shufflevector (sum, sum, 1, 1, 3, 3, 5, 5, 7, 7)
        : __builtin_shufflevector (sum, sum, 3, 3, 3, 3, 7, 7, 7, 7);
      /* A transparent window has no colour sum either: 0 / 2^-60 = 0,
         while 2^-60 vanishes next to any divisor of 1 or more. */
      divisor = (f64x8) (((i64x8) alpha & colour)
                         | ((i64x8) divisor & ~colour)) + 0x1p-60;
    }
  if (correct)
    {
      /* Floor in doubles, 2^52 rounding to whole numbers, then one step
         up or down to the exact rounding of the true quotient. */
      const f64x8 one = { 1, 1, 1, 1, 1, 1, 1, 1 };
      f64x8 quotient = sum / divisor + 0.5;
      f64x8 whole = (quotient + two52) - two52;
      f64x8 twice_rest;
      whole -= (f64x8) ((i64x8) one & (whole > quotient));
      twice_rest = 2 * (sum - whole * divisor);
      whole += (f64x8) ((i64x8) one & (twice_rest >= divisor));
      whole -= (f64x8) ((i64x8) one & (twice_rest < -divisor));
      rounded = __builtin_convertvector (whole, i32x8);
    }
  else
    rounded = __builtin_convertvector (sum / divisor + 0.5, i32x8);
  /* The means fit the sample type: keep the low halves. */
  means = __builtin_shufflevector ((u16x16) rounded, (u16x16) rounded,
                                   0, 2, 4, 6, 8, 10, 12, 14);
  if (type == TESSERA_U8)
    STORE ((uint8_t *) out, __builtin_shufflevector ((u8x16) means,
                                                     (u8x16) means,
                                                     0, 2, 4, 6, 8, 10, 12,
                                                     14));
  else
    STORE ((uint16_t *) out, means);
}

static ALWAYS_INLINE void
emit_int (const BlurPass *pass, void *out, const uint64_t *running,
          IntKernel k, bool correct)
{
  size_t n = pass->samples, size = sample_bytes (k.type), at;
  size_t span = (2 * (size_t) pass->reach + 1) * pass->lanes;
  double window = (double) pass->window;
  uint16_t tail[8];

  for (at = 0; at + 8 <= n; at += 8)
    emit_chunk_int ((uint8_t *) out + at * size, running + at, span, window,
                    k.type, k.alpha_lanes, correct);
  if (at < n)
    {
      emit_chunk_int (tail, running + at, span, window, k.type,
                      k.alpha_lanes, correct);
      memcpy ((uint8_t *) out + at * size, tail, (n - at) * size);
    }
}

/* ---- integer sums beyond 2^52: the same in plain 128-bit arithmetic ----- */

#ifdef __SIZEOF_INT128__
static uint64_t
column_value (const void *columns, size_t at, bool wide)
{
  return wide ? ((const uint64_t *) columns)[at]
              : ((const uint32_t *) columns)[at];
}

static void
running_huge (const BlurPass *pass, u128 *running, const void *columns)
{
  size_t lanes = pass->lanes, at = 0;
  u128 sum[4] = { 0 };

  for (int j = -pass->reach; j < pass->width + pass->reach; j++)
    {
      int x = j < 0 ? 0 : j < pass->width ? j : pass->width - 1;
      uint64_t times = j == -1 || j == pass->width ? pass->heavy : 1;
      for (size_t k = 0; k < lanes; k++)
        {
          running[at++] = sum[k];
          sum[k] += (u128) times * column_value (columns, x * lanes + k,
                                                 pass->wide_columns);
        }
    }
  for (size_t k = 0; k < lanes; k++)
    running[at++] = sum[k];
}

static void
emit_huge (const BlurPass *pass, void *out, const u128 *running)
{
  size_t span = (2 * (size_t) pass->reach + 1) * pass->lanes;
  size_t alpha_lanes = pass->alpha_lanes;

  for (size_t i = 0; i < pass->samples; i++)
    {
      u128 sum = running[i + span] - running[i];
      u128 divisor = pass->window;
      uint32_t rounded;
      if (alpha_lanes != 0 && i % alpha_lanes != alpha_lanes - 1)
        {
          size_t alpha = i | (alpha_lanes - 1);
          divisor = running[alpha + span] - running[alpha];
          divisor += divisor == 0;
        }
      rounded = (uint32_t) ((2 * sum + divisor) / (2 * divisor));
      if (pass->type == TESSERA_U8)
        ((uint8_t *) out)[i] = (uint8_t) rounded;
      else
        ((uint16_t *) out)[i] = (uint16_t) rounded;
    }
}
#endif

static ALWAYS_INLINE void
emit_row_int (const BlurPass *pass, Workspace *workspace, int y, IntKernel k)
{
  void *out = output_row (pass, workspace, y);
#ifdef __SIZEOF_INT128__
  if (pass->kind == SUMS_INTEGER_HUGE)
    {
      running_huge (pass, workspace->running, workspace->columns);
      emit_huge (pass, out, workspace->running);
    }
  else
#endif
    {
      running_int (pass, workspace->running, workspace->columns, k);
      if (pass->correct)
        emit_int (pass, out, workspace->running, k, true);
      else
        emit_int (pass, out, workspace->running, k, false);
    }
  finish_row (pass, workspace, y);
}

static ALWAYS_INLINE void
band_int_as (const BlurPass *pass, Workspace *workspace, const Band *band,
             Progress *progress, IntKernel k)
{
  int step = band->step, y = band_origin (band);

  memset (workspace->columns, 0,
          pass->samples * (k.wide ? sizeof (uint64_t) : sizeof (uint32_t)));
#define ADD_ROW(row, times) \
  add_row_int (pass, workspace->columns, source_row (pass, workspace, row, 0), \
               times, next_row (pass, row, step), k)
  FOR_FIRST_WINDOW (pass, band, ADD_ROW);
#undef ADD_ROW

  for (int done = 1; done <= band_rows (band); done++, y += step)
    {
      int entering = clamp_row (y + step * (pass->ry + 1), pass->height);
      int leaving = clamp_row (y - step * pass->ry, pass->height);
      emit_row_int (pass, workspace, y, k);
      if (done < band_rows (band) && entering != leaving)
        {
          const void *next[2] = { next_row (pass, entering, step),
                                  next_row (pass, leaving, step) };
          slide_row_int (pass, workspace->columns,
                         source_row (pass, workspace, entering, 0),
                         source_row (pass, workspace, leaving, 1), next, k);
        }
      if (!keep_going (pass, progress, band, done))
        return;
    }
}

/* The binders: each turns one field of the pass into a constant field of
   K, one call per value, so that every combination gets its own code. */
static ALWAYS_INLINE void
band_int_alpha (const BlurPass *pass, Workspace *workspace, const Band *band,
                Progress *progress, IntKernel k)
{
  IntKernel none = k, two = k, four = k;
  none.alpha_lanes = 0;
  two.alpha_lanes = 2;
  four.alpha_lanes = 4;
  if (pass->alpha_lanes == 2)
    band_int_as (pass, workspace, band, progress, two);
  else if (pass->alpha_lanes == 4)
    band_int_as (pass, workspace, band, progress, four);
  else
    band_int_as (pass, workspace, band, progress, none);
}

static ALWAYS_INLINE void
band_int_wide (const BlurPass *pass, Workspace *workspace, const Band *band,
               Progress *progress, IntKernel k)
{
  IntKernel narrow = k, wide = k;
  narrow.wide = false;
  wide.wide = true;
  if (pass->wide_columns)
    band_int_alpha (pass, workspace, band, progress, wide);
  else
    band_int_alpha (pass, workspace, band, progress, narrow);
}

static ALWAYS_INLINE void
band_int_type (const BlurPass *pass, Workspace *workspace, const Band *band,
               Progress *progress, IntKernel k)
{
  IntKernel u8 = k, u16 = k;
  u8.type = TESSERA_U8;
  u16.type = TESSERA_U16;
  if (pass->type == TESSERA_U16)
    band_int_wide (pass, workspace, band, progress, u16);
  else
    band_int_wide (pass, workspace, band, progress, u8);
}

/* Whether to widen by shuffles: the dispatcher runs the copy of
   tessera_simd_level (), so AVX2 allowed means a copy compiled for AVX2 or
   better. */
static bool
widen_by_shuffles (void)
{
#ifdef TESSERA_HAVE_SIMD_LEVELS
  return tessera_simd_allows (TESSERA_SIMD_AVX2);
#elif defined(__AVX2__)
  return true;
#else
  return false;
#endif
}

static ALWAYS_INLINE void
box_blur_band_int_body (const BlurPass *pass, Workspace *workspace,
                        const Band *band, Progress *progress)
{
  IntKernel shuffles = { TESSERA_U8, false, 0, true };
  IntKernel conversions = { TESSERA_U8, false, 0, false };
  if (widen_by_shuffles ())
    band_int_type (pass, workspace, band, progress, shuffles);
  else
    band_int_type (pass, workspace, band, progress, conversions);
}

TESSERA_SIMD_DISPATCH (, box_blur_band_int,
                       (const BlurPass *pass, Workspace *workspace,
                        const Band *band, Progress *progress),
                       (pass, workspace, band, progress))
