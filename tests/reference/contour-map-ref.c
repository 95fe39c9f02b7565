/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the contour map, slow and obvious (contour-map-ref.h). */
#include <math.h>
#include "contour-map-ref.h"

static int
ref_is_contour (float r, float g, float b, float alpha,
                const TesseraContourThreshold *params)
{
  float luma = 0.2126f * r + 0.7152f * g + 0.0722f * b;
  float on_paper = alpha * luma + (1 - alpha);
  float on_black = alpha * luma;
  float dr = r - params->colour[0];
  float dg = g - params->colour[1];
  float db = b - params->colour[2];
  float distance = sqrtf ((dr * dr + dg * dg + db * db) / 3);

  if (params->source == TESSERA_CONTOUR_ALPHA)
    return alpha >= params->threshold;
  if (params->source == TESSERA_CONTOUR_DARK)
    return on_paper <= params->threshold;
  if (params->source == TESSERA_CONTOUR_BRIGHT)
    return on_black >= params->threshold;
  return alpha >= 0.5f && distance <= params->threshold;
}

void
test_contour_map_ref (const TesseraImage *rgba, TesseraImage *map,
                      const TesseraContourThreshold *params)
{
  for (int y = 0; y < rgba->height; y++)
    for (int x = 0; x < rgba->width; x++)
      {
        float r = (float) tessera_image_sample (rgba, x, y, 0);
        float g = (float) tessera_image_sample (rgba, x, y, 1);
        float b = (float) tessera_image_sample (rgba, x, y, 2);
        float alpha = (float) tessera_image_sample (rgba, x, y, 3);
        tessera_image_set_sample (map, x, y, 0,
                                  ref_is_contour (r, g, b, alpha, params)
                                  ? TESSERA_CONTOUR : 0);
      }
}
