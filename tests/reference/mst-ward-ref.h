/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious ways to do core/mst-ward.h and
 * core/colour-lloyd.h: each split tries every edge of the tree that is
 * left, finding both sides by walking it (O(n^2) per split); Lloyd
 * iterations one colour after the other. */
#ifndef TESSERA_TEST_MST_WARD_REF_H
#define TESSERA_TEST_MST_WARD_REF_H

#include <stdint.h>
#include "emst.h"

/* Greedy splits of the tree by the largest drop of the pixel-weighted
 * squared error, while fewer than MAX_CLASSES and some split leaves both
 * sides at least MIN_WEIGHT.  Writes the classes, numbered in order of
 * their first vertex, and the errors with 1, 2, ... classes (in squared
 * units of POINTS) to SSE (MAX_CLASSES values; repeated after the last
 * split); returns the number of classes. */
int  mst_ward_ref  (const TesseraEmstEdge *edges, const uint32_t *weights,
                    const int32_t (*points)[3], size_t n, int max_classes,
                    double min_weight, uint32_t *vertex_class, double *sse);

/* Lloyd iterations as core/colour-lloyd.h describes them. */
void lloyd_ref     (const int32_t (*points)[3], const uint32_t *weights,
                    size_t n, int k, int max_iterations, uint32_t *label);

/* Renumbers LABEL in order of first appearance; returns the count. */
int  relabel_first (uint32_t *label, size_t n);

#endif
