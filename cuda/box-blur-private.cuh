/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: what its methods' files share on the
 * host side (private to cuda/box-blur*.cu).
 *
 * cuda/box-blur.cu picks a method for each pass and calls its launcher:
 *   box-blur-fused.cu     FUSED, the vertical walk with the horizontal
 *                         window from shared prefix sums
 *   box-blur-two-pass.cu  FUSED for windows wider than a block
 *   box-blur-row-ring.cu  FUSED for four float channels on sm_90
 *   box-blur-sat.cu       SAT_TILES, the paper's summed-area table
 * Device code they share: box-blur-sums.cuh (samples, chunks, the
 * division) and box-blur-walk.cuh (the walk and its rings). */
#ifndef TESSERA_CUDA_BOX_BLUR_PRIVATE_CUH
#define TESSERA_CUDA_BOX_BLUR_PRIVATE_CUH

#include "box-blur-sums.cuh"

namespace box_blur_gpu {

/* Forced kernel shape for tuning runs; zeros pick the defaults. */
struct Shape
{
  int threads;
  int tile_rows;
};

inline int
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
inline int
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
inline int
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

/* The fused kernel's blocks: 256 threads (faster than 128, since the halos
 * weigh less: bench/RESULTS.md, Box blur); a block gives at most a quarter
 * of its threads to each halo. */
#define FUSED_THREADS 256
#define FUSED_MAX_HALO (FUSED_THREADS / 4)

/* Bytes of scratch that the two-pass path takes per band. */
#define BAND_BYTES ((size_t) 256 << 20)

/* Threads of a fused block, and chunks of its halo on each side. */
inline int
fused_threads (const Shape &shape)
{
  return shape.threads > 0 ? shape.threads : FUSED_THREADS;
}

template <typename T, int C>
inline int
fused_halo (const Window &w)
{
  return (w.rx + Chunk<T, C>::PIXELS - 1) / Chunk<T, C>::PIXELS;
}

/* The row ring's shape, from the host. */
struct RowRingShape
{
  int ring_px;      /* input pixels of a strip, halos included (<= 256) */
  int out_px;       /* output pixels of a strip */
  int tile_rows;
  int slots;        /* rows of the ring */
  int row_warps;    /* warps 0 .. row_warps - 1; the rest are column warps */
};

/* Every instantiation the dispatcher (box-blur.cu) asks for: PREMUL, the
 * sample type, channels and the sum type.  Each method's file
 * instantiates its launcher for these. */
#define TESSERA_BOX_BLUR_CHANNEL_LAYOUTS(X, T, Acc) \
  X (false, T, 1, Acc) X (false, T, 2, Acc) X (true, T, 2, Acc) \
  X (false, T, 3, Acc) X (true, T, 3, Acc) X (false, T, 4, Acc) \
  X (true, T, 4, Acc)
#define TESSERA_BOX_BLUR_LAYOUTS(X) \
  TESSERA_BOX_BLUR_CHANNEL_LAYOUTS (X, float, double) \
  TESSERA_BOX_BLUR_CHANNEL_LAYOUTS (X, uint8_t, uint32_t) \
  TESSERA_BOX_BLUR_CHANNEL_LAYOUTS (X, uint8_t, uint64_t) \
  TESSERA_BOX_BLUR_CHANNEL_LAYOUTS (X, uint16_t, uint64_t) \
  X (true, uint16_t, 2, u128) X (true, uint16_t, 3, u128) \
  X (true, uint16_t, 4, u128)

/* The launchers, one per method file. */
template <bool PREMUL, typename T, int C, typename Acc>
TesseraStatus run_fused_walk (const TesseraImage *in, TesseraImage *out,
                              const Window &w, const Shape &shape);

template <bool PREMUL, typename T, int C, typename Acc>
TesseraStatus run_two_pass (const TesseraImage *in, TesseraImage *out,
                            const Window &w, const Shape &shape,
                            TesseraDeviceBuffer *scratch);

template <bool PREMUL, typename T, int C, typename Acc>
TesseraStatus run_sat_tiles (const TesseraImage *in, TesseraImage *out,
                             const Window &w, TesseraDeviceBuffer *scratch);

/* Whether the row ring serves this pass (four float channels), and its
 * shape; then the pass. */
template <bool PREMUL>
bool row_ring_shape_for (const TesseraImage *in, const TesseraImage *out,
                         const Window &w, const Shape &shape,
                         RowRingShape *r);

template <bool PREMUL>
TesseraStatus run_row_ring (const TesseraImage *in, TesseraImage *out,
                            const Window &w, const RowRingShape &r);

} /* namespace box_blur_gpu */

#endif
