/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests and bench — a synthetic aerial road: a bright band of
 * varying width along a gentle curve, on a textured background. */
#ifndef TESSERA_TEST_SYNTHETIC_ROAD_H
#define TESSERA_TEST_SYNTHETIC_ROAD_H

#include "random.h"

typedef struct
{
  double centre, amplitude, period, phase;   /* upper edge y(x) */
  double width, width_swing;                 /* band width at x */
} SyntheticRoad;

/* A random road that fits an image of WIDTH x HEIGHT. */
SyntheticRoad synthetic_road_new  (TestRandom *r, int width, int height);

/* y of the road's upper edge at x. */
double        synthetic_road_edge (const SyntheticRoad *road, double x);

/* y of the road's lower edge at x. */
double        synthetic_road_lower (const SyntheticRoad *road, double x);

/* Paints the road into IMAGE (u8, 1 or 3 channels; allocated by the caller)
 * over noise. */
void          synthetic_road_draw (const SyntheticRoad *road, TestRandom *r,
                                   TesseraImage *image);

/* The same with the grey levels ABOVE the road, ON it and BELOW it, each
 * with uniform noise of +-NOISE (the road's: +-NOISE / 2). */
void          synthetic_road_paint (const SyntheticRoad *road, TestRandom *r,
                                    TesseraImage *image, int above, int on,
                                    int below, int noise);

#endif
