/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include "synthetic-road.h"

SyntheticRoad
synthetic_road_new (TestRandom *r, int width, int height)
{
  SyntheticRoad road;
  road.amplitude = 2.0 + 6.0 * test_random_double (r);
  road.period = width * (0.8 + 0.8 * test_random_double (r));
  road.phase = 6.283185307179586 * test_random_double (r);
  road.width = 28.0 + 16.0 * test_random_double (r);
  road.width_swing = 4.0 * test_random_double (r);
  road.centre = height / 2.0 - road.width / 2.0;
  return road;
}

double
synthetic_road_edge (const SyntheticRoad *road, double x)
{
  return road->centre
       + road->amplitude * sin (6.283185307179586 * x / road->period + road->phase);
}

static double
road_width (const SyntheticRoad *road, double x)
{
  return road->width
       + road->width_swing * cos (6.283185307179586 * x / road->period);
}

double
synthetic_road_lower (const SyntheticRoad *road, double x)
{
  return synthetic_road_edge (road, x) + road_width (road, x);
}

void
synthetic_road_draw (const SyntheticRoad *road, TestRandom *r,
                     TesseraImage *image)
{
  synthetic_road_paint (road, r, image, 90, 190, 90, 30);
}

void
synthetic_road_paint (const SyntheticRoad *road, TestRandom *r,
                      TesseraImage *image, int above, int on, int below,
                      int noise)
{
  for (int y = 0; y < image->height; y++)
    {
      uint8_t *row = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++)
        {
          double cx = x + 0.5, cy = y + 0.5;
          double top = synthetic_road_edge (road, cx);
          int on_road = cy >= top && cy < top + road_width (road, cx);
          /* Fields: textured; asphalt: with less texture. */
          int v = on_road ? on + test_random_int (r, -(noise * 2 / 5),
                                                  noise * 2 / 5)
                          : (cy < top ? above : below)
                            + test_random_int (r, -noise, noise);
          v = v < 0 ? 0 : v > 255 ? 255 : v;
          for (int c = 0; c < image->channels; c++)
            row[x * image->channels + c] = (uint8_t) v;
        }
    }
}
