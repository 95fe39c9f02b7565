/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: FUSED for windows wider than a block
 * (see box-blur-private.cuh).  The walk of box-blur-walk.cuh stores the
 * vertical window sums into a band of scratch rows; a second kernel takes
 * the horizontal window along whole rows. */
#include "box-blur-private.cuh"
#include "box-blur-walk.cuh"

namespace box_blur_gpu {

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

/* One pass for a window wider than a block: vertical sums into a band of
 * scratch, then the horizontal window along whole rows. */
template <bool PREMUL, typename T, int C, typename Acc>
TesseraStatus
run_two_pass (const TesseraImage *in, TesseraImage *out, const Window &w,
              const Shape &shape, TesseraDeviceBuffer *scratch)
{
  typedef Chunk<T, C> Ch;
  bool src_aligned = tessera_cuda_rows_aligned (in, Ch::LOAD);
  int row_chunks = (w.width + Ch::PIXELS - 1) / Ch::PIXELS;
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


#define INSTANTIATE(PREMUL, T, C, Acc) \
  template TesseraStatus run_two_pass<PREMUL, T, C, Acc> (const TesseraImage *, TesseraImage *, const Window &, const Shape &, TesseraDeviceBuffer *);
TESSERA_BOX_BLUR_LAYOUTS (INSTANTIATE)
#undef INSTANTIATE

} /* namespace box_blur_gpu */
