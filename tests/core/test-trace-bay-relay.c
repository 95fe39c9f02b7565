/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "test-trace-bay-relay.h"

#define RELAY_PI 3.14159265358979323846
/* Points on a relaid guide no closer than this (pixels): the search is
 * cubic in their number. */
#define RELAY_STEP 0.25

typedef struct
{
  int     n, d;
  double  reach;
  float  *x, *y;      /* guide i, point j at [i * d + j] */
  double *tx, *ty;    /* guide i's direction along the earlier trace */
} Guides;

/* ANGLE in [-pi, pi]. */
static double
wrap (double angle)
{
  return remainder (angle, 2.0 * RELAY_PI);
}

/* The point at arc length S along P (ARC: the lengths up to each point). */
static TesseraPoint
point_at (const TesseraPoint *p, const double *arc, int n, double s)
{
  int i = 0;
  double length, t;

  if (s <= 0.0)
    return p[0];
  if (s >= arc[n - 1])
    return p[n - 1];
  while (i + 2 < n && arc[i + 1] < s)
    i++;
  length = arc[i + 1] - arc[i];
  t = length > 0.0 ? (s - arc[i]) / length : 0.0;
  return (TesseraPoint) { p[i].x + t * (p[i + 1].x - p[i].x),
                          p[i].y + t * (p[i + 1].y - p[i].y) };
}

static void
guides_free (Guides *g)
{
  free (g->x);
  free (g->y);
  free (g->tx);
  free (g->ty);
}

static TesseraStatus
guides_new (const TesseraTrace *p, const TesseraPoint *e, int n_e,
            Guides *g)
{
  double *arc = malloc (sizeof (double) * (size_t) n_e), total, h, chord;
  TesseraPoint a = e[0], b = e[n_e - 1];
  int finest;

  if (arc == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  arc[0] = 0.0;
  for (int i = 1; i < n_e; i++)
    arc[i] = arc[i - 1] + hypot (e[i].x - e[i - 1].x, e[i].y - e[i - 1].y);
  total = arc[n_e - 1];
  chord = hypot (b.x - a.x, b.y - a.y);
  h = chord / (p->nodes + 1);
  g->n = (int) lround (total / h) - 1;
  g->n = g->n < p->nodes ? p->nodes : g->n;
  g->n = g->n > TESSERA_TRACE_MAX_NODES ? TESSERA_TRACE_MAX_NODES : g->n;
  g->reach = tessera_trace_reach (p, chord);
  finest = 1 + 2 * (int) ceil (g->reach / RELAY_STEP);
  g->d = p->points < finest ? p->points : finest;
  g->x = malloc (sizeof (float) * (size_t) g->n * g->d);
  g->y = malloc (sizeof (float) * (size_t) g->n * g->d);
  g->tx = malloc (sizeof (double) * (size_t) g->n);
  g->ty = malloc (sizeof (double) * (size_t) g->n);
  if (!g->x || !g->y || !g->tx || !g->ty)
    {
      free (arc);
      guides_free (g);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  h = total / (g->n + 1);
  for (int i = 0; i < g->n; i++)
    {
      double s = (i + 1) * h;
      TesseraPoint c = point_at (e, arc, n_e, s);
      TesseraPoint before = point_at (e, arc, n_e, s - h);
      TesseraPoint after = point_at (e, arc, n_e, s + h);
      double tx = after.x - before.x, ty = after.y - before.y;
      double length = hypot (tx, ty);

      if (!(length > 0.0))
        {
          tx = b.x - a.x;
          ty = b.y - a.y;
          length = chord;
        }
      g->tx[i] = tx / length;
      g->ty[i] = ty / length;
      for (int j = 0; j < g->d; j++)
        {
          double across = g->d > 1
            ? -g->reach + 2.0 * g->reach * j / (g->d - 1) : 0.0;
          g->x[i * g->d + j] = (float) (c.x - across * g->ty[i]);
          g->y[i * g->d + j] = (float) (c.y + across * g->tx[i]);
        }
    }
  free (arc);
  return TESSERA_OK;
}

/* V of the link P -> Q gaining ground along (TX, TY) (unit), -inf where it
 * gains none; *ANGLE its direction. */
static float
link_of (const TesseraGradient *gradient, const TesseraTrace *p,
         double px, double py, double qx, double qy, double tx, double ty,
         double *angle)
{
  double gain = (qx - px) * tx + (qy - py) * ty;

  *angle = atan2 (qy - py, qx - px);
  if (!(gain > 0.0))
    return -INFINITY;
  return tessera_trace_link_value (gradient, p, gain, (float) px, (float) py,
                                   (float) qx, (float) qy);
}

/* Whether an end link of direction ANGLE keeps to the bound (BOUND,
 * TANGENT, SLACK against the chord CHORD). */
static int
end_ok (const TesseraTrace *p, int bound, double tangent, double slack,
        double chord, double angle)
{
  return !bound || fabs (wrap (angle - chord) - tangent)
                   <= p->max_angle * RELAY_PI / 180.0 + slack;
}

typedef struct
{
  const Guides *g;
  double        max_turn;
  float        *va, *vb, *v;     /* a -> guide 0, last guide -> b, between */
  double       *aa, *ab, *ang;
  unsigned char *ok_a, *ok_b;
} Links;

static int
turn_ok (const Links *l, double in, double out)
{
  return fabs (wrap (out - in)) <= l->max_turn;
}

static void
links_free (Links *l)
{
  free (l->va);
  free (l->vb);
  free (l->v);
  free (l->aa);
  free (l->ab);
  free (l->ang);
  free (l->ok_a);
  free (l->ok_b);
}

static TesseraStatus
links_new (const TesseraGradient *gradient, const TesseraTrace *p,
           TesseraPoint a, TesseraPoint b, const Guides *g, int bounded,
           Links *l)
{
  int n = g->n, d = g->d;
  size_t pairs = (size_t) d * d;
  double chord = atan2 (b.y - a.y, b.x - a.x);

  l->g = g;
  l->max_turn = p->max_angle * RELAY_PI / 180.0;
  l->va = malloc (sizeof (float) * d);
  l->vb = malloc (sizeof (float) * d);
  l->aa = malloc (sizeof (double) * d);
  l->ab = malloc (sizeof (double) * d);
  l->ok_a = malloc ((size_t) d);
  l->ok_b = malloc ((size_t) d);
  l->v = malloc (sizeof (float) * pairs * (size_t) (n > 1 ? n - 1 : 1));
  l->ang = malloc (sizeof (double) * pairs * (size_t) (n > 1 ? n - 1 : 1));
  if (!l->va || !l->vb || !l->aa || !l->ab || !l->ok_a || !l->ok_b || !l->v
      || !l->ang)
    {
      links_free (l);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  for (int j = 0; j < d; j++)
    {
      size_t first = (size_t) j, last = (size_t) (n - 1) * d + j;
      l->va[j] = link_of (gradient, p, a.x, a.y, g->x[first], g->y[first],
                          g->tx[0], g->ty[0], &l->aa[j]);
      l->vb[j] = link_of (gradient, p, g->x[last], g->y[last], b.x, b.y,
                          g->tx[n - 1], g->ty[n - 1], &l->ab[j]);
      l->ok_a[j] = !bounded || end_ok (p, p->ends.bound_a, p->ends.tangent_a,
                                       p->ends.slack_a, chord, l->aa[j]);
      l->ok_b[j] = !bounded || end_ok (p, p->ends.bound_b, p->ends.tangent_b,
                                       p->ends.slack_b, chord, l->ab[j]);
    }
  #pragma omp parallel for schedule (dynamic, 1)
  for (int i = 0; i < n - 1; i++)
    {
      double tx = g->tx[i] + g->tx[i + 1], ty = g->ty[i] + g->ty[i + 1];
      double length = hypot (tx, ty);

      tx = length > 0.0 ? tx / length : g->tx[i];
      ty = length > 0.0 ? ty / length : g->ty[i];
      for (int j = 0; j < d; j++)
        for (int k = 0; k < d; k++)
          {
            size_t from = (size_t) i * d + j, to = (size_t) (i + 1) * d + k;
            size_t at = (size_t) i * pairs + (size_t) j * d + k;
            l->v[at] = link_of (gradient, p, g->x[from], g->y[from],
                                g->x[to], g->y[to], tx, ty, &l->ang[at]);
          }
    }
  return TESSERA_OK;
}

/* One guide: the best point between a and b. */
static float
single (const Links *l, int *chosen)
{
  float best = -INFINITY;

  for (int k = 0; k < l->g->d; k++)
    {
      float v = l->va[k] + l->vb[k];
      if (l->ok_a[k] && l->ok_b[k] && turn_ok (l, l->aa[k], l->ab[k])
          && v > best)
        {
          best = v;
          *chosen = k;
        }
    }
  return best;
}

/* The exact best over pairs of points of consecutive guides; ties keep
 * the lowest indices. */
static TesseraStatus
search (const Links *l, int *chosen)
{
  int n = l->g->n, d = l->g->d;
  size_t pairs = (size_t) d * d;
  float *F = malloc (sizeof (float) * pairs);
  float *next = malloc (sizeof (float) * pairs);
  uint16_t *back = malloc (sizeof (uint16_t) * pairs
                           * (size_t) (n > 2 ? n - 2 : 1));
  float best = -INFINITY;
  TesseraStatus status = TESSERA_OK;

  if (!F || !next || !back)
    status = TESSERA_ERROR_OUT_OF_MEMORY;
  else if (n == 1)
    best = single (l, &chosen[0]);
  else
    {
      for (int j = 0; j < d; j++)
        for (int k = 0; k < d; k++)
          F[(size_t) j * d + k] =
            l->ok_a[j] && turn_ok (l, l->aa[j], l->ang[(size_t) j * d + k])
            ? l->va[j] + l->v[(size_t) j * d + k] : -INFINITY;
      for (int i = 1; i < n - 1; i++)
        {
          const float *v = l->v + (size_t) i * pairs;
          const double *in = l->ang + (size_t) (i - 1) * pairs;
          const double *out = l->ang + (size_t) i * pairs;
          uint16_t *b = back + (size_t) (i - 1) * pairs;
          float *swap;

          #pragma omp parallel for schedule (dynamic, 4)
          for (int k = 0; k < d; k++)
            for (int m = 0; m < d; m++)
              {
                float top = -INFINITY;
                int arg = 0;
                size_t km = (size_t) k * d + m;

                if (v[km] != -INFINITY)
                  for (int j = 0; j < d; j++)
                    {
                      size_t jk = (size_t) j * d + k;
                      if (F[jk] > top && turn_ok (l, in[jk], out[km]))
                        {
                          top = F[jk];
                          arg = j;
                        }
                    }
                next[km] = top == -INFINITY ? -INFINITY : top + v[km];
                b[km] = (uint16_t) arg;
              }
          swap = F;
          F = next;
          next = swap;
        }
      for (int j = 0; j < d; j++)
        for (int k = 0; k < d; k++)
          {
            size_t jk = (size_t) j * d + k;
            float v = F[jk] + l->vb[k];
            if (F[jk] != -INFINITY && l->ok_b[k]
                && turn_ok (l, l->ang[(size_t) (n - 2) * pairs + jk],
                            l->ab[k])
                && v > best)
              {
                best = v;
                chosen[n - 2] = j;
                chosen[n - 1] = k;
              }
          }
      for (int i = n - 2; i >= 1 && best != -INFINITY; i--)
        chosen[i - 1] = back[(size_t) (i - 1) * pairs
                             + (size_t) chosen[i] * d + chosen[i + 1]];
    }
  if (status == TESSERA_OK && best == -INFINITY)
    status = TESSERA_ERROR_NO_SOLUTION;
  free (F);
  free (next);
  free (back);
  return status;
}

static TesseraStatus
relay_once (const TesseraGradient *gradient, const TesseraTrace *p,
            const Guides *g, TesseraPoint a, TesseraPoint b, int bounded,
            int *chosen)
{
  Links l;
  TesseraStatus status = links_new (gradient, p, a, b, g, bounded, &l);

  if (status != TESSERA_OK)
    return status;
  status = search (&l, chosen);
  links_free (&l);
  return status;
}

TesseraStatus
trace_relay (const TesseraGradient *gradient,
                     const TesseraTrace *params, const TesseraPoint *earlier,
                     int n_earlier, TesseraPoint *out, int *n_out)
{
  TesseraPoint a, b;
  Guides g = { 0 };
  int chosen[TESSERA_TRACE_MAX_NODES];
  TesseraStatus status;

  if (gradient == NULL || params == NULL || earlier == NULL || out == NULL
      || n_out == NULL || n_earlier < 2)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  a = earlier[0];
  b = earlier[n_earlier - 1];
  status = tessera_trace_check (params, a, b);
  if (status == TESSERA_OK)
    status = guides_new (params, earlier, n_earlier, &g);
  if (status != TESSERA_OK)
    return status;
  status = relay_once (gradient, params, &g, a, b, 1, chosen);
  if (status == TESSERA_ERROR_NO_SOLUTION
      && (params->ends.bound_a || params->ends.bound_b))
    status = relay_once (gradient, params, &g, a, b, 0, chosen);
  if (status == TESSERA_OK)
    {
      out[0] = a;
      for (int i = 0; i < g.n; i++)
        out[i + 1] = (TesseraPoint) { g.x[i * g.d + chosen[i]],
                                      g.y[i * g.d + chosen[i]] };
      out[g.n + 1] = b;
      *n_out = g.n + 2;
    }
  guides_free (&g);
  return status;
}
