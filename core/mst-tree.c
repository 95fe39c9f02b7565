/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "mst-tree.h"

void
tessera_mst_tree_free (TesseraMstTree *t)
{
  free (t->adj_start);
  free (t->adj);
  free (t->adj_length);
  free (t->parent);
  free (t->preorder);
  free (t->tin);
  free (t->tout);
  free (t->subtree);
}

static void
fill_adjacency (TesseraMstTree *t, const TesseraEmstEdge *edges)
{
  const size_t n_edges = t->n - 1;
  uint32_t *fill = t->tin;         /* borrowed as scratch */

  memset (t->adj_start, 0, sizeof (uint32_t) * (t->n + 1));
  for (size_t i = 0; i < n_edges; i++)
    {
      t->adj_start[edges[i].a + 1]++;
      t->adj_start[edges[i].b + 1]++;
    }
  for (size_t v = 0; v < t->n; v++)
    t->adj_start[v + 1] += t->adj_start[v];
  memcpy (fill, t->adj_start, sizeof (uint32_t) * t->n);
  for (size_t i = 0; i < n_edges; i++)
    {
      double length = sqrt (edges[i].distance2);
      uint32_t a = edges[i].a, b = edges[i].b;
      t->adj[fill[a]] = b;
      t->adj_length[fill[a]++] = length;
      t->adj[fill[b]] = a;
      t->adj_length[fill[b]++] = length;
    }
}

/* Depth-first from vertex 0; false if the edges do not span the vertices.
 * In a tree a vertex's only visited neighbour is its parent, so the test
 * reads PARENT[V], not each neighbour's mark scattered over memory; with a
 * cycle instead some vertex comes off the stack twice (its TIN is set
 * already), or the stack outgrows the vertices. */
static bool
order_vertices (TesseraMstTree *t)
{
  uint32_t *stack = t->tout;        /* borrowed as scratch */
  size_t top = 0, visited = 0;

  for (size_t v = 0; v < t->n; v++)
    t->tin[v] = TESSERA_MST_NONE;
  stack[top++] = 0;
  t->parent[0] = TESSERA_MST_NONE;
  while (top > 0)
    {
      uint32_t v = stack[--top], up = t->parent[v];
      if (t->tin[v] != TESSERA_MST_NONE)
        return false;
      t->tin[v] = (uint32_t) visited;
      t->preorder[visited++] = v;
      for (uint32_t i = t->adj_start[v]; i < t->adj_start[v + 1]; i++)
        if (t->adj[i] != up)
          {
            if (top == t->n)
              return false;
            uint32_t x = t->adj[i];
            /* X comes off the stack later: its entries, scattered over
             * memory, are on their way by then. */
            __builtin_prefetch (&t->adj_start[x]);
            __builtin_prefetch (&t->tin[x], 1);
            t->parent[x] = v;
            stack[top++] = x;
          }
    }
  return visited == t->n;
}

TesseraStatus
tessera_mst_tree_build (TesseraMstTree *t, const TesseraEmstEdge *edges,
                   const uint32_t *weights, size_t n)
{
  memset (t, 0, sizeof *t);
  t->n = n;
  for (size_t i = 0; i + 1 < n; i++)
    if (edges[i].a >= n || edges[i].b >= n || edges[i].a == edges[i].b)
      return TESSERA_ERROR_INVALID_ARGUMENT;
  t->adj_start = malloc (sizeof (uint32_t) * (n + 1));
  t->adj = malloc (sizeof (uint32_t) * 2 * n);
  t->adj_length = malloc (sizeof (double) * 2 * n);
  t->parent = malloc (sizeof (uint32_t) * n);
  t->preorder = malloc (sizeof (uint32_t) * n);
  t->tin = malloc (sizeof (uint32_t) * n);
  t->tout = malloc (sizeof (uint32_t) * n);
  t->subtree = malloc (sizeof (int64_t) * n);
  if (t->adj_start == NULL || t->adj == NULL || t->adj_length == NULL
      || t->parent == NULL || t->preorder == NULL || t->tin == NULL
      || t->tout == NULL || t->subtree == NULL)
    {
      tessera_mst_tree_free (t);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  fill_adjacency (t, edges);
  if (!order_vertices (t))
    {
      tessera_mst_tree_free (t);
      return TESSERA_ERROR_INVALID_ARGUMENT;
    }
  /* Children follow their parents in preorder: sum up backwards. */
  for (size_t v = 0; v < n; v++)
    {
      t->subtree[v] = weights[v];
      t->tout[v] = t->tin[v];
    }
  for (size_t i = n; i-- > 1;)
    {
      uint32_t v = t->preorder[i], p = t->parent[v];
      t->subtree[p] += t->subtree[v];
      if (t->tout[v] > t->tout[p])
        t->tout[p] = t->tout[v];
    }
  return TESSERA_OK;
}

