/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "luminance.h"
#include "simd.h"

TesseraStatus
tessera_luminance_planes (const TesseraImage *like, TesseraImage *first,
                          TesseraImage *second)
{
  TesseraStatus status = tessera_image_alloc (first, like->width,
                                              like->height, 1, like->type);
  if (status != TESSERA_OK)
    return status;
  status = tessera_image_alloc (second, like->width, like->height, 1,
                                like->type);
  if (status != TESSERA_OK)
    tessera_image_free (first);
  return status;
}

/* Below this many pixels one thread does it all. */
#define MIN_PARALLEL_PIXELS ((size_t) 1 << 16)

/* The weights in ten-thousandths, for exact integer sums. */
#define WEIGHT_R 2126u
#define WEIGHT_G 7152u
#define WEIGHT_B 722u
#define WEIGHTS  10000u

static inline uint32_t
integer_luminance (uint32_t r, uint32_t g, uint32_t b)
{
  /* At most 65535 * 10000 + 5000: 32 bits are enough. */
  return (WEIGHT_R * r + WEIGHT_G * g + WEIGHT_B * b + WEIGHTS / 2) / WEIGHTS;
}

static inline float
float_luminance (float r, float g, float b)
{
  return (float) (0.2126 * r + 0.7152 * g + 0.0722 * b);
}

static inline int
clamp_sample (int value, int top)
{
  return value < 0 ? 0 : value > top ? top : value;
}

/* COLOUR * PART / WHOLE (WHOLE > 0) rounded to the nearest, halves up, at
 * most TOP.  In double it is exact: the product is, the quotient is
 * correctly rounded, a true half is representable, and any other quotient
 * lies at least 1 / (2 WHOLE) from a half, far more than the rounding
 * error.  Nothing is negative, so truncation is the floor. */
static inline int
scaled_sample (int colour, int part, int whole, int top)
{
  double scaled = (double) colour * part / whole + 0.5;

  return scaled < top ? (int) scaled : top;
}

/* One row of each step: IN and OUT have CHANNELS samples a pixel, the
 * luminance rows one. */
typedef void (*FollowRow) (const void *in, int width, const void *before,
                           const void *after, void *out);

typedef struct
{
  void      (*luminance) (const void *in, int width, void *y);
  FollowRow shift;
  FollowRow scale;
} RowSteps;

/* The rows of samples of type T for CHANNELS, 3 or 4, a constant so that
 * the pixel loops are tight: MOVE (colour, delta) is a colour sample moved
 * by a change of luminance, SCALE (colour, part, whole) one scaled by
 * PART / WHOLE (WHOLE above 0), IS_MOVE (from, to) says whether a change
 * is one.  Alpha, the fourth channel, is copied.  The loops are written
 * for the vectoriser (pixels by index, `omp simd') and compiled for each
 * x86-64 level (core/simd.h): on the development machine's AVX-512 the
 * steps of 4096x4096 u8 RGB ran four to six times faster than the scalar
 * loops (bench/RESULTS.md). */
#define DEFINE_ROWS(T, NAME, CHANNELS, LUMINANCE, DELTA_T, MOVE, IS_MOVE,     \
                    SCALE)                                                    \
                                                                              \
static inline __attribute__ ((always_inline)) void                           \
luminance_row_##NAME##_##CHANNELS##_body (const void *in_row, int width,      \
                                          void *y_row)                        \
{                                                                             \
  const T *in = in_row;                                                       \
  T       *y = y_row;                                                         \
                                                                              \
  _Pragma ("omp simd")                                                        \
  for (int x = 0; x < width; x++)                                             \
    {                                                                         \
      const T *p = in + CHANNELS * x;                                         \
                                                                              \
      y[x] = LUMINANCE (p[0], p[1], p[2]);                                    \
    }                                                                         \
}                                                                             \
                                                                              \
static inline __attribute__ ((always_inline)) void                           \
shift_row_##NAME##_##CHANNELS##_body (const void *in_row, int width,          \
                                      const void *from_row,                   \
                                      const void *to_row, void *out_row)      \
{                                                                             \
  const T *in = in_row, *from = from_row, *to = to_row;                       \
  T       *out = out_row;                                                     \
                                                                              \
  _Pragma ("omp simd")                                                        \
  for (int x = 0; x < width; x++)                                             \
    {                                                                         \
      const T *p = in + CHANNELS * x;                                         \
      T       *q = out + CHANNELS * x;                                        \
      DELTA_T  delta = (DELTA_T) to[x] - (DELTA_T) from[x];                   \
      bool     moved = IS_MOVE (from[x], to[x]);                              \
                                                                              \
      q[0] = moved ? MOVE (p[0], delta) : p[0];                               \
      q[1] = moved ? MOVE (p[1], delta) : p[1];                               \
      q[2] = moved ? MOVE (p[2], delta) : p[2];                               \
      if (CHANNELS == 4)                                                      \
        q[3] = p[3];                                                          \
    }                                                                         \
}                                                                             \
                                                                              \
static inline __attribute__ ((always_inline)) void                           \
scale_row_##NAME##_##CHANNELS##_body (const void *in_row, int width,          \
                                      const void *whole_row,                  \
                                      const void *part_row, void *out_row)    \
{                                                                             \
  const T *in = in_row, *whole = whole_row, *part = part_row;                 \
  T       *out = out_row;                                                     \
                                                                              \
  _Pragma ("omp simd")                                                        \
  for (int x = 0; x < width; x++)                                             \
    {                                                                         \
      const T *p = in + CHANNELS * x;                                         \
      T       *q = out + CHANNELS * x;                                        \
      bool     lit = whole[x] > 0;                                            \
                                                                              \
      q[0] = lit ? SCALE (p[0], part[x], whole[x]) : part[x];                 \
      q[1] = lit ? SCALE (p[1], part[x], whole[x]) : part[x];                 \
      q[2] = lit ? SCALE (p[2], part[x], whole[x]) : part[x];                 \
      if (CHANNELS == 4)                                                      \
        q[3] = p[3];                                                          \
    }                                                                         \
}                                                                             \
                                                                              \
TESSERA_SIMD_DISPATCH (static, luminance_row_##NAME##_##CHANNELS,             \
                       (const void *in_row, int width, void *y_row),          \
                       (in_row, width, y_row))                                \
TESSERA_SIMD_DISPATCH (static, shift_row_##NAME##_##CHANNELS,                 \
                       (const void *in_row, int width, const void *from_row,  \
                        const void *to_row, void *out_row),                   \
                       (in_row, width, from_row, to_row, out_row))            \
TESSERA_SIMD_DISPATCH (static, scale_row_##NAME##_##CHANNELS,                 \
                       (const void *in_row, int width, const void *whole_row, \
                        const void *part_row, void *out_row),                 \
                       (in_row, width, whole_row, part_row, out_row))         \
                                                                              \
static const RowSteps rows_##NAME##_##CHANNELS = {                            \
  luminance_row_##NAME##_##CHANNELS, shift_row_##NAME##_##CHANNELS,           \
  scale_row_##NAME##_##CHANNELS                                               \
};

/* Integers: exact, clamped to the range; every change moves. */
#define ALWAYS(from, to)          true
#define MOVE_U8(colour, delta)    (uint8_t) clamp_sample ((colour) + (delta), \
                                                          UINT8_MAX)
#define MOVE_U16(colour, delta)   (uint16_t) clamp_sample ((colour) + (delta),\
                                                           UINT16_MAX)
#define SCALE_U8(c, part, whole)  (uint8_t) scaled_sample (c, part, whole,    \
                                                           UINT8_MAX)
#define SCALE_U16(c, part, whole) (uint16_t) scaled_sample (c, part, whole,   \
                                                            UINT16_MAX)

/* Floats: nothing clamped; a pixel moves when the bits of its luminance
 * changed (-0 and +0 differ, NaN is itself). */
static inline bool
float_moved (float from, float to)
{
  return memcmp (&from, &to, sizeof (float)) != 0;
}

#define MOVE_F32(colour, delta)   ((colour) + (delta))
#define SCALE_F32(c, part, whole) ((c) * ((part) / (whole)))

DEFINE_ROWS (uint8_t, u8, 3, integer_luminance, int, MOVE_U8, ALWAYS,
             SCALE_U8)
DEFINE_ROWS (uint8_t, u8, 4, integer_luminance, int, MOVE_U8, ALWAYS,
             SCALE_U8)
DEFINE_ROWS (uint16_t, u16, 3, integer_luminance, int, MOVE_U16, ALWAYS,
             SCALE_U16)
DEFINE_ROWS (uint16_t, u16, 4, integer_luminance, int, MOVE_U16, ALWAYS,
             SCALE_U16)
DEFINE_ROWS (float, f32, 3, float_luminance, float, MOVE_F32, float_moved,
             SCALE_F32)
DEFINE_ROWS (float, f32, 4, float_luminance, float, MOVE_F32, float_moved,
             SCALE_F32)

static const RowSteps *
row_steps (const TesseraImage *rgb)
{
  bool alpha = rgb->channels == 4;

  switch (rgb->type)
    {
    case TESSERA_U8:  return alpha ? &rows_u8_4 : &rows_u8_3;
    case TESSERA_U16: return alpha ? &rows_u16_4 : &rows_u16_3;
    case TESSERA_F32: return alpha ? &rows_f32_4 : &rows_f32_3;
    }
  return NULL;
}

static int
threads_for (const TesseraImage *image, const TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();

  if ((size_t) image->width * image->height < MIN_PARALLEL_PIXELS)
    return 1;
  return tessera_exec_threads (exec != NULL ? exec : &defaults);
}

void
tessera_luminance (const TesseraImage *src, TesseraImage *luminance,
                   const TesseraExec *exec)
{
  const RowSteps *rows = row_steps (src);
  int             threads = threads_for (src, exec);

  #pragma omp parallel for num_threads (threads)
  for (int y = 0; y < src->height; y++)
    rows->luminance (tessera_image_row (src, y), src->width,
                     tessera_image_row (luminance, y));
}

/* The colours of SRC following their luminance from BEFORE to AFTER, row
 * by row through STEP. */
static void
follow (FollowRow step, const TesseraImage *src, const TesseraImage *before,
        const TesseraImage *after, TesseraImage *dst, const TesseraExec *exec)
{
  int threads = threads_for (src, exec);

  #pragma omp parallel for num_threads (threads)
  for (int y = 0; y < src->height; y++)
    step (tessera_image_row (src, y), src->width,
          tessera_image_row (before, y), tessera_image_row (after, y),
          tessera_image_row (dst, y));
}

void
tessera_luminance_shift (const TesseraImage *src, const TesseraImage *from,
                         const TesseraImage *to, TesseraImage *dst,
                         const TesseraExec *exec)
{
  follow (row_steps (src)->shift, src, from, to, dst, exec);
}

void
tessera_luminance_scale (const TesseraImage *src, const TesseraImage *whole,
                         const TesseraImage *part, TesseraImage *dst,
                         const TesseraExec *exec)
{
  follow (row_steps (src)->scale, src, whole, part, dst, exec);
}
