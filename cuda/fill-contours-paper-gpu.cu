/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the GPU: PAPER_GPU, the paper's fill
 * on the GPU (see fill-contours-private.cuh): one thread per seed, the
 * same scanline fill as the CPU's PAPER (core/fill-contours-paper.c
 * explains the fences and why the races are safe), each thread with a
 * fixed stack whose overflow goes to a global queue handled by further
 * launches; then the merge: union-find of the noted pairs and of the
 * border's labels, a table from label to mask value, and the inversion
 * (which the PAPER merge pipeline also runs, on labels from the CPU).
 *
 * The per-thread steps are __host__ __device__ so that they can be stepped
 * through on a machine with no GPU. */
#include "border-pixels.h"
#include "fill-contours-private.cuh"

/* ------------------------------------------------------------------ */
/* PAPER_GPU: the paper's fill, one thread per seed. */
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
namespace fill_contours_gpu {

TesseraStatus
invert_labels (const unsigned *labels, const uint8_t *value,
               const TesseraImage *out, cudaStream_t stream)
{
  size_t pixels = (size_t) out->width * out->height;
  invert_kernel<<<tessera_cuda_blocks (pixels, THREADS_PER_BLOCK),
                  THREADS_PER_BLOCK, 0, stream>>> (labels, value, *out);
  return tessera_cuda_status (cudaGetLastError ());
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
  return invert_labels (image.labels, scratch.value.as<uint8_t> (), out, 0);
}

/* PAPER_GPU, starting over with larger queues when they overflowed. */
TesseraStatus
paper_gpu_fill (const TesseraImage *in, TesseraImage *out,
                const TesseraFillContours *params)
{
  TesseraStatus status = TESSERA_ERROR_GPU_OUT_OF_MEMORY;
  bool lost = true;

  for (unsigned scale = 1; lost && scale <= 64; scale *= 4)
    status = paper_gpu_try (in, out, params, scale, &lost);
  return status;
}

} /* namespace fill_contours_gpu */
#endif
