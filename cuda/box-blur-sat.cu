/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: SAT_TILES, the summed-area table of
 * Ha et al. (2012) (see box-blur-private.cuh): square tiles reduced to row
 * and column partial sums, those scanned and the tile corners (pivots)
 * propagated, then each tile scanned with its partial sums added — about
 * 3wh of global traffic — followed by a lookup pass that reads four table
 * entries per window.  Its cost does not depend on the radii. */
#include "box-blur-private.cuh"

namespace box_blur_gpu {

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
TesseraStatus
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


#define INSTANTIATE(PREMUL, T, C, Acc) \
  template TesseraStatus run_sat_tiles<PREMUL, T, C, Acc> (const TesseraImage *, TesseraImage *, const Window &, TesseraDeviceBuffer *);
TESSERA_BOX_BLUR_LAYOUTS (INSTANTIATE)
#undef INSTANTIATE

} /* namespace box_blur_gpu */
