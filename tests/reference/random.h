/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — a small seeded generator and random images, in plain C so
 * that the GLib tests and the GPU parity program (no GLib there) share them. */
#ifndef TESSERA_TEST_RANDOM_H
#define TESSERA_TEST_RANDOM_H

#include <stdint.h>
#include "image.h"

typedef struct { uint64_t state; } TestRandom;

TestRandom test_random_new     (uint64_t seed);
uint64_t   test_random_next    (TestRandom *r);
/* Uniform in [lo, hi], both included. */
int        test_random_int     (TestRandom *r, int lo, int hi);
/* Uniform in [0, 1). */
double     test_random_double  (TestRandom *r);

/* Fills IMAGE with noise over the whole range of its sample type (floats in
 * [0,1] with a few extremes: 0, 1, tiny and large values when EXTREMES). */
void       test_random_fill    (TestRandom *r, TesseraImage *image,
                                int extremes);

/* A side length that favours the edge cases: 1, 2, odd, and now and then
 * larger than MAX/2. */
int        test_random_side    (TestRandom *r, int max);

#endif
