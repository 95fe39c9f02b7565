/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Line tracing: the dynamic programme against brute force, synthetic roads,
 * and bad arguments. */
#include <math.h>
#include <glib.h>
#include "random.h"
#include "synthetic-road.h"
#include "trace-line.h"
#include "trace-line-ref.h"

static TesseraGradient
random_gradient (TestRandom *r)
{
  TesseraGradient g;
  g.width = test_random_int (r, 1, 40);
  g.height = test_random_int (r, 1, 40);
  g.x0 = test_random_int (r, -3, 3);
  g.y0 = test_random_int (r, -3, 3);
  g.gx = g_new (float, g.width * g.height);
  g.gy = g_new (float, g.width * g.height);
  for (int i = 0; i < g.width * g.height; i++)
    {
      g.gx[i] = (float) (2.0 * test_random_double (r) - 1.0);
      g.gy[i] = (float) (2.0 * test_random_double (r) - 1.0);
    }
  return g;
}

static TesseraTrace
random_params (TestRandom *r)
{
  TesseraTrace p = { 0 };
  p.nodes = test_random_int (r, 1, 4);
  p.points = test_random_int (r, 1, 6);
  p.half_width = 10.0 * test_random_double (r);
  p.max_angle = test_random_int (r, 0, 3) ? 90.0 * test_random_double (r) : 180.0;
  p.objective = test_random_int (r, 0, 1);
  p.threshold = 0.8 * test_random_double (r);
  trace_reference_random_options (r, &p);
  return p;
}

static TesseraPoint
random_point (TestRandom *r, const TesseraGradient *g)
{
  TesseraPoint q = { g->x0 + g->width * 1.5 * test_random_double (r) - 2.0,
                     g->y0 + g->height * 1.5 * test_random_double (r) - 2.0 };
  return q;
}

/* The optimum equals the best of all d^n candidates, on both thread counts;
 * when no candidate keeps to the angle bound, the search says so. */
static void
test_matches_brute_force (void)
{
  TestRandom r = test_random_new (20261122);
  int compared = 0, rounds = test_cases (600);

  for (int round = 0; round < rounds; round++)
    {
      TesseraGradient g = random_gradient (&r);
      TesseraTrace p = random_params (&r);
      TesseraPoint a = random_point (&r, &g), b = random_point (&r, &g);
      TesseraPoint path[TESSERA_TRACE_MAX_NODES + 2];
      TesseraTraceGeometry geo;
      int chosen[TESSERA_TRACE_MAX_NODES];
      double best;

      if (tessera_trace_check (&p, a, b) != TESSERA_OK)
        goto next;
      g_assert_cmpint (tessera_trace_geometry_new (&p, a, b, &geo), ==, TESSERA_OK);
      best = trace_reference_best (&g, &p, &geo, chosen);
      tessera_trace_geometry_free (&geo);

      for (int threads = 1; threads <= 2; threads++)
        {
          TesseraExec exec = tessera_exec_default ();
          double value = 0.0;
          TesseraStatus status;

          exec.backend = TESSERA_BACKEND_CPU;
          exec.threads = threads;
          status = tessera_trace_line (&g, a, b, &p, path, &value, &exec);
          if (best == -INFINITY)
            g_assert_cmpint (status, ==, TESSERA_ERROR_NO_SOLUTION);
          else
            {
              g_assert_cmpint (status, ==, TESSERA_OK);
              g_assert_cmpfloat_with_epsilon (value, best,
                                              1e-4 * fmax (1.0, fabs (best)));
              g_assert_cmpfloat (path[0].x, ==, a.x);
              g_assert_cmpfloat (path[p.nodes + 1].y, ==, b.y);
            }
        }
      compared++;
    next:
      g_free (g.gx);
      g_free (g.gy);
    }
  g_assert_cmpint (2 * compared, >, rounds);
}

/* On a synthetic road the trace between two clicks on its upper edge stays
 * within 2 pixels of that edge. */
static void
test_follows_synthetic_roads (void)
{
  TestRandom r = test_random_new (7);

  for (int round = 0; round < test_cases (12); round++)
    {
      TesseraImage image;
      SyntheticRoad road;
      TesseraTrace p = { 8, 64, 12.0, 30.0, 1.5,
                         TESSERA_TRACE_ORTHOGONAL_GRADIENT, 0.0 };
      TesseraPoint a, b, path[10];
      double value;

      g_assert_cmpint (tessera_image_alloc (&image, 320, 160,
                                            round % 2 ? 3 : 1, TESSERA_U8),
                       ==, TESSERA_OK);
      road = synthetic_road_new (&r, image.width, image.height);
      synthetic_road_draw (&road, &r, &image);
      a.x = 20.0 + 20.0 * test_random_double (&r);
      b.x = 280.0 - 20.0 * test_random_double (&r);
      a.y = synthetic_road_edge (&road, a.x);
      b.y = synthetic_road_edge (&road, b.x);

      g_assert_cmpint (tessera_trace_line_image (&image, a, b, &p, path,
                                                 &value, NULL), ==, TESSERA_OK);
      for (int i = 1; i <= p.nodes; i++)
        g_assert_cmpfloat (fabs (path[i].y - synthetic_road_edge (&road, path[i].x)),
                           <=, 2.0);
      tessera_image_free (&image);
    }
}

/* An RGB image of 200-400 x 120-300 pixels with a synthetic ROAD, and
 * its gradient G over the whole image. */
static TesseraImage
road_image (TestRandom *r, SyntheticRoad *road, TesseraGradient *g)
{
  TesseraImage image;

  g_assert_cmpint (tessera_image_alloc (&image, test_random_int (r, 200, 400),
                                        test_random_int (r, 120, 300), 3,
                                        TESSERA_U8), ==, TESSERA_OK);
  *road = synthetic_road_new (r, image.width, image.height);
  synthetic_road_draw (road, r, &image);
  g_assert_cmpint (tessera_gradient_compute (&image, 0, 0, image.width,
                                             image.height, 1.5, g, NULL),
                   ==, TESSERA_OK);
  return image;
}

/* Which point of GUIDE the search put at AT (its exact coordinates). */
static int
point_index (const TesseraTraceGeometry *geo, int guide, TesseraPoint at)
{
  int d = geo->points;
  for (int j = 0; j < d; j++)
    if (geo->x[guide * d + j] == (float) at.x
        && geo->y[guide * d + j] == (float) at.y)
      return j;
  g_error ("(%.9g, %.9g) is no point of guide %d", at.x, at.y, guide);
  return -1;
}

/* The value that the search returns is its polyline's links added up in
 * order, each to the bit as the definition computes it: whichever link
 * kernel this CPU runs, on roads with points close enough for its fast
 * paths and far apart. */
static void
test_value_is_its_links (void)
{
  TestRandom r = test_random_new (11);

  for (int round = 0; round < test_cases (40); round++)
    {
      TesseraImage image;
      TesseraGradient g;
      SyntheticRoad road;
      TesseraTrace p = { 0 };
      TesseraPoint a, b, path[TESSERA_TRACE_MAX_NODES + 2];
      TesseraExec exec = tessera_exec_default ();
      TesseraStatus status;
      double value, span;
      float sum = 0.0f;

      p.nodes = test_random_int (&r, 1, 8);
      p.points = test_random_int (&r, 0, 1) ? test_random_int (&r, 1, 40)
                                            : test_random_int (&r, 100, 300);
      p.half_width = 40.0 * test_random_double (&r);
      p.max_angle = test_random_int (&r, 0, 1)
                    ? 180.0 : 10.0 + 60.0 * test_random_double (&r);
      p.objective = test_random_int (&r, 0, 1);
      p.threshold = 0.05 * test_random_double (&r);
      p.mean = test_random_int (&r, 0, 1);
      p.ends.polarity = test_random_int (&r, -1, 1);
      image = road_image (&r, &road, &g);
      /* Along the road, or across the image at any angle. */
      a.x = 0.05 * image.width;
      b.x = 0.95 * image.width;
      a.y = test_random_int (&r, 0, 1) ? synthetic_road_edge (&road, a.x)
                                       : image.height * test_random_double (&r);
      b.y = test_random_int (&r, 0, 1) ? synthetic_road_edge (&road, b.x)
                                       : image.height * test_random_double (&r);
      if (round % 3 == 0)   /* down the image instead */
        {
          a = (TesseraPoint) { a.y, a.x };
          b = (TesseraPoint) { b.y, b.x };
        }

      exec.backend = TESSERA_BACKEND_CPU;
      exec.threads = 1 + round % 2;
      span = hypot (b.x - a.x, b.y - a.y) / (p.nodes + 1);
      status = tessera_trace_line (&g, a, b, &p, path, &value, &exec);
      if (status != TESSERA_ERROR_NO_SOLUTION)
        {
          g_assert_cmpint (status, ==, TESSERA_OK);
          TesseraTraceGeometry geo;
          int chosen[TESSERA_TRACE_MAX_NODES];

          g_assert_cmpint (tessera_trace_geometry_new (&p, a, b, &geo), ==,
                           TESSERA_OK);
          for (int i = 0; i < p.nodes; i++)
            chosen[i] = point_index (&geo, i, path[i + 1]);
          for (int i = 0; i <= p.nodes; i++)
            {
              float link = i > 0 && i < p.nodes
                ? trace_reference_inner_link (&g, &p, &geo, i - 1,
                                              chosen[i - 1], chosen[i])
                : trace_reference_link (&g, &p, span, (float) path[i].x,
                                        (float) path[i].y,
                                        (float) path[i + 1].x,
                                        (float) path[i + 1].y);
              sum = i == 0 ? link : sum + link;
            }
          tessera_trace_geometry_free (&geo);
          g_assert_cmpfloat (value, ==, sum);
        }
      tessera_gradient_free (&g);
      tessera_image_free (&image);
    }
}

/* The part of GRADIENT that tessera_trace_window gives for GEO, as a
 * gradient of its own (origin and size of the window). */
static TesseraGradient
window_of (const TesseraGradient *gradient, const TesseraTraceGeometry *geo)
{
  TesseraGradient w;

  tessera_trace_window (geo, gradient->x0, gradient->y0,
                        gradient->x0 + gradient->width,
                        gradient->y0 + gradient->height, &w.x0, &w.y0,
                        &w.width, &w.height);
  w.gx = g_new (float, (size_t) w.width * w.height);
  w.gy = g_new (float, (size_t) w.width * w.height);
  for (int j = 0; j < w.height; j++)
    for (int i = 0; i < w.width; i++)
      {
        size_t from = (size_t) (w.y0 - gradient->y0 + j) * gradient->width
                      + (w.x0 - gradient->x0 + i);
        w.gx[(size_t) j * w.width + i] = gradient->gx[from];
        w.gy[(size_t) j * w.width + i] = gradient->gy[from];
      }
  return w;
}

/* The search on the window of the gradient that it samples gives the bits
 * of the search on the whole gradient, with every option: the CUDA search
 * holds only that window, so it agrees with the CPU only if this holds. */
static void
test_same_on_its_window (void)
{
  TestRandom r = test_random_new (23);

  for (int round = 0; round < test_cases (60); round++)
    {
      TesseraImage image;
      TesseraGradient whole, window;
      TesseraTraceGeometry geo;
      SyntheticRoad road;
      TesseraTrace p = { 0 };
      TesseraPoint a, b, on_whole[TESSERA_TRACE_MAX_NODES + 2],
                   on_window[TESSERA_TRACE_MAX_NODES + 2];
      TesseraExec exec = tessera_exec_default ();
      double whole_value = 0.0, window_value = 0.0;
      TesseraStatus whole_status, window_status;

      p.nodes = test_random_int (&r, 2, 6);
      p.points = test_random_int (&r, 1, 60);
      p.half_width = 40.0 * test_random_double (&r);
      p.max_angle = test_random_int (&r, 0, 3)
                    ? 10.0 + 60.0 * test_random_double (&r) : 180.0;
      p.objective = test_random_int (&r, 0, 1);
      p.threshold = 0.05 * test_random_double (&r);
      trace_reference_random_options (&r, &p);
      image = road_image (&r, &road, &whole);
      a.x = image.width * (0.05 + 0.3 * test_random_double (&r));
      b.x = image.width * (0.95 - 0.3 * test_random_double (&r));
      a.y = synthetic_road_edge (&road, a.x);
      b.y = synthetic_road_edge (&road, b.x);
      g_assert_cmpint (tessera_trace_geometry_new (&p, a, b, &geo), ==,
                       TESSERA_OK);
      window = window_of (&whole, &geo);
      tessera_trace_geometry_free (&geo);

      exec.backend = TESSERA_BACKEND_CPU;
      whole_status = tessera_trace_line (&whole, a, b, &p, on_whole,
                                         &whole_value, &exec);
      window_status = tessera_trace_line (&window, a, b, &p, on_window,
                                          &window_value, &exec);
      g_assert_cmpint (whole_status, ==, window_status);
      if (whole_status == TESSERA_OK)
        {
          g_assert_cmpfloat (whole_value, ==, window_value);
          for (int i = 0; i < p.nodes + 2; i++)
            {
              g_assert_cmpfloat (on_whole[i].x, ==, on_window[i].x);
              g_assert_cmpfloat (on_whole[i].y, ==, on_window[i].y);
            }
        }
      g_free (window.gx);
      g_free (window.gy);
      tessera_gradient_free (&whole);
      tessera_image_free (&image);
    }
}

static void
test_rejects_bad_arguments (void)
{
  TesseraTrace good = { 4, 16, 5.0, 45.0, 1.0,
                        TESSERA_TRACE_ORTHOGONAL_GRADIENT, 0.0 };
  TesseraPoint a = { 1, 1 }, b = { 30, 20 };
  TesseraTrace bad;

  g_assert_cmpint (tessera_trace_check (&good, a, b), ==, TESSERA_OK);
  g_assert_cmpint (tessera_trace_check (&good, a, a), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  bad = good; bad.nodes = 0;
  g_assert_cmpint (tessera_trace_check (&bad, a, b), ==, TESSERA_ERROR_INVALID_ARGUMENT);
  bad = good; bad.points = TESSERA_TRACE_MAX_POINTS + 1;
  g_assert_cmpint (tessera_trace_check (&bad, a, b), ==, TESSERA_ERROR_INVALID_ARGUMENT);
  bad = good; bad.max_angle = 181.0;
  g_assert_cmpint (tessera_trace_check (&bad, a, b), ==, TESSERA_ERROR_INVALID_ARGUMENT);
  bad = good; bad.half_width = NAN;
  g_assert_cmpint (tessera_trace_check (&bad, a, b), ==, TESSERA_ERROR_INVALID_ARGUMENT);
  bad = good; bad.nodes = TESSERA_TRACE_MAX_NODES; bad.points = TESSERA_TRACE_MAX_POINTS;
  g_assert_cmpint (tessera_trace_check (&bad, a, b), ==, TESSERA_ERROR_TOO_LARGE);
}

static bool
cancel_at_once (double fraction, void *user_data)
{
  return false;
}

static void
test_cancel (void)
{
  TestRandom r = test_random_new (3);
  TesseraGradient g = random_gradient (&r);
  TesseraTrace p = { 5, 8, 4.0, 180.0, 0.0,
                     TESSERA_TRACE_ORTHOGONAL_GRADIENT, 0.0 };
  TesseraPoint a = { 0, 0 }, b = { 30, 3 }, path[7];
  TesseraExec exec = tessera_exec_default ();

  exec.backend = TESSERA_BACKEND_CPU;
  exec.progress = cancel_at_once;
  g_assert_cmpint (tessera_trace_line (&g, a, b, &p, path, NULL, &exec), ==,
                   TESSERA_ERROR_CANCELLED);
  g_free (g.gx);
  g_free (g.gy);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-line/matches-brute-force", test_matches_brute_force);
  g_test_add_func ("/trace-line/follows-synthetic-roads", test_follows_synthetic_roads);
  g_test_add_func ("/trace-line/value-is-its-links", test_value_is_its_links);
  g_test_add_func ("/trace-line/same-on-its-window", test_same_on_its_window);
  g_test_add_func ("/trace-line/rejects-bad-arguments", test_rejects_bad_arguments);
  g_test_add_func ("/trace-line/cancel", test_cancel);
  return g_test_run ();
}
