/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "emst.h"
#include "emst-edges.h"
#include "emst-labels.h"
#include "emst-search.h"
#include "gpu-backend.h"
#include "union-find.h"

#define NONE EMST_NONE
#define LEAF_SIZE EMST_LEAF_SIZE

/* Loops over fewer items than this run on one thread: waking the others
 * costs more, the more so on a busy machine. */
#define PARALLEL_MIN 32768

/* Node labels: a component label, or one of emst-labels.h's marks. */
#define MIXED EMST_MIXED
#define EMPTY EMST_EMPTY

/* Boruvka's state, over sorted points.  Component labels are the sorted
 * index of one member (the union-find root). */
typedef struct
{
  uint32_t *comp;      /* per point: its component */
  uint32_t *parent;    /* union-find over labels */
  uint32_t *rank;
  uint32_t *nn;        /* per point: nearest foreign point, or NONE */
  double   *nn_d2;     /* its squared distance; with NONE, a lower bound on
                          the distance to any foreign point */
  double   *bound;     /* per label: the shortest edge found this round */
  uint32_t *best;      /* per label: the point whose edge that is */
  uint32_t *roots;     /* the current labels */
  size_t    n_comps;
  uint32_t *knn;       /* per point: EMST_KNN nearest others (emst-knn.c),
                          or NULL where there was no memory for them */
  uint8_t  *knn_next;  /* per point: its first entry not known to lie in
                          its component */
  uint32_t *size;      /* per label: its points */
  uint32_t  giant;     /* the label of more than half the points, or NONE */
} Boruvka;

/* ---- the search tree ---------------------------------------------------- */

/* A point with its input index, as the tree sorts them. */
typedef struct
{
  float    p[3];
  uint32_t orig;
} TreePoint;

static inline void
swap_points (TreePoint *a, TreePoint *b)
{
  TreePoint t = *a;
  *a = *b;
  *b = t;
}

/* Reorders POINTS[0 .. N-1] so that the first K have the K smallest
 * coordinates on AXIS (quickselect, median of three). */
static void
select_smallest (TreePoint *points, size_t n, size_t k, int axis)
{
  ptrdiff_t lo = 0, hi = (ptrdiff_t) n - 1, target = (ptrdiff_t) k;

  while (lo < hi)
    {
      ptrdiff_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
      float pivot;
      if (points[mid].p[axis] < points[lo].p[axis])
        swap_points (&points[mid], &points[lo]);
      if (points[hi].p[axis] < points[lo].p[axis])
        swap_points (&points[hi], &points[lo]);
      if (points[hi].p[axis] < points[mid].p[axis])
        swap_points (&points[hi], &points[mid]);
      pivot = points[mid].p[axis];
      while (i <= j)
        {
          while (points[i].p[axis] < pivot)
            i++;
          while (points[j].p[axis] > pivot)
            j--;
          if (i <= j)
            swap_points (&points[i++], &points[j--]);
        }
      /* Now [lo, j] <= pivot <= [i, hi], and what lies between equals it. */
      if (target <= j)
        hi = j;
      else if (target >= i)
        lo = i;
      else
        return;
    }
}

static int
widest_axis (const TreePoint *points, size_t n)
{
  float lo[3], hi[3];
  int axis = 0;

  for (int a = 0; a < 3; a++)
    lo[a] = hi[a] = points[0].p[a];
  for (size_t i = 1; i < n; i++)
    for (int a = 0; a < 3; a++)
      {
        /* Not fminf and fmaxf: the points are finite, and those are
         * calls in the baseline build. */
        float v = points[i].p[a];
        lo[a] = v < lo[a] ? v : lo[a];
        hi[a] = v > hi[a] ? v : hi[a];
      }
  for (int a = 1; a < 3; a++)
    if (hi[a] - lo[a] > hi[axis] - lo[axis])
      axis = a;
  return axis;
}

/* Arranges the points of NODE (LEAVES leaves from leaf FIRST_LEAF_OF_NODE)
 * as a k-d tree: each node split at its middle leaf across its widest
 * side. */
static void
arrange_node (TreePoint *points, size_t n, size_t first_leaf_of_node,
              size_t leaves)
{
  size_t start = first_leaf_of_node * LEAF_SIZE;
  size_t end = (first_leaf_of_node + leaves) * LEAF_SIZE;
  size_t split = (first_leaf_of_node + leaves / 2) * LEAF_SIZE;

  if (end > n)
    end = n;
  if (leaves < 2 || start >= end)
    return;
  if (split < end)
    select_smallest (points + start, end - start, split - start,
                     widest_axis (points + start, end - start));
  #pragma omp task if (end - start > 16384)
  arrange_node (points, n, first_leaf_of_node, leaves / 2);
  arrange_node (points, n, first_leaf_of_node + leaves / 2, leaves / 2);
  #pragma omp taskwait
}

static void
box_union (double *box, const double *a, const double *b)
{
  for (int i = 0; i < 3; i++)
    {
      box[i] = fmin (a[i], b[i]);
      box[i + 3] = fmax (a[i + 3], b[i + 3]);
    }
}

static void
build_boxes (SearchTree *tree, int threads)
{
  const size_t first = tree->first_leaf;

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (first >= PARALLEL_MIN)
  for (size_t leaf = 0; leaf < first; leaf++)
    {
      double *box = tree->box[first + leaf];
      for (int i = 0; i < 3; i++)
        {
          box[i] = INFINITY;
          box[i + 3] = -INFINITY;
        }
      for (size_t k = leaf * LEAF_SIZE;
           k < (leaf + 1) * LEAF_SIZE && k < tree->n; k++)
        for (int i = 0; i < 3; i++)
          {
            box[i] = fmin (box[i], tree->point[k][i]);
            box[i + 3] = fmax (box[i + 3], tree->point[k][i]);
          }
    }
  for (size_t level = first / 2; level >= 1; level /= 2)
    {
      #pragma omp parallel for schedule (static) num_threads (threads) \
        if (level >= PARALLEL_MIN / LEAF_SIZE)
      for (size_t node = level; node < 2 * level; node++)
        box_union (tree->box[node], tree->box[2 * node],
                   tree->box[2 * node + 1]);
    }
}

static void
fill_leaves (SearchTree *tree, int threads)
{
  const size_t first = tree->first_leaf;

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (first >= PARALLEL_MIN / LEAF_SIZE)
  for (size_t leaf = 0; leaf < first; leaf++)
    for (size_t j = 0; j < LEAF_SIZE; j++)
      {
        size_t k = leaf * LEAF_SIZE + j;
        for (int a = 0; a < 3; a++)
          tree->leaf[leaf].xyz[a][j] = k < tree->n
                                       ? (float) tree->point[k][a] : NAN;
      }
}

static void
search_tree_free (SearchTree *tree)
{
  free (tree->point);
  free (tree->orig);
  free (tree->box);
  free (tree->leaf);
  free (tree->node_comp);
}

static TesseraStatus
search_tree_build (SearchTree *tree, const float *points, size_t n,
                   int threads)
{
  size_t n_leaves = (n + LEAF_SIZE - 1) / LEAF_SIZE;
  TreePoint *arranged = malloc (sizeof *arranged * n + 1);

  memset (tree, 0, sizeof *tree);
  tree->n = n;
  tree->first_leaf = 1;
  while (tree->first_leaf < n_leaves)
    tree->first_leaf *= 2;
  tree->point = malloc (sizeof *tree->point * n + 1);
  tree->orig = malloc (sizeof (uint32_t) * n + 1);
  tree->box = malloc (sizeof *tree->box * 2 * tree->first_leaf);
  tree->leaf = malloc (sizeof *tree->leaf * tree->first_leaf);
  tree->node_comp = malloc (sizeof (uint32_t) * 2 * tree->first_leaf);
  if (arranged == NULL || tree->point == NULL || tree->orig == NULL
      || tree->box == NULL || tree->leaf == NULL || tree->node_comp == NULL)
    {
      free (arranged);
      search_tree_free (tree);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (n >= PARALLEL_MIN)
  for (size_t i = 0; i < n; i++)
    {
      for (int a = 0; a < 3; a++)
        arranged[i].p[a] = points[3 * i + a];
      arranged[i].orig = (uint32_t) i;
    }
  #pragma omp parallel num_threads (threads) if (n >= PARALLEL_MIN)
  #pragma omp single
  arrange_node (arranged, n, 0, tree->first_leaf);

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (n >= PARALLEL_MIN)
  for (size_t k = 0; k < n; k++)
    {
      for (int a = 0; a < 3; a++)
        tree->point[k][a] = arranged[k].p[a];
      tree->orig[k] = arranged[k].orig;
    }
  free (arranged);
  fill_leaves (tree, threads);
  build_boxes (tree, threads);
  return TESSERA_OK;
}

/* Marks the nodes whose points all lie in one component. */
static void
label_nodes (SearchTree *tree, const uint32_t *comp, int threads)
{
  const size_t first = tree->first_leaf;

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (first >= PARALLEL_MIN)
  for (size_t leaf = 0; leaf < first; leaf++)
    {
      uint32_t label = EMPTY;
      for (size_t k = leaf * LEAF_SIZE;
           k < (leaf + 1) * LEAF_SIZE && k < tree->n; k++)
        label = emst_merge_labels (label, comp[k]);
      tree->node_comp[first + leaf] = label;
    }
  for (size_t level = first / 2; level >= 1; level /= 2)
    {
      #pragma omp parallel for schedule (static) num_threads (threads) \
        if (level >= PARALLEL_MIN / LEAF_SIZE)
      for (size_t node = level; node < 2 * level; node++)
        tree->node_comp[node]
          = emst_merge_labels (tree->node_comp[2 * node],
                               tree->node_comp[2 * node + 1]);
    }
}

typedef struct
{
  double   d2;
  uint32_t j;      /* sorted index, or NONE */
} Nearest;

/* The nearest point to sorted point K outside component C, in the order
 * (squared distance, input index), if it is no farther than BEST->d2 (ties
 * at BEST->d2 are taken while BEST->j is NONE) nor than *SHARED, the
 * component's best so far, which other threads may lower meanwhile: then
 * this point's edge cannot be the component's, and BEST->j is NONE. */
static void
nearest_foreign (const SearchTree *tree, const uint32_t *comp, size_t k,
                 uint32_t c, const double *shared, Nearest *best)
{
  EmstVisit stack[64];
  const double *p = tree->point[k];
  const size_t first = tree->first_leaf;
  uint32_t best_orig = best->j == NONE ? NONE : tree->orig[best->j];
  int top = 0;

  if (tree->node_comp[1] == c)
    return;
  stack[top++] = (EmstVisit) { 1, emst_box_distance2 (tree->box[1], p) };
  while (top > 0)
    {
      size_t node = stack[--top].node;
      if (stack[top].d2 > best->d2)
        continue;
      if (node >= first)
        {
          size_t end = (node - first + 1) * LEAF_SIZE;
          double component_best;
          __atomic_load (shared, &component_best, __ATOMIC_RELAXED);
          if (component_best < best->d2)
            {
              best->d2 = component_best;
              best->j = NONE;
              best_orig = NONE;
            }
          for (size_t j = (node - first) * LEAF_SIZE; j < end && j < tree->n;
               j++)
            {
              double d2;
              if (comp[j] == c)
                continue;
              d2 = emst_point_distance2 (p, tree->point[j]);
              if (d2 < best->d2 || (d2 == best->d2 && tree->orig[j] < best_orig))
                {
                  best->d2 = d2;
                  best->j = (uint32_t) j;
                  best_orig = tree->orig[j];
                }
            }
          continue;
        }
      /* Subtrees wholly inside the component have nothing to offer. */
      size_t left = 2 * node, right = 2 * node + 1;
      emst_push_children (stack, &top, node,
                          tree->node_comp[left] == c
                          ? INFINITY : emst_box_distance2 (tree->box[left], p),
                          tree->node_comp[right] == c
                          ? INFINITY : emst_box_distance2 (tree->box[right], p),
                          best->d2);
    }
}

/* ---- Boruvka's rounds --------------------------------------------------- */

static inline void
atomic_min_double (double *target, double value)
{
  double seen;
  __atomic_load (target, &seen, __ATOMIC_RELAXED);
  while (value < seen
         && !__atomic_compare_exchange (target, &seen, &value, true,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

static void
boruvka_free (Boruvka *b)
{
  free (b->comp);
  free (b->parent);
  free (b->rank);
  free (b->nn);
  free (b->nn_d2);
  free (b->bound);
  free (b->best);
  free (b->roots);
  free (b->knn);
  free (b->knn_next);
  free (b->size);
}

static TesseraStatus
boruvka_init (Boruvka *b, size_t n, int threads)
{
  memset (b, 0, sizeof *b);
  b->comp = malloc (sizeof (uint32_t) * n);
  b->parent = malloc (sizeof (uint32_t) * n);
  b->rank = malloc (sizeof (uint32_t) * n);
  b->nn = malloc (sizeof (uint32_t) * n);
  b->nn_d2 = malloc (sizeof (double) * n);
  b->bound = malloc (sizeof (double) * n);
  b->best = malloc (sizeof (uint32_t) * n);
  b->roots = malloc (sizeof (uint32_t) * n);
  b->size = malloc (sizeof (uint32_t) * n);
  b->giant = NONE;
  if (b->size == NULL || b->comp == NULL || b->parent == NULL || b->rank == NULL
      || b->nn == NULL || b->nn_d2 == NULL || b->bound == NULL
      || b->best == NULL || b->roots == NULL)
    {
      boruvka_free (b);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  /* Each thread first touches the pages it will work on. */
  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (n >= PARALLEL_MIN)
  for (size_t k = 0; k < n; k++)
    {
      b->comp[k] = b->parent[k] = b->roots[k] = (uint32_t) k;
      b->rank[k] = 0;
      b->nn[k] = NONE;
      b->nn_d2[k] = 0.0;
      b->size[k] = 1;
    }
  b->n_comps = n;
  /* Without the lists every round searches, as before: slower, not
   * wrong. */
  b->knn = malloc (sizeof (uint32_t) * EMST_KNN * n);
  b->knn_next = calloc (n, 1);
  if (b->knn == NULL || b->knn_next == NULL)
    {
      free (b->knn);
      free (b->knn_next);
      b->knn = NULL;
      b->knn_next = NULL;
    }
  return TESSERA_OK;
}

/* Every point's list of nearest neighbours, before the first round. */
static void
find_neighbour_lists (Boruvka *b, const SearchTree *tree, int threads)
{
  #pragma omp parallel for schedule (dynamic, 256) num_threads (threads) \
    if (tree->n >= PARALLEL_MIN / 16)
  for (size_t k = 0; k < tree->n; k++)
    emst_knn_search (tree, k, b->knn + EMST_KNN * k);
}

/* The first entry of point K's list outside its component (the entries
 * passed over stay inside for good), as its nearest foreign point; once
 * the list has run out, its last entry's distance is a lower bound on any
 * foreign point's. */
static void
take_from_list (Boruvka *b, const SearchTree *tree, size_t k)
{
  const uint32_t *list = b->knn + EMST_KNN * k;
  const uint32_t c = b->comp[k];
  unsigned i = b->knn_next[k];

  while (i < EMST_KNN && list[i] != NONE && b->comp[list[i]] == c)
    i++;
  b->knn_next[k] = (uint8_t) i;
  if (i < EMST_KNN && list[i] != NONE)
    {
      b->nn[k] = list[i];
      b->nn_d2[k] = emst_point_distance2 (tree->point[k],
                                          tree->point[list[i]]);
    }
  else if (i > 0)
    b->nn_d2[k] = fmax (b->nn_d2[k],
                        emst_point_distance2 (tree->point[k],
                                              tree->point[list[i - 1]]));
}

/* Keeps each point's nearest foreign neighbour where it is still foreign
 * (the foreign points only ever shrink, so it is still the nearest), else
 * takes the next from its list, and starts each component's bound from
 * those. */
static void
reuse_neighbours (Boruvka *b, const SearchTree *tree, int threads)
{
  const size_t n = tree->n;

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (b->n_comps >= PARALLEL_MIN)
  for (size_t i = 0; i < b->n_comps; i++)
    b->bound[b->roots[i]] = DBL_MAX;

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (n >= PARALLEL_MIN)
  for (size_t k = 0; k < n; k++)
    {
      /* The giant stays one (it only grows) and never searches again, so
       * its points' neighbours are never asked for. */
      if (b->comp[k] == b->giant)
        continue;
      if (b->nn[k] != NONE && b->comp[b->nn[k]] == b->comp[k])
        b->nn[k] = NONE;         /* NN_D2 stays, as a lower bound */
      if (b->nn[k] == NONE && b->knn != NULL)
        take_from_list (b, tree, k);
      if (b->nn[k] != NONE)
        atomic_min_double (&b->bound[b->comp[k]], b->nn_d2[k]);
    }
}

/* Finds the nearest foreign point of every point that could still give its
 * component's shortest edge. */
static void
search_neighbours (Boruvka *b, const SearchTree *tree, int threads)
{
  /* A search costs far more than a loop step: worth threads sooner. */
  #pragma omp parallel for schedule (dynamic, 256) num_threads (threads) \
    if (tree->n >= PARALLEL_MIN / 16)
  for (size_t k = 0; k < tree->n; k++)
    {
      uint32_t c = b->comp[k];
      Nearest found;
      if (b->nn[k] != NONE || c == b->giant)
        continue;
      __atomic_load (&b->bound[c], &found.d2, __ATOMIC_RELAXED);
      if (b->nn_d2[k] > found.d2)
        continue;
      found.j = NONE;
      nearest_foreign (tree, b->comp, k, c, &b->bound[c], &found);
      if (found.j != NONE)
        {
          b->nn[k] = found.j;
          b->nn_d2[k] = found.d2;
          atomic_min_double (&b->bound[c], found.d2);
        }
      else
        b->nn_d2[k] = found.d2;
    }
}

/* Whether point K's edge comes before point L's (both with neighbours). */
static bool
edge_before (const Boruvka *b, const SearchTree *tree, uint32_t k, uint32_t l)
{
  TesseraEmstEdge ek, el;
  uint32_t ok = tree->orig[k], nk = tree->orig[b->nn[k]];
  uint32_t ol = tree->orig[l], nl = tree->orig[b->nn[l]];
  ek.distance2 = b->nn_d2[k];
  ek.a = ok < nk ? ok : nk;
  ek.b = ok < nk ? nk : ok;
  el.distance2 = b->nn_d2[l];
  el.a = ol < nl ? ol : nl;
  el.b = ol < nl ? nl : ol;
  return tessera_emst_edge_compare (&ek, &el) < 0;
}

static void
append_edge (const Boruvka *b, const SearchTree *tree, uint32_t k,
             TesseraEmstEdge *edge)
{
  uint32_t ok = tree->orig[k], nk = tree->orig[b->nn[k]];
  edge->a = ok < nk ? ok : nk;
  edge->b = ok < nk ? nk : ok;
  edge->distance2 = b->nn_d2[k];
}

/* The component of more than half the points, if there is one, skips the
 * next round's search: its shortest edge is an edge of the tree as much as
 * any other component's, but any component's will do for a round, and the
 * others reach it through theirs.  Its points, the most and the farthest
 * from anything foreign, would cost the most to search. */
static void
choose_giant (Boruvka *b, size_t n)
{
  b->giant = NONE;
  for (size_t i = 0; i < b->n_comps && b->n_comps > 1; i++)
    if (b->size[b->roots[i]] > n / 2)
      b->giant = b->roots[i];
}

/* Makes K its component's best point if its edge comes first.  The edge
 * order is total, so the threads' order does not matter. */
static void
offer_best (Boruvka *b, const SearchTree *tree, uint32_t c, uint32_t k)
{
  uint32_t seen = __atomic_load_n (&b->best[c], __ATOMIC_RELAXED);

  while ((seen == NONE || edge_before (b, tree, k, seen))
         && !__atomic_compare_exchange_n (&b->best[c], &seen, k, true,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

/* Each component's point whose edge is its shortest (the bound holds its
 * length; ties in length are settled by the edge order). */
static void
choose_best (Boruvka *b, const SearchTree *tree, int threads)
{
  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (b->n_comps >= PARALLEL_MIN)
  for (size_t i = 0; i < b->n_comps; i++)
    b->best[b->roots[i]] = NONE;
  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (tree->n >= PARALLEL_MIN)
  for (size_t k = 0; k < tree->n; k++)
    {
      uint32_t c = b->comp[k];
      if (b->nn[k] != NONE && c != b->giant && b->nn_d2[k] == b->bound[c])
        offer_best (b, tree, c, (uint32_t) k);
    }
}

/* Takes every component's shortest edge (the bound holds its length; ties in
 * length are settled by the edge order) and joins the components. */
static size_t
join_components (Boruvka *b, const SearchTree *tree, TesseraEmstEdge *edges,
                 int threads)
{
  size_t n_edges = 0, n_roots = 0;

  choose_best (b, tree, threads);

  for (size_t i = 0; i < b->n_comps; i++)
    {
      uint32_t c = b->roots[i], k = b->best[c];
      if (c == b->giant)
        continue;
      uint32_t d = b->comp[b->nn[k]], l = b->best[d];
      /* Two components that chose the same edge add it once. */
      bool same_edge = l != NONE && b->nn[l] == k && b->nn[k] == l;
      if (!(same_edge && d < c))
        append_edge (b, tree, k, &edges[n_edges++]);
      uint32_t rc = find_root (b->parent, c), rd = find_root (b->parent, d);
      if (rc == rd)
        continue;
      if (b->rank[rc] < b->rank[rd])
        b->parent[rc] = rd;
      else
        {
          b->parent[rd] = rc;
          b->rank[rc] += b->rank[rc] == b->rank[rd];
        }
    }

  for (size_t i = 0; i < b->n_comps; i++)
    {
      uint32_t c = b->roots[i];
      b->parent[c] = find_root (b->parent, c);
      if (b->parent[c] == c)
        b->roots[n_roots++] = c;
      else
        b->size[b->parent[c]] += b->size[c];
    }
  b->n_comps = n_roots;
  choose_giant (b, tree->n);

  #pragma omp parallel for schedule (static) num_threads (threads) \
    if (tree->n >= PARALLEL_MIN)
  for (size_t k = 0; k < tree->n; k++)
    b->comp[k] = b->parent[b->comp[k]];
  return n_edges;
}

static TesseraStatus
emst_cpu (const float *points, size_t n, TesseraEmstEdge *edges,
          TesseraExec *exec)
{
  const int threads = tessera_exec_threads (exec);
  TesseraStatus status;
  SearchTree tree;
  Boruvka b;
  size_t n_edges = 0;

  status = search_tree_build (&tree, points, n, threads);
  if (status != TESSERA_OK)
    return status;
  status = boruvka_init (&b, n, threads);
  if (status != TESSERA_OK)
    {
      search_tree_free (&tree);
      return status;
    }

  if (b.knn != NULL)
    find_neighbour_lists (&b, &tree, threads);
  while (b.n_comps > 1)
    {
      label_nodes (&tree, b.comp, threads);
      reuse_neighbours (&b, &tree, threads);
      search_neighbours (&b, &tree, threads);
      n_edges += join_components (&b, &tree, edges + n_edges, threads);
      if (!tessera_exec_progress (exec, 1.0 - log ((double) b.n_comps)
                                              / log ((double) n)))
        {
          status = TESSERA_ERROR_CANCELLED;
          break;
        }
    }
  boruvka_free (&b);
  search_tree_free (&tree);
  if (status == TESSERA_OK)
    emst_sort_edges (edges, n_edges, threads);
  return status;
}

static TesseraStatus
check_points (const float *points, size_t n_points)
{
  if (n_points > TESSERA_EMST_MAX_POINTS)
    return TESSERA_ERROR_TOO_LARGE;
  if (n_points > 0 && points == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < 3 * n_points; i++)
    if (!isfinite (points[i]))
      return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

static TesseraStatus
emst_on_cpu (void *data, TesseraExec *exec)
{
  const TesseraEmstRun *run = data;
  return emst_cpu (run->points, run->n_points, run->edges, exec);
}

/* The GPU takes milliseconds: tessera_exec_run's one report at the end
 * stands for its progress. */
static TesseraStatus
emst_on_gpu (void *data, TesseraExec *exec)
{
  const TesseraEmstRun *run = data;
  return tessera_cuda_emst (run->points, run->n_points, run->edges,
                            run->device_ms);
}

/* Each backend's time per point, from the trees of 100000 and 1000000
 * random colours: the CPU's on one thread, the GPU's beyond its fixed
 * cost of Boruvka's rounds (bench/RESULTS.md, Colour segmentation). */
#define CPU_NS_PER_POINT 3000.0
#define GPU_NS_PER_POINT 12.0
#define GPU_NS_PER_CALL 2.6e6

TesseraExecOp
tessera_emst_op (TesseraEmstRun *run)
{
  TesseraExecOp op = {
    .cpu = emst_on_cpu, .gpu = TESSERA_GPU (emst_on_gpu), .args = run,
    .cost = { .items = (double) run->n_points, .cpu_ns = CPU_NS_PER_POINT,
              .gpu_ns = GPU_NS_PER_POINT, .gpu_call_ns = GPU_NS_PER_CALL,
              .transfer_bytes = 24.0 * run->n_points }
  };
  return op;
}

TesseraStatus
tessera_emst (const float *points, size_t n_points, TesseraEmstEdge *edges,
              TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = check_points (points, n_points);

  if (status != TESSERA_OK)
    return status;
  if (exec == NULL)
    exec = &defaults;
  exec->backend_used = TESSERA_BACKEND_CPU;
  if (n_points < 2)
    return TESSERA_OK;
  TesseraEmstRun run = { points, n_points, edges, NULL };
  TesseraExecOp op = tessera_emst_op (&run);
  return tessera_exec_run (exec, &op);
}

TesseraStatus
tessera_emst_colours (const uint8_t *colours, size_t n_colours,
                      TesseraEmstEdge *edges, TesseraExec *exec)
{
  float *points;
  TesseraStatus status;

  if (n_colours > TESSERA_EMST_MAX_POINTS)
    return TESSERA_ERROR_TOO_LARGE;
  points = malloc (sizeof (float) * 3 * n_colours + 1);
  if (points == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (size_t i = 0; i < 3 * n_colours; i++)
    points[i] = colours[i];
  status = tessera_emst (points, n_colours, edges, exec);
  free (points);
  return status;
}
