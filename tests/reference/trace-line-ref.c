/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "trace-line-ref.h"
#include "trace-sample.h"
#include "trace-lattice.h"

void
trace_reference_random_options (TestRandom *r, TesseraTrace *p)
{
  if (test_random_int (r, 0, 1))
    {
      p->reach = test_random_double (r);
      p->min_reach = 5.0 * test_random_double (r);
    }
  p->mean = test_random_int (r, 0, 1);
  p->ends.polarity = test_random_int (r, -1, 1);
  p->ends.bound_a = test_random_int (r, 0, 1);
  p->ends.bound_b = test_random_int (r, 0, 1);
  p->ends.tangent_a = 3.0 * test_random_double (r) - 1.5;
  p->ends.tangent_b = 3.0 * test_random_double (r) - 1.5;
  p->ends.slack_a = test_random_int (r, 0, 1) * 0.5 * test_random_double (r);
  p->ends.slack_b = test_random_int (r, 0, 1) * 0.5 * test_random_double (r);
  if (p->objective == TESSERA_TRACE_ORTHOGONAL_GRADIENT
      && test_random_int (r, 0, 2) == 0)
    p->line_width = 12.0 * test_random_double (r);
}

/* Bilinear between pixel centres, clamped to the window: the obvious way. */
static void
sample (const TesseraGradient *g, double x, double y, double *gx, double *gy)
{
  double fx = fmin (fmax (x - g->x0 - 0.5, 0.0), g->width - 1.0);
  double fy = fmin (fmax (y - g->y0 - 0.5, 0.0), g->height - 1.0);
  int i = (int) floor (fx), j = (int) floor (fy);
  int i1 = i + 1 < g->width ? i + 1 : i, j1 = j + 1 < g->height ? j + 1 : j;
  double wx = fx - i, wy = fy - j;
  double w[4] = { (1 - wx) * (1 - wy), wx * (1 - wy), (1 - wx) * wy, wx * wy };
  size_t at[4] = { (size_t) j * g->width + i, (size_t) j * g->width + i1,
                   (size_t) j1 * g->width + i, (size_t) j1 * g->width + i1 };
  *gx = *gy = 0.0;
  for (int c = 0; c < 4; c++)
    {
      *gx += w[c] * g->gx[at[c]];
      *gy += w[c] * g->gy[at[c]];
    }
}

/* The centre line's response: g x u half the width to the left (along
 * (-uy, ux)) less half the width to the right. */
static double
line_response (const TesseraGradient *g, const TesseraTrace *p, double x,
               double y, double ux, double uy)
{
  double half = 0.5 * p->line_width, response = 0.0;

  for (int side = 1; side >= -1; side -= 2)
    {
      double gx, gy;
      sample (g, x - side * half * uy, y + side * half * ux, &gx, &gy);
      response += side * (gx * uy - gy * ux);
    }
  return response;
}

/* What a sample of gradient (GX, GY) adds on a link of unit direction
 * (UX, UY), or THRESHOLDED away: the objective's definition. */
static double
sample_value (const TesseraTrace *p, double gx, double gy, double ux,
              double uy, double *sum)
{
  double cross = gx * uy - gy * ux;
  cross = p->ends.polarity == 0 ? fabs (cross) : p->ends.polarity * cross;
  if (p->objective == TESSERA_TRACE_ORTHOGONAL_GRADIENT)
    return *sum += cross;
  if (hypot (gx, gy) > p->threshold)
    *sum += cross / hypot (gx, gy);
  return *sum;
}

/* A link from point J of GUIDE to point L of the next (edges): m samples,
 * each at the lattice line nearest to where it lies across [a,b], halves
 * rounding up (core/trace-lattice.h), in double. */
static double
lattice_link_value (const TesseraGradient *g, const TesseraTrace *p,
                    const TesseraTraceGeometry *geo, int guide, int j, int l)
{
  const TraceLattice *lat = &geo->lattice;
  int d = geo->points;
  double px = geo->x[guide * d + j], py = geo->y[guide * d + j];
  double qx = geo->x[(guide + 1) * d + l], qy = geo->y[(guide + 1) * d + l];
  double length = hypot (qx - px, qy - py), sum = 0.0;

  for (int k = 0; k < lat->m; k++)
    {
      double t = (k + 0.5) / lat->m, gx, gy;
      double shift = floor (((2.0 * k + 1.0) * (l - j) * lat->q + lat->m)
                            / (2.0 * lat->m));
      double across = (j * lat->q + shift) * lat->step - lat->reach;
      double along = (guide + 1 + t) * lat->h;
      sample (g, lat->ax + along * lat->ex - across * lat->ey,
              lat->ay + along * lat->ey + across * lat->ex, &gx, &gy);
      sample_value (p, gx, gy, (qx - px) / length, (qy - py) / length, &sum);
    }
  return p->mean ? sum / lat->m * (geo->span / length) : sum;
}

static double
link_value (const TesseraGradient *g, const TesseraTrace *p, double span,
            double px, double py, double qx, double qy)
{
  double length = hypot (qx - px, qy - py);
  int m = (int) floor (length + 0.5);
  double sum = 0.0;

  if (length == 0.0)
    return 0.0;
  if (m < 1)
    m = 1;
  for (int k = 0; k < m; k++)
    {
      double t = (k + 0.5) / m, gx, gy, cross;
      sample (g, px + t * (qx - px), py + t * (qy - py), &gx, &gy);
      if (p->line_width == 0.0)
        {
          sample_value (p, gx, gy, (qx - px) / length, (qy - py) / length,
                        &sum);
          continue;
        }
      cross = line_response (g, p, px + t * (qx - px), py + t * (qy - py),
                             (qx - px) / length, (qy - py) / length);
      sum += p->ends.polarity == 0 ? fabs (cross) : p->ends.polarity * cross;
    }
  return p->mean ? sum / m * (span / length) : sum;
}

/* The angle of each link against [a,b], straight from the geometry's
 * tables; turns are checked with the same predicate as the search, so both
 * agree on which candidates exist. */
static double
link_angle (const TesseraTraceGeometry *geo, const int *chosen, int link)
{
  int n = geo->nodes, d = geo->points;
  if (link == 0)
    return geo->angle_from_a[chosen[0]];
  if (link == n)
    return geo->angle_to_b[chosen[n - 1]];
  return geo->angle_between[chosen[link] - chosen[link - 1] + d - 1];
}

/* The ends' bounds, straight from their definition in trace-line.h. */
static int
ends_ok (const TesseraTrace *p, const TesseraTraceGeometry *geo,
         const int *chosen, int link)
{
  double angle = link_angle (geo, chosen, link);
  if (link == 0 && p->ends.bound_a)
    return fabs (angle - p->ends.tangent_a) <= geo->max_angle + p->ends.slack_a;
  if (link == geo->nodes && p->ends.bound_b)
    return fabs (angle - p->ends.tangent_b) <= geo->max_angle + p->ends.slack_b;
  return 1;
}

double
trace_reference_value (const TesseraGradient *g, const TesseraTrace *p,
                       const TesseraTraceGeometry *geo, const int *chosen)
{
  int n = geo->nodes, d = geo->points;
  double px = geo->ax, py = geo->ay, sum = 0.0;

  for (int link = 0; link <= n; link++)
    {
      double qx = link < n ? geo->x[link * d + chosen[link]] : geo->bx;
      double qy = link < n ? geo->y[link * d + chosen[link]] : geo->by;
      if (link > 0 && !tessera_trace_turn_ok (geo, link_angle (geo, chosen, link - 1),
                                              link_angle (geo, chosen, link)))
        return -INFINITY;
      if (!ends_ok (p, geo, chosen, link))
        return -INFINITY;
      if (link > 0 && link < n && p->line_width == 0.0)
        sum += lattice_link_value (g, p, geo, link - 1, chosen[link - 1],
                                   chosen[link]);
      else
        sum += link_value (g, p, geo->span, px, py, qx, qy);
      px = qx;
      py = qy;
    }
  return sum;
}

double
trace_reference_best (const TesseraGradient *g, const TesseraTrace *p,
                      const TesseraTraceGeometry *geo, int *chosen)
{
  int n = geo->nodes, d = geo->points;
  int *candidate = calloc (n, sizeof (int));
  double best = -INFINITY;

  /* Count through all d^n candidates like an odometer. */
  for (;;)
    {
      double v = trace_reference_value (g, p, geo, candidate);
      int i = 0;
      if (v > best)
        {
          best = v;
          memcpy (chosen, candidate, sizeof (int) * n);
        }
      while (i < n && ++candidate[i] == d)
        candidate[i++] = 0;
      if (i == n)
        break;
    }
  free (candidate);
  return best;
}

float
trace_reference_link (const TesseraGradient *g, const TesseraTrace *p,
                      double span, float px, float py, float qx, float qy)
{
  float dx = qx - px, dy = qy - py, acc[TRACE_LANES] = { 0.0f };
  int m, thresholded = p->objective == TESSERA_TRACE_THRESHOLDED_SINE;
  float length = trace_link_length (dx, dy, &m);

  if (length == 0.0f)
    return 0.0f;
  for (int k = 0; k < m; k++)
    acc[k % TRACE_LANES] += trace_sample_value (g->gx, g->gy, g->x0, g->y0,
                                                g->width, g->height, px, py,
                                                dx, dy, dx / length,
                                                dy / length, k, m,
                                                thresholded,
                                                (float) p->threshold,
                                                p->ends.polarity,
                                                (float) (0.5 * p->line_width));
  return trace_link_total (trace_lanes_total (acc), m, p->mean, (float) span,
                           length);
}

float
trace_reference_inner_link (const TesseraGradient *g, const TesseraTrace *p,
                            const TesseraTraceGeometry *geo, int guide,
                            int j, int l)
{
  int d = geo->points;
  float px = geo->x[guide * d + j], py = geo->y[guide * d + j];
  float qx = geo->x[(guide + 1) * d + l], qy = geo->y[(guide + 1) * d + l];

  if (p->line_width > 0.0)
    return trace_reference_link (g, p, geo->span, px, py, qx, qy);
  return trace_lattice_link (&geo->lattice, g->gx, g->gy, g->x0, g->y0,
                             g->width, g->height, guide, j, l, px, py, qx, qy,
                             p->objective == TESSERA_TRACE_THRESHOLDED_SINE,
                             (float) p->threshold, p->ends.polarity, p->mean,
                             (float) geo->span);
}
