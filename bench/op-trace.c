/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench trace: the polyline between two clicks (core/trace-line.h).
 * The timed work is the search on a gradient computed once beforehand, as
 * in the dialog, where every click searches the same image; on the GPU it
 * includes the copies, like the paper's figures. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "input.h"
#include "op.h"
#include "options.h"
#include "synthetic-road.h"
#include "bezier-fit.h"
#include "trace-clicks.h"

#define TRACE_BENCH_MAX_CLICKS 256

typedef struct
{
  TesseraTrace    params;
  TesseraPoint    a, b;
  bool            a_given, b_given;
  /* --clicks: a chain (core/trace-clicks.h) instead of one link a -> b. */
  TesseraPoint    clicks[TRACE_BENCH_MAX_CLICKS];
  int             n_clicks;
  int             closed;
  TesseraImage    image;
  TesseraGradient gradient;
  TesseraPoint   *path;
  int             n_path;
  double          value;
  double          tolerance;  /* > 0: the chain fitted with Béziers too */
} TraceBench;

static const char *const objective_names[] = { "gradient", "sine", NULL };

static void *
trace_create (void)
{
  TraceBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    bench->params = tessera_trace_defaults ();
  return bench;
}

/* "X,Y" into POINT. */
static bool
point_value (const char *option, const char *text, TesseraPoint *point)
{
  char *end;
  if (text == NULL)
    goto bad;
  errno = 0;
  point->x = strtod (text, &end);
  if (*end != ',' || errno != 0)
    goto bad;
  point->y = strtod (end + 1, &end);
  if (*end != '\0' || errno != 0 || !isfinite (point->x) || !isfinite (point->y))
    goto bad;
  return true;
bad:
  fprintf (stderr, "tessera-bench: %s wants X,Y\n", option);
  return false;
}

/* "X,Y;X,Y;…" into the bench's clicks. */
static bool
clicks_value (const char *option, const char *text, TraceBench *bench)
{
  char point[128];

  bench->n_clicks = 0;
  while (text != NULL && *text != '\0')
    {
      const char *end = strchr (text, ';');
      size_t length = end != NULL ? (size_t) (end - text) : strlen (text);

      if (length >= sizeof point || bench->n_clicks >= TRACE_BENCH_MAX_CLICKS)
        return false;
      memcpy (point, text, length);
      point[length] = '\0';
      if (!point_value (option, point, &bench->clicks[bench->n_clicks++]))
        return false;
      text = end != NULL ? end + 1 : NULL;
    }
  return bench->n_clicks >= 2;
}

/* The settings of the trace before issue 23. */
static void
legacy_params (TesseraTrace *p)
{
  p->reach = p->min_reach = p->snap_radius = 0.0;
  p->mean = p->keep_side = p->bound_ends = 0;
}

static BenchOptionResult
trace_parse (void *state, const char *option, const char *value)
{
  TraceBench *bench = state;
  TesseraTrace *p = &bench->params;
  int objective = 0;
  bool valid;

  if (strcmp (option, "--a") == 0)
    valid = bench->a_given = point_value (option, value, &bench->a);
  else if (strcmp (option, "--b") == 0)
    valid = bench->b_given = point_value (option, value, &bench->b);
  else if (strcmp (option, "--nodes") == 0)
    valid = bench_int_value (option, value, 1, TESSERA_TRACE_MAX_NODES, &p->nodes);
  else if (strcmp (option, "--points") == 0)
    valid = bench_int_value (option, value, 1, TESSERA_TRACE_MAX_POINTS, &p->points);
  else if (strcmp (option, "--half-width") == 0)
    valid = bench_double_value (option, value, 0.0, TESSERA_MAX_SIDE, &p->half_width);
  else if (strcmp (option, "--max-angle") == 0)
    valid = bench_double_value (option, value, 0.0, 180.0, &p->max_angle);
  else if (strcmp (option, "--sigma") == 0)
    valid = bench_double_value (option, value, 0.0, TESSERA_GRADIENT_MAX_SIGMA, &p->sigma);
  else if (strcmp (option, "--threshold") == 0)
    valid = bench_double_value (option, value, 0.0, 1e30, &p->threshold);
  else if (strcmp (option, "--clicks") == 0)
    valid = clicks_value (option, value, bench);
  else if (strcmp (option, "--closed") == 0)
    valid = bench_int_value (option, value, 0, 1, &bench->closed);
  else if (strcmp (option, "--reach") == 0)
    valid = bench_double_value (option, value, 0.0, 100.0, &p->reach);
  else if (strcmp (option, "--min-reach") == 0)
    valid = bench_double_value (option, value, 0.0, TESSERA_MAX_SIDE, &p->min_reach);
  else if (strcmp (option, "--mean") == 0)
    valid = bench_int_value (option, value, 0, 1, &p->mean);
  else if (strcmp (option, "--keep-side") == 0)
    valid = bench_int_value (option, value, 0, 1, &p->keep_side);
  else if (strcmp (option, "--bound-ends") == 0)
    valid = bench_int_value (option, value, 0, 1, &p->bound_ends);
  else if (strcmp (option, "--snap") == 0)
    valid = bench_double_value (option, value, 0.0, 64.0, &p->snap_radius);
  else if (strcmp (option, "--line-width") == 0)
    valid = bench_double_value (option, value, 0.0, 256.0, &p->line_width);
  else if (strcmp (option, "--tolerance") == 0)
    valid = bench_double_value (option, value, 0.0, 100.0, &bench->tolerance);
  else if (strcmp (option, "--legacy") == 0)
    {
      legacy_params (p);
      return BENCH_OPTION_FLAG;
    }
  else if (strcmp (option, "--objective") == 0)
    {
      valid = bench_choice_value (option, value, objective_names, &objective);
      p->objective = (TesseraTraceObjective) objective;
    }
  else
    return BENCH_OPTION_UNKNOWN;
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

/* Without --input: a synthetic road, the clicks on its upper edge. */
static TesseraStatus
make_road (TraceBench *bench, const BenchConfig *config)
{
  int width = config->width > 0 ? config->width : 1024;
  int height = config->height > 0 ? config->height : 768;
  TestRandom random = test_random_new (config->seed);
  SyntheticRoad road;
  TesseraStatus status = tessera_image_alloc (&bench->image, width, height,
                                              3, TESSERA_U8);
  if (status != TESSERA_OK)
    return status;
  road = synthetic_road_new (&random, width, height);
  synthetic_road_draw (&road, &random, &bench->image);
  if (!bench->a_given)
    bench->a = (TesseraPoint) { 0.1 * width, synthetic_road_edge (&road, 0.1 * width) };
  if (!bench->b_given)
    bench->b = (TesseraPoint) { 0.9 * width, synthetic_road_edge (&road, 0.9 * width) };
  return TESSERA_OK;
}

static TesseraStatus
trace_prepare (void *state, const BenchConfig *config, BenchSize *size)
{
  TraceBench *bench = state;
  TesseraExec exec = tessera_exec_default ();
  TesseraStatus status;

  if (config->input_path != NULL)
    {
      PnmFormat format;
      if (bench->n_clicks == 0 && (!bench->a_given || !bench->b_given))
        {
          fprintf (stderr, "tessera-bench: trace on --input needs --a and --b "
                   "or --clicks\n");
          return TESSERA_ERROR_INVALID_ARGUMENT;
        }
      status = bench_read_image (config->input_path, &bench->image, &format);
    }
  else
    status = make_road (bench, config);
  if (bench->n_clicks == 0)
    {
      bench->clicks[0] = bench->a;
      bench->clicks[1] = bench->b;
    }
  if (status == TESSERA_OK)
    status = tessera_trace_check (&bench->params, bench->clicks[0],
                                  bench->clicks[1]);
  if (status == TESSERA_OK)
    {
      int links = bench->n_clicks > 0
        ? tessera_trace_chain_links (bench->n_clicks, bench->closed) : 1;
      bench->path = malloc (sizeof (TesseraPoint)
                            * ((size_t) links * (bench->params.nodes + 1) + 1));
      if (bench->path == NULL)
        status = TESSERA_ERROR_OUT_OF_MEMORY;
    }
  if (status == TESSERA_OK)
    status = tessera_gradient_compute (&bench->image, 0, 0, bench->image.width,
                                       bench->image.height, bench->params.sigma,
                                       &bench->gradient, &exec);
  size->width = bench->params.nodes;
  size->height = bench->params.points;
  return status;
}

static TesseraStatus
trace_run (void *state, TesseraExec *exec)
{
  TraceBench *bench = state;

  if (bench->n_clicks > 0)
    {
      return tessera_trace_chain (&bench->gradient, bench->clicks,
                                  bench->n_clicks, bench->closed,
                                  &bench->params, bench->path, &bench->n_path,
                                  NULL, exec);
    }
  bench->n_path = bench->params.nodes + 2;
  return tessera_trace_line (&bench->gradient, bench->a, bench->b,
                             &bench->params, bench->path, &bench->value, exec);
}

/* The chain's path as the plug-ins write it (core/bezier-fit.h): an
 * anchor on each click, the Bézier control points after "bezier=". */
static void
print_bezier (const TraceBench *bench, FILE *out)
{
  int n = bench->n_path - (bench->closed ? 1 : 0), n_control = 0;
  TesseraPoint *control = malloc (sizeof *control
                                 * TESSERA_BEZIER_MAX_OUT (n));

  if (control != NULL
      && tessera_trace_chain_fit (bench->path, n, bench->closed,
                                  bench->params.nodes + 1, bench->tolerance,
                                  control, &n_control) != TESSERA_OK)
    n_control = 0;
  fprintf (out, " bezier=");
  for (int i = 0; i < n_control; i++)
    fprintf (out, "%s%.3f,%.3f", i > 0 ? ";" : "", control[i].x,
             control[i].y);
  free (control);
}

static void
trace_print_fields (void *state, FILE *out)
{
  TraceBench *bench = state;
  if (bench->n_clicks > 0)
    fprintf (out, " links=%d path=",
             tessera_trace_chain_links (bench->n_clicks, bench->closed));
  else
    fprintf (out, " value=%.6g path=", bench->value);
  for (int i = 0; i < bench->n_path; i++)
    fprintf (out, "%s%.2f,%.2f", i > 0 ? ";" : "", bench->path[i].x,
             bench->path[i].y);
  if (bench->n_clicks > 0 && bench->tolerance > 0.0)
    print_bezier (bench, out);
}

static void
trace_destroy (void *state)
{
  TraceBench *bench = state;
  tessera_gradient_free (&bench->gradient);
  tessera_image_free (&bench->image);
  free (bench->path);
  free (bench);
}

const BenchOp bench_op_trace = {
  .name = "trace",
  .synopsis = "[--a X,Y --b X,Y] [--nodes N] [--points D] [--half-width L] "
              "[--max-angle DEG] [--sigma S] [--objective gradient|sine] "
              "[--threshold T] [--clicks X,Y;X,Y;… [--closed 0|1]] "
              "[--reach F] [--min-reach PX] [--mean 0|1] [--keep-side 0|1] "
              "[--bound-ends 0|1] [--snap R] [--line-width W] [--legacy] "
              "[--tolerance PX]",
  .help =
    "  --a X,Y, --b X,Y   the clicks (default: on the synthetic road's edge)\n"
    "  --nodes N          guides between the clicks, 1 to 64 (default 8)\n"
    "  --points D         points per guide, 1 to 4096 (default 256)\n"
    "  --half-width L     how far the guides reach either side (default 20)\n"
    "  --max-angle DEG    largest turn at a node (default 30)\n"
    "  --sigma S          Gaussian before Sobel (default 1.5)\n"
    "  --objective O      gradient (|g x u|) or sine (the paper's |sin| where\n"
    "                     |g| > --threshold, default 0.05) (default gradient)\n"
    "  --clicks X,Y;…     a chain of clicks traced link by link, snapped, with\n"
    "                     the clicked contrast and bounded ends (--closed 1:\n"
    "                     back to the first); prints links=N\n"
    "  --reach F          guides reach F x the link's length (default 0.15;\n"
    "                     0: always --half-width), at least --min-reach PX\n"
    "                     (default 3), at most --half-width\n"
    "  --mean 0|1         a link scores its samples' mean (default 1)\n"
    "  --keep-side 0|1    keep the contrast seen at the clicks (default 1)\n"
    "  --bound-ends 0|1   bound links' ends at inner clicks (default 1)\n"
    "  --snap R           clicks move to an edge within R px (default 1.5)\n"
    "  --line-width W     trace the centre line of a line W px wide (default\n"
    "                     0: an edge)\n"
    "  --legacy           the settings before these options (all off)\n"
    "  --tolerance PX     with --clicks, also print the path as the plug-ins\n"
    "                     write it: Bézier segments within PX of the trace, an\n"
    "                     anchor on each click (bezier=anchor;handle;handle;…)\n"
    "  Without --input: a synthetic road (--width, --height, --seed).\n"
    "  WxH on the line is nodes x points.\n",
  .create = trace_create,
  .parse = trace_parse,
  .prepare = trace_prepare,
  .run = trace_run,
  .print_fields = trace_print_fields,
  .destroy = trace_destroy,
};
