/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale morphological reconstruction on the CPU: Vincent's
 * fast hybrid algorithm on one strip, with its halo rows held fixed (a
 * raster and an anti-raster scan, then the FIFO queue), and the reruns
 * from the samples that rose at an exchange; written once per key type. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "float-key.h"
#include "reconstruct-private.h"
#include "simd.h"

/* Pops between two looks at the cancel flag. */
#define POPS_PER_CHECK 65536

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
static inline __attribute__ ((always_inline)) void                           \
load_row_##NAME##_body (Run *run, Strip *strip, int r)                        \
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
static inline __attribute__ ((always_inline)) void                           \
store_row_##NAME##_body (Run *run, Strip *strip, int r)                       \
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
TESSERA_SIMD_DISPATCH (static, load_row_##NAME,                               \
                       (Run *run, Strip *strip, int r), (run, strip, r))      \
TESSERA_SIMD_DISPATCH (static, store_row_##NAME,                              \
                       (Run *run, Strip *strip, int r), (run, strip, r))      \
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
          && !reconstruct_run_going (run, 0.05 + 0.15 * r / strip->rows))                 \
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
          && !reconstruct_run_going (run, 0.35 - 0.15 * r / strip->rows))                 \
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
          && !reconstruct_run_going (run, 0.35 + 0.6 * pops / (pops + pixels)))           \
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

DEFINE_KEY_STEPS (uint8_t, u8, uint8_t, IDENTITY, IDENTITY)
DEFINE_KEY_STEPS (uint16_t, u16, uint16_t, IDENTITY, IDENTITY)
DEFINE_KEY_STEPS (uint32_t, f32, float, tessera_float_key, tessera_key_float)

const KeySteps *
reconstruct_key_steps (TesseraSampleType type)
{
  switch (type)
    {
    case TESSERA_U8:  return &steps_u8;
    case TESSERA_U16: return &steps_u16;
    case TESSERA_F32: return &steps_f32;
    }
  return NULL;
}
