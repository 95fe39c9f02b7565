/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Line tracing's link values: every kernel this CPU runs against the
 * definition (tests/reference/trace-line-ref.c), to the bit, on the groups
 * the search forms (one diagonal between two guides, on the lattice) and
 * on single links anywhere, over random gradients that the links leave
 * and cross the edges of. */
#include <math.h>
#include <glib.h>
#include "random.h"
#include "trace-line-ref.h"
#include "trace-links.h"

/* A field of random size and origin with patches of zeros (where the
 * thresholded objective divides by nothing). */
static TesseraGradient
random_gradient (TestRandom *r)
{
  TesseraGradient g;
  g.width = test_random_side (r, 160);
  g.height = test_random_side (r, 160);
  g.x0 = test_random_int (r, -5, 5);
  g.y0 = test_random_int (r, -5, 5);
  g.gx = g_new (float, g.width * g.height);
  g.gy = g_new (float, g.width * g.height);
  for (int i = 0; i < g.width * g.height; i++)
    {
      bool zero = test_random_int (r, 0, 9) == 0;
      g.gx[i] = zero ? 0.0f : (float) (2.0 * test_random_double (r) - 1.0);
      g.gy[i] = zero ? 0.0f : (float) (2.0 * test_random_double (r) - 1.0);
    }
  return g;
}

/* Few points or many, guides narrow or wide (lattice lines one to many a
 * guide step). */
static TesseraTrace
random_params (TestRandom *r)
{
  TesseraTrace p = { 0 };
  p.nodes = test_random_int (r, 2, 4);
  p.points = test_random_int (r, 0, 2) ? test_random_int (r, 1, 40)
                                       : test_random_int (r, 100, 400);
  p.half_width = test_random_int (r, 0, 5) ? 30.0 * test_random_double (r) : 0.0;
  p.max_angle = 180.0;
  p.objective = test_random_int (r, 0, 1);
  p.threshold = test_random_int (r, 0, 3) ? 0.5 * test_random_double (r) : 0.0;
  p.mean = test_random_int (r, 0, 1);
  p.ends.polarity = test_random_int (r, -1, 1);
  if (p.objective == TESSERA_TRACE_ORTHOGONAL_GRADIENT
      && test_random_int (r, 0, 3) == 0)
    p.line_width = 12.0 * test_random_double (r);
  if (test_random_int (r, 0, 1))
    {
      p.reach = test_random_double (r);
      p.min_reach = 5.0 * test_random_double (r);
    }
  return p;
}

/* Around the field, sometimes beyond its edges. */
static TesseraPoint
random_point (TestRandom *r, const TesseraGradient *g)
{
  TesseraPoint q = { g->x0 - 10.0 + (g->width + 20.0) * test_random_double (r),
                     g->y0 - 10.0 + (g->height + 20.0) * test_random_double (r) };
  return q;
}

/* A few diagonals between two guides, group by group as the search forms
 * them, against the definition link by link. */
static void
check_diagonals (TestRandom *r, TraceLinks *links, const TesseraGradient *g,
                 const TesseraTrace *p, const TesseraTraceGeometry *geo,
                 TraceKernel kernel)
{
  int d = geo->points, guide = test_random_int (r, 0, geo->nodes - 2);
  ptrdiff_t *shifts = g_new (ptrdiff_t, geo->lattice.m);

  int rows = trace_links_pair (links, guide);

  g_assert_false (links->failed);
  for (int row = rows - 1; row >= 0; row--)
    trace_links_row (links, row);
  for (int round = 0; round < 6; round++)
    {
      int delta = test_random_int (r, -(d - 1), d - 1);
      int first = delta < 0 ? -delta : 0, end = delta > 0 ? d - delta : d;

      trace_links_shifts (links, delta, shifts);
      for (int j0 = first; j0 < end; j0 += TRACE_GROUP)
        {
          int count = end - j0 < TRACE_GROUP ? end - j0 : TRACE_GROUP;
          float values[TRACE_GROUP];

          trace_links_diagonal (links, shifts, j0, delta, count, values);
          for (int i = 0; i < count; i++)
            {
              int j = j0 + i, l = j + delta;
              float expected = trace_reference_inner_link (g, p, geo, guide,
                                                           j, l);
              if (values[i] != expected)
                g_error ("kernel %d, guide %d, link %d -> %d of %d (m %d, "
                         "q %d) on %dx%d at (%d, %d): %.9g, expected %.9g",
                         kernel, guide, j, l, d, geo->lattice.m,
                         geo->lattice.q, g->width, g->height, g->x0, g->y0,
                         values[i], expected);
            }
        }
    }
  g_free (shifts);
}

/* Single links anywhere (the links from a and to b). */
static void
check_any_links (TestRandom *r, const TraceLinks *links,
                 const TesseraGradient *g, const TesseraTrace *p,
                 TraceKernel kernel)
{
  for (int i = 0; i < 8; i++)
    {
      TesseraPoint from = random_point (r, g), to = random_point (r, g);
      bool same = test_random_int (r, 0, 7) == 0;  /* a link of length 0 */
      float px = (float) from.x, py = (float) from.y;
      float qx = same ? px : (float) to.x, qy = same ? py : (float) to.y;
      float value = trace_links_one (links, px, py, qx, qy);
      float expected = trace_reference_link (g, p, links->score.span, px, py,
                                             qx, qy);
      if (value != expected)
        g_error ("kernel %d, link (%.9g, %.9g) -> (%.9g, %.9g) on %dx%d at "
                 "(%d, %d): %.9g, expected %.9g", kernel, px, py, qx, qy,
                 g->width, g->height, g->x0, g->y0, value, expected);
    }
}

static void
test_kernels_match_definition (void)
{
  TestRandom r = test_random_new (20261123);
  int checked[TRACE_KERNEL_COUNT] = { 0 };
  int rounds = test_cases (400);

  for (int round = 0; round < rounds; round++)
    {
      TesseraGradient g = random_gradient (&r);
      TesseraTrace p = random_params (&r);
      TesseraPoint a = random_point (&r, &g), b = random_point (&r, &g);
      TesseraTraceGeometry geo;

      if (tessera_trace_check (&p, a, b) != TESSERA_OK)
        goto next;
      g_assert_cmpint (tessera_trace_geometry_new (&p, a, b, &geo), ==, TESSERA_OK);
      for (int kernel = 0; kernel < TRACE_KERNEL_COUNT; kernel++)
        {
          TraceLinks links;
          if (!trace_kernel_supported ((TraceKernel) kernel))
            continue;
          g_assert_cmpint (trace_links_init (&links, &g, &p, &geo, kernel), ==,
                           TESSERA_OK);
          check_diagonals (&r, &links, &g, &p, &geo, kernel);
          check_any_links (&r, &links, &g, &p, kernel);
          trace_links_clear (&links);
          checked[kernel]++;
        }
      tessera_trace_geometry_free (&geo);
    next:
      g_free (g.gx);
      g_free (g.gy);
    }
  g_assert_cmpint (4 * checked[TRACE_KERNEL_PLAIN], >, 3 * rounds);
  for (int kernel = 0; kernel < TRACE_KERNEL_COUNT; kernel++)
    if (trace_kernel_supported ((TraceKernel) kernel))
      g_assert_cmpint (checked[kernel], ==, checked[TRACE_KERNEL_PLAIN]);
    else
      g_test_message ("kernel %d not supported here: not checked", kernel);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-links/kernels-match-definition",
                   test_kernels_match_definition);
  return g_test_run ();
}
