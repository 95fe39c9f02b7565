/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur of core/box-blur.h on the GPU, with the CPU's exact
 * results for integer samples.
 *
 * This file holds the entry points and the choice of method for each pass;
 * the methods live in files of their own (box-blur-private.cuh lists
 * them):
 *
 * FUSED walks down vertical strips of the image.  Each thread owns a chunk
 * of one row and keeps the running vertical window sums of its chunk in
 * registers; the horizontal window is then a difference of prefix sums
 * over the strip, formed in shared memory.  Nothing but the image and the
 * result touches global memory.  When the radius is wider than a block can
 * hold, the vertical sums go to a scratch band instead and a second kernel
 * takes the horizontal window along whole rows.  Four float channels take
 * a row ring from sm_90 on, where it fits: a block per SM holds a strip's
 * rows of horizontal sums for the whole window, so that each row is read
 * once.
 *
 * SAT_TILES is the summed-area table of Ha et al. (2012), whose cost does
 * not depend on the radii.
 *
 * Both handle edge replicate in closed form, so the radii may be far beyond
 * the image. */
#include "box-blur-private.cuh"

namespace box_blur_gpu {

/* Whether a layout has the row ring: four float channels. */
template <typename T, int C>
struct HasRowRing { static const bool VALUE = false; };
template <>
struct HasRowRing<float, 4> { static const bool VALUE = true; };

/* FUSED: the row ring where it serves, the walk where the window fits a
 * block's halo, else the two passes. */
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
  if (fused_halo<T, C> (w) <= fused_threads (shape) / 4)
    return run_fused_walk<PREMUL, T, C, Acc> (in, out, w, shape);
  return run_two_pass<PREMUL, T, C, Acc> (in, out, w, shape, scratch);
}

/* The fused kernel fills the device: the window fits in one block's
 * halo, and there are at least as many blocks as multiprocessors once no
 * tile is shorter than its window. */
template <typename T, int C>
static bool
fused_fills_device (const Window &w)
{
  typedef Chunk<T, C> Ch;
  int halo = fused_halo<T, C> (w);
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

/* ITERATIONS passes from SRC to DST through one scratch image, never
 * reading and writing one buffer in the same pass (DST may be SRC). */
static TesseraStatus
box_blur_device (const TesseraImage *src, TesseraImage *dst,
                 const TesseraBoxBlur *params, const Shape &shape,
                 TesseraStaging *staging)
{
  int passes = params->iterations;
  bool in_place = tessera_images_overlap (src, dst);
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

} /* namespace box_blur_gpu */

using namespace box_blur_gpu;


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
