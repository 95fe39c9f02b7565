/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "luminance-ref.h"
#include "reconstruct-ref.h"
#include "smooth-noise.h"

/* -1, 0 or 1 as A is below, equal to or above B. */
static int
compare_samples (TesseraSampleType type, const void *a, const void *b)
{
  switch (type)
    {
    case TESSERA_U8:
      return (*(const uint8_t *) a > *(const uint8_t *) b)
             - (*(const uint8_t *) a < *(const uint8_t *) b);
    case TESSERA_U16:
      return (*(const uint16_t *) a > *(const uint16_t *) b)
             - (*(const uint16_t *) a < *(const uint16_t *) b);
    case TESSERA_F32:
      {
        /* totalOrder: negatives (sign bit set) below positives; among
         * positives a larger bit pattern is larger, among negatives
         * smaller. */
        uint32_t x, y;
        memcpy (&x, a, sizeof x);
        memcpy (&y, b, sizeof y);
        if ((x >> 31) != (y >> 31))
          return (x >> 31) ? -1 : 1;
        if (x == y)
          return 0;
        return ((x < y) == !(x >> 31)) ? -1 : 1;
      }
    }
  return 0;
}

static void *
sample_at (const TesseraImage *image, int x, int y, int c)
{
  size_t size = tessera_sample_size (image->type);
  return (uint8_t *) tessera_image_row (image, y)
         + ((size_t) x * image->channels + c) * size;
}

size_t
test_reconstruct_ref (const TesseraImage *mask, const TesseraImage *marker,
                      TesseraImage *dst, int erosion, int connectivity)
{
  /* "Beyond" is above for dilation, below for erosion. */
  int       beyond = erosion ? -1 : 1;
  size_t    size = tessera_sample_size (mask->type);
  size_t    row = (size_t) mask->width * mask->channels * size;
  uint8_t  *next = malloc (row * mask->height);
  size_t    clipped = 0;
  int       changed;

  if (next == NULL)
    return (size_t) -1;

  for (int y = 0; y < mask->height; y++)
    for (int x = 0; x < mask->width; x++)
      for (int c = 0; c < mask->channels; c++)
        {
          const void *m = sample_at (marker, x, y, c);
          const void *k = sample_at (mask, x, y, c);
          int         over = compare_samples (mask->type, m, k) == beyond;
          clipped += over;
          memcpy (sample_at (dst, x, y, c), over ? k : m, size);
        }

  do
    {
      changed = 0;
      for (int y = 0; y < mask->height; y++)
        for (int x = 0; x < mask->width; x++)
          for (int c = 0; c < mask->channels; c++)
            {
              const void *best = sample_at (dst, x, y, c);
              const void *k = sample_at (mask, x, y, c);
              uint8_t    *to = next + y * row
                               + ((size_t) x * mask->channels + c) * size;

              for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                  {
                    const void *n;
                    if (x + dx < 0 || x + dx >= mask->width
                        || y + dy < 0 || y + dy >= mask->height
                        || (connectivity == 4 && dx != 0 && dy != 0))
                      continue;
                    n = sample_at (dst, x + dx, y + dy, c);
                    if (compare_samples (mask->type, n, best) == beyond)
                      best = n;
                  }
              if (compare_samples (mask->type, best, k) == beyond)
                best = k;
              memcpy (to, best, size);
            }
      for (int y = 0; y < mask->height; y++)
        {
          void *d = tessera_image_row (dst, y);
          if (memcmp (d, next + y * row, row) != 0)
            {
              memcpy (d, next + y * row, row);
              changed = 1;
            }
        }
    }
  while (changed);

  free (next);
  return clipped;
}

size_t
test_reconstruct_luminance_ref (const TesseraImage *mask,
                                const TesseraImage *marker, TesseraImage *dst,
                                int erosion, int connectivity)
{
  TesseraImage mask_y = { 0 }, marker_y = { 0 }, result_y = { 0 };
  size_t       clipped = (size_t) -1;

  if (tessera_image_alloc (&mask_y, mask->width, mask->height, 1, mask->type)
      == TESSERA_OK
      && tessera_image_alloc (&marker_y, mask->width, mask->height, 1,
                              mask->type) == TESSERA_OK
      && tessera_image_alloc (&result_y, mask->width, mask->height, 1,
                              mask->type) == TESSERA_OK)
    {
      test_luminance_ref (mask, &mask_y);
      test_luminance_ref (marker, &marker_y);
      clipped = test_reconstruct_ref (&mask_y, &marker_y, &result_y, erosion,
                                      connectivity);
      if (clipped != (size_t) -1)
        test_luminance_shift_ref (mask, &mask_y, &result_y, dst);
    }
  tessera_image_free (&mask_y);
  tessera_image_free (&marker_y);
  tessera_image_free (&result_y);
  return clipped;
}

/* Test inputs. */

/* Writes LEVEL in [0, 1] at sample I of row Y, scaled to the type (integers
 * clamped to their range). */
static void
set_level (TesseraImage *image, int y, int i, double level)
{
  void *row = tessera_image_row (image, y);

  if (image->type != TESSERA_F32)
    level = level < 0.0 ? 0.0 : level > 1.0 ? 1.0 : level;
  switch (image->type)
    {
    case TESSERA_U8:
      ((uint8_t *) row)[i] = (uint8_t) (level * 255.0 + 0.5);
      break;
    case TESSERA_U16:
      ((uint16_t *) row)[i] = (uint16_t) (level * 65535.0 + 0.5);
      break;
    case TESSERA_F32:
      ((float *) row)[i] = (float) level;
      break;
    }
}

static double
get_level (const TesseraImage *image, int y, int i)
{
  const void *row = tessera_image_row (image, y);

  switch (image->type)
    {
    case TESSERA_U8:  return ((const uint8_t *) row)[i] / 255.0;
    case TESSERA_U16: return ((const uint16_t *) row)[i] / 65535.0;
    case TESSERA_F32: return ((const float *) row)[i];
    }
  return 0.0;
}

/* Blocks of BLOCK x BLOCK samples at one of LEVELS levels. */
static void
fill_levels (TestRandom *r, TesseraImage *image, int levels, int block)
{
  int      samples = image->width * image->channels;
  uint64_t salt = test_random_next (r);

  for (int y = 0; y < image->height; y++)
    for (int i = 0; i < samples; i++)
      {
        /* The block's level from a hash of its position: no table. */
        TestRandom cell = test_random_new (salt ^ ((uint64_t) (y / block) << 40)
                                           ^ ((uint64_t) (i / image->channels
                                                          / block) << 8)
                                           ^ (uint64_t) (i % image->channels));
        int level = test_random_int (&cell, 0, levels - 1);
        set_level (image, y, i, levels > 1 ? level / (levels - 1.0) : 0.5);
      }
}

/* MARKER = MASK + DELTA. */
static void
fill_shifted (TesseraImage *marker, const TesseraImage *mask, double delta)
{
  int samples = mask->width * mask->channels;

  for (int y = 0; y < mask->height; y++)
    for (int i = 0; i < samples; i++)
      set_level (marker, y, i, get_level (mask, y, i) + delta);
}

/* Reverses the order of the samples: the dual case. */
static void
complement (TesseraImage *image)
{
  int samples = image->width * image->channels;

  for (int y = 0; y < image->height; y++)
    for (int i = 0; i < samples; i++)
      {
        void *row = tessera_image_row (image, y);
        switch (image->type)
          {
          case TESSERA_U8:
            ((uint8_t *) row)[i] = 255 - ((uint8_t *) row)[i];
            break;
          case TESSERA_U16:
            ((uint16_t *) row)[i] = 65535 - ((uint16_t *) row)[i];
            break;
          case TESSERA_F32:
            ((float *) row)[i] = -((float *) row)[i];
            break;
          }
      }
}

void
test_reconstruct_fill (TestRandom *r, TestReconstructKind kind, int erosion,
                       TesseraImage *mask, TesseraImage *marker)
{
  switch (kind)
    {
    case TEST_RECONSTRUCT_NOISE:
      test_random_fill (r, mask, 1);
      test_random_fill (r, marker, 1);
      break;
    case TEST_RECONSTRUCT_PLATEAUS:
      fill_levels (r, mask, test_random_int (r, 2, 4),
                   test_random_int (r, 1, 6));
      fill_levels (r, marker, test_random_int (r, 1, 4),
                   test_random_int (r, 1, 6));
      break;
    case TEST_RECONSTRUCT_H_DOME:
      fill_levels (r, mask, test_random_int (r, 3, 40),
                   test_random_int (r, 1, 3));
      fill_shifted (marker, mask, -0.1);
      break;
    case TEST_RECONSTRUCT_SMOOTH:
      smooth_noise_fill (mask, test_random_next (r),
                         test_random_int (r, 2, 64));
      fill_shifted (marker, mask, -0.3 * test_random_double (r));
      break;
    case TEST_RECONSTRUCT_EQUAL:
      fill_levels (r, mask, 1, 1);
      fill_levels (r, marker, 1, 1);
      break;
    case TEST_RECONSTRUCT_ABOVE:
      test_random_fill (r, mask, 0);
      fill_shifted (marker, mask, 1.5);
      break;
    case TEST_RECONSTRUCT_SEEDS:
      test_random_fill (r, mask, 0);
      fill_shifted (marker, mask, -1.5);
      for (int n = test_random_int (r, 1, 3); n > 0; n--)
        {
          int    y = test_random_int (r, 0, mask->height - 1);
          int    x = test_random_int (r, 0, mask->width - 1);
          size_t size = tessera_pixel_size (mask);
          memcpy ((uint8_t *) tessera_image_row (marker, y) + x * size,
                  (uint8_t *) tessera_image_row (mask, y) + x * size, size);
        }
      break;
    case TEST_RECONSTRUCT_KINDS:
      break;
    }
  if (erosion)
    {
      complement (mask);
      complement (marker);
    }
}
