/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: FUSED (see box-blur-private.cuh).
 *
 * Blocks walk down vertical strips of the image with the running vertical
 * sums of box-blur-walk.cuh; each row's horizontal window is then a
 * difference of prefix sums over the strip, formed in shared memory;
 * neighbouring strips overlap by the horizontal radius.  Nothing but the
 * image and the result touches global memory. */
#include "box-blur-private.cuh"
#include "box-blur-walk.cuh"

namespace box_blur_gpu {

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
 * holds (the shared ring lets one more block per SM run, which measured
 * faster for both); in registers for the rest: float sums (bound by DRAM
 * traffic, not by the warps: a shared ring was slower), 128-bit sums, and
 * 8-bit samples' 64-bit sums of wide windows, sixteen a thread, which
 * leave no registers for a third block (slower with the shared ring).
 * Figures: bench/RESULTS.md, Box blur.
 *
 * MIN_BLOCKS, the blocks per SM that the kernel's registers must allow: it
 * waits on latency more than on any pipe, so the more warps the better, up
 * to where the compiler starts to spill.  With the shared ring, four (64
 * registers) for 32-bit sums but three (80) for one channel, whose sixteen
 * sums a thread spill at 64, and three for 16-bit samples' 64-bit sums
 * (eight a thread); two with the ring in registers (three were slower for
 * 8-bit RGBA with the ring in registers, four spilled). */
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

/* One pass of the fused kernel; the window fits a block's halo
 * (fused_halo <= fused_threads / 4). */
template <bool PREMUL, typename T, int C, typename Acc>
TesseraStatus
run_fused_walk (const TesseraImage *in, TesseraImage *out, const Window &w,
                const Shape &shape)
{
  typedef Chunk<T, C> Ch;
  int threads = fused_threads (shape);
  int halo = fused_halo<T, C> (w);
  int row_chunks = (w.width + Ch::PIXELS - 1) / Ch::PIXELS;
  int outputs = threads - 2 * halo;
  int strips = (row_chunks + outputs - 1) / outputs;
  size_t shared = fused_shared_bytes<PREMUL, T, C, Acc> (threads);
  void (*kernel) (TesseraImage, TesseraImage, Window, const FusedShape)
    = fused_kernel<PREMUL, T, C, Acc>;
  FusedShape fs;

  TESSERA_CUDA_CHECK (tessera_cuda_allow_shared (kernel, shared));
  fs.halo = halo;
  place_prefixes<T, C, Acc> (&fs, w.rx);
  fs.tile_rows = tile_rows_for (strips,
                                resident_blocks (kernel, threads, shared),
                                w.height, w.ry, shape);
  fs.src_aligned = tessera_cuda_rows_aligned (in, Ch::LOAD);
  fs.dst_aligned = tessera_cuda_rows_aligned (out, Ch::LOAD);
  fs.src_bulk = tessera_cuda_rows_aligned (in, 16);
  dim3 grid (strips, (w.height + fs.tile_rows - 1) / fs.tile_rows);
  kernel<<<grid, threads, shared>>> (*in, *out, w, fs);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

#define INSTANTIATE(PREMUL, T, C, Acc) \
  template TesseraStatus run_fused_walk<PREMUL, T, C, Acc> (const TesseraImage *, TesseraImage *, const Window &, const Shape &);
TESSERA_BOX_BLUR_LAYOUTS (INSTANTIATE)
#undef INSTANTIATE

} /* namespace box_blur_gpu */
