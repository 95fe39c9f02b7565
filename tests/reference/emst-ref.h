/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious Euclidean minimum spanning tree: Prim's
 * algorithm over the complete graph, O(n^2), with the same edge order as
 * core/emst.h, so that it gives the very same (unique) tree. */
#ifndef TESSERA_TEST_EMST_REF_H
#define TESSERA_TEST_EMST_REF_H

#include "emst.h"
#include "random.h"

/* Fills EDGES (room for N - 1) with the tree, sorted by the edge order;
 * returns how many were written (N - 1, or 0 for fewer than 2 points). */
size_t emst_ref_prim (const float *points, size_t n, TesseraEmstEdge *edges);

/* Kinds of random point sets that the tests and the GPU parity share. */
typedef enum
{
  EMST_CLOUD_UNIFORM,      /* floats in a cube */
  EMST_CLOUD_LATTICE,      /* small integers: duplicates and ties */
  EMST_CLOUD_LINE,         /* collinear, evenly spaced (all ties) or not */
  EMST_CLOUD_PLANE,        /* co-planar lattice: ties in two dimensions */
  EMST_CLOUD_CLUSTERS,     /* tight clusters far apart, far from 0 */
  EMST_CLOUD_COUNT
} EmstCloud;

extern const char *const emst_cloud_names[EMST_CLOUD_COUNT];

/* N points (x, y, z) of KIND; free with free (). */
float *emst_ref_random_cloud   (TestRandom *r, EmstCloud kind, size_t n);

/* N distinct random 8-bit colours (R, G, B bytes; N <= 2^24). */
void   emst_ref_random_colours (TestRandom *r, size_t n, uint8_t *colours);

#endif
