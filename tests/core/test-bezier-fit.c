/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bézier fitting (core/bezier-fit.h) against its promise, measured on the
 * curve itself: every input point lies within the tolerance of the fitted
 * curve (sampled densely), kept points are anchors, the curve runs smoothly
 * through every anchor but corners, smooth inputs take far fewer anchors
 * than points, straight lines are exact. */
#include <math.h>
#include <stdio.h>
#include <glib.h>
#include "bezier-fit.h"
#include "random.h"

#define MOST_POINTS 400
/* Dense sampling: the curve is sampled about this often per pixel, which
 * can overstate a distance by half a step at most. */
#define SAMPLES_PER_PX 40.0
#define SAMPLING_SLACK (0.5 / SAMPLES_PER_PX)

typedef struct
{
  TesseraPoint control[TESSERA_BEZIER_MAX_OUT (MOST_POINTS)];
  int          n_control;
  TesseraPoint *samples;
  int          n_samples;
} Fitted;

static double
distance (TesseraPoint a, TesseraPoint b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

static void
fitted_sample (Fitted *fit)
{
  int capacity = 1024;

  fit->samples = g_new (TesseraPoint, capacity);
  fit->n_samples = 0;
  for (int s = 0; s + 3 < fit->n_control; s += 3)
    {
      const TesseraPoint *seg = &fit->control[s];
      double hull = distance (seg[0], seg[1]) + distance (seg[1], seg[2])
                    + distance (seg[2], seg[3]);
      int steps = (int) ceil (hull * SAMPLES_PER_PX) + 1;

      for (int k = 0; k <= steps; k++)
        {
          if (fit->n_samples == capacity)
            {
              capacity *= 2;
              fit->samples = g_renew (TesseraPoint, fit->samples, capacity);
            }
          fit->samples[fit->n_samples++] = tessera_bezier_at (seg,
                                                              (double) k / steps);
        }
    }
  if (fit->n_control == 1)
    {
      fit->samples[0] = fit->control[0];
      fit->n_samples = 1;
    }
}

static Fitted *
fit_points (const TesseraPoint *points, int n, int closed,
            const unsigned char *keep, double tolerance, double corner)
{
  Fitted *fit = g_new0 (Fitted, 1);

  g_assert_cmpint (tessera_bezier_fit (points, n, closed, keep, tolerance,
                                       corner, fit->control, &fit->n_control),
                   ==, TESSERA_OK);
  g_assert_cmpint (fit->n_control % 3, ==, 1);
  g_assert_cmpint (fit->n_control, <=, TESSERA_BEZIER_MAX_OUT (n));
  fitted_sample (fit);
  return fit;
}

static void
fitted_free (Fitted *fit)
{
  g_free (fit->samples);
  g_free (fit);
}

static int
anchors (const Fitted *fit, int closed)
{
  return fit->n_control / 3 + 1 - (closed && fit->n_control > 1 ? 1 : 0);
}

/* The largest distance from an input point to the sampled curve. */
static double
worst_point (const Fitted *fit, const TesseraPoint *points, int n)
{
  double worst = 0.0;

  for (int i = 0; i < n; i++)
    {
      double nearest = INFINITY;
      for (int s = 0; s < fit->n_samples; s++)
        nearest = fmin (nearest, distance (points[i], fit->samples[s]));
      worst = fmax (worst, nearest);
    }
  return worst;
}

static int
is_anchor (const Fitted *fit, TesseraPoint p)
{
  for (int s = 0; s < fit->n_control; s += 3)
    if (fit->control[s].x == p.x && fit->control[s].y == p.y)
      return 1;
  return 0;
}

/* The turn of the input line at point I, in degrees. */
static double
turn_at (const TesseraPoint *points, int n, int closed, int i)
{
  TesseraPoint a = points[(i + n - 1) % n], b = points[i],
               c = points[(i + 1) % n];
  double in_x = b.x - a.x, in_y = b.y - a.y, out_x = c.x - b.x,
         out_y = c.y - b.y;

  if (! closed && (i == 0 || i == n - 1))
    return 0.0;
  return fabs (atan2 (in_x * out_y - in_y * out_x, in_x * out_x + in_y * out_y))
         * 180.0 / G_PI;
}

/* At each inner anchor, the handles on either side point opposite ways
 * (where both have a length), unless the input turns sharply there. */
static void
assert_smooth_joins (const Fitted *fit, const TesseraPoint *points, int n,
                     int closed, double corner)
{
  int last = fit->n_control - 1;

  for (int s = 0; s <= last; s += 3)
    {
      TesseraPoint in, out, p = fit->control[s];
      double in_x, in_y, out_x, out_y, li, lo, cross;
      int sharp = 0;

      if (s == 0 || s == last)
        {
          if (! closed || last == 0)
            continue;
          in = fit->control[last - 1];
          out = fit->control[1];
        }
      else
        {
          in = fit->control[s - 1];
          out = fit->control[s + 1];
        }
      in_x = p.x - in.x, in_y = p.y - in.y;
      out_x = out.x - p.x, out_y = out.y - p.y;
      li = hypot (in_x, in_y), lo = hypot (out_x, out_y);
      if (li < 1e-9 || lo < 1e-9)
        continue;
      for (int i = 0; i < n; i++)
        if (points[i].x == p.x && points[i].y == p.y)
          sharp |= turn_at (points, n, closed, i) > corner;
      if (sharp)
        continue;
      cross = (in_x * out_y - in_y * out_x) / (li * lo);
      g_assert_cmpfloat (fabs (cross), <, 1e-6);
      g_assert_cmpfloat (in_x * out_x + in_y * out_y, >, 0.0);
    }
}

/* A random walk: steps of 0.3 to 5 px, turning by up to MAX_TURN degrees. */
static int
random_walk (TestRandom *r, TesseraPoint *points, double max_turn)
{
  int n = test_random_int (r, 3, MOST_POINTS);
  double angle = 2.0 * G_PI * test_random_double (r);

  points[0] = (TesseraPoint) { 100.0 * test_random_double (r),
                               100.0 * test_random_double (r) };
  for (int i = 1; i < n; i++)
    {
      double step = 0.3 + 4.7 * test_random_double (r);
      angle += (2.0 * test_random_double (r) - 1.0) * max_turn * G_PI / 180.0;
      points[i] = (TesseraPoint) { points[i - 1].x + step * cos (angle),
                                   points[i - 1].y + step * sin (angle) };
    }
  return n;
}

static void
test_random_polylines (void)
{
  TestRandom r = test_random_new (2390);

  for (int round = 0; round < test_cases (150); round++)
    {
      TesseraPoint points[MOST_POINTS];
      unsigned char keep[MOST_POINTS] = { 0 };
      int n = random_walk (&r, points, test_random_int (&r, 0, 1) ? 20 : 120);
      int closed = test_random_int (&r, 0, 1);
      double tolerance = 0.1 + 1.9 * test_random_double (&r);
      double corner = test_random_int (&r, 0, 1) ? 60.0 : 180.0;
      Fitted *fit;

      for (int i = 0; i < n; i += test_random_int (&r, 1, 40))
        keep[i] = 1;
      fit = fit_points (points, n, closed, keep, tolerance, corner);
      g_assert_cmpfloat (worst_point (fit, points, n), <=,
                         tolerance + SAMPLING_SLACK);
      for (int i = 0; i < n; i++)
        if (keep[i])
          g_assert_true (is_anchor (fit, points[i]));
      g_assert_true (fit->control[0].x == points[0].x
                     && fit->control[0].y == points[0].y);
      if (closed)
        g_assert_true (fit->control[fit->n_control - 1].x == points[0].x
                       && fit->control[fit->n_control - 1].y == points[0].y);
      assert_smooth_joins (fit, points, n, closed, corner);
      fitted_free (fit);
    }
}

/* Circles and waves sampled 1 to 3 px apart, 0.05 px of noise:
 * a fifth of the points or fewer become anchors, each point within the tolerance. */
static void
test_smooth_inputs (void)
{
  TestRandom r = test_random_new (77);

  for (int round = 0; round < test_cases (40); round++)
    {
      TesseraPoint points[MOST_POINTS];
      int closed = round % 2;
      double radius = 20.0 + 40.0 * test_random_double (&r);
      double spacing = 1.0 + 2.0 * test_random_double (&r);
      double amplitude = 5.0 + 20.0 * test_random_double (&r);
      double wave = 60.0 + 100.0 * test_random_double (&r);
      int n = closed ? (int) (2.0 * G_PI * radius / spacing) : 300;
      Fitted *fit;

      for (int i = 0; i < n; i++)
        {
          double nx = 0.1 * (test_random_double (&r) - 0.5),
                 ny = 0.1 * (test_random_double (&r) - 0.5);
          if (closed)
            points[i] = (TesseraPoint) {
              radius * cos (2.0 * G_PI * i / n) + nx,
              radius * sin (2.0 * G_PI * i / n) + ny };
          else
            points[i] = (TesseraPoint) {
              i * spacing + nx,
              amplitude * sin (2.0 * G_PI * i * spacing / wave) + ny };
        }
      fit = fit_points (points, n, closed, NULL, 0.5, 60.0);
      if (g_test_verbose ())
        printf ("# %s of %d points: %d anchors\n", closed ? "circle" : "wave",
                n, anchors (fit, closed));
      g_assert_cmpfloat (worst_point (fit, points, n), <=,
                         0.5 + SAMPLING_SLACK);
      g_assert_cmpint (anchors (fit, closed) * 5, <=, n);
      fitted_free (fit);
    }
}

/* Points on a line, unevenly spaced: one segment, on the line exactly;
 * kept points split it into as many, still on the line. */
static void
test_straight_lines (void)
{
  TestRandom r = test_random_new (5);

  for (int round = 0; round < test_cases (50); round++)
    {
      TesseraPoint points[60];
      unsigned char keep[60] = { 0 };
      double dx = cos (round), dy = sin (round), t = 0.0;
      int n = test_random_int (&r, 2, 60), kept = 0;
      int with_keep = round % 2;
      Fitted *fit;

      for (int i = 0; i < n; i++)
        {
          points[i] = (TesseraPoint) { 10.0 + t * dx, 20.0 + t * dy };
          t += 0.5 + 5.0 * test_random_double (&r);
          keep[i] = with_keep && test_random_int (&r, 0, 5) == 0;
          kept += keep[i] && i > 0 && i < n - 1;
        }
      fit = fit_points (points, n, 0, keep, 0.5, 60.0);
      g_assert_cmpint (anchors (fit, 0), ==, 2 + kept);
      for (int s = 0; s < fit->n_samples; s++)
        {
          double off = (fit->samples[s].x - 10.0) * dy
                       - (fit->samples[s].y - 20.0) * dx;
          g_assert_cmpfloat (fabs (off), <, 1e-9);
        }
      g_assert_cmpfloat (worst_point (fit, points, n), <=, SAMPLING_SLACK);
      fitted_free (fit);
    }
}

/* One point, two points, a repeated point, tolerance 0 (an anchor on each
 * point, handles on the anchors), and bad arguments. */
static void
test_small_inputs (void)
{
  TesseraPoint one[1] = { { 3.5, 4.5 } };
  TesseraPoint two[2] = { { 0.0, 0.0 }, { 7.0, 3.0 } };
  TesseraPoint same[3] = { { 1.0, 1.0 }, { 1.0, 1.0 }, { 4.0, 1.0 } };
  TesseraPoint wave[5] = { { 0, 0 }, { 2, 1 }, { 4, 0 }, { 6, 1 }, { 8, 0 } };
  TesseraPoint out[TESSERA_BEZIER_MAX_OUT (5)];
  Fitted *fit;
  int n_out;

  fit = fit_points (one, 1, 0, NULL, 0.5, 60.0);
  g_assert_cmpint (fit->n_control, ==, 1);
  g_assert_true (fit->control[0].x == 3.5 && fit->control[0].y == 4.5);
  fitted_free (fit);

  for (int closed = 0; closed <= 1; closed++)
    {
      fit = fit_points (two, 2, closed, NULL, 0.5, 60.0);
      g_assert_cmpint (fit->n_control, ==, closed ? 7 : 4);
      g_assert_cmpfloat (worst_point (fit, two, 2), ==, 0.0);
      fitted_free (fit);
    }

  fit = fit_points (same, 3, 0, NULL, 0.5, 60.0);
  g_assert_cmpint (fit->n_control, ==, 4);
  fitted_free (fit);

  for (int closed = 0; closed <= 1; closed++)
    {
      fit = fit_points (wave, 5, closed, NULL, 0.0, 60.0);
      g_assert_cmpint (fit->n_control, ==, 3 * (5 - 1 + closed) + 1);
      for (int i = 0; i < 5 + closed; i++)
        for (int k = -1; k <= 1; k++)
          {
            int at = 3 * i + k;
            if (at < 0 || at >= fit->n_control)
              continue;
            g_assert_true (fit->control[at].x == wave[i % 5].x
                           && fit->control[at].y == wave[i % 5].y);
          }
      fitted_free (fit);
    }

  g_assert_cmpint (tessera_bezier_fit (wave, 0, 0, NULL, 0.5, 60.0, out,
                                       &n_out),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_bezier_fit (wave, 5, 0, NULL, -1.0, 60.0, out,
                                       &n_out),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_bezier_fit (wave, 5, 0, NULL, NAN, 60.0, out,
                                       &n_out),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
}

/* A square traced as a closed polyline: its four corners stay corners. */
static void
test_corners (void)
{
  TesseraPoint points[40];
  int n = 0;

  for (int side = 0; side < 4; side++)
    for (int k = 0; k < 10; k++)
      {
        double t = k * 2.0;
        TesseraPoint p = side == 0 ? (TesseraPoint) { t, 0 }
                         : side == 1 ? (TesseraPoint) { 20, t }
                         : side == 2 ? (TesseraPoint) { 20 - t, 20 }
                         : (TesseraPoint) { 0, 20 - t };
        points[n++] = p;
      }
  Fitted *fit = fit_points (points, n, 1, NULL, 0.5, 60.0);
  g_assert_cmpint (anchors (fit, 1), ==, 4);
  g_assert_cmpfloat (worst_point (fit, points, n), <=, SAMPLING_SLACK);
  fitted_free (fit);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bezier-fit/random-polylines", test_random_polylines);
  g_test_add_func ("/bezier-fit/smooth-inputs", test_smooth_inputs);
  g_test_add_func ("/bezier-fit/straight-lines", test_straight_lines);
  g_test_add_func ("/bezier-fit/small-inputs", test_small_inputs);
  g_test_add_func ("/bezier-fit/corners", test_corners);
  return g_test_run ();
}
