/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the GPU: FUSED's vertical walk (private to
 * cuda/box-blur*.cu).
 *
 * Each thread owns a chunk of one row (16 or 32 bytes of pixels, see
 * Chunk) and keeps the running vertical window sums of its chunk in
 * registers: per row it adds the entering row and subtracts the leaving
 * one, both fetched a few rows ahead, in registers (RegisterRing) or, for
 * integer samples with narrow enough sums, by asynchronous or bulk copies
 * into shared memory (SharedRing).  The walk hands each row's sums to an
 * emitter: the fused kernel's horizontal window (box-blur-fused.cu) or the
 * two-pass band (box-blur-two-pass.cu). */
#ifndef TESSERA_CUDA_BOX_BLUR_WALK_CUH
#define TESSERA_CUDA_BOX_BLUR_WALK_CUH

#include "box-blur-sums.cuh"

namespace box_blur_gpu {

/* Rows of one block: tile TILE of TILE_ROWS rows within [Y0, Y1), walked
 * down for even tiles and up for odd ones, so that two neighbouring tiles
 * read the rows around their common edge at about the same time (the
 * second read comes from L2). */
struct Walk
{
  int first;   /* the first row */
  int count;   /* rows */
  int step;    /* +1 or -1 */

  __device__ Walk (int y0, int y1, int tile, int tile_rows)
  {
    int lo = y0 + tile * tile_rows;
    int hi = min (lo + tile_rows, y1) - 1;
    step = tile & 1 ? -1 : 1;
    first = step > 0 ? lo : hi;
    count = hi - lo + 1;
  }
};

/* ACC += COUNT times the terms of CHUNK. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
add_chunk (Acc *acc, const Chunk<T, C> &chunk, Acc count)
{
#pragma unroll
  for (int i = 0; i < Chunk<T, C>::SAMPLES; i++)
    acc[i] += count * term<Acc, PREMUL> (chunk, i / C, i % C);
}

/* ACC += the terms of A and of B. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
add_two (Acc *acc, const Chunk<T, C> &a, const Chunk<T, C> &b)
{
  add_chunk<PREMUL> (acc, a, (Acc) 1);
  add_chunk<PREMUL> (acc, b, (Acc) 1);
}

/* Rows of the first window loaded together, before any is added (four
 * measured faster than eight: bench/RESULTS.md, Box blur). */
#define START_BATCH 4

/* ACC = the vertical window sums of the chunk at X0 for row Y. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
start_window (Acc *acc, const TesseraImage &src, const Window &w, int y,
              int x0, bool whole)
{
  typedef Chunk<T, C> Ch;
  int lo = y - w.ry, hi = y + w.ry;
  Ch chunk;

#pragma unroll
  for (int i = 0; i < Ch::SAMPLES; i++)
    acc[i] = 0;
  /* Rows above the image count as row 0, below it as the last row. */
  if (lo < 0)
    {
      load_chunk (chunk, src, 0, x0, whole);
      add_chunk<PREMUL> (acc, chunk, (Acc) -lo);
    }
  if (hi > w.height - 1)
    {
      load_chunk (chunk, src, w.height - 1, x0, whole);
      add_chunk<PREMUL> (acc, chunk, (Acc) (hi - (w.height - 1)));
    }
  lo = max (lo, 0);
  hi = min (hi, w.height - 1);
  for (int j = lo; j <= hi; j += START_BATCH)
    {
      Ch batch[START_BATCH];
#pragma unroll
      for (int b = 0; b < START_BATCH; b++)
        if (j + b <= hi)
          load_chunk (batch[b], src, j + b, x0, whole);
#pragma unroll
      for (int b = 0; b < START_BATCH; b += 2)
        if (j + b + 1 <= hi)
          add_two<PREMUL> (acc, batch[b], batch[b + 1]);
        else if (j + b <= hi)
          add_chunk<PREMUL> (acc, batch[b], (Acc) 1);
    }
}

/* The rows whose chunks enter and leave the window at row I of WALK
 * (I >= 1). */
__device__ __forceinline__ void
walk_row_sources (const Window &w, const Walk &walk, int i, int *enter,
                  int *leave)
{
  int y = walk.first + i * walk.step;
  *enter = clamp_index (y + walk.step * w.ry, w.height);
  *leave = clamp_index (y - walk.step * (w.ry + 1), w.height);
}

/* ACC += the terms of ENTER, -= those of LEAVE. */
template <bool PREMUL, typename T, int C, typename Acc>
__device__ __forceinline__ void
step_window (Acc *acc, const Chunk<T, C> &enter, const Chunk<T, C> &leave)
{
#pragma unroll
  for (int s = 0; s < Chunk<T, C>::SAMPLES; s++)
    /* Two fused multiply-adds for premultiplied doubles. */
    acc[s] = term<Acc, PREMUL> (enter, s / C, s % C)
             - (term<Acc, PREMUL> (leave, s / C, s % C) - acc[s]);
}

/* acc + f.lo e - f.hi l for the entering and leaving bytes (e, l) at the
 * low (HIGH false) or high half of PAIRS, f's halves signed 16-bit. */
template <bool HIGH>
__device__ __forceinline__ uint32_t
dot_pair (uint32_t acc, uint32_t f, uint32_t pairs)
{
  if (HIGH)
    asm ("dp2a.hi.s32.u32 %0, %1, %2, %0;" : "+r" (acc) : "r" (f), "r" (pairs));
  else
    asm ("dp2a.lo.s32.u32 %0, %1, %2, %0;" : "+r" (acc) : "r" (f), "r" (pairs));
  return acc;
}

/* ACC += the terms of FIRST, and -= (SUBTRACT) or += those of SECOND, for
 * bytes into 32-bit sums, the fused kernel's common case: each byte of
 * FIRST is paired with SECOND's (one byte permute per two samples), and one
 * two-way dot product per sample adds both terms: the factors are (1, -1)
 * or (1, 1), or for premultiplied colour the pixel's two alphas, the second
 * negated for SUBTRACT. */
template <bool PREMUL, bool SUBTRACT, int C>
__device__ __forceinline__ void
add_byte_pair (uint32_t *acc, const Chunk<uint8_t, C> &first,
               const Chunk<uint8_t, C> &second)
{
  typedef Chunk<uint8_t, C> Ch;
  const uint32_t plain = SUBTRACT ? 0xffff0001u : 0x00010001u;
  uint32_t factor[Ch::PIXELS];

#pragma unroll
  for (int k = 0; k < Ch::PIXELS; k++)
    {
      /* Pixel K's alphas, FIRST's in the low half, SECOND's in the high. */
      const int a = k * C + C - 1, byte = a % 4;
      uint32_t low = __byte_perm (first.word[a / 4], 0, 0x4440 | byte);
      uint32_t high = __byte_perm (second.word[a / 4], 0, 0x4044 | byte << 8);
      factor[k] = PREMUL ? (SUBTRACT ? low - high : low | high) : plain;
    }
#pragma unroll
  for (int i = 0; i < Ch::WORDS; i++)
    {
      uint32_t low = __byte_perm (first.word[i], second.word[i], 0x5140);
      uint32_t high = __byte_perm (first.word[i], second.word[i], 0x7362);
#pragma unroll
      for (int j = 0; j < 4; j++)
        {
          int s = 4 * i + j;
          uint32_t f = PREMUL && s % C != C - 1 ? factor[s / C] : plain;
          uint32_t pairs = j < 2 ? low : high;
          acc[s] = j % 2 ? dot_pair<true> (acc[s], f, pairs)
                         : dot_pair<false> (acc[s], f, pairs);
        }
    }
}

/* Entering and leaving bytes in one pass (add_byte_pair). */
template <bool PREMUL, int C>
__device__ __forceinline__ void
step_window (uint32_t *acc, const Chunk<uint8_t, C> &enter,
             const Chunk<uint8_t, C> &leave)
{
  add_byte_pair<PREMUL, true> (acc, enter, leave);
}

/* Two rows of a first window in one pass (add_byte_pair; faster for 8-bit
 * gray, the same for RGBA: bench/RESULTS.md, Box blur). */
template <bool PREMUL, int C>
__device__ __forceinline__ void
add_two (uint32_t *acc, const Chunk<uint8_t, C> &a,
         const Chunk<uint8_t, C> &b)
{
  add_byte_pair<PREMUL, false> (acc, a, b);
}

/* Where the walk keeps the chunks that enter and leave the window: each
 * row's are fetched ROWS rows ahead of their use, so that their loads are
 * in flight while the block works on the rows before.  A ring offers
 * fetch (slot, row), commit () after each row's fetch (made or not),
 * wait (slot) until the oldest slot has landed, and read (slot, enter,
 * leave); slots are compile-time indices.  REFILL_AFTER_EMIT: whether the
 * walk refills a slot only after the row's emit (see SharedRing). */

/* In registers: 32 bytes' worth per thread and direction, since registers
 * bound how many warps an SM holds (measured: one row or two ahead ran
 * alike; four cost 16 more registers). */
template <typename T, int C>
struct RegisterRing
{
  typedef Chunk<T, C> Ch;
  static const int ROWS = Ch::BYTES <= 16 ? 2 : 1;
  static const bool REFILL_AFTER_EMIT = false;
  Ch enter[ROWS], leave[ROWS];

  /* The same interface as SharedRing's: it needs no shared memory. */
  __host__ __device__ static size_t bytes (int) { return 0; }
  __device__ static RegisterRing
  at (unsigned char *, int, int, bool)
  {
    return RegisterRing ();
  }

  __device__ __forceinline__ void
  fetch (int slot, const TesseraImage &src, const Window &w,
         const Walk &walk, int i, int x0, bool whole)
  {
    int ye, yl;
    walk_row_sources (w, walk, i, &ye, &yl);
    load_chunk (enter[slot], src, ye, x0, whole);
    load_chunk (leave[slot], src, yl, x0, whole);
  }

  __device__ __forceinline__ void commit () {}
  __device__ __forceinline__ void wait (int) {}

  __device__ __forceinline__ void
  read (int slot, Ch &e, Ch &l) const
  {
    e = enter[slot];
    l = leave[slot];
  }
};

/* The shared-memory address of P, as the asynchronous copies and the
 * barriers take it. */
__device__ __forceinline__ uint32_t
shared_address (const void *p)
{
  return (uint32_t) __cvta_generic_to_shared (p);
}

/* LOAD bytes from global to shared memory: an asynchronous copy from sm_80
 * on, before it a load and a store. */
template <int LOAD>
__device__ __forceinline__ void
copy_piece (unsigned char *to, const unsigned char *from)
{
#if __CUDA_ARCH__ >= 800
  uint32_t address = shared_address (to);
  if constexpr (LOAD == 16)
    asm volatile ("cp.async.cg.shared.global [%0], [%1], 16;"
                  :: "r" (address), "l" (from) : "memory");
  else
    asm volatile ("cp.async.ca.shared.global [%0], [%1], %2;"
                  :: "r" (address), "l" (from), "n" (LOAD) : "memory");
#else
  if constexpr (LOAD == 16)
    *(uint4 *) to = __ldg ((const uint4 *) from);
  else if constexpr (LOAD == 8)
    *(uint2 *) to = __ldg ((const uint2 *) from);
  else
    *(uint32_t *) to = __ldg ((const uint32_t *) from);
#endif
}

/* Rows that the shared-memory ring fetches ahead (three measured best for
 * 8-bit RGBA with four blocks per SM; more rows were no faster:
 * bench/RESULTS.md, Box blur). */
#define SHARED_RING_ROWS 3

/* Bytes of global to shared memory, 16-byte aligned at both ends, in one
 * bulk copy that counts its bytes on the barrier at BARRIER (sm_90). */
__device__ __forceinline__ void
bulk_copy (unsigned char *to, const unsigned char *from, int bytes,
           uint32_t barrier)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx"
                "::bytes [%0], [%1], %2, [%3];"
                :: "r" (shared_address (to)),
                   "l" (from), "r" (bytes), "r" (barrier) : "memory");
#endif
}

/* Sets up the barrier at BARRIER for COUNT arrivals a phase (sm_90). */
__device__ __forceinline__ void
init_barrier (uint32_t barrier, int count)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("mbarrier.init.shared::cta.b64 [%0], %1;"
                :: "r" (barrier), "r" (count) : "memory");
#endif
}

/* Arrives on the barrier at BARRIER, which is to count BYTES of copies in
 * its current phase (sm_90). */
__device__ __forceinline__ void
expect_bytes (uint32_t barrier, int bytes)
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                :: "r" (barrier), "r" (bytes) : "memory");
#endif
}

/* Waits until the barrier at BARRIER has completed the phase of PARITY. */
__device__ __forceinline__ void
wait_barrier (uint32_t barrier, uint32_t parity)
{
#if __CUDA_ARCH__ >= 900
  uint32_t done;
  do
    asm volatile ("{ .reg .pred p;\n"
                  "  mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                  "  selp.u32 %0, 1, 0, p; }"
                  : "=r" (done) : "r" (barrier), "r" (parity) : "memory");
  while (!done);
#endif
}

/* In shared memory: it holds no registers, so that more warps fit an SM,
 * and rows can be fetched further ahead.  A block's chunks of a row are
 * one run of bytes, so from sm_90 on one thread fetches the run for all:
 * two bulk copies a row (entering and leaving) that complete on the
 * slot's barrier, where each thread made two asynchronous copies before.
 * What a bulk copy cannot take each thread fetches itself: every chunk of
 * rows not 16-byte aligned or below sm_90, and the chunks at the row's
 * ends off the 16-byte grid or past its ends.  Chunks wholly past the ends
 * only repeat the row's first or last pixel, which they read from the
 * copied chunks where those hold it: loading it themselves, they waited
 * for the load and held up the blocks at the image's sides, the last of
 * the single wave to finish (a measurable part of the time, most for gray
 * and RGB: bench/RESULTS.md, Box blur).  Where the block
 * has bulk copies every thread waits for the slot's barrier.
 *
 * Laid out [slot][enter, leave][chunk] as in the row, each half shifted
 * so that the row's 16-byte boundaries fall on shared memory's: thread
 * t's chunk is at mine + (slot * 2 + half) * plane.  The barriers and the
 * bulk copy's place are static shared variables, at addresses known when
 * linking, so that they take no registers (the walk has none to spare).
 * One thread refills a slot that all read: the walk refills it only after
 * the row's emit has synchronised the block (REFILL_AFTER_EMIT). */
template <typename T, int C>
struct SharedRing
{
  typedef Chunk<T, C> Ch;
  static const int ROWS = SHARED_RING_ROWS;
  static const bool REFILL_AFTER_EMIT = true;
  static const int SHIFT = 16;   /* room for the shift in each half */
  /* Chunks a bulk copy's ends are multiples of, for 16-byte alignment. */
  static const int GRID = Ch::BYTES % 16 == 0 ? 1 : (Ch::BYTES % 8 == 0 ? 2 : 4);

  /* Thread 0's bulk copy of a row: BYTES from byte FROM of the row to TO
   * in slot 0's enter half. */
  struct BulkCopy
  {
    unsigned char *to;
    int            from, bytes;
  };

  unsigned char *mine;
  int            plane;
  int            edge;    /* non-zero: the chunk repeats the pixel this
                             many bytes from mine */
  bool           by_bulk; /* the block's rows come by bulk copies */
  bool           own;     /* this thread fetches its chunk itself */
  bool           fetches; /* own, or the bulk copies' thread */
  uint32_t       phase;   /* the parity that the slots' barriers wait for */
  uint32_t       barriers;  /* barrier_base () */

  /* The slots' barriers: shared memory per block, like BulkCopy's, whose
   * address is worked out once (from sm_90 it takes a read of the block's
   * place in its cluster, which the compiler repeated on every row). */
  __device__ static uint32_t
  barrier_base ()
  {
    __shared__ uint64_t barriers[ROWS];
    return shared_address (barriers);
  }

  __device__ __forceinline__ uint32_t
  barrier (int slot) const
  {
    return barriers + 8 * slot;
  }

  __device__ static BulkCopy &
  bulk ()
  {
    __shared__ BulkCopy copy;
    return copy;
  }

  /* The ring at RING, in a block's shared memory, for a block whose first
   * chunk is FIRST (negative: before the row), in rows of WIDTH pixels;
   * BULK_ROWS: the rows are 16-byte aligned. */
  __device__ static SharedRing
  at (unsigned char *ring, int first, int width, bool bulk_rows)
  {
    const int PIXEL = C * sizeof (T);
    SharedRing r;
    int whole_chunks = width / Ch::PIXELS, chunk = first + threadIdx.x;
    int lo = max (first, 0), hi = min (first + (int) blockDim.x, whole_chunks);
    unsigned char *start = ring + ((first % GRID + GRID) % GRID)
                                  * Ch::BYTES % 16;

    lo = (lo + GRID - 1) / GRID * GRID;
    hi = hi / GRID * GRID;
#if __CUDA_ARCH__ < 900
    bulk_rows = false;
#endif
    if (!bulk_rows || hi <= lo)
      lo = hi = first;
    r.plane = Ch::BYTES * blockDim.x + SHIFT;
    r.mine = start + threadIdx.x * Ch::BYTES;
    r.by_bulk = hi > lo;
    /* The first pixel is bulk-copied if chunk 0 is; the last if the
     * copies reach the row's end. */
    r.edge = 0;
    if (r.by_bulk && chunk < 0 && lo == 0)
      r.edge = -chunk * Ch::BYTES;
    if (r.by_bulk && chunk * Ch::PIXELS >= width && hi * Ch::PIXELS == width)
      r.edge = (width - 1) * PIXEL - chunk * Ch::BYTES;
    r.own = (chunk < lo || chunk >= hi) && r.edge == 0;
    r.fetches = r.own || (r.by_bulk && threadIdx.x == 0);
    r.phase = 0;
    r.barriers = barrier_base ();
#if __CUDA_ARCH__ >= 900
    if (threadIdx.x == 0)
      {
        bulk () = { start + (lo - first) * Ch::BYTES, lo * Ch::BYTES,
                    (hi - lo) * Ch::BYTES };
        for (int s = 0; s < ROWS; s++)
          init_barrier (r.barrier (s), 1);
        asm volatile ("fence.mbarrier_init.release.cluster;" ::: "memory");
      }
    __syncthreads ();
#endif
    return r;
  }

  /* Bytes of the ring for a block of THREADS. */
  __host__ __device__ static size_t
  bytes (int threads)
  {
    return (size_t) ROWS * 2 * (threads * Ch::BYTES + SHIFT);
  }

  /* Row Y's chunk into this thread's place in HALF of SLOT. */
  __device__ __forceinline__ void
  fetch_chunk (int slot, int half, const TesseraImage &src, int y, int x0,
               bool whole)
  {
    unsigned char *to = mine + (slot * 2 + half) * plane;
    if (whole)
      {
        const unsigned char *p = image_row (src, y)
                                 + (ptrdiff_t) x0 * (C * sizeof (T));
#pragma unroll
        for (int i = 0; i < Ch::BYTES / Ch::LOAD; i++)
          copy_piece<Ch::LOAD> (to + i * Ch::LOAD, p + i * Ch::LOAD);
        return;
      }
    Ch chunk;
    load_chunk (chunk, src, y, x0, false);
#pragma unroll
    for (int i = 0; i < Ch::WORDS; i++)
      ((uint32_t *) to)[i] = chunk.word[i];
  }

  /* Thread 0's bulk copies of the rows YE and YL into SLOT. */
  __device__ __forceinline__ void
  fetch_bulk (int slot, const TesseraImage &src, int ye, int yl) const
  {
    const BulkCopy &b = bulk ();
    expect_bytes (barrier (slot), 2 * b.bytes);
    bulk_copy (b.to + slot * 2 * plane, image_row (src, ye) + b.from,
               b.bytes, barrier (slot));
    bulk_copy (b.to + (slot * 2 + 1) * plane, image_row (src, yl) + b.from,
               b.bytes, barrier (slot));
  }

  __device__ __forceinline__ void
  fetch (int slot, const TesseraImage &src, const Window &w,
         const Walk &walk, int i, int x0, bool whole)
  {
    int ye, yl;
    if (!fetches)
      return;
    walk_row_sources (w, walk, i, &ye, &yl);
    if (by_bulk && threadIdx.x == 0)
      fetch_bulk (slot, src, ye, yl);
    else if (threadIdx.x == 0)
      expect_bytes (barrier (slot), 0);   /* see wait */
    if (own)
      {
        fetch_chunk (slot, 0, src, ye, x0, whole);
        fetch_chunk (slot, 1, src, yl, x0, whole);
      }
  }

  /* The groups of asynchronous copies, only in the threads that make them:
   * the others then have none to wait for. */
  __device__ __forceinline__ void
  commit ()
  {
#if __CUDA_ARCH__ >= 800
    if (own)
      asm volatile ("cp.async.commit_group;" ::: "memory");
#endif
  }

  /* Every thread waits for its own copies (none: no wait) and for the
   * slot's barrier, so that the warps stay converged for the scan that
   * follows (in the profile, warps whose threads waited apart took the
   * scan's slow divergent path).  In a block without bulk copies thread 0
   * completes the barrier's phase itself (fetch), so that no thread asks
   * which kind its block is on every row (measured faster, with the
   * barriers' address worked out once: bench/RESULTS.md, Box blur).  Each
   * pass of the walk uses every slot once, so all
   * wait for the same phase, which turns after the last slot. */
  __device__ __forceinline__ void
  wait (int slot)
  {
#if __CUDA_ARCH__ >= 800
    asm volatile ("cp.async.wait_group %0;" :: "n" (ROWS - 1) : "memory");
#endif
    wait_barrier (barrier (slot), phase);
    if (slot == ROWS - 1)
      phase ^= 1;
  }

  __device__ __forceinline__ void
  read_chunk (Ch &chunk, int slot, int half) const
  {
    typedef typename Vector<Ch::LOAD>::Type V;
    const unsigned char *from = mine + (slot * 2 + half) * plane;
#pragma unroll
    for (int i = 0; i < Ch::BYTES / Ch::LOAD; i++)
      {
        V v = *(const V *) (from + i * Ch::LOAD);
        memcpy (&chunk.word[i * (Ch::LOAD / 4)], &v, Ch::LOAD);
      }
  }

  /* The chunk that repeats the pixel at EDGE. */
  __device__ __forceinline__ void
  read_edge (Ch &chunk, int slot, int half) const
  {
    const T *pixel = (const T *) (mine + (slot * 2 + half) * plane + edge);
    T sample[C];
#pragma unroll
    for (int c = 0; c < C; c++)
      sample[c] = pixel[c];
    chunk.clear ();
#pragma unroll
    for (int i = 0; i < Ch::SAMPLES; i++)
      chunk.set (i, sample[i % C]);
  }

  __device__ __forceinline__ void
  read (int slot, Ch &e, Ch &l) const
  {
    if (edge != 0)
      {
        read_edge (e, slot, 0);
        read_edge (l, slot, 1);
        return;
      }
    read_chunk (e, slot, 0);
    read_chunk (l, slot, 1);
  }
};

/* F (std::integral_constant<int, d>) for d = 0 .. N - 1: a loop over the
 * ring's slots whose index is known at compile time in each call. */
template <int N, int D = 0, typename F>
__device__ __forceinline__ void
unrolled_slots (F &&f)
{
  if constexpr (D < N)
    {
      f (std::integral_constant<int, D> ());
      unrolled_slots<N, D + 1> (f);
    }
}

/* Walks the block's rows: EMIT (y, acc) gets every row's vertical window
 * sums, in walking order.  As soon as a row's RING slot is used (or once
 * the row is emitted, Ring::REFILL_AFTER_EMIT), the row Ring::ROWS further
 * on is fetched into it.  EMIT may synchronise the block: the trip counts
 * are the same for all its threads; a ring refilled after the emit needs
 * an EMIT that does. */
template <bool PREMUL, typename T, int C, typename Acc, typename Ring,
          typename Emit>
__device__ __forceinline__ void
walk_rows (const TesseraImage &src, const Window &w, const Walk &walk,
           int x0, bool whole, Ring &ring, Emit &emit)
{
  typedef Chunk<T, C> Ch;
  const int D = Ring::ROWS;
  Acc acc[Ch::SAMPLES];

#pragma unroll
  for (int d = 0; d < D; d++)
    {
      if (1 + d < walk.count)
        ring.fetch (d, src, w, walk, 1 + d, x0, whole);
      ring.commit ();
    }
  start_window<PREMUL, T, C> (acc, src, w, walk.first, x0, whole);
  emit (walk.first, acc);
  /* Row I of the walk, from ring slot SLOT.  The walk calls it from one
   * lambda per slot (measured faster than the same body in a `#pragma
   * unroll` loop over the slots, which the compiler lays out differently:
   * bench/RESULTS.md, Box blur). */
  auto row = [&] (int i, auto slot) {
    const int d = decltype (slot)::value;
    Ch enter, leave;
    auto refill = [&] {
      if (i + D < walk.count)
        ring.fetch (d, src, w, walk, i + D, x0, whole);
      ring.commit ();
    };
    ring.wait (d);
    ring.read (d, enter, leave);
    step_window<PREMUL> (acc, enter, leave);
    if constexpr (!Ring::REFILL_AFTER_EMIT)
      refill ();
    emit (walk.first + i * walk.step, acc);
    if constexpr (Ring::REFILL_AFTER_EMIT)
      refill ();
  };
  for (int i = 1; i < walk.count; i += D)
    unrolled_slots<D> ([&] (auto slot) {
      if (i + decltype (slot)::value < walk.count)
        row (i + decltype (slot)::value, slot);
    });
}

} /* namespace box_blur_gpu */

#endif
