/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include "colour-keys.h"

static inline uint32_t
grey_key (uint32_t v)
{
  return v * 0x010101u;
}

static inline uint32_t
rgb_key (uint32_t r, uint32_t g, uint32_t b)
{
  return r << 16 | g << 8 | b;
}

static inline int
alpha_rounds_to_0 (const TesseraImage *image, const void *row, int x)
{
  const size_t a = (size_t) x * image->channels + image->channels - 1;

  switch (image->type)
    {
    case TESSERA_U8:
      return ((const uint8_t *) row)[a] == 0;
    case TESSERA_U16:
      return tessera_quantise_u16 (((const uint16_t *) row)[a]) == 0;
    case TESSERA_F32:
      return tessera_quantise_f32 (((const float *) row)[a]) == 0;
    }
  return 0;
}

/* A pass of its own, so that images without alpha pay nothing. */
static void
mark_transparent (const TesseraImage *image, int y, uint32_t *keys)
{
  const void *row = tessera_image_row (image, y);

  for (int x = 0; x < image->width; x++)
    if (alpha_rounds_to_0 (image, row, x))
      keys[x] = TESSERA_COLOUR_TRANSPARENT;
}

void
tessera_colour_row_keys (const TesseraImage *image, int y, uint32_t *keys)
{
  const int c = image->channels;
  const int coloured = c >= 3;
  const void *row = tessera_image_row (image, y);

  switch (image->type)
    {
    case TESSERA_U8:
      {
        const uint8_t *p = row;
        for (int x = 0; x < image->width; x++, p += c)
          keys[x] = coloured ? rgb_key (p[0], p[1], p[2]) : grey_key (p[0]);
        break;
      }
    case TESSERA_U16:
      {
        const uint16_t *p = row;
        for (int x = 0; x < image->width; x++, p += c)
          keys[x] = coloured ? rgb_key (tessera_quantise_u16 (p[0]),
                                        tessera_quantise_u16 (p[1]),
                                        tessera_quantise_u16 (p[2]))
                             : grey_key (tessera_quantise_u16 (p[0]));
        break;
      }
    case TESSERA_F32:
      {
        const float *p = row;
        for (int x = 0; x < image->width; x++, p += c)
          keys[x] = coloured ? rgb_key (tessera_quantise_f32 (p[0]),
                                        tessera_quantise_f32 (p[1]),
                                        tessera_quantise_f32 (p[2]))
                             : grey_key (tessera_quantise_f32 (p[0]));
        break;
      }
    }
  if (c == 2 || c == 4)
    mark_transparent (image, y, keys);
}

/* Photos have long runs of one colour, so a run costs one atomic add, not
 * one per pixel. */
void
tessera_colour_count_keys (const uint32_t *keys, int n, uint32_t *table)
{
  int start = 0;
  for (int x = 1; x <= n; x++)
    if (x == n || keys[x] != keys[start])
      {
        if (keys[start] != TESSERA_COLOUR_TRANSPARENT)
          __atomic_fetch_add (&table[keys[start]], (uint32_t) (x - start),
                              __ATOMIC_RELAXED);
        start = x;
      }
}

/* A photo's pixels touch the table in far fewer places than a hash table
 * would cost in probing, and the dense list falls out of one scan, already
 * sorted. */
TesseraStatus
tessera_colour_table_collect (uint32_t *table,
                              TesseraColourHistogram *histogram, int threads)
{
  size_t block_used[threads + 1];
  const uint32_t block = (TESSERA_COLOUR_KEYS + threads - 1) / threads;

  #pragma omp parallel for num_threads (threads)
  for (int t = 0; t < threads; t++)
    {
      uint32_t end = t == threads - 1 ? TESSERA_COLOUR_KEYS : (uint32_t) (t + 1) * block;
      size_t used = 0;
      for (uint32_t key = (uint32_t) t * block; key < end; key++)
        used += table[key] != 0;
      block_used[t + 1] = used;
    }
  block_used[0] = 0;
  for (int t = 0; t < threads; t++)
    block_used[t + 1] += block_used[t];

  histogram->n_colours = block_used[threads];
  histogram->colours = malloc (3 * histogram->n_colours + 1);
  histogram->counts = malloc (sizeof (uint32_t) * histogram->n_colours + 1);
  if (histogram->colours == NULL || histogram->counts == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;

  #pragma omp parallel for num_threads (threads)
  for (int t = 0; t < threads; t++)
    {
      uint32_t end = t == threads - 1 ? TESSERA_COLOUR_KEYS : (uint32_t) (t + 1) * block;
      size_t i = block_used[t];
      for (uint32_t key = (uint32_t) t * block; key < end; key++)
        if (table[key] != 0)
          {
            histogram->colours[3 * i + 0] = (uint8_t) (key >> 16);
            histogram->colours[3 * i + 1] = (uint8_t) (key >> 8);
            histogram->colours[3 * i + 2] = (uint8_t) key;
            histogram->counts[i] = table[key];
            table[key] = (uint32_t) i++;
          }
    }
  return TESSERA_OK;
}
