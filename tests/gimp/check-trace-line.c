/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Trace Line's paths against the core on the CPU, which traces on the whole
 * drawable's gradient: the plug-in reads only the window each link needs,
 * and must find the same polyline. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bezier-fit.h"
#include "check-ops.h"
#include "check-trace-line.h"
#include "synthetic-road.h"
#include "trace-clicks.h"

/* Anchors that differ by more than this, in pixels, differ. */
#define ANCHOR_TOLERANCE 1e-6
/* GIMP's paths hold single precision: the points given may differ from
 * the anchors by as much as that rounding (at most 4e-6 for points below
 * 65536, relative 6e-8), no more. */
#define POINT_TOLERANCE  1e-4
/* How close to the road's edge a traced anchor must lie. */
#define ROAD_TOLERANCE   2.0

typedef struct
{
  bool          closed;
  int           count;
  TesseraPoint *anchors;
  TesseraPoint *handles;  /* before and after each anchor; NULL: none saved */
} SavedPath;

static SyntheticRoad
test_road (int width, int height)
{
  SyntheticRoad road = { height / 2.0 - 16.0, 4.0, width, 0.0, 32.0, 0.0 };
  return road;
}

double
check_road_edge (int width, int height, double x)
{
  SyntheticRoad road = test_road (width, height);
  return synthetic_road_edge (&road, x);
}

static double
sample_max (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 255.0 : type == TESSERA_U16 ? 65535.0 : 1.0;
}

void
check_road_fill (TesseraImage *image, TestRandom *random)
{
  SyntheticRoad road = test_road (image->width, image->height);
  int           colours = image->channels == 2 || image->channels == 4
                          ? image->channels - 1 : image->channels;
  double        scale = sample_max (image->type) / 255.0;
  TesseraImage  grey;

  if (tessera_image_alloc (&grey, image->width, image->height, 1,
                           TESSERA_U8) != TESSERA_OK)
    abort ();
  synthetic_road_draw (&road, random, &grey);
  for (int y = 0; y < image->height; y++)
    {
      const uint8_t *from = tessera_image_row (&grey, y);
      void          *row = tessera_image_row (image, y);

      for (int x = 0; x < image->width; x++)
        for (int c = 0; c < image->channels; c++)
          {
            double v = c < colours ? from[x] * scale : sample_max (image->type);
            size_t i = (size_t) x * image->channels + c;

            switch (image->type)
              {
              case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) v; break;
              case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) v; break;
              case TESSERA_F32: ((float *) row)[i] = (float) v; break;
              }
          }
    }
  tessera_image_free (&grey);
}

/* The file: the path's name, then "CLOSED COUNT", then "X Y" per anchor. */
static bool
read_path (const char *file, SavedPath *path)
{
  FILE *in = fopen (file, "r");
  int   closed, c;
  bool  ok;

  path->anchors = NULL;
  if (in == NULL)
    {
      perror (file);
      return false;
    }
  while ((c = fgetc (in)) != EOF && c != '\n')
    ;
  ok = fscanf (in, "%d %d", &closed, &path->count) == 2 && path->count >= 0;
  if (ok)
    {
      path->closed = closed != 0;
      path->anchors = malloc (sizeof (TesseraPoint) * (path->count + 1));
      for (int i = 0; ok && i < path->count; i++)
        ok = fscanf (in, "%lf %lf", &path->anchors[i].x,
                     &path->anchors[i].y) == 2;
    }
  path->handles = NULL;
  if (ok && fscanf (in, " handles") == 0 && ! feof (in))
    {
      path->handles = malloc (sizeof (TesseraPoint) * 2 * (path->count + 1));
      for (int i = 0; ok && i < 2 * path->count; i++)
        ok = fscanf (in, "%lf %lf", &path->handles[i].x,
                     &path->handles[i].y) == 2;
    }
  fclose (in);
  if (! ok)
    {
      fprintf (stderr, "%s: not a saved path\n", file);
      free (path->anchors);
      free (path->handles);
    }
  return ok;
}

typedef struct
{
  int           offset_x, offset_y;
  TesseraTrace  params;
  double        tolerance;         /* of the path's Bézier fit */
  int           n_clicks;          /* given, or -1 */
  char *const  *clicks;
} TraceArgs;

/* TEXT as a floating-point number. */
static bool
real_arg (const char *text, double *value)
{
  char *end;
  *value = strtod (text, &end);
  return end != text && *end == '\0';
}

/* The arguments before the points: OFFSET-X OFFSET-Y NODES POINTS
 * HALF-WIDTH MAX-ANGLE SIGMA OBJECTIVE THRESHOLD REACH MIN-REACH MEAN
 * KEEP-SIDE SNAP-RADIUS SMOOTH LINE-WIDTH TOLERANCE. */
#define TRACE_SETTINGS 17

static bool
parse_args (char *const *args, int n_args, TraceArgs *t)
{
  int  objective = -1;
  bool ok;

  t->params = (TesseraTrace) { 0 };
  ok = n_args >= TRACE_SETTINGS && (n_args - TRACE_SETTINGS) % 2 == 0
            && check_op_int (args[0], &t->offset_x)
            && check_op_int (args[1], &t->offset_y)
            && check_op_int (args[2], &t->params.nodes)
            && check_op_int (args[3], &t->params.points)
            && real_arg (args[4], &t->params.half_width)
            && real_arg (args[5], &t->params.max_angle)
            && real_arg (args[6], &t->params.sigma)
            && check_op_int (args[7], &objective)
            && real_arg (args[8], &t->params.threshold)
            && real_arg (args[9], &t->params.reach)
            && real_arg (args[10], &t->params.min_reach)
            && check_op_int (args[11], &t->params.mean)
            && check_op_int (args[12], &t->params.keep_side)
            && real_arg (args[13], &t->params.snap_radius)
            && check_op_int (args[14], &t->params.bound_ends)
            && real_arg (args[15], &t->params.line_width)
            && real_arg (args[16], &t->tolerance);

  t->params.objective = (TesseraTraceObjective) objective;
  t->n_clicks = n_args > TRACE_SETTINGS ? (n_args - TRACE_SETTINGS) / 2 : -1;
  t->clicks = args + TRACE_SETTINGS;
  return ok && (objective == TESSERA_TRACE_ORTHOGONAL_GRADIENT
                || objective == TESSERA_TRACE_THRESHOLDED_SINE);
}

/* The clicks are the anchors where one link ends and the next begins. */
static int
path_clicks (const SavedPath *path, int nodes, int *n_links)
{
  int step = nodes + 1;
  int spare = path->closed ? path->count % step : (path->count - 1) % step;

  if (path->count < 2 || spare != 0)
    return -1;
  *n_links = path->closed ? path->count / step : (path->count - 1) / step;
  return path->closed ? *n_links : *n_links + 1;
}

/* The path's clicks are the points given, unless snapping moved them. */
static bool
clicks_given (const SavedPath *path, const TraceArgs *t, int step,
              int n_clicks)
{
  if (t->n_clicks < 0 || (t->n_clicks == n_clicks
                          && t->params.snap_radius > 0.0))
    return true;
  if (t->n_clicks != n_clicks)
    {
      printf ("%d points in the path, not %d\n", n_clicks, t->n_clicks);
      return false;
    }
  for (int k = 0; k < n_clicks; k++)
    {
      const TesseraPoint *p = &path->anchors[k * step];
      double x = strtod (t->clicks[2 * k], NULL);
      double y = strtod (t->clicks[2 * k + 1], NULL);

      if (fabs (p->x - x) > POINT_TOLERANCE
          || fabs (p->y - y) > POINT_TOLERANCE)
        {
          printf ("point %d is (%.9g, %.9g), not (%.9g, %.9g)\n", k + 1,
                  p->x, p->y, x, y);
          return false;
        }
    }
  return true;
}

/* The path against the core's chain through the points given (else the
 * path's own clicks); the largest difference. */
static double
compare_chain (const SavedPath *path, const TraceArgs *t,
               const TesseraGradient *gradient, int n_clicks,
               TesseraExec *exec)
{
  int           step = t->params.nodes + 1, n_path = 0, failed = -1;
  TesseraPoint *clicks = malloc (sizeof (TesseraPoint) * n_clicks);
  TesseraPoint *traced = malloc (sizeof (TesseraPoint)
                                 * ((size_t) n_clicks * step + 1));
  TesseraStatus status;
  double        worst = 0.0;
  /* Snapped clicks are not the points given, so the core starts from
   * those, which script-fu may read a little differently: within
   * POINT_TOLERANCE.  Otherwise the path's own clicks, exactly. */
  bool          given = t->n_clicks == n_clicks && t->params.snap_radius > 0.0
                        && t->params.line_width == 0.0;
  double        tolerance = given ? POINT_TOLERANCE : ANCHOR_TOLERANCE;

  for (int k = 0; k < n_clicks; k++)
    {
      if (given)
        clicks[k] = (TesseraPoint) { (float) strtod (t->clicks[2 * k], NULL),
                                     (float) strtod (t->clicks[2 * k + 1],
                                                     NULL) };
      else
        clicks[k] = path->anchors[k * step];
      clicks[k].x -= t->offset_x;
      clicks[k].y -= t->offset_y;
    }
  status = tessera_trace_chain (gradient, clicks, n_clicks, path->closed,
                                &t->params, traced, &n_path, &failed, exec);
  if (status != TESSERA_OK)
    {
      printf ("link %d: the core says: %s\n", failed + 1,
              tessera_status_message (status));
      worst = INFINITY;
    }
  for (int j = 0; status == TESSERA_OK && j < path->count; j++)
    {
      const TesseraPoint *got = &path->anchors[j];
      double dx = fabs (got->x - (traced[j].x + t->offset_x));
      double dy = fabs (got->y - (traced[j].y + t->offset_y));

      worst = fmax (worst, fmax (dx, dy));
      if (fmax (dx, dy) > tolerance)
        printf ("link %d, node %d: (%.9g, %.9g), the core's (%.9g, %.9g)\n",
                j / step + 1, j % step, got->x, got->y,
                traced[j].x + t->offset_x, traced[j].y + t->offset_y);
    }
  free (traced);
  free (clicks);
  return worst <= tolerance ? 0.0 : worst;
}

/* ---- paths fitted with Bézier segments (tolerance above 0) ---- */

/* How close to the path's curve the traced points must lie beyond the
 * tolerance: the curve is sampled SAMPLES_PER_PX times a pixel. */
#define SAMPLES_PER_PX 20.0
#define SAMPLING_SLACK (1.0 / SAMPLES_PER_PX)
/* Candidate sets of clicks tried among the anchors of a path whose clicks
 * are not given. */
#define MOST_TRIES 20000

/* The saved path as control points: anchor, handle, handle, anchor, …
 * (closed: back to the first anchor); *N their number. */
static TesseraPoint *
path_controls (const SavedPath *path, int *n)
{
  int           segments = path->closed ? path->count : path->count - 1;
  TesseraPoint *c = malloc (sizeof (TesseraPoint) * (3 * segments + 1));

  c[0] = path->anchors[0];
  for (int j = 0; j < segments; j++)
    {
      int next = (j + 1) % path->count;
      c[3 * j + 1] = path->handles[2 * j + 1];
      c[3 * j + 2] = path->handles[2 * next];
      c[3 * j + 3] = path->anchors[next];
    }
  *n = 3 * segments + 1;
  return c;
}

/* The core's fitted trace through CLICKS (drawable coordinates) into
 * CONTROL (*N_CONTROL, image coordinates), its polyline into TRACED
 * (*N_TRACED, image coordinates); false when the core fails. */
static bool
core_fitted (const TraceArgs *t, const TesseraGradient *gradient,
             const TesseraPoint *clicks, int n_clicks, bool closed,
             TesseraExec *exec, TesseraPoint *traced, int *n_traced,
             TesseraPoint *control, int *n_control)
{
  int            step = t->params.nodes + 1, n_path = 0;
  unsigned char *keep;

  if (tessera_trace_chain (gradient, clicks, n_clicks, closed, &t->params,
                           traced, &n_path, NULL, exec) != TESSERA_OK)
    return false;
  *n_traced = n_path - (closed ? 1 : 0);
  keep = calloc ((size_t) *n_traced, 1);
  for (int i = 0; i < *n_traced; i += step)
    keep[i] = 1;
  for (int i = 0; i < n_path; i++)
    {
      traced[i].x += t->offset_x;
      traced[i].y += t->offset_y;
    }
  tessera_bezier_fit (traced, *n_traced, closed, keep, t->tolerance,
                      TESSERA_BEZIER_CORNER_ANGLE, control, n_control);
  free (keep);
  return true;
}

static double
controls_differ (const TesseraPoint *a, int n_a, const TesseraPoint *b,
                 int n_b)
{
  double worst = 0.0;

  if (n_a != n_b)
    return INFINITY;
  for (int i = 0; i < n_a; i++)
    worst = fmax (worst, fmax (fabs (a[i].x - b[i].x),
                               fabs (a[i].y - b[i].y)));
  return worst;
}

/* The largest distance from the N traced points to the sampled curve. */
static double
farthest_from_curve (const TesseraPoint *points, int n,
                     const TesseraPoint *control, int n_control)
{
  double worst = 0.0;

  for (int i = 0; i < n; i++)
    {
      double nearest = hypot (points[i].x - control[0].x,
                              points[i].y - control[0].y);
      for (int s = 0; s + 3 < n_control; s += 3)
        {
          const TesseraPoint *seg = &control[s];
          double hull = hypot (seg[1].x - seg[0].x, seg[1].y - seg[0].y)
                        + hypot (seg[2].x - seg[1].x, seg[2].y - seg[1].y)
                        + hypot (seg[3].x - seg[2].x, seg[3].y - seg[2].y);
          int steps = (int) ceil (hull * SAMPLES_PER_PX) + 1;
          for (int k = 0; k <= steps; k++)
            {
              TesseraPoint q = tessera_bezier_at (seg, (double) k / steps);
              nearest = fmin (nearest, hypot (points[i].x - q.x,
                                              points[i].y - q.y));
            }
        }
      worst = fmax (worst, nearest);
    }
  return worst;
}

/* The clicks given, in drawable coordinates: where they are not snapped,
 * the path's anchors they stand for (script-fu may read them a little
 * differently), else the points themselves, rounded as the plug-in does. */
static bool
given_clicks (const SavedPath *path, const TraceArgs *t, TesseraPoint *clicks)
{
  bool snapped = t->params.snap_radius > 0.0 && t->params.line_width == 0.0;

  for (int k = 0; k < t->n_clicks; k++)
    {
      TesseraPoint p = { (float) strtod (t->clicks[2 * k], NULL),
                         (float) strtod (t->clicks[2 * k + 1], NULL) };
      bool found = snapped;

      for (int j = 0; ! found && j < path->count; j++)
        if (fabs (path->anchors[j].x - p.x) <= POINT_TOLERANCE
            && fabs (path->anchors[j].y - p.y) <= POINT_TOLERANCE)
          {
            p = path->anchors[j];
            found = true;
          }
      if (! found)
        {
          printf ("point %d (%.9g, %.9g) is no anchor of the path\n", k + 1,
                  p.x, p.y);
          return false;
        }
      clicks[k] = (TesseraPoint) { p.x - t->offset_x, p.y - t->offset_y };
    }
  return true;
}

/* The next CHOSEN (ascending indices among FIRST .. LAST) of its size;
 * false after the last. */
static bool
next_subset (int *chosen, int size, int first, int last)
{
  int i = size - 1;

  while (i >= 0 && chosen[i] == last - (size - 1 - i))
    i--;
  if (i < 0)
    return false;
  chosen[i]++;
  for (int k = i + 1; k < size; k++)
    chosen[k] = chosen[k - 1] + 1;
  return true;
}

/* The path against the core's fitted trace: through the points given, or
 * (from a dialog) through the smallest set of the path's anchors that
 * gives the path. */
static int
compare_fitted (const SavedPath *path, const TraceArgs *t,
                const TesseraGradient *gradient, TesseraExec *exec)
{
  int           n_path_control, n_control = 0, n_traced = 0;
  TesseraPoint *mine = path_controls (path, &n_path_control);
  TesseraPoint *clicks = malloc (sizeof (TesseraPoint) * (path->count + 1));
  size_t        most = (size_t) (path->count + 1) * (t->params.nodes + 1) + 1;
  TesseraPoint *traced = malloc (sizeof (TesseraPoint) * most);
  TesseraPoint *control = malloc (sizeof (TesseraPoint)
                                  * TESSERA_BEZIER_MAX_OUT (most));
  int          *chosen = malloc (sizeof (int) * (path->count + 1));
  double        differ = INFINITY, off;
  int           n_clicks = t->n_clicks, tries = 0;
  int           last = path->closed ? path->count - 1 : path->count - 2;
  /* Snapped, the clicks are the points given as script-fu read them. */
  double        limit = n_clicks >= 0 && t->params.snap_radius > 0.0
                        && t->params.line_width == 0.0
                        ? POINT_TOLERANCE : ANCHOR_TOLERANCE;

  if (n_clicks >= 0)
    {
      if (given_clicks (path, t, clicks)
          && core_fitted (t, gradient, clicks, n_clicks, path->closed, exec,
                          traced, &n_traced, control, &n_control))
        differ = controls_differ (mine, n_path_control, control, n_control);
    }
  else
    for (int size = 0; differ > ANCHOR_TOLERANCE && size <= last
         && tries < MOST_TRIES; size++)
      {
        for (int k = 0; k < size; k++)
          chosen[k] = k + 1;
        do
          {
            n_clicks = 0;
            clicks[n_clicks++] = path->anchors[0];
            for (int k = 0; k < size; k++)
              clicks[n_clicks++] = path->anchors[chosen[k]];
            if (! path->closed)
              clicks[n_clicks++] = path->anchors[path->count - 1];
            for (int k = 0; k < n_clicks; k++)
              {
                clicks[k].x -= t->offset_x;
                clicks[k].y -= t->offset_y;
              }
            tries++;
            if (core_fitted (t, gradient, clicks, n_clicks, path->closed,
                             exec, traced, &n_traced, control, &n_control))
              differ = controls_differ (mine, n_path_control, control,
                                        n_control);
          }
        while (differ > ANCHOR_TOLERANCE && tries < MOST_TRIES
               && next_subset (chosen, size, 1, last));
      }
  off = differ <= limit
        ? farthest_from_curve (traced, n_traced, mine, n_path_control)
        : INFINITY;
  printf ("%d points, %d anchors for %d traced points, %s; largest "
          "difference from the core's fitted path %.3g px; the traced "
          "points at most %.3g px from the path\n", n_clicks, path->count,
          n_traced, path->closed ? "closed" : "open", differ, off);
  free (mine);
  free (clicks);
  free (traced);
  free (control);
  free (chosen);
  return differ <= limit
         && off <= t->tolerance + SAMPLING_SLACK ? 0 : 1;
}

static int
check_fitted_path (const TesseraImage *before, SavedPath *path,
                   const TraceArgs *t)
{
  TesseraExec     exec = tessera_exec_default ();
  TesseraGradient gradient;
  int             status = 1;

  exec.backend = TESSERA_BACKEND_CPU;
  if (path->handles == NULL || path->count < 2)
    printf ("the path has %d anchors%s\n", path->count,
            path->handles == NULL ? " and no handles saved" : "");
  else
    {
      if (tessera_gradient_compute (before, 0, 0, before->width,
                                    before->height, t->params.sigma,
                                    &gradient, &exec) != TESSERA_OK)
        abort ();
      status = compare_fitted (path, t, &gradient, &exec);
      tessera_gradient_free (&gradient);
    }
  free (path->anchors);
  free (path->handles);
  return status;
}

int
check_trace_path (const TesseraImage *before, const char *path_file,
                  char *const *args, int n_args)
{
  TesseraExec     exec = tessera_exec_default ();
  TesseraGradient gradient;
  TraceArgs       t;
  SavedPath       path;
  int             n_clicks, n_links;
  double          worst = 0.0;

  if (! parse_args (args, n_args, &t))
    {
      fprintf (stderr, "usage: trace BEFORE PATH OFFSET-X OFFSET-Y NODES "
               "POINTS HALF-WIDTH MAX-ANGLE SIGMA OBJECTIVE THRESHOLD REACH "
               "MIN-REACH MEAN KEEP-SIDE SNAP-RADIUS SMOOTH LINE-WIDTH "
               "TOLERANCE [X1 Y1 X2 Y2...]\n");
      return 2;
    }
  if (! read_path (path_file, &path))
    return 2;
  if (t.tolerance > 0.0)
    return check_fitted_path (before, &path, &t);
  n_clicks = path_clicks (&path, t.params.nodes, &n_links);
  if (n_clicks < 0)
    {
      printf ("%d anchors (%s) do not make links of %d nodes\n", path.count,
              path.closed ? "closed" : "open", t.params.nodes);
      free (path.anchors);
      free (path.handles);
      return 1;
    }
  if (! clicks_given (&path, &t, t.params.nodes + 1, n_clicks))
    {
      free (path.anchors);
      free (path.handles);
      return 1;
    }

  exec.backend = TESSERA_BACKEND_CPU;
  if (tessera_gradient_compute (before, 0, 0, before->width, before->height,
                                t.params.sigma, &gradient, &exec)
      != TESSERA_OK)
    abort ();
  worst = compare_chain (&path, &t, &gradient, n_clicks, &exec);
  tessera_gradient_free (&gradient);
  free (path.anchors);
  free (path.handles);

  printf ("%d points, %d links of %d nodes, %s; largest difference from "
          "the core %.3g px\n", n_clicks, n_links, t.params.nodes,
          path.closed ? "closed" : "open", worst);
  return worst <= ANCHOR_TOLERANCE ? 0 : 1;
}

int
check_trace_on_road (const char *path_file, int width, int height)
{
  SavedPath path;
  double    worst = 0.0;

  if (! read_path (path_file, &path))
    return 2;
  for (int i = 0; i < path.count; i++)
    {
      const TesseraPoint *p = &path.anchors[i];
      worst = fmax (worst, fabs (p->y - check_road_edge (width, height, p->x)));
    }
  printf ("%d anchors, at most %.3g px from the road's edge\n", path.count,
          worst);
  free (path.anchors);
  free (path.handles);
  return worst <= ROAD_TOLERANCE ? 0 : 1;
}
