/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the EMST's edges in their one order (length, then ends), the
 * order every backend's tree is compared and cut in.  Split from emst.c,
 * whose Boruvka search is the rest. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "emst.h"
#include "emst-edges.h"
#include "exec.h"

/* Sorts with more edges than this use the other threads too. */
#define PARALLEL_MIN 32768

int
tessera_emst_edge_compare (const TesseraEmstEdge *a, const TesseraEmstEdge *b)
{
  if (a->distance2 != b->distance2)
    return a->distance2 < b->distance2 ? -1 : 1;
  if (a->a != b->a)
    return a->a < b->a ? -1 : 1;
  if (a->b != b->b)
    return a->b < b->b ? -1 : 1;
  return 0;
}

static inline bool
edge_less (const TesseraEmstEdge *a, const TesseraEmstEdge *b)
{
  if (a->distance2 != b->distance2)
    return a->distance2 < b->distance2;
  return a->a != b->a ? a->a < b->a : a->b < b->b;
}

/* Merge sort of EDGES[0 .. N-1], TMP as scratch: stable, and its halves
 * sort in parallel. */
static void
merge_sort_edges (TesseraEmstEdge *edges, TesseraEmstEdge *tmp, size_t n)
{
  size_t half = n / 2, i = 0, j = half, k = 0;

  if (n < 32)
    {
      for (size_t m = 1; m < n; m++)
        {
          TesseraEmstEdge e = edges[m];
          size_t p = m;
          for (; p > 0 && edge_less (&e, &edges[p - 1]); p--)
            edges[p] = edges[p - 1];
          edges[p] = e;
        }
      return;
    }
  #pragma omp task if (n > 65536)
  merge_sort_edges (edges, tmp, half);
  merge_sort_edges (edges + half, tmp + half, n - half);
  #pragma omp taskwait
  while (i < half && j < n)
    tmp[k++] = edge_less (&edges[j], &edges[i]) ? edges[j++] : edges[i++];
  while (i < half)
    tmp[k++] = edges[i++];
  while (j < n)
    tmp[k++] = edges[j++];
  memcpy (edges, tmp, sizeof *edges * n);
}

static int
compare_edges (const void *a, const void *b)
{
  return tessera_emst_edge_compare (a, b);
}

void
emst_sort_edges (TesseraEmstEdge *edges, size_t n_edges, int threads)
{
  TesseraEmstEdge *tmp = malloc (sizeof *tmp * n_edges + 1);

  if (tmp == NULL)      /* slower, but needs no memory */
    {
      qsort (edges, n_edges, sizeof *edges, compare_edges);
      return;
    }
  #pragma omp parallel num_threads (threads) if (n_edges >= PARALLEL_MIN)
  #pragma omp single
  merge_sort_edges (edges, tmp, n_edges);
  free (tmp);
}

void
tessera_emst_sort_edges (TesseraEmstEdge *edges, size_t n_edges)
{
  emst_sort_edges (edges, n_edges, tessera_exec_threads (NULL));
}

double
tessera_emst_total_length (const TesseraEmstEdge *edges, size_t n_edges)
{
  double total = 0.0;
  for (size_t i = 0; i < n_edges; i++)
    total += sqrt (edges[i].distance2);
  return total;
}
