/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the exact Euclidean minimum spanning tree of points in 3-D.
 *
 * Boruvka's algorithm (each round, every component takes its shortest edge
 * to another component), with the shortest edges found by searching a
 * k-d tree over the points: subtrees lying
 * wholly inside the asking component are skipped, each component's best
 * edge so far bounds the search of its other points, and a point whose
 * nearest foreign neighbour of the last round is still foreign keeps it.
 * Each point's nearest neighbours, found once before the first round,
 * give its nearest foreign one for as long as one of them is foreign
 * (core/emst-knn.c), and the component of over half the points leaves
 * its edge to the others.
 *
 * Exactness: squared lengths are computed in double precision as
 * ((dx*dx + dy*dy) + dz*dz) from the float coordinates, with no fused
 * multiply-add, on the CPU and the GPU alike.  Edges are ordered by
 * (squared length, smaller index, larger index): a strict total order, so the
 * tree is unique and the CPU and GPU give the same one.  Duplicate points are
 * joined by edges of length 0. */
#ifndef TESSERA_EMST_H
#define TESSERA_EMST_H

#include <stddef.h>
#include <stdint.h>
#include "exec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Up to this many points (indices stay below UINT32_MAX - 1). */
#define TESSERA_EMST_MAX_POINTS ((size_t) 1 << 30)

typedef struct
{
  uint32_t a;          /* a < b: indices into the points */
  uint32_t b;
  double   distance2;  /* squared Euclidean length */
} TesseraEmstEdge;

/* The squared distance, computed exactly as the tree computes it. */
static inline double
tessera_emst_distance2 (const float *p, const float *q)
{
  double dx = (double) p[0] - (double) q[0];
  double dy = (double) p[1] - (double) q[1];
  double dz = (double) p[2] - (double) q[2];
  return (dx * dx + dy * dy) + dz * dz;
}

/* Negative, zero or positive as A comes before, equals or follows B in the
 * edge order. */
int           tessera_emst_edge_compare (const TesseraEmstEdge *a,
                                         const TesseraEmstEdge *b);

/* The EMST of N_POINTS points (x, y, z floats, all finite) into EDGES
 * (room for N_POINTS - 1), sorted by the edge order.  EXEC may be NULL;
 * progress is reported once per Boruvka round, and cancelling ends the
 * work at the next round. */
TesseraStatus tessera_emst              (const float *points, size_t n_points,
                                         TesseraEmstEdge *edges,
                                         TesseraExec *exec);

/* The same for 8-bit colours (R, G, B bytes) as points of the 256^3
 * lattice. */
TesseraStatus tessera_emst_colours      (const uint8_t *colours,
                                         size_t n_colours,
                                         TesseraEmstEdge *edges,
                                         TesseraExec *exec);

/* Sum of the Euclidean lengths. */
double        tessera_emst_total_length (const TesseraEmstEdge *edges,
                                         size_t n_edges);

/* Sorts EDGES by the edge order. */
void          tessera_emst_sort_edges   (TesseraEmstEdge *edges,
                                         size_t n_edges);

/* One tree's arguments, and the backends that make it, for callers that
 * time the GPU's part (the benchmark): with DEVICE_MS, the GPU writes its
 * device time there.  POINTS must already be checked (tessera_emst). */
typedef struct
{
  const float     *points;
  size_t           n_points;
  TesseraEmstEdge *edges;
  double          *device_ms;
} TesseraEmstRun;

TesseraExecOp tessera_emst_op           (TesseraEmstRun *run);

#ifdef __cplusplus
}
#endif

#endif
