/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — smooth noise: value noise summed over a few octaves, the
 * kind of relief (hills, basins, long ridges) that makes a morphological
 * reconstruction propagate far.  Plain C, shared by the tests and
 * tessera-bench. */
#ifndef TESSERA_TEST_SMOOTH_NOISE_H
#define TESSERA_TEST_SMOOTH_NOISE_H

#include <stdint.h>
#include "image.h"

/* Fills every channel of IMAGE with noise whose largest features are about
 * SCALE pixels wide, stretched over the sample type's range (floats:
 * [0, 1]); the same for the same SEED. */
void smooth_noise_fill (TesseraImage *image, uint64_t seed, int scale);

#endif
