/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: the device code every method shares
 * (private to cuda/box-blur*.cu): the window, samples as the 32-bit words
 * the loads fill, the chunk of pixels a thread owns, the premultiplied
 * terms, and the rounded division of a window's sum.
 *
 * Integer sums are exact: unsigned sums wrap, and the window sum, the
 * difference of two prefixes, is right whenever it fits the type, which the
 * host ensures by picking 32, 64 or 128 bits from the window size.  Float
 * samples are summed in double; see tests/gpu/parity-box-blur.c for the
 * bound. */
#ifndef TESSERA_CUDA_BOX_BLUR_SUMS_CUH
#define TESSERA_CUDA_BOX_BLUR_SUMS_CUH

#include <stdint.h>
#include <string.h>
#include <type_traits>
#include "common.cuh"

namespace box_blur_gpu {

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
 * warps an SM holds (32-byte chunks of 8-bit RGBA take fewer instructions
 * per pixel but fit two blocks per SM instead of three, and ran no faster:
 * bench/RESULTS.md, Box blur). */
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

} /* namespace box_blur_gpu */

#endif
