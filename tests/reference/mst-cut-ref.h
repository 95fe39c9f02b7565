/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious way to cut a spanning tree into classes
 * (core/mst-segment.h): try the edges longest first, and find each cut's two
 * sides by walking the tree that is left; O(n^2). */
#ifndef TESSERA_TEST_MST_CUT_REF_H
#define TESSERA_TEST_MST_CUT_REF_H

#include <stdbool.h>
#include "emst.h"

/* Marks Zahn's inconsistent edges: longer than (1 + 1/SENSITIVITY) times
 * the mean length of the edges within two steps of it, on each side that
 * has such edges (and at least one side has). */
void mst_inconsistent_ref (const TesseraEmstEdge *edges, size_t n_vertices,
                           double sensitivity, bool *inconsistent);

/* Cuts the edges allowed by CANDIDATE (NULL: all), longest first, while
 * fewer than MAX_CLASSES classes, unless a side would weigh less than
 * MIN_WEIGHT.  Writes the classes, numbered in order of their first vertex,
 * and returns their number. */
int  mst_cut_ref          (const TesseraEmstEdge *edges,
                           const uint32_t *weights, size_t n_vertices,
                           const bool *candidate, int max_classes,
                           double min_weight, uint32_t *vertex_class);

#endif
