/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdbool.h>
#include <stdlib.h>
#include "emst-ref.h"

/* The edge between tree point U and outside point V, in the edge order. */
static TesseraEmstEdge
make_edge (const float *points, size_t u, size_t v)
{
  TesseraEmstEdge e;
  e.a = (uint32_t) (u < v ? u : v);
  e.b = (uint32_t) (u < v ? v : u);
  e.distance2 = tessera_emst_distance2 (points + 3 * u, points + 3 * v);
  return e;
}

size_t
emst_ref_prim (const float *points, size_t n, TesseraEmstEdge *edges)
{
  TesseraEmstEdge *link;   /* per outside point: its shortest edge in */
  bool *inside;
  size_t n_edges = 0, last = 0;

  if (n < 2)
    return 0;
  link = malloc (sizeof *link * n);
  inside = calloc (n, sizeof *inside);
  inside[0] = true;
  for (size_t v = 1; v < n; v++)
    link[v] = make_edge (points, 0, v);

  while (n_edges < n - 1)
    {
      size_t next = n;
      for (size_t v = 0; v < n; v++)
        if (!inside[v]
            && (next == n
                || tessera_emst_edge_compare (&link[v], &link[next]) < 0))
          next = v;
      edges[n_edges++] = link[next];
      inside[next] = true;
      last = next;
      for (size_t v = 0; v < n; v++)
        if (!inside[v])
          {
            TesseraEmstEdge e = make_edge (points, last, v);
            if (tessera_emst_edge_compare (&e, &link[v]) < 0)
              link[v] = e;
          }
    }
  free (link);
  free (inside);
  tessera_emst_sort_edges (edges, n_edges);
  return n_edges;
}

void
emst_ref_random_colours (TestRandom *r, size_t n, uint8_t *colours)
{
  uint8_t *taken = calloc (1u << 24, 1);

  for (size_t i = 0; i < n;)
    {
      uint32_t key = (uint32_t) test_random_next (r) & 0xffffff;
      if (taken[key])
        continue;
      taken[key] = 1;
      colours[3 * i] = (uint8_t) (key >> 16);
      colours[3 * i + 1] = (uint8_t) (key >> 8);
      colours[3 * i + 2] = (uint8_t) key;
      i++;
    }
  free (taken);
}

const char *const emst_cloud_names[EMST_CLOUD_COUNT] = {
  "uniform", "lattice", "line", "plane", "clusters"
};

static void
cloud_point (TestRandom *r, EmstCloud kind, size_t n, int side, bool even,
             float *q)
{
  switch (kind)
    {
    case EMST_CLOUD_UNIFORM:
      for (int a = 0; a < 3; a++)
        q[a] = (float) (test_random_double (r) * 100.0 - 50.0);
      break;
    case EMST_CLOUD_LATTICE:
      for (int a = 0; a < 3; a++)
        q[a] = (float) test_random_int (r, 0, side);
      break;
    case EMST_CLOUD_LINE:
      {
        double t = even ? (double) test_random_int (r, 0, (int) n)
                        : test_random_double (r) * 1000.0;
        q[0] = (float) (3.0 * t);
        q[1] = (float) (-2.0 * t + 7.0);
        q[2] = (float) t;
        break;
      }
    case EMST_CLOUD_PLANE:
      q[0] = (float) test_random_int (r, 0, side * 4);
      q[1] = (float) test_random_int (r, 0, side * 4);
      q[2] = 17.0f;
      break;
    case EMST_CLOUD_CLUSTERS:
      {
        int cluster = test_random_int (r, 0, 4);
        for (int a = 0; a < 3; a++)
          q[a] = (float) (1e5 + cluster * 1000.0 * (a + 1)
                          + test_random_double (r));
        break;
      }
    default:
      break;
    }
}

float *
emst_ref_random_cloud (TestRandom *r, EmstCloud kind, size_t n)
{
  float *points = malloc (sizeof (float) * 3 * n + 1);
  int side = test_random_int (r, 1, 12);
  bool even = test_random_int (r, 0, 1) == 1;

  for (size_t i = 0; i < n; i++)
    cloud_point (r, kind, n, side, even, points + 3 * i);
  return points;
}
