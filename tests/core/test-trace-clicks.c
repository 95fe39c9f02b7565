/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Chains of clicks (core/trace-clicks.h) on synthetic roads with a known
 * edge: more clicks never make the trace worse, the clicked one of two
 * parallel edges wins, snapping finds the edge, ends stay bounded. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>
#include "random.h"
#include "synthetic-road.h"
#include "trace-clicks.h"

#define MOST_CLICKS 12

typedef double (*EdgeAt) (const SyntheticRoad *road, double x);

/* The largest distance (vertical, the edges being gentle) from the trace
 * to the edge, every quarter pixel along it. */
static double
max_deviation (const SyntheticRoad *road, EdgeAt edge,
               const TesseraPoint *path, int n_path)
{
  double worst = 0.0;

  for (int i = 0; i + 1 < n_path; i++)
    {
      double length = hypot (path[i + 1].x - path[i].x,
                             path[i + 1].y - path[i].y);
      int steps = (int) ceil (length * 4.0) + 1;
      for (int s = 0; s <= steps; s++)
        {
          double t = (double) s / steps;
          double x = path[i].x + t * (path[i + 1].x - path[i].x);
          double y = path[i].y + t * (path[i + 1].y - path[i].y);
          worst = fmax (worst, fabs (y - edge (road, x)));
        }
    }
  return worst;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Traces clicks at XS (sorted, N of them) on EDGE, JITTER pixels off it. */
static double
trace_at (const TesseraGradient *g, const SyntheticRoad *road, EdgeAt edge,
          const double *xs, const double *jitter, int n,
          const TesseraTrace *p)
{
  TesseraPoint clicks[MOST_CLICKS];
  TesseraPoint *path = g_new (TesseraPoint, MOST_CLICKS * (p->nodes + 1) + 1);
  int n_path;
  double deviation;

  for (int i = 0; i < n; i++)
    clicks[i] = (TesseraPoint) { xs[i], edge (road, xs[i]) + jitter[i] };
  g_assert_cmpint (tessera_trace_chain (g, clicks, n, 0, p, path, &n_path,
                                        NULL, NULL), ==, TESSERA_OK);
  deviation = max_deviation (road, edge, path, n_path);
  g_free (path);
  return deviation;
}

static void
paint_scene (TestRandom *r, SyntheticRoad *road, TesseraImage *image,
             TesseraGradient *g, double width, int above, int on, int below)
{
  g_assert_cmpint (tessera_image_alloc (image, 400, 200, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  *road = synthetic_road_new (r, image->width, image->height);
  road->width = width;
  road->width_swing = 0.0;
  road->centre = image->height / 2.0 - width / 2.0;
  synthetic_road_paint (road, r, image, above, on, below, 30);
  g_assert_cmpint (tessera_gradient_compute (image, 0, 0, image->width,
                                             image->height, 1.5, g, NULL),
                   ==, TESSERA_OK);
}

/* Two clicks on the weaker edge of a narrow road whose other edge is much
 * stronger: the trace keeps to the clicked edge, on either edge, in either
 * direction, the clicks up to a pixel off it. */
static void
test_clicked_edge_wins (void)
{
  TestRandom r = test_random_new (623);
  TesseraTrace p = tessera_trace_defaults ();

  for (int round = 0; round < test_cases (16); round++)
    {
      TesseraImage image;
      TesseraGradient g;
      SyntheticRoad road;
      int upper = round % 2, weak = test_random_int (&r, 20, 40);
      double xs[2] = { 20.0 + 40.0 * test_random_double (&r),
                       380.0 - 40.0 * test_random_double (&r) };
      double jitter[2] = { 2.0 * test_random_double (&r) - 1.0,
                           2.0 * test_random_double (&r) - 1.0 };
      EdgeAt edge = upper ? synthetic_road_edge : synthetic_road_lower;
      double deviation;

      /* The road 140; the clicked side differs by WEAK, the other by 100. */
      paint_scene (&r, &road, &image, &g, 5.0 + 5.0 * test_random_double (&r),
                   upper ? 140 - weak : 40, 140, upper ? 40 : 140 - weak);
      if (round % 4 >= 2)
        {
          double swap = xs[0];
          xs[0] = xs[1];
          xs[1] = swap;
        }
      deviation = trace_at (&g, &road, edge, xs, jitter, 2, &p);
      if (g_test_verbose ())
        printf ("# round %d: %.2f px from the clicked edge\n", round,
                deviation);
      g_assert_cmpfloat (deviation, <=, 1.5);
      tessera_gradient_free (&g);
      tessera_image_free (&image);
    }
}

/* For random clicks on the edge (up to a pixel off), adding clicks never
 * makes the largest deviation worse by more than half a pixel; narrow
 * roads put the other edge within the guides' reach. */
static void
test_more_clicks_help (void)
{
  TestRandom r = test_random_new (2311);
  TesseraTrace p = tessera_trace_defaults ();
  double worst_gain = -INFINITY;


  for (int round = 0; round < test_cases (16); round++)
    {
      TesseraImage image;
      TesseraGradient g;
      SyntheticRoad road;
      double xs[MOST_CLICKS], jitter[MOST_CLICKS], previous = INFINITY;
      int n = 2;

      paint_scene (&r, &road, &image, &g, 6.0 + 14.0 * test_random_double (&r),
                   test_random_int (&r, 30, 120), test_random_int (&r, 140, 220),
                   test_random_int (&r, 30, 120));
      xs[0] = 20.0 + 30.0 * test_random_double (&r);
      xs[1] = 380.0 - 30.0 * test_random_double (&r);
      /* (jitter follows the sorted order only roughly: any offsets do.) */
      jitter[0] = 2.0 * test_random_double (&r) - 1.0;
      jitter[1] = 2.0 * test_random_double (&r) - 1.0;
      while (n <= 10)
        {
          double deviation;
          qsort (xs, n, sizeof (double), compare_doubles);
          deviation = trace_at (&g, &road, synthetic_road_edge, xs, jitter,
                                n, &p);
          if (g_test_verbose ())
            printf ("# round %d, %d clicks: %.2f px\n", round, n, deviation);
          /* Below a pixel every trace is on the edge, which the scene
           * draws as a staircase of pixels. */
          g_assert_cmpfloat (deviation, <=, fmax (previous, 1.0) + 0.5);
          worst_gain = fmax (worst_gain, deviation - previous);
          previous = fmin (previous, deviation);
          /* More clicks, anywhere between the first and the last. */
          for (int add = test_random_int (&r, 1, 3); add > 0 && n < 11; add--)
            {
              double x = xs[0] + (xs[n - 1] - xs[0]) * test_random_double (&r);
              int apart = 1;
              for (int i = 0; i < n; i++)
                apart &= fabs (xs[i] - x) >= 8.0;
              if (!apart)
                continue;
              xs[n] = x;
              jitter[n] = 2.0 * test_random_double (&r) - 1.0;
              n++;
            }
          if (n == 11)
            break;
        }
      g_assert_cmpfloat (previous, <=, 1.5);
      tessera_gradient_free (&g);
      tessera_image_free (&image);
    }
  if (g_test_verbose ())
    printf ("# largest loss from a click: %.2f px\n", worst_gain);
}

static double
road_centre (const SyntheticRoad *road, double x)
{
  return 0.5 * (synthetic_road_edge (road, x) + synthetic_road_lower (road, x));
}

/* A narrow road (5 to 10 px, bright or dark) clicked on its centre line
 * (up to a pixel off) and traced as a line of its width keeps to the
 * centre, with 2 to 5 clicks. */
static void
test_centre_line (void)
{
  TestRandom r = test_random_new (99);

  for (int round = 0; round < test_cases (12); round++)
    {
      TesseraTrace p = tessera_trace_defaults ();
      TesseraImage image;
      TesseraGradient g;
      SyntheticRoad road;
      double width = 5.0 + 5.0 * test_random_double (&r), deviation;
      int bright = round % 2, n = 2 + round % 4;
      double xs[5], jitter[5];

      paint_scene (&r, &road, &image, &g, width, bright ? 70 : 170,
                   bright ? 190 : 50, bright ? 90 : 160);
      p.line_width = width;
      for (int i = 0; i < n; i++)
        {
          xs[i] = 20.0 + 360.0 * i / (n - 1);
          jitter[i] = 2.0 * test_random_double (&r) - 1.0;
        }
      deviation = trace_at (&g, &road, road_centre, xs, jitter, n, &p);
      if (g_test_verbose ())
        printf ("# %s road %.1f px wide, %d clicks: %.2f px from its "
                "centre\n", bright ? "bright" : "dark", width, n, deviation);
      g_assert_cmpfloat (deviation, <=, 1.5);
      tessera_gradient_free (&g);
      tessera_image_free (&image);
    }
}

/* A path's anchors, a pixel or two apart and off the edge either way, as
 * Trace Line from Path gets them from a traced path: snapping never brings
 * two within a pixel, and the trace keeps to the edge. */
static void
test_close_clicks (void)
{
  TestRandom r = test_random_new (41);
  TesseraTrace p = tessera_trace_defaults ();
  TesseraImage image;
  TesseraGradient g;
  SyntheticRoad road;
  double xs[MOST_CLICKS], jitter[MOST_CLICKS];

  paint_scene (&r, &road, &image, &g, 12.0, 60, 180, 90);
  for (int round = 0; round < test_cases (40); round++)
    {
      double x = 30.0 + 300.0 * test_random_double (&r);
      for (int i = 0; i < MOST_CLICKS; i++)
        {
          xs[i] = x;
          jitter[i] = 3.0 * test_random_double (&r) - 1.5;
          x += 1.0 + 1.5 * test_random_double (&r);
        }
      g_assert_cmpfloat (trace_at (&g, &road, synthetic_road_edge, xs, jitter,
                                   MOST_CLICKS, &p), <=, 2.0);
    }
  tessera_gradient_free (&g);
  tessera_image_free (&image);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-clicks/more-clicks-help", test_more_clicks_help);
  g_test_add_func ("/trace-clicks/clicked-edge-wins", test_clicked_edge_wins);
  g_test_add_func ("/trace-clicks/close-clicks", test_close_clicks);
  g_test_add_func ("/trace-clicks/centre-line", test_centre_line);
  return g_test_run ();
}
