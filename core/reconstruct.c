/* Tessera — greyscale morphological reconstruction.
 *
 * Everything is done as a reconstruction by dilation on unsigned "keys"
 * whose integer order is the order wanted: u8 and u16 samples are their own
 * keys, floats become the usual totalOrder integers, and erosion flips all
 * bits (which reverses the order and turns it into a dilation).
 *
 * The algorithm is Vincent's fast hybrid one (IEEE TIP 2(2), 1993): a raster
 * scan and an anti-raster scan propagate along monotone paths, the
 * anti-raster scan queues every pixel that could still raise a neighbour,
 * and a FIFO queue finishes the job.  It runs on horizontal strips, each
 * with a private copy of its neighbours' border rows (the halo rows): a
 * strip runs to its own fixed point with its halo rows held fixed, then the
 * strips swap border rows, and the strips whose halo rose run their queue
 * again from there, until no border row changes.  Every value written is a
 * lower bound of the result that some path reaches, and at the end no
 * pixel can be raised by any neighbour, so the result is exact whatever
 * the number of strips.  One strip is the plain serial algorithm. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "float-key.h"
#include "luminance.h"
#include "reconstruct.h"
#include "simd.h"
#include "gpu-backend.h"

/* Each backend's time per sample on the benchmark's h-dome (values travel
 * far): the CPU's on one thread, the GPU's with the images on the device
 * (bench/RESULTS.md, Morphological reconstruction). */
#define CPU_NS_PER_SAMPLE 6.8
#define GPU_NS_PER_SAMPLE 0.13

/* The least pixels worth a thread of their own: below, the barriers
 * between rounds cost more than the threads win (much more on a busy
 * machine, where a thread waits for a descheduled partner). */
#define MIN_STRIP_PIXELS ((size_t) 1 << 18)

/* Pops between two looks at the cancel flag. */
#define POPS_PER_CHECK 65536

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* A growing ring buffer of sample indices into a strip's buffers. */
typedef struct
{
  uint32_t *items;
  size_t    capacity;   /* a power of two */
  size_t    head;
  size_t    count;
} Queue;

static bool
queue_grow (Queue *queue)
{
  size_t    capacity = queue->capacity ? 2 * queue->capacity : 4096;
  uint32_t *items = malloc (capacity * sizeof (uint32_t));
  size_t    first;

  if (items == NULL)
    return false;
  /* Unwrap: the oldest item goes to the front of the new buffer. */
  first = MIN (queue->count, queue->capacity - queue->head);
  if (queue->count > 0)
    {
      memcpy (items, queue->items + queue->head, first * sizeof (uint32_t));
      memcpy (items + first, queue->items,
              (queue->count - first) * sizeof (uint32_t));
    }
  free (queue->items);
  queue->items = items;
  queue->capacity = capacity;
  queue->head = 0;
  return true;
}

static inline bool
queue_push (Queue *queue, uint32_t item)
{
  if (queue->count == queue->capacity && !queue_grow (queue))
    return false;
  queue->items[(queue->head + queue->count++) & (queue->capacity - 1)] = item;
  return true;
}

static inline uint32_t
queue_pop (Queue *queue)
{
  uint32_t item = queue->items[queue->head];
  queue->head = (queue->head + 1) & (queue->capacity - 1);
  queue->count--;
  return item;
}

/* Image rows Y0 .. Y0+ROWS-1 of one channel, as keys in buffers of
 * ROWS+2 rows of PITCH = width+2 samples: row 0 and row ROWS+1 are the halo
 * rows (copies of the neighbouring strips' border rows, or zero outside the
 * image), and the first and last column are zero.  The mask is zero in the
 * halo rows and the border columns, so those samples are never raised and
 * every index the neighbourhood loops make stays inside the buffers. */
typedef struct
{
  /* A cache line of its own: the threads update their strips' queues all
   * the time, and must not share lines. */
  _Alignas (64)
  int            y0;
  int            rows;
  int            width;
  size_t         pitch;
  void          *out;
  void          *mask;
  Queue          queue;
  uint8_t       *scratch;    /* one flag per column */
  uint32_t      *raised;     /* halo samples that rose at the last exchange */
  size_t         n_raised;
  size_t         clipped;
  TesseraStatus  status;
} Strip;

/* One channel of one reconstruction being run. */
typedef struct
{
  const TesseraImage *mask;
  const TesseraImage *marker;
  TesseraImage       *dst;
  int                 channel;
  uint32_t            flip;      /* all ones for erosion */
  bool                conn8;
  Strip              *strips;
  int                 n_strips;
  int                 threads;
  TesseraExec        *exec;
  double              done;      /* fraction done before this channel */
  double              share;     /* fraction this channel accounts for */
  atomic_bool         cancelled;
} Run;

/* Progress goes through the calling thread only, which OpenMP makes
 * thread 0 of every parallel region; the other threads read the flag. */
static bool
run_going (Run *run, double fraction)
{
#ifdef _OPENMP
  if (omp_get_thread_num () == 0)
#endif
    if (!tessera_exec_progress (run->exec,
                                run->done + run->share * fraction))
      atomic_store (&run->cancelled, true);
  return !atomic_load_explicit (&run->cancelled, memory_order_relaxed);
}

#define IDENTITY(v) (v)

/* STATEMENT with `step' a constant equal to CHANNELS (1 to 4), so that
 * the loops it runs over interleaved samples are vectorised. */
#define WITH_CONSTANT_STEP(CHANNELS, STATEMENT)                               \
  switch (CHANNELS)                                                           \
    {                                                                         \
    case 1: { const int step = 1; STATEMENT; } break;                         \
    case 2: { const int step = 2; STATEMENT; } break;                         \
    case 3: { const int step = 3; STATEMENT; } break;                         \
    default: { const int step = 4; STATEMENT; } break;                        \
    }

/* The per-key-type steps, written once for uint8_t, uint16_t and uint32_t
 * keys.  SAMPLE is the sample type the keys come from, TO_KEY and FROM_KEY
 * convert (before the flip). */
#define DEFINE_KEY_STEPS(T, NAME, SAMPLE, TO_KEY, FROM_KEY)                   \
                                                                              \
/* Keys for WIDTH samples STEP apart: OUT gets the marker clipped to the      \
 * mask, MASK the mask; returns how many were clipped. */                     \
static inline size_t                                                          \
clip_row_##NAME (const SAMPLE *m, const SAMPLE *k, int step, int width,       \
                 T flip, T *out, T *mask)                                     \
{                                                                             \
  size_t clipped = 0;                                                         \
                                                                              \
  _Pragma ("omp simd reduction (+ : clipped)")                                \
  for (int x = 0; x < width; x++)                                             \
    {                                                                         \
      T marker_key = (T) (TO_KEY (m[x * step]) ^ flip);                       \
      T mask_key = (T) (TO_KEY (k[x * step]) ^ flip);                         \
      clipped += marker_key > mask_key;                                       \
      out[x] = MIN (marker_key, mask_key);                                    \
      mask[x] = mask_key;                                                     \
    }                                                                         \
  return clipped;                                                             \
}                                                                             \
                                                                              \
/* Fills buffer row R (0 .. rows+1) from image row Y with the marker clipped  \
 * to the mask, counting the clipped samples of the strip's own rows.  In     \
 * the halo rows the mask stays zero. */                                      \
static void TESSERA_SIMD_CLONES                                               \
load_row_##NAME (Run *run, Strip *strip, int r)                               \
{                                                                             \
  int      y = strip->y0 - 1 + r;                                             \
  T       *out = (T *) strip->out + r * strip->pitch;                         \
  T       *mask = (T *) strip->mask + r * strip->pitch;                       \
  int      channels = run->mask->channels;                                    \
  T        flip = (T) run->flip;                                              \
  const SAMPLE *m, *k;                                                        \
  size_t   clipped;                                                           \
                                                                              \
  if (y < 0 || y >= run->mask->height)                                        \
    {                                                                         \
      memset (out, 0, strip->pitch * sizeof (T));                             \
      memset (mask, 0, strip->pitch * sizeof (T));                            \
      return;                                                                 \
    }                                                                         \
  out[0] = mask[0] = out[strip->pitch - 1] = mask[strip->pitch - 1] = 0;      \
  m = (const SAMPLE *) tessera_image_row (run->marker, y) + run->channel;     \
  k = (const SAMPLE *) tessera_image_row (run->mask, y) + run->channel;       \
  WITH_CONSTANT_STEP (channels,                                               \
                      clipped = clip_row_##NAME (m, k, step, strip->width,    \
                                                 flip, out + 1, mask + 1));   \
  if (r >= 1 && r <= strip->rows)                                             \
    strip->clipped += clipped;                                                \
  else                                                                        \
    memset (mask, 0, strip->pitch * sizeof (T));                              \
}                                                                             \
                                                                              \
static inline void                                                            \
store_samples_##NAME (const T *out, int width, T flip, SAMPLE *d, int step)   \
{                                                                             \
  _Pragma ("omp simd")                                                        \
  for (int x = 0; x < width; x++)                                             \
    d[x * step] = FROM_KEY ((T) (out[x] ^ flip));                             \
}                                                                             \
                                                                              \
static void TESSERA_SIMD_CLONES                                               \
store_row_##NAME (Run *run, Strip *strip, int r)                              \
{                                                                             \
  const T *out = (const T *) strip->out + r * strip->pitch + 1;               \
  SAMPLE  *d = (SAMPLE *) tessera_image_row (run->dst, strip->y0 - 1 + r)     \
               + run->channel;                                                \
  int      channels = run->dst->channels;                                     \
  T        flip = (T) run->flip;                                              \
                                                                              \
  WITH_CONSTANT_STEP (channels,                                               \
                      store_samples_##NAME (out, strip->width, flip, d,       \
                                            step));                           \
}                                                                             \
                                                                              \
/* Raises every sample to its mask-clipped maximum over the neighbours      \
 * already visited in raster order (and itself). */                          \
static void                                                                   \
raster_##NAME (Run *run, Strip *strip)                                       \
{                                                                             \
  int w = strip->width;                                                       \
                                                                              \
  for (int r = 1; r <= strip->rows; r++)                                      \
    {                                                                         \
      T       *o = (T *) strip->out + r * strip->pitch + 1;                   \
      const T *a = o - strip->pitch;                                          \
      const T *k = (const T *) strip->mask + r * strip->pitch + 1;            \
                                                                              \
      /* The row above first, for all columns at once; then the left        \
       * neighbour, which is a serial chain. */                              \
      if (run->conn8)                                                         \
        {                                                                     \
          _Pragma ("omp simd")                                                \
          for (int x = 0; x < w; x++)                                         \
            o[x] = MIN (MAX (MAX (o[x], a[x]), MAX (a[x - 1], a[x + 1])),     \
                        k[x]);                                                \
        }                                                                     \
      else                                                                    \
        {                                                                     \
          _Pragma ("omp simd")                                                \
          for (int x = 0; x < w; x++)                                         \
            o[x] = MIN (MAX (o[x], a[x]), k[x]);                              \
        }                                                                     \
      for (int x = 0; x < w; x++)                                             \
        o[x] = MIN (MAX (o[x], o[x - 1]), k[x]);                              \
      if ((r & 63) == 0                                                       \
          && !run_going (run, 0.05 + 0.15 * r / strip->rows))                 \
        return;                                                               \
    }                                                                         \
}                                                                             \
                                                                              \
/* The same in anti-raster order; then queues each sample that could still  \
 * raise one of those neighbours (they are final for this scan). */          \
static void                                                                   \
anti_raster_##NAME (Run *run, Strip *strip)                                  \
{                                                                             \
  int      w = strip->width;                                                  \
  uint8_t *can = strip->scratch;                                              \
                                                                              \
  for (int r = strip->rows; r >= 1; r--)                                      \
    {                                                                         \
      T       *o = (T *) strip->out + r * strip->pitch + 1;                   \
      const T *b = o + strip->pitch;                                          \
      const T *k = (const T *) strip->mask + r * strip->pitch + 1;            \
      const T *kb = k + strip->pitch;                                         \
      uint32_t first = (uint32_t) (r * strip->pitch + 1);                     \
                                                                              \
      if (run->conn8)                                                         \
        {                                                                     \
          _Pragma ("omp simd")                                                \
          for (int x = 0; x < w; x++)                                         \
            o[x] = MIN (MAX (MAX (o[x], b[x]), MAX (b[x - 1], b[x + 1])),     \
                        k[x]);                                                \
        }                                                                     \
      else                                                                    \
        {                                                                     \
          _Pragma ("omp simd")                                                \
          for (int x = 0; x < w; x++)                                         \
            o[x] = MIN (MAX (o[x], b[x]), k[x]);                              \
        }                                                                     \
      for (int x = w - 1; x >= 0; x--)                                        \
        o[x] = MIN (MAX (o[x], o[x + 1]), k[x]);                              \
                                                                              \
      /* Branch-free, so that it vectorises: & and | rather than && and ||. */\
      _Pragma ("omp simd")                                                    \
      for (int x = 0; x < w; x++)                                             \
        can[x] = ((o[x + 1] < o[x]) & (o[x + 1] < k[x + 1]))                  \
                 | ((b[x] < o[x]) & (b[x] < kb[x]));                          \
      if (run->conn8)                                                         \
        {                                                                     \
          _Pragma ("omp simd")                                                \
          for (int x = 0; x < w; x++)                                         \
            can[x] |= ((b[x - 1] < o[x]) & (b[x - 1] < kb[x - 1]))            \
                      | ((b[x + 1] < o[x]) & (b[x + 1] < kb[x + 1]));         \
        }                                                                     \
      for (int x = 0; x < w; x++)                                             \
        if (can[x] && !queue_push (&strip->queue, first + x))                 \
          {                                                                   \
            strip->status = TESSERA_ERROR_OUT_OF_MEMORY;                      \
            return;                                                           \
          }                                                                   \
      if ((r & 63) == 0                                                       \
          && !run_going (run, 0.35 - 0.15 * r / strip->rows))                 \
        return;                                                               \
    }                                                                         \
}                                                                             \
                                                                              \
/* Raises neighbour Q of a sample holding V, and queues it, if it can. */     \
static inline bool                                                            \
raise_##NAME (T *o, const T *k, Queue *queue, size_t q, T v)                  \
{                                                                             \
  if (o[q] < v && o[q] < k[q])                                                \
    {                                                                         \
      o[q] = MIN (v, k[q]);                                                   \
      return queue_push (queue, (uint32_t) q);                                \
    }                                                                         \
  return true;                                                                \
}                                                                             \
                                                                              \
/* Empties the queue: each sample popped raises its neighbours, and those     \
 * that rose are queued in turn.  The queue is a local copy meanwhile, kept   \
 * in registers. */                                                           \
static void                                                                   \
propagate_##NAME (Run *run, Strip *strip)                                     \
{                                                                             \
  T        *o = strip->out;                                                   \
  const T  *k = strip->mask;                                                  \
  Queue     queue = strip->queue;                                             \
  ptrdiff_t pitch = (ptrdiff_t) strip->pitch;                                 \
  /* The 4-neighbours first. */                                               \
  ptrdiff_t offsets[8] = { -pitch, -1, 1, pitch,                              \
                           -pitch - 1, -pitch + 1, pitch - 1, pitch + 1 };    \
  int       n = run->conn8 ? 8 : 4;                                           \
  double    pixels = (double) strip->rows * strip->width;                     \
  size_t    pops = 0;                                                         \
                                                                              \
  while (queue.count > 0)                                                     \
    {                                                                         \
      uint32_t p = queue_pop (&queue);                                        \
      T        v = o[p];                                                      \
      bool     ok = true;                                                     \
                                                                              \
      for (int i = 0; i < n; i++)                                             \
        ok &= raise_##NAME (o, k, &queue, p + offsets[i], v);                 \
      if (!ok)                                                                \
        {                                                                     \
          strip->status = TESSERA_ERROR_OUT_OF_MEMORY;                        \
          break;                                                              \
        }                                                                     \
      /* The queue's length is not known ahead: the fraction creeps up. */    \
      if (++pops % POPS_PER_CHECK == 0                                        \
          && !run_going (run, 0.35 + 0.6 * pops / (pops + pixels)))           \
        break;                                                                \
    }                                                                         \
  strip->queue = queue;                                                       \
}                                                                             \
                                                                              \
/* Copies into halo row HALO the border row of a neighbour where it rose,   \
 * remembering which samples did. */                                         \
static void                                                                   \
exchange_row_##NAME (Strip *strip, int halo, const Strip *from, int row)     \
{                                                                             \
  T       *h = (T *) strip->out + halo * strip->pitch;                        \
  const T *f = (const T *) from->out + row * from->pitch;                     \
                                                                              \
  for (int x = 1; x <= strip->width; x++)                                     \
    if (f[x] > h[x])                                                          \
      {                                                                       \
        h[x] = f[x];                                                          \
        strip->raised[strip->n_raised++] =                                    \
          (uint32_t) (halo * strip->pitch + x);                               \
      }                                                                       \
}                                                                             \
                                                                              \
/* Raises the samples next to the halo samples that rose. */                  \
static void                                                                   \
seed_##NAME (Run *run, Strip *strip)                                          \
{                                                                             \
  T       *o = strip->out;                                                    \
  const T *k = strip->mask;                                                   \
                                                                              \
  for (size_t i = 0; i < strip->n_raised; i++)                                \
    {                                                                         \
      size_t h = strip->raised[i];                                            \
      size_t q = h < strip->pitch ? h + strip->pitch : h - strip->pitch;      \
      bool   ok = raise_##NAME (o, k, &strip->queue, q, o[h]);                \
                                                                              \
      if (run->conn8)                                                         \
        ok = ok && raise_##NAME (o, k, &strip->queue, q - 1, o[h])            \
                && raise_##NAME (o, k, &strip->queue, q + 1, o[h]);           \
      if (!ok)                                                                \
        {                                                                     \
          strip->status = TESSERA_ERROR_OUT_OF_MEMORY;                        \
          return;                                                             \
        }                                                                     \
    }                                                                         \
  strip->n_raised = 0;                                                        \
}                                                                             \
                                                                              \
static const KeySteps steps_##NAME = {                                        \
  sizeof (T), load_row_##NAME, store_row_##NAME, raster_##NAME,               \
  anti_raster_##NAME, propagate_##NAME, exchange_row_##NAME, seed_##NAME      \
};

typedef struct
{
  size_t key_size;
  void (*load_row)    (Run *run, Strip *strip, int r);
  void (*store_row)   (Run *run, Strip *strip, int r);
  void (*raster)      (Run *run, Strip *strip);
  void (*anti_raster) (Run *run, Strip *strip);
  void (*propagate)   (Run *run, Strip *strip);
  void (*exchange_row) (Strip *strip, int halo, const Strip *from, int row);
  void (*seed)        (Run *run, Strip *strip);
} KeySteps;

DEFINE_KEY_STEPS (uint8_t, u8, uint8_t, IDENTITY, IDENTITY)
DEFINE_KEY_STEPS (uint16_t, u16, uint16_t, IDENTITY, IDENTITY)
DEFINE_KEY_STEPS (uint32_t, f32, float, tessera_float_key, tessera_key_float)

static const KeySteps *
key_steps (TesseraSampleType type)
{
  switch (type)
    {
    case TESSERA_U8:  return &steps_u8;
    case TESSERA_U16: return &steps_u16;
    case TESSERA_F32: return &steps_f32;
    }
  return NULL;
}

TesseraReconstruct
tessera_reconstruct_default (void)
{
  TesseraReconstruct params = { TESSERA_RECONSTRUCT_DILATION, 8,
                                TESSERA_RECONSTRUCT_METHOD_AUTO, false,
                                TESSERA_RECONSTRUCT_PER_CHANNEL };
  return params;
}

static int
colour_channels (const TesseraImage *mask, const TesseraReconstruct *params)
{
  return mask->channels - (params->has_alpha ? 1 : 0);
}

TesseraStatus
tessera_reconstruct_check (const TesseraImage *mask,
                           const TesseraImage *marker,
                           const TesseraImage *dst,
                           const TesseraReconstruct *params)
{
  TesseraStatus status;

  if (params == NULL
      || (params->operation != TESSERA_RECONSTRUCT_DILATION
          && params->operation != TESSERA_RECONSTRUCT_EROSION)
      || (params->connectivity != 0 && params->connectivity != 4
          && params->connectivity != 8)
      || (unsigned) params->method > TESSERA_RECONSTRUCT_METHOD_PARALLEL
      || (unsigned) params->colour > TESSERA_RECONSTRUCT_LUMINANCE)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_check (mask)) != TESSERA_OK
      || (status = tessera_image_check (marker)) != TESSERA_OK
      || (status = tessera_image_check (dst)) != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (mask, marker)
      || !tessera_image_same_shape (mask, dst)
      || mask->memory != marker->memory || mask->memory != dst->memory
      || (params->has_alpha && mask->channels < 2))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (params->colour == TESSERA_RECONSTRUCT_LUMINANCE
      && (mask->memory != TESSERA_MEMORY_HOST
          || (colour_channels (mask, params) != 1
              && colour_channels (mask, params) != 3)))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

/* One strip per thread for PARALLEL, one for HYBRID; and always enough
 * that a strip's buffers can be indexed with 32 bits. */
static int
count_strips (const TesseraImage *mask, TesseraReconstructMethod method,
              int threads)
{
  size_t pitch = (size_t) mask->width + 2;
  int    max_rows = (int) MIN ((size_t) UINT32_MAX / pitch - 2,
                               (size_t) TESSERA_MAX_SIDE);
  int    wanted = method == TESSERA_RECONSTRUCT_METHOD_HYBRID ? 1 : threads;
  int    needed = (mask->height + max_rows - 1) / max_rows;

  return MIN (MAX (wanted, needed), mask->height);
}

static void
strips_free (Strip *strips, int n_strips)
{
  for (int s = 0; s < n_strips; s++)
    {
      free (strips[s].out);
      free (strips[s].mask);
      free (strips[s].queue.items);
      free (strips[s].scratch);
      free (strips[s].raised);
    }
  free (strips);
}

static Strip *
strips_new (const TesseraImage *mask, int n_strips, size_t key_size)
{
  Strip *strips = aligned_alloc (_Alignof (Strip),
                                 (size_t) n_strips * sizeof (Strip));

  if (strips == NULL)
    return NULL;
  memset (strips, 0, (size_t) n_strips * sizeof (Strip));
  for (int s = 0; s < n_strips; s++)
    {
      Strip *strip = &strips[s];
      int    y1 = (int) ((int64_t) mask->height * (s + 1) / n_strips);
      size_t samples;

      strip->y0 = (int) ((int64_t) mask->height * s / n_strips);
      strip->rows = y1 - strip->y0;
      strip->width = mask->width;
      strip->pitch = (size_t) mask->width + 2;
      samples = (size_t) (strip->rows + 2) * strip->pitch;
      strip->out = malloc (samples * key_size);
      strip->mask = malloc (samples * key_size);
      strip->scratch = malloc ((size_t) mask->width);
      strip->raised = malloc (2 * (size_t) mask->width * sizeof (uint32_t));
      if (strip->out == NULL || strip->mask == NULL || strip->scratch == NULL
          || strip->raised == NULL)
        {
          strips_free (strips, n_strips);
          return NULL;
        }
    }
  return strips;
}

/* Round one: every strip to its own fixed point under its first halo. */
static void
run_strips (Run *run, const KeySteps *steps)
{
  #pragma omp parallel for num_threads (run->threads) schedule (static, 1)
  for (int s = 0; s < run->n_strips; s++)
    {
      Strip *strip = &run->strips[s];

      for (int r = 0; r <= strip->rows + 1; r++)
        steps->load_row (run, strip, r);
      steps->raster (run, strip);
      if (run_going (run, 0.2))
        steps->anti_raster (run, strip);
      if (strip->status == TESSERA_OK && run_going (run, 0.35))
        steps->propagate (run, strip);
    }
}

/* Gives each strip its neighbours' border rows; true if a halo row rose. */
static bool
exchange_halos (Run *run, const KeySteps *steps)
{
  bool rose = false;

  #pragma omp parallel for num_threads (run->threads) schedule (static, 1) \
          reduction (|| : rose)
  for (int s = 0; s < run->n_strips; s++)
    {
      Strip *strip = &run->strips[s];

      if (s > 0)
        steps->exchange_row (strip, 0, &run->strips[s - 1],
                             run->strips[s - 1].rows);
      if (s + 1 < run->n_strips)
        steps->exchange_row (strip, strip->rows + 1, &run->strips[s + 1], 1);
      rose = rose || strip->n_raised > 0;
    }
  return rose;
}

static void
rerun_strips (Run *run, const KeySteps *steps)
{
  #pragma omp parallel for num_threads (run->threads) schedule (static, 1)
  for (int s = 0; s < run->n_strips; s++)
    {
      Strip *strip = &run->strips[s];

      steps->seed (run, strip);
      if (strip->status == TESSERA_OK)
        steps->propagate (run, strip);
    }
}

static TesseraStatus
run_status (Run *run)
{
  for (int s = 0; s < run->n_strips; s++)
    if (run->strips[s].status != TESSERA_OK)
      return run->strips[s].status;
  if (atomic_load (&run->cancelled))
    return TESSERA_ERROR_CANCELLED;
  return TESSERA_OK;
}

static TesseraStatus
reconstruct_channel (Run *run, const KeySteps *steps)
{
  TesseraStatus status;

  run_strips (run, steps);
  while ((status = run_status (run)) == TESSERA_OK
         && exchange_halos (run, steps))
    rerun_strips (run, steps);
  if (status != TESSERA_OK)
    return status;

  #pragma omp parallel for num_threads (run->threads) schedule (static, 1)
  for (int s = 0; s < run->n_strips; s++)
    for (int r = 1; r <= run->strips[s].rows; r++)
      steps->store_row (run, &run->strips[s], r);
  return TESSERA_OK;
}

/* DST's alpha (the last channel) becomes MASK's. */
static void
copy_alpha (const TesseraImage *mask, TesseraImage *dst)
{
  size_t sample = tessera_sample_size (mask->type);
  size_t pixel = tessera_pixel_size (mask);

  for (int y = 0; y < mask->height; y++)
    {
      const uint8_t *from = tessera_image_row (mask, y);
      uint8_t       *to = tessera_image_row (dst, y);
      for (int x = 0; x < mask->width; x++)
        memmove (to + x * pixel + pixel - sample,
                 from + x * pixel + pixel - sample, sample);
    }
}

static TesseraStatus
reconstruct_cpu (const TesseraImage *mask, const TesseraImage *marker,
                 TesseraImage *dst, const TesseraReconstruct *params,
                 TesseraExec *exec, size_t *clipped)
{
  const KeySteps *steps = key_steps (mask->type);
  int             colours = colour_channels (mask, params);
  Run             run = { 0 };
  TesseraStatus   status = TESSERA_OK;

  run.mask = mask;
  run.marker = marker;
  run.dst = dst;
  run.flip = params->operation == TESSERA_RECONSTRUCT_EROSION ? 0xffffffffu : 0;
  run.conn8 = params->connectivity != 4;
  run.n_strips = count_strips (mask, params->method,
                               tessera_exec_threads (exec));
  /* Threads only pay from some work each: small images have their strips
   * run one after the other. */
  run.threads = (int) MIN ((size_t) run.n_strips,
                           MAX ((size_t) 1, (size_t) mask->width
                                            * mask->height
                                            / MIN_STRIP_PIXELS));
  run.exec = exec;
  run.share = 1.0 / colours;
  atomic_init (&run.cancelled, false);
  run.strips = strips_new (mask, run.n_strips, steps->key_size);
  if (run.strips == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;

  *clipped = 0;
  for (int c = 0; c < colours && status == TESSERA_OK; c++)
    {
      run.channel = c;
      run.done = (double) c / colours;
      status = reconstruct_channel (&run, steps);
      for (int s = 0; s < run.n_strips; s++)
        {
          *clipped += run.strips[s].clipped;
          run.strips[s].clipped = 0;
        }
    }
  strips_free (run.strips, run.n_strips);
  if (status == TESSERA_OK && params->has_alpha)
    copy_alpha (mask, dst);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}

/* The luminance of MARKER reconstructed under MASK's, and MASK's colours
 * shifted by the change: see reconstruct.h. */
static TesseraStatus
reconstruct_luminance (const TesseraImage *mask, const TesseraImage *marker,
                       TesseraImage *dst, const TesseraReconstruct *params,
                       TesseraExec *exec, size_t *clipped)
{
  TesseraReconstruct grey = *params;
  TesseraImage       mask_luminance, result;
  TesseraStatus      status;

  grey.has_alpha = false;
  grey.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
  status = tessera_image_alloc (&mask_luminance, mask->width, mask->height, 1,
                                mask->type);
  if (status != TESSERA_OK)
    return status;
  status = tessera_image_alloc (&result, mask->width, mask->height, 1,
                                mask->type);
  if (status == TESSERA_OK)
    {
      tessera_luminance (mask, &mask_luminance, exec);
      tessera_luminance (marker, &result, exec);
      status = tessera_reconstruct (&mask_luminance, &result, &result, &grey,
                                    exec, clipped);
      if (status == TESSERA_OK)
        tessera_luminance_shift (mask, &mask_luminance, &result, dst,
                                 exec);
      tessera_image_free (&result);
    }
  tessera_image_free (&mask_luminance);
  return status;
}

/* The arguments of one reconstruction, for the backends. */
typedef struct
{
  const TesseraImage       *mask, *marker;
  TesseraImage             *dst;
  const TesseraReconstruct *params;
  size_t                   *clipped;
} ReconstructArgs;

static TesseraStatus
reconstruct_on_cpu (void *data, TesseraExec *exec)
{
  const ReconstructArgs *a = data;
  return reconstruct_cpu (a->mask, a->marker, a->dst, a->params, exec,
                          a->clipped);
}

static TesseraStatus
reconstruct_on_gpu (void *data, TesseraExec *exec)
{
  const ReconstructArgs *a = data;
  return tessera_cuda_reconstruct (a->mask, a->marker, a->dst, a->params,
                                   a->clipped);
}

TesseraStatus
tessera_reconstruct (const TesseraImage *mask, const TesseraImage *marker,
                     TesseraImage *dst, const TesseraReconstruct *params,
                     TesseraExec *exec, size_t *clipped)
{
  TesseraExec        defaults = tessera_exec_default ();
  TesseraReconstruct per_channel;
  size_t             ignored;
  TesseraStatus      status = tessera_reconstruct_check (mask, marker, dst,
                                                         params);

  if (status != TESSERA_OK)
    return status;
  if (exec == NULL)
    exec = &defaults;
  if (clipped == NULL)
    clipped = &ignored;
  if (params->colour == TESSERA_RECONSTRUCT_LUMINANCE)
    {
      if (colour_channels (mask, params) == 3)
        return reconstruct_luminance (mask, marker, dst, params, exec,
                                      clipped);
      /* Grey: its own luminance. */
      per_channel = *params;
      per_channel.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
      params = &per_channel;
    }

  ReconstructArgs args = { mask, marker, dst, params, clipped };
  double samples = (double) mask->width * mask->height * mask->channels;
  TesseraExecOp op = {
    .cpu = reconstruct_on_cpu, .gpu = TESSERA_GPU (reconstruct_on_gpu),
    .args = &args, .on_device = mask->memory == TESSERA_MEMORY_CUDA,
    .cost = { .items = samples, .cpu_ns = CPU_NS_PER_SAMPLE,
              .gpu_ns = GPU_NS_PER_SAMPLE,
              .transfer_bytes = 3.0 * samples
                                * tessera_sample_size (mask->type) }
  };
  return tessera_exec_run (exec, &op);
}
