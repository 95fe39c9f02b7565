/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale morphological reconstruction on the GPU.
 *
 * As on the CPU (core/reconstruct.c) everything is a reconstruction by
 * dilation on unsigned keys (erosion flips their bits, floats use the
 * totalOrder keys), so the result is the CPU's, bit for bit.
 *
 * The image is cut into 32x32 tiles, one warp per tile, one lane per
 * column, the tile's samples held in registers.  A warp brings its tile to
 * its own fixed point with its one-sample halo held as it read it, by
 * sweeps: a downward sweep takes each row from the row above (three
 * neighbours), then reconstructs the row in one dimension, left to right
 * and right to left, as a warp scan (a run of "clamp to [sample, mask]"
 * steps composes into one clamp, so the scan needs five shuffle steps); an
 * upward sweep does the same from the row below.  Sweeps alternate until
 * one changes nothing.  This is the paper's many independent queues turned
 * into many independent tiles, with a whole row as the unit of work instead
 * of a pixel.
 *
 * Tiles run in rounds: a tile whose border rose marks the neighbours that
 * see it active for the next round, until a round marks none.  Tiles read
 * their neighbours' samples while those may be rising; any value read is a
 * valid lower bound, and a neighbour whose border rises after the read
 * marks the tile again, so the last round sees a fixed point: the exact
 * reconstruction.  On the 4096x4096 h-dome case the rounds stay few (about
 * fifteen), since a tile's sweeps carry a value across the whole tile along
 * any path that turns back vertically only a few times. */
#include <cuda_runtime.h>
#include <stdint.h>
#include "tessera-cuda.h"
#include "common.cuh"

namespace {

const int      TILE = 32;            /* a warp's tile: TILE x TILE samples */
const int      WARPS_PER_BLOCK = 4;
/* Four blocks (16 warps) per SM cap the registers at 128, so a few of the
 * tile's 64 samples spill to L1; on the H100 that still beat 8 warps per
 * SM without spills (bench/RESULTS.md, Morphological reconstruction). */
const int      MIN_BLOCKS_PER_SM = 4;
const unsigned ALL_LANES = 0xffffffffu;

/* The keys of core/reconstruct.c: samples whose integer order is the
 * sample order (totalOrder for floats). */
__device__ __forceinline__ unsigned
sample_key (uint8_t v)
{
  return v;
}

__device__ __forceinline__ unsigned
sample_key (uint16_t v)
{
  return v;
}

__device__ __forceinline__ unsigned
sample_key (float v)
{
  unsigned bits = __float_as_uint (v);
  return bits ^ (-(bits >> 31) | 0x80000000u);
}

__device__ __forceinline__ void
key_sample (unsigned key, uint8_t *v)
{
  *v = (uint8_t) key;
}

__device__ __forceinline__ void
key_sample (unsigned key, uint16_t *v)
{
  *v = (uint16_t) key;
}

__device__ __forceinline__ void
key_sample (unsigned key, float *v)
{
  *v = __uint_as_float (key ^ (-(~key >> 31) | 0x80000000u));
}

/* The key planes of one channel: TILE-aligned sizes, zero outside the
 * image (zero in the mask: never raised; in the marker: raises nothing). */
template <typename Key>
struct Planes
{
  Key *out;
  Key *mask;
  int  pitch;          /* samples; a multiple of TILE */
  int  rows;           /* a multiple of TILE */
  int  tiles_x;
  int  tiles_y;
};

struct Counters
{
  unsigned long long clipped;
  int                any_active;
};

template <typename Sample>
__device__ __forceinline__ Sample *
sample_row (const TesseraImage &image, int y)
{
  return (Sample *) ((uint8_t *) image.data + (size_t) y * image.stride);
}

/* Fills the planes from channel C of MARKER and MASK: the marker clipped to
 * the mask, keys flipped by FLIP; counts the clipped samples.  The grid
 * covers the columns once and the rows in steps of gridDim.y. */
template <typename Sample, typename Key>
__global__ void
load_planes (TesseraImage mask, TesseraImage marker, int c, unsigned flip,
             Planes<Key> planes, Counters *counters)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned clipped = 0;

  if (x >= planes.pitch)
    return;
  for (int y = blockIdx.y; y < planes.rows; y += gridDim.y)
    {
      unsigned out = 0, k = 0;
      if (x < mask.width && y < mask.height)
        {
          unsigned m = (sample_key (sample_row<const Sample> (marker, y)
                                    [x * marker.channels + c]) ^ flip)
                       & (Key) ~0u;
          k = (sample_key (sample_row<const Sample> (mask, y)
                           [x * mask.channels + c]) ^ flip)
              & (Key) ~0u;
          clipped += m > k;
          out = min (m, k);
        }
      planes.out[(size_t) y * planes.pitch + x] = (Key) out;
      planes.mask[(size_t) y * planes.pitch + x] = (Key) k;
    }
  /* PITCH is a multiple of 32: whole warps get here.  One atomic each. */
  for (int d = 16; d > 0; d /= 2)
    clipped += __shfl_down_sync (ALL_LANES, clipped, d);
  if ((threadIdx.x & 31) == 0 && clipped != 0)
    atomicAdd (&counters->clipped, (unsigned long long) clipped);
}

template <typename Sample, typename Key>
__global__ void
store_plane (Planes<Key> planes, int c, unsigned flip, TesseraImage dst)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;

  if (x >= dst.width)
    return;
  for (int y = blockIdx.y; y < dst.height; y += gridDim.y)
    {
      unsigned key = (planes.out[(size_t) y * planes.pitch + x] ^ flip)
                     & (Key) ~0u;
      key_sample (key, &sample_row<Sample> (dst, y)[x * dst.channels + c]);
    }
}

/* DST's channel C becomes MASK's (the alpha channel). */
template <typename Sample>
__global__ void
copy_channel (TesseraImage mask, int c, TesseraImage dst)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;

  if (x >= dst.width)
    return;
  for (int y = blockIdx.y; y < dst.height; y += gridDim.y)
    sample_row<Sample> (dst, y)[x * dst.channels + c] =
      sample_row<const Sample> (mask, y)[x * mask.channels + c];
}

__device__ __forceinline__ unsigned
clamp_to (unsigned v, unsigned lo, unsigned hi)
{
  return min (max (v, lo), hi);
}

/* The 1-D reconstruction of a row, one sample V (under its mask K) per
 * lane, between the samples LEFT of lane 0 and RIGHT of lane 31.  Sample x
 * left to right is f_x(u) = clamp (u, v_x, k_x) of its left neighbour u;
 * clamps compose into clamps, so an inclusive warp scan gives each lane the
 * whole run from the left edge, applied to LEFT.  Then the same leftwards. */
/* One step of the scan: composes the clamp D lanes up (applied first) with
 * this lane's. */
template <bool UP>
__device__ __forceinline__ void
scan_step (unsigned &lo, unsigned &hi, int d, bool inside)
{
  unsigned other_lo = UP ? __shfl_up_sync (ALL_LANES, lo, d)
                         : __shfl_down_sync (ALL_LANES, lo, d);
  unsigned other_hi = UP ? __shfl_up_sync (ALL_LANES, hi, d)
                         : __shfl_down_sync (ALL_LANES, hi, d);
  unsigned new_lo = clamp_to (other_lo, lo, hi);
  unsigned new_hi = clamp_to (other_hi, lo, hi);
  lo = inside ? new_lo : lo;
  hi = inside ? new_hi : hi;
}

__device__ __forceinline__ unsigned
reconstruct_row (unsigned v, unsigned k, unsigned left, unsigned right,
                 int lane)
{
  unsigned lo = v, hi = k;
  scan_step<true> (lo, hi, 1, lane >= 1);
  scan_step<true> (lo, hi, 2, lane >= 2);
  scan_step<true> (lo, hi, 4, lane >= 4);
  scan_step<true> (lo, hi, 8, lane >= 8);
  scan_step<true> (lo, hi, 16, lane >= 16);
  v = clamp_to (left, lo, hi);
  lo = v;
  hi = k;
  scan_step<false> (lo, hi, 1, lane + 1 < 32);
  scan_step<false> (lo, hi, 2, lane + 2 < 32);
  scan_step<false> (lo, hi, 4, lane + 4 < 32);
  scan_step<false> (lo, hi, 8, lane + 8 < 32);
  scan_step<false> (lo, hi, 16, lane + 16 < 32);
  return clamp_to (right, lo, hi);
}

/* A tile's halo: the row above and below (lane x: column x), the columns
 * left and right (lane y: row y), and the four corners (in every lane). */
struct Halo
{
  unsigned above, below, left, right;
  unsigned above_left, above_right, below_left, below_right;
};

/* One sweep over the tile, down (from the row above) or up; returns whether
 * any sample rose, and marks those that did in DIRTY (bit y: row y). */
template <bool DOWN, bool CONN8>
__device__ __forceinline__ bool
sweep (unsigned (&o)[TILE], const unsigned (&k)[TILE], const Halo &halo,
       int lane, unsigned &dirty)
{
  unsigned prev = DOWN ? halo.above : halo.below;
  unsigned prev_left = __shfl_up_sync (ALL_LANES, prev, 1);
  unsigned prev_right = __shfl_down_sync (ALL_LANES, prev, 1);
  unsigned rose = 0;

  if (lane == 0)
    prev_left = DOWN ? halo.above_left : halo.below_left;
  if (lane == TILE - 1)
    prev_right = DOWN ? halo.above_right : halo.below_right;

#pragma unroll
  for (int i = 0; i < TILE; i++)
    {
      const int y = DOWN ? i : TILE - 1 - i;
      unsigned left = __shfl_sync (ALL_LANES, halo.left, y);
      unsigned right = __shfl_sync (ALL_LANES, halo.right, y);
      unsigned v = max (o[y], prev);

      if (CONN8)
        v = max (v, max (prev_left, prev_right));
      v = reconstruct_row (min (v, k[y]), k[y], left, right, lane);
      rose |= (unsigned) (v != o[y]) << y;
      o[y] = v;
      prev = v;
      prev_left = __shfl_up_sync (ALL_LANES, v, 1);
      prev_right = __shfl_down_sync (ALL_LANES, v, 1);
      if (lane == 0)
        prev_left = left;
      if (lane == TILE - 1)
        prev_right = right;
    }
  dirty |= rose;
  return __any_sync (ALL_LANES, rose != 0);
}

/* Samples another warp may be raising: read through L2, never a stale L1
 * line. */
template <typename Key>
__device__ __forceinline__ unsigned
load_out (const Planes<Key> &p, int x, int y)
{
  if (x < 0 || y < 0 || x >= p.pitch || y >= p.rows)
    return 0;
  return __ldcg (&p.out[(size_t) y * p.pitch + x]);
}

template <typename Key>
__device__ __forceinline__ void
mark_active (const Planes<Key> &p, int tx, int ty, uint8_t *next,
             Counters *counters)
{
  if (tx < 0 || ty < 0 || tx >= p.tiles_x || ty >= p.tiles_y)
    return;
  next[ty * p.tiles_x + tx] = 1;
  counters->any_active = 1;
}

/* One round: every active tile to its fixed point, marking for the next
 * round the neighbours that see a border sample that rose. */
template <typename Key, bool CONN8>
__global__ void __launch_bounds__ (WARPS_PER_BLOCK * 32, MIN_BLOCKS_PER_SM)
round_tiles (Planes<Key> p, uint8_t *active, uint8_t *next,
             Counters *counters)
{
  int lane = threadIdx.x & 31;
  int tile = blockIdx.x * WARPS_PER_BLOCK + (threadIdx.x >> 5);
  if (tile >= p.tiles_x * p.tiles_y || !active[tile])
    return;
  active[tile] = 0;

  int tx = tile % p.tiles_x, ty = tile / p.tiles_x;
  int x0 = tx * TILE, y0 = ty * TILE, x = x0 + lane;
  unsigned o[TILE], k[TILE], dirty = 0;
  Halo halo;

  /* A tile read while its neighbours write sees old or new samples, both
   * fine; the tiles are marked again after the writes. */
  __threadfence ();
#pragma unroll
  for (int y = 0; y < TILE; y++)
    {
      o[y] = load_out (p, x, y0 + y);
      k[y] = p.mask[(size_t) (y0 + y) * p.pitch + x];
    }
  halo.above = load_out (p, x, y0 - 1);
  halo.below = load_out (p, x, y0 + TILE);
  halo.left = load_out (p, x0 - 1, y0 + lane);
  halo.right = load_out (p, x0 + TILE, y0 + lane);
  halo.above_left = load_out (p, x0 - 1, y0 - 1);
  halo.above_right = load_out (p, x0 + TILE, y0 - 1);
  halo.below_left = load_out (p, x0 - 1, y0 + TILE);
  halo.below_right = load_out (p, x0 + TILE, y0 + TILE);

  /* A downward sweep leaves every sample stable against its upper and side
   * neighbours, an upward one against its lower and side ones: an upward
   * or downward sweep that changes nothing after the other kind ends it. */
  for (int n = 0;; n++)
    {
      bool rose = n % 2 == 0 ? sweep<true, CONN8> (o, k, halo, lane, dirty)
                             : sweep<false, CONN8> (o, k, halo, lane, dirty);
      if (!rose && n > 0)
        break;
    }

  if (__any_sync (ALL_LANES, dirty != 0))
    {
#pragma unroll
      for (int y = 0; y < TILE; y++)
        if (dirty >> y & 1)
          __stcg (&p.out[(size_t) (y0 + y) * p.pitch + x], (Key) o[y]);
      __threadfence ();
    }

  unsigned top = __any_sync (ALL_LANES, dirty & 1);
  unsigned bottom = __any_sync (ALL_LANES, dirty >> (TILE - 1) & 1);
  unsigned first = __shfl_sync (ALL_LANES, dirty, 0);
  unsigned last = __shfl_sync (ALL_LANES, dirty, TILE - 1);
  if (lane != 0)
    return;
  if (top)
    mark_active (p, tx, ty - 1, next, counters);
  if (bottom)
    mark_active (p, tx, ty + 1, next, counters);
  if (first)
    mark_active (p, tx - 1, ty, next, counters);
  if (last)
    mark_active (p, tx + 1, ty, next, counters);
  if (CONN8)
    {
      if (first & 1)
        mark_active (p, tx - 1, ty - 1, next, counters);
      if (last & 1)
        mark_active (p, tx + 1, ty - 1, next, counters);
      if (first >> (TILE - 1) & 1)
        mark_active (p, tx - 1, ty + 1, next, counters);
      if (last >> (TILE - 1) & 1)
        mark_active (p, tx + 1, ty + 1, next, counters);
    }
}

/* Rounds until none marks a tile: ACTIVE starts all ones, NEXT all zeros;
 * each round clears the flags it reads, so the two swap roles. */
template <typename Key>
TesseraStatus
run_rounds (const Planes<Key> &planes, bool conn8, uint8_t *active,
            uint8_t *next, Counters *counters)
{
  int tiles = planes.tiles_x * planes.tiles_y;
  unsigned blocks = tessera_cuda_blocks ((size_t) tiles, WARPS_PER_BLOCK);
  int any_active = 1;

  while (any_active)
    {
      TESSERA_CUDA_CHECK (cudaMemsetAsync (&counters->any_active, 0,
                                           sizeof (int), 0));
      if (conn8)
        round_tiles<Key, true><<<blocks, WARPS_PER_BLOCK * 32>>> (
          planes, active, next, counters);
      else
        round_tiles<Key, false><<<blocks, WARPS_PER_BLOCK * 32>>> (
          planes, active, next, counters);
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemcpy (&any_active, &counters->any_active,
                                      sizeof (int), cudaMemcpyDeviceToHost));
      uint8_t *t = active;
      active = next;
      next = t;
    }
  return TESSERA_OK;
}

template <typename Sample, typename Key>
TesseraStatus
reconstruct (const TesseraImage &mask, const TesseraImage &marker,
             const TesseraImage &dst, const TesseraReconstruct &params,
             size_t *clipped)
{
  TesseraDeviceBuffer out_buffer, mask_buffer, flags_buffer, counters_buffer;
  Planes<Key> planes;
  unsigned flip = params.operation == TESSERA_RECONSTRUCT_EROSION
                  ? 0xffffffffu : 0u;
  bool conn8 = params.connectivity != 4;
  Counters host_counters;

  planes.tiles_x = (mask.width + TILE - 1) / TILE;
  planes.tiles_y = (mask.height + TILE - 1) / TILE;
  planes.pitch = planes.tiles_x * TILE;
  planes.rows = planes.tiles_y * TILE;
  size_t samples = (size_t) planes.pitch * planes.rows;
  size_t tiles = (size_t) planes.tiles_x * planes.tiles_y;

  TESSERA_CUDA_CHECK (out_buffer.allocate (samples * sizeof (Key)));
  TESSERA_CUDA_CHECK (mask_buffer.allocate (samples * sizeof (Key)));
  TESSERA_CUDA_CHECK (flags_buffer.allocate (2 * tiles));
  TESSERA_CUDA_CHECK (counters_buffer.allocate (sizeof (Counters)));
  planes.out = out_buffer.as<Key> ();
  planes.mask = mask_buffer.as<Key> ();
  uint8_t *active = flags_buffer.as<uint8_t> ();
  Counters *counters = counters_buffer.as<Counters> ();
  TESSERA_CUDA_CHECK (cudaMemsetAsync (counters, 0, sizeof (Counters), 0));

  /* Rows in steps: a grid has at most 65535 of them. */
  dim3 block (256);
  dim3 grid (tessera_cuda_blocks (planes.pitch, 256), min (planes.rows, 4096));
  dim3 out_grid (tessera_cuda_blocks (mask.width, 256),
                 min (mask.height, 4096));
  int colours = mask.channels - (params.has_alpha ? 1 : 0);
  for (int c = 0; c < colours; c++)
    {
      load_planes<Sample, Key><<<grid, block>>> (mask, marker, c, flip,
                                                 planes, counters);
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemsetAsync (active, 1, tiles, 0));
      TESSERA_CUDA_CHECK (cudaMemsetAsync (active + tiles, 0, tiles, 0));
      TESSERA_CUDA_CHECK (run_rounds (planes, conn8, active, active + tiles,
                                      counters));
      store_plane<Sample, Key><<<out_grid, block>>> (planes, c, flip, dst);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  if (params.has_alpha)
    {
      copy_channel<Sample><<<out_grid, block>>> (mask, colours, dst);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  TESSERA_CUDA_CHECK (cudaMemcpy (&host_counters, counters, sizeof (Counters),
                                  cudaMemcpyDeviceToHost));
  *clipped = (size_t) host_counters.clipped;
  return TESSERA_OK;
}

} /* namespace */

extern "C" TesseraStatus
tessera_cuda_reconstruct (const TesseraImage *mask, const TesseraImage *marker,
                          TesseraImage *dst, const TesseraReconstruct *params,
                          size_t *clipped)
{
  TesseraStaging staging;
  TesseraImage device_mask, device_marker, device_dst;
  size_t ignored;

  TESSERA_CUDA_CHECK (tessera_reconstruct_check (mask, marker, dst, params));
  /* Channel by channel only: tessera_reconstruct does the luminance steps
   * around a reconstruction of one channel. */
  if (params->colour != TESSERA_RECONSTRUCT_PER_CHANNEL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (clipped == NULL)
    clipped = &ignored;
  TESSERA_CUDA_CHECK (staging.input (mask, &device_mask));
  TESSERA_CUDA_CHECK (staging.input (marker, &device_marker));
  TESSERA_CUDA_CHECK (staging.output (dst, &device_dst));
  switch (mask->type)
    {
    case TESSERA_U8:
      TESSERA_CUDA_CHECK ((reconstruct<uint8_t, uint8_t> (
        device_mask, device_marker, device_dst, *params, clipped)));
      break;
    case TESSERA_U16:
      TESSERA_CUDA_CHECK ((reconstruct<uint16_t, uint16_t> (
        device_mask, device_marker, device_dst, *params, clipped)));
      break;
    case TESSERA_F32:
      TESSERA_CUDA_CHECK ((reconstruct<float, uint32_t> (
        device_mask, device_marker, device_dst, *params, clipped)));
      break;
    }
  return staging.finish ();
}
