/* Trace Line's paths against the core on the CPU, which traces on the whole
 * drawable's gradient: the plug-in reads only the window each link needs,
 * and must find the same polyline. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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
  fclose (in);
  if (! ok)
    {
      fprintf (stderr, "%s: not a saved path\n", file);
      free (path->anchors);
    }
  return ok;
}

typedef struct
{
  int           offset_x, offset_y;
  TesseraTrace  params;
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
 * KEEP-SIDE SNAP-RADIUS SMOOTH LINE-WIDTH. */
#define TRACE_SETTINGS 16

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
            && real_arg (args[15], &t->params.line_width);

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
               "[X1 Y1 X2 Y2...]\n");
      return 2;
    }
  if (! read_path (path_file, &path))
    return 2;
  n_clicks = path_clicks (&path, t.params.nodes, &n_links);
  if (n_clicks < 0)
    {
      printf ("%d anchors (%s) do not make links of %d nodes\n", path.count,
              path.closed ? "closed" : "open", t.params.nodes);
      free (path.anchors);
      return 1;
    }
  if (! clicks_given (&path, &t, t.params.nodes + 1, n_clicks))
    {
      free (path.anchors);
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
  return worst <= ROAD_TOLERANCE ? 0 : 1;
}
