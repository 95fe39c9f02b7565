/* Tessera — Fill Closed Contours on the GPU (see core/fill-contours.h).
 *
 * FAST: tile-local union-find, then a global one over the tiles' edges.
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
 * PAPER_GPU: the paper's fill on the GPU: one thread per seed, the same
 *   scanline fill as the CPU's PAPER (core/fill-contours.c explains the
 *   fences and why the races are safe), each thread with a fixed stack
 *   whose overflow goes to a global queue handled by further launches;
 *   then the merge: union-find of the noted pairs and of the border's
 *   labels, a table from label to mask value, and the inversion.
 *
 * The PAPER merge pipeline (CPU fill + GPU merge) and the FAST batch
 * pipeline double-buffer pinned memory on two streams.
 *
 * The per-lane and per-thread steps are __host__ __device__ so that they
 * can be stepped through on a machine with no GPU. */
#include <stdint.h>
#include <string.h>
#include <new>
#include "common.cuh"

#define TILE 32
#define TILE_NODES 128            /* edge components of one tile: at most 124 */
#define WARPS_PER_BLOCK 4
#define THREADS_PER_BLOCK 256

enum
{
  VALUE_CONTOUR = 0,
  VALUE_INTERIOR = TESSERA_FILL_CONTOURS_INTERIOR
};

/* ------------------------------------------------------------------ */
/* Bits, atomics and union-find that run on both sides. */

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

static __host__ __device__ inline int
atomic_min (int *address, int value)
{
#ifdef __CUDA_ARCH__
  return atomicMin (address, value);
#else
  int old = *address;
  if (value < old)
    *address = value;
  return old;
#endif
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

/* Loads that see what other threads wrote during the kernel: volatile in
 * shared memory, from L2 (not the incoherent L1) in global memory. */
struct SharedMemory
{
  static __host__ __device__ int load (const int *p)
  {
    return *(const volatile int *) p;
  }
};

struct GlobalMemory
{
  static __host__ __device__ int load (const int *p)
  {
#ifdef __CUDA_ARCH__
    return __ldcg (p);
#else
    return *p;
#endif
  }
};

/* Union-find whose roots are the smallest node of their set.  Finding
 * halves the path (each node visited skips to its grandparent), so the
 * chains that linking by index builds across thousands of tiles stay
 * short.  The shortcut is an atomic min: it never undoes another thread's
 * link, and any ancestor is a valid parent. */
template <typename Memory>
static __host__ __device__ inline int
find_root (int *parent, int node)
{
  for (;;)
    {
      int up = Memory::load (parent + node);
      if (up == node)
        return node;
      int above = Memory::load (parent + up);
      if (above == up)
        return up;
      atomic_min (parent + node, above);
      node = above;
    }
}

/* Unites the sets of A and B, safe against other threads doing the same
 * (the union of Playne and Hawick: a lost race is retried from the value
 * that won it). */
template <typename Memory>
static __host__ __device__ inline void
unite (int *parent, int a, int b)
{
  for (;;)
    {
      a = find_root<Memory> (parent, a);
      b = find_root<Memory> (parent, b);
      if (a == b)
        return;
      if (a > b)
        {
          int swap = a;
          a = b;
          b = swap;
        }
      int old = atomic_min (parent + b, a);
      if (old == b)
        return;
      b = old;
    }
}

/* ------------------------------------------------------------------ */
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

static __host__ __device__ inline uint8_t
pixel (const TesseraImage *image, int x, int y)
{
  return ((const uint8_t *) image->data)[(size_t) y * image->stride + x];
}

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
/* PAPER_GPU: the paper's fill, one thread per seed. */

enum
{
  LABEL_CONTOUR = 0,
  LABEL_UNFILLED,
  LABEL_BORDER,
  LABEL_FIRST_SEED
};

/* The paper's best GPU seed count (Table 5). */
#define PAPER_GPU_SEEDS 32768
#define PAPER_STACK 16            /* the paper's GPU stack: 16 seeds */

struct PaperSeed
{
  int x, y;
  unsigned label;
};

/* Where a thread's work goes when it does not fit in the thread: seeds
 * beyond its stack (filled by the next launch), and the pairs of labels
 * found touching. */
struct PaperQueues
{
  PaperSeed    *overflow;
  unsigned     *overflow_count;
  unsigned      overflow_capacity;
  unsigned     *pairs;            /* two labels each */
  unsigned     *pair_count;
  unsigned      pair_capacity;
  int          *lost;             /* a queue was full: the result is void */
};

struct PaperImage
{
  unsigned *labels;               /* width*height, packed */
  int       width, height, slack;
};

static __host__ __device__ inline unsigned
label_get (const PaperImage *image, int x, int y)
{
  return *(const volatile unsigned *) &image->labels[(size_t) y * image->width + x];
}

static __host__ __device__ inline void
label_set (const PaperImage *image, int x, int y, unsigned label)
{
  *(volatile unsigned *) &image->labels[(size_t) y * image->width + x] = label;
}

static __host__ __device__ inline void
full_fence (void)
{
#ifdef __CUDA_ARCH__
  __threadfence ();
#endif
}

static __host__ __device__ inline unsigned
queue_slot (unsigned *count)
{
#ifdef __CUDA_ARCH__
  return atomicAdd (count, 1u);
#else
  return (*count)++;
#endif
}

/* One thread's state: its label, its stack, the last label it noted. */
struct PaperFill
{
  const PaperImage  *image;
  const PaperQueues *queues;
  unsigned           own, last_noted;
  PaperSeed          stack[PAPER_STACK];
  int                depth;
};

static __host__ __device__ inline void
paper_note (PaperFill *fill, unsigned seen)
{
  if (seen == fill->own || seen <= LABEL_UNFILLED || seen == fill->last_noted)
    return;
  fill->last_noted = seen;
  unsigned slot = queue_slot (fill->queues->pair_count);
  if (slot < fill->queues->pair_capacity)
    {
      fill->queues->pairs[2 * slot] = fill->own;
      fill->queues->pairs[2 * slot + 1] = seen;
    }
  else
    *fill->queues->lost = 1;
}

static __host__ __device__ inline void
paper_push (PaperFill *fill, int x, int y)
{
  PaperSeed seed = { x, y, fill->own };
  if (fill->depth < PAPER_STACK)
    {
      fill->stack[fill->depth++] = seed;
      return;
    }
  unsigned slot = queue_slot (fill->queues->overflow_count);
  if (slot < fill->queues->overflow_capacity)
    fill->queues->overflow[slot] = seed;
  else
    *fill->queues->lost = 1;
}

/* Reads [X0, X1] of row Y after the fence: pushes a seed per unfilled run
 * (when PUSH), notes the other labels. */
static __host__ __device__ inline void
paper_scan (PaperFill *fill, int x0, int x1, int y, bool push)
{
  bool in_unfilled = false;
  for (int x = x0; x <= x1; x++)
    {
      unsigned label = label_get (fill->image, x, y);
      if (label == LABEL_UNFILLED)
        {
          if (push && !in_unfilled)
            paper_push (fill, x, y);
          in_unfilled = true;
        }
      else
        {
          in_unfilled = false;
          paper_note (fill, label);
        }
    }
}

/* The scanline fill from (X, Y) with the label OWN. */
static __host__ __device__ inline void
paper_fill (const PaperImage *image, const PaperQueues *queues, int x, int y,
            unsigned own)
{
  PaperFill fill;
  fill.image = image;
  fill.queues = queues;
  fill.own = own;
  fill.last_noted = LABEL_CONTOUR;
  fill.depth = 0;
  paper_push (&fill, x, y);
  while (fill.depth > 0)
    {
      PaperSeed seed = fill.stack[--fill.depth];
      unsigned label = label_get (image, seed.x, seed.y);
      int left = seed.x, right = seed.x, width = image->width;

      if (label != LABEL_UNFILLED)
        {
          paper_note (&fill, label);
          continue;
        }
      label_set (image, seed.x, seed.y, own);
      while (left > 0 && label_get (image, left - 1, seed.y) == LABEL_UNFILLED)
        label_set (image, --left, seed.y, own);
      while (right + 1 < width
             && label_get (image, right + 1, seed.y) == LABEL_UNFILLED)
        label_set (image, ++right, seed.y, own);

      full_fence ();
      paper_scan (&fill, left > 0 ? left - 1 : 0,
                  right + 1 < width ? right + 1 : right, seed.y, false);
      left = left - image->slack > 0 ? left - image->slack : 0;
      right = right + image->slack < width ? right + image->slack : width - 1;
      if (seed.y > 0)
        paper_scan (&fill, left, right, seed.y - 1, true);
      if (seed.y + 1 < image->height)
        paper_scan (&fill, left, right, seed.y + 1, true);
    }
}

/* The pixels of the image border, numbered as in core/fill-contours.c. */
static __host__ __device__ inline size_t
border_length (int width, int height)
{
  size_t inner_width = width > 2 ? (size_t) width - 2 : 0;
  size_t inner_height = height > 2 ? (size_t) height - 2 : 0;
  return (size_t) width * height - inner_width * inner_height;
}

static __host__ __device__ inline void
border_pixel (size_t i, int width, int height, int *x, int *y)
{
  size_t row_pixels = (height > 1 ? 2 : 1) * (size_t) width;
  size_t side = (size_t) height - 2;
  if (i < row_pixels)
    {
      *x = (int) (i % width);
      *y = i < (size_t) width ? 0 : height - 1;
      return;
    }
  i -= row_pixels;
  *y = 1 + (int) (i % side);
  *x = i < side ? 0 : width - 1;
}

/* Thread T of the first launch: a share of the border (T < BORDER_TASKS)
 * or an interior seed on evenly spaced rows. */
static __host__ __device__ inline void
paper_seed_task (const PaperImage *image, const PaperQueues *queues, int task,
                 int border_tasks, int seeds)
{
  if (task < border_tasks)
    {
      size_t length = border_length (image->width, image->height);
      size_t end = length * (task + 1) / border_tasks;
      for (size_t i = length * task / border_tasks; i < end; i++)
        {
          int x, y;
          border_pixel (i, image->width, image->height, &x, &y);
          if (label_get (image, x, y) == LABEL_UNFILLED)
            paper_fill (image, queues, x, y, LABEL_BORDER);
        }
      return;
    }
  task -= border_tasks;
  int y = (int) ((int64_t) (task + 1) * image->height / (seeds + 1));
  /* splitmix64 of the task: the column. */
  uint64_t z = (uint64_t) (task + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  int x = (int) ((z ^ (z >> 31)) % (uint64_t) image->width);
  y = y < image->height ? y : image->height - 1;
  if (label_get (image, x, y) == LABEL_UNFILLED)
    paper_fill (image, queues, x, y, LABEL_FIRST_SEED + (unsigned) task);
}

#ifdef __CUDACC__
static __global__ void
paper_labels_kernel (TesseraImage contours, PaperImage image)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (size_t) image.width * image.height)
    return;
  int x = (int) (i % image.width), y = (int) (i / image.width);
  image.labels[i] = pixel (&contours, x, y) ? LABEL_CONTOUR : LABEL_UNFILLED;
}

static __global__ void
paper_seeds_kernel (PaperImage image, PaperQueues queues, int border_tasks,
                    int seeds)
{
  int task = blockIdx.x * blockDim.x + threadIdx.x;
  if (task < border_tasks + seeds)
    paper_seed_task (&image, &queues, task, border_tasks, seeds);
}

/* A later launch: the seeds that overflowed the stacks of the last one. */
static __global__ void
paper_overflow_kernel (PaperImage image, PaperQueues queues,
                       const PaperSeed *seeds, unsigned count)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    paper_fill (&image, &queues, seeds[i].x, seeds[i].y, seeds[i].label);
}

static __global__ void
paper_parent_kernel (int *parent, unsigned labels)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < labels)
    parent[i] = (int) i;
}

static __global__ void
paper_pairs_kernel (int *parent, const unsigned *pairs,
                    const unsigned *pair_count, unsigned capacity)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned count = *pair_count < capacity ? *pair_count : capacity;
  if (i < count)
    unite<GlobalMemory> (parent, (int) pairs[2 * i], (int) pairs[2 * i + 1]);
}

/* A border pixel may have lost the border's label in a race: its label
 * joins the outside whatever it is. */
static __global__ void
paper_border_kernel (PaperImage image, int *parent)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  int x, y;
  if (i >= border_length (image.width, image.height))
    return;
  border_pixel (i, image.width, image.height, &x, &y);
  unsigned label = label_get (&image, x, y);
  if (label != LABEL_CONTOUR)
    unite<GlobalMemory> (parent, LABEL_BORDER, (int) label);
}

static __global__ void
paper_values_kernel (int *parent, uint8_t *value, unsigned labels)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= labels)
    return;
  if (i == LABEL_CONTOUR)
    value[i] = VALUE_CONTOUR;
  else if (i == LABEL_UNFILLED)
    value[i] = VALUE_INTERIOR;
  else
    value[i] = find_root<GlobalMemory> (parent, (int) i) == LABEL_BORDER
               ? (uint8_t) VALUE_CONTOUR : (uint8_t) VALUE_INTERIOR;
}

/* The paper's GPU merge: each pixel's label to its mask value. */
static __global__ void
invert_kernel (const unsigned *labels, const uint8_t *value, TesseraImage out)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (size_t) out.width * out.height)
    return;
  int x = (int) (i % out.width), y = (int) (i / out.width);
  ((uint8_t *) out.data)[(size_t) y * out.stride + x] = value[labels[i]];
}
#endif

/* ------------------------------------------------------------------ */
/* Host side. */

#ifdef __CUDACC__

/* Scratch of FAST for images of up to a number of tiles. */
struct FastScratch
{
  TesseraDeviceBuffer parent, counts;

  TesseraStatus allocate (int width, int height)
  {
    int tiles_x, tiles = tile_count_all (width, height, &tiles_x);
    TESSERA_CUDA_CHECK (parent.allocate (sizeof (int)
                                         * (1 + (size_t) tiles * TILE_NODES)));
    return counts.allocate ((size_t) tiles);
  }
};

/* FAST from IN to OUT (device images; OUT may be IN) on STREAM. */
static TesseraStatus
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

/* Device memory for PAPER_GPU's queues and labels. */
struct PaperScratch
{
  TesseraDeviceBuffer labels, overflow[2], counters, pairs, parent, value;
  PaperQueues         queues;
  unsigned            overflow_capacity;

  /* Queues for SCALE times a first guess: a seed per 8 pixels and a pair
   * per 4, and 64 of each per task (on small images most of the tasks
   * meet each other's labels at once). */
  TesseraStatus allocate (size_t pixels, unsigned label_count, unsigned tasks,
                          unsigned scale)
  {
    size_t overflow_guess = (pixels / 8 + 64 * (size_t) tasks) * scale;
    size_t pair_guess = (pixels / 4 + 64 * (size_t) tasks) * scale;
    if (pair_guess > UINT32_MAX / 2 || overflow_guess > UINT32_MAX / 2)
      return TESSERA_ERROR_GPU_OUT_OF_MEMORY;
    overflow_capacity = (unsigned) overflow_guess;
    unsigned pair_capacity = (unsigned) pair_guess;
    TESSERA_CUDA_CHECK (labels.allocate (pixels * sizeof (unsigned)));
    for (int i = 0; i < 2; i++)
      TESSERA_CUDA_CHECK (overflow[i].allocate (overflow_capacity
                                                * sizeof (PaperSeed)));
    TESSERA_CUDA_CHECK (counters.allocate (4 * sizeof (unsigned)));
    TESSERA_CUDA_CHECK (pairs.allocate (2 * (size_t) pair_capacity
                                        * sizeof (unsigned)));
    TESSERA_CUDA_CHECK (parent.allocate (label_count * sizeof (int)));
    TESSERA_CUDA_CHECK (value.allocate (label_count));
    queues.overflow_capacity = overflow_capacity;
    queues.pair_capacity = pair_capacity;
    queues.pairs = pairs.as<unsigned> ();
    queues.pair_count = counters.as<unsigned> ();
    queues.lost = counters.as<int> () + 1;
    return TESSERA_OK;
  }

  /* Launches that fill from the seeds in queues.overflow go here. */
  void use_overflow (int i)
  {
    queues.overflow = overflow[i].as<PaperSeed> ();
    queues.overflow_count = counters.as<unsigned> () + 2 + i;
  }
};

#define PAPER_BORDER_TASKS 1024

/* PAPER_GPU from IN to OUT (device images) with queues of SCALE times the
 * first guess; *LOST when they overflowed (the result is void). */
static TesseraStatus
paper_gpu_try (const TesseraImage *in, TesseraImage *out,
               const TesseraFillContours *params, unsigned scale, bool *lost)
{
  size_t pixels = (size_t) in->width * in->height;
  int seeds = params->seeds > 0 ? params->seeds : PAPER_GPU_SEEDS;
  int border_tasks = PAPER_BORDER_TASKS;
  unsigned label_count = LABEL_FIRST_SEED + (unsigned) seeds;
  PaperImage image = { NULL, in->width, in->height, params->connectivity == 8 };
  PaperScratch scratch;
  unsigned host_counters[4];
  int round = 0;

  *lost = false;
  TESSERA_CUDA_CHECK (scratch.allocate (pixels, label_count,
                                        (unsigned) (border_tasks + seeds),
                                        scale));
  image.labels = scratch.labels.as<unsigned> ();
  TESSERA_CUDA_CHECK (cudaMemsetAsync (scratch.counters.as<void> (), 0,
                                       4 * sizeof (unsigned), 0));
  paper_labels_kernel<<<tessera_cuda_blocks (pixels, THREADS_PER_BLOCK),
                        THREADS_PER_BLOCK>>> (*in, image);
  TESSERA_CUDA_CHECK_LAUNCH ();

  /* The seeds, then the overflow of each launch, until none is left. */
  scratch.use_overflow (0);
  paper_seeds_kernel<<<tessera_cuda_blocks ((size_t) (border_tasks + seeds),
                                            THREADS_PER_BLOCK),
                       THREADS_PER_BLOCK>>>
    (image, scratch.queues, border_tasks, seeds);
  TESSERA_CUDA_CHECK_LAUNCH ();
  for (;;)
    {
      TESSERA_CUDA_CHECK (cudaMemcpy (host_counters, scratch.counters.as<void> (),
                                      sizeof host_counters,
                                      cudaMemcpyDeviceToHost));
      unsigned pending = host_counters[2 + round % 2];
      if (host_counters[1] != 0 || pending > scratch.overflow_capacity)
        {
          *lost = true;
          return TESSERA_ERROR_GPU_OUT_OF_MEMORY;
        }
      if (pending == 0)
        break;
      const PaperSeed *seeds_now = scratch.overflow[round % 2].as<PaperSeed> ();
      round++;
      scratch.use_overflow (round % 2);
      TESSERA_CUDA_CHECK (cudaMemsetAsync (scratch.queues.overflow_count, 0,
                                           sizeof (unsigned), 0));
      paper_overflow_kernel<<<tessera_cuda_blocks (pending, THREADS_PER_BLOCK),
                              THREADS_PER_BLOCK>>>
        (image, scratch.queues, seeds_now, pending);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }

  /* The merge. */
  int *parent = scratch.parent.as<int> ();
  unsigned pair_blocks = tessera_cuda_blocks (scratch.queues.pair_capacity,
                                              THREADS_PER_BLOCK);
  size_t border = border_length (in->width, in->height);
  paper_parent_kernel<<<tessera_cuda_blocks (label_count, THREADS_PER_BLOCK),
                        THREADS_PER_BLOCK>>> (parent, label_count);
  paper_pairs_kernel<<<pair_blocks, THREADS_PER_BLOCK>>>
    (parent, scratch.queues.pairs, scratch.queues.pair_count,
     scratch.queues.pair_capacity);
  paper_border_kernel<<<tessera_cuda_blocks (border, THREADS_PER_BLOCK),
                        THREADS_PER_BLOCK>>> (image, parent);
  paper_values_kernel<<<tessera_cuda_blocks (label_count, THREADS_PER_BLOCK),
                        THREADS_PER_BLOCK>>>
    (parent, scratch.value.as<uint8_t> (), label_count);
  invert_kernel<<<tessera_cuda_blocks (pixels, THREADS_PER_BLOCK),
                  THREADS_PER_BLOCK>>>
    (image.labels, scratch.value.as<uint8_t> (), *out);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

/* PAPER_GPU, starting over with larger queues when they overflowed. */
static TesseraStatus
paper_gpu_fill (const TesseraImage *in, TesseraImage *out,
                const TesseraFillContours *params)
{
  TesseraStatus status = TESSERA_ERROR_GPU_OUT_OF_MEMORY;
  bool lost = true;

  for (unsigned scale = 1; lost && scale <= 64; scale *= 4)
    status = paper_gpu_try (in, out, params, scale, &lost);
  return status;
}

extern "C" TesseraStatus
tessera_cuda_fill_contours (const TesseraImage *contours,
                            TesseraImage *interior,
                            const TesseraFillContours *params)
{
  TesseraStaging staging;
  TesseraImage in, out;

  TESSERA_CUDA_CHECK (tessera_fill_contours_check (contours, interior, params));
  TESSERA_CUDA_CHECK (staging.input (contours, &in));
  TESSERA_CUDA_CHECK (staging.output (interior, &out));
  if (params->method == TESSERA_FILL_CONTOURS_METHOD_PAPER
      || params->method == TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU)
    TESSERA_CUDA_CHECK (paper_gpu_fill (&in, &out, params));
  else
    {
      FastScratch scratch;
      TESSERA_CUDA_CHECK (scratch.allocate (in.width, in.height));
      TESSERA_CUDA_CHECK (fast_fill (&in, &out, params->connectivity == 8,
                                     &scratch, 0));
    }
  return staging.finish ();
}

/* ------------------------------------------------------------------ */
/* Batches: two slots, each with its stream, so that one slot's copies and
 * kernels overlap the other's. */

/* Host memory, pinned (asynchronous copies, but slow to allocate: it pays
 * from the second image of a batch on) or not. */
class HostBuffer
{
public:
  HostBuffer () : data_ (NULL), pinned_ (false) {}
  ~HostBuffer ()
  {
    if (pinned_)
      cudaFreeHost (data_);
    else
      free (data_);
  }
  TesseraStatus allocate (size_t bytes, bool pinned)
  {
    pinned_ = pinned;
    if (pinned)
      return tessera_cuda_status (cudaHostAlloc (&data_, bytes,
                                                 cudaHostAllocDefault));
    data_ = malloc (bytes);
    return data_ != NULL ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
  }
  template <typename T> T *as () const { return (T *) data_; }

private:
  HostBuffer (const HostBuffer &);
  HostBuffer &operator= (const HostBuffer &);
  void *data_;
  bool  pinned_;
};

/* A packed one-channel u8 view of DATA with LIKE's size. */
static TesseraImage
packed_view (void *data, const TesseraImage *like, TesseraMemory memory)
{
  TesseraImage image = { data, like->width, like->height,
                         (size_t) like->width, 1, TESSERA_U8, memory };
  return image;
}

/* Copies the rows of FROM into TO (host images of one size, any strides). */
static void
copy_rows (const TesseraImage *from, TesseraImage *to)
{
  for (int y = 0; y < from->height; y++)
    memcpy (tessera_image_row (to, y), tessera_image_row (from, y),
            (size_t) from->width);
}

/* A slot of the PAPER merge pipeline. */
struct PipelineSlot
{
  cudaStream_t  stream;
  HostBuffer    host_in, host_out;
  TesseraDeviceBuffer device_in, device_out;
  TesseraImage *pending;          /* the host image the slot's result goes to */
  TesseraImage  host_result;      /* host_out as an image of its size */

  PipelineSlot () : stream (NULL), pending (NULL) {}
  /* The buffers (freed after this) may still be in use on a failure path. */
  ~PipelineSlot ()
  {
    if (stream == NULL)
      return;
    cudaStreamSynchronize (stream);
    cudaStreamDestroy (stream);
  }

  TesseraStatus allocate (size_t in_bytes, size_t out_bytes, bool pinned)
  {
    TESSERA_CUDA_CHECK (cudaStreamCreateWithFlags (&stream,
                                                   cudaStreamNonBlocking));
    TESSERA_CUDA_CHECK (host_in.allocate (in_bytes, pinned));
    TESSERA_CUDA_CHECK (host_out.allocate (out_bytes, pinned));
    TESSERA_CUDA_CHECK (device_in.allocate (in_bytes));
    return device_out.allocate (out_bytes);
  }

  /* Waits for the slot's work and hands its result over. */
  TesseraStatus drain ()
  {
    TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
    if (pending != NULL)
      copy_rows (&host_result, pending);
    pending = NULL;
    return TESSERA_OK;
  }

  /* Queues the download of the mask in device_out into INTERIOR. */
  TesseraStatus download (TesseraImage *interior)
  {
    size_t bytes = (size_t) interior->width * interior->height;
    host_result = packed_view (host_out.as<void> (), interior,
                               TESSERA_MEMORY_HOST);
    TESSERA_CUDA_CHECK (cudaMemcpyAsync (host_out.as<void> (),
                                         device_out.as<void> (), bytes,
                                         cudaMemcpyDeviceToHost, stream));
    pending = interior;
    return TESSERA_OK;
  }
};


/* One of FAST's two batch slots: a stream and device memory. */
struct FastSlot
{
  FastScratch         scratch;
  TesseraDeviceBuffer in, out;
  cudaStream_t        stream;

  FastSlot () : stream (NULL) {}
  /* The buffers (freed after this) may still be in use on a failure path. */
  ~FastSlot ()
  {
    if (stream == NULL)
      return;
    cudaStreamSynchronize (stream);
    cudaStreamDestroy (stream);
  }
};

/* Queues the download of SLOT's mask into the host image INTERIOR; from
 * pageable memory this returns when it is done. */
static TesseraStatus
fast_slot_download (FastSlot *slot, TesseraImage *interior)
{
  return tessera_cuda_status (
    cudaMemcpy2DAsync (interior->data, interior->stride, slot->out.as<void> (),
                       (size_t) interior->width, (size_t) interior->width,
                       (size_t) interior->height, cudaMemcpyDeviceToHost,
                       slot->stream));
}

/* FAST on COUNT host images.  The copies go straight from and to the
 * caller's (pageable) memory, staged by the driver, which is quicker than
 * staging them ourselves through pinned buffers with one host thread (that
 * measured twice as slow per image); what overlaps is image i's kernels
 * with image i-1's download. */
extern "C" TesseraStatus
tessera_cuda_fill_contours_batch (const TesseraImage *contours,
                                  TesseraImage *interior, int count,
                                  const TesseraFillContours *params)
{
  FastSlot slots[2];
  size_t most = 0;
  int most_width = 1, most_height = 1;

  if (count <= 0)
    return count == 0 ? TESSERA_OK : TESSERA_ERROR_INVALID_ARGUMENT;
  if (params->method != TESSERA_FILL_CONTOURS_METHOD_FAST
      && params->method != TESSERA_FILL_CONTOURS_METHOD_AUTO)
    {
      for (int i = 0; i < count; i++)
        TESSERA_CUDA_CHECK (tessera_cuda_fill_contours (&contours[i],
                                                        &interior[i], params));
      return TESSERA_OK;
    }
  for (int i = 0; i < count; i++)
    {
      TESSERA_CUDA_CHECK (tessera_fill_contours_check (&contours[i],
                                                       &interior[i], params));
      if (contours[i].memory != TESSERA_MEMORY_HOST)
        return TESSERA_ERROR_INVALID_ARGUMENT;
      if ((size_t) contours[i].width * contours[i].height > most)
        most = (size_t) contours[i].width * contours[i].height;
      most_width = contours[i].width > most_width ? contours[i].width : most_width;
      most_height = contours[i].height > most_height ? contours[i].height
                                                     : most_height;
    }
  for (int s = 0; s < 2; s++)
    {
      TESSERA_CUDA_CHECK (cudaStreamCreateWithFlags (&slots[s].stream,
                                                     cudaStreamNonBlocking));
      TESSERA_CUDA_CHECK (slots[s].in.allocate (most));
      TESSERA_CUDA_CHECK (slots[s].out.allocate (most));
      /* Enough tiles for any of the images. */
      TESSERA_CUDA_CHECK (slots[s].scratch.allocate (most_width, most_height));
    }
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (0));   /* the allocations */

  for (int i = 0; i < count; i++)
    {
      FastSlot *slot = &slots[i % 2];
      TesseraImage in = packed_view (slot->in.as<void> (), &contours[i],
                                     TESSERA_MEMORY_CUDA);
      TesseraImage out = packed_view (slot->out.as<void> (), &contours[i],
                                      TESSERA_MEMORY_CUDA);
      TESSERA_CUDA_CHECK (cudaMemcpy2DAsync (in.data, in.stride,
                                             contours[i].data,
                                             contours[i].stride,
                                             (size_t) in.width,
                                             (size_t) in.height,
                                             cudaMemcpyHostToDevice,
                                             slot->stream));
      TESSERA_CUDA_CHECK (fast_fill (&in, &out, params->connectivity == 8,
                                     &slot->scratch, slot->stream));
      if (i > 0)
        TESSERA_CUDA_CHECK (fast_slot_download (&slots[(i - 1) % 2],
                                                &interior[i - 1]));
    }
  TESSERA_CUDA_CHECK (fast_slot_download (&slots[(count - 1) % 2],
                                          &interior[count - 1]));
  for (int s = 0; s < 2; s++)
    TESSERA_CUDA_CHECK (cudaStreamSynchronize (slots[s].stream));
  return TESSERA_OK;
}

/* The PAPER merge pipeline of tessera-cuda.h. */
struct TesseraCudaFillMerge
{
  TesseraDeviceBuffer value[2];
  PipelineSlot        slots[2];   /* after VALUE: waits before it is freed */
  int                 next;
  size_t              max_pixels;
  bool                pinned;
};

extern "C" TesseraStatus
tessera_cuda_fill_merge_new (TesseraCudaFillMerge **merge, size_t max_pixels,
                             int images)
{
  TesseraCudaFillMerge *m = new (std::nothrow) TesseraCudaFillMerge ();
  if (m == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  m->next = 0;
  m->max_pixels = max_pixels;
  m->pinned = images > 1;
  *merge = m;
  return TESSERA_OK;
}

extern "C" TesseraStatus
tessera_cuda_fill_merge_labels (TesseraCudaFillMerge *merge,
                                uint32_t **labels)
{
  PipelineSlot *slot = &merge->slots[merge->next % 2];

  /* A slot's memory on its first use: one image needs one slot. */
  if (slot->stream == NULL)
    {
      TESSERA_CUDA_CHECK (slot->allocate (merge->max_pixels * sizeof (unsigned),
                                          merge->max_pixels, merge->pinned));
      TESSERA_CUDA_CHECK (cudaStreamSynchronize (0));
    }
  TESSERA_CUDA_CHECK (slot->drain ());
  *labels = slot->host_in.as<uint32_t> ();
  return TESSERA_OK;
}

extern "C" TesseraStatus
tessera_cuda_fill_merge_submit (TesseraCudaFillMerge *merge,
                                const uint8_t *value, uint32_t label_count,
                                TesseraImage *interior)
{
  int s = merge->next++ % 2;
  PipelineSlot *slot = &merge->slots[s];
  size_t pixels = (size_t) interior->width * interior->height;
  TesseraImage out = packed_view (slot->device_out.as<void> (), interior,
                                  TESSERA_MEMORY_CUDA);

  if (merge->value[s].bytes () < label_count)
    {
      TESSERA_CUDA_CHECK (merge->value[s].allocate (label_count));
      TESSERA_CUDA_CHECK (cudaStreamSynchronize (0));
    }
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (slot->device_in.as<void> (),
                                       slot->host_in.as<void> (),
                                       pixels * sizeof (unsigned),
                                       cudaMemcpyHostToDevice, slot->stream));
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (merge->value[s].as<void> (), value,
                                       label_count, cudaMemcpyHostToDevice,
                                       slot->stream));
  invert_kernel<<<tessera_cuda_blocks (pixels, THREADS_PER_BLOCK),
                  THREADS_PER_BLOCK, 0, slot->stream>>>
    (slot->device_in.as<unsigned> (), merge->value[s].as<uint8_t> (), out);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return slot->download (interior);
}

extern "C" TesseraStatus
tessera_cuda_fill_merge_finish (TesseraCudaFillMerge *merge)
{
  for (int s = 0; s < 2; s++)
    TESSERA_CUDA_CHECK (merge->slots[s].drain ());
  return TESSERA_OK;
}

extern "C" void
tessera_cuda_fill_merge_free (TesseraCudaFillMerge *merge)
{
  delete merge;
}

#endif
