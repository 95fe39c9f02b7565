/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious square minimum / maximum filter: every
 * sample of the square, one by one.  Plain C. */
#ifndef TESSERA_TEST_SQUARE_FILTER_REF_H
#define TESSERA_TEST_SQUARE_FILTER_REF_H

#include "image.h"

/* DST (distinct from SRC, same shape) gets the maximum (MAXIMUM) or the
 * minimum of SRC over the (2 RADIUS + 1)^2 square around each pixel, the
 * pixels inside the image only; floats by value, NaN ignored. */
void test_square_filter_ref (const TesseraImage *src, TesseraImage *dst,
                             int radius, int maximum);

#endif
