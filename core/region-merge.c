/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — absorbing small regions (hatching, specks) into the neighbour
 * they share most line with (see region_merge in fill-regions-private.h).
 *
 * The line between two regions is what lies between them: every line
 * pixel goes to its nearest region (region_grow to the line's centre), and
 * the length of the border between A's and B's pixels is what A and B
 * share.  Then, on the graph of regions: while a small region touches a
 * large one (the outside is large), every such small region joins the
 * large neighbour it shares most with; when none does, the smallest joins
 * the neighbour it shares most with, and so on.  Hatching is thus eaten
 * from its border inwards by the region around it, instead of its cells
 * clumping into a region of their own. */
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"

typedef struct
{
  uint32_t  count;      /* nodes 0..count; 0 is the outside */
  uint32_t *parent;
  uint64_t *area;       /* by root */
  uint32_t *edge_first; /* CSR: node n's edges are [first[n], first[n+1]) */
  uint32_t *edge_to;
  uint32_t *edge_weight;
  uint32_t *member_next;/* the nodes of a root's set, as a list */
  uint32_t *member_last;/* by root */
} RegionGraph;

static uint32_t
graph_root (RegionGraph *graph, uint32_t n)
{
  while (graph->parent[n] != n)
    {
      graph->parent[n] = graph->parent[graph->parent[n]];
      n = graph->parent[n];
    }
  return n;
}

static int
compare_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* The borders between the centre-split regions, as sorted (a, b) pairs
 * with a < b, one per pixel edge. */
static uint64_t *
border_pairs (const uint32_t *centre, int width, int height, size_t *count)
{
  size_t capacity = 0, n = 0;
  uint64_t *pairs = NULL;

  if (!array_reserve ((void **) &pairs, &capacity, 0, sizeof *pairs))
    return NULL;
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        size_t at = (size_t) y * width + x;
        uint32_t a = centre[at];
        for (int k = 0; k < 2; k++)
          {
            uint32_t b;
            if ((k == 0 && x + 1 >= width) || (k == 1 && y + 1 >= height))
              continue;
            b = centre[k == 0 ? at + 1 : at + (size_t) width];
            if (a == b)
              continue;
            if (!array_reserve ((void **) &pairs, &capacity, n,
                                 sizeof *pairs))
              {
                free (pairs);
                return NULL;
              }
            pairs[n++] = a < b ? (uint64_t) a << 32 | b
                               : (uint64_t) b << 32 | a;
          }
      }
  qsort (pairs, n, sizeof *pairs, compare_u64);
  *count = n;
  return pairs;
}

static void
graph_free (RegionGraph *graph)
{
  free (graph->parent);
  free (graph->area);
  free (graph->edge_first);
  free (graph->edge_to);
  free (graph->edge_weight);
  free (graph->member_next);
  free (graph->member_last);
}

/* The graph of the regions of LABEL with the borders of CENTRE. */
static bool
graph_build (RegionGraph *graph, const uint32_t *label,
             const uint32_t *centre, int width, int height, uint32_t count)
{
  size_t pixels = (size_t) width * height, n_pairs = 0, edges = 0;
  uint64_t *pairs;
  uint32_t *fill;

  memset (graph, 0, sizeof *graph);
  graph->count = count;
  graph->parent = malloc (((size_t) count + 1) * sizeof (uint32_t));
  graph->area = calloc ((size_t) count + 1, sizeof (uint64_t));
  graph->edge_first = calloc ((size_t) count + 2, sizeof (uint32_t));
  graph->member_next = malloc (((size_t) count + 1) * sizeof (uint32_t));
  graph->member_last = malloc (((size_t) count + 1) * sizeof (uint32_t));
  pairs = border_pairs (centre, width, height, &n_pairs);
  if (graph->parent == NULL || graph->area == NULL || pairs == NULL
      || graph->edge_first == NULL || graph->member_next == NULL
      || graph->member_last == NULL)
    {
      free (pairs);
      return false;
    }
  for (uint32_t n = 0; n <= count; n++)
    {
      graph->parent[n] = n;
      graph->member_next[n] = UINT32_MAX;
      graph->member_last[n] = n;
    }
  for (size_t i = 0; i < pixels; i++)
    graph->area[label[i]]++;

  /* Distinct pairs, both ways. */
  for (size_t i = 0; i < n_pairs; i++)
    if (i == 0 || pairs[i] != pairs[i - 1])
      {
        graph->edge_first[(pairs[i] >> 32) + 1]++;
        graph->edge_first[(uint32_t) pairs[i] + 1]++;
        edges += 2;
      }
  for (uint32_t n = 0; n <= count; n++)
    graph->edge_first[n + 1] += graph->edge_first[n];
  graph->edge_to = malloc ((edges + 1) * sizeof (uint32_t));
  graph->edge_weight = malloc ((edges + 1) * sizeof (uint32_t));
  fill = malloc (((size_t) count + 1) * sizeof *fill);
  if (graph->edge_to == NULL || graph->edge_weight == NULL || fill == NULL)
    {
      free (fill);
      free (pairs);
      return false;
    }
  memcpy (fill, graph->edge_first, ((size_t) count + 1) * sizeof *fill);
  for (size_t i = 0; i < n_pairs;)
    {
      size_t j = i;
      uint32_t a = (uint32_t) (pairs[i] >> 32), b = (uint32_t) pairs[i];
      while (j < n_pairs && pairs[j] == pairs[i])
        j++;
      graph->edge_to[fill[a]] = b;
      graph->edge_weight[fill[a]++] = (uint32_t) (j - i);
      graph->edge_to[fill[b]] = a;
      graph->edge_weight[fill[b]++] = (uint32_t) (j - i);
      i = j;
    }
  free (fill);
  free (pairs);
  return true;
}

/* The neighbour set (a root) that ROOT's set shares most border with;
 * with LARGE_ONLY, among sets of at least MIN_AREA (and the outside).
 * UINT32_MAX when there is none.  SUM is scratch, by node, all zero. */
static uint32_t
best_neighbour (RegionGraph *graph, uint32_t root, bool large_only,
                uint64_t min_area, uint64_t *sum)
{
  uint32_t best = UINT32_MAX;
  uint64_t best_sum = 0;

  for (int pass = 0; pass < 2; pass++)
    for (uint32_t m = root; m != UINT32_MAX; m = graph->member_next[m])
      for (uint32_t e = graph->edge_first[m]; e < graph->edge_first[m + 1];
           e++)
        {
          uint32_t other = graph_root (graph, graph->edge_to[e]);
          if (other == root)
            continue;
          if (pass == 0)
            {
              sum[other] += graph->edge_weight[e];
              continue;
            }
          if (sum[other] != 0
              && (!large_only || other == 0 || graph->area[other] >= min_area)
              && (sum[other] > best_sum
                  || (sum[other] == best_sum && other < best)))
            {
              best = other;
              best_sum = sum[other];
            }
        }
  /* Clear the scratch. */
  for (uint32_t m = root; m != UINT32_MAX; m = graph->member_next[m])
    for (uint32_t e = graph->edge_first[m]; e < graph->edge_first[m + 1]; e++)
      sum[graph_root (graph, graph->edge_to[e])] = 0;
  return best;
}

/* ROOT's set joins INTO's set (both roots). */
static void
graph_join (RegionGraph *graph, uint32_t root, uint32_t into)
{
  graph->parent[root] = into;
  graph->area[into] += graph->area[root];
  graph->member_next[graph->member_last[into]] = root;
  graph->member_last[into] = graph->member_last[root];
}

static bool
is_small (RegionGraph *graph, uint32_t n, uint64_t min_area)
{
  return n != 0 && graph->parent[n] == n && graph->area[n] > 0
         && graph->area[n] < min_area;
}

/* The small regions in order of area (then number): keys area << 32 | n,
 * a small area being below MIN_AREA, an int. */
static uint32_t *
small_by_area (RegionGraph *graph, uint64_t min_area, uint32_t *n_small)
{
  uint64_t *keys = malloc (((size_t) graph->count + 1) * sizeof *keys);
  uint32_t *small = malloc (((size_t) graph->count + 1) * sizeof *small);
  uint32_t n = 0;

  if (small == NULL || keys == NULL)
    {
      free (keys);
      free (small);
      return NULL;
    }
  for (uint32_t r = 1; r <= graph->count; r++)
    if (is_small (graph, r, min_area))
      keys[n++] = graph->area[r] << 32 | r;
  qsort (keys, n, sizeof *keys, compare_u64);
  for (uint32_t i = 0; i < n; i++)
    small[i] = (uint32_t) keys[i];
  free (keys);
  *n_small = n;
  return small;
}

/* Joins small sets until none is left (or none has a neighbour). */
static bool
absorb_small (RegionGraph *graph, uint64_t min_area)
{
  uint64_t *sum = calloc ((size_t) graph->count + 1, sizeof *sum);
  bool ok = sum != NULL;

  while (ok)
    {
      uint32_t n_small = 0, joined = 0, *small;

      small = small_by_area (graph, min_area, &n_small);
      if (small == NULL)
        {
          ok = false;
          break;
        }
      /* Small sets beside a large one join it; the rest wait. */
      for (uint32_t i = 0; i < n_small; i++)
        if (is_small (graph, small[i], min_area))
          {
            uint32_t into = best_neighbour (graph, small[i], true, min_area,
                                            sum);
            if (into != UINT32_MAX)
              {
                graph_join (graph, small[i], into);
                joined++;
              }
          }
      /* None beside a large one: the smallest joins its best neighbour. */
      for (uint32_t i = 0; i < n_small && joined == 0; i++)
        if (is_small (graph, small[i], min_area))
          {
            uint32_t into = best_neighbour (graph, small[i], false, min_area,
                                            sum);
            if (into != UINT32_MAX)
              {
                graph_join (graph, small[i], into);
                joined++;
              }
          }
      free (small);
      if (joined == 0)
        break;
    }
  free (sum);
  return ok;
}

TesseraStatus
region_merge (const uint32_t *label, const uint8_t *line, int width,
              int height, uint32_t count, uint64_t min_area, int threads,
              uint32_t *map)
{
  size_t pixels = (size_t) width * height;
  uint32_t *centre = malloc (pixels * sizeof *centre);
  uint8_t *state = malloc (pixels);
  RegionGraph graph;
  bool ok;

  (void) threads;
  memset (&graph, 0, sizeof graph);
  if (centre == NULL || state == NULL)
    {
      free (centre);
      free (state);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  memcpy (centre, label, pixels * sizeof *centre);
  for (size_t i = 0; i < pixels; i++)
    state[i] = line[i] == 1 ? GROW_TARGET : GROW_SOURCE;
  ok = region_grow (centre, state, width, height, -1, 8);
  free (state);
  ok = ok && graph_build (&graph, label, centre, width, height, count);
  free (centre);
  ok = ok && absorb_small (&graph, min_area);
  if (ok)
    for (uint32_t n = 0; n <= count; n++)
      /* Sets without pixels (the outside's, pockets grown back) are 0. */
      map[n] = n == 0 || (graph.area[n] == 0 && graph.parent[n] == n)
               ? 0 : graph_root (&graph, n);
  graph_free (&graph);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
