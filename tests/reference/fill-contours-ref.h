/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious fill of closed contours: a breadth-first
 * search from every free border pixel marks the outside; every other free
 * pixel is inside. */
#ifndef TESSERA_TEST_FILL_CONTOURS_REF_H
#define TESSERA_TEST_FILL_CONTOURS_REF_H

#include "image.h"

/* Writes 255 for the interior of CONTOURS (u8, one channel, non-zero is
 * contour) and 0 elsewhere into INTERIOR (same size, another image).
 * CONNECTIVITY (4 or 8) is that of the free pixels.  Returns 0 when out of
 * memory. */
int test_fill_contours_ref (const TesseraImage *contours,
                            TesseraImage *interior, int connectivity);

#endif
