/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur-ref.h"

long long
box_blur_ref_count (int s, int centre, int radius, int n)
{
  /* The positions that clamp to S: S itself, and every one below 0 for the
     first sample, every one past the end for the last. */
  long long from = s == 0 ? LLONG_MIN : s;
  long long to = s == n - 1 ? LLONG_MAX : s;
  long long lo = (long long) centre - radius, hi = (long long) centre + radius;

  if (from < lo)
    from = lo;
  if (to > hi)
    to = hi;
  return to >= from ? to - from + 1 : 0;
}

static uint64_t
integer_sample (const TesseraImage *image, int x, int y, int k)
{
  const void *row = tessera_image_row (image, y);
  size_t i = (size_t) x * image->channels + k;
  return image->type == TESSERA_U8 ? ((const uint8_t *) row)[i]
                                   : ((const uint16_t *) row)[i];
}

static long double
float_sample (const TesseraImage *image, int x, int y, int k)
{
  return ((const float *) tessera_image_row (image, y))[(size_t) x
                                                        * image->channels + k];
}

static void
set_sample (TesseraImage *image, int x, int y, int k, uint64_t integer,
            float value)
{
  void *row = tessera_image_row (image, y);
  size_t i = (size_t) x * image->channels + k;
  switch (image->type)
    {
    case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) integer; break;
    case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) integer; break;
    case TESSERA_F32: ((float *) row)[i] = value; break;
    }
}

/* A long double sum with Neumaier's compensation. */
typedef struct
{
  long double sum, lost;
} RefSum;

static void
ref_sum_add (RefSum *s, long double x)
{
  long double t = s->sum + x;
  if (fabsl (s->sum) >= fabsl (x))
    s->lost += (s->sum - t) + x;
  else
    s->lost += (x - t) + s->sum;
  s->sum = t;
}

/* Output pixel (X, Y) of one pass. */
static void
blur_pixel (const TesseraImage *from, TesseraImage *to, int x, int y,
            const TesseraBoxBlur *params)
{
  int w = from->width, h = from->height, c = from->channels;
  int rx = params->radius_x, ry = params->radius_y;
  bool premultiplied = params->has_alpha && c > 1;
  unsigned __int128 sums[4] = { 0 };
  unsigned __int128 window = (unsigned __int128) (2 * (uint64_t) rx + 1)
                             * (2 * (uint64_t) ry + 1);
  RefSum float_sums[4] = { { 0, 0 } };

  for (int sy = y - ry < 0 ? 0 : y - ry; sy <= y + ry && sy < h; sy++)
    for (int sx = x - rx < 0 ? 0 : x - rx; sx <= x + rx && sx < w; sx++)
      {
        uint64_t weight = (uint64_t) box_blur_ref_count (sx, x, rx, w)
                          * (uint64_t) box_blur_ref_count (sy, y, ry, h);
        for (int k = 0; k < c; k++)
          {
            bool colour = premultiplied && k < c - 1;
            if (from->type == TESSERA_F32)
              ref_sum_add (&float_sums[k],
                           weight * float_sample (from, sx, sy, k)
                           * (colour ? float_sample (from, sx, sy, c - 1)
                                     : 1));
            else
              sums[k] += (unsigned __int128) weight
                         * integer_sample (from, sx, sy, k)
                         * (colour ? integer_sample (from, sx, sy, c - 1) : 1);
          }
      }

  for (int k = 0; k < c; k++)
    {
      bool colour = premultiplied && k < c - 1;
      if (from->type == TESSERA_F32)
        {
          long double sum = float_sums[k].sum + float_sums[k].lost;
          long double alpha = float_sums[c - 1].sum + float_sums[c - 1].lost;
          long double mean = colour ? (alpha != 0 ? sum / alpha : 0)
                                    : sum / (long double) window;
          set_sample (to, x, y, k, 0, (float) mean);
        }
      else
        {
          /* round (sum / divisor), halves up; colour 0 without alpha. */
          unsigned __int128 divisor = colour ? sums[c - 1] : window;
          uint64_t rounded = divisor == 0
            ? 0 : (uint64_t) ((2 * sums[k] + divisor) / (2 * divisor));
          set_sample (to, x, y, k, rounded, 0);
        }
    }
}

static void
copy_image (const TesseraImage *from, TesseraImage *to)
{
  size_t bytes = tessera_pixel_size (from) * (size_t) from->width;
  for (int y = 0; y < from->height; y++)
    memcpy (tessera_image_row (to, y), tessera_image_row (from, y), bytes);
}

TesseraStatus
box_blur_ref (const TesseraImage *src, TesseraImage *dst,
              const TesseraBoxBlur *params)
{
  TesseraImage current, next;
  TesseraStatus status;

  status = tessera_image_alloc (&current, src->width, src->height,
                                src->channels, src->type);
  if (status != TESSERA_OK)
    return status;
  status = tessera_image_alloc (&next, src->width, src->height,
                                src->channels, src->type);
  if (status != TESSERA_OK)
    {
      tessera_image_free (&current);
      return status;
    }
  copy_image (src, &current);
  for (int pass = 0; pass < params->iterations; pass++)
    {
      TesseraImage done = next;
      for (int y = 0; y < src->height; y++)
        for (int x = 0; x < src->width; x++)
          blur_pixel (&current, &next, x, y, params);
      next = current;
      current = done;
    }
  copy_image (&current, dst);
  tessera_image_free (&current);
  tessera_image_free (&next);
  return TESSERA_OK;
}
