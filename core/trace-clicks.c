/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bezier-fit.h"
#include "trace-clicks.h"
#include "trace-sample.h"

#define CHAIN_PI 3.14159265358979323846
/* Snapping looks at points this far apart. */
#define SNAP_STEP 0.25
/* Below this |g| (a unit step over one pixel gives 0.5) nothing is an edge;
 * an edge is a peak of |g| at least this share of the strongest near. */
#define SNAP_WEAKEST 0.01
#define SNAP_SHARE   0.2
/* The contrast is looked for this far either side of a click. */
#define SIDE_REACH 2.0
/* Points on a guide closer than this (pixels) find nothing new: a short
 * link's guides, reaching less, take fewer points. */
#define FINEST_STEP 0.125

int
tessera_trace_chain_links (int n, int closed)
{
  if (n < 2)
    return 0;
  return closed ? n : n - 1;
}

static void
gradient_at (const TesseraGradient *g, double x, double y, float *gx,
             float *gy)
{
  trace_gradient_at (g->gx, g->gy, g->width, g->height,
                     (float) (x - g->x0 - 0.5), (float) (y - g->y0 - 0.5),
                     gx, gy);
}

static double
magnitude_at (const TesseraGradient *g, double x, double y)
{
  float gx, gy;
  gradient_at (g, x, y, &gx, &gy);
  return hypot (gx, gy);
}

/* Whether |g| at (X, Y) is no lower than half a step either way along g. */
static int
peaks_across (const TesseraGradient *g, double x, double y, double m)
{
  float gx, gy;
  double ux, uy;

  gradient_at (g, x, y, &gx, &gy);
  if (m <= 0.0)
    return 0;
  ux = 0.5 * gx / m;
  uy = 0.5 * gy / m;
  return m >= magnitude_at (g, x + ux, y + uy)
         && m >= magnitude_at (g, x - ux, y - uy);
}

TesseraPoint
tessera_trace_snap (const TesseraGradient *g, TesseraPoint p, double radius)
{
  int steps = (int) floor (radius / SNAP_STEP);
  double strongest = 0.0, nearest = INFINITY, best_m = 0.0;
  TesseraPoint best = p;

  if (g == NULL || !(radius > 0.0))
    return p;
  for (int j = -steps; j <= steps; j++)
    for (int i = -steps; i <= steps; i++)
      if (hypot (i, j) * SNAP_STEP <= radius)
        strongest = fmax (strongest, magnitude_at (g, p.x + i * SNAP_STEP,
                                                   p.y + j * SNAP_STEP));
  if (strongest < SNAP_WEAKEST)
    return p;
  /* In scan order, so that equals keep the first. */
  for (int j = -steps; j <= steps; j++)
    for (int i = -steps; i <= steps; i++)
      {
        double x = p.x + i * SNAP_STEP, y = p.y + j * SNAP_STEP;
        double distance = hypot (i, j) * SNAP_STEP, m;

        if (distance > radius || distance > nearest)
          continue;
        m = magnitude_at (g, x, y);
        if (m < SNAP_SHARE * strongest || !peaks_across (g, x, y, m))
          continue;
        if (distance < nearest || m > best_m)
          {
            nearest = distance;
            best_m = m;
            best = (TesseraPoint) { x, y };
          }
      }
  return best;
}

/* g x u at P moved by S along the left normal of the unit direction U. */
static double
cross_beside (const TesseraGradient *g, TesseraPoint p, double ux, double uy,
              double s)
{
  float gx, gy;
  gradient_at (g, p.x - s * uy, p.y + s * ux, &gx, &gy);
  return gx * uy - gy * ux;
}

/* The strongest g x u within SIDE_REACH of P across the unit direction U,
 * with its sign; for a centre line HALF a width from its flanks, the
 * strongest left flank's less right flank's (positive: a bright line). */
static double
contrast_at (const TesseraGradient *g, TesseraPoint p, double ux, double uy,
             double half)
{
  double best = 0.0;

  for (double s = -SIDE_REACH; s <= SIDE_REACH; s += SNAP_STEP)
    {
      double cross = half > 0.0
        ? cross_beside (g, p, ux, uy, s + half)
          - cross_beside (g, p, ux, uy, s - half)
        : cross_beside (g, p, ux, uy, s);
      if (fabs (cross) > fabs (best))
        best = cross;
    }
  return best;
}

/* The contrast at A and B across a -> b: their sum when they agree, else
 * 0. */
static double
link_contrast (const TesseraGradient *g, TesseraPoint a, TesseraPoint b,
               double half)
{
  double length = hypot (b.x - a.x, b.y - a.y), ux, uy, at_a, at_b;

  if (g == NULL || !(length > 0.0))
    return 0.0;
  ux = (b.x - a.x) / length;
  uy = (b.y - a.y) / length;
  at_a = contrast_at (g, a, ux, uy, half);
  at_b = contrast_at (g, b, ux, uy, half);
  return at_a * at_b < 0.0 ? 0.0 : at_a + at_b;
}

static int
sign_of (double v)
{
  return (v > 0.0) - (v < 0.0);
}

int
tessera_trace_polarity (const TesseraGradient *g, TesseraPoint a,
                        TesseraPoint b, double line_width)
{
  return sign_of (link_contrast (g, a, b, 0.5 * line_width));
}

/* The links whose ends agree vote, one voice each, for the hand that the
 * brighter side keeps along the whole chain. */
static int
chain_polarity (const TesseraGradient *g, const TesseraPoint *clicks, int n,
                int closed, double line_width)
{
  int links = tessera_trace_chain_links (n, closed), votes = 0;

  for (int link = 0; link < links; link++)
    votes += sign_of (link_contrast (g, clicks[link], clicks[(link + 1) % n],
                                     0.5 * line_width));
  return sign_of (votes);
}

static double
wrap (double angle)
{
  while (angle > CHAIN_PI)
    angle -= 2.0 * CHAIN_PI;
  while (angle < -CHAIN_PI)
    angle += 2.0 * CHAIN_PI;
  return angle;
}

/* The direction of the line through inner click I (between the chords to
 * and from it), or false at an open chain's ends and where the chain turns
 * right back at I. */
static int
click_direction (const TesseraPoint *c, int n, int closed, int i,
                 double *direction)
{
  TesseraPoint before, here = c[i], after;
  double in, out, tx, ty;

  if (!closed && (i == 0 || i == n - 1))
    return 0;
  if (n < 3)
    return 0;
  before = c[(i + n - 1) % n];
  after = c[(i + 1) % n];
  in = hypot (here.x - before.x, here.y - before.y);
  out = hypot (after.x - here.x, after.y - here.y);
  if (!(in > 0.0 && out > 0.0))
    return 0;
  tx = (here.x - before.x) / in + (after.x - here.x) / out;
  ty = (here.y - before.y) / in + (after.y - here.y) / out;
  if (hypot (tx, ty) < 0.2)
    return 0;
  *direction = atan2 (ty, tx);
  return 1;
}

/* The bound on the link's end at a click whose line runs along DIRECTION,
 * for a chord along CHORD: the link may leave along the chord or along the
 * click's direction, and max_angle around either. */
static void
bound_end (double direction, double chord, int *bound, double *tangent,
           double *slack)
{
  double towards = wrap (direction - chord);

  if (fabs (towards) >= 0.5 * CHAIN_PI)
    return;
  *bound = 1;
  *tangent = 0.5 * towards;
  *slack = 0.5 * fabs (towards);
}

/* The end of a link at an open chain's end click, where nothing says how
 * the line runs: were the link an arc, it would leave its end as it enters
 * the other (mirrored), so the link may leave along the chord or that way,
 * max_angle around either. */
static void
bound_free_end (int other_bound, double other_tangent, double other_slack,
                int *bound, double *tangent, double *slack)
{
  double towards = 0.0;

  /* The other end's bound, as bound_end made it: its click's direction is
   * TANGENT + SLACK or TANGENT - SLACK, the one away from the chord. */
  if (other_bound)
    towards = -(other_tangent + (other_tangent >= 0.0 ? other_slack
                                                      : -other_slack));
  *bound = 1;
  *tangent = 0.5 * towards;
  *slack = 0.5 * fabs (towards);
}

void
tessera_trace_link_params (const TesseraTrace *base,
                           const TesseraGradient *gradient,
                           const TesseraPoint *clicks, int n, int closed,
                           int link, TesseraTrace *p)
{
  int from = link, to = (link + 1) % n;
  TesseraPoint a = clicks[from], b = clicks[to];
  double chord = atan2 (b.y - a.y, b.x - a.x), direction;
  TesseraTraceEnds *ends = &p->ends;
  int free_a, free_b;

  *p = *base;
  memset (ends, 0, sizeof *ends);
  if (base->reach > 0.0 && base->points > 1)
    {
      double reach = tessera_trace_reach (base, hypot (b.x - a.x, b.y - a.y));
      int enough = 1 + 2 * (int) ceil (reach / FINEST_STEP);
      p->points = enough < base->points ? enough : base->points;
    }
  if (base->bound_ends)
    {
      free_a = !click_direction (clicks, n, closed, from, &direction);
      if (!free_a)
        bound_end (direction, chord, &ends->bound_a, &ends->tangent_a,
                   &ends->slack_a);
      free_b = !click_direction (clicks, n, closed, to, &direction);
      if (!free_b)
        bound_end (direction, chord, &ends->bound_b, &ends->tangent_b,
                   &ends->slack_b);
      /* An open chain's ends: the first link's start and the last's end. */
      if (free_a && !closed && from == 0)
        bound_free_end (ends->bound_b, ends->tangent_b, ends->slack_b,
                        &ends->bound_a, &ends->tangent_a, &ends->slack_a);
      if (free_b && !closed && to == n - 1)
        bound_free_end (ends->bound_a, ends->tangent_a, ends->slack_a,
                        &ends->bound_b, &ends->tangent_b, &ends->slack_b);
    }
  /* A link whose clicks disagree keeps the chain's hand. */
  if (base->keep_side)
    {
      ends->polarity = tessera_trace_polarity (gradient, a, b,
                                               base->line_width);
      if (ends->polarity == 0)
        ends->polarity = chain_polarity (gradient, clicks, n, closed,
                                         base->line_width);
    }
  else
    ends->polarity = base->ends.polarity;
}

/* Clicks snap to edges: on a centre line they stay. */
static double
snap_radius (const TesseraTrace *base)
{
  return base->line_width > 0.0 ? 0.0 : base->snap_radius;
}

/* Link LINK between clicks already snapped. */
static TesseraStatus
trace_snapped_link (const TesseraGradient *gradient,
                    const TesseraPoint *snapped, int n, int closed, int link,
                    const TesseraTrace *base, TesseraPoint *path,
                    TesseraExec *exec)
{
  TesseraPoint a = snapped[link], b = snapped[(link + 1) % n];
  TesseraTrace p;
  TesseraStatus status;

  tessera_trace_link_params (base, gradient, snapped, n, closed, link, &p);
  status = tessera_trace_line (gradient, a, b, &p, path, NULL, exec);
  if (status == TESSERA_ERROR_NO_SOLUTION
      && (p.ends.bound_a || p.ends.bound_b))
    {
      p.ends.bound_a = p.ends.bound_b = 0;
      status = tessera_trace_line (gradient, a, b, &p, path, NULL, exec);
    }
  return status;
}

/* The clicks snapped; where two that were a pixel apart or more would
 * come closer (close anchors of a path snapping to one edge), both stay
 * where they were. */
static TesseraPoint *
snapped_clicks (const TesseraGradient *gradient, const TesseraPoint *clicks,
                int n, int closed, double radius)
{
  TesseraPoint *snapped = malloc (sizeof (TesseraPoint) * (size_t) n);
  int links = tessera_trace_chain_links (n, closed), moved = 1;

  for (int i = 0; snapped != NULL && i < n; i++)
    snapped[i] = tessera_trace_snap (gradient, clicks[i], radius);
  while (snapped != NULL && moved)
    {
      moved = 0;
      for (int link = 0; link < links; link++)
        {
          int a = link, b = (link + 1) % n;
          if (hypot (snapped[b].x - snapped[a].x, snapped[b].y - snapped[a].y)
              < 1.0
              && hypot (clicks[b].x - clicks[a].x, clicks[b].y - clicks[a].y)
                 >= 1.0
              && (memcmp (&snapped[a], &clicks[a], sizeof *clicks) != 0
                  || memcmp (&snapped[b], &clicks[b], sizeof *clicks) != 0))
            {
              snapped[a] = clicks[a];
              snapped[b] = clicks[b];
              moved = 1;
            }
        }
    }
  return snapped;
}

TesseraStatus
tessera_trace_chain_link (const TesseraGradient *gradient,
                          const TesseraPoint *clicks, int n, int closed,
                          int link, const TesseraTrace *base,
                          TesseraPoint *path, TesseraExec *exec)
{
  TesseraPoint *snapped;
  TesseraStatus status;

  if (link < 0 || link >= tessera_trace_chain_links (n, closed))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  snapped = snapped_clicks (gradient, clicks, n, closed, snap_radius (base));
  if (snapped == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  status = trace_snapped_link (gradient, snapped, n, closed, link, base, path,
                               exec);
  free (snapped);
  return status;
}

TesseraStatus
tessera_trace_chain (const TesseraGradient *gradient,
                     const TesseraPoint *clicks, int n, int closed,
                     const TesseraTrace *base, TesseraPoint *path,
                     int *n_path, int *failed_link, TesseraExec *exec)
{
  int links = tessera_trace_chain_links (n, closed), stride = base->nodes + 1;
  TesseraStatus status = TESSERA_OK;
  TesseraPoint *snapped;
  int link;

  *n_path = 0;
  if (links == 0)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  snapped = snapped_clicks (gradient, clicks, n, closed, snap_radius (base));
  if (snapped == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (link = 0; link < links && status == TESSERA_OK; link++)
    status = trace_snapped_link (gradient, snapped, n, closed, link, base,
                                 path + (size_t) link * stride, exec);
  free (snapped);
  if (status == TESSERA_OK)
    *n_path = links * stride + 1;
  else if (failed_link != NULL)
    *failed_link = link - 1;
  return status;
}

static double
clamp (double v, double lo, double hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

void
tessera_trace_chain_window (const TesseraPoint *clicks, int n,
                            const TesseraTrace *base, int width, int height,
                            int window[4])
{
  double margin = base->half_width + base->snap_radius
                  + 0.5 * base->line_width + 8.0;
  double x0 = clicks[0].x, y0 = clicks[0].y, x1 = x0, y1 = y0;

  for (int i = 1; i < n; i++)
    {
      x0 = fmin (x0, clicks[i].x);
      x1 = fmax (x1, clicks[i].x);
      y0 = fmin (y0, clicks[i].y);
      y1 = fmax (y1, clicks[i].y);
    }
  window[0] = (int) clamp (floor (x0 - margin), 0, width - 1);
  window[1] = (int) clamp (floor (y0 - margin), 0, height - 1);
  window[2] = (int) clamp (ceil (x1 + margin), window[0] + 1, width)
              - window[0];
  window[3] = (int) clamp (ceil (y1 + margin), window[1] + 1, height)
              - window[1];
}

TesseraStatus
tessera_trace_chain_fit (const TesseraPoint *path, int n, int closed,
                         int link_points, double tolerance,
                         TesseraPoint *out, int *n_out)
{
  unsigned char *keep = calloc (n > 0 ? (size_t) n : 1, 1);
  TesseraStatus  status;

  if (keep == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (int i = 0; i < n; i += link_points > 0 ? link_points : n)
    keep[i] = 1;
  status = tessera_bezier_fit (path, n, closed, keep, tolerance,
                               TESSERA_BEZIER_CORNER_ANGLE, out, n_out);
  free (keep);
  return status;
}
