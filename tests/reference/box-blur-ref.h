/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the box blur of core/box-blur.h, literally: every output
 * sample sums its whole window, clamped rows and columns counted as often as
 * they are clamped to.  O(rx * ry) per pixel (at most the image), exact
 * 128-bit integer sums (GCC's and Clang's unsigned __int128), long double
 * (compensated) float sums.  Plain C, so that the GLib tests and the GPU
 * parity program share it. */
#ifndef TESSERA_TEST_BOX_BLUR_REF_H
#define TESSERA_TEST_BOX_BLUR_REF_H

#include "box-blur.h"

/* Blurs SRC into DST (host images of the same shape; DST may be SRC).
 * Returns TESSERA_ERROR_OUT_OF_MEMORY or TESSERA_OK; checks nothing else. */
TesseraStatus box_blur_ref (const TesseraImage *src, TesseraImage *dst,
                            const TesseraBoxBlur *params);

/* How often position S of a side of N samples stands in the window
 * [CENTRE - RADIUS, CENTRE + RADIUS] once positions are clamped to the side. */
long long     box_blur_ref_count (int s, int centre, int radius, int n);

#endif
