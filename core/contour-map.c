/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the contour map from R'G'B'A floats (contour-map.h). */
#include <math.h>
#include "contour-map.h"

static inline bool
is_contour (const float *rgba, const TesseraContourThreshold *params)
{
  float alpha = rgba[3];
  float dr, dg, db;

  switch (params->source)
    {
    case TESSERA_CONTOUR_ALPHA:
      return alpha >= params->threshold;
    case TESSERA_CONTOUR_DARK:
      return alpha * tessera_contour_luma (rgba) + (1 - alpha)
             <= params->threshold;
    case TESSERA_CONTOUR_BRIGHT:
      return alpha * tessera_contour_luma (rgba) >= params->threshold;
    default:
      dr = rgba[0] - params->colour[0];
      dg = rgba[1] - params->colour[1];
      db = rgba[2] - params->colour[2];
      return alpha >= 0.5f
             && sqrtf ((dr * dr + dg * dg + db * db) / 3) <= params->threshold;
    }
}

static void
map_row (const float *in, uint8_t *out, int width,
         const TesseraContourThreshold *params)
{
  for (int x = 0; x < width; x++)
    out[x] = is_contour (in + 4 * (size_t) x, params) ? TESSERA_CONTOUR : 0;
}

static TesseraStatus
contour_map_check (const TesseraImage *rgba, const TesseraImage *map,
                   const TesseraContourThreshold *params)
{
  TesseraStatus status;

  if (params == NULL || (unsigned) params->source > TESSERA_CONTOUR_COLOUR
      || isnan (params->threshold))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_check (rgba)) != TESSERA_OK
      || (status = tessera_image_check (map)) != TESSERA_OK)
    return status;
  if (rgba->type != TESSERA_F32 || rgba->channels != 4
      || map->type != TESSERA_U8 || map->channels != 1)
    return TESSERA_ERROR_UNSUPPORTED_FORMAT;
  if (rgba->width != map->width || rgba->height != map->height
      || rgba->memory != TESSERA_MEMORY_HOST
      || map->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

TesseraStatus
tessera_contour_map (const TesseraImage *rgba, TesseraImage *map,
                     const TesseraContourThreshold *params,
                     const TesseraExec *exec)
{
  TesseraStatus status = contour_map_check (rgba, map, params);
  int threads = tessera_exec_threads (exec);

  if (status != TESSERA_OK)
    return status;
  #pragma omp parallel for schedule(static) num_threads(threads)
  for (int y = 0; y < map->height; y++)
    map_row (tessera_image_row (rgba, y), tessera_image_row (map, y),
             map->width, params);
  return TESSERA_OK;
}
