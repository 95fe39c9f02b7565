/* Tessera — the box blur on the CPU; box-blur.h has the definition.
 *
 * Each pass streams through the image in bands of rows, a few per thread,
 * taken as threads come free (the last band bottom up, so that its first
 * window is, like the first band's, half clamped rows).  In each band, a row
 * buffer V holds the column sums: V(x) = the sum of the (premultiplied)
 * samples of rows [y-ry, y+ry].  Moving one row on adds the row that enters
 * the window and subtracts the one that leaves it.
 * Each row of V is then summed horizontally through its running sums,
 * H(x) = PRE(x+rx+1) - PRE(x-rx): the summed-area table, differenced as it
 * is built so that it is never stored.  The clamped edges are padding
 * pixels, copies of the edge pixels, that the running sums walk over; a
 * radius beyond the width adds its extra copies to the padding pixel next
 * to the image, which every window then contains.  So the cost per pixel
 * does not depend on the radius.
 *
 * Integers are exact.  Sums live in unsigned integers whose wrap-around is
 * harmless: a difference of wrapped sums is exact whenever the true result
 * fits.  Column sums use 32 bits when a full column window provably fits,
 * else 64; row sums use 64 bits, turned into doubles (exact below 2^52) for
 * the rounding division, which one correction step makes exact where sums
 * are too large for the plain double quotient to round right.  Sums that
 * may reach 2^52 (16-bit samples with alpha and windows of a million pixels
 * or more) take a plain 128-bit path instead.
 *
 * Floats are summed in doubles, in blocks as long as the window (van Herk /
 * Gil-Werman): every window is the tail of one block plus the head of the
 * next, so rounding errors never travel further than a block and cannot
 * drift down a 524288-pixel side.  Horizontally the tail is a true suffix
 * sum; vertically it is the block total minus a prefix (no row buffers).
 * The bound, for one pass, with u = 2^-53, Lx = 2rx+1, Ly = 2ry+1:
 *
 *   |computed sum - exact sum| <= (Lx + Ly + 4) u  *  sum of |p| over the
 *                                 columns [x-rx, x+rx] x rows [y-3ry-1, y+ry]
 *
 * (p = premultiplied samples, edges counted as often as they are clamped
 * to; rows [y-ry, y+3ry+1] for the bottom-up band), so the mean is off by at
 * most 2 (Lx + Ly + 4) u times the largest |p| there; it is then divided and
 * rounded to float (2^-24 relative).  A window of zeros sums to exactly zero
 * (a transparent window gives colour 0).  NaN and infinities spread to the
 * whole block pair.
 *
 * The inner loops use GCC/Clang vector types, and on x86-64 with glibc the
 * per-band functions are also compiled for x86-64-v3 (AVX2) and -v4
 * (AVX-512) and picked at run time (core/simd.h), since the build uses
 * the distribution's baseline flags.  The vector shapes are the ones GCC 12
 * turns into good code for both: see the types below.
 *
 * Why one file of this length: the per-band functions are cloned for each
 * instruction set (TESSERA_HAVE_SIMD_CLONES) and must inline every column
 * and row kernel of their type into those clones; the build has no
 * link-time optimisation, so kernels in other translation units would be
 * called, not inlined, in the innermost loops.  The sections below
 * (checking, weighing, integer and float sums, rows in and out, bands,
 * passes, iterations) are the seams along which it would split. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "box-blur.h"
#include "simd.h"
#include "gpu-backend.h"

/* Vectors are returned by value from inlined helpers only (they take theirs
   by pointer, to keep GCC's ABI note quiet): the ABI warning does not
   concern us. */
#if defined(__clang__)
#if __has_warning ("-Wpsabi")
#pragma clang diagnostic ignored "-Wpsabi"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#define ALWAYS_INLINE inline __attribute__ ((always_inline))

/* Each backend's time per sample and pass, 8-bit RGBA at radius 25 (the
   cost does not depend on the radius): the CPU's on one thread, the GPU's
   with the image on the device (bench/RESULTS.md, Box blur). */
#define CPU_NS_PER_SAMPLE 0.4
#define GPU_NS_PER_SAMPLE 0.0035

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Rows between two looks at progress and cancel. */
#define ROWS_PER_POLL 16

/* 32-byte vectors: GCC 12 lowers these well for AVX2 and AVX-512 alike
   (it does not for 64-byte ones on AVX2). */
typedef uint8_t  u8x8   __attribute__ ((vector_size (8)));
typedef uint8_t  u8x16  __attribute__ ((vector_size (16)));
typedef uint16_t u16x8  __attribute__ ((vector_size (16)));
typedef uint16_t u16x16 __attribute__ ((vector_size (32)));
typedef uint32_t u32x4  __attribute__ ((vector_size (16)));
typedef uint32_t u32x8  __attribute__ ((vector_size (32)));
typedef int32_t  i32x4  __attribute__ ((vector_size (16)));
typedef uint64_t u64x4  __attribute__ ((vector_size (32)));
typedef int64_t  i64x4  __attribute__ ((vector_size (32)));
typedef float    f32x4  __attribute__ ((vector_size (16)));
typedef double   f64x4  __attribute__ ((vector_size (32)));
typedef int32_t  i32x8  __attribute__ ((vector_size (32)));
typedef uint64_t u64x8  __attribute__ ((vector_size (64)));
typedef int64_t  i64x8  __attribute__ ((vector_size (64)));
typedef double   f64x8  __attribute__ ((vector_size (64)));

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;
#endif

/* Unaligned vector access; the compiler turns these into plain moves. */
#define LOAD(type, pointer) \
  ({ type loaded_; memcpy (&loaded_, (pointer), sizeof loaded_); loaded_; })
#define STORE(pointer, value) \
  do { __typeof__ (value) stored_ = (value); \
       memcpy ((pointer), &stored_, sizeof stored_); } while (0)

/* How a pass forms its sums. */
typedef enum
{
  SUMS_INTEGER,        /* exact, row sums below 2^52 */
  SUMS_INTEGER_HUGE,   /* exact, 128-bit row sums */
  SUMS_FLOAT           /* doubles in blocks */
} SumsKind;

typedef struct
{
  const TesseraImage *src;
  TesseraImage       *dst;
  TesseraSampleType   type;
  int                 width, height;
  int                 channels;
  /* Samples per pixel in the row buffers: the channels, except that
     two colours + alpha are spread to four lanes (c0 c1 0 a) so that alpha
     always sits at a power-of-two period. */
  int                 lanes;
  int                 alpha_lanes;  /* 0: no premultiplying, else 2 or 4 */
  int                 rx, ry;
  /* The horizontal reach: padding pixels on each side, min (rx, width);
     the padding pixel next to the image counts HEAVY times. */
  int                 reach;
  uint64_t            heavy;
  size_t              samples;      /* width * lanes */
  SumsKind            kind;
  bool                wide_columns; /* 64-bit column sums */
  bool                correct;      /* sums too large for a plain quotient */
  uint64_t            window;       /* (2rx+1) (2ry+1) */
} BlurPass;

/* One thread's row buffers. */
typedef struct
{
  void   *columns;     /* V: u32/u64; floats: doubles, with REACH padding */
  void   *running;     /* PRE (u64 or u128), or floats' prefixes in blocks */
  double *suffixes;    /* floats' suffixes in blocks */
  double *block[3];    /* floats: block total, leaving and entering sums */
  void   *spread[2];   /* c0 c1 a rows spread to four lanes */
  void   *out;         /* an output row before it is packed back to three */
} Workspace;

/* What the integer kernels are specialised for: constants once inlined
   from the binders in band_int. */
typedef struct
{
  TesseraSampleType type;        /* u8 or u16 */
  bool              wide;        /* 64-bit column sums */
  int               alpha_lanes; /* 0, 2 or 4 */
  bool              shuffles;    /* widen by shuffles (see widen_int) */
} IntKernel;

/* Shared by the threads of a pass. */
typedef struct
{
  TesseraExec *exec;
  int          pass, passes;
  int          rows_done;   /* in this pass, by all threads */
  int          cancelled;
} Progress;

/* ---- checking ---------------------------------------------------------- */

static uint64_t
largest_sample (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 255 : 65535;
}

/* The largest summand: alpha times a colour, or a plain sample. */
static uint64_t
largest_summand (TesseraSampleType type, bool premultiplied)
{
  uint64_t max = largest_sample (type);
  return premultiplied ? max * max : max;
}

static bool
premultiplies (const TesseraImage *image, const TesseraBoxBlur *params)
{
  /* With one channel, alpha is just averaged like any sample. */
  return params->has_alpha && image->channels > 1;
}

static uint64_t
window_size (const TesseraBoxBlur *params)
{
  return (2 * (uint64_t) params->radius_x + 1)
       * (2 * (uint64_t) params->radius_y + 1);
}

static SumsKind
sums_kind (const TesseraImage *image, const TesseraBoxBlur *params)
{
  uint64_t summand;
  if (image->type == TESSERA_F32)
    return SUMS_FLOAT;
  summand = largest_summand (image->type, premultiplies (image, params));
  if (window_size (params) <= ((UINT64_C (1) << 52) - 1) / summand)
    return SUMS_INTEGER;
  return SUMS_INTEGER_HUGE;
}

TesseraStatus
tessera_box_blur_check (const TesseraImage *src, const TesseraImage *dst,
                        const TesseraBoxBlur *params)
{
  TesseraStatus status;

  if (src == NULL || dst == NULL || params == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  status = tessera_image_check (src);
  if (status == TESSERA_OK)
    status = tessera_image_check (dst);
  if (status != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (src, dst) || src->memory != dst->memory)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (params->radius_x < 0 || params->radius_x > TESSERA_BOX_BLUR_MAX_RADIUS
      || params->radius_y < 0 || params->radius_y > TESSERA_BOX_BLUR_MAX_RADIUS
      || params->iterations < 1
      || params->iterations > TESSERA_BOX_BLUR_MAX_ITERATIONS
      || (unsigned) params->method > TESSERA_BOX_BLUR_METHOD_FUSED)
    return TESSERA_ERROR_INVALID_ARGUMENT;
#ifndef __SIZEOF_INT128__
  if (src->memory == TESSERA_MEMORY_HOST
      && sums_kind (src, params) == SUMS_INTEGER_HUGE)
    return TESSERA_ERROR_TOO_LARGE;
#endif
  return TESSERA_OK;
}

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

static ALWAYS_INLINE size_t
sample_bytes (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 1 : type == TESSERA_U16 ? 2 : 4;
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

/* ---- bands ---------------------------------------------------------------- */

/* A band of rows, walked top down, or bottom up for the last band: then its
   first window, like the first band's, is half clamped rows, cheap to sum. */
typedef struct
{
  int  first, end;   /* rows [first, end) */
  int  step;         /* 1: top down, -1: bottom up */
  bool reports;      /* this thread is the caller's: it reports progress */
} Band;

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

/* Whether to widen by shuffles: each target_clones copy runs on CPUs of its
   level, so AVX2 present means a copy compiled for AVX2 or better. */
static bool
widen_by_shuffles (void)
{
#ifdef TESSERA_HAVE_SIMD_CLONES
  return __builtin_cpu_supports ("avx2");
#elif defined(__AVX2__)
  return true;
#else
  return false;
#endif
}

static void TESSERA_SIMD_CLONES
band_int (const BlurPass *pass, Workspace *workspace, const Band *band,
          Progress *progress)
{
  IntKernel shuffles = { TESSERA_U8, false, 0, true };
  IntKernel conversions = { TESSERA_U8, false, 0, false };
  if (widen_by_shuffles ())
    band_int_type (pass, workspace, band, progress, shuffles);
  else
    band_int_type (pass, workspace, band, progress, conversions);
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

static void TESSERA_SIMD_CLONES
band_float (const BlurPass *pass, Workspace *workspace, const Band *band,
            Progress *progress)
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

/* ---- passes ---------------------------------------------------------------- */

static BlurPass
plan_pass (const TesseraImage *src, TesseraImage *dst,
           const TesseraBoxBlur *params)
{
  BlurPass pass;
  bool premultiplied = premultiplies (src, params);
  uint64_t summand = src->type == TESSERA_F32
                     ? 1 : largest_summand (src->type, premultiplied);

  pass.src = src;
  pass.dst = dst;
  pass.type = src->type;
  pass.width = src->width;
  pass.height = src->height;
  pass.channels = src->channels;
  pass.lanes = premultiplied && src->channels == 3 ? 4 : src->channels;
  pass.alpha_lanes = premultiplied ? (src->channels == 2 ? 2 : 4) : 0;
  pass.rx = params->radius_x;
  pass.ry = params->radius_y;
  pass.reach = params->radius_x < src->width ? params->radius_x : src->width;
  pass.heavy = 1 + (uint64_t) (params->radius_x - pass.reach);
  pass.samples = (size_t) src->width * pass.lanes;
  pass.kind = sums_kind (src, params);
  pass.wide_columns = 2 * (uint64_t) params->radius_y + 1
                      > (UINT64_C (0xffffffff)) / summand;
  pass.window = window_size (params);
  pass.correct = pass.window >= (UINT64_C (1) << 50) / summand;
  return pass;
}

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
static Workspace *
workspaces_new (const BlurPass *pass, int count)
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

static TesseraStatus
run_pass (const BlurPass *pass, Workspace *workspaces, int threads,
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
          band_float (pass, &workspaces[thread], &band, progress);
        else
          band_int (pass, &workspaces[thread], &band, progress);
      }
  }
  if (progress->cancelled
      || !tessera_exec_progress (progress->exec,
                                 (progress->pass + 1.0) / progress->passes))
    return TESSERA_ERROR_CANCELLED;
  return TESSERA_OK;
}

/* ---- iterations ------------------------------------------------------------ */

static void
copy_pixels (const TesseraImage *from, TesseraImage *to)
{
  size_t row_bytes = tessera_pixel_size (from) * (size_t) from->width;
  for (int y = 0; y < from->height; y++)
    memcpy (tessera_image_row (to, y), tessera_image_row (from, y), row_bytes);
}

/* Runs the passes, alternating between DST and a scratch image so that the
   last one lands in DST; in place with an odd count, the source is copied to
   the scratch image first. */
static TesseraStatus
blur_on_cpu (const TesseraImage *src, TesseraImage *dst,
             const TesseraBoxBlur *params, TesseraExec *exec)
{
  TesseraImage scratch = { 0 };
  const TesseraImage *from = src;
  bool in_place = tessera_images_overlap (src, dst);
  int passes = params->iterations;
  int threads = tessera_exec_threads (exec);
  Progress progress = { exec, 0, passes, 0, 0 };
  BlurPass plan = plan_pass (src, dst, params);   /* for the buffer sizes */
  Workspace *workspaces;
  TesseraStatus status = TESSERA_OK;

  if (threads > src->height)
    threads = src->height;
  workspaces = workspaces_new (&plan, threads);
  if (workspaces == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  if (passes > 1 || in_place)
    status = tessera_image_alloc (&scratch, src->width, src->height,
                                  src->channels, src->type);
  if (status == TESSERA_OK && in_place && passes % 2 == 1)
    {
      copy_pixels (src, &scratch);
      from = &scratch;
    }
  for (int k = 0; k < passes && status == TESSERA_OK; k++)
    {
      TesseraImage *to = (passes - 1 - k) % 2 == 0 ? dst : &scratch;
      BlurPass pass = plan_pass (from, to, params);
      progress.pass = k;
      status = run_pass (&pass, workspaces, threads, &progress);
      from = to;
    }
  tessera_image_free (&scratch);
  free (workspaces);
  return status;
}

/* The arguments of one box blur, for the backends. */
typedef struct
{
  const TesseraImage   *src;
  TesseraImage         *dst;
  const TesseraBoxBlur *params;
} BoxBlurArgs;

static TesseraStatus
box_blur_cpu (void *data, TesseraExec *exec)
{
  const BoxBlurArgs *args = data;
  return blur_on_cpu (args->src, args->dst, args->params, exec);
}

static TesseraStatus
box_blur_gpu (void *data, TesseraExec *exec)
{
  const BoxBlurArgs *args = data;
  return tessera_cuda_box_blur (args->src, args->dst, args->params);
}

TesseraStatus
tessera_box_blur (const TesseraImage *src, TesseraImage *dst,
                  const TesseraBoxBlur *params, TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = tessera_box_blur_check (src, dst, params);
  BoxBlurArgs args = { src, dst, params };

  if (status != TESSERA_OK)
    return status;
  double samples = (double) src->width * src->height * src->channels;
  TesseraExecOp op = {
    .cpu = box_blur_cpu, .gpu = TESSERA_GPU (box_blur_gpu), .args = &args,
    .on_device = src->memory == TESSERA_MEMORY_CUDA,
    .cost = { .items = samples * params->iterations,
              .cpu_ns = CPU_NS_PER_SAMPLE, .gpu_ns = GPU_NS_PER_SAMPLE,
              .transfer_bytes = 2.0 * samples * tessera_sample_size (src->type) }
  };
  return tessera_exec_run (exec != NULL ? exec : &defaults, &op);
}
