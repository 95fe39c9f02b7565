/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "trace-line.h"
#include "trace-links.h"
#include "gpu-backend.h"

#define TRACE_HALF_PI 1.57079632679489661923

/* Each backend's time per link (d^2 a pair of guides) on the benchmark's
 * road, the GPU's copies included: the CPU's on one thread, the GPU's
 * beyond its fixed cost a search (bench/RESULTS.md, Trace Line). */
#define CPU_NS_PER_LINK 90.0
#define GPU_NS_PER_LINK 1.2
#define GPU_NS_PER_SEARCH 0.4e6

TesseraTrace
tessera_trace_defaults (void)
{
  TesseraTrace p = { 0 };

  p.nodes = 8;
  p.points = 256;
  p.half_width = 20.0;
  p.max_angle = 30.0;
  p.sigma = 1.5;
  p.objective = TESSERA_TRACE_ORTHOGONAL_GRADIENT;
  p.threshold = 0.05;
  p.reach = 0.15;
  p.min_reach = 3.0;
  p.mean = 1;
  p.keep_side = 1;
  p.bound_ends = 1;
  p.snap_radius = 1.5;
  return p;
}

TesseraStatus
tessera_trace_check (const TesseraTrace *p, TesseraPoint a, TesseraPoint b)
{
  double length = hypot (b.x - a.x, b.y - a.y);

  if (p == NULL || p->nodes < 1 || p->nodes > TESSERA_TRACE_MAX_NODES
      || p->points < 1 || p->points > TESSERA_TRACE_MAX_POINTS
      || !(p->half_width >= 0.0 && p->half_width <= TESSERA_MAX_SIDE)
      || !(p->max_angle >= 0.0 && p->max_angle <= 180.0)
      || !(p->sigma >= 0.0 && p->sigma <= TESSERA_GRADIENT_MAX_SIGMA)
      || (p->objective != TESSERA_TRACE_ORTHOGONAL_GRADIENT
          && p->objective != TESSERA_TRACE_THRESHOLDED_SINE)
      || !(p->threshold >= 0.0)
      || !(p->reach >= 0.0 && p->reach <= 100.0)
      || !(p->min_reach >= 0.0 && p->min_reach <= TESSERA_MAX_SIDE)
      || p->mean < 0 || p->mean > 1
      || !(p->line_width >= 0.0 && p->line_width <= 256.0)
      || (p->line_width > 0.0
          && p->objective != TESSERA_TRACE_ORTHOGONAL_GRADIENT)
      || p->ends.polarity < -1 || p->ends.polarity > 1
      || (p->ends.bound_a && !(fabs (p->ends.tangent_a) <= TRACE_HALF_PI
                               && p->ends.slack_a >= 0.0
                               && p->ends.slack_a <= TRACE_HALF_PI))
      || (p->ends.bound_b && !(fabs (p->ends.tangent_b) <= TRACE_HALF_PI
                               && p->ends.slack_b >= 0.0
                               && p->ends.slack_b <= TRACE_HALF_PI))
      || p->keep_side < 0 || p->keep_side > 1
      || p->bound_ends < 0 || p->bound_ends > 1
      || !(p->snap_radius >= 0.0 && p->snap_radius <= 64.0)
      || !isfinite (a.x) || !isfinite (a.y) || !isfinite (b.x)
      || !isfinite (b.y) || !(length >= 1.0))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  /* The back pointers, (n - 2) d^2 of them, may take up to 1 GiB. */
  if ((double) (p->nodes - 2) * p->points * p->points * sizeof (uint16_t)
      > (double) ((size_t) 1 << 30))
    return TESSERA_ERROR_TOO_LARGE;
  return TESSERA_OK;
}

double
tessera_trace_reach (const TesseraTrace *p, double length)
{
  double reach;

  if (p->reach <= 0.0)
    return p->half_width;
  reach = fmax (p->reach * length, p->min_reach);
  return fmin (reach, p->half_width);
}

static double
offset_of (const TesseraTraceGeometry *geo, int j)
{
  if (geo->points == 1)
    return 0.0;
  return -geo->half_width + 2.0 * geo->half_width * j / (geo->points - 1);
}

/* Which points of the first and last guides the ends allow. */
static void
end_bounds (const TesseraTrace *p, TesseraTraceGeometry *geo)
{
  const TesseraTraceEnds *ends = &p->ends;

  for (int j = 0; j < geo->points; j++)
    {
      geo->start_ok[j] = !ends->bound_a
        || fabs (geo->angle_from_a[j] - ends->tangent_a)
           <= geo->max_angle + ends->slack_a;
      geo->end_ok[j] = !ends->bound_b
        || fabs (geo->angle_to_b[j] - ends->tangent_b)
           <= geo->max_angle + ends->slack_b;
    }
}

/* For each outgoing angle index δ2 = l - k, the interval [lo, hi] of incoming
 * δ1 = k - j whose turn is allowed.  δ1 = δ2 (no turn) always is. */
static void
turn_intervals (TesseraTraceGeometry *geo)
{
  int span = 2 * geo->points - 1;
  for (int out = 0; out < span; out++)
    {
      int first = out, last = out;
      while (first > 0 && tessera_trace_turn_ok (geo, geo->angle_between[first - 1],
                                                 geo->angle_between[out]))
        first--;
      while (last < span - 1
             && tessera_trace_turn_ok (geo, geo->angle_between[last + 1],
                                       geo->angle_between[out]))
        last++;
      geo->turn_lo[out] = first - (geo->points - 1);
      geo->turn_hi[out] = last - (geo->points - 1);
    }
}

/* The lattice of the links between guides: one sample a pixel along the
 * longest link, lines across at most a quarter pixel apart. */
static TraceLattice
lattice_of (TesseraPoint a, double ex, double ey, double h, double reach,
            int d)
{
  double step = d > 1 ? 2.0 * reach / (d - 1) : 0.0;
  double longest = hypot (h, d > 1 ? 2.0 * reach : 0.0);
  TraceLattice lat = { a.x, a.y, ex, ey, h, reach, 0.0, 1, 1 };

  lat.q = step > 0.25 ? (int) ceil (4.0 * step) : 1;
  lat.step = step / lat.q;
  lat.m = (int) floor (longest + 0.5);
  lat.m = lat.m < 1 ? 1 : lat.m;
  return lat;
}

TesseraStatus
tessera_trace_geometry_new (const TesseraTrace *p, TesseraPoint a,
                            TesseraPoint b, TesseraTraceGeometry *geo)
{
  int n = p->nodes, d = p->points;
  double length = hypot (b.x - a.x, b.y - a.y);
  double ex = (b.x - a.x) / length, ey = (b.y - a.y) / length;
  double h = length / (n + 1);
  double reach = tessera_trace_reach (p, length);
  double step = d > 1 ? 2.0 * reach / (d - 1) : 0.0;

  geo->nodes = n;
  geo->points = d;
  geo->half_width = reach;
  geo->span = h;
  geo->line_width = p->line_width;
  geo->x = malloc (sizeof (float) * (size_t) n * d);
  geo->y = malloc (sizeof (float) * (size_t) n * d);
  geo->angle_between = malloc (sizeof (double) * (2 * d - 1));
  geo->angle_from_a = malloc (sizeof (double) * d);
  geo->angle_to_b = malloc (sizeof (double) * d);
  geo->turn_lo = malloc (sizeof (int) * (2 * d - 1));
  geo->turn_hi = malloc (sizeof (int) * (2 * d - 1));
  geo->start_ok = malloc ((size_t) d);
  geo->end_ok = malloc ((size_t) d);
  if (!geo->x || !geo->y || !geo->angle_between || !geo->angle_from_a
      || !geo->angle_to_b || !geo->turn_lo || !geo->turn_hi
      || !geo->start_ok || !geo->end_ok)
    {
      tessera_trace_geometry_free (geo);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }

  for (int i = 0; i < n; i++)
    for (int j = 0; j < d; j++)
      {
        double along = (i + 1) * h, across = offset_of (geo, j);
        geo->x[i * d + j] = (float) (a.x + along * ex - across * ey);
        geo->y[i * d + j] = (float) (a.y + along * ey + across * ex);
      }
  geo->ax = (float) a.x;
  geo->ay = (float) a.y;
  geo->bx = (float) b.x;
  geo->by = (float) b.y;

  /* Angles against [a,b]: increasing with the offset change, so the allowed
   * predecessors of a pair form an interval. */
  for (int delta = -(d - 1); delta <= d - 1; delta++)
    geo->angle_between[delta + d - 1] = atan2 (delta * step, h);
  for (int j = 0; j < d; j++)
    {
      geo->angle_from_a[j] = atan2 (offset_of (geo, j), h);
      geo->angle_to_b[j] = atan2 (-offset_of (geo, j), h);
    }
  geo->max_angle = p->max_angle * (3.14159265358979323846 / 180.0);
  geo->lattice = lattice_of (a, ex, ey, h, reach, d);
  turn_intervals (geo);
  end_bounds (p, geo);
  return TESSERA_OK;
}

void
tessera_trace_geometry_free (TesseraTraceGeometry *geo)
{
  free (geo->x);
  free (geo->y);
  free (geo->angle_between);
  free (geo->angle_from_a);
  free (geo->angle_to_b);
  free (geo->turn_lo);
  free (geo->turn_hi);
  free (geo->start_ok);
  free (geo->end_ok);
  geo->start_ok = geo->end_ok = NULL;
  geo->x = geo->y = NULL;
  geo->angle_between = geo->angle_from_a = geo->angle_to_b = NULL;
  geo->turn_lo = geo->turn_hi = NULL;
}

static int
clamp_int (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

void
tessera_trace_window (const TesseraTraceGeometry *geo, int left, int top,
                      int right, int bottom, int *x0, int *y0, int *width,
                      int *height)
{
  float lo_x = fminf (geo->ax, geo->bx), hi_x = fmaxf (geo->ax, geo->bx);
  float lo_y = fminf (geo->ay, geo->by), hi_y = fmaxf (geo->ay, geo->by);
  size_t count = (size_t) geo->nodes * geo->points;
  int x1, y1;

  for (size_t i = 0; i < count; i++)
    {
      lo_x = fminf (lo_x, geo->x[i]);
      hi_x = fmaxf (hi_x, geo->x[i]);
      lo_y = fminf (lo_y, geo->y[i]);
      hi_y = fmaxf (hi_y, geo->y[i]);
    }
  /* Bilinear sampling reads the pixel on either side of a point, half a
   * line's width further across for centre lines; a window wholly outside
   * the bounds shrinks to their nearest edge. */
  int margin = 2 + (int) ceil (0.5 * geo->line_width);
  *x0 = clamp_int ((int) floorf (lo_x) - margin, left, right - 1);
  *y0 = clamp_int ((int) floorf (lo_y) - margin, top, bottom - 1);
  x1 = clamp_int ((int) ceilf (hi_x) + margin, *x0 + 1, right);
  y1 = clamp_int ((int) ceilf (hi_y) + margin, *y0 + 1, bottom);
  *width = x1 - *x0;
  *height = y1 - *y0;
}

typedef struct
{
  const TesseraTraceGeometry *geo;
  TraceLinks                 *links;
  int                         threads;
} TraceSearch;

/* The best predecessor of each pair in row K: BEST[k * d + l] the best of
 * F over (p_{g-1} = j, p_g = k) whose turn to p_{g+1} = l is allowed, BACK
 * its j.  The allowed j form a window that only moves up as l goes down,
 * so a monotone queue (QUEUE, d ints) holds its maximum.  Ties keep the
 * lowest j. */
static void
best_predecessors_row (const TesseraTraceGeometry *geo, const float *F,
                       int k, int *queue, float *best, uint16_t *back)
{
  int d = geo->points, head = 0, tail = 0, pushed = 0;
  const int *lo = geo->turn_lo, *hi = geo->turn_hi;
  const float *row = F + (size_t) k * d;

  for (int l = d - 1; l >= 0; l--)
    {
      int out = l - k + d - 1;
      int first = k - hi[out], last = k - lo[out];

      first = first < 0 ? 0 : first;
      last = last > d - 1 ? d - 1 : last;
      for (; pushed <= last; pushed++)
        {
          while (tail > head && row[queue[tail - 1]] < row[pushed])
            tail--;
          queue[tail++] = pushed;
        }
      while (tail > head && queue[head] < first)
        head++;
      best[(size_t) k * d + l] = tail > head ? row[queue[head]] : -INFINITY;
      back[(size_t) k * d + l] = (uint16_t) (tail > head ? queue[head] : 0);
    }
}

/* OUT[k * d + j] = BASE[j * d + k] + V(p_j on GUIDE, p_k on GUIDE + 1), or
 * -inf where BASE is; with F, BASE (and BACK) first receive F's best
 * predecessors (best_predecessors_row).  Diagonal after diagonal (k - j
 * fixed), whose links are parallel and read the lattice's table with one
 * shift, TRACE_GROUP of them at a time. */
static TesseraStatus
add_links (const TraceSearch *s, int guide, const float *F, uint16_t *back,
           float *base, float *out)
{
  int d = s->geo->points, failed = 0;
  int rows = trace_links_pair (s->links, guide);

  if (s->links->failed)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  /* One parallel region a pair of guides, one barrier inside: on a busy
   * machine each can wait for a time slice. */
  #pragma omp parallel num_threads (s->threads)
  {
    ptrdiff_t *shifts = malloc (sizeof (ptrdiff_t) * s->geo->lattice.m);
    int *queue = F != NULL ? malloc (sizeof (int) * d) : NULL;

    if (F != NULL)
      {
        #pragma omp for schedule (dynamic, 4) nowait
        for (int k = 0; k < d; k++)
          {
            if (queue == NULL)
              {
                failed = 1;
                continue;
              }
            best_predecessors_row (s->geo, F, k, queue, base, back);
          }
      }
    #pragma omp for schedule (static)
    for (int row = 0; row < rows; row++)
      trace_links_row (s->links, row);
    #pragma omp for schedule (dynamic, 1)
    for (int delta = -(d - 1); delta <= d - 1; delta++)
      {
        int first = delta < 0 ? -delta : 0, end = delta > 0 ? d - delta : d;

        if (shifts == NULL)
          {
            failed = 1;
            continue;
          }
        trace_links_shifts (s->links, delta, shifts);
        for (int j0 = first; j0 < end; j0 += TRACE_GROUP)
          {
            int count = end - j0 < TRACE_GROUP ? end - j0 : TRACE_GROUP;
            float values[TRACE_GROUP];
            uint32_t wanted = 0;

            for (int i = 0; i < count; i++)
              if (base[(size_t) (j0 + i) * d + j0 + i + delta] != -INFINITY)
                wanted |= 1u << i;
            if (wanted != 0)
              trace_links_diagonal (s->links, shifts, j0, delta, count,
                                    values);
            for (int i = 0; i < count; i++)
              {
                int j = j0 + i, k = j + delta;
                out[(size_t) k * d + j] = wanted >> i & 1
                  ? base[(size_t) j * d + k] + values[i] : -INFINITY;
              }
          }
      }
    free (shifts);
    free (queue);
  }
  return failed ? TESSERA_ERROR_OUT_OF_MEMORY : TESSERA_OK;
}

/* F[k * d + j]: best value of a … p_1 = j, p_2 = k. */
static TesseraStatus
first_pair (const TraceSearch *s, float *scratch, float *F)
{
  const TesseraTraceGeometry *g = s->geo;
  int d = g->points;

  #pragma omp parallel for num_threads (s->threads) schedule (dynamic, 4)
  for (int j = 0; j < d; j++)
    {
      float from_a = trace_links_one (s->links, g->ax, g->ay, g->x[j], g->y[j]);
      for (int k = 0; k < d; k++)
        scratch[(size_t) j * d + k] =
          g->start_ok[j]
          && tessera_trace_turn_ok (g, g->angle_from_a[j],
                                    g->angle_between[k - j + d - 1])
          ? from_a : -INFINITY;
    }
  return add_links (s, 0, NULL, NULL, scratch, F);
}

/* From F over (p_{g-1} = j, p_g = k) to NEXT over (p_g = k, p_{g+1} = l). */
static TesseraStatus
next_pair (const TraceSearch *s, int guide, const float *F, float *scratch,
           uint16_t *back, float *next)
{
  return add_links (s, guide, F, back, scratch, next);
}

/* The best last pair (j, k) with the link to b; ties keep the lowest k, j. */
static float
last_pair (const TraceSearch *s, const float *F, int *best_j, int *best_k)
{
  const TesseraTraceGeometry *g = s->geo;
  int d = g->points, last = g->nodes - 1;
  float best = -INFINITY;

  for (int k = 0; k < d; k++)
    {
      size_t at = (size_t) last * d + k;
      float to_b;
      if (!g->end_ok[k])
        continue;
      to_b = trace_links_one (s->links, g->x[at], g->y[at], g->bx, g->by);
      for (int j = 0; j < d; j++)
        {
          float v = F[(size_t) k * d + j];
          if (v == -INFINITY || !tessera_trace_turn_ok (g,
                g->angle_between[k - j + d - 1], g->angle_to_b[k]))
            continue;
          if (v + to_b > best)
            {
              best = v + to_b;
              *best_j = j;
              *best_k = k;
            }
        }
    }
  return best;
}

/* One guide: p_1 alone between a and b; ties keep the lowest index. */
static float
single_guide (const TraceSearch *s, int *best_k)
{
  const TesseraTraceGeometry *g = s->geo;
  float best = -INFINITY;

  for (int k = 0; k < g->points; k++)
    {
      float v;
      if (!g->start_ok[k] || !g->end_ok[k]
          || !tessera_trace_turn_ok (g, g->angle_from_a[k], g->angle_to_b[k]))
        continue;
      v = trace_links_one (s->links, g->ax, g->ay, g->x[k], g->y[k])
        + trace_links_one (s->links, g->x[k], g->y[k], g->bx, g->by);
      if (v > best)
        {
          best = v;
          *best_k = k;
        }
    }
  return best;
}

/* The dynamic programme: CHOSEN receives the point index on each guide. */
static TesseraStatus
search_pairs (const TraceSearch *s, int *chosen, float *value,
              TesseraExec *exec)
{
  int n = s->geo->nodes, d = s->geo->points;
  size_t pairs = (size_t) d * d;
  float *F = NULL, *next = NULL, *scratch = NULL;
  uint16_t *back = NULL;
  TesseraStatus status = TESSERA_OK;

  if (n == 1)
    {
      *value = single_guide (s, &chosen[0]);
      return *value == -INFINITY ? TESSERA_ERROR_NO_SOLUTION : TESSERA_OK;
    }

  F = malloc (sizeof (float) * pairs);
  next = malloc (sizeof (float) * pairs);
  scratch = malloc (sizeof (float) * pairs);
  back = malloc (sizeof (uint16_t) * pairs * (n > 2 ? n - 2 : 1));
  if (!F || !next || !scratch || !back)
    status = TESSERA_ERROR_OUT_OF_MEMORY;

  if (status == TESSERA_OK)
    {
      status = first_pair (s, scratch, F);
      for (int guide = 1; guide < n - 1 && status == TESSERA_OK; guide++)
        {
          float *swap;
          status = next_pair (s, guide, F, scratch,
                              back + (size_t) (guide - 1) * pairs, next);
          swap = F; F = next; next = swap;
          if (status == TESSERA_OK
              && !tessera_exec_progress (exec, (double) guide / (n - 1)))
            status = TESSERA_ERROR_CANCELLED;
        }
    }

  if (status == TESSERA_OK)
    {
      *value = last_pair (s, F, &chosen[n - 2], &chosen[n - 1]);
      if (*value == -INFINITY)
        status = TESSERA_ERROR_NO_SOLUTION;
      /* back[g - 1] holds, for (p_g, p_{g+1}), the best p_{g-1}. */
      for (int g = n - 2; g >= 1 && status == TESSERA_OK; g--)
        chosen[g - 1] = back[(size_t) (g - 1) * pairs
                             + (size_t) chosen[g] * d + chosen[g + 1]];
    }

  free (F); free (next); free (scratch); free (back);
  return status;
}

/* The exact search on the CPU, with the fastest link kernel. */
static TesseraStatus
search_cpu (const TesseraGradient *gradient, const TesseraTrace *params,
            const TesseraTraceGeometry *geo, int *chosen, float *value,
            TesseraExec *exec)
{
  TraceLinks links;
  TesseraStatus status = trace_links_init (&links, gradient, params, geo,
                                           trace_kernel_best ());
  if (status == TESSERA_OK)
    {
      TraceSearch search = { geo, &links, tessera_exec_threads (exec) };
      status = search_pairs (&search, chosen, value, exec);
    }
  trace_links_clear (&links);
  return status;
}

/* The arguments of one search, for the backends. */
typedef struct
{
  const TesseraGradient      *gradient;
  const TesseraTrace         *params;
  const TesseraTraceGeometry *geo;
  int                        *chosen;
  float                      *value;
} TraceArgs;

static TesseraStatus
trace_on_cpu (void *data, TesseraExec *exec)
{
  const TraceArgs *a = data;
  return search_cpu (a->gradient, a->params, a->geo, a->chosen, a->value,
                     exec);
}

static TesseraStatus
trace_on_gpu (void *data, TesseraExec *exec)
{
  const TraceArgs *a = data;
  return tessera_cuda_trace_line (a->gradient, a->params, a->geo, a->chosen,
                                  a->value);
}

/* On the GPU where it pays (one guide never does: it is d links), else or
 * after a GPU failure on the CPU.  Both give the same bits with every
 * option: the GPU sums each link with core/trace-sample.h as the CPU does,
 * on the part of the gradient that the search samples, which gives the
 * whole gradient's bits (test-trace-line /trace-line/same-on-its-window). */
static TesseraStatus
search_any (const TesseraGradient *gradient, const TesseraTrace *params,
            const TesseraTraceGeometry *geo, int *chosen, float *value,
            TesseraExec *exec)
{
  int n = params->nodes, d = params->points;
  TraceArgs args = { gradient, params, geo, chosen, value };
  TesseraExecOp op = {
    .cpu = trace_on_cpu, .gpu = TESSERA_GPU (trace_on_gpu), .args = &args,
    .cpu_only = n < 2,
    .cost = { .items = (double) (n - 1) * d * d, .cpu_ns = CPU_NS_PER_LINK,
              .gpu_ns = GPU_NS_PER_LINK, .gpu_call_ns = GPU_NS_PER_SEARCH }
  };
  return tessera_exec_run (exec, &op);
}

TesseraStatus
tessera_trace_line (const TesseraGradient *gradient, TesseraPoint a,
                    TesseraPoint b, const TesseraTrace *params,
                    TesseraPoint *path, double *value, TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraTraceGeometry geo;
  TesseraStatus status = tessera_trace_check (params, a, b);
  int *chosen;
  float best = 0.0f;

  if (status != TESSERA_OK)
    return status;
  if (gradient == NULL || gradient->gx == NULL || path == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (exec == NULL)
    exec = &defaults;
  status = tessera_trace_geometry_new (params, a, b, &geo);
  if (status != TESSERA_OK)
    return status;
  chosen = malloc (sizeof (int) * params->nodes);
  if (chosen == NULL)
    {
      tessera_trace_geometry_free (&geo);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }

  status = search_any (gradient, params, &geo, chosen, &best, exec);

  if (status == TESSERA_OK)
    {
      path[0] = a;
      for (int i = 0; i < params->nodes; i++)
        {
          size_t at = (size_t) i * params->points + chosen[i];
          path[i + 1].x = geo.x[at];
          path[i + 1].y = geo.y[at];
        }
      path[params->nodes + 1] = b;
      if (value != NULL)
        *value = best;
    }
  free (chosen);
  tessera_trace_geometry_free (&geo);
  return status;
}

TesseraStatus
tessera_trace_line_image (const TesseraImage *image, TesseraPoint a,
                          TesseraPoint b, const TesseraTrace *params,
                          TesseraPoint *path, double *value, TesseraExec *exec)
{
  TesseraTraceGeometry geo;
  TesseraGradient gradient;
  TesseraStatus status = tessera_trace_check (params, a, b);
  int x0, y0, width, height;

  if (status == TESSERA_OK)
    status = tessera_image_check (image);
  if (status != TESSERA_OK)
    return status;
  status = tessera_trace_geometry_new (params, a, b, &geo);
  if (status != TESSERA_OK)
    return status;
  tessera_trace_window (&geo, 0, 0, image->width, image->height, &x0, &y0,
                        &width, &height);
  tessera_trace_geometry_free (&geo);

  status = tessera_gradient_compute (image, x0, y0, width, height,
                                     params->sigma, &gradient, exec);
  if (status != TESSERA_OK)
    return status;
  status = tessera_trace_line (&gradient, a, b, params, path, value, exec);
  tessera_gradient_free (&gradient);
  return status;
}
