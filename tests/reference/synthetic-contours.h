/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests and bench — random contour maps for Fill Closed Contours:
 * circles, ellipses and polygons (closed), strokes (open, must not be
 * filled), nested rings, shapes cut by the image border, and now and then
 * a one-pixel gap that opens a closed shape. */
#ifndef TESSERA_TEST_SYNTHETIC_CONTOURS_H
#define TESSERA_TEST_SYNTHETIC_CONTOURS_H

#include "random.h"

/* Clears IMAGE (u8, one channel) and draws SHAPES random shapes into it
 * with value 255, lines 1 to MAX_THICKNESS pixels thick (drawn 8-connected,
 * so that a closed shape is closed for a 4-connected fill).  Shape sizes
 * follow the image size. */
void synthetic_contours_draw (TestRandom *r, TesseraImage *image, int shapes,
                              int max_thickness);

/* Clears IMAGE and sets each pixel to contour with probability DENSITY:
 * the worst case for run-based methods (many tiny regions). */
void synthetic_contours_noise (TestRandom *r, TesseraImage *image,
                               double density);

/* The random map of a round of the fill tests: every third ROUND noise of
 * random density, the others 1 to 30 shapes up to 3 pixels thick.  Returns
 * which ("noise" or "contours"), to name the case. */
const char *synthetic_contours_random (TestRandom *r, TesseraImage *image,
                                       int round);

#endif
