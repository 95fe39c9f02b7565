/* Tessera — the box blur of core/box-blur.h on the GPU, with the CPU's exact
 * results for integer samples.
 *
 * Two ways to form the window sums:
 *
 * FUSED walks down vertical strips of the image.  Each thread owns a chunk
 * of one row (16 or 32 bytes of pixels, see Chunk) and keeps the running
 * vertical window sums of its chunk in registers: per row it adds the
 * entering row and subtracts the leaving one, both fetched a few rows
 * ahead (in registers, or for integer samples with narrow enough sums by
 * asynchronous copies into shared memory: see FusedRing).  The horizontal
 * window is then a difference of prefix sums over the strip, formed in
 * shared memory; neighbouring strips overlap by the horizontal radius.
 * Nothing but the image and the result touches global memory.  When the
 * radius is wider than a block can hold, the vertical sums go to a scratch
 * band instead and a second kernel takes the horizontal window along whole
 * rows.  Four float channels take a row ring from sm_90 on, where it fits:
 * a block per SM holds a strip's rows of horizontal sums for the whole
 * window, so that each row is read once (see "the row ring" below).
 *
 * SAT_TILES is the summed-area table of Ha et al. (2012): square tiles
 * reduced to row and column partial sums, those scanned and the tile
 * corners (pivots) propagated, then each tile scanned with its partial sums
 * added — about 3wh of global traffic — followed by a lookup pass that
 * reads four table entries per window.
 *
 * Integer sums are exact: unsigned sums wrap, and the window sum, the
 * difference of two prefixes, is right whenever it fits the type, which the
 * host ensures by picking 32, 64 or 128 bits from the window size.  Float
 * samples are summed in double; see tests/gpu/parity-box-blur.c for the
 * bound.  Both ways handle edge replicate in closed form, so the radii may
 * be far beyond the image. */
#include <stdint.h>
#include <string.h>
#include <type_traits>
#include "common.cuh"

namespace {

typedef unsigned __int128 u128;

/* What the kernels need to know about the window. */
struct Window
{
  int      width, height;
  int      rx, ry;
  uint64_t n;        /* pixels in the window: (2rx+1)(2ry+1), always odd */
  uint64_t half;     /* n / 2, added before dividing to round */
  /* round(s / n) for 32-bit sums, s + n/2 < 2^31 (window_for): */
  uint32_t bias;     /* n / 2, and 1 for n = 1 */
  uint32_t magic;
  int      shift;
};

/* A sample from the bits of a 32-bit word at SHIFT, and back. */
template <typename T>
__device__ __forceinline__ T
from_word (uint32_t word, int shift)
{
  return (T) (word >> shift);
}

template <>
__device__ __forceinline__ float
from_word<float> (uint32_t word, int shift)
{
  return __uint_as_float (word);
}

/* A byte is one byte permute, where a shift and a mask would be two. */
template <>
__device__ __forceinline__ uint8_t
from_word<uint8_t> (uint32_t word, int shift)
{
  return (uint8_t) __byte_perm (word, 0, 0x4440 | (shift / 8));
}

__device__ __forceinline__ uint32_t
to_word (uint8_t v)
{
  return v;
}

__device__ __forceinline__ uint32_t
to_word (uint16_t v)
{
  return v;
}

__device__ __forceinline__ uint32_t
to_word (float v)
{
  return __float_as_uint (v);
}

/* The pixels one thread owns: 16 bytes of 8- and 16-bit samples, 32 of
 * floats (12 and 24 with three channels, which 16 does not divide), loaded
 * in LOAD-byte pieces and kept as the raw 32-bit words that the loads
 * fill.  Samples are taken out where they are used: a load that had to be
 * unpacked at once would make the thread wait for it there, and the walk
 * below issues its loads rows ahead of their use.  Floats take two loads'
 * worth, which halves the per-pixel cost of the warp scan of their double
 * sums; integer chunks stay small, since their registers bound how many
 * warps an SM holds (measured on the H100: 32-byte chunks of 8-bit RGBA
 * take 16% fewer instructions per pixel, but fit two blocks per SM instead
 * of three, and ran no faster). */
template <typename T, int C>
struct Chunk
{
  static const int BYTES = (sizeof (T) == 4 ? 32 : 16) * (C == 3 ? 3 : 4) / 4;
  static const int LOAD = BYTES % 16 == 0 ? 16 : (BYTES % 8 == 0 ? 8 : 4);
  static const int PIXELS = BYTES / (C * (int) sizeof (T));
  static const int SAMPLES = PIXELS * C;
  static const int WORDS = BYTES / 4;
  static const int PER_WORD = 4 / (int) sizeof (T);
  static const int BITS = 8 * (int) sizeof (T);
  uint32_t word[WORDS];

  /* Sample I; with I known at compile time this is a shift and a mask. */
  __device__ __forceinline__ T sample (int i) const
  {
    return from_word<T> (word[i / PER_WORD], BITS * (i % PER_WORD));
  }

  __device__ __forceinline__ void clear ()
  {
#pragma unroll
    for (int i = 0; i < WORDS; i++)
      word[i] = 0;
  }

  /* Sets sample I, which must be zero before. */
  __device__ __forceinline__ void set (int i, T v)
  {
    word[i / PER_WORD] |= to_word (v) << (BITS * (i % PER_WORD));
  }
};

/* Vector types of 4, 8 and 16 bytes, for whole-word accesses to shared
 * memory. */
template <int BYTES> struct Vector;
template <> struct Vector<4> { typedef uint32_t Type; };
template <> struct Vector<8> { typedef uint2 Type; };
template <> struct Vector<16> { typedef uint4 Type; };

__device__ __forceinline__ int
clamp_index (int i, int n)
{
  return min (max (i, 0), n - 1);
}

/* Row Y >= 0. */
__device__ __forceinline__ const unsigned char *
image_row (const TesseraImage &image, int y)
{
  return (const unsigned char *) image.data + (unsigned) y * image.stride;
}

/* Whether the chunk at pixel X0 lies inside the row, in rows aligned for
 * its vector accesses: then it is read and written whole. */
template <typename T, int C>
__device__ __forceinline__ bool
chunk_whole (int x0, int width, bool aligned)
{
  return aligned && x0 >= 0 && x0 + Chunk<T, C>::PIXELS <= width;
}

/* Row Y's chunk at pixel X0, pixels outside the row replaced by the edge
 * pixel; WHOLE from chunk_whole. */
template <typename T, int C>
__device__ __forceinline__ void
load_chunk (Chunk<T, C> &chunk, const TesseraImage &image, int y, int x0,
            bool whole)
{
  typedef Chunk<T, C> Ch;
  /* The column first, the same for every row: one multiply-add per row. */
  const unsigned char *column = (const unsigned char *) image.data
                                + (ptrdiff_t) x0 * (C * sizeof (T));

  if (whole)
    {
      const unsigned char *p = column + (unsigned) y * image.stride;
#pragma unroll
      for (int i = 0; i < Ch::BYTES / Ch::LOAD; i++)
        if constexpr (Ch::LOAD == 16)
          {
            uint4 v = __ldg ((const uint4 *) p + i);
            chunk.word[4 * i] = v.x;
            chunk.word[4 * i + 1] = v.y;
            chunk.word[4 * i + 2] = v.z;
            chunk.word[4 * i + 3] = v.w;
          }
        else if constexpr (Ch::LOAD == 8)
          {
            uint2 v = __ldg ((const uint2 *) p + i);
            chunk.word[2 * i] = v.x;
            chunk.word[2 * i + 1] = v.y;
          }
        else
          chunk.word[i] = __ldg ((const uint32_t *) p + i);
      return;
    }
  chunk.clear ();
#pragma unroll
  for (int k = 0; k < Ch::PIXELS; k++)
    {
      int x = clamp_index (x0 + k, image.width);
      const T *p = (const T *) (image_row (image, y)
                                + (size_t) x * C * sizeof (T));
#pragma unroll
      for (int c = 0; c < C; c++)
        chunk.set (k * C + c, p[c]);
    }
}

/* Stores the pixels of CHUNK that lie inside the row; WHOLE from
 * chunk_whole. */
template <typename T, int C>
__device__ __forceinline__ void
store_chunk (const Chunk<T, C> &chunk, const TesseraImage &image, int y,
             int x0, bool whole)
{
  typedef Chunk<T, C> Ch;
  unsigned char *p = (unsigned char *) image_row (image, y)
                     + (size_t) x0 * C * sizeof (T);

  if (whole)
    {
#pragma unroll
      for (int i = 0; i < Ch::BYTES / Ch::LOAD; i++)
        if constexpr (Ch::LOAD == 16)
          ((uint4 *) p)[i] = make_uint4 (chunk.word[4 * i], chunk.word[4 * i + 1],
                                         chunk.word[4 * i + 2],
                                         chunk.word[4 * i + 3]);
        else if constexpr (Ch::LOAD == 8)
          ((uint2 *) p)[i] = make_uint2 (chunk.word[2 * i],
                                         chunk.word[2 * i + 1]);
        else
          ((uint32_t *) p)[i] = chunk.word[i];
      return;
    }
#pragma unroll
  for (int k = 0; k < Ch::PIXELS; k++)
    if (x0 + k < image.width)
#pragma unroll
      for (int c = 0; c < C; c++)
        ((T *) p)[k * C + c] = chunk.sample (k * C + c);
}

/* What is summed for sample C of pixel K: the sample, or with PREMUL the
 * colour times alpha (exact in every accumulator, double included). */
template <typename Acc, bool PREMUL, typename T, int C>
__device__ __forceinline__ Acc
term (const Chunk<T, C> &chunk, int k, int c)
{
  Acc v = (Acc) chunk.sample (k * C + c);
  if (PREMUL && c < C - 1)
    v *= (Acc) chunk.sample (k * C + C - 1);
  return v;
}

/* The mean of a window sum S, rounded to nearest (n is odd: no ties). */
template <typename T>
__device__ __forceinline__ T
window_mean (uint32_t s, const Window &w)
{
  return (T) (__umulhi (s + w.bias, w.magic) >> w.shift);
}

template <typename T>
__device__ __forceinline__ T
window_mean (uint64_t s, const Window &w)
{
  return (T) ((s + w.half) / w.n);
}

template <typename T>
__device__ __forceinline__ T
window_mean (u128 s, const Window &w)
{
  return (T) ((s + w.half) / w.n);
}

template <typename T>
__device__ __forceinline__ T
window_mean (double s, const Window &w)
{
  return (T) (s / (double) w.n);
}

__device__ __forceinline__ double
to_double (uint64_t v)
{
  return (double) v;
}

__device__ __forceinline__ double
to_double (u128 v)
{
  return (double) (uint64_t) (v >> 64) * 18446744073709551616.0
         + (double) (uint64_t) v;
}

/* round(colour / alpha), halves up, for 64- and 128-bit sums, as
 * floor(top / bottom) with top = 2 colour + alpha and bottom = 2 alpha: an
 * estimate through the reciprocal INV of bottom in double, then corrected
 * in integers.  The estimate's relative error is a few units in the last
 * place of double and the quotient is at most 65535.5, so it is off by one
 * at most.  The host picks the accumulator so that top + bottom fits. */
template <typename Acc>
__device__ __forceinline__ uint32_t
rounded_ratio (Acc colour, Acc alpha, double inv)
{
  Acc top = 2 * colour + alpha, bottom = 2 * alpha;
  uint32_t q = (uint32_t) (to_double (top) * inv);
  Acc product = (Acc) q * bottom;

  if (product > top)
    q--;
  else if (top - product >= bottom)
    q++;
  return q;
}

/* Premultiplied colour from its sums: sum(c a) / sum(a) rounded, and 0
 * where the window holds no alpha at all. */
template <int C, typename Acc, typename T>
__device__ __forceinline__ void
unpremultiply (const Acc *s, Acc alpha, T *out)
{
  double inv = 1.0 / to_double (2 * alpha);
#pragma unroll
  for (int c = 0; c < C - 1; c++)
    out[c] = alpha == 0 ? (T) 0 : (T) rounded_ratio (s[c], alpha, inv);
}

/* The same for 32-bit sums, which only 8-bit samples have (sum_bits): the
 * quotient q = floor(colour / alpha + 1/2) is at most 255 and alpha < 2^23.
 * No branch and no integer division, since this is most of the fused
 * kernel's work per pixel:
 *
 *   y = colour * inv, with inv a float reciprocal of alpha (1 + 2^-20):
 *     below colour / alpha (the bias outweighs the 2^-22 of rcp.approx and
 *     the 2^-24 of converting colour), by at most 255 * 2^-18.9 < 2^-10;
 *   e = 2^23 + 1 + y rounded to an integer (the float spacing there is 1):
 *     y rounded is q - 1 or q (a tie too), so e - 2^23 is q or q + 1;
 *   r = 2 colour + alpha - 2 alpha (e - 2^23) is negative just when it is
 *     q + 1, and the low byte of e's bits plus r's sign is q.
 *
 * Every step is exact in 32 bits modulo 2^32 (|r| < 2^24).  A window with
 * no alpha has no colour either (every c a is 0), and gives q = 0 when
 * alpha counts as 1. */
template <int C, typename T>
__device__ __forceinline__ void
unpremultiply (const uint32_t *s, uint32_t alpha, T *out)
{
  const uint32_t two23 = 0x4b000000u;   /* the bits of 2^23 */
  uint32_t a = umax (alpha, 1u);
  /* (2^23 + a)(1 + 2^-20) - (2^23 + 8): a (1 + 2^-20), rounded once. */
  float a_up = __fmaf_rn (__uint_as_float (two23 | a), 1.0f + 0x1p-20f,
                          -(0x1p23f + 8.0f));
  float inv;
  asm ("rcp.approx.ftz.f32 %0, %1;" : "=f" (inv) : "f" (a_up));
  uint32_t a_biased = a * (1u + 2u * two23);    /* a + 2 a 2^23 */
#pragma unroll
  for (int c = 0; c < C - 1; c++)
    {
      float e = __fmaf_rn (__uint2float_rn (s[c]), inv, 0x1p23f + 1.0f);
      uint32_t bits = __float_as_uint (e);
      int32_t r = (int32_t) (a_biased - 2u * (a * bits - s[c]));
      out[c] = (T) (bits + (uint32_t) (r >> 31));
    }
}

template <int C>
__device__ __forceinline__ void
unpremultiply (const double *s, double alpha, float *out)
{
  double inv = 1.0 / alpha;
#pragma unroll
  for (int c = 0; c < C - 1; c++)
    out[c] = alpha == 0.0 ? 0.0f : (float) (s[c] * inv);
}

/* The output pixel from its window sums S. */
template <typename T, int C, bool PREMUL, typename Acc>
__device__ __forceinline__ void
finish_pixel (const Acc *s, T *out, const Window &w)
{
  if (!PREMUL)
    {
#pragma unroll
      for (int c = 0; c < C; c++)
        out[c] = window_mean<T> (s[c], w);
      return;
    }
  Acc alpha = s[C - 1];
  out[C - 1] = window_mean<T> (alpha, w);
  unpremultiply<C> (s, alpha, out);
}

/* V += V of the lane BY below, where there is one.  shfl.sync's own
 * predicate (the source lane exists) guards the add: a select per step
 * saved. */
__device__ __forceinline__ void
add_from_below (uint32_t &v, int by)
{
  asm ("{\n\t.reg .pred p;\n\t.reg .b32 t;\n\t"
       "shfl.sync.up.b32 t|p, %0, %1, 0, -1;\n\t"
       "@p add.u32 %0, %0, t;\n\t}"
       : "+r" (v) : "r" (by));
}

__device__ __forceinline__ void
add_from_below (uint64_t &v, int by)
{
  asm ("{\n\t.reg .pred p;\n\t.reg .b32 lo, hi;\n\t.reg .b64 t;\n\t"
       "mov.b64 {lo, hi}, %0;\n\t"
       "shfl.sync.up.b32 lo|p, lo, %1, 0, -1;\n\t"
       "shfl.sync.up.b32 hi, hi, %1, 0, -1;\n\t"
       "mov.b64 t, {lo, hi};\n\t"
       "@p add.u64 %0, %0, t;\n\t}"
       : "+l" (v) : "r" (by));
}

__device__ __forceinline__ void
add_from_below (double &v, int by)
{
  asm ("{\n\t.reg .pred p;\n\t.reg .b32 lo, hi;\n\t.reg .f64 t;\n\t"
       "mov.b64 {lo, hi}, %0;\n\t"
       "shfl.sync.up.b32 lo|p, lo, %1, 0, -1;\n\t"
       "shfl.sync.up.b32 hi, hi, %1, 0, -1;\n\t"
       "mov.b64 t, {lo, hi};\n\t"
       "@p add.f64 %0, %0, t;\n\t}"
       : "+d" (v) : "r" (by));
}

__device__ __forceinline__ void
add_from_below (u128 &v, int by)
{
  uint64_t hi = __shfl_up_sync (0xffffffffu, (unsigned long long) (v >> 64),
                                by);
  uint64_t lo = __shfl_up_sync (0xffffffffu, (unsigned long long) v, by);
  if ((int) (threadIdx.x & 31) >= by)
    v += ((u128) hi << 64) | lo;
}

/* Inclusive prefix over the warp's lanes, per channel. */
template <int C, typename Acc>
__device__ __forceinline__ void
warp_inclusive_scan (Acc *v)
{
#pragma unroll
  for (int by = 1; by < 32; by *= 2)
#pragma unroll
    for (int c = 0; c < C; c++)
      add_from_below (v[c], by);
}

/* ------------------------------------------------------------------ */
/* FUSED: the vertical walk                                            */
/* ------------------------------------------------------------------ */

/* Rows of one block: tile TILE of TILE_ROWS rows within [Y0, Y1), walked
 * down for even tiles and up for odd ones, so that two neighbouring tiles
 * read the rows around their common edge at about the same time (the
 * second read comes from L2). */
struct Walk
{
  int first;   /* the first row */
  int count;   /* rows */
  int step;    /* +1 or -1 */

  __device__ Walk (int y0, int y1, int tile, int tile_rows)
  {
    int lo = y0 + tile * tile_rows;
    int hi = min (lo + tile_rows, y1) - 1;
    step = tile & 1 ? -1 : 1;
    first = step > 0 ? lo : hi;
    count = hi - lo + 1;
  }
};

/* ACC += COUNT times the terms of CHUNK. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
add_chunk (Acc *acc, const Chunk<T, C> &chunk, Acc count)
{
#pragma unroll
  for (int i = 0; i < Chunk<T, C>::SAMPLES; i++)
    acc[i] += count * term<Acc, PREMUL> (chunk, i / C, i % C);
}

/* ACC += the terms of A and of B. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
add_two (Acc *acc, const Chunk<T, C> &a, const Chunk<T, C> &b)
{
  add_chunk<PREMUL> (acc, a, (Acc) 1);
  add_chunk<PREMUL> (acc, b, (Acc) 1);
}

/* Rows of the first window loaded together, before any is added (measured
 * on the H100, 8-bit RGBA at radius 25: four 2% faster than eight). */
#define START_BATCH 4

/* ACC = the vertical window sums of the chunk at X0 for row Y. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
start_window (Acc *acc, const TesseraImage &src, const Window &w, int y,
              int x0, bool whole)
{
  typedef Chunk<T, C> Ch;
  int lo = y - w.ry, hi = y + w.ry;
  Ch chunk;

#pragma unroll
  for (int i = 0; i < Ch::SAMPLES; i++)
    acc[i] = 0;
  /* Rows above the image count as row 0, below it as the last row. */
  if (lo < 0)
    {
      load_chunk (chunk, src, 0, x0, whole);
      add_chunk<PREMUL> (acc, chunk, (Acc) -lo);
    }
  if (hi > w.height - 1)
    {
      load_chunk (chunk, src, w.height - 1, x0, whole);
      add_chunk<PREMUL> (acc, chunk, (Acc) (hi - (w.height - 1)));
    }
  lo = max (lo, 0);
  hi = min (hi, w.height - 1);
  for (int j = lo; j <= hi; j += START_BATCH)
    {
      Ch batch[START_BATCH];
#pragma unroll
      for (int b = 0; b < START_BATCH; b++)
        if (j + b <= hi)
          load_chunk (batch[b], src, j + b, x0, whole);
#pragma unroll
      for (int b = 0; b < START_BATCH; b += 2)
        if (j + b + 1 <= hi)
          add_two<PREMUL> (acc, batch[b], batch[b + 1]);
        else if (j + b <= hi)
          add_chunk<PREMUL> (acc, batch[b], (Acc) 1);
    }
}

/* The rows whose chunks enter and leave the window at row I of WALK
 * (I >= 1). */
__device__ __forceinline__ void
walk_row_sources (const Window &w, const Walk &walk, int i, int *enter,
                  int *leave)
{
  int y = walk.first + i * walk.step;
  *enter = clamp_index (y + walk.step * w.ry, w.height);
  *leave = clamp_index (y - walk.step * (w.ry + 1), w.height);
}

/* ACC += the terms of ENTER, -= those of LEAVE. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
step_window (Acc *acc, const Chunk<T, C> &enter, const Chunk<T, C> &leave)
{
#pragma unroll
  for (int s = 0; s < Chunk<T, C>::SAMPLES; s++)
    /* Two fused multiply-adds for premultiplied doubles. */
    acc[s] = term<Acc, PREMUL> (enter, s / C, s % C)
             - (term<Acc, PREMUL> (leave, s / C, s % C) - acc[s]);
}

/* acc + f.lo e - f.hi l for the entering and leaving bytes (e, l) at the
 * low (HIGH false) or high half of PAIRS, f's halves signed 16-bit. */
template <bool HIGH>
__device__ __forceinline__ uint32_t
dot_pair (uint32_t acc, uint32_t f, uint32_t pairs)
{
  if (HIGH)
    asm ("dp2a.hi.s32.u32 %0, %1, %2, %0;" : "+r" (acc) : "r" (f), "r" (pairs));
  else
    asm ("dp2a.lo.s32.u32 %0, %1, %2, %0;" : "+r" (acc) : "r" (f), "r" (pairs));
  return acc;
}

/* ACC += the terms of FIRST, and -= (SUBTRACT) or += those of SECOND, for
 * bytes into 32-bit sums, the fused kernel's common case: each byte of
 * FIRST is paired with SECOND's (one byte permute per two samples), and one
 * two-way dot product per sample adds both terms: the factors are (1, -1)
 * or (1, 1), or for premultiplied colour the pixel's two alphas, the second
 * negated for SUBTRACT. */
template <bool PREMUL, bool SUBTRACT, int C>
__device__ __forceinline__ void
add_byte_pair (uint32_t *acc, const Chunk<uint8_t, C> &first,
               const Chunk<uint8_t, C> &second)
{
  typedef Chunk<uint8_t, C> Ch;
  const uint32_t plain = SUBTRACT ? 0xffff0001u : 0x00010001u;
  uint32_t factor[Ch::PIXELS];

#pragma unroll
  for (int k = 0; k < Ch::PIXELS; k++)
    {
      /* Pixel K's alphas, FIRST's in the low half, SECOND's in the high. */
      const int a = k * C + C - 1, byte = a % 4;
      uint32_t low = __byte_perm (first.word[a / 4], 0, 0x4440 | byte);
      uint32_t high = __byte_perm (second.word[a / 4], 0, 0x4044 | byte << 8);
      factor[k] = PREMUL ? (SUBTRACT ? low - high : low | high) : plain;
    }
#pragma unroll
  for (int i = 0; i < Ch::WORDS; i++)
    {
      uint32_t low = __byte_perm (first.word[i], second.word[i], 0x5140);
      uint32_t high = __byte_perm (first.word[i], second.word[i], 0x7362);
#pragma unroll
      for (int j = 0; j < 4; j++)
        {
          int s = 4 * i + j;
          uint32_t f = PREMUL && s % C != C - 1 ? factor[s / C] : plain;
          uint32_t pairs = j < 2 ? low : high;
          acc[s] = j % 2 ? dot_pair<true> (acc[s], f, pairs)
                         : dot_pair<false> (acc[s], f, pairs);
        }
    }
}

/* Entering and leaving bytes in one pass (add_byte_pair). */
template <bool PREMUL, int C>
__device__ __forceinline__ void
step_window (uint32_t *acc, const Chunk<uint8_t, C> &enter,
             const Chunk<uint8_t, C> &leave)
{
  add_byte_pair<PREMUL, true> (acc, enter, leave);
}

/* Two rows of a first window in one pass (add_byte_pair; measured on the
 * H100 at radius 25: 8-bit gray 10% faster, RGBA unchanged). */
template <bool PREMUL, int C>
__device__ __forceinline__ void
add_two (uint32_t *acc, const Chunk<uint8_t, C> &a,
         const Chunk<uint8_t, C> &b)
{
  add_byte_pair<PREMUL, false> (acc, a, b);
}

/* Where the walk keeps the chunks that enter and leave the window: each
 * row's are fetched ROWS rows ahead of their use, so that their loads are
 * in flight while the block works on the rows before.  A ring offers
 * fetch (slot, row), commit () after each row's fetch (made or not),
 * wait (slot) until the oldest slot has landed, and read (slot, enter,
 * leave); slots are compile-time indices.  REFILL_AFTER_EMIT: whether the
 * walk refills a slot only after the row's emit (see SharedRing). */

/* In registers: 32 bytes' worth per thread and direction, since registers
 * bound how many warps an SM holds (measured: one row or two ahead ran
 * alike; four cost 16 more registers). */
template <typename T, int C>
struct RegisterRing
{
  typedef Chunk<T, C> Ch;
  static const int ROWS = Ch::BYTES <= 16 ? 2 : 1;
  static const bool REFILL_AFTER_EMIT = false;
  Ch enter[ROWS], leave[ROWS];

  /* The same interface as SharedRing's: it needs no shared memory. */
  __host__ __device__ static size_t bytes (int) { return 0; }
  __device__ static RegisterRing
  at (unsigned char *, int, int, bool)
  {
    return RegisterRing ();
  }

  __device__ __forceinline__ void
  fetch (int slot, const TesseraImage &src, const Window &w,
         const Walk &walk, int i, int x0, bool whole)
  {
    int ye, yl;
    walk_row_sources (w, walk, i, &ye, &yl);
    load_chunk (enter[slot], src, ye, x0, whole);
    load_chunk (leave[slot], src, yl, x0, whole);
  }

  __device__ __forceinline__ void commit () {}
  __device__ __forceinline__ void wait (int) {}

  __device__ __forceinline__ void
  read (int slot, Ch &e, Ch &l) const
  {
    e = enter[slot];
    l = leave[slot];
  }
};

/* The shared-memory address of P, as the asynchronous copies and the
 * barriers take it. */
__device__ __forceinline__ uint32_t
shared_address (const void *p)
{
  return (uint32_t) __cvta_generic_to_shared (p);
}

/* LOAD bytes from global to shared memory: an asynchronous copy from sm_80
 * on, before it a load and a store. */
template <int LOAD>
__device__ __forceinline__ void
copy_piece (unsigned char *to, const unsigned char *from)
{
#if __CUDA_ARCH__ >= 800
  uint32_t address = shared_address (to);
  if constexpr (LOAD == 16)
    asm volatile ("cp.async.cg.shared.global [%0], [%1], 16;"
                  :: "r" (address), "l" (from) : "memory");
  else
    asm volatile ("cp.async.ca.shared.global [%0], [%1], %2;"
                  :: "r" (address), "l" (from), "n" (LOAD) : "memory");
#else
  if constexpr (LOAD == 16)
    *(uint4 *) to = __ldg ((const uint4 *) from);
  else if constexpr (LOAD == 8)
    *(uint2 *) to = __ldg ((const uint2 *) from);
  else
    *(uint32_t *) to = __ldg ((const uint32_t *) from);
#endif
}

/* Rows that the shared-memory ring fetches ahead (measured on 8-bit RGBA,
 * with four blocks per SM: three rows 0.236 ms, two 0.239; with three
 * blocks, four and six rows were no faster than two). */
#define SHARED_RING_ROWS 3

/* Bytes of global to shared memory, 16-byte aligned at both ends, in one
 * bulk copy that counts its bytes on the barrier at BARRIER (sm_90). */
__device__ __forceinline__ void
bulk_copy (unsigned char *to, const unsigned char *from, int bytes,
           uint32_t barrier)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx"
                "::bytes [%0], [%1], %2, [%3];"
                :: "r" (shared_address (to)),
                   "l" (from), "r" (bytes), "r" (barrier) : "memory");
#endif
}

/* Sets up the barrier at BARRIER for COUNT arrivals a phase (sm_90). */
__device__ __forceinline__ void
init_barrier (uint32_t barrier, int count)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("mbarrier.init.shared::cta.b64 [%0], %1;"
                :: "r" (barrier), "r" (count) : "memory");
#endif
}

/* Arrives on the barrier at BARRIER, which is to count BYTES of copies in
 * its current phase (sm_90). */
__device__ __forceinline__ void
expect_bytes (uint32_t barrier, int bytes)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                :: "r" (barrier), "r" (bytes) : "memory");
#endif
}

/* Waits until the barrier at BARRIER has completed the phase of PARITY. */
__device__ __forceinline__ void
wait_barrier (uint32_t barrier, uint32_t parity)
{
#if __CUDA_ARCH__ >= 900
  uint32_t done;
  do
    asm volatile ("{ .reg .pred p;\n"
                  "  mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                  "  selp.u32 %0, 1, 0, p; }"
                  : "=r" (done) : "r" (barrier), "r" (parity) : "memory");
  while (!done);
#endif
}

/* In shared memory: it holds no registers, so that more warps fit an SM,
 * and rows can be fetched further ahead.  A block's chunks of a row are
 * one run of bytes, so from sm_90 on one thread fetches the run for all:
 * two bulk copies a row (entering and leaving) that complete on the
 * slot's barrier, where each thread made two asynchronous copies before.
 * What a bulk copy cannot take each thread fetches itself: every chunk of
 * rows not 16-byte aligned or below sm_90, and the chunks at the row's
 * ends off the 16-byte grid or past its ends.  Chunks wholly past the ends
 * only repeat the row's first or last pixel, which they read from the
 * copied chunks where those hold it: loading it themselves, they waited
 * for the load and held up the blocks at the image's sides, the last of
 * the single wave to finish (measured on the H100, 7680x4320, radius 25:
 * 7% of the time of 8-bit RGBA, 16% of gray and of RGB).  Where the block
 * has bulk copies every thread waits for the slot's barrier.
 *
 * Laid out [slot][enter, leave][chunk] as in the row, each half shifted
 * so that the row's 16-byte boundaries fall on shared memory's: thread
 * t's chunk is at mine + (slot * 2 + half) * plane.  The barriers and the
 * bulk copy's place are static shared variables, at addresses known when
 * linking, so that they take no registers (the walk has none to spare).
 * One thread refills a slot that all read: the walk refills it only after
 * the row's emit has synchronised the block (REFILL_AFTER_EMIT). */
template <typename T, int C>
struct SharedRing
{
  typedef Chunk<T, C> Ch;
  static const int ROWS = SHARED_RING_ROWS;
  static const bool REFILL_AFTER_EMIT = true;
  static const int SHIFT = 16;   /* room for the shift in each half */
  /* Chunks a bulk copy's ends are multiples of, for 16-byte alignment. */
  static const int GRID = Ch::BYTES % 16 == 0 ? 1 : (Ch::BYTES % 8 == 0 ? 2 : 4);

  /* Thread 0's bulk copy of a row: BYTES from byte FROM of the row to TO
   * in slot 0's enter half. */
  struct BulkCopy
  {
    unsigned char *to;
    int            from, bytes;
  };

  unsigned char *mine;
  int            plane;
  int            edge;    /* non-zero: the chunk repeats the pixel this
                             many bytes from mine */
  bool           by_bulk; /* the block's rows come by bulk copies */
  bool           own;     /* this thread fetches its chunk itself */
  bool           fetches; /* own, or the bulk copies' thread */
  uint32_t       phase;   /* the parity that the slots' barriers wait for */
  uint32_t       barriers;  /* barrier_base () */

  /* The slots' barriers: shared memory per block, like BulkCopy's, whose
   * address is worked out once (from sm_90 it takes a read of the block's
   * place in its cluster, which the compiler repeated on every row). */
  __device__ static uint32_t
  barrier_base ()
  {
    __shared__ uint64_t barriers[ROWS];
    return shared_address (barriers);
  }

  __device__ __forceinline__ uint32_t
  barrier (int slot) const
  {
    return barriers + 8 * slot;
  }

  __device__ static BulkCopy &
  bulk ()
  {
    __shared__ BulkCopy copy;
    return copy;
  }

  /* The ring at RING, in a block's shared memory, for a block whose first
   * chunk is FIRST (negative: before the row), in rows of WIDTH pixels;
   * BULK_ROWS: the rows are 16-byte aligned. */
  __device__ static SharedRing
  at (unsigned char *ring, int first, int width, bool bulk_rows)
  {
    const int PIXEL = C * sizeof (T);
    SharedRing r;
    int whole_chunks = width / Ch::PIXELS, chunk = first + threadIdx.x;
    int lo = max (first, 0), hi = min (first + (int) blockDim.x, whole_chunks);
    unsigned char *start = ring + ((first % GRID + GRID) % GRID)
                                  * Ch::BYTES % 16;

    lo = (lo + GRID - 1) / GRID * GRID;
    hi = hi / GRID * GRID;
#if __CUDA_ARCH__ < 900
    bulk_rows = false;
#endif
    if (!bulk_rows || hi <= lo)
      lo = hi = first;
    r.plane = Ch::BYTES * blockDim.x + SHIFT;
    r.mine = start + threadIdx.x * Ch::BYTES;
    r.by_bulk = hi > lo;
    /* The first pixel is bulk-copied if chunk 0 is; the last if the
     * copies reach the row's end. */
    r.edge = 0;
    if (r.by_bulk && chunk < 0 && lo == 0)
      r.edge = -chunk * Ch::BYTES;
    if (r.by_bulk && chunk * Ch::PIXELS >= width && hi * Ch::PIXELS == width)
      r.edge = (width - 1) * PIXEL - chunk * Ch::BYTES;
    r.own = (chunk < lo || chunk >= hi) && r.edge == 0;
    r.fetches = r.own || (r.by_bulk && threadIdx.x == 0);
    r.phase = 0;
    r.barriers = barrier_base ();
#if __CUDA_ARCH__ >= 900
    if (threadIdx.x == 0)
      {
        bulk () = { start + (lo - first) * Ch::BYTES, lo * Ch::BYTES,
                    (hi - lo) * Ch::BYTES };
        for (int s = 0; s < ROWS; s++)
          init_barrier (r.barrier (s), 1);
        asm volatile ("fence.mbarrier_init.release.cluster;" ::: "memory");
      }
    __syncthreads ();
#endif
    return r;
  }

  /* Bytes of the ring for a block of THREADS. */
  __host__ __device__ static size_t
  bytes (int threads)
  {
    return (size_t) ROWS * 2 * (threads * Ch::BYTES + SHIFT);
  }

  /* Row Y's chunk into this thread's place in HALF of SLOT. */
  __device__ __forceinline__ void
  fetch_chunk (int slot, int half, const TesseraImage &src, int y, int x0,
               bool whole)
  {
    unsigned char *to = mine + (slot * 2 + half) * plane;
    if (whole)
      {
        const unsigned char *p = image_row (src, y)
                                 + (ptrdiff_t) x0 * (C * sizeof (T));
#pragma unroll
        for (int i = 0; i < Ch::BYTES / Ch::LOAD; i++)
          copy_piece<Ch::LOAD> (to + i * Ch::LOAD, p + i * Ch::LOAD);
        return;
      }
    Ch chunk;
    load_chunk (chunk, src, y, x0, false);
#pragma unroll
    for (int i = 0; i < Ch::WORDS; i++)
      ((uint32_t *) to)[i] = chunk.word[i];
  }

  /* Thread 0's bulk copies of the rows YE and YL into SLOT. */
  __device__ __forceinline__ void
  fetch_bulk (int slot, const TesseraImage &src, int ye, int yl) const
  {
    const BulkCopy &b = bulk ();
    expect_bytes (barrier (slot), 2 * b.bytes);
    bulk_copy (b.to + slot * 2 * plane, image_row (src, ye) + b.from,
               b.bytes, barrier (slot));
    bulk_copy (b.to + (slot * 2 + 1) * plane, image_row (src, yl) + b.from,
               b.bytes, barrier (slot));
  }

  __device__ __forceinline__ void
  fetch (int slot, const TesseraImage &src, const Window &w,
         const Walk &walk, int i, int x0, bool whole)
  {
    int ye, yl;
    if (!fetches)
      return;
    walk_row_sources (w, walk, i, &ye, &yl);
    if (by_bulk && threadIdx.x == 0)
      fetch_bulk (slot, src, ye, yl);
    else if (threadIdx.x == 0)
      expect_bytes (barrier (slot), 0);   /* see wait */
    if (own)
      {
        fetch_chunk (slot, 0, src, ye, x0, whole);
        fetch_chunk (slot, 1, src, yl, x0, whole);
      }
  }

  /* The groups of asynchronous copies, only in the threads that make them:
   * the others then have none to wait for. */
  __device__ __forceinline__ void
  commit ()
  {
#if __CUDA_ARCH__ >= 800
    if (own)
      asm volatile ("cp.async.commit_group;" ::: "memory");
#endif
  }

  /* Every thread waits for its own copies (none: no wait) and for the
   * slot's barrier, so that the warps stay converged for the scan that
   * follows (in the profile, warps whose threads waited apart took the
   * scan's slow divergent path).  In a block without bulk copies thread 0
   * completes the barrier's phase itself (fetch), so that no thread asks
   * which kind its block is on every row (measured on the H100 at radius
   * 25, with the barriers' address worked out once: 8-bit RGBA 2.5%
   * faster, gray 2%).  Each pass of the walk uses every slot once, so all
   * wait for the same phase, which turns after the last slot. */
  __device__ __forceinline__ void
  wait (int slot)
  {
#if __CUDA_ARCH__ >= 800
    asm volatile ("cp.async.wait_group %0;" :: "n" (ROWS - 1) : "memory");
#endif
    wait_barrier (barrier (slot), phase);
    if (slot == ROWS - 1)
      phase ^= 1;
  }

  __device__ __forceinline__ void
  read_chunk (Ch &chunk, int slot, int half) const
  {
    typedef typename Vector<Ch::LOAD>::Type V;
    const unsigned char *from = mine + (slot * 2 + half) * plane;
#pragma unroll
    for (int i = 0; i < Ch::BYTES / Ch::LOAD; i++)
      {
        V v = *(const V *) (from + i * Ch::LOAD);
        memcpy (&chunk.word[i * (Ch::LOAD / 4)], &v, Ch::LOAD);
      }
  }

  /* The chunk that repeats the pixel at EDGE. */
  __device__ __forceinline__ void
  read_edge (Ch &chunk, int slot, int half) const
  {
    const T *pixel = (const T *) (mine + (slot * 2 + half) * plane + edge);
    T sample[C];
#pragma unroll
    for (int c = 0; c < C; c++)
      sample[c] = pixel[c];
    chunk.clear ();
#pragma unroll
    for (int i = 0; i < Ch::SAMPLES; i++)
      chunk.set (i, sample[i % C]);
  }

  __device__ __forceinline__ void
  read (int slot, Ch &e, Ch &l) const
  {
    if (edge != 0)
      {
        read_edge (e, slot, 0);
        read_edge (l, slot, 1);
        return;
      }
    read_chunk (e, slot, 0);
    read_chunk (l, slot, 1);
  }
};

/* F (std::integral_constant<int, d>) for d = 0 .. N - 1: a loop over the
 * ring's slots whose index is known at compile time in each call. */
template <int N, int D = 0, typename F>
__device__ __forceinline__ void
unrolled_slots (F &&f)
{
  if constexpr (D < N)
    {
      f (std::integral_constant<int, D> ());
      unrolled_slots<N, D + 1> (f);
    }
}

/* Walks the block's rows: EMIT (y, acc) gets every row's vertical window
 * sums, in walking order.  As soon as a row's RING slot is used (or once
 * the row is emitted, Ring::REFILL_AFTER_EMIT), the row Ring::ROWS further
 * on is fetched into it.  EMIT may synchronise the block: the trip counts
 * are the same for all its threads; a ring refilled after the emit needs
 * an EMIT that does. */
template <bool PREMUL, typename T, int C, typename Acc, typename Ring,
          typename Emit>
__device__ __forceinline__ void
walk_rows (const TesseraImage &src, const Window &w, const Walk &walk,
           int x0, bool whole, Ring &ring, Emit &emit)
{
  typedef Chunk<T, C> Ch;
  const int D = Ring::ROWS;
  Acc acc[Ch::SAMPLES];

#pragma unroll
  for (int d = 0; d < D; d++)
    {
      if (1 + d < walk.count)
        ring.fetch (d, src, w, walk, 1 + d, x0, whole);
      ring.commit ();
    }
  start_window<PREMUL, T, C> (acc, src, w, walk.first, x0, whole);
  emit (walk.first, acc);
  /* Row I of the walk, from ring slot SLOT.  The walk calls it from one
   * lambda per slot (measured on the H100, 8-bit RGBA at radius 25: 2%
   * faster than the same body in a `#pragma unroll` loop over the slots,
   * 0.191-0.194 ms against 0.195-0.196; the compiler lays the two out
   * differently). */
  auto row = [&] (int i, auto slot) {
    const int d = decltype (slot)::value;
    Ch enter, leave;
    auto refill = [&] {
      if (i + D < walk.count)
        ring.fetch (d, src, w, walk, i + D, x0, whole);
      ring.commit ();
    };
    ring.wait (d);
    ring.read (d, enter, leave);
    step_window<PREMUL> (acc, enter, leave);
    if constexpr (!Ring::REFILL_AFTER_EMIT)
      refill ();
    emit (walk.first + i * walk.step, acc);
    if constexpr (Ring::REFILL_AFTER_EMIT)
      refill ();
  };
  for (int i = 1; i < walk.count; i += D)
    unrolled_slots<D> ([&] (auto slot) {
      if (i + decltype (slot)::value < walk.count)
        row (i + decltype (slot)::value, slot);
    });
}

/* The most pixels a chunk holds (8-bit gray). */
#define MAX_CHUNK_PIXELS 16

/* The fused kernel's shape, from the host. */
struct FusedShape
{
  int  halo;        /* chunks on each side that only feed the window */
  int  tile_rows;
  bool src_aligned, dst_aligned;
  bool src_bulk;    /* rows 16-byte aligned, for SharedRing's bulk copies */
  /* For pixel K of a thread's chunk, where the prefixes at the two ends of
   * its window lie in shared memory, in bytes from the thread's own chunk
   * (the same for every thread and row).  The lower end of an output
   * pixel's window lies at most one chunk before the block's first, which
   * holds zeros. */
  int  hi_byte[MAX_CHUNK_PIXELS];
  int  lo_byte[MAX_CHUNK_PIXELS];
};

/* How a block's prefix sums lie in shared memory: chunk after chunk, each
 * padded to an odd number of vectors, so that the lanes of a warp, each
 * storing or loading a pixel of its own chunk, hit distinct banks. */
template <typename T, int C, typename Acc>
struct PrefixLayout
{
  static const int PIXEL_BYTES = C * (int) sizeof (Acc);
  static const int VECTOR = (C & (C - 1)) == 0
                            ? (PIXEL_BYTES < 16 ? PIXEL_BYTES : 16)
                            : (int) sizeof (Acc);
  static const int VECTORS = PIXEL_BYTES / VECTOR;
  static const int CHUNK_VECTORS = Chunk<T, C>::PIXELS * VECTORS;
  static const int PITCH = (CHUNK_VECTORS | 1) * VECTOR;   /* bytes */
  typedef typename Vector<VECTOR>::Type V;

  /* The C sums at byte OFFSET of BASE. */
  __device__ __forceinline__ static void
  store (unsigned char *base, int offset, const Acc *sums)
  {
#pragma unroll
    for (int i = 0; i < VECTORS; i++)
      {
        V v;
        memcpy (&v, (const unsigned char *) sums + i * VECTOR, VECTOR);
        ((V *) (base + offset))[i] = v;
      }
  }

  __device__ __forceinline__ static void
  load (const unsigned char *base, int offset, Acc *sums)
  {
#pragma unroll
    for (int i = 0; i < VECTORS; i++)
      {
        V v = ((const V *) (base + offset))[i];
        memcpy ((unsigned char *) sums + i * VECTOR, &v, VECTOR);
      }
  }

  /* The byte offset of pixel X of the block's chunks. */
  __device__ __forceinline__ static int
  offset (int x)
  {
    const int K = Chunk<T, C>::PIXELS;
    return x / K * PITCH + x % K * PIXEL_BYTES;
  }
};

/* BEFORE += the totals of the warps before warp WARP, per channel. */
template <int C, typename Acc>
__device__ __forceinline__ void
add_warps_before (Acc *before, const Acc *totals, int warp)
{
  for (int v = 0; v < warp; v++)
#pragma unroll
    for (int c = 0; c < C; c++)
      before[c] += totals[v * C + c];
}

/* 32-bit sums on devices with warp reductions (sm_80 on): lane v adds warp
 * v's totals, if it comes before, in one reduction per channel. */
template <int C>
__device__ __forceinline__ void
add_warps_before (uint32_t *before, const uint32_t *totals, int warp)
{
#if __CUDA_ARCH__ >= 800
  int lane = threadIdx.x & 31;
#pragma unroll
  for (int c = 0; c < C; c++)
    before[c] += __reduce_add_sync (0xffffffffu, lane < warp
                                                 ? totals[lane * C + c] : 0u);
#else
  add_warps_before<C, uint32_t> (before, totals, warp);
#endif
}

/* The horizontal window of the fused kernel: the prefix sums of the
 * block's row in shared memory, then each output pixel's window as the
 * difference of two prefixes, at places the host worked out (FusedShape).
 * The prefixes are a scan within each warp plus the totals of the warps
 * before it, exchanged through shared memory: two barriers per row, and no
 * branch that depends on where a window starts or ends. */
template <bool PREMUL, typename T, int C, typename Acc>
struct FusedEmit
{
  typedef Chunk<T, C> Ch;
  typedef PrefixLayout<T, C, Acc> Layout;
  static const int K = Ch::PIXELS;

  unsigned char      *prefix;       /* [threads * PITCH bytes], after a
                                       zero chunk */
  Acc                *warp_totals;  /* [warps][C] */
  const TesseraImage &dst;
  const Window       &w;
  const FusedShape   &shape;
  int                 x0;
  bool                writes;
  bool                whole;        /* chunk_whole for DST */

  __device__ void operator() (int y, const Acc *acc)
  {
    int tid = threadIdx.x, warp = tid >> 5;
    Acc p[Ch::SAMPLES], total[C], upto[C];
    unsigned char *mine = prefix + tid * Layout::PITCH;

    /* The chunk's totals, then the lanes' up to this one. */
#pragma unroll
    for (int c = 0; c < C; c++)
      {
        total[c] = acc[c];
#pragma unroll
        for (int k = 1; k < K; k++)
          total[c] += acc[k * C + c];
        upto[c] = total[c];
      }
    warp_inclusive_scan<C> (upto);
    if ((tid & 31) == 31)
#pragma unroll
      for (int c = 0; c < C; c++)
        warp_totals[warp * C + c] = upto[c];
    __syncthreads ();

    /* The prefixes: the lanes before this one, the warps before it (the
     * same trip count for the whole warp), then the chunk's own. */
#pragma unroll
    for (int c = 0; c < C; c++)
      p[c] = upto[c] - total[c];
    add_warps_before<C> (p, warp_totals, warp);
#pragma unroll
    for (int i = 0; i < Ch::SAMPLES; i++)
      p[i] = i < C ? p[i] + acc[i] : p[i - C] + acc[i];
#pragma unroll
    for (int k = 0; k < K; k++)
      Layout::store (mine, k * Layout::PIXEL_BYTES, p + k * C);
    __syncthreads ();

    if (writes)
      {
        Ch out;
        out.clear ();
#pragma unroll
        for (int k = 0; k < K; k++)
          {
            Acc s[C], lo[C];
            T pixel[C];
            Layout::load (mine, shape.hi_byte[k], s);
            Layout::load (mine, shape.lo_byte[k], lo);
#pragma unroll
            for (int c = 0; c < C; c++)
              s[c] -= lo[c];
            finish_pixel<T, C, PREMUL> (s, pixel, w);
#pragma unroll
            for (int c = 0; c < C; c++)
              out.set (k * C + c, pixel[c]);
          }
        store_chunk (out, dst, y, x0, whole);
      }
  }
};

/* Fills SHAPE's prefix places for the layout of one instantiation. */
template <typename T, int C, typename Acc>
static void
place_prefixes (FusedShape *shape, int rx)
{
  typedef PrefixLayout<T, C, Acc> Layout;
  const int K = Chunk<T, C>::PIXELS;
  static_assert (K <= MAX_CHUNK_PIXELS, "FusedShape's tables are too short");
  for (int k = 0; k < K; k++)
    {
      int hi = k + rx, lo = k - rx - 1;
      int lo_chunk = lo >= 0 ? lo / K : -((-lo + K - 1) / K);
      shape->hi_byte[k] = hi / K * Layout::PITCH + hi % K * Layout::PIXEL_BYTES;
      shape->lo_byte[k] = lo_chunk * Layout::PITCH
                          + (lo - lo_chunk * K) * Layout::PIXEL_BYTES;
    }
}

/* The fused kernel's ring: in shared memory for 32-bit sums and for 16-bit
 * samples' 64-bit ones, whose registers are what bounds the warps an SM
 * holds (measured on the H100 at radius 25: 8-bit RGBA 0.259 ms with the
 * ring in registers and three blocks per SM, 0.242 with the shared ring and
 * four; 16-bit RGBA 0.870 ms with the ring in registers and two blocks,
 * 0.689 with the shared ring and three); in registers for the rest: float
 * sums (float RGBA with a shared ring took 1.01 ms instead of 0.58; that
 * kernel is bound by DRAM traffic, not by its warps), 128-bit sums, and
 * 8-bit samples' 64-bit sums of wide windows, sixteen a thread, which
 * leave no registers for a third block (radius 100 was 3% slower with the
 * shared ring).
 *
 * MIN_BLOCKS, the blocks per SM that the kernel's registers must allow: it
 * waits on latency more than on any pipe, so the more warps the better, up
 * to where the compiler starts to spill.  With the shared ring, four (64
 * registers) for 32-bit sums but three (80) for one channel, whose sixteen
 * sums a thread spill at 64, and three for 16-bit samples' 64-bit sums
 * (eight a thread); two with the ring in registers (measured on 8-bit RGBA
 * with the ring in registers: two blocks 15-20% slower than three, four
 * spilled). */
template <typename T, int C, typename Acc>
struct FusedRing
{
  typedef RegisterRing<T, C> Type;
  static const int MIN_BLOCKS = 2;
};

template <typename T, int C>
struct FusedRing<T, C, uint32_t>
{
  typedef SharedRing<T, C> Type;
  static const int MIN_BLOCKS = C == 1 ? 3 : 4;
};

template <int C>
struct FusedRing<uint16_t, C, uint64_t>
{
  typedef SharedRing<uint16_t, C> Type;
  static const int MIN_BLOCKS = 3;
};

/* The fused kernel's shared memory: a zero chunk, the block's prefixes,
 * the warp totals, then (16-byte aligned) a shared ring. */
template <typename T, int C, typename Acc>
__host__ __device__ size_t
fused_ring_offset (int threads)
{
  size_t sums = (size_t) (threads + 1) * PrefixLayout<T, C, Acc>::PITCH
                + sizeof (Acc) * (threads / 32) * C;
  return (sums + 15) / 16 * 16;
}

template <bool PREMUL, typename T, int C, typename Acc>
size_t
fused_shared_bytes (int threads)
{
  return fused_ring_offset<T, C, Acc> (threads)
         + FusedRing<T, C, Acc>::Type::bytes (threads);
}

template <bool PREMUL, typename T, int C, typename Acc>
__global__ void __launch_bounds__ (256, FusedRing<T, C, Acc>::MIN_BLOCKS)
fused_kernel (TesseraImage src, TesseraImage dst, Window w,
              const __grid_constant__ FusedShape shape)
{
  typedef Chunk<T, C> Ch;
  typedef PrefixLayout<T, C, Acc> Layout;
  typedef typename FusedRing<T, C, Acc>::Type Ring;
  extern __shared__ __align__ (16) unsigned char shared[];
  int outputs = blockDim.x - 2 * shape.halo;
  int chunk = blockIdx.x * outputs - shape.halo + threadIdx.x;
  int x0 = chunk * Ch::PIXELS;
  Walk walk (0, w.height, blockIdx.y, shape.tile_rows);
  FusedEmit<PREMUL, T, C, Acc> emit = {
    shared + Layout::PITCH,
    (Acc *) (shared + (blockDim.x + 1) * Layout::PITCH),
    dst, w, shape, x0,
    (int) threadIdx.x >= shape.halo
      && (int) threadIdx.x < (int) blockDim.x - shape.halo && x0 < w.width,
    chunk_whole<T, C> (x0, w.width, shape.dst_aligned)
  };
  Ring ring = Ring::at (shared + fused_ring_offset<T, C, Acc> (blockDim.x),
                        chunk - (int) threadIdx.x, w.width,
                        shape.src_bulk);

  for (int i = threadIdx.x; i < Layout::PITCH / 4; i += blockDim.x)
    ((uint32_t *) shared)[i] = 0;
  walk_rows<PREMUL, T, C, Acc> (src, w, walk, x0,
                                chunk_whole<T, C> (x0, w.width,
                                                   shape.src_aligned),
                                ring, emit);
}

/* ------------------------------------------------------------------ */
/* FUSED, two passes for wide windows                                  */
/* ------------------------------------------------------------------ */

/* Stores the vertical window sums, pixel-major, into a band of rows
 * starting at row Y0. */
template <int KC, typename Acc>
struct BandEmit
{
  Acc *band;
  size_t row_pitch;   /* Acc per band row */
  int y0;
  int first_sample;
  int samples;        /* of this chunk inside the row */

  __device__ void operator() (int y, const Acc *acc)
  {
    Acc *row = band + (size_t) (y - y0) * row_pitch + first_sample;
#pragma unroll
    for (int i = 0; i < KC; i++)
      if (i < samples)
        row[i] = acc[i];
  }
};

template <bool PREMUL, typename T, int C, typename Acc>
__global__ void __launch_bounds__ (256)
vertical_kernel (TesseraImage src, Window w, Acc *band, int y0, int y1,
                 int tile_rows, bool aligned)
{
  typedef Chunk<T, C> Ch;
  int chunk = blockIdx.x * blockDim.x + threadIdx.x;
  int x0 = chunk * Ch::PIXELS;
  if (x0 >= w.width)
    return;
  Walk walk (y0, y1, blockIdx.y, tile_rows);
  BandEmit<Ch::SAMPLES, Acc> emit = {
    band, (size_t) w.width * C, y0, x0 * C,
    min (Ch::PIXELS, w.width - x0) * C
  };
  RegisterRing<T, C> ring;
  walk_rows<PREMUL, T, C, Acc> (src, w, walk, x0,
                                chunk_whole<T, C> (x0, w.width, aligned),
                                ring, emit);
}

/* One block per band row: the row's prefix sums in place, then every
 * pixel's horizontal window in closed form (clamped ends plus the edge
 * pixels' extra copies). */
template <bool PREMUL, typename T, int C, typename Acc>
__global__ void __launch_bounds__ (256)
horizontal_kernel (Acc *band, TesseraImage dst, Window w, int y0)
{
  __shared__ Acc totals[8][C];
  Acc *row = band + (size_t) blockIdx.x * w.width * C;
  int y = y0 + blockIdx.x, tid = threadIdx.x, warp = tid >> 5;
  int warps = blockDim.x / 32;
  Acc carry[C];

#pragma unroll
  for (int c = 0; c < C; c++)
    carry[c] = 0;
  for (int base = 0; base < w.width; base += blockDim.x)
    {
      int x = base + tid;
      Acc incl[C];
#pragma unroll
      for (int c = 0; c < C; c++)
        incl[c] = x < w.width ? row[(size_t) x * C + c] : (Acc) 0;
      warp_inclusive_scan<C> (incl);
      if ((tid & 31) == 31)
#pragma unroll
        for (int c = 0; c < C; c++)
          totals[warp][c] = incl[c];
      __syncthreads ();
#pragma unroll
      for (int c = 0; c < C; c++)
        {
          Acc before = carry[c], all = carry[c];
          for (int v2 = 0; v2 < warps; v2++)
            {
              if (v2 < warp)
                before += totals[v2][c];
              all += totals[v2][c];
            }
          if (x < w.width)
            row[(size_t) x * C + c] = before + incl[c];
          carry[c] = all;
        }
      __syncthreads ();
    }

  /* The prefixes P(x) are in place; the edge pixels' own sums follow. */
  Acc first[C], last[C];
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      first[c] = row[c];
      last[c] = row[(size_t) (w.width - 1) * C + c]
                - (w.width > 1 ? row[(size_t) (w.width - 2) * C + c] : (Acc) 0);
    }
  unsigned char *out_row = (unsigned char *) dst.data + (size_t) y * dst.stride;
  for (int x = tid; x < w.width; x += blockDim.x)
    {
      int hi = min (x + w.rx, w.width - 1), lo = max (x - w.rx, 0) - 1;
      Acc left = (Acc) max (w.rx - x, 0);
      Acc right = (Acc) max (x + w.rx - (w.width - 1), 0);
      Acc s[C];
      T out[C];
#pragma unroll
      for (int c = 0; c < C; c++)
        s[c] = row[(size_t) hi * C + c]
               - (lo >= 0 ? row[(size_t) lo * C + c] : (Acc) 0)
               + left * first[c] + right * last[c];
      finish_pixel<T, C, PREMUL> (s, out, w);
      T *p = (T *) (out_row + (size_t) x * C * sizeof (T));
#pragma unroll
      for (int c = 0; c < C; c++)
        p[c] = out[c];
    }
}

/* ------------------------------------------------------------------ */
/* FUSED, four float channels: the row ring (sm_90)                    */
/* ------------------------------------------------------------------ */

/* Four float channels take a walk of their own where it fits.  The
 * register walk above reads each row twice, 2ry + 1 rows apart, and at the
 * sizes that fill the device the rows in between outgrow the L2, so the
 * second read comes from DRAM again (bench/RESULTS.md, eighth to twelfth
 * rounds).  Here one block per SM keeps the window's rows on chip, and the
 * image is read once:
 *
 * - row warps take the strip's input rows in turn, each row fetched by the
 *   warp's own asynchronous copies into a staging row one row ahead, and
 *   form its horizontal window sums in double (an in-lane prefix of eight
 *   pixels a lane, a warp scan, two shuffles per sum) of the terms scaled
 *   by 2^-e <= 1 / (2rx + 1), so that the sums cannot overflow a float;
 *   those are rounded to float and stored in a ring of at least 2ry + 2
 *   rows;
 * - column warps, a lane an output pixel, walk down the tile with running
 *   double sums of those floats: each float enters and later leaves the
 *   sum exactly, so nothing drifts, and the rounding costs at most 2^-24 of
 *   the window's mean magnitude (tests/gpu/parity-box-blur.c);
 * - mbarriers order it: a staging row landed, a ring row written, a ring
 *   row read for the last time by every column warp.  No block-wide
 *   barrier, and no step that passes from warp to warp row after row. */

#define ROW_RING_WARPS 16        /* 512 threads of 128 registers */
#define ROW_RING_LANE_PIXELS 8   /* contiguous input pixels a row lane holds */
#define ROW_RING_MAX_OUTPUT 192  /* output pixels a strip: six column warps */

/* The row ring's shape, from the host. */
struct RowRingShape
{
  int ring_px;      /* input pixels of a strip, halos included (<= 256) */
  int out_px;       /* output pixels of a strip */
  int tile_rows;
  int slots;        /* rows of the ring */
  int row_warps;    /* warps 0 .. row_warps - 1; the rest are column warps */
};

/* The block's shared memory and tile. */
struct RowRingBlock
{
  unsigned char *ring;      /* [slots][row_bytes]: horizontal sums, float4 */
  unsigned char *staging;   /* [row_warps][ring_px]: input pixels */
  uint64_t      *staged;    /* [row_warps]: a staging row has landed */
  uint64_t      *written;   /* [slots]: a ring row is written */
  uint64_t      *released;  /* [slots]: every column warp is done with it */
  int            row_bytes;
  int            x0;        /* image column of the strip's first input pixel */
  int            y0, rows;  /* the tile's first output row, and its rows */
};

/* Byte offset of pixel Q in a ring or staging row: eight 16-byte pixels to
 * a 128-byte group, those of group g permuted by g mod 8, so that lanes
 * reading pixel k of their own groups hit distinct banks, as do lanes
 * reading consecutive pixels. */
__device__ __forceinline__ int
row_ring_place (int q)
{
  return 128 * (q >> 3) + 16 * ((q & 7) ^ ((q >> 3) & 7));
}

/* Arrives on BARRIER: lane 0 for the warp, once its lanes' shared memory
 * accesses are done. */
__device__ __forceinline__ void
warp_arrives (uint32_t barrier)
{
  __syncwarp ();
#if __CUDA_ARCH__ >= 900
  if ((threadIdx.x & 31) == 0)
    asm volatile ("mbarrier.arrive.shared::cta.b64 _, [%0];"
                  :: "r" (barrier) : "memory");
#endif
}

/* Arrives on BARRIER once this thread's asynchronous copies have landed. */
__device__ __forceinline__ void
copies_arrive (uint32_t barrier)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];"
                :: "r" (barrier) : "memory");
#endif
}

/* 2^-e for the least e with 2^e >= 2 rx + 1: scaled by it, a row's
 * window sums stay within the samples' range (exactly so, short of
 * subnormal floats). */
__device__ __forceinline__ float
row_ring_scale (int rx)
{
  int e = 32 - __clz (2 * rx);
  return __int_as_float ((127 - e) << 23);
}

/* 1 / A for A > 0: the hardware estimate and one Newton step (relative
 * error near 2^-40, far below the float the result becomes). */
__device__ __forceinline__ double
reciprocal (double a)
{
  double r;
  asm ("rcp.approx.ftz.f64 %0, %1;" : "=d" (r) : "d" (a));
  return fma (r, fma (-a, r, 1.0), r);
}

/* Row warp H: ring rows H, H + row_warps, ... of the tile (ring row j holds
 * image row y0 - ry + j, clamped).  M is rx mod 8: with eight pixels a
 * lane, a window's ends lie rx / 8 (+ 1) lanes away at a fixed pixel. */
template <bool PREMUL, int M>
__device__ __forceinline__ void
row_ring_rows (const TesseraImage &src, const Window &w,
               const RowRingShape &shape, const RowRingBlock &b, int h)
{
  const int K = ROW_RING_LANE_PIXELS, lane = threadIdx.x & 31;
  const int rows = b.rows + 2 * w.ry, lanes = w.rx / K;
  const float scale = row_ring_scale (w.rx);
  unsigned char *mine = b.staging + (size_t) h * shape.ring_px * 16;
  auto fetch = [&] (int j) {
    const float4 *row = (const float4 *) image_row (
      src, clamp_index (b.y0 - w.ry + j, w.height));
#pragma unroll
    for (int k = 0; k < K; k++)
      {
        int p = 32 * k + lane;
        if (p < shape.ring_px)
          copy_piece<16> (mine + row_ring_place (p), (const unsigned char *) (
                            row + clamp_index (b.x0 + p, w.width)));
      }
    copies_arrive (shared_address (&b.staged[h]));
  };

  if (h < rows)
    fetch (h);
  for (int j = h, n = 0; j < rows; j += shape.row_warps, n++)
    {
      double s[K][4], before[4];
      wait_barrier (shared_address (&b.staged[h]), n & 1);
#pragma unroll
      for (int k = 0; k < K; k++)
        {
          float4 v = make_float4 (0.0f, 0.0f, 0.0f, 0.0f);
          if (K * lane < shape.ring_px)
            v = *(const float4 *) (mine + row_ring_place (K * lane + k));
          /* Premultiplied, the scale goes through alpha alone. */
          double a = PREMUL ? (double) (v.w * scale) : 1.0;
          float f = PREMUL ? 1.0f : scale;
          s[k][0] = (double) (v.x * f) * a;
          s[k][1] = (double) (v.y * f) * a;
          s[k][2] = (double) (v.z * f) * a;
          s[k][3] = PREMUL ? a : (double) (v.w * f);
        }
      __syncwarp ();
      if (j + shape.row_warps < rows)
        fetch (j + shape.row_warps);

      /* Inclusive prefixes along the row. */
#pragma unroll
      for (int k = 1; k < K; k++)
#pragma unroll
        for (int c = 0; c < 4; c++)
          s[k][c] += s[k - 1][c];
#pragma unroll
      for (int c = 0; c < 4; c++)
        before[c] = s[K - 1][c];
      warp_inclusive_scan<4> (before);
#pragma unroll
      for (int c = 0; c < 4; c++)
        before[c] -= s[K - 1][c];
#pragma unroll
      for (int k = 0; k < K; k++)
#pragma unroll
        for (int c = 0; c < 4; c++)
          s[k][c] += before[c];

      int slot = j % shape.slots;
      if (j >= shape.slots)
        wait_barrier (shared_address (&b.released[slot]),
                      (j / shape.slots - 1) & 1);
      unsigned char *out = b.ring + (size_t) slot * b.row_bytes;
#pragma unroll
      for (int k = 0; k < K; k++)
        {
          /* The window of input pixel K lane + k is (lo, hi]. */
          const int hi = (k + M) % K, lo = (k - M - 1 + K) % K;
          const int hi_lanes = lanes + (k + M >= K);
          const int lo_lanes = lanes + (k - M - 1 < 0);
          float mean[4];
#pragma unroll
          for (int c = 0; c < 4; c++)
            mean[c] = (float) (__shfl_down_sync (~0u, s[hi][c], hi_lanes)
                               - __shfl_up_sync (~0u, s[lo][c], lo_lanes));
          int q = K * lane + k - w.rx - 1;
          if (q >= 0 && q < shape.out_px)
            *(float4 *) (out + row_ring_place (q))
              = make_float4 (mean[0], mean[1], mean[2], mean[3]);
        }
      warp_arrives (shared_address (&b.written[slot]));
    }
}

/* Column warp C: output pixels 32 C + lane of the strip, down the tile. */
template <bool PREMUL>
__device__ __forceinline__ void
row_ring_columns (const TesseraImage &dst, const Window &w,
                  const RowRingShape &shape, const RowRingBlock &b, int c)
{
  const int lane = threadIdx.x & 31, q = 32 * c + lane;
  const int x = b.x0 + w.rx + 1 + q;
  const bool writes = q < shape.out_px && x < w.width;
  const int place = row_ring_place (min (q, shape.out_px - 1));
  /* The means from the sums of scaled terms. */
  const double unscale = 1.0 / ((double) row_ring_scale (w.rx)
                                * (double) w.n);
  double s[4] = { 0.0, 0.0, 0.0, 0.0 };
  auto row = [&] (int slot) {
    return *(const float4 *) (b.ring + (size_t) slot * b.row_bytes + place);
  };

  for (int j = 0; j <= 2 * w.ry; j++)
    {
      wait_barrier (shared_address (&b.written[j % shape.slots]),
                    (j / shape.slots) & 1);
      float4 v = row (j % shape.slots);
      s[0] += v.x;
      s[1] += v.y;
      s[2] += v.z;
      s[3] += v.w;
    }
  int enter = (2 * w.ry + 1) % shape.slots, leave = 0;
  uint32_t phase = ((2 * w.ry + 1) / shape.slots) & 1;
  for (int i = 0; i < b.rows; i++)
    {
      if (i > 0)
        {
          wait_barrier (shared_address (&b.written[enter]), phase);
          float4 e = row (enter), l = row (leave);
          s[0] += (double) e.x - (double) l.x;
          s[1] += (double) e.y - (double) l.y;
          s[2] += (double) e.z - (double) l.z;
          s[3] += (double) e.w - (double) l.w;
          warp_arrives (shared_address (&b.released[leave]));
          if (++enter == shape.slots)
            {
              enter = 0;
              phase ^= 1;
            }
          if (++leave == shape.slots)
            leave = 0;
        }
      if (writes)
        {
          float4 out;
          if (PREMUL)
            {
              /* No alpha at all: no colour either. */
              double a = s[3], inv = a == 0.0 ? 0.0 : reciprocal (a);
              out = make_float4 ((float) (s[0] * inv), (float) (s[1] * inv),
                                 (float) (s[2] * inv), (float) (a * unscale));
            }
          else
            out = make_float4 ((float) (s[0] * unscale),
                               (float) (s[1] * unscale),
                               (float) (s[2] * unscale),
                               (float) (s[3] * unscale));
          *(float4 *) ((unsigned char *) dst.data + (size_t) x * 16
                       + (size_t) (b.y0 + i) * dst.stride) = out;
        }
    }
}

template <bool PREMUL, int M>
__global__ void __launch_bounds__ (ROW_RING_WARPS * 32, 1)
row_ring_kernel (TesseraImage src, TesseraImage dst, Window w,
                 RowRingShape shape)
{
  /* Built for every target, but launched only from sm_90 code
   * (row_ring_shape_for): before it the barriers are empty. */
  extern __shared__ __align__ (16) unsigned char shared[];
  RowRingBlock b;
  int warp = threadIdx.x >> 5;

  b.row_bytes = (shape.out_px + 7) / 8 * 128;
  b.ring = shared;
  b.staging = b.ring + (size_t) shape.slots * b.row_bytes;
  b.staged = (uint64_t *) (b.staging + (size_t) shape.row_warps
                                       * shape.ring_px * 16);
  b.written = b.staged + shape.row_warps;
  b.released = b.written + shape.slots;
  b.x0 = blockIdx.x * shape.out_px - w.rx - 1;
  b.y0 = blockIdx.y * shape.tile_rows;
  b.rows = min (shape.tile_rows, w.height - b.y0);
  if (threadIdx.x == 0)
    {
      for (int h = 0; h < shape.row_warps; h++)
        init_barrier (shared_address (&b.staged[h]), 32);
      for (int s = 0; s < shape.slots; s++)
        {
          init_barrier (shared_address (&b.written[s]), 1);
          init_barrier (shared_address (&b.released[s]),
                        ROW_RING_WARPS - shape.row_warps);
        }
    }
  __syncthreads ();
  if (warp < shape.row_warps)
    row_ring_rows<PREMUL, M> (src, w, shape, b, warp);
  else
    row_ring_columns<PREMUL> (dst, w, shape, b, warp - shape.row_warps);
}

/* ------------------------------------------------------------------ */
/* SAT_TILES                                                           */
/* ------------------------------------------------------------------ */

#define SAT_TILE 32
#define SAT_WARPS 8
#define SAT_ROWS_PER_WARP (SAT_TILE / SAT_WARPS)

/* Tables of the SAT method, each with C sums per entry. */
template <typename Acc>
struct SatTables
{
  Acc *sat;         /* [height][width]: the inclusive summed-area table */
  Acc *row_sums;    /* [tiles_x][height]: each row's sum inside a tile,
                       then the sum to the left of the tile */
  Acc *col_sums;    /* [tiles_y][width]: each column's sum inside a tile,
                       then the sum above the tile */
  Acc *pivots;      /* [tiles_y][tiles_x]: each tile's total, then the sum
                       above and to the left of it */
  int tiles_x, tiles_y;
};

template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
pixel_terms (Acc *t, const TesseraImage &src, int x, int y)
{
  if (x < src.width && y < src.height)
    {
      const T *p = (const T *) (image_row (src, y) + (size_t) x * C * sizeof (T));
#pragma unroll
      for (int c = 0; c < C; c++)
        {
          t[c] = (Acc) p[c];
          if (PREMUL && c < C - 1)
            t[c] *= (Acc) p[C - 1];
        }
    }
  else
#pragma unroll
    for (int c = 0; c < C; c++)
      t[c] = 0;
}

__device__ __forceinline__ uint32_t
shuffle_xor (uint32_t v, int m)
{
  return __shfl_xor_sync (0xffffffffu, v, m);
}

__device__ __forceinline__ uint64_t
shuffle_xor (uint64_t v, int m)
{
  return __shfl_xor_sync (0xffffffffu, (unsigned long long) v, m);
}

__device__ __forceinline__ double
shuffle_xor (double v, int m)
{
  return __shfl_xor_sync (0xffffffffu, v, m);
}

__device__ __forceinline__ u128
shuffle_xor (u128 v, int m)
{
  uint64_t hi = shuffle_xor ((uint64_t) (v >> 64), m);
  uint64_t lo = shuffle_xor ((uint64_t) v, m);
  return ((u128) hi << 64) | lo;
}

/* Pass 1 of the paper: each tile's row sums, column sums and total.  A warp
 * holds one tile row per step (lane = column). */
template <bool PREMUL, typename T, int C, typename Acc>
__global__ void __launch_bounds__ (SAT_TILE * SAT_WARPS)
sat_reduce_kernel (TesseraImage src, SatTables<Acc> t)
{
  __shared__ Acc column_part[SAT_WARPS][SAT_TILE][C];
  int lane = threadIdx.x, warp = threadIdx.y;
  int x = blockIdx.x * SAT_TILE + lane;
  Acc column[C];

#pragma unroll
  for (int c = 0; c < C; c++)
    column[c] = 0;
  for (int r = 0; r < SAT_ROWS_PER_WARP; r++)
    {
      int y = blockIdx.y * SAT_TILE + warp * SAT_ROWS_PER_WARP + r;
      Acc v[C], sum[C];
      pixel_terms<PREMUL, T, C> (v, src, x, y);
#pragma unroll
      for (int c = 0; c < C; c++)
        {
          column[c] += v[c];
          sum[c] = v[c];
#pragma unroll
          for (int m = 16; m > 0; m /= 2)
            sum[c] += shuffle_xor (sum[c], m);
        }
      if (lane == 0 && y < src.height)
#pragma unroll
        for (int c = 0; c < C; c++)
          t.row_sums[((size_t) blockIdx.x * src.height + y) * C + c] = sum[c];
    }
#pragma unroll
  for (int c = 0; c < C; c++)
    column_part[warp][lane][c] = column[c];
  __syncthreads ();
  if (warp != 0)
    return;
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      Acc sum = 0;
      for (int v = 0; v < SAT_WARPS; v++)
        sum += column_part[v][lane][c];
      if (x < src.width)
        t.col_sums[((size_t) blockIdx.y * src.width + x) * C + c] = sum;
#pragma unroll
      for (int m = 16; m > 0; m /= 2)
        sum += shuffle_xor (sum, m);
      if (lane == 0)
        t.pivots[((size_t) blockIdx.y * t.tiles_x + blockIdx.x) * C + c] = sum;
    }
}

/* Pass 2: exclusive scans of LINES independent sequences of COUNT entries
 * (entry i of line l at (i * I_STRIDE + l * L_STRIDE) * C), one thread per
 * line and channel, in place.  Row sums, column sums and the pivots (rows,
 * then columns) all go through it.  Loads go in batches, so that a thread
 * waits for memory once per batch rather than once per entry. */
#define SAT_SCAN_BATCH 16

template <int C, typename Acc>
__global__ void
sat_scan_kernel (Acc *data, int lines, int count, size_t i_stride,
                 size_t l_stride)
{
  size_t id = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= (size_t) lines * C)
    return;
  Acc *line = data + (id / C) * l_stride * C + id % C;
  size_t step = i_stride * C;
  Acc run = 0;
  for (int i = 0; i < count; i += SAT_SCAN_BATCH)
    {
      Acc v[SAT_SCAN_BATCH];
#pragma unroll
      for (int j = 0; j < SAT_SCAN_BATCH; j++)
        v[j] = i + j < count ? line[(size_t) (i + j) * step] : (Acc) 0;
#pragma unroll
      for (int j = 0; j < SAT_SCAN_BATCH; j++)
        if (i + j < count)
          {
            line[(size_t) (i + j) * step] = run;
            run += v[j];
          }
    }
}

/* Pass 3: each tile's own 2D scan, plus the sums left of it (per row),
 * above it (per column) and the pivot. */
template <bool PREMUL, typename T, int C, typename Acc>
__global__ void __launch_bounds__ (SAT_TILE * SAT_WARPS)
sat_build_kernel (TesseraImage src, SatTables<Acc> t)
{
  __shared__ Acc warp_part[SAT_WARPS][SAT_TILE][C];
  int lane = threadIdx.x, warp = threadIdx.y;
  int x = blockIdx.x * SAT_TILE + lane;
  int y_first = blockIdx.y * SAT_TILE + warp * SAT_ROWS_PER_WARP;
  Acc value[SAT_ROWS_PER_WARP][C], column[C], above[C];

#pragma unroll
  for (int c = 0; c < C; c++)
    column[c] = 0;
#pragma unroll
  for (int r = 0; r < SAT_ROWS_PER_WARP; r++)
    {
      int y = y_first + r;
      Acc v[C];
      pixel_terms<PREMUL, T, C> (v, src, x, y);
      warp_inclusive_scan<C> (v);
#pragma unroll
      for (int c = 0; c < C; c++)
        {
          if (y < src.height)
            v[c] += t.row_sums[((size_t) blockIdx.x * src.height + y) * C + c];
          column[c] += v[c];
          value[r][c] = column[c];
        }
    }
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      warp_part[warp][lane][c] = column[c];
      above[c] = x < src.width
                 ? t.col_sums[((size_t) blockIdx.y * src.width + x) * C + c]
                 : (Acc) 0;
    }
  warp_inclusive_scan<C> (above);
  __syncthreads ();
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      Acc offset = above[c]
                   + t.pivots[((size_t) blockIdx.y * t.tiles_x + blockIdx.x) * C + c];
      for (int v = 0; v < warp; v++)
        offset += warp_part[v][lane][c];
#pragma unroll
      for (int r = 0; r < SAT_ROWS_PER_WARP; r++)
        value[r][c] += offset;
    }
  if (x >= src.width)
    return;
#pragma unroll
  for (int r = 0; r < SAT_ROWS_PER_WARP; r++)
    if (y_first + r < src.height)
#pragma unroll
      for (int c = 0; c < C; c++)
        t.sat[((size_t) (y_first + r) * src.width + x) * C + c] = value[r][c];
}

/* The window [a, b] of one axis as five weighted table indices: the
 * clamped span, plus the extra copies of the first and last entries (entry
 * i's own value is F(i) - F(i-1)).  Unused terms have weight 0. */
#define AXIS_TERMS 5

struct AxisTerms
{
  int     index[AXIS_TERMS];
  int64_t weight[AXIS_TERMS];

  __device__ AxisTerms (int centre, int radius, int size)
  {
    int a = centre - radius, b = centre + radius;
    int before = max (-a, 0), after = max (b - (size - 1), 0);
    set (0, min (b, size - 1), 1);
    set (1, max (a, 0) - 1, -1);       /* F(-1) = 0 */
    set (2, 0, before);
    set (3, size - 1, after);
    set (4, size - 2, -(int64_t) after);
  }

  __device__ void set (int term, int i, int64_t wgt)
  {
    index[term] = i < 0 ? 0 : i;
    weight[term] = i < 0 ? 0 : wgt;
  }
};

template <typename Acc>
__device__ __forceinline__ Acc
weighted (int64_t wgt, Acc v)
{
  return (Acc) wgt * v;
}

__device__ __forceinline__ u128
weighted (int64_t wgt, u128 v)
{
  return (u128) (__int128) wgt * v;
}

template <bool PREMUL, typename T, int C, typename Acc>
__global__ void
sat_lookup_kernel (const Acc *sat, TesseraImage dst, Window w)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w.width || y >= w.height)
    return;
  AxisTerms ax (x, w.rx, w.width), ay (y, w.ry, w.height);
  Acc s[C];
  T out[C];

#pragma unroll
  for (int c = 0; c < C; c++)
    s[c] = 0;
#pragma unroll
  for (int j = 0; j < AXIS_TERMS; j++)
#pragma unroll
    for (int i = 0; i < AXIS_TERMS; i++)
      {
        int64_t wgt = ax.weight[i] * ay.weight[j];
        if (wgt == 0)
          continue;
        const Acc *e = sat + ((size_t) ay.index[j] * w.width + ax.index[i]) * C;
#pragma unroll
        for (int c = 0; c < C; c++)
          s[c] += weighted (wgt, e[c]);
      }
  finish_pixel<T, C, PREMUL> (s, out, w);
  T *p = (T *) ((unsigned char *) dst.data + (size_t) y * dst.stride
                + (size_t) x * C * sizeof (T));
#pragma unroll
  for (int c = 0; c < C; c++)
    p[c] = out[c];
}

/* ------------------------------------------------------------------ */
/* Host side                                                           */
/* ------------------------------------------------------------------ */

/* Forced kernel shape for tuning runs; zeros pick the defaults. */
struct Shape
{
  int threads;
  int tile_rows;
};

static int
multiprocessors (void)
{
  static int count = 0;
  int device = 0;
  if (count == 0
      && (cudaGetDevice (&device) != cudaSuccess
          || cudaDeviceGetAttribute (&count, cudaDevAttrMultiProcessorCount,
                                     device) != cudaSuccess))
    {
      cudaGetLastError ();
      count = 1;
    }
  return count;
}

/* Blocks of KERNEL that the device runs at once. */
template <typename Kernel>
static int
resident_blocks (Kernel kernel, int threads, size_t shared)
{
  int per_multiprocessor = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&per_multiprocessor,
                                                     kernel, threads, shared)
      != cudaSuccess)
    cudaGetLastError ();
  return (per_multiprocessor > 0 ? per_multiprocessor : 1) * multiprocessors ();
}

/* Rows per block: as many tiles as fill the device in one wave of blocks
 * (a second wave would leave most of it idle at the end), but no tile
 * shorter than half its window: starting a tile costs a window's rows,
 * each a small part of a walked row's cost (loads and adds alone). */
static int
tile_rows_for (int strips, int resident, int rows, int ry, const Shape &shape)
{
  /* The grid's second dimension holds at most 65535 tiles. */
  int fewest = (rows + 65534) / 65535;
  int tiles = resident / strips > 1 ? resident / strips : 1;
  int tile_rows = (rows + tiles - 1) / tiles;
  int window = 2 * (int64_t) ry + 1 < rows ? 2 * ry + 1 : rows;
  int shortest = rows < 32 ? rows : 32;

  if (shape.tile_rows > 0)
    tile_rows = shape.tile_rows < rows ? shape.tile_rows : rows;
  else
    {
      tile_rows = tile_rows > window / 2 ? tile_rows : window / 2;
      tile_rows = tile_rows > shortest ? tile_rows : shortest;
    }
  return tile_rows > fewest ? tile_rows : fewest;
}

/* The fused kernel's blocks: 256 threads (measured on the H100: 5 to 10%
 * faster than 128 at radius 25, since the halos weigh less); a block gives
 * at most a quarter of its threads to each halo. */
#define FUSED_THREADS 256
#define FUSED_MAX_HALO (FUSED_THREADS / 4)

/* Bytes of scratch that the two-pass path takes per band. */
#define BAND_BYTES ((size_t) 256 << 20)

/* Whether a layout has the row ring: four float channels. */
template <typename T, int C>
struct HasRowRing { static const bool VALUE = false; };
template <>
struct HasRowRing<float, 4> { static const bool VALUE = true; };

/* The row ring's kernel for the window's rx mod 8. */
template <bool PREMUL>
static void (*row_ring_kernel_for (int rx)) (TesseraImage, TesseraImage,
                                             Window, RowRingShape)
{
  static void (*const kernels[ROW_RING_LANE_PIXELS]) (
    TesseraImage, TesseraImage, Window, RowRingShape) = {
    row_ring_kernel<PREMUL, 0>, row_ring_kernel<PREMUL, 1>,
    row_ring_kernel<PREMUL, 2>, row_ring_kernel<PREMUL, 3>,
    row_ring_kernel<PREMUL, 4>, row_ring_kernel<PREMUL, 5>,
    row_ring_kernel<PREMUL, 6>, row_ring_kernel<PREMUL, 7>
  };
  return kernels[rx % ROW_RING_LANE_PIXELS];
}

static size_t
row_ring_shared_bytes (const RowRingShape &r)
{
  return (size_t) r.slots * ((r.out_px + 7) / 8 * 128)
         + (size_t) r.row_warps * r.ring_px * 16
         + sizeof (uint64_t) * (r.row_warps + 2 * (size_t) r.slots);
}

/* Output pixels a strip, at most WIDEST: as wide as can be while the
 * strips times the tiles that fill the device in one wave of blocks (one
 * a multiprocessor) leave the fewest multiprocessors idle (7680 pixels on
 * 132: 44 strips of 175 times 3 tiles, where strips of 192 would leave 12
 * idle). */
static int
row_ring_strip_width (int width, int widest)
{
  int fewest = (width + widest - 1) / widest, sms = multiprocessors ();
  int strips = fewest, used = 0;
  for (int n = fewest; n <= sms && n <= 2 * fewest; n++)
    if (n * (sms / n) > used)
      {
        used = n * (sms / n);
        strips = n;
      }
  return (width + strips - 1) / strips;
}

/* Whether the row ring serves this pass, and its shape: code built for
 * sm_90 (a kernel JIT-compiled from older PTX has none), rows aligned for
 * 16-byte copies and stores, room for strips of ROW_RING_MAX_OUTPUT pixels
 * (rx <= 31: where it was measured, bench/RESULTS.md), and at least
 * 2ry + 2 ring rows in shared memory. */
template <bool PREMUL>
static bool
row_ring_shape_for (const TesseraImage *in, const TesseraImage *out,
                    const Window &w, const Shape &shape, RowRingShape *r)
{
  cudaFuncAttributes attributes;
  int device = 0, shared = 0;
  int64_t widest = 32 * ROW_RING_LANE_PIXELS - 2 * (int64_t) w.rx - 1;

  if (shape.threads != 0 || widest < ROW_RING_MAX_OUTPUT
      || !tessera_cuda_rows_aligned (in, 16)
      || !tessera_cuda_rows_aligned (out, 16)
      || cudaFuncGetAttributes (&attributes,
                                row_ring_kernel_for<PREMUL> (w.rx))
         != cudaSuccess
      || attributes.ptxVersion < 90
      || cudaGetDevice (&device) != cudaSuccess
      || cudaDeviceGetAttribute (&shared,
                                 cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                 device) != cudaSuccess)
    {
      cudaGetLastError ();
      return false;
    }
  r->out_px = row_ring_strip_width (w.width, ROW_RING_MAX_OUTPUT);
  r->ring_px = (r->out_px + 2 * w.rx + 1 + ROW_RING_LANE_PIXELS - 1)
               / ROW_RING_LANE_PIXELS * ROW_RING_LANE_PIXELS;
  r->row_warps = ROW_RING_WARPS - (r->out_px + 31) / 32;
  r->slots = 0;
  size_t fixed = row_ring_shared_bytes (*r);
  size_t per_slot = (r->out_px + 7) / 8 * 128 + 2 * sizeof (uint64_t);
  if ((size_t) shared <= fixed
      || (int64_t) ((shared - fixed) / per_slot) < 2 * (int64_t) w.ry + 2)
    return false;
  /* Rows for the window, and for the row warps to run ahead of it. */
  r->slots = (int) ((shared - fixed) / per_slot);
  if (r->slots > 2 * w.ry + 2 + 2 * r->row_warps)
    r->slots = 2 * w.ry + 2 + 2 * r->row_warps;
  int strips = (w.width + r->out_px - 1) / r->out_px;
  r->tile_rows = tile_rows_for (strips, multiprocessors (), w.height, w.ry,
                                shape);
  return true;
}

template <bool PREMUL>
static TesseraStatus
run_row_ring (const TesseraImage *in, TesseraImage *out, const Window &w,
              const RowRingShape &r)
{
  void (*kernel) (TesseraImage, TesseraImage, Window, RowRingShape)
    = row_ring_kernel_for<PREMUL> (w.rx);
  size_t shared = row_ring_shared_bytes (r);
  dim3 grid ((w.width + r.out_px - 1) / r.out_px,
             (w.height + r.tile_rows - 1) / r.tile_rows);

  TESSERA_CUDA_CHECK (tessera_cuda_allow_shared (kernel, shared));
  kernel<<<grid, ROW_RING_WARPS * 32, shared>>> (*in, *out, w, r);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

template <bool PREMUL, typename T, int C, typename Acc>
static TesseraStatus
run_fused (const TesseraImage *in, TesseraImage *out, const Window &w,
           const Shape &shape, TesseraDeviceBuffer *scratch)
{
  if constexpr (HasRowRing<T, C>::VALUE)
    {
      RowRingShape ring;
      if (row_ring_shape_for<PREMUL> (in, out, w, shape, &ring))
        return run_row_ring<PREMUL> (in, out, w, ring);
    }
  typedef Chunk<T, C> Ch;
  size_t load = Ch::LOAD;
  bool src_aligned = tessera_cuda_rows_aligned (in, load);
  bool dst_aligned = tessera_cuda_rows_aligned (out, load);
  int row_chunks = (w.width + Ch::PIXELS - 1) / Ch::PIXELS;
  int halo = (w.rx + Ch::PIXELS - 1) / Ch::PIXELS;
  int threads = shape.threads > 0 ? shape.threads : FUSED_THREADS;

  if (halo <= threads / 4)
    {
      FusedShape fs;
      int outputs = threads - 2 * halo;
      int strips = (row_chunks + outputs - 1) / outputs;
      size_t shared = fused_shared_bytes<PREMUL, T, C, Acc> (threads);
      void (*kernel) (TesseraImage, TesseraImage, Window, const FusedShape)
        = fused_kernel<PREMUL, T, C, Acc>;

      TESSERA_CUDA_CHECK (tessera_cuda_allow_shared (kernel, shared));
      fs.halo = halo;
      place_prefixes<T, C, Acc> (&fs, w.rx);
      fs.tile_rows = tile_rows_for (strips,
                                    resident_blocks (kernel, threads, shared),
                                    w.height, w.ry, shape);
      fs.src_aligned = src_aligned;
      fs.dst_aligned = dst_aligned;
      fs.src_bulk = tessera_cuda_rows_aligned (in, 16);
      dim3 grid (strips, (w.height + fs.tile_rows - 1) / fs.tile_rows);
      kernel<<<grid, threads, shared>>> (*in, *out, w, fs);
      TESSERA_CUDA_CHECK_LAUNCH ();
      return TESSERA_OK;
    }

  /* The window is wider than a block: vertical sums into a band, then the
   * horizontal window along whole rows. */
  size_t row_bytes = sizeof (Acc) * C * (size_t) w.width;
  int band_rows = (int) (BAND_BYTES / row_bytes);
  band_rows = band_rows < 1 ? 1 : (band_rows > w.height ? w.height : band_rows);
  if (scratch->bytes () < row_bytes * band_rows)
    TESSERA_CUDA_CHECK (scratch->allocate (row_bytes * band_rows));
  void (*vertical) (TesseraImage, Window, Acc *, int, int, int, bool)
    = vertical_kernel<PREMUL, T, C, Acc>;
  int vthreads = 64;
  int strips = (row_chunks + vthreads - 1) / vthreads;
  int resident = resident_blocks (vertical, vthreads, 0);
  for (int y0 = 0; y0 < w.height; y0 += band_rows)
    {
      int y1 = y0 + band_rows < w.height ? y0 + band_rows : w.height;
      int tile_rows = tile_rows_for (strips, resident, y1 - y0, w.ry, shape);
      dim3 grid (strips, (y1 - y0 + tile_rows - 1) / tile_rows);
      vertical<<<grid, vthreads>>> (*in, w, scratch->as<Acc> (), y0, y1,
                                    tile_rows, src_aligned);
      TESSERA_CUDA_CHECK_LAUNCH ();
      horizontal_kernel<PREMUL, T, C, Acc><<<y1 - y0, 256>>> (
        scratch->as<Acc> (), *out, w, y0);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  return TESSERA_OK;
}

template <int C, typename Acc>
static TesseraStatus
scan_lines (Acc *data, int lines, int count, size_t i_stride, size_t l_stride)
{
  size_t threads = (size_t) lines * C;
  sat_scan_kernel<C, Acc><<<tessera_cuda_blocks (threads, 256), 256>>> (
    data, lines, count, i_stride, l_stride);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

template <bool PREMUL, typename T, int C, typename Acc>
static TesseraStatus
run_sat_tiles (const TesseraImage *in, TesseraImage *out, const Window &w,
               TesseraDeviceBuffer *scratch)
{
  SatTables<Acc> t;
  size_t width = (size_t) w.width, height = (size_t) w.height;
  t.tiles_x = (w.width + SAT_TILE - 1) / SAT_TILE;
  t.tiles_y = (w.height + SAT_TILE - 1) / SAT_TILE;
  size_t entries = width * height + (size_t) t.tiles_x * height
                   + (size_t) t.tiles_y * width
                   + (size_t) t.tiles_x * t.tiles_y;
  size_t bytes = entries * C * sizeof (Acc);

  if (scratch->bytes () < bytes)
    TESSERA_CUDA_CHECK (scratch->allocate (bytes));
  t.sat = scratch->as<Acc> ();
  t.row_sums = t.sat + width * height * C;
  t.col_sums = t.row_sums + (size_t) t.tiles_x * height * C;
  t.pivots = t.col_sums + (size_t) t.tiles_y * width * C;

  dim3 tiles (t.tiles_x, t.tiles_y), tile_threads (SAT_TILE, SAT_WARPS);
  sat_reduce_kernel<PREMUL, T, C, Acc><<<tiles, tile_threads>>> (*in, t);
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK ((scan_lines<C, Acc> (t.row_sums, w.height, t.tiles_x,
                                           height, 1)));
  TESSERA_CUDA_CHECK ((scan_lines<C, Acc> (t.col_sums, w.width, t.tiles_y,
                                           width, 1)));
  TESSERA_CUDA_CHECK ((scan_lines<C, Acc> (t.pivots, t.tiles_y, t.tiles_x,
                                           1, t.tiles_x)));
  TESSERA_CUDA_CHECK ((scan_lines<C, Acc> (t.pivots, t.tiles_x, t.tiles_y,
                                           t.tiles_x, 1)));
  sat_build_kernel<PREMUL, T, C, Acc><<<tiles, tile_threads>>> (*in, t);
  TESSERA_CUDA_CHECK_LAUNCH ();

  dim3 pixels (tessera_cuda_blocks (width, 32), tessera_cuda_blocks (height, 16));
  sat_lookup_kernel<PREMUL, T, C, Acc><<<pixels, dim3 (32, 16)>>> (t.sat, *out, w);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

/* The fused kernel fills the device: the window fits in one block's
 * halo, and there are at least as many blocks as multiprocessors once no
 * tile is shorter than its window. */
template <typename T, int C>
static bool
fused_fills_device (const Window &w)
{
  typedef Chunk<T, C> Ch;
  int halo = (w.rx + Ch::PIXELS - 1) / Ch::PIXELS;
  int row_chunks = (w.width + Ch::PIXELS - 1) / Ch::PIXELS;
  int64_t window = 2 * (int64_t) w.ry + 1 < w.height ? 2 * w.ry + 1 : w.height;
  int64_t tiles = (w.height + window - 1) / window;
  if (halo > FUSED_MAX_HALO)
    return false;
  return (row_chunks + FUSED_THREADS - 2 * halo - 1)
         / (FUSED_THREADS - 2 * halo) * tiles >= multiprocessors ();
}

/* AUTO: FUSED wherever it fills the device (it is several times faster
 * than SAT_TILES there: bench/RESULTS.md), else SAT_TILES, whose cost does
 * not depend on the radii; floats always take FUSED, whose rounding errors
 * do not grow with the image (see tests/gpu/parity-box-blur.c). */
template <bool PREMUL, typename T, int C, typename Acc>
static TesseraStatus
run_pass (const TesseraImage *in, TesseraImage *out, const Window &w,
          TesseraBoxBlurMethod method, const Shape &shape,
          TesseraDeviceBuffer *scratch)
{
  if (method == TESSERA_BOX_BLUR_METHOD_AUTO)
    method = in->type == TESSERA_F32 || fused_fills_device<T, C> (w)
             ? TESSERA_BOX_BLUR_METHOD_FUSED
             : TESSERA_BOX_BLUR_METHOD_SAT_TILES;
  if (method == TESSERA_BOX_BLUR_METHOD_SAT_TILES)
    return run_sat_tiles<PREMUL, T, C, Acc> (in, out, w, scratch);
  return run_fused<PREMUL, T, C, Acc> (in, out, w, shape, scratch);
}

/* The instantiation for the image's channels and alpha. */
template <typename T, typename Acc>
static TesseraStatus
run_layout (const TesseraImage *in, TesseraImage *out, bool premultiply,
            const Window &w, TesseraBoxBlurMethod method, const Shape &shape,
            TesseraDeviceBuffer *scratch)
{
  switch (in->channels * 2 + (premultiply ? 1 : 0))
    {
    case 2: return run_pass<false, T, 1, Acc> (in, out, w, method, shape, scratch);
    case 4: return run_pass<false, T, 2, Acc> (in, out, w, method, shape, scratch);
    case 5: return run_pass<true,  T, 2, Acc> (in, out, w, method, shape, scratch);
    case 6: return run_pass<false, T, 3, Acc> (in, out, w, method, shape, scratch);
    case 7: return run_pass<true,  T, 3, Acc> (in, out, w, method, shape, scratch);
    case 8: return run_pass<false, T, 4, Acc> (in, out, w, method, shape, scratch);
    case 9: return run_pass<true,  T, 4, Acc> (in, out, w, method, shape, scratch);
    }
  return TESSERA_ERROR_UNSUPPORTED_FORMAT;
}

/* Premultiplied colour alone needs 128 bits, so only it is built for
 * them. */
template <typename T>
static TesseraStatus
run_layout_128 (const TesseraImage *in, TesseraImage *out, const Window &w,
                TesseraBoxBlurMethod method, const Shape &shape,
                TesseraDeviceBuffer *scratch)
{
  switch (in->channels)
    {
    case 2: return run_pass<true, T, 2, u128> (in, out, w, method, shape, scratch);
    case 3: return run_pass<true, T, 3, u128> (in, out, w, method, shape, scratch);
    case 4: return run_pass<true, T, 4, u128> (in, out, w, method, shape, scratch);
    }
  return TESSERA_ERROR_UNSUPPORTED_FORMAT;
}

/* Bits the integer sums need: the largest rounding numerator,
 * 2 sum(c a) + sum(a) with alpha or sum + n/2 without, must fit with a bit
 * to spare (the rounding correction adds one denominator). */
static int
sum_bits (TesseraSampleType type, bool premultiply, uint64_t n)
{
  u128 top = type == TESSERA_U8 ? 255 : 65535;
  u128 largest = premultiply ? 2 * (u128) n * top * top + (u128) n * top
                             : (u128) n * top + n;
  if (largest < ((u128) 1 << 31))
    return 32;
  if (largest < ((u128) 1 << 63))
    return 64;
  return 128;
}

static Window
window_for (const TesseraImage *image, const TesseraBoxBlur *params)
{
  Window w;
  w.width = image->width;
  w.height = image->height;
  w.rx = params->radius_x;
  w.ry = params->radius_y;
  w.n = (2 * (uint64_t) w.rx + 1) * (2 * (uint64_t) w.ry + 1);
  w.half = w.n / 2;
  /* The 32-bit path divides x = s + n/2 < 2^31 by multiplying:
   * floor(x / n) = floor(x m / 2^(31+l)) with l = ceil(log2 n) and
   * m = ceil(2^(31+l) / n) < 2^32, exact since m n - 2^(31+l) < n <= 2^l
   * (Granlund and Montgomery 1994, theorem 4.2).  For n = 1 (l = 0) no such
   * m fits; floor((s + 1) (2^32 - 1) / 2^32) = s instead.  It only serves
   * windows whose sums fit 32 bits (sum_bits), so l <= 24 here. */
  int l = 0;
  while (l < 32 && ((uint64_t) 1 << l) < w.n)
    l++;
  if (w.n == 1)
    {
      w.bias = 1;
      w.magic = 0xffffffffu;
      w.shift = 0;
    }
  else
    {
      w.bias = (uint32_t) w.half;
      w.magic = l <= 24 ? (uint32_t) ((((uint64_t) 1 << (31 + l)) + w.n - 1)
                                      / w.n) : 0;
      w.shift = l - 1;
    }
  return w;
}

static TesseraStatus
run_one_pass (const TesseraImage *in, TesseraImage *out,
              const TesseraBoxBlur *params, const Shape &shape,
              TesseraDeviceBuffer *scratch)
{
  bool premultiply = params->has_alpha && in->channels >= 2;
  TesseraBoxBlurMethod method = params->method;
  Window w = window_for (in, params);

  switch (in->type)
    {
    case TESSERA_F32:
      return run_layout<float, double> (in, out, premultiply, w, method, shape,
                                        scratch);
    case TESSERA_U8:
      if (sum_bits (in->type, premultiply, w.n) == 32)
        return run_layout<uint8_t, uint32_t> (in, out, premultiply, w, method,
                                              shape, scratch);
      return run_layout<uint8_t, uint64_t> (in, out, premultiply, w, method,
                                            shape, scratch);
    case TESSERA_U16:
      if (sum_bits (in->type, premultiply, w.n) <= 64)
        return run_layout<uint16_t, uint64_t> (in, out, premultiply, w,
                                               method, shape, scratch);
      return run_layout_128<uint16_t> (in, out, w, method, shape, scratch);
    }
  return TESSERA_ERROR_UNSUPPORTED_FORMAT;
}

static bool
images_overlap (const TesseraImage *a, const TesseraImage *b)
{
  uintptr_t a_start = (uintptr_t) a->data, b_start = (uintptr_t) b->data;
  uintptr_t a_end = a_start + (size_t) (a->height - 1) * a->stride
                    + tessera_pixel_size (a) * (size_t) a->width;
  uintptr_t b_end = b_start + (size_t) (b->height - 1) * b->stride
                    + tessera_pixel_size (b) * (size_t) b->width;
  return a_start < b_end && b_start < a_end;
}

/* ITERATIONS passes from SRC to DST through one scratch image, never
 * reading and writing one buffer in the same pass (DST may be SRC). */
static TesseraStatus
box_blur_device (const TesseraImage *src, TesseraImage *dst,
                 const TesseraBoxBlur *params, const Shape &shape,
                 TesseraStaging *staging)
{
  int passes = params->iterations;
  bool in_place = images_overlap (src, dst);
  const TesseraImage *in = src;
  TesseraImage between;
  TesseraDeviceBuffer scratch;

  if (passes > 1 || in_place)
    TESSERA_CUDA_CHECK (staging->scratch (dst, &between));
  /* Passes alternate between DST and BETWEEN so that the last lands in DST;
   * in place with an odd count, the first would overwrite its own input. */
  if (in_place && passes % 2 == 1)
    {
      TESSERA_CUDA_CHECK (cudaMemcpy2DAsync (
        between.data, between.stride, src->data, src->stride,
        tessera_pixel_size (src) * (size_t) src->width, (size_t) src->height,
        cudaMemcpyDeviceToDevice, 0));
      in = &between;
    }
  for (int i = 0; i < passes; i++)
    {
      TesseraImage *out = (passes - 1 - i) % 2 == 0 ? dst : &between;
      TESSERA_CUDA_CHECK (run_one_pass (in, out, params, shape, &scratch));
      in = out;
    }
  return TESSERA_OK;
}

static TesseraStatus
box_blur_staged (const TesseraImage *src, TesseraImage *dst,
                 const TesseraBoxBlur *params, const Shape &shape)
{
  TesseraStaging staging;
  TesseraImage in, out;

  TESSERA_CUDA_CHECK (tessera_box_blur_check (src, dst, params));
  TESSERA_CUDA_CHECK (staging.input (src, &in));
  TESSERA_CUDA_CHECK (staging.output (dst, &out));
  /* Host images in place: IN and OUT are distinct device copies. */
  TESSERA_CUDA_CHECK (box_blur_device (&in, &out, params, shape, &staging));
  return staging.finish ();
}

} /* namespace */

extern "C" TesseraStatus
tessera_cuda_box_blur (const TesseraImage *src, TesseraImage *dst,
                       const TesseraBoxBlur *params)
{
  Shape shape = { 0, 0 };
  return box_blur_staged (src, dst, params, shape);
}

extern "C" TesseraStatus
tessera_cuda_box_blur_shaped (const TesseraImage *src, TesseraImage *dst,
                              const TesseraBoxBlur *params, int threads,
                              int tile_rows)
{
  Shape shape = { threads, tile_rows };
  if (threads != 0 && (threads % 32 != 0 || threads < 64 || threads > 256))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (tile_rows < 0)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return box_blur_staged (src, dst, params, shape);
}
