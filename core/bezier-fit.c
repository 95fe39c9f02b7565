/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include "bezier-fit.h"

#define FIT_PI 3.14159265358979323846
/* Newton steps are worth trying only when the fit is this near (a multiple
 * of the tolerance); farther, splitting is what helps. */
#define NEWTON_REACH 4.0
#define NEWTON_STEPS 4
/* A two-point span's handles are halved at most this often before the
 * segment is made straight. */
#define HANDLE_HALVINGS 12

typedef TesseraPoint Vec;

static Vec
vec_sub (Vec a, Vec b)
{
  return (Vec) { a.x - b.x, a.y - b.y };
}

static Vec
vec_add_scaled (Vec a, Vec b, double s)
{
  return (Vec) { a.x + s * b.x, a.y + s * b.y };
}

static double
vec_dot (Vec a, Vec b)
{
  return a.x * b.x + a.y * b.y;
}

static double
vec_length (Vec a)
{
  return hypot (a.x, a.y);
}

/* A zero vector stays zero: a tangent that cannot be told adds nothing. */
static Vec
vec_unit (Vec a)
{
  double length = vec_length (a);
  return length > 0.0 ? (Vec) { a.x / length, a.y / length } : (Vec) { 0, 0 };
}

TesseraPoint
tessera_bezier_at (const TesseraPoint *p, double t)
{
  double s = 1.0 - t;
  double b0 = s * s * s, b1 = 3.0 * s * s * t, b2 = 3.0 * s * t * t,
         b3 = t * t * t;
  return (Vec) { b0 * p[0].x + b1 * p[1].x + b2 * p[2].x + b3 * p[3].x,
                 b0 * p[0].y + b1 * p[1].y + b2 * p[2].y + b3 * p[3].y };
}

/* The first and second derivatives at T. */
static void
bezier_derivatives (const TesseraPoint *p, double t, Vec *d1, Vec *d2)
{
  double s = 1.0 - t;
  Vec q0 = vec_sub (p[1], p[0]), q1 = vec_sub (p[2], p[1]),
      q2 = vec_sub (p[3], p[2]);

  d1->x = 3.0 * (s * s * q0.x + 2.0 * s * t * q1.x + t * t * q2.x);
  d1->y = 3.0 * (s * s * q0.y + 2.0 * s * t * q1.y + t * t * q2.y);
  d2->x = 6.0 * (s * (q1.x - q0.x) + t * (q2.x - q1.x));
  d2->y = 6.0 * (s * (q1.y - q0.y) + t * (q2.y - q1.y));
}

/* The distance from P to the segment [A, B]. */
static double
segment_distance (Vec p, Vec a, Vec b)
{
  Vec    ab = vec_sub (b, a);
  double length2 = vec_dot (ab, ab);
  double t = length2 > 0.0 ? vec_dot (vec_sub (p, a), ab) / length2 : 0.0;

  t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
  return vec_length (vec_sub (p, vec_add_scaled (a, ab, t)));
}

typedef struct
{
  const Vec           *d;        /* the points, a closed line's first repeated */
  int                  m;
  const unsigned char *anchor;   /* kept points and corners */
  const unsigned char *corner;
  int                  closed;
  double               tolerance;
  double              *u;        /* each point's parameter in its span */
  TesseraPoint        *out;
  int                  n_out;
} Fit;

static void
emit (Fit *f, const TesseraPoint *segment)
{
  f->out[f->n_out++] = segment[1];
  f->out[f->n_out++] = segment[2];
  f->out[f->n_out++] = segment[3];
}

/* The neighbours of point J, across the start of a closed line. */
static Vec
point_before (const Fit *f, int j)
{
  return j > 0 ? f->d[j - 1] : f->d[f->m - 2];
}

static Vec
point_after (const Fit *f, int j)
{
  return j < f->m - 1 ? f->d[j + 1] : f->d[1];
}

/* The direction the line runs through point J: both sides' directions
 * averaged, so that uneven spacing does not tilt it. */
static Vec
centre_tangent (const Fit *f, int j)
{
  Vec in = vec_unit (vec_sub (f->d[j], point_before (f, j)));
  Vec out = vec_unit (vec_sub (point_after (f, j), f->d[j]));
  return vec_unit ((Vec) { in.x + out.x, in.y + out.y });
}

static int
open_end (const Fit *f, int j)
{
  return ! f->closed && (j == 0 || j == f->m - 1);
}

/* The tangent leaving anchor J forwards. */
static Vec
tangent_out (const Fit *f, int j)
{
  if (open_end (f, j) || f->corner[j])
    return vec_unit (vec_sub (f->d[j + 1], f->d[j]));
  return centre_tangent (f, j);
}

/* The tangent leaving anchor J backwards. */
static Vec
tangent_in (const Fit *f, int j)
{
  Vec t;

  if (open_end (f, j) || f->corner[j])
    return vec_unit (vec_sub (f->d[j - 1], f->d[j]));
  t = centre_tangent (f, j);
  return (Vec) { -t.x, -t.y };
}

static void
chord_parameters (Fit *f, int first, int last)
{
  double total;

  f->u[first] = 0.0;
  for (int i = first + 1; i <= last; i++)
    f->u[i] = f->u[i - 1] + vec_length (vec_sub (f->d[i], f->d[i - 1]));
  total = f->u[last];
  for (int i = first + 1; i <= last; i++)
    f->u[i] /= total;
}

/* The segment from FIRST to LAST along tangents T1 and T2 with handles of
 * the lengths that fit the points at their parameters best (least
 * squares); a third of the chord each where that fails. */
static void
generate (const Fit *f, int first, int last, Vec t1, Vec t2, TesseraPoint *seg)
{
  Vec    p0 = f->d[first], p3 = f->d[last];
  double c00 = 0, c01 = 0, c11 = 0, x0 = 0, x1 = 0;
  double chord = vec_length (vec_sub (p3, p0));
  double det, alpha1 = 0.0, alpha2 = 0.0;

  for (int i = first; i <= last; i++)
    {
      double t = f->u[i], s = 1.0 - t;
      double b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t,
             b3 = t * t * t;
      Vec    a1 = { t1.x * b1, t1.y * b1 }, a2 = { t2.x * b2, t2.y * b2 };
      Vec    rest = { f->d[i].x - (b0 + b1) * p0.x - (b2 + b3) * p3.x,
                      f->d[i].y - (b0 + b1) * p0.y - (b2 + b3) * p3.y };

      c00 += vec_dot (a1, a1);
      c01 += vec_dot (a1, a2);
      c11 += vec_dot (a2, a2);
      x0 += vec_dot (a1, rest);
      x1 += vec_dot (a2, rest);
    }
  det = c00 * c11 - c01 * c01;
  if (fabs (det) > 1e-12 * (c00 * c11 + 1e-300))
    {
      alpha1 = (x0 * c11 - x1 * c01) / det;
      alpha2 = (c00 * x1 - c01 * x0) / det;
    }
  /* Handles backwards or negligible: the heuristic Schneider gives. */
  if (! (alpha1 > 1e-6 * chord && alpha2 > 1e-6 * chord))
    alpha1 = alpha2 = chord / 3.0;
  seg[0] = p0;
  seg[1] = vec_add_scaled (p0, t1, alpha1);
  seg[2] = vec_add_scaled (p3, t2, alpha2);
  seg[3] = p3;
}

/* The worst distance of the span to the segment: each inner point from the
 * curve at its parameter, and the curve halfway between two points from the
 * polyline between them; *SPLIT the inner point nearest the worst. */
static double
max_error (const Fit *f, int first, int last, const TesseraPoint *seg,
           int *split)
{
  double worst = 0.0;

  *split = (first + last) / 2;
  for (int i = first; i < last; i++)
    {
      Vec    half = tessera_bezier_at (seg, 0.5 * (f->u[i] + f->u[i + 1]));
      double between = segment_distance (half, f->d[i], f->d[i + 1]);
      double at = i > first
                  ? vec_length (vec_sub (tessera_bezier_at (seg, f->u[i]),
                                         f->d[i]))
                  : 0.0;

      if (at > worst)
        {
          worst = at;
          *split = i;
        }
      if (between > worst)
        {
          worst = between;
          *split = i > first ? i : i + 1;
        }
    }
  return worst;
}

/* Newton's step towards the nearest point of the curve, per point. */
static void
reparameterise (Fit *f, int first, int last, const TesseraPoint *seg)
{
  for (int i = first + 1; i < last; i++)
    {
      double t = f->u[i];
      Vec    q = vec_sub (tessera_bezier_at (seg, t), f->d[i]), d1, d2;
      double denominator;

      bezier_derivatives (seg, t, &d1, &d2);
      denominator = vec_dot (d1, d1) + vec_dot (q, d2);
      if (denominator != 0.0)
        {
          t -= vec_dot (q, d1) / denominator;
          f->u[i] = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        }
    }
}

/* Two points: handles a third of the chord long, shortened until the curve
 * keeps to the chord (straight at last). */
static void
fit_pair (Fit *f, int first, Vec t1, Vec t2)
{
  Vec          p0 = f->d[first], p3 = f->d[first + 1];
  double       alpha = vec_length (vec_sub (p3, p0)) / 3.0;
  TesseraPoint seg[4] = { p0, p0, p3, p3 };

  for (int halving = 0; halving <= HANDLE_HALVINGS; halving++, alpha *= 0.5)
    {
      double worst = 0.0;

      seg[1] = vec_add_scaled (p0, t1, alpha);
      seg[2] = vec_add_scaled (p3, t2, alpha);
      for (int k = 1; k < 4; k++)
        worst = fmax (worst, segment_distance (tessera_bezier_at (seg,
                                                                  k / 4.0),
                                               p0, p3));
      if (worst <= f->tolerance)
        {
          emit (f, seg);
          return;
        }
    }
  seg[1] = p0;
  seg[2] = p3;
  emit (f, seg);
}

static void
fit_span (Fit *f, int first, int last, Vec t1, Vec t2)
{
  TesseraPoint seg[4];
  Vec          tc;
  int          split = first + 1;

  if (last - first == 1)
    {
      fit_pair (f, first, t1, t2);
      return;
    }
  chord_parameters (f, first, last);
  generate (f, first, last, t1, t2, seg);
  for (int step = 0; ; step++)
    {
      double error = max_error (f, first, last, seg, &split);

      if (error <= f->tolerance)
        {
          emit (f, seg);
          return;
        }
      if (step == NEWTON_STEPS || error > NEWTON_REACH * f->tolerance)
        break;
      reparameterise (f, first, last, seg);
      generate (f, first, last, t1, t2, seg);
    }
  tc = centre_tangent (f, split);
  fit_span (f, first, split, t1, (Vec) { -tc.x, -tc.y });
  fit_span (f, split, last, tc, t2);
}

/* Whether the line turns by more than LIMIT (radians) at point J. */
static int
sharp_turn (const Fit *f, int j, double limit)
{
  Vec in = vec_sub (f->d[j], point_before (f, j));
  Vec out = vec_sub (point_after (f, j), f->d[j]);

  if (vec_length (in) == 0.0 || vec_length (out) == 0.0)
    return 0;
  return fabs (atan2 (in.x * out.y - in.y * out.x, vec_dot (in, out)))
         > limit;
}

/* The points from START on, each once (a point on the one before it adds
 * nothing but its flag), a closed line's first repeated last. */
static int
gather (const TesseraPoint *points, int n, int closed,
        const unsigned char *keep, int start, Vec *d, unsigned char *kept)
{
  int m = 0;

  for (int k = 0; k <= n; k++)
    {
      int i = (start + k) % n;
      int flag = keep != NULL && keep[i];

      if (k == n && ! closed)
        break;
      if (m > 0 && d[m - 1].x == points[i].x && d[m - 1].y == points[i].y)
        {
          kept[m - 1] |= flag;
          continue;
        }
      d[m] = points[i];
      kept[m++] = flag;
    }
  /* Closed: the repeated first point. */
  if (closed && m > 1 && (d[m - 1].x != d[0].x || d[m - 1].y != d[0].y))
    {
      d[m] = d[0];
      kept[m++] = kept[0];
    }
  return m;
}

static int
first_kept (const unsigned char *keep, int n)
{
  for (int i = 0; keep != NULL && i < n; i++)
    if (keep[i])
      return i;
  return 0;
}

/* Every point an anchor, every segment straight. */
static void
fit_straight (Fit *f)
{
  for (int j = 1; j < f->m; j++)
    {
      TesseraPoint seg[4] = { f->d[j - 1], f->d[j - 1], f->d[j], f->d[j] };
      emit (f, seg);
    }
}

static void
fit_all (Fit *f, double corner_angle, unsigned char *anchor,
         unsigned char *corner)
{
  int start = 0;

  for (int j = 0; j < f->m; j++)
    {
      int inner = f->closed ? j < f->m - 1 : j > 0 && j < f->m - 1;
      corner[j] = inner && sharp_turn (f, j, corner_angle * FIT_PI / 180.0);
      anchor[j] |= corner[j];
    }
  if (f->closed)
    corner[f->m - 1] = corner[0];
  for (int j = 1; j < f->m; j++)
    if (anchor[j] || j == f->m - 1)
      {
        fit_span (f, start, j, tangent_out (f, start), tangent_in (f, j));
        start = j;
      }
}

TesseraStatus
tessera_bezier_fit (const TesseraPoint *points, int n, int closed,
                    const unsigned char *keep, double tolerance,
                    double corner_angle, TesseraPoint *out, int *n_out)
{
  Vec           *d;
  unsigned char *anchor, *corner;
  Fit            f = { 0 };

  if (points == NULL || out == NULL || n_out == NULL || n < 1
      || ! (tolerance >= 0.0) || ! (corner_angle >= 0.0))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  d = malloc ((size_t) (n + 1) * sizeof *d);
  anchor = calloc ((size_t) (n + 1), 1);
  corner = calloc ((size_t) (n + 1), 1);
  f.u = malloc ((size_t) (n + 1) * sizeof *f.u);
  if (d == NULL || anchor == NULL || corner == NULL || f.u == NULL)
    {
      free (d);
      free (anchor);
      free (corner);
      free (f.u);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  f.m = gather (points, n, closed, keep,
                closed ? first_kept (keep, n) : 0, d, anchor);
  f.d = d;
  f.anchor = anchor;
  f.corner = corner;
  f.closed = closed && f.m > 2;
  f.tolerance = tolerance;
  f.out = out;
  out[0] = d[0];
  f.n_out = 1;
  if (f.m >= 2 && tolerance == 0.0)
    fit_straight (&f);
  else if (f.m >= 2)
    fit_all (&f, corner_angle, anchor, corner);
  *n_out = f.n_out;
  free (d);
  free (anchor);
  free (corner);
  free (f.u);
  return TESSERA_OK;
}
