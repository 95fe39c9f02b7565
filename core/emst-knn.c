/* Tessera — each point's nearest neighbours, found once before Boruvka's
 * first round.  Components only grow, so a point's nearest neighbour
 * outside its component is the first of its list still outside, for as
 * long as one is: the rounds after the first search the k-d tree only from
 * points whose list has run out, and then never nearer than its last
 * entry. */
#include <math.h>
#include <stdbool.h>
#include "emst-search.h"

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
static void
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

static void
scan_leaf (const SearchTree *tree, size_t leaf, size_t k, Neighbour *best,
           int *count)
{
  const double *p = tree->point[k];
  const size_t end = (leaf + 1) * EMST_LEAF_SIZE;

  for (size_t j = leaf * EMST_LEAF_SIZE; j < end && j < tree->n; j++)
    if (j != k)
      insert_neighbour (best, count,
                        emst_point_distance2 (p, tree->point[j]),
                        tree->orig[j], (uint32_t) j);
}

void
emst_knn_search (const SearchTree *tree, size_t k, uint32_t *list)
{
  EmstVisit stack[64];
  const double *p = tree->point[k];
  const size_t first = tree->first_leaf;
  Neighbour best[EMST_KNN];
  int count = 0, top = 0;

  stack[top++] = (EmstVisit) { 1, 0.0 };
  while (top > 0)
    {
      size_t node = stack[--top].node;
      double worst = count < EMST_KNN ? INFINITY : best[EMST_KNN - 1].d2;
      if (stack[top].d2 > worst)
        continue;
      if (node >= first)
        {
          scan_leaf (tree, node - first, k, best, &count);
          continue;
        }
      emst_push_children (stack, &top, node,
                          emst_box_distance2 (tree->box[2 * node], p),
                          emst_box_distance2 (tree->box[2 * node + 1], p),
                          worst);
    }
  for (int i = 0; i < EMST_KNN; i++)
    list[i] = i < count ? best[i].j : EMST_NONE;
}
