/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious, slow morphological reconstruction: dilate (or
 * erode) by one step, clip by the mask, repeat until nothing changes.  Plain
 * C, shared by the GLib tests and the GPU parity program. */
#ifndef TESSERA_TEST_RECONSTRUCT_REF_H
#define TESSERA_TEST_RECONSTRUCT_REF_H

#include <stddef.h>
#include "image.h"
#include "random.h"

/* Reconstructs MARKER under MASK into DST (host images of one shape, DST
 * distinct from both), by erosion when EROSION, with CONNECTIVITY 4 or 8.
 * Floats are ordered by IEEE 754 totalOrder.  Returns the number of marker
 * samples that lay beyond the mask, or (size_t) -1 when out of memory. */
size_t test_reconstruct_ref (const TesseraImage *mask,
                             const TesseraImage *marker, TesseraImage *dst,
                             int erosion, int connectivity);

/* The luminance option of core/reconstruct.h by its definition: the
 * luminance of MARKER reconstructed under MASK's by test_reconstruct_ref,
 * then MASK's colours moved by the change (luminance-ref.h); MASK has three
 * or four channels, the fourth alpha.  Returns the number of pixels whose
 * marker luminance lay beyond the mask's, or (size_t) -1 when out of
 * memory. */
size_t test_reconstruct_luminance_ref (const TesseraImage *mask,
                                       const TesseraImage *marker,
                                       TesseraImage *dst, int erosion,
                                       int connectivity);

/* The kinds of test input, as a dilation case; for erosion the dual (both
 * images complemented). */
typedef enum
{
  TEST_RECONSTRUCT_NOISE,     /* independent noise: marker often above */
  TEST_RECONSTRUCT_PLATEAUS,  /* a few levels in blocks: ties everywhere */
  TEST_RECONSTRUCT_H_DOME,    /* marker = mask - h on plateaus */
  TEST_RECONSTRUCT_SMOOTH,    /* marker = mask - h on smooth noise */
  TEST_RECONSTRUCT_EQUAL,     /* marker = mask = one constant */
  TEST_RECONSTRUCT_ABOVE,     /* marker above the mask everywhere */
  TEST_RECONSTRUCT_SEEDS,     /* marker at the bottom but for a few seeds */
  TEST_RECONSTRUCT_KINDS
} TestReconstructKind;

/* Fills MASK and MARKER (host, one shape) with a case of KIND. */
void   test_reconstruct_fill (TestRandom *r, TestReconstructKind kind,
                              int erosion, TesseraImage *mask,
                              TesseraImage *marker);

#endif
