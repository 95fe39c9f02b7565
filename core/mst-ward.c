/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "mst-tree.h"
#include "mst-ward.h"

typedef TesseraMstMoments Moments;

typedef struct
{
  uint32_t head;      /* the class's top vertex, as a preorder position */
  Moments  total;
  uint32_t best;      /* the position whose parent edge splits best, or
                         NONE */
  double   gain;      /* and the drop of the error that split gives */
} WardClass;

/* Everything per vertex is kept in preorder, so that the scans of a class
 * (a range of positions) read memory in order: in vertex order they jump
 * about the tree, and cost several times as much. */
typedef struct
{
  size_t      n;
  uint32_t   *parent;    /* per position: its parent's position */
  uint32_t   *last;      /* per position: the last one of its subtree */
  uint32_t   *weight;    /* per position: pixels */
  int32_t   (*point)[3];
  uint32_t   *label;     /* per position: its class */
  Moments    *below;     /* per position: its subtree within its class,
                            after the class's last scan */
  double      min_weight;
  WardClass  *classes;
} WardState;

/* The drop of the error when WHOLE splits into PART and the rest. */
static double
split_gain (const Moments *part, const Moments *whole)
{
  Moments rest = { whole->w - part->w, { 0, 0, 0 } };

  for (int ch = 0; ch < 3; ch++)
    rest.s[ch] = whole->s[ch] - part->s[ch];
  return tessera_mst_ward_cost (part, &rest);
}

/* Sums each subtree of class C within the class (children come after
 * their parents in preorder: backwards), and finds its best split. */
static void
scan_class (WardState *s, uint32_t c)
{
  WardClass *k = &s->classes[c];
  const uint32_t first = k->head, last = s->last[k->head];

  for (uint32_t i = first; i <= last; i++)
    {
      if (s->label[i] != c)
        continue;
      s->below[i].w = s->weight[i];
      for (int ch = 0; ch < 3; ch++)
        s->below[i].s[ch] = (int64_t) s->weight[i] * s->point[i][ch];
    }
  for (uint32_t i = last; i > first; i--)
    {
      uint32_t p = s->parent[i];
      if (s->label[i] != c)
        continue;
      s->below[p].w += s->below[i].w;
      for (int ch = 0; ch < 3; ch++)
        s->below[p].s[ch] += s->below[i].s[ch];
    }
  k->total = s->below[first];
  k->best = TESSERA_MST_NONE;
  k->gain = -1.0;
  /* Forwards, keeping the first best: ties go to the earlier vertex. */
  for (uint32_t i = first + 1; i <= last; i++)
    {
      const Moments *part = &s->below[i];
      double gain;
      if (s->label[i] != c || part->w <= 0 || part->w >= k->total.w
          || (double) part->w < s->min_weight
          || (double) (k->total.w - part->w) < s->min_weight)
        continue;
      gain = split_gain (part, &k->total);
      if (gain > k->gain)
        {
          k->gain = gain;
          k->best = i;
        }
    }
}

/* Splits class C at its best position into C and a new class NEW. */
static void
split_class (WardState *s, uint32_t c, uint32_t new)
{
  const uint32_t v = s->classes[c].best;

  for (uint32_t i = v; i <= s->last[v]; i++)
    if (s->label[i] == c)
      s->label[i] = new;
  s->classes[new].head = v;
  scan_class (s, new);
  scan_class (s, c);
}

static void
ward_state_free (WardState *s)
{
  free (s->parent);
  free (s->last);
  free (s->weight);
  free (s->point);
  free (s->label);
  free (s->below);
  free (s->classes);
}

/* The tree's vertices in preorder, all in one class. */
static TesseraStatus
ward_state_init (WardState *s, const TesseraMstTree *t,
                 const uint32_t *weights, const int32_t (*points)[3],
                 int max_classes)
{
  const size_t n = t->n;

  s->n = n;
  s->parent = malloc (sizeof *s->parent * n);
  s->last = malloc (sizeof *s->last * n);
  s->weight = malloc (sizeof *s->weight * n);
  s->point = malloc (sizeof *s->point * n);
  s->label = calloc (n, sizeof *s->label);
  s->below = malloc (sizeof *s->below * n);
  s->classes = malloc (sizeof *s->classes * (size_t) max_classes);
  if (s->parent == NULL || s->last == NULL || s->weight == NULL
      || s->point == NULL || s->label == NULL || s->below == NULL
      || s->classes == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (size_t i = 0; i < n; i++)
    {
      uint32_t v = t->preorder[i];
      s->parent[i] = i == 0 ? 0 : t->tin[t->parent[v]];
      s->last[i] = t->tout[v];
      s->weight[i] = weights[v];
      for (int ch = 0; ch < 3; ch++)
        s->point[i][ch] = points[v][ch];
    }
  s->classes[0].head = 0;
  return TESSERA_OK;
}

/* The error of one class holding everything. */
static double
total_error (const uint32_t *weights, const int32_t (*points)[3], size_t n)
{
  TesseraMstSpread spread = { 0, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };

  for (size_t v = 0; v < n; v++)
    tessera_mst_spread_add (&spread, weights[v], points[v]);
  return tessera_mst_spread_error (&spread);
}

TesseraStatus
tessera_mst_ward_cut (const TesseraEmstEdge *edges, const uint32_t *weights,
                      const int32_t (*points)[3], size_t n, int max_classes,
                      double min_weight, uint32_t *vertex_class,
                      int *n_classes, double *sse)
{
  const double unit2 = (double) TESSERA_MST_FIXED_SCALE
                       * TESSERA_MST_FIXED_SCALE;
  TesseraMstTree tree;
  WardState s = { 0 };
  TesseraStatus status;
  double error;
  int k = 1;

  *n_classes = 0;
  if (max_classes < 1)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (n == 0)
    return TESSERA_OK;
  if (n >= TESSERA_MST_NONE)
    return TESSERA_ERROR_TOO_LARGE;
  status = tessera_mst_tree_build (&tree, edges, weights, n);
  if (status != TESSERA_OK)
    return status;
  s.min_weight = min_weight;
  status = ward_state_init (&s, &tree, weights, points, max_classes);
  if (status != TESSERA_OK)
    goto out;
  scan_class (&s, 0);
  error = sse != NULL ? total_error (weights, points, n) / unit2 : 0.0;
  if (sse != NULL)
    sse[0] = error;
  while (k < max_classes)
    {
      uint32_t best = 0;
      for (int c = 1; c < k; c++)
        if (s.classes[c].gain > s.classes[best].gain)
          best = (uint32_t) c;
      if (s.classes[best].best == TESSERA_MST_NONE)
        break;
      error -= s.classes[best].gain / unit2;
      split_class (&s, best, (uint32_t) k);
      if (sse != NULL)
        sse[k] = error > 0.0 ? error : 0.0;
      k++;
    }
  for (int c = k; sse != NULL && c < max_classes; c++)
    sse[c] = sse[k - 1];
  for (size_t i = 0; i < n; i++)
    vertex_class[tree.preorder[i]] = s.label[i];
  *n_classes = k;
out:
  ward_state_free (&s);
  tessera_mst_tree_free (&tree);
  return status;
}

double
tessera_mst_spread_error (const TesseraMstSpread *spread)
{
  __extension__ typedef unsigned __int128 u128;
  __extension__ typedef __int128 i128;
  u128 excess = 0;

  if (spread->w <= 0)
    return 0.0;
  /* W Q - S^2 >= 0 (Cauchy-Schwarz), below 2^128 for images of fewer
   * than 2^48 pixels. */
  for (int ch = 0; ch < 3; ch++)
    {
      u128 q = ((u128) spread->q_high[ch] << 32) + spread->q_low[ch];
      i128 s = spread->s[ch];
      excess += (u128) spread->w * q - (u128) (s * s);
    }
  return (double) excess / (double) spread->w;
}

int
tessera_mst_elbow (const double *sse, int n, double sensitivity)
{
  /* The curve of SSE^p: p = 1/2 is the root-mean-square error's, which
   * follows the colour error a person sees; smaller p bends it towards
   * log SSE, whose knee lies further out (more classes). */
  const double p = 0.5 / sensitivity;
  const double first = n > 0 ? pow (sse[0], p) : 0.0;
  const double last = n > 0 ? pow (sse[n - 1], p) : 0.0;
  const double span = first - last;
  double farthest = 0.0;
  int best = 1;

  if (!(span > 0.0))
    return 1;
  for (int k = 1; k < n - 1; k++)
    {
      double x = (double) k / (double) (n - 1);
      double y = (pow (sse[k], p) - last) / span;
      double below = (1.0 - x) - y;
      if (below > farthest)
        {
          farthest = below;
          best = k + 1;
        }
    }
  return best;
}
