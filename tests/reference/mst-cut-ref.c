/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include "mst-cut-ref.h"

/* Adds to SUM and COUNT the edges touching vertex X, except edge SKIP. */
static void
edges_at (const TesseraEmstEdge *edges, size_t n_edges, uint32_t x,
          size_t skip, double *sum, size_t *count)
{
  for (size_t i = 0; i < n_edges; i++)
    if (i != skip && (edges[i].a == x || edges[i].b == x))
      {
        *sum += sqrt (edges[i].distance2);
        (*count)++;
      }
}

void
mst_inconsistent_ref (const TesseraEmstEdge *edges, size_t n_vertices,
                      double sensitivity, bool *inconsistent)
{
  const size_t n_edges = n_vertices - 1;

  for (size_t e = 0; e < n_edges; e++)
    {
      uint32_t ends[2] = { edges[e].a, edges[e].b };
      double length = sqrt (edges[e].distance2);
      bool any_side = false, longer = true;
      for (int s = 0; s < 2; s++)
        {
          double sum = 0.0;
          size_t count = 0;
          /* One step: edges at this end; two steps: edges at their far
           * ends, but not back to this end. */
          for (size_t i = 0; i < n_edges; i++)
            if (i != e && (edges[i].a == ends[s] || edges[i].b == ends[s]))
              {
                uint32_t far = edges[i].a == ends[s] ? edges[i].b : edges[i].a;
                sum += sqrt (edges[i].distance2);
                count++;
                edges_at (edges, n_edges, far, i, &sum, &count);
              }
          if (count == 0)
            continue;
          any_side = true;
          longer = longer && length > (1.0 + 1.0 / sensitivity)
                                      * sum / (double) count;
        }
      inconsistent[e] = any_side && longer;
    }
}

/* Numbers the components of the tree without the CUT edges by their first
 * vertex; returns how many. */
static int
components (const TesseraEmstEdge *edges, size_t n_vertices, const bool *cut,
            uint32_t *label)
{
  int n = 0;

  for (size_t v = 0; v < n_vertices; v++)
    label[v] = UINT32_MAX;
  for (size_t v = 0; v < n_vertices; v++)
    if (label[v] == UINT32_MAX)
      {
        bool grew = true;
        label[v] = (uint32_t) n;
        while (grew)          /* slow on purpose: obviously right */
          {
            grew = false;
            for (size_t i = 0; i + 1 < n_vertices; i++)
              if (!cut[i] && (label[edges[i].a] == (uint32_t) n)
                             != (label[edges[i].b] == (uint32_t) n))
                {
                  label[edges[i].a] = label[edges[i].b] = (uint32_t) n;
                  grew = true;
                }
          }
        n++;
      }
  return n;
}

int
mst_cut_ref (const TesseraEmstEdge *edges, const uint32_t *weights,
             size_t n_vertices, const bool *candidate, int max_classes,
             double min_weight, uint32_t *vertex_class)
{
  const size_t n_edges = n_vertices - 1;
  bool *cut = calloc (n_vertices, sizeof *cut);
  bool *tried = calloc (n_vertices, sizeof *tried);
  double *weight = calloc (n_vertices, sizeof *weight);
  int n_classes = 1;

  for (size_t round = 0; round < n_edges && n_classes < max_classes; round++)
    {
      size_t e = n_edges;
      for (size_t i = 0; i < n_edges; i++)      /* the longest untried */
        if (!tried[i] && (e == n_edges
                          || tessera_emst_edge_compare (&edges[i],
                                                        &edges[e]) > 0))
          e = i;
      tried[e] = true;
      if (candidate != NULL && !candidate[e])
        continue;
      cut[e] = true;
      n_classes = components (edges, n_vertices, cut, vertex_class);
      for (size_t v = 0; v < n_vertices; v++)
        weight[v] = 0.0;
      for (size_t v = 0; v < n_vertices; v++)
        weight[vertex_class[v]] += weights[v];
      if (weight[vertex_class[edges[e].a]] < min_weight
          || weight[vertex_class[edges[e].b]] < min_weight)
        {
          cut[e] = false;
          n_classes--;
        }
    }
  n_classes = components (edges, n_vertices, cut, vertex_class);
  free (cut);
  free (tried);
  free (weight);
  return n_classes;
}
