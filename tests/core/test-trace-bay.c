/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shapes that turn back (issue 23): a shore with a bay wider inside than at
 * its mouth, and a narrow inlet (a hairpin), whose known line a chain of
 * clicks across the mouth cannot follow with guides perpendicular to the
 * link.  Measures the maximum deviation of the chain's trace from the
 * known line, as traced (tessera_trace_chain), with the link split where
 * the corridor pins the trace or where it follows no edge (prototypes
 * here) and traced again on guides laid across its own trace
 * (test-trace-bay-relay.h), and prints them; asserts only what holds today
 * (the trace is made, the clicks kept). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>
#include "random.h"
#include "trace-clicks.h"
#include "test-trace-bay-relay.h"

#define WIDTH  240
#define HEIGHT 200
#define MOST   4096

typedef struct
{
  double y0;          /* the straight shore */
  double xc, c, r;    /* the bay: a circle of radius r centred c above it */
  double inlet;       /* > 0: a narrow inlet this wide instead, r deep */
} Shore;

static int
is_water (const Shore *s, double x, double y)
{
  if (y >= s->y0)
    return 1;
  if (s->inlet > 0.0)
    {
      double half = s->inlet / 2.0, top = s->y0 - s->r + half;
      if (y >= top)
        return fabs (x - s->xc) <= half;
      return hypot (x - s->xc, y - top) <= half;
    }
  return hypot (x - s->xc, y - (s->y0 - s->c)) <= s->r;
}

/* The known line, a point every 0.1 px or less. */
static int
shore_line (const Shore *s, TesseraPoint *line)
{
  int n = 0;
  double half = s->inlet > 0.0 ? s->inlet / 2.0 : sqrt (s->r * s->r
                                                        - s->c * s->c);

  for (double x = 0.0; x < s->xc - half; x += 0.1)
    line[n++] = (TesseraPoint) { x, s->y0 };
  if (s->inlet > 0.0)
    {
      double top = s->y0 - s->r + half;
      for (double y = s->y0; y > top; y -= 0.1)
        line[n++] = (TesseraPoint) { s->xc - half, y };
      for (double t = G_PI; t <= 2.0 * G_PI; t += 0.1 / half)
        line[n++] = (TesseraPoint) { s->xc + half * cos (t),
                                     top + half * sin (t) };
      for (double y = top; y < s->y0; y += 0.1)
        line[n++] = (TesseraPoint) { s->xc + half, y };
    }
  else
    {
      /* Around the top of the circle, from the left crossing to the right. */
      double from = G_PI - asin (s->c / s->r), to = 2.0 * G_PI
                                                    + asin (s->c / s->r);
      for (double t = from; t <= to; t += 0.1 / s->r)
        line[n++] = (TesseraPoint) { s->xc + s->r * cos (t),
                                     s->y0 - s->c + s->r * sin (t) };
    }
  for (double x = s->xc + half; x < WIDTH; x += 0.1)
    line[n++] = (TesseraPoint) { x, s->y0 };
  return n;
}

static void
paint (const Shore *s, TestRandom *r, TesseraImage *image)
{
  g_assert_cmpint (tessera_image_alloc (image, WIDTH, HEIGHT, 1, TESSERA_U8),
                   ==, TESSERA_OK);
  for (int y = 0; y < HEIGHT; y++)
    {
      uint8_t *row = tessera_image_row (image, y);
      for (int x = 0; x < WIDTH; x++)
        {
          /* A quarter of the pixel's area at four points. */
          int water = 0;
          for (int k = 0; k < 4; k++)
            water += is_water (s, x + 0.25 + 0.5 * (k % 2),
                               y + 0.25 + 0.5 * (k / 2));
          row[x] = (uint8_t) (160 - 25 * water
                              + test_random_int (r, -15, 15));
        }
    }
}

static int
nearest_index (TesseraPoint p, const TesseraPoint *line, int n_line)
{
  int best = 0;
  for (int j = 1; j < n_line; j++)
    if (hypot (p.x - line[j].x, p.y - line[j].y)
        < hypot (p.x - line[best].x, p.y - line[best].y))
      best = j;
  return best;
}

/* The largest distance of the trace (every quarter pixel) to the line, and
 * of the line between the trace's ends to the trace: what the trace cut
 * off counts too. */
static double
deviation (const TesseraPoint *path, int n, const TesseraPoint *line,
           int n_line)
{
  double worst = 0.0;
  int from = nearest_index (path[0], line, n_line);
  int to = nearest_index (path[n - 1], line, n_line);

  for (int j = from; j <= to; j++)
    {
      double best = INFINITY;
      for (int i = 0; i + 1 < n; i++)
        {
          double dx = path[i + 1].x - path[i].x, dy = path[i + 1].y - path[i].y;
          double l2 = dx * dx + dy * dy, t;
          t = l2 > 0 ? ((line[j].x - path[i].x) * dx
                        + (line[j].y - path[i].y) * dy) / l2 : 0.0;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          best = fmin (best, hypot (path[i].x + t * dx - line[j].x,
                                    path[i].y + t * dy - line[j].y));
        }
      worst = fmax (worst, best);
    }

  for (int i = 0; i + 1 < n; i++)
    {
      double length = hypot (path[i + 1].x - path[i].x,
                             path[i + 1].y - path[i].y);
      int steps = (int) ceil (length * 4.0) + 1;
      for (int k = 0; k <= steps; k++)
        {
          double t = (double) k / steps, best = INFINITY;
          TesseraPoint p = { path[i].x + t * (path[i + 1].x - path[i].x),
                             path[i].y + t * (path[i + 1].y - path[i].y) };
          for (int j = 0; j < n_line; j++)
            best = fmin (best, hypot (p.x - line[j].x, p.y - line[j].y));
          worst = fmax (worst, best);
        }
    }
  return worst;
}

/* The prototype: a link whose trace reaches the edge of its corridor is
 * split at the node that reaches farthest, and both parts are traced with
 * corridors of their own, DEPTH times at most. */
static int
trace_split (const TesseraGradient *g, TesseraPoint a, TesseraPoint b,
             const TesseraTrace *p, int depth, TesseraPoint *out, int n_out)
{
  TesseraPoint path[TESSERA_TRACE_MAX_NODES + 2];
  double length = hypot (b.x - a.x, b.y - a.y);
  double reach = tessera_trace_reach (p, length), worst = 0.0;
  int pinned = -1;
  TesseraTrace q = *p;

  if (p->reach > 0.0 && p->points > 1)
    {
      int enough = 1 + 2 * (int) ceil (reach / 0.125);
      q.points = enough < 256 ? enough : 256;
    }
  g_assert_cmpint (tessera_trace_line (g, a, b, &q, path, NULL, NULL), ==,
                   TESSERA_OK);
  for (int i = 1; i <= q.nodes; i++)
    {
      double off = fabs ((path[i].x - a.x) * (b.y - a.y)
                         - (path[i].y - a.y) * (b.x - a.x)) / length;
      if (off >= 0.95 * reach && off > worst)
        {
          worst = off;
          pinned = i;
        }
    }
  if (depth == 0 || pinned < 0 || length < 4.0)
    {
      for (int i = n_out > 0 ? 1 : 0; i < q.nodes + 2; i++)
        out[n_out++] = path[i];
      return n_out;
    }
  {
    TesseraTrace left = q, right = q;
    TesseraPoint m = path[pinned];
    left.points = right.points = p->points;
    left.ends.bound_b = 0;
    right.ends.bound_a = 0;
    n_out = trace_split (g, a, m, &left, depth - 1, out, n_out);
    return trace_split (g, m, b, &right, depth - 1, out, n_out);
  }
}

/* How strongly the segment P -> Q follows an edge of the link's contrast:
 * the mean over its samples. */
static double
support (const TesseraGradient *g, const TesseraTrace *p, TesseraPoint a,
         TesseraPoint b)
{
  TesseraTrace plain = *p;
  double length = hypot (b.x - a.x, b.y - a.y);

  plain.mean = 0;
  if (length < 1e-9)
    return 0.0;
  return tessera_trace_link_value (g, &plain, 0.0, (float) a.x, (float) a.y,
                                   (float) b.x, (float) b.y)
         / fmax (1.0, round (length));
}

/* The second prototype: where the trace's weakest segment follows no edge
 * (under a third of its strongest), the link is split at the edge nearest
 * that segment's middle, within the half-width, DEPTH times at most. */
static int
trace_split_weak (const TesseraGradient *g, TesseraPoint a, TesseraPoint b,
                  const TesseraTrace *p, int depth, TesseraPoint *out,
                  int n_out)
{
  TesseraPoint path[TESSERA_TRACE_MAX_NODES + 2];
  double length = hypot (b.x - a.x, b.y - a.y);
  double reach = tessera_trace_reach (p, length), strongest = 0.0;
  double weakest = INFINITY;
  int weak = -1;
  TesseraTrace q = *p;

  if (p->reach > 0.0 && p->points > 1)
    {
      int enough = 1 + 2 * (int) ceil (reach / 0.125);
      q.points = enough < p->points ? enough : p->points;
    }
  g_assert_cmpint (tessera_trace_line (g, a, b, &q, path, NULL, NULL), ==,
                   TESSERA_OK);
  for (int i = 0; i <= q.nodes; i++)
    {
      double v = support (g, &q, path[i], path[i + 1]);
      strongest = fmax (strongest, v);
      if (v < weakest)
        {
          weakest = v;
          weak = i;
        }
    }
  if (depth > 0 && length >= 4.0 && weakest < strongest / 3.0)
    {
      TesseraPoint w = { 0.5 * (path[weak].x + path[weak + 1].x),
                         0.5 * (path[weak].y + path[weak + 1].y) };
      TesseraPoint m = tessera_trace_snap (g, w, p->half_width);
      if (hypot (m.x - w.x, m.y - w.y) > 2.0
          && hypot (m.x - a.x, m.y - a.y) > 2.0
          && hypot (m.x - b.x, m.y - b.y) > 2.0)
        {
          TesseraTrace left = *p, right = *p;
          left.ends.bound_b = 0;
          right.ends.bound_a = 0;
          n_out = trace_split_weak (g, a, m, &left, depth - 1, out, n_out);
          return trace_split_weak (g, m, b, &right, depth - 1, out, n_out);
        }
    }
  for (int i = n_out > 0 ? 1 : 0; i < q.nodes + 2; i++)
    out[n_out++] = path[i];
  return n_out;
}

static double
trace_chain_split (const TesseraGradient *g, const TesseraPoint *clicks,
                   int n, int depth, const TesseraTrace *base,
                   const TesseraPoint *line, int n_line)
{
  TesseraPoint *out = g_new (TesseraPoint, MOST);
  int n_out = 0;
  double d;

  for (int link = 0; link + 1 < n; link++)
    {
      TesseraTrace p;
      tessera_trace_link_params (base, g, clicks, n, 0, link, &p);
      p.points = base->points;
      n_out = depth < 0
              ? trace_split_weak (g, clicks[link], clicks[link + 1], &p,
                                  -depth, out, n_out)
              : trace_split (g, clicks[link], clicks[link + 1], &p, depth, out,
                             n_out);
    }
  d = deviation (out, n_out, line, n_line);
  g_free (out);
  return d;
}

static double
trace_chain_plain (const TesseraGradient *g, const TesseraPoint *clicks,
                   int n, const TesseraTrace *base, const TesseraPoint *line,
                   int n_line)
{
  TesseraPoint *path = g_new (TesseraPoint, MOST);
  int n_path;
  double d;

  g_assert_cmpint (tessera_trace_chain (g, clicks, n, 0, base, path, &n_path,
                                        NULL, NULL), ==, TESSERA_OK);
  d = deviation (path, n_path, line, n_line);
  g_free (path);
  return d;
}

/* The third attempt: each link of the chain traced ROUNDS more times with
 * its guides laid across its trace before (test-trace-bay-relay.h). */
static double
trace_chain_relay (const TesseraGradient *g, const TesseraPoint *clicks,
                   int n, int rounds, const TesseraTrace *base,
                   const TesseraPoint *line, int n_line)
{
  TesseraPoint *path = g_new (TesseraPoint, MOST);
  TesseraPoint *out = g_new (TesseraPoint, MOST);
  TesseraPoint *snapped = g_new (TesseraPoint, n);
  int n_path, n_out = 0, stride = base->nodes + 1;
  double d;

  g_assert_cmpint (tessera_trace_chain (g, clicks, n, 0, base, path, &n_path,
                                        NULL, NULL), ==, TESSERA_OK);
  for (int i = 0; i < n; i++)
    snapped[i] = path[i * stride];
  for (int link = 0; link + 1 < n; link++)
    {
      TesseraPoint a[TRACE_RELAY_MAX_OUT], b[TRACE_RELAY_MAX_OUT];
      int n_a = stride + 1, n_b;
      TesseraTrace p;

      for (int i = 0; i < n_a; i++)
        a[i] = path[link * stride + i];
      tessera_trace_link_params (base, g, snapped, n, 0, link, &p);
      for (int round = 0; round < rounds; round++)
        {
          g_assert_cmpint (trace_relay (g, &p, a, n_a, b, &n_b), ==,
                           TESSERA_OK);
          for (int i = 0; i < n_b; i++)
            a[i] = b[i];
          n_a = n_b;
        }
      for (int i = link > 0 ? 1 : 0; i < n_a; i++)
        out[n_out++] = a[i];
    }
  d = deviation (out, n_out, line, n_line);
  g_free (path);
  g_free (out);
  g_free (snapped);
  return d;
}

static void
measure (const char *name, const Shore *s, double margin)
{
  TestRandom r = test_random_new (11);
  TesseraImage image;
  TesseraGradient g;
  TesseraTrace base = tessera_trace_defaults ();
  TesseraPoint *line = g_new (TesseraPoint, 20000);
  int n_line = shore_line (s, line);
  double half = s->inlet > 0.0 ? s->inlet / 2.0
                               : sqrt (s->r * s->r - s->c * s->c);
  TesseraPoint two[2] = { { s->xc - half - margin, s->y0 },
                          { s->xc + half + margin, s->y0 } };
  TesseraPoint three[3] = { two[0],
                            { s->xc, s->inlet > 0.0 ? s->y0 - s->r
                                     : s->y0 - s->c - s->r },
                            two[1] };

  paint (s, &r, &image);
  g_assert_cmpint (tessera_gradient_compute (&image, 0, 0, WIDTH, HEIGHT,
                                             base.sigma, &g, NULL),
                   ==, TESSERA_OK);
  printf ("# %s: max deviation, 2 clicks: %.2f px, split where pinned "
          "%.2f / %.2f px (depth 2 / 4), where weak %.2f / %.2f px; "
          "3 clicks: %.2f px, pinned %.2f / %.2f px, weak %.2f / %.2f px\n",
          name,
          trace_chain_plain (&g, two, 2, &base, line, n_line),
          trace_chain_split (&g, two, 2, 2, &base, line, n_line),
          trace_chain_split (&g, two, 2, 4, &base, line, n_line),
          trace_chain_split (&g, two, 2, -2, &base, line, n_line),
          trace_chain_split (&g, two, 2, -4, &base, line, n_line),
          trace_chain_plain (&g, three, 3, &base, line, n_line),
          trace_chain_split (&g, three, 3, 2, &base, line, n_line),
          trace_chain_split (&g, three, 3, 4, &base, line, n_line),
          trace_chain_split (&g, three, 3, -2, &base, line, n_line),
          trace_chain_split (&g, three, 3, -4, &base, line, n_line));
  printf ("# %s: guides relaid across the trace, 1 / 2 / 4 rounds: "
          "2 clicks %.2f / %.2f / %.2f px, 3 clicks %.2f / %.2f / %.2f px\n",
          name,
          trace_chain_relay (&g, two, 2, 1, &base, line, n_line),
          trace_chain_relay (&g, two, 2, 2, &base, line, n_line),
          trace_chain_relay (&g, two, 2, 4, &base, line, n_line),
          trace_chain_relay (&g, three, 3, 1, &base, line, n_line),
          trace_chain_relay (&g, three, 3, 2, &base, line, n_line),
          trace_chain_relay (&g, three, 3, 4, &base, line, n_line));
  tessera_gradient_free (&g);
  tessera_image_free (&image);
  g_free (line);
}

static void
test_turning_back (void)
{
  Shore semicircle = { 120.0, 120.0, 0.0, 20.0, 0.0 };
  Shore bay = { 120.0, 120.0, 12.0, 20.0, 0.0 };
  Shore deep_bay = { 140.0, 120.0, 25.0, 30.0, 0.0 };
  Shore inlet = { 150.0, 120.0, 0.0, 60.0, 12.0 };

  measure ("semicircular bay r 20", &semicircle, 10.0);
  measure ("bay r 20, mouth 32", &bay, 10.0);
  measure ("bay r 30, mouth 33", &deep_bay, 10.0);
  measure ("inlet 12 wide, 60 deep", &inlet, 10.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-bay/turning-back", test_turning_back);
  return g_test_run ();
}
