/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — each point's nearest neighbours, found once before Boruvka's
 * first round.  Components only grow, so a point's nearest neighbour
 * outside its component is the first of its list still outside, for as
 * long as one is: the rounds after the first search the k-d tree only from
 * points whose list has run out, and then never nearer than its last
 * entry. */
#include <math.h>
#include <stdbool.h>
#include "emst-search.h"
#include "simd.h"

typedef struct
{
  double   d2;
  uint32_t orig;
  uint32_t j;
} Neighbour;

static inline bool
neighbour_before (double d2, uint32_t orig, const Neighbour *n)
{
  return d2 < n->d2 || (d2 == n->d2 && orig < n->orig);
}

/* Inserts (D2, ORIG, J) into the sorted BEST[0 .. *COUNT - 1], keeping at
 * most EMST_KNN. */
static inline __attribute__ ((always_inline)) void
insert_neighbour (Neighbour *best, int *count, double d2, uint32_t orig,
                  uint32_t j)
{
  int at = *count < EMST_KNN ? *count : EMST_KNN - 1;

  if (*count == EMST_KNN && !neighbour_before (d2, orig, &best[at]))
    return;
  for (; at > 0 && neighbour_before (d2, orig, &best[at - 1]); at--)
    best[at] = best[at - 1];
  best[at] = (Neighbour) { d2, orig, j };
  if (*count < EMST_KNN)
    (*count)++;
}

/* The distances first, all at once (the loop vectorises); then the few
 * that can enter the list, one by one.  The sums are emst_point_distance2's
 * in the same order, so the list is the same. */
static inline __attribute__ ((always_inline)) void
scan_leaf (const SearchTree *tree, size_t leaf, size_t k, Neighbour *best,
           int *count)
{
  const double *p = tree->point[k];
  const EmstLeaf *l = &tree->leaf[leaf];
  double d2[EMST_LEAF_SIZE];

  for (int j = 0; j < EMST_LEAF_SIZE; j++)
    {
      double dx = p[0] - (double) l->xyz[0][j];
      double dy = p[1] - (double) l->xyz[1][j];
      double dz = p[2] - (double) l->xyz[2][j];
      d2[j] = (dx * dx + dy * dy) + dz * dz;
    }
  for (int j = 0; j < EMST_LEAF_SIZE; j++)
    {
      size_t at = leaf * EMST_LEAF_SIZE + (size_t) j;
      double worst = *count < EMST_KNN ? INFINITY : best[EMST_KNN - 1].d2;
      /* NaN, past the last point, fails this too. */
      if (d2[j] <= worst && at != k)
        insert_neighbour (best, count, d2[j], tree->orig[at], (uint32_t) at);
    }
}

/* The list's current bound: a point must come no farther to enter. */
static inline __attribute__ ((always_inline)) double
worst_d2 (const Neighbour *best, int count)
{
  return count < EMST_KNN ? INFINITY : best[EMST_KNN - 1].d2;
}

/* Adds the points of the subtree at NODE that can enter the list, nearest
 * boxes first. */
static inline __attribute__ ((always_inline)) void
search_subtree (const SearchTree *tree, size_t root, size_t k,
                Neighbour *best, int *count)
{
  EmstVisit stack[64];
  const double *p = tree->point[k];
  const size_t first = tree->first_leaf;
  int top = 0;

  stack[top++] = (EmstVisit) { root, emst_box_distance2 (tree->box[root], p) };
  while (top > 0)
    {
      size_t node = stack[--top].node;
      double worst = worst_d2 (best, *count);
      if (stack[top].d2 > worst)
        continue;
      if (node >= first)
        {
          scan_leaf (tree, node - first, k, best, count);
          continue;
        }
      emst_push_children (stack, &top, node,
                          emst_box_distance2 (tree->box[2 * node], p),
                          emst_box_distance2 (tree->box[2 * node + 1], p),
                          worst);
    }
}

/* A lower bound on the squared distance from P, inside BOX, to any point
 * outside it: its distance to the nearest face, rounded as a point
 * distance's first term is (rounding is monotonic, so a point beyond that
 * face never computes nearer). */
static inline __attribute__ ((always_inline)) double
inner_distance2 (const double *box, const double *p)
{
  double t = INFINITY;
  for (int i = 0; i < 3; i++)
    {
      double below = p[i] - box[i], above = box[i + 3] - p[i];
      t = below < t ? below : t;
      t = above < t ? above : t;
    }
  return t * t;
}

/* Bottom-up: the point's own leaf first, which gives the list a tight
 * bound at once, then each ancestor's other child, until the list's
 * bound lies inside the ancestor's box (every point outside it is
 * farther).  Descending from the root costs a box test a level before any
 * point is seen. */
static inline __attribute__ ((always_inline)) void
emst_knn_search_body (const SearchTree *tree, size_t k, uint32_t *list)
{
  const double *p = tree->point[k];
  const size_t first = tree->first_leaf;
  Neighbour best[EMST_KNN];
  int count = 0;
  size_t node = first + k / EMST_LEAF_SIZE;

  scan_leaf (tree, node - first, k, best, &count);
  for (; node > 1; node /= 2)
    {
      if (worst_d2 (best, count) < inner_distance2 (tree->box[node], p))
        break;
      search_subtree (tree, node ^ 1, k, best, &count);
    }
  for (int i = 0; i < EMST_KNN; i++)
    list[i] = i < count ? best[i].j : EMST_NONE;
}

TESSERA_SIMD_DISPATCH (, emst_knn_search,
                       (const SearchTree *tree, size_t k, uint32_t *list),
                       (tree, k, list))
