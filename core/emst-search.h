/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the EMST's k-d tree over the points, shared by the Boruvka
 * rounds (core/emst.c) and the first round's neighbour lists
 * (core/emst-knn.c).  Private to the core. */
#ifndef TESSERA_EMST_SEARCH_H
#define TESSERA_EMST_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#define EMST_NONE UINT32_MAX

/* Points per leaf of the search tree: small enough that a leaf's box is
 * tight, large enough that walking to it costs less than scanning it
 * (a leaf's distances are a few vector operations). */
#define EMST_LEAF_SIZE 16

/* A leaf's points coordinate by coordinate, so that the distances to all
 * of them are a few vector operations.  The inputs are floats, so this
 * copy is exact; slots past the last point hold NaN, which no distance
 * comparison passes. */
typedef struct
{
  float xyz[3][EMST_LEAF_SIZE];
} EmstLeaf;

/* A k-d tree, complete and stored as a heap: node i has children 2i and
 * 2i+1, leaves are FIRST_LEAF .. 2 * FIRST_LEAF - 1, leaf l holding sorted
 * points l*LEAF_SIZE onward (the last leaves may be empty). */
typedef struct
{
  size_t     n;
  size_t     first_leaf;
  double   (*point)[3];    /* sorted */
  uint32_t  *orig;         /* the input index of each sorted point */
  double   (*box)[6];      /* per node: min x y z, max x y z */
  EmstLeaf  *leaf;         /* per leaf: its points again, by coordinate */
  uint32_t  *node_comp;    /* per node: its points' component, or MIXED */
} SearchTree;

/* Squared distance from P to the nearest point of BOX, summed in the same
 * order as a point distance, so that it never exceeds the distance to any
 * point inside (rounding is monotonic). */
static inline double
emst_box_distance2 (const double *box, const double *p)
{
  double d2 = 0.0;
  for (int i = 0; i < 3; i++)
    {
      double t = 0.0;
      if (p[i] < box[i])
        t = box[i] - p[i];
      else if (p[i] > box[i + 3])
        t = p[i] - box[i + 3];
      d2 += t * t;
    }
  return d2;
}

static inline double
emst_point_distance2 (const double *p, const double *q)
{
  double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
  return (dx * dx + dy * dy) + dz * dz;
}

/* A node to visit and its box's squared distance. */
typedef struct
{
  size_t node;
  double d2;
} EmstVisit;

/* Pushes the children of NODE, whose boxes lie LEFT_D2 and RIGHT_D2 away,
 * onto STACK where no farther than LIMIT, the nearer on top. */
static inline void
emst_push_children (EmstVisit *stack, int *top, size_t node, double left_d2,
                    double right_d2, double limit)
{
  EmstVisit near = { 2 * node, left_d2 }, far = { 2 * node + 1, right_d2 };

  if (far.d2 < near.d2)
    {
      EmstVisit swap = near;
      near = far;
      far = swap;
    }
  if (far.d2 <= limit)
    stack[(*top)++] = far;
  if (near.d2 <= limit)
    stack[(*top)++] = near;
}

/* How many nearest neighbours each point keeps from the first round. */
#define EMST_KNN 8

/* The EMST_KNN nearest other points of sorted point K into LIST (sorted
 * indices), nearest first in the order (squared distance, input index);
 * EMST_NONE fills the rest where there are fewer. */
void emst_knn_search (const SearchTree *tree, size_t k, uint32_t *list);

#endif
