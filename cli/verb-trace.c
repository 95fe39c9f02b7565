/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera trace — Trace Line on a raster file: the line through a chain of
 * clicks, as an SVG path or as a GeoJSON LineString in the raster's own
 * georeference.  Only the rows around the clicks are read, so a click pair
 * on a huge orthophoto costs what its neighbourhood costs. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bezier-fit.h"
#include "cli-run.h"
#include "cli-verbs.h"
#include "geojson-paths.h"
#include "gradient.h"
#include "trace-clicks.h"
#include "trace-path-file.h"

static const char usage[] = "[OPTIONS] --clicks X,Y;X,Y;... IN OUT";
static const char summary[] =
  "Traces the line through the clicks on IN (an edge, or with --line-width "
  "the centre line\nof a road or river that wide) into OUT: an SVG path "
  "(.svg) or a GeoJSON LineString\n(.geojson, .json) in IN's georeference "
  "(pixels where IN has none, as the file says).\nThe clicks are pixels "
  "(x right, y down from the top-left corner; pixel (0, 0) covers\n[0, 1) x "
  "[0, 1)), or with --map in IN's georeference.  The defaults are Trace "
  "Line's.";

static const char *const formats[] = { "auto", "svg", "geojson", NULL };

typedef struct
{
  const char  *clicks;
  const char  *clicks_file;
  bool         map;
  bool         closed;
  int          format;
  double       tolerance;
  TesseraTrace params;
} TraceOptions;

/* The clicks from the options, in pixels, into *CLICKS (malloc'd, the
 * caller frees it whatever this returns). */
static int
read_clicks (const TraceOptions *opt, TesseraRaster *raster,
             TesseraPoint **clicks, int *n)
{
  char error[256];
  GeoRef ref;

  if ((opt->clicks == NULL) == (opt->clicks_file == NULL))
    {
      cli_error ("trace", "give the clicks by --clicks or --clicks-file");
      return CLI_EXIT_USAGE;
    }
  if (! (opt->clicks != NULL
         ? trace_points_parse (opt->clicks, clicks, n, error, sizeof error)
         : trace_points_read (opt->clicks_file, clicks, n, error,
                              sizeof error)))
    {
      cli_error ("trace", "%s", error);
      return opt->clicks_file != NULL && errno != 0 ? CLI_EXIT_IO
                                                    : CLI_EXIT_USAGE;
    }
  if (! opt->map)
    return CLI_EXIT_OK;
  if (! tessera_raster_georef (raster, &ref)
      || ! trace_points_from_map (&ref, *clicks, *n))
    {
      cli_error ("trace", "--map: the input has no usable georeference");
      return CLI_EXIT_USAGE;
    }
  return CLI_EXIT_OK;
}

/* Each click inside the raster and at least a pixel from the next. */
static int
check_clicks (const TesseraPoint *clicks, int n, bool closed,
              TesseraRasterShape shape)
{
  for (int i = 0; i < n; i++)
    if (! (clicks[i].x >= 0 && clicks[i].x <= shape.width
           && clicks[i].y >= 0 && clicks[i].y <= shape.height))
      {
        cli_error ("trace", "click %d (%g, %g) lies outside the %dx%d "
                   "raster", i + 1, clicks[i].x, clicks[i].y, shape.width,
                   shape.height);
        return CLI_EXIT_USAGE;
      }
  for (int i = 0; i < tessera_trace_chain_links (n, closed); i++)
    {
      TesseraPoint a = clicks[i], b = clicks[(i + 1) % n];
      if (hypot (b.x - a.x, b.y - a.y) < 1.0)
        {
          cli_error ("trace", "clicks %d and %d are less than a pixel apart",
                     i + 1, (i + 1) % n + 1);
          return CLI_EXIT_USAGE;
        }
    }
  return CLI_EXIT_OK;
}

/* The gradient over WINDOW, from the rows around it (the gradient's reach;
 * the raster's whole width is read, so it equals the whole raster's). */
static int
window_gradient (TesseraRaster *raster, const int window[4], double sigma,
                 TesseraGradient *gradient, TesseraExec *exec)
{
  TesseraRasterShape shape = tessera_raster_shape (raster);
  int                reach = tessera_gradient_reach (sigma);
  int                y0 = window[1] - reach < 0 ? 0 : window[1] - reach;
  int                y1 = window[1] + window[3] + reach;
  TesseraImage       rows;
  int                code;

  y1 = y1 > shape.height ? shape.height : y1;
  code = cli_status ("trace", tessera_image_alloc (&rows, shape.width,
                                                   y1 - y0, shape.channels,
                                                   shape.type));
  if (code != CLI_EXIT_OK)
    return code;
  if (! tessera_raster_read (raster, y0, y1 - y0, &rows))
    {
      cli_error ("trace", "%s", tessera_raster_last_error ());
      tessera_image_free (&rows);
      return CLI_EXIT_IO;
    }
  code = cli_status ("trace",
                     tessera_gradient_compute (&rows, window[0],
                                               window[1] - y0, window[2],
                                               window[3], sigma, gradient,
                                               exec));
  tessera_image_free (&rows);
  gradient->x0 = window[0];
  gradient->y0 = window[1];
  return code;
}

/* The traced chain, fitted with Bézier segments as the plug-ins make their
 * paths: an anchor on each click.  *CONTROL (malloc'd) and *N_CONTROL. */
static int
trace_chain (TesseraRaster *raster, const TraceOptions *opt,
             const TesseraPoint *clicks, int n, TesseraPoint **control,
             int *n_control, TesseraExec *exec)
{
  int             links = tessera_trace_chain_links (n, opt->closed);
  int             n_path = 0, failed = 0, window[4], code;
  size_t          max_path = (size_t) links * (opt->params.nodes + 1) + 1;
  TesseraPoint   *path = malloc (sizeof *path * max_path);
  TesseraGradient gradient;
  TesseraStatus   status;

  *control = malloc (sizeof **control * TESSERA_BEZIER_MAX_OUT (max_path));
  if (path == NULL || *control == NULL)
    {
      free (path), free (*control);
      return cli_status ("trace", TESSERA_ERROR_OUT_OF_MEMORY);
    }
  tessera_trace_chain_window (clicks, n, &opt->params,
                              tessera_raster_shape (raster).width,
                              tessera_raster_shape (raster).height, window);
  code = window_gradient (raster, window, opt->params.sigma, &gradient,
                          exec);
  if (code == CLI_EXIT_OK)
    {
      status = tessera_trace_chain (&gradient, clicks, n, opt->closed,
                                    &opt->params, path, &n_path, &failed,
                                    exec);
      tessera_gradient_free (&gradient);
      if (status != TESSERA_OK)
        cli_error ("trace", "link %d (clicks %d to %d): %s", failed + 1,
                   failed + 1, (failed + 1) % n + 1,
                   tessera_status_message (status));
      code = status == TESSERA_OK ? CLI_EXIT_OK : CLI_EXIT_FAILED;
    }
  if (code == CLI_EXIT_OK)
    {
      /* A closed chain's last point repeats its first: the fit closes it. */
      n_path -= opt->closed ? 1 : 0;
      code = cli_status ("trace",
                         tessera_trace_chain_fit (path, n_path, opt->closed,
                                                  opt->params.nodes + 1,
                                                  opt->tolerance, *control,
                                                  n_control));
    }
  free (path);
  if (code != CLI_EXIT_OK)
    free (*control);
  return code;
}

/* OUT's format: --format, else by its extension. */
static int
output_format (const TraceOptions *opt, const char *out_path)
{
  const char *dot = strrchr (out_path, '.');

  if (opt->format != 0)
    return opt->format;
  if (dot != NULL && strcasecmp (dot, ".svg") == 0)
    return 1;
  if (dot != NULL && (strcasecmp (dot, ".geojson") == 0
                      || strcasecmp (dot, ".json") == 0))
    return 2;
  return -1;
}

/* The path into OUT_PATH, SVG or GeoJSON. */
static int
write_path (const TraceOptions *opt, TesseraRaster *raster,
            const char *in_path, const char *out_path,
            const TesseraPoint *control, int n_control)
{
  TesseraRasterShape shape = tessera_raster_shape (raster);
  TracePathOut       out = { control, n_control, opt->closed, shape.width,
                             shape.height, in_path };
  GeoRef             ref;
  bool               georeferenced = tessera_raster_georef (raster, &ref);
  char               error[256];
  bool               written;

  if (output_format (opt, out_path) == 1)
    written = trace_path_write_svg (out_path, &out, error, sizeof error);
  else
    {
      if (! georeferenced)
        fprintf (stderr, "tessera trace: %s has no georeference: the GeoJSON "
                 "holds pixel coordinates\n", in_path);
      written = trace_path_write_geojson (out_path, &out,
                                          georeferenced ? &ref : NULL,
                                          error, sizeof error);
    }
  if (! written)
    cli_error ("trace", "%s", error);
  return written ? CLI_EXIT_OK : CLI_EXIT_IO;
}

/* Checks what the options' ranges cannot say. */
static int
check_options (const TraceOptions *opt, const char *out_path)
{
  if (output_format (opt, out_path) < 0)
    {
      cli_error ("trace", "%s: name it .svg, .geojson or .json, or give "
                 "--format", out_path);
      return CLI_EXIT_USAGE;
    }
  if (opt->params.line_width > 0
      && opt->params.objective != TESSERA_TRACE_ORTHOGONAL_GRADIENT)
    {
      cli_error ("trace", "--line-width needs the gradient objective");
      return CLI_EXIT_USAGE;
    }
  return CLI_EXIT_OK;
}

int
cli_verb_trace (int argc, char **argv)
{
  TraceOptions    opt = { .tolerance = 0.5,
                          .params = tessera_trace_defaults () };
  TesseraTrace   *p = &opt.params;
  CliCommon       common = { 0 };
  const CliOption options[] = {
    { "clicks", CLI_STRING, &opt.clicks, 0, 0, NULL, "X,Y;X,Y;...",
      "the points to trace through, in order (two at least)" },
    { "clicks-file", CLI_STRING, &opt.clicks_file, 0, 0, NULL, "FILE",
      "the points from a text file: X Y (or X,Y) a line" },
    { "map", CLI_FLAG, &opt.map, 0, 0, NULL, NULL,
      "the clicks are in IN's georeference, not pixels" },
    { "closed", CLI_FLAG, &opt.closed, 0, 0, NULL, NULL,
      "the line returns from the last click to the first" },
    { "line-width", CLI_DOUBLE, &p->line_width, 0, 200, NULL, "PX",
      "0: trace an edge; above 0: the centre line of a line this wide" },
    { "snap", CLI_DOUBLE, &p->snap_radius, 0, 100, NULL, "PX",
      "each click first moves to the nearest strong edge this near" },
    { "tolerance", CLI_DOUBLE, &opt.tolerance, 0, 100, NULL, "PX",
      "the path's curves keep this near the traced line (0: polyline)" },
    { "format", CLI_CHOICE, &opt.format, 0, 0, formats, "F",
      "the output's format (auto: by OUT's extension)" },
    { "nodes", CLI_INT, &p->nodes, 1, TESSERA_TRACE_MAX_NODES, NULL, "N",
      "guides between two clicks" },
    { "points", CLI_INT, &p->points, 1, TESSERA_TRACE_MAX_POINTS, NULL, "D",
      "candidate points per guide" },
    { "half-width", CLI_DOUBLE, &p->half_width, 0, 1000, NULL, "PX",
      "how far the guides reach either side of two clicks' line" },
    { "max-angle", CLI_DOUBLE, &p->max_angle, 0, 180, NULL, "DEG",
      "the largest turn at a guide" },
    { "sigma", CLI_DOUBLE, &p->sigma, 0, TESSERA_GRADIENT_MAX_SIGMA, NULL,
      "PX", "Gaussian blur before the gradient" },
    { NULL, 0, NULL, 0, 0, NULL, NULL, NULL }
  };
  const char     *in_path, *out_path;
  bool            done;
  int             code = cli_in_out ("trace", argc, argv, options, &common,
                                     usage, summary, &in_path, &out_path,
                                     &done);
  TesseraRaster  *in;
  TesseraPoint   *clicks = NULL, *control = NULL;
  int             n = 0, n_control = 0;
  CliProgress     progress;
  TesseraExec     exec;

  if (done)
    return code;
  if ((code = check_options (&opt, out_path)) != CLI_EXIT_OK
      || (code = cli_open ("trace", in_path, &in)) != CLI_EXIT_OK)
    return code;
  code = read_clicks (&opt, in, &clicks, &n);
  if (code == CLI_EXIT_OK)
    code = check_clicks (clicks, n, opt.closed, tessera_raster_shape (in));
  if (code == CLI_EXIT_OK)
    {
      cli_progress_start (&progress, "trace", common.quiet);
      exec = cli_exec (&common, &progress);
      code = trace_chain (in, &opt, clicks, n, &control, &n_control, &exec);
      cli_progress_end (&progress);
    }
  if (code == CLI_EXIT_OK)
    code = write_path (&opt, in, in_path, out_path, control, n_control);
  free (clicks);
  free (control);
  tessera_raster_close (in);
  return code;
}
