/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"
#include "colour-keys.h"
#include "huge-alloc.h"

uint8_t
tessera_quantise_u16 (uint16_t value)
{
  return (uint8_t) (((uint32_t) value * 255u + 32767u) / 65535u);
}

uint8_t
tessera_quantise_f32 (float value)
{
  if (!(value > 0.0f))          /* also NaN */
    return 0;
  if (value >= 1.0f)
    return 255;
  return (uint8_t) lrint ((double) value * 255.0);
}

static TesseraStatus
check_image (const TesseraImage *image)
{
  TesseraStatus status = tessera_image_check (image);
  if (status != TESSERA_OK)
    return status;
  if (image->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (image->width == 0 || image->height == 0)
    return TESSERA_ERROR_EMPTY_IMAGE;
  if ((uint64_t) image->width * (uint64_t) image->height >= UINT32_MAX)
    return TESSERA_ERROR_TOO_LARGE;
  return TESSERA_OK;
}

TesseraStatus
tessera_colour_histogram (const TesseraImage *image,
                          TesseraColourHistogram *histogram,
                          TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = check_image (image);
  size_t n_pixels;
  uint32_t *table;
  int threads;

  memset (histogram, 0, sizeof *histogram);
  if (status != TESSERA_OK)
    return status;
  if (exec == NULL)
    exec = &defaults;
  exec->backend_used = TESSERA_BACKEND_CPU;
  threads = tessera_exec_threads (exec);

  n_pixels = (size_t) image->width * (size_t) image->height;
  histogram->width = image->width;
  histogram->height = image->height;
  histogram->quantised = image->type != TESSERA_U8;
  histogram->pixel_colour = malloc (sizeof (uint32_t) * n_pixels);
  table = tessera_huge_calloc (sizeof (uint32_t) * TESSERA_COLOUR_KEYS,
                               threads);
  if (histogram->pixel_colour == NULL || table == NULL)
    {
      status = TESSERA_ERROR_OUT_OF_MEMORY;
      goto out;
    }

  /* First the keys go where the indices will be, then they are replaced. */
  #pragma omp parallel for schedule (static) num_threads (threads)
  for (int y = 0; y < image->height; y++)
    {
      uint32_t *keys = histogram->pixel_colour + (size_t) y * image->width;
      tessera_colour_row_keys (image, y, keys);
      tessera_colour_count_keys (keys, image->width, table);
    }
  if (!tessera_exec_progress (exec, 0.5))
    {
      status = TESSERA_ERROR_CANCELLED;
      goto out;
    }

  status = tessera_colour_table_collect (table, histogram, threads);
  if (status != TESSERA_OK)
    goto out;

  #pragma omp parallel for schedule (static) num_threads (threads)
  for (size_t i = 0; i < n_pixels; i++)
    if (histogram->pixel_colour[i] != TESSERA_COLOUR_TRANSPARENT)
      histogram->pixel_colour[i] = table[histogram->pixel_colour[i]];
  tessera_exec_progress (exec, 1.0);

out:
  free (table);
  if (status != TESSERA_OK)
    tessera_colour_histogram_free (histogram);
  return status;
}

void
tessera_colour_histogram_free (TesseraColourHistogram *histogram)
{
  free (histogram->colours);
  free (histogram->counts);
  free (histogram->pixel_colour);
  memset (histogram, 0, sizeof *histogram);
}
