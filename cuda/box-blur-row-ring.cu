/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: FUSED for four float channels, the
 * row ring (sm_90; see box-blur-private.cuh). */
#include "box-blur-private.cuh"
#include "box-blur-walk.cuh"

namespace box_blur_gpu {

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
bool
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
TesseraStatus
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


template bool row_ring_shape_for<false> (const TesseraImage *,
                                         const TesseraImage *, const Window &,
                                         const Shape &, RowRingShape *);
template bool row_ring_shape_for<true> (const TesseraImage *,
                                        const TesseraImage *, const Window &,
                                        const Shape &, RowRingShape *);
template TesseraStatus run_row_ring<false> (const TesseraImage *,
                                            TesseraImage *, const Window &,
                                            const RowRingShape &);
template TesseraStatus run_row_ring<true> (const TesseraImage *,
                                           TesseraImage *, const Window &,
                                           const RowRingShape &);

} /* namespace box_blur_gpu */
