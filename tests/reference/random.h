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

/* How many random cases a test runs where it would run N: N times the
 * number in TESSERA_TEST_SCALE (read once; unset, empty or not a positive
 * number: 1, today's counts), rounded, at least 1.  The cases a smaller
 * scale keeps are the first ones of the full run, compared with the same
 * references; tests/arm/check-arm.sh --quick uses it under qemu. */
int        test_cases          (int n);
/* The same scale for the side (or length) N of a large fixed case, never
 * below LEAST. */
int        test_scaled_size    (int n, int least);

#endif
