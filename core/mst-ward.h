/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — cutting a spanning tree of colours where the cut most reduces
 * the pixel-weighted within-class squared error (Ward's criterion, top
 * down, along the tree).
 *
 * The classes are always connected parts of the tree.  Each step splits
 * the class, at the edge, whose split gives the largest drop of
 *   sum over classes of sum over its colours of pixels * |colour - mean|^2,
 * which for a class of W pixels and colour sum S split into (W1, S1) and
 * (W2, S2) is |S1 W2 - S2 W1|^2 / (W1 W2 (W1 + W2)).  Subtree sums make
 * every candidate edge O(1).  Coordinates are fixed point and the sums
 * integers, so the result depends on nothing but the input (threads,
 * backend, order of edges). */
#ifndef TESSERA_MST_WARD_H
#define TESSERA_MST_WARD_H

#include <stddef.h>
#include <stdint.h>
#include "emst.h"
#include "status.h"

/* Coordinates are in 1/TESSERA_MST_FIXED_SCALE units of the colour space. */
#define TESSERA_MST_FIXED_SCALE 256

/* Pixels and pixel-weighted fixed-point coordinate sums of a set of
 * colours: exact integers. */
typedef struct
{
  int64_t w;
  int64_t s[3];
} TesseraMstMoments;

/* Pixels, and the pixel-weighted sums of the coordinates and of their
 * squares, of a set of colours: exact integers, so the error they give is
 * the same whichever order, thread or device summed them.  A square sum is
 * HIGH * 2^32 + LOW, each part summed on its own, so that no sum overflows
 * below 2^30 colours. */
typedef struct
{
  int64_t  w;
  int64_t  s[3];
  uint64_t q_high[3];
  uint64_t q_low[3];
} TesseraMstSpread;

/* Adds a colour of W pixels at P to SPREAD. */
static inline void
tessera_mst_spread_add (TesseraMstSpread *spread, uint32_t w,
                        const int32_t *p)
{
  spread->w += w;
  for (int ch = 0; ch < 3; ch++)
    {
      uint64_t q = (uint64_t) w * (uint64_t) ((int64_t) p[ch] * p[ch]);
      spread->s[ch] += (int64_t) w * p[ch];
      spread->q_high[ch] += q >> 32;
      spread->q_low[ch] += q & 0xffffffffu;
    }
}

/* The pixel-weighted squared error of the set about its mean, in squared
 * fixed-point units: sum of W Q - S^2 over the channels, exact, divided by
 * W once. */
double tessera_mst_spread_error (const TesseraMstSpread *spread);

/* Ward's cost: how much the pixel-weighted squared error (in squared
 * fixed-point units) rises when the sets A and B (both of pixels) become
 * one, |S_A W_B - S_B W_A|^2 / (W_A W_B (W_A + W_B)). */
static inline double
tessera_mst_ward_cost (const TesseraMstMoments *a, const TesseraMstMoments *b)
{
  double d2 = 0.0;

  for (int ch = 0; ch < 3; ch++)
    {
      double d = (double) a->s[ch] * (double) b->w
                 - (double) b->s[ch] * (double) a->w;
      d2 += d * d;
    }
  return d2 / ((double) a->w * (double) b->w * (double) (a->w + b->w));
}

/* The fixed-point coordinate nearest to V. */
static inline int32_t
tessera_mst_fixed (float v)
{
  return (int32_t) (v * TESSERA_MST_FIXED_SCALE
                    + (v >= 0.0f ? 0.5f : -0.5f));
}

/* Splits the tree of the N - 1 EDGES (any order) over N vertices of
 * WEIGHTS (pixels) at POINTS (fixed point) into at most MAX_CLASSES
 * classes, skipping splits that would leave a side lighter than
 * MIN_WEIGHT.  Writes each vertex's class (numbered in the order the
 * classes were made: 0 for the first) and their number.  SSE, when not
 * NULL, gets MAX_CLASSES values: SSE[k - 1] the error with k classes, in
 * squared colour-space units (after the last possible split, the values
 * repeat). */
TesseraStatus tessera_mst_ward_cut (const TesseraEmstEdge *edges,
                                    const uint32_t *weights,
                                    const int32_t (*points)[3], size_t n,
                                    int max_classes, double min_weight,
                                    uint32_t *vertex_class, int *n_classes,
                                    double *sse);

/* The number of classes where the error curve SSE[0 .. N - 1] (falling)
 * stops falling fast: the knee ("Kneedle") of SSE^(1/(2 SENSITIVITY)),
 * the point farthest below the chord from its first to its last value.
 * SENSITIVITY > 0; 1 looks at the root-mean-square error, higher gives
 * more classes. */
int           tessera_mst_elbow    (const double *sse, int n,
                                    double sensitivity);

#endif
