/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the GPU: FAST, tile-local union-find,
 * then a global one over the tiles' edges (see fill-contours-private.cuh).
 *   1. One warp per 32x32 tile, one lane per row: the free pixels of a row
 *      are a 32-bit mask, its runs are united with the runs they touch in
 *      the row above (union-find in shared memory).  A component that
 *      stays inside the tile is decided at once (it cannot reach the image
 *      border, so it is inside); each component touching the tile's edge
 *      gets a number k < 128 and a node in a global union-find, born in the
 *      outside set (node 0) when it touches the image border.  The output
 *      receives a provisional value: 0 contour, 255 inside, 1 + k for an
 *      edge component.
 *   2. One thread per pair of free pixels across a tile seam unites their
 *      nodes (read from the provisional values).
 *   3. One warp per tile turns each 1 + k into 0 or 255: outside when its
 *      node's root is node 0 (roots are the smallest node of their set).
 *   No per-pixel labels ever reach global memory: the image is read once
 *   and the mask written about twice.
 *
 * The per-lane and per-thread steps are __host__ __device__ so that they
 * can be stepped through on a machine with no GPU. */
#include <string.h>
#include "fill-contours-private.cuh"

#define TILE 32
#define TILE_NODES 128            /* edge components of one tile: at most 124 */
#define WARPS_PER_BLOCK 4

/* ------------------------------------------------------------------ */
/* Bits of a row's mask and their atomic, on both sides. */

static __host__ __device__ inline int
lowest_bit (unsigned bits)
{
#ifdef __CUDA_ARCH__
  return __ffs (bits) - 1;
#else
  return __builtin_ctz (bits);
#endif
}

static __host__ __device__ inline int
highest_bit (unsigned bits)
{
#ifdef __CUDA_ARCH__
  return 31 - __clz (bits);
#else
  return 31 - __builtin_clz (bits);
#endif
}

static __host__ __device__ inline int
count_bits (unsigned bits)
{
#ifdef __CUDA_ARCH__
  return __popc (bits);
#else
  return __builtin_popcount (bits);
#endif
}

/* Bits 0..C of a mask (C in 0..31). */
static __host__ __device__ inline unsigned
bits_up_to (int c)
{
  return c == 31 ? ~0u : (2u << c) - 1;
}

/* Starts of the runs of set bits of M. */
static __host__ __device__ inline unsigned
run_starts (unsigned m)
{
  return m & ~(m << 1);
}

/* The run of M that starts at bit S. */
static __host__ __device__ inline unsigned
run_at (unsigned m, int s)
{
  unsigned beyond = ~(m >> s);
  int length = beyond != 0 ? lowest_bit (beyond) : 32;
  return (length == 32 ? ~0u : (1u << length) - 1) << s;
}

static __host__ __device__ inline void
atomic_or (unsigned *address, unsigned bits)
{
#ifdef __CUDA_ARCH__
  atomicOr (address, bits);
#else
  *address |= bits;
#endif
}

/* ------------------------------------------------------------------ */
/* FAST, step 1: one tile per warp. */
/* FAST, step 1: one tile per warp. */

struct Tile
{
  int index, x0, y0;
  int cols, rows;     /* the part inside the image */
};

static __host__ __device__ inline Tile
tile_at (int index, int tiles_x, int width, int height)
{
  Tile tile;
  tile.index = index;
  tile.x0 = index % tiles_x * TILE;
  tile.y0 = index / tiles_x * TILE;
  tile.cols = width - tile.x0 < TILE ? width - tile.x0 : TILE;
  tile.rows = height - tile.y0 < TILE ? height - tile.y0 : TILE;
  return tile;
}

/* The node of edge component K of tile T; node 0 is the outside. */
static __host__ __device__ inline int
edge_node (int tile, int k)
{
  return 1 + tile * TILE_NODES + k;
}

struct TileShared
{
  int      parent[TILE * TILE];   /* runs, by the position of their first pixel */
  unsigned free_bits[TILE];       /* bit c of word r: pixel (c, r) is free */
  unsigned edge_roots[TILE];      /* bit c of word r: the root at (c, r) touches the tile's edge */
  unsigned border_roots[TILE];    /* ... touches the image border */
  int      first_number[TILE];    /* edge roots in rows before r */
  uint8_t  value[TILE * TILE];    /* provisional value of each run, at its first pixel */
};

/* Bit j of the result: byte j of WORD is zero. */
static __host__ __device__ inline unsigned
zero_bytes (uint32_t word)
{
#ifdef __CUDA_ARCH__
  unsigned flags = __vcmpeq4 (word, 0) & 0x01010101u;
  return (flags * 0x01020408u) >> 24;   /* gathers the four flags */
#else
  unsigned bits = 0;
  for (int j = 0; j < 4; j++)
    bits |= (unsigned) (((word >> (8 * j)) & 0xff) == 0) << j;
  return bits;
#endif
}

static __host__ __device__ inline bool
tile_rows_aligned (const TesseraImage *image, const Tile *tile)
{
  return tile->cols == TILE && (size_t) image->data % 16 == 0
         && image->stride % 16 == 0;
}

static __host__ __device__ inline void
load_row (const uint8_t *row, uint32_t words[TILE / 4])
{
#ifdef __CUDA_ARCH__
  uint4 a = ((const uint4 *) row)[0], b = ((const uint4 *) row)[1];
  words[0] = a.x; words[1] = a.y; words[2] = a.z; words[3] = a.w;
  words[4] = b.x; words[5] = b.y; words[6] = b.z; words[7] = b.w;
#else
  memcpy (words, row, TILE);
#endif
}

static __host__ __device__ inline void
store_row (uint8_t *row, const uint32_t words[TILE / 4])
{
#ifdef __CUDA_ARCH__
  ((uint4 *) row)[0] = make_uint4 (words[0], words[1], words[2], words[3]);
  ((uint4 *) row)[1] = make_uint4 (words[4], words[5], words[6], words[7]);
#else
  memcpy (row, words, TILE);
#endif
}

static __host__ __device__ inline uint8_t *
tile_row (const TesseraImage *image, const Tile *tile, int r)
{
  return (uint8_t *) image->data + (size_t) (tile->y0 + r) * image->stride
         + tile->x0;
}

/* Lane R: reads row R of the tile, makes each of its runs a set. */
static __host__ __device__ inline void
tile_load (TileShared *s, const TesseraImage *image, const Tile *tile, int r)
{
  unsigned bits = 0;

  if (r < tile->rows)
    {
      const uint8_t *row = tile_row (image, tile, r);
      if (tile_rows_aligned (image, tile))
        {
          uint32_t words[TILE / 4];
          load_row (row, words);
          for (int j = 0; j < TILE / 4; j++)
            bits |= zero_bytes (words[j]) << (4 * j);
        }
      else
        for (int c = 0; c < tile->cols; c++)
          bits |= (unsigned) (row[c] == 0) << c;
    }
  s->free_bits[r] = bits;
  s->edge_roots[r] = 0;
  s->border_roots[r] = 0;
  for (unsigned starts = run_starts (bits); starts; starts &= starts - 1)
    s->parent[r * TILE + lowest_bit (starts)] = r * TILE + lowest_bit (starts);
}

/* Lane R: unites the runs of row R with those they touch in row R-1
 * (overlapping columns; with SLACK 1, diagonal neighbours too). */
static __host__ __device__ inline void
tile_unite (TileShared *s, int r, int slack)
{
  unsigned above, here, here_starts;

  if (r == 0)
    return;
  above = s->free_bits[r - 1];
  here = s->free_bits[r];
  here_starts = run_starts (here);
  for (unsigned starts = run_starts (above); starts && here; starts &= starts - 1)
    {
      int start = lowest_bit (starts);
      unsigned run = run_at (above, start);
      unsigned reach = slack ? run | run << 1 | run >> 1 : run;
      unsigned hits = here & reach;
      /* Each stretch of HITS lies in one run of this row. */
      for (unsigned h = run_starts (hits); h; h &= h - 1)
        {
          int first = highest_bit (here_starts & bits_up_to (lowest_bit (h)));
          unite<SharedMemory> (s->parent, (r - 1) * TILE + start,
                               r * TILE + first);
        }
    }
}

/* Lane R: marks the roots of row R's runs that touch the tile's edge or
 * the image's border. */
static __host__ __device__ inline void
tile_mark (TileShared *s, const Tile *tile, int width, int height, int r)
{
  unsigned bits = s->free_bits[r];

  for (unsigned starts = run_starts (bits); starts; starts &= starts - 1)
    {
      int start = lowest_bit (starts);
      int end = start + count_bits (run_at (bits, start));   /* exclusive */
      int root = find_root<SharedMemory> (s->parent, r * TILE + start);
      unsigned bit = 1u << (root % TILE);
      bool edge = r == 0 || r == tile->rows - 1 || start == 0
                  || end == tile->cols;
      bool border = tile->y0 + r == 0 || tile->y0 + r == height - 1
                    || tile->x0 + start == 0 || tile->x0 + end == width;
      if (edge)
        atomic_or (&s->edge_roots[root / TILE], bit);
      if (border)
        atomic_or (&s->border_roots[root / TILE], bit);
    }
}

/* Lane R: how many edge roots come before row R. */
static __host__ __device__ inline void
tile_count (TileShared *s, int r)
{
  int before = 0;
  for (int q = 0; q < r; q++)
    before += count_bits (s->edge_roots[q]);
  s->first_number[r] = before;
}

/* The number k of the edge root ROOT. */
static __host__ __device__ inline int
edge_number (const TileShared *s, int root)
{
  unsigned below = (1u << (root % TILE)) - 1;
  return s->first_number[root / TILE]
         + count_bits (s->edge_roots[root / TILE] & below);
}

/* Lane R: the global nodes of row R's edge roots, and the provisional
 * value of each run of row R. */
static __host__ __device__ inline void
tile_number (TileShared *s, const Tile *tile, int *parent, uint8_t *counts,
             int r)
{
  unsigned bits = s->free_bits[r];

  for (unsigned roots = s->edge_roots[r]; roots; roots &= roots - 1)
    {
      int c = lowest_bit (roots);
      int node = edge_node (tile->index, edge_number (s, r * TILE + c));
      parent[node] = (s->border_roots[r] >> c & 1) ? 0 : node;
    }
  if (r == TILE - 1)
    counts[tile->index] = (uint8_t) (s->first_number[r]
                                     + count_bits (s->edge_roots[r]));
  for (unsigned starts = run_starts (bits); starts; starts &= starts - 1)
    {
      int start = lowest_bit (starts);
      int root = find_root<SharedMemory> (s->parent, r * TILE + start);
      bool edge = s->edge_roots[root / TILE] >> (root % TILE) & 1;
      s->value[r * TILE + start] = edge ? (uint8_t) (1 + edge_number (s, root))
                                        : (uint8_t) VALUE_INTERIOR;
    }
}

/* Lane R: writes row R's provisional values. */
static __host__ __device__ inline void
tile_store (const TileShared *s, const TesseraImage *out, const Tile *tile,
            int r)
{
  uint32_t words[TILE / 4] = { 0 };
  unsigned bits = s->free_bits[r];
  uint8_t value = VALUE_CONTOUR;
  uint8_t *row;

  if (r >= tile->rows)
    return;
  for (int c = 0; c < TILE; c++)
    {
      if (run_starts (bits) >> c & 1)
        value = s->value[r * TILE + c];
      if (bits >> c & 1)
        words[c / 4] |= (uint32_t) value << (8 * (c % 4));
    }
  row = tile_row (out, tile, r);
  if (tile_rows_aligned (out, tile))
    store_row (row, words);
  else
    for (int c = 0; c < tile->cols; c++)
      row[c] = (uint8_t) (words[c / 4] >> (8 * (c % 4)));
}

static __host__ __device__ inline int
tile_count_all (int width, int height, int *tiles_x)
{
  *tiles_x = (width + TILE - 1) / TILE;
  return *tiles_x * ((height + TILE - 1) / TILE);
}

#ifdef __CUDACC__
static __global__ void
__launch_bounds__ (WARPS_PER_BLOCK * 32)
fast_tiles_kernel (TesseraImage in, TesseraImage out, int slack, int *parent,
                   uint8_t *counts)
{
  __shared__ TileShared shared[WARPS_PER_BLOCK];
  int tiles_x, tiles = tile_count_all (in.width, in.height, &tiles_x);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int index = blockIdx.x * WARPS_PER_BLOCK + warp;
  TileShared *s = &shared[warp];

  if (index >= tiles)
    return;   /* the whole warp */
  Tile tile = tile_at (index, tiles_x, in.width, in.height);
  tile_load (s, &in, &tile, lane);
  __syncwarp ();
  tile_unite (s, lane, slack);
  __syncwarp ();
  tile_mark (s, &tile, in.width, in.height, lane);
  __syncwarp ();
  tile_count (s, lane);
  __syncwarp ();
  tile_number (s, &tile, parent, counts, lane);
  __syncwarp ();
  tile_store (s, &out, &tile, lane);
}
#endif

/* ------------------------------------------------------------------ */
/* FAST, step 2: the seams. */
/* FAST, step 2: the seams. */

/* The node of the free pixel (X, Y) from its provisional value, or -1. */
static __host__ __device__ inline int
pixel_node (const TesseraImage *out, int tiles_x, int x, int y)
{
  uint8_t value = pixel (out, x, y);
  if (value == VALUE_CONTOUR || value == VALUE_INTERIOR)
    return -1;
  return edge_node ((y / TILE) * tiles_x + x / TILE, value - 1);
}

static __host__ __device__ inline void
unite_pixels (const TesseraImage *out, int tiles_x, int *parent, int ax,
              int ay, int bx, int by)
{
  if (bx < 0 || by < 0 || bx >= out->width || by >= out->height)
    return;
  int a = pixel_node (out, tiles_x, ax, ay);
  int b = pixel_node (out, tiles_x, bx, by);
  if (a >= 0 && b >= 0)
    unite<GlobalMemory> (parent, a, b);
}

/* The seam pixels: first the columns left of each vertical seam (every
 * row), then the rows above each horizontal seam (every column). */
static __host__ __device__ inline size_t
seam_pixels (int width, int height)
{
  int seams_x = (width - 1) / TILE, seams_y = (height - 1) / TILE;
  return (size_t) seams_x * height + (size_t) seams_y * width;
}

/* Thread I: unites the pixel before a seam with its neighbours after it. */
static __host__ __device__ inline void
seam_unite (const TesseraImage *out, int *parent, int slack, size_t i)
{
  int tiles_x = (out->width + TILE - 1) / TILE;
  size_t vertical = (size_t) ((out->width - 1) / TILE) * out->height;

  if (i < vertical)
    {
      int x = (int) (i / out->height + 1) * TILE - 1;
      int y = (int) (i % out->height);
      for (int dy = -slack; dy <= slack; dy++)
        unite_pixels (out, tiles_x, parent, x, y, x + 1, y + dy);
    }
  else
    {
      i -= vertical;
      int x = (int) (i % out->width);
      int y = (int) (i / out->width + 1) * TILE - 1;
      for (int dx = -slack; dx <= slack; dx++)
        unite_pixels (out, tiles_x, parent, x, y, x + dx, y + 1);
    }
}

#ifdef __CUDACC__
static __global__ void
seams_kernel (TesseraImage out, int *parent, int slack, size_t count)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    seam_unite (&out, parent, slack, i);
}
#endif

/* ------------------------------------------------------------------ */
/* FAST, step 3: edge components to their final value. */
/* FAST, step 3: edge components to their final value. */

/* Lanes of one tile: TABLE[k] gets the value of edge component k. */
static __host__ __device__ inline void
resolve_numbers (int *parent, const Tile *tile, int count,
                 uint8_t *table, int lane, int lanes)
{
  for (int k = lane; k < count; k += lanes)
    table[k] = find_root<GlobalMemory> (parent, edge_node (tile->index, k))
               == 0 ? (uint8_t) VALUE_CONTOUR : (uint8_t) VALUE_INTERIOR;
}

static __host__ __device__ inline void
resolve_row (const TesseraImage *out, const Tile *tile, const uint8_t *table,
             int r)
{
  uint32_t words[TILE / 4];
  uint8_t *row;

  if (r >= tile->rows)
    return;
  row = tile_row (out, tile, r);
  if (!tile_rows_aligned (out, tile))
    {
      for (int c = 0; c < tile->cols; c++)
        if (row[c] != VALUE_CONTOUR && row[c] != VALUE_INTERIOR)
          row[c] = table[row[c] - 1];
      return;
    }
  load_row (row, words);
  for (int j = 0; j < TILE / 4; j++)
    {
      uint32_t word = 0;
      for (int b = 0; b < 4; b++)
        {
          uint8_t value = (uint8_t) (words[j] >> (8 * b));
          if (value != VALUE_CONTOUR && value != VALUE_INTERIOR)
            value = table[value - 1];
          word |= (uint32_t) value << (8 * b);
        }
      words[j] = word;
    }
  store_row (row, words);
}

#ifdef __CUDACC__
static __global__ void
__launch_bounds__ (WARPS_PER_BLOCK * 32)
resolve_kernel (TesseraImage out, int *parent, const uint8_t *counts)
{
  __shared__ uint8_t tables[WARPS_PER_BLOCK][TILE_NODES];
  int tiles_x, tiles = tile_count_all (out.width, out.height, &tiles_x);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int index = blockIdx.x * WARPS_PER_BLOCK + warp;

  if (index >= tiles || counts[index] == 0)
    return;   /* the whole warp: nothing provisional in this tile */
  Tile tile = tile_at (index, tiles_x, out.width, out.height);
  resolve_numbers (parent, &tile, counts[index], tables[warp], lane, 32);
  __syncwarp ();
  resolve_row (&out, &tile, tables[warp], lane);
}
#endif

/* ------------------------------------------------------------------ */
/* Host side. */

#ifdef __CUDACC__
namespace fill_contours_gpu {

TesseraStatus
FastScratch::allocate (int width, int height)
{
  int tiles_x, tiles = tile_count_all (width, height, &tiles_x);
  TESSERA_CUDA_CHECK (parent.allocate (sizeof (int)
                                       * (1 + (size_t) tiles * TILE_NODES)));
  return counts.allocate ((size_t) tiles);
}

TesseraStatus
fast_fill (const TesseraImage *in, TesseraImage *out, int slack,
           FastScratch *scratch, cudaStream_t stream)
{
  int tiles_x, tiles = tile_count_all (in->width, in->height, &tiles_x);
  unsigned tile_blocks = tessera_cuda_blocks ((size_t) tiles, WARPS_PER_BLOCK);
  size_t seams = seam_pixels (in->width, in->height);
  int *parent = scratch->parent.as<int> ();
  uint8_t *counts = scratch->counts.as<uint8_t> ();

  /* Node 0, the outside, is its own root; the others are set by step 1. */
  TESSERA_CUDA_CHECK (cudaMemsetAsync (parent, 0, sizeof (int), stream));
  fast_tiles_kernel<<<tile_blocks, WARPS_PER_BLOCK * 32, 0, stream>>>
    (*in, *out, slack, parent, counts);
  TESSERA_CUDA_CHECK_LAUNCH ();
  if (seams > 0)
    {
      seams_kernel<<<tessera_cuda_blocks (seams, THREADS_PER_BLOCK),
                     THREADS_PER_BLOCK, 0, stream>>>
        (*out, parent, slack, seams);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  resolve_kernel<<<tile_blocks, WARPS_PER_BLOCK * 32, 0, stream>>>
    (*out, parent, counts);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

} /* namespace fill_contours_gpu */
#endif
