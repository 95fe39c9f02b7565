/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — where a reconstruction's marker lies beyond its mask: samples
 * are compared in the order tessera_reconstruct uses (integers by value,
 * floats by IEEE 754 totalOrder), so the count is the one it reports. */
#include <stdint.h>
#include "float-key.h"
#include "luminance.h"
#include "reconstruct-beyond.h"

/* Whether MARKER's sample lies beyond MASK's: above it, or below it for
 * an erosion. */
static inline int
beyond (uint32_t marker, uint32_t mask, int erosion)
{
  return erosion ? marker < mask : marker > mask;
}

/* The samples of row Y's first COLOURS channels that lie beyond. */
static size_t
count_row (const TesseraImage *mask, const TesseraImage *marker, int y,
           int colours, int erosion)
{
  const void *k = tessera_image_row (mask, y);
  const void *m = tessera_image_row (marker, y);
  size_t      count = 0;

  for (int x = 0; x < mask->width; x++)
    for (int c = 0; c < colours; c++)
      {
        size_t i = (size_t) x * mask->channels + c;
        switch (mask->type)
          {
          case TESSERA_U8:
            count += beyond (((const uint8_t *) m)[i],
                             ((const uint8_t *) k)[i], erosion);
            break;
          case TESSERA_U16:
            count += beyond (((const uint16_t *) m)[i],
                             ((const uint16_t *) k)[i], erosion);
            break;
          case TESSERA_F32:
            count += beyond (tessera_float_key (((const float *) m)[i]),
                             tessera_float_key (((const float *) k)[i]), erosion);
            break;
          }
      }
  return count;
}

static size_t
count_samples (const TesseraImage *mask, const TesseraImage *marker,
               int colours, int erosion, int threads)
{
  size_t count = 0;

#pragma omp parallel for num_threads (threads) reduction (+ : count) \
  schedule (static)
  for (int y = 0; y < mask->height; y++)
    count += count_row (mask, marker, y, colours, erosion);
  return count;
}

/* On luminance: the two images' luminance compared. */
static TesseraStatus
count_luminance (const TesseraImage *mask, const TesseraImage *marker,
                 int erosion, const TesseraExec *exec, int threads,
                 size_t *count)
{
  TesseraImage  mask_y, marker_y;
  TesseraStatus status;

  status = tessera_luminance_planes (mask, &mask_y, &marker_y);
  if (status != TESSERA_OK)
    return status;
  tessera_luminance (mask, &mask_y, exec);
  tessera_luminance (marker, &marker_y, exec);
  *count = count_samples (&mask_y, &marker_y, 1, erosion, threads);
  tessera_image_free (&marker_y);
  tessera_image_free (&mask_y);
  return status;
}

TesseraStatus
tessera_reconstruct_count_beyond (const TesseraImage       *mask,
                                  const TesseraImage       *marker,
                                  const TesseraReconstruct *params,
                                  const TesseraExec        *exec,
                                  size_t                   *count)
{
  TesseraExec   defaults = tessera_exec_default ();
  TesseraStatus status;
  int           colours, erosion;

  if (count == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  status = tessera_reconstruct_check (mask, marker, marker, params);
  if (status != TESSERA_OK)
    return status;
  if (mask->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (exec == NULL)
    exec = &defaults;
  colours = mask->channels - (params->has_alpha ? 1 : 0);
  erosion = params->operation == TESSERA_RECONSTRUCT_EROSION;
  if (params->colour == TESSERA_RECONSTRUCT_LUMINANCE && colours == 3)
    return count_luminance (mask, marker, erosion, exec,
                            tessera_exec_threads (exec), count);
  *count = count_samples (mask, marker, colours, erosion,
                          tessera_exec_threads (exec));
  return TESSERA_OK;
}
