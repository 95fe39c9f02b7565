/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — the weighted classes on device arrays
 * (tessera_cuda_mst_weighted): the tree's layout must be
 * tessera_mst_tree_build's preorder and subtree ends, and the classes
 * tessera_mst_weighted's (refined), colour for colour, on random trees
 * (paths, stars, random shapes, edges in any order) over random colours
 * and pixel counts, and on the EMSTs of photo-like colour sets up to a
 * million colours; K = 1, 2, 8, 16, automatic and random, both colour
 * spaces, several minimum shares.  Edges that do not span the vertices
 * are refused on both sides. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"
#include "mst-segment.h"
#include "mst-tree.h"
#include "mst-weighted.h"
#include "parity.h"
#include "tessera-cuda.h"

static const int class_counts[] = { 1, 2, 8, 16, 0 };

/* Random colours and pixel counts, a few colours much heavier. */
static TesseraColourHistogram
random_histogram (TestRandom *r, size_t n)
{
  TesseraColourHistogram h = { 0 };

  h.n_colours = n;
  h.colours = malloc (3 * n + 1);
  h.counts = malloc (sizeof *h.counts * n + 1);
  for (size_t i = 0; i < n; i++)
    {
      for (int ch = 0; ch < 3; ch++)
        h.colours[3 * i + ch] = (uint8_t) test_random_int (r, 0, 255);
      h.counts[i] = test_random_int (r, 0, 20) == 0
                    ? (uint32_t) test_random_int (r, 1000, 200000)
                    : (uint32_t) test_random_int (r, 1, 50);
    }
  return h;
}

/* A tree over N vertices: SHAPE 0 random, 1 a path, 2 a star, 3 a
 * caterpillar; vertices renamed at random, edges shuffled. */
static TesseraEmstEdge *
random_tree (TestRandom *r, size_t n, int shape)
{
  TesseraEmstEdge *edges = malloc (sizeof *edges * n + 1);
  uint32_t *name = malloc (sizeof *name * n + 1);

  for (size_t i = 0; i < n; i++)
    name[i] = (uint32_t) i;
  for (size_t i = n; i > 1; i--)
    {
      size_t j = (size_t) test_random_int (r, 0, (int) i - 1);
      uint32_t t = name[i - 1];
      name[i - 1] = name[j];
      name[j] = t;
    }
  for (size_t i = 1; i < n; i++)
    {
      size_t parent = shape == 1 ? i - 1
                      : shape == 2 ? 0
                      : shape == 3 ? (i % 2 ? i - 1 : (i > 1 ? i - 2 : 0))
                      : (size_t) test_random_int (r, 0, (int) i - 1);
      uint32_t a = name[i], b = name[parent];
      edges[i - 1].a = a < b ? a : b;
      edges[i - 1].b = a < b ? b : a;
      edges[i - 1].distance2 = test_random_double (r);
    }
  for (size_t i = n > 1 ? n - 1 : 0; i > 1; i--)
    {
      size_t j = (size_t) test_random_int (r, 0, (int) i - 1);
      TesseraEmstEdge t = edges[i - 1];
      edges[i - 1] = edges[j];
      edges[j] = t;
    }
  free (name);
  return edges;
}

/* The layout against tessera_mst_tree_build's. */
static void
check_layout (Parity *p, const TesseraEmstEdge *edges,
              const uint32_t *weights, size_t n, const char *what)
{
  TesseraMstTree tree;
  uint32_t *order = malloc (sizeof *order * n + 1);
  uint32_t *last = malloc (sizeof *last * n + 1);
  TesseraStatus status;
  char detail[200] = "";
  bool built, ok;

  built = tessera_mst_tree_build (&tree, edges, weights, n) == TESSERA_OK;
  ok = built;
  status = tessera_cuda_mst_layout_host (edges, n, order, last, 0, NULL);
  if (!ok || status != TESSERA_OK)
    snprintf (detail, sizeof detail, "cpu %s, gpu status %d",
              ok ? "built" : "failed", status);
  for (size_t i = 0; ok && status == TESSERA_OK && i < n; i++)
    if (order[i] != tree.preorder[i] || last[i] != tree.tout[order[i]])
      {
        snprintf (detail, sizeof detail,
                  "position %zu: vertex %u (last %u) vs %u (last %u)", i,
                  order[i], last[i], tree.preorder[i],
                  tree.tout[tree.preorder[i]]);
        ok = false;
      }
  parity_result (p, ok && status == TESSERA_OK, detail,
                 "mst-weighted layout %s, %zu vertices", what, n);
  if (built)
    tessera_mst_tree_free (&tree);
  free (order);
  free (last);
}

/* The classes against tessera_mst_weighted's. */
static void
check_classes (Parity *p, const TesseraColourHistogram *h,
               const TesseraEmstEdge *edges, TesseraMstSegment params,
               const char *what)
{
  const size_t n = h->n_colours;
  uint32_t *cpu = malloc (sizeof *cpu * n + 1);
  uint32_t *gpu = malloc (sizeof *gpu * n + 1);
  int32_t (*points)[3] = tessera_mst_fixed_points (h, params.colour_space,
                                                   1);
  TesseraExec exec = tessera_exec_default ();
  TesseraStatus cpu_status, gpu_status;
  int cpu_k = -1, gpu_k = -1;
  double total = 0.0;
  char detail[200] = "";
  bool ok;

  exec.backend = TESSERA_BACKEND_CPU;
  for (size_t i = 0; i < n; i++)
    total += h->counts[i];
  cpu_status = tessera_mst_weighted (h, edges, &params, true, cpu, &cpu_k,
                                     &exec);
  gpu_status = tessera_cuda_mst_weighted_host (
    edges, h->counts, (const int32_t (*)[3]) points, n, &params,
    params.min_share * total, gpu, &gpu_k, 0, NULL);
  ok = cpu_status == gpu_status && cpu_k == gpu_k;
  if (!ok)
    snprintf (detail, sizeof detail, "status cpu %d gpu %d, classes %d vs %d",
              cpu_status, gpu_status, cpu_k, gpu_k);
  for (size_t i = 0; ok && cpu_status == TESSERA_OK && i < n; i++)
    if (cpu[i] != gpu[i])
      {
        snprintf (detail, sizeof detail, "colour %zu: class %u vs %u", i,
                  cpu[i], gpu[i]);
        ok = false;
      }
  parity_result (p, ok, detail,
                 "mst-weighted %s, %zu colours, space %d, classes %d, "
                 "min share %g: %d classes", what, n, params.colour_space,
                 params.classes, params.min_share, cpu_k);
  free (points);
  free (cpu);
  free (gpu);
}

static TesseraMstSegment
random_params (TestRandom *r, int classes)
{
  static const double shares[] = { 0.0, 0.002, 0.01, 0.05 };
  TesseraMstSegment params = { classes, shares[test_random_int (r, 0, 3)],
                               1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };

  params.colour_space = (TesseraColourSpace) test_random_int (r, 0, 1);
  params.sensitivity = 0.5 + 2.0 * test_random_double (r);
  return params;
}

static void
check_random_tree (Parity *p, size_t n, int shape)
{
  static const char *shapes[] = { "random tree", "path", "star",
                                  "caterpillar" };
  TesseraColourHistogram h = random_histogram (&p->random, n);
  TesseraEmstEdge *edges = random_tree (&p->random, n, shape);

  check_layout (p, edges, h.counts, n, shapes[shape]);
  for (size_t k = 0; k < sizeof class_counts / sizeof *class_counts; k++)
    check_classes (p, &h, edges, random_params (&p->random, class_counts[k]),
                   shapes[shape]);
  check_classes (p, &h, edges,
                 random_params (&p->random,
                                test_random_int (&p->random, 1, 256)),
                 shapes[shape]);
  free (edges);
  free (h.colours);
  free (h.counts);
}

/* Colours about a few centres with noise of varying spread, and a smooth
 * ramp between two of them: a photo's clusters and gradients. */
static TesseraColourHistogram
photo_like (TestRandom *r, size_t pixels)
{
  TesseraImage image;
  TesseraColourHistogram h = { 0 };
  TesseraExec exec = tessera_exec_default ();
  const int centres = test_random_int (r, 2, 9);
  int centre[9][3], spread[9];

  for (int c = 0; c < centres; c++)
    {
      for (int ch = 0; ch < 3; ch++)
        centre[c][ch] = test_random_int (r, 20, 235);
      spread[c] = test_random_int (r, 2, pixels > 1000000 ? 60 : 40);
    }
  if (tessera_image_alloc (&image, (int) (pixels / 1000) + 1, 1000, 3,
                           TESSERA_U8) != TESSERA_OK)
    return h;
  for (int y = 0; y < image.height; y++)
    {
      uint8_t *row = tessera_image_row (&image, y);
      for (int x = 0; x < image.width; x++)
        {
          /* Low centres are common, high ones rare. */
          int c = test_random_int (r, 0, centres - 1);
          c = test_random_int (r, 0, c);
          double t = test_random_double (r);
          for (int ch = 0; ch < 3; ch++)
            {
              int v = x % 7 == 0
                      ? (int) (centre[0][ch] + t * (centre[1][ch]
                                                    - centre[0][ch]))
                      : centre[c][ch]
                        + test_random_int (r, -spread[c], spread[c]);
              row[3 * x + ch] = (uint8_t) (v < 0 ? 0 : v > 255 ? 255 : v);
            }
        }
    }
  exec.backend = TESSERA_BACKEND_CPU;
  if (tessera_colour_histogram (&image, &h, &exec) != TESSERA_OK)
    h.n_colours = 0;
  tessera_image_free (&image);
  return h;
}

static void
check_photo (Parity *p, size_t pixels)
{
  TesseraColourHistogram h = photo_like (&p->random, pixels);
  const size_t n = h.n_colours;
  TesseraEmstEdge *edges = malloc (sizeof *edges * n + 1);
  TesseraExec exec = tessera_exec_default ();
  TesseraColourSpace space = (TesseraColourSpace) test_random_int (
    &p->random, 0, 1);
  char what[64];

  snprintf (what, sizeof what, "photo-like, %zu pixels", pixels);
  exec.backend = TESSERA_BACKEND_AUTO;
  if (n == 0 || tessera_mst_segment_tree (&h, space, edges, &exec)
                  != TESSERA_OK)
    parity_result (p, false, "", "mst-weighted %s: colours or tree", what);
  else
    {
      check_layout (p, edges, h.counts, n, what);
      for (size_t k = 0; k < sizeof class_counts / sizeof *class_counts; k++)
        {
          TesseraMstSegment params = random_params (&p->random,
                                                    class_counts[k]);
          params.colour_space = space;
          check_classes (p, &h, edges, params, what);
        }
    }
  free (edges);
  tessera_colour_histogram_free (&h);
}

/* A cycle and a vertex left out: refused by both. */
static void
check_not_spanning (Parity *p)
{
  TesseraColourHistogram h = random_histogram (&p->random, 5);
  TesseraEmstEdge edges[4] = { { 0, 1, 1.0 }, { 1, 2, 1.0 }, { 0, 2, 1.0 },
                               { 3, 2, 1.0 } };
  TesseraMstSegment params = random_params (&p->random, 3);

  edges[3].a = 2;
  edges[3].b = 3;
  check_classes (p, &h, edges, params, "not spanning");
  edges[3].b = 7;
  check_classes (p, &h, edges, params, "vertex out of range");
  free (h.colours);
  free (h.counts);
}

void
parity_mst_weighted (Parity *p)
{
  check_not_spanning (p);
  for (size_t n = 1; n <= 3; n++)
    check_random_tree (p, n, 0);
  for (int c = 0; c < p->cases; c++)
    {
      size_t n = c % 4 == 3 ? (size_t) test_random_int (&p->random, 1000,
                                                        60000)
                 : (size_t) test_random_int (&p->random, 4, 300);
      check_random_tree (p, n, c % 4);
      if (c % 3 == 0)
        check_photo (p, (size_t) test_random_int (&p->random, 1000,
                                                  400000));
    }
  /* Up to 256 classes with no minimum share: hundreds of splits. */
  for (int c = 0; c < 2; c++)
    {
      size_t n = (size_t) test_random_int (&p->random, 2000, 20000);
      TesseraColourHistogram h = random_histogram (&p->random, n);
      TesseraEmstEdge *edges = random_tree (&p->random, n, 0);
      TesseraMstSegment params = random_params (
        &p->random, test_random_int (&p->random, 100, 256));
      params.min_share = 0.0;
      check_classes (p, &h, edges, params, "random tree, many classes");
      free (edges);
      free (h.colours);
      free (h.counts);
    }
  /* Towards a photo's million colours (skipped on short runs, such as
   * those under compute-sanitizer). */
  if (p->cases >= 4)
    check_photo (p, 6000000);
}
