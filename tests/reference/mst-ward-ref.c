/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "mst-ward-ref.h"

/* Marks in SIDE the vertices reached from START over the edges not cut. */
static void
walk (const TesseraEmstEdge *edges, size_t n, const bool *cut,
      uint32_t start, bool *side)
{
  bool grew = true;

  memset (side, 0, n);
  side[start] = true;
  while (grew)
    {
      grew = false;
      for (size_t e = 0; e + 1 < n; e++)
        if (!cut[e] && side[edges[e].a] != side[edges[e].b])
          {
            side[edges[e].a] = side[edges[e].b] = true;
            grew = true;
          }
    }
}

/* The error of the vertices in SIDE around their weighted mean, and their
 * weight. */
static double
error_of (const uint32_t *weights, const int32_t (*points)[3], size_t n,
          const bool *side, double *weight)
{
  double w = 0.0, s[3] = { 0, 0, 0 }, e = 0.0;

  for (size_t v = 0; v < n; v++)
    if (side[v])
      {
        w += weights[v];
        for (int ch = 0; ch < 3; ch++)
          s[ch] += (double) weights[v] * points[v][ch];
      }
  *weight = w;
  if (w <= 0.0)
    return 0.0;
  for (size_t v = 0; v < n; v++)
    if (side[v])
      for (int ch = 0; ch < 3; ch++)
        {
          double d = points[v][ch] - s[ch] / w;
          e += weights[v] * d * d;
        }
  return e;
}

int
relabel_first (uint32_t *label, size_t n)
{
  uint32_t *to = malloc (sizeof *to * (n + 1));
  int count = 0;

  for (size_t i = 0; i <= n; i++)
    to[i] = UINT32_MAX;
  for (size_t v = 0; v < n; v++)
    {
      if (to[label[v]] == UINT32_MAX)
        to[label[v]] = (uint32_t) count++;
      label[v] = to[label[v]];
    }
  free (to);
  return count;
}

int
mst_ward_ref (const TesseraEmstEdge *edges, const uint32_t *weights,
              const int32_t (*points)[3], size_t n, int max_classes,
              double min_weight, uint32_t *vertex_class, double *sse)
{
  bool *cut = calloc (n, 1), *side = malloc (n), *whole = malloc (n);
  bool *all = malloc (n);
  double total_weight;
  int k = 1;

  memset (all, 1, n);
  sse[0] = error_of (weights, points, n, all, &total_weight);
  while (k < max_classes)
    {
      double best_gain = -1.0;
      size_t best = n;
      for (size_t e = 0; e + 1 < n; e++)
        {
          double w1, w2, wc, before, after;
          if (cut[e])
            continue;
          walk (edges, n, cut, edges[e].a, whole);
          before = error_of (weights, points, n, whole, &wc);
          cut[e] = true;
          walk (edges, n, cut, edges[e].a, side);
          after = error_of (weights, points, n, side, &w1);
          for (size_t v = 0; v < n; v++)
            side[v] = whole[v] && !side[v];
          after += error_of (weights, points, n, side, &w2);
          cut[e] = false;
          if (w1 <= 0.0 || w2 <= 0.0 || w1 < min_weight || w2 < min_weight)
            continue;
          if (before - after > best_gain)
            {
              best_gain = before - after;
              best = e;
            }
        }
      if (best == n)
        break;
      cut[best] = true;
      sse[k] = sse[k - 1] - best_gain;
      k++;
    }
  for (int c = k; c < max_classes; c++)
    sse[c] = sse[k - 1];
  /* Classes: the parts of the tree left. */
  for (size_t v = 0; v < n; v++)
    vertex_class[v] = UINT32_MAX;
  for (size_t v = 0, c = 0; v < n; v++)
    if (vertex_class[v] == UINT32_MAX)
      {
        walk (edges, n, cut, (uint32_t) v, side);
        for (size_t u = 0; u < n; u++)
          if (side[u])
            vertex_class[u] = (uint32_t) c;
        c++;
      }
  free (cut);
  free (side);
  free (whole);
  free (all);
  return k;
}

void
lloyd_ref (const int32_t (*points)[3], const uint32_t *weights, size_t n,
           int k, int max_iterations, uint32_t *label)
{
  double (*centre)[3] = calloc ((size_t) k, sizeof *centre);

  for (int it = 0; it < max_iterations; it++)
    {
      bool moved = false;
      for (int c = 0; c < k; c++)
        {
          int64_t w = 0, s[3] = { 0, 0, 0 };
          for (size_t i = 0; i < n; i++)
            if (label[i] == (uint32_t) c)
              {
                w += weights[i];
                for (int ch = 0; ch < 3; ch++)
                  s[ch] += (int64_t) weights[i] * points[i][ch];
              }
          if (w > 0)
            for (int ch = 0; ch < 3; ch++)
              centre[c][ch] = (double) s[ch] / (double) w;
        }
      for (size_t i = 0; i < n; i++)
        {
          uint32_t best = 0;
          double best_d2 = 0.0;
          for (int c = 0; c < k; c++)
            {
              double d2 = 0.0;
              for (int ch = 0; ch < 3; ch++)
                {
                  double d = points[i][ch] - centre[c][ch];
                  d2 += d * d;
                }
              if (c == 0 || d2 < best_d2)
                {
                  best_d2 = d2;
                  best = (uint32_t) c;
                }
            }
          moved |= best != label[i];
          label[i] = best;
        }
      if (!moved)
        break;
    }
  free (centre);
}
