/* Tessera — Trace Line: the polyline between clicks that follows a road, a
 * river or a field's edge (core/trace-line.h), made into a GIMP path.
 *
 * Two procedures: one takes the clicks as coordinates, the other the
 * anchors of the active path, so that points clicked with the Paths tool
 * become a path that keeps to the object between them. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-plugin.h"
#include "tessera-progress.h"
#include "trace-chain.h"
#include "trace-dialog.h"
#include "trace-path.h"

#define PLUG_IN_PROC           "plug-in-tessera-trace-line"
#define PLUG_IN_PROC_FROM_PATH "plug-in-tessera-trace-line-from-path"

/* A run: the settings, then what is not kept between runs. */
typedef struct
{
  TraceValues values;
  gboolean    from_path;   /* the clicks are the active path's anchors */
  gint        n_coords;    /* as given to plug-in-tessera-trace-line */
  GArray     *clicks;      /* TesseraPoint, image coordinates */
  gboolean    closed;      /* the last click links back to the first */
  gboolean    repeating;   /* RUN-WITH-LAST-VALS: the last run's clicks */
} TraceRun;

/* Where the clicks of the last run are kept, for RUN-WITH-LAST-VALS:
 * whether they close, then the points. */
#define LAST_CLICKS_KEY PLUG_IN_PROC "-clicks"

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* The settings, from PARAM on: nodes … stroke-width. */
static void
parse_values (const GimpParam *param,
              TraceValues     *values)
{
  values->reach        = param[9].data.d_float;
  values->min_reach    = param[10].data.d_float;
  values->mean         = param[11].data.d_int32;
  values->keep_side    = param[12].data.d_int32;
  values->snap_radius  = param[13].data.d_float;
  values->smooth       = param[14].data.d_int32;
  values->stroke_width = param[15].data.d_float;
  values->line_width   = param[16].data.d_float;
  values->nodes      = param[0].data.d_int32;
  values->points     = param[1].data.d_int32;
  values->half_width = param[2].data.d_float;
  values->max_angle  = param[3].data.d_float;
  values->sigma      = param[4].data.d_float;
  values->stroke     = param[5].data.d_int32;
  values->backend    = param[6].data.d_int32;
  values->objective  = param[7].data.d_int32;
  values->threshold  = param[8].data.d_float;
}

/* A chain whose last point repeats the first is closed. */
static void
close_if_looped (TraceRun *run)
{
  GArray       *clicks = run->clicks;
  TesseraPoint *first, *last;

  if (clicks->len < 3)
    return;
  first = &g_array_index (clicks, TesseraPoint, 0);
  last = &g_array_index (clicks, TesseraPoint, clicks->len - 1);
  if (first->x == last->x && first->y == last->y)
    {
      g_array_set_size (clicks, clicks->len - 1);
      run->closed = TRUE;
    }
}

static void
trace_parse (const GimpParam *param,
             gpointer         data)
{
  TraceRun      *run    = data;
  const gdouble *coords = param[4].data.d_floatarray;
  gint           i;

  run->n_coords = param[3].data.d_int32;
  for (i = 0; coords != NULL && i + 1 < run->n_coords; i += 2)
    {
      TesseraPoint click = { coords[i], coords[i + 1] };
      g_array_append_val (run->clicks, click);
    }
  close_if_looped (run);
  parse_values (param + 5, &run->values);
}

static void
trace_from_path_parse (const GimpParam *param,
                       gpointer         data)
{
  TraceRun *run = data;

  parse_values (param + 3, &run->values);
}

static gboolean
trace_check (gconstpointer   data,
             GError        **error)
{
  const TraceRun *run = data;

  if (! trace_values_check (&run->values, error))
    return FALSE;
  if (run->from_path)
    return TRUE;
  if (run->repeating && run->clicks->len == 0)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("Trace Line has no points to repeat: run it "
                             "once with points first (from the menu, or "
                             "with RUN-NONINTERACTIVE and coords)."));
      return FALSE;
    }
  if (run->n_coords % 2 != 0)
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   _("num-coords must be even (x and y of each point), "
                     "not %d."), run->n_coords);
      return FALSE;
    }
  return trace_chain_check ((const TesseraPoint *) run->clicks->data,
                            run->clicks->len, run->closed, error);
}

static gboolean
trace_dialog (const TesseraTarget *target,
              gpointer             data)
{
  TraceRun *run = data;

  return trace_dialog_run (target->image, target->drawable, &run->values,
                           run->from_path, run->clicks, &run->closed);
}

/* POINTS moved by (DX, DY). */
static void
move_points (GArray  *points,
             gdouble  dx,
             gdouble  dy)
{
  guint i;

  for (i = 0; i < points->len; i++)
    {
      g_array_index (points, TesseraPoint, i).x += dx;
      g_array_index (points, TesseraPoint, i).y += dy;
    }
}

/* Traces the chain of CLICKS (drawable coordinates) on DRAWABLE into
 * POLYLINE. */
static gboolean
trace_chain (gint32              drawable,
             const TraceValues  *values,
             GArray             *clicks,
             gboolean            closed,
             GArray             *polyline,
             GError            **error)
{
  TesseraProgress  progress;
  TesseraExec      exec;

  tessera_progress_start (&progress, _("Tracing the line"));
  exec = tessera_progress_exec (&progress, values->backend);
  return trace_chain_drawable (drawable, (const TesseraPoint *) clicks->data,
                               clicks->len, closed, values, &exec, polyline,
                               error);
}

/* The clicks in image coordinates, and whether they close.  They become
 * the new path's anchors, which GIMP holds in single precision: the line
 * is traced between the points that the path will hold. */
static gboolean
chain_of_run (const TesseraTarget  *target,
              const TraceRun       *run,
              GArray               *clicks,
              gboolean             *closed,
              GError              **error)
{
  *closed = run->closed;
  if (run->from_path && run->clicks->len == 0)
    {
      if (! trace_path_anchors (target->image, clicks, closed, error))
        return FALSE;
    }
  else
    g_array_append_vals (clicks, run->clicks->data, run->clicks->len);
  trace_path_round (clicks);
  return TRUE;
}

static gboolean
trace_apply (const TesseraTarget *target,
             gconstpointer        data,
             GError             **error)
{
  const TraceRun *run      = data;
  GArray         *clicks   = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  GArray         *polyline = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  GeglRectangle   extent;
  gboolean        closed;
  gboolean        ok;

  gimp_drawable_offsets (target->drawable, &extent.x, &extent.y);
  extent.width  = gimp_drawable_width (target->drawable);
  extent.height = gimp_drawable_height (target->drawable);

  ok = chain_of_run (target, run, clicks, &closed, error)
       && trace_chain_check ((const TesseraPoint *) clicks->data, clicks->len,
                             closed, error)
       && trace_chain_inside ((const TesseraPoint *) clicks->data,
                              clicks->len, &extent, error);
  if (ok)
    {
      move_points (clicks, -extent.x, -extent.y);
      ok = trace_chain (target->drawable, &run->values, clicks, closed,
                        polyline, error);
    }
  if (ok)
    {
      move_points (polyline, extent.x, extent.y);
      target->results[0].data.d_vectors =
        trace_path_new (target->image, target->drawable,
                        (const TesseraPoint *) polyline->data, polyline->len,
                        closed, run->values.stroke,
                        run->values.stroke_width);
    }
  g_array_free (clicks, TRUE);
  g_array_free (polyline, TRUE);
  return ok;
}

/* ---- the two procedures -------------------------------------------- */

#define TRACE_ARGS_SETTINGS                                                  \
  { GIMP_PDB_INT32, "nodes",                                                 \
    "Guides between two points, each crossing the line between them "        \
    "(1..64)" },                                                             \
  { GIMP_PDB_INT32, "points-per-guide",                                      \
    "Candidate points on each guide (1..4096)" },                            \
  { GIMP_PDB_FLOAT, "half-width",                                            \
    "How far the guides reach on either side of the line between two "       \
    "points, in pixels" },                                                   \
  { GIMP_PDB_FLOAT, "max-angle",                                             \
    "The largest turn at a node, in degrees (0..180)" },                     \
  { GIMP_PDB_FLOAT, "sigma",                                                 \
    "Gaussian blur before the gradient, in pixels (0..64)" },                \
  { GIMP_PDB_INT32, "stroke",                                                \
    "Also stroke the path with the paintbrush, the current brush and the "   \
    "foreground colour { FALSE (0), TRUE (1) }" },                           \
  TESSERA_ARG_BACKEND,                                                       \
  { GIMP_PDB_INT32, "objective",                                             \
    "What a polyline's links add up { GRADIENT (0): the gradient's "         \
    "magnitude times the sine of its angle with the link, SINE (1): the "    \
    "sine alone where the magnitude is above threshold (the paper's) }" },   \
  { GIMP_PDB_FLOAT, "threshold",                                             \
    "For the SINE objective, the gradient magnitude a point must exceed to " \
    "count (0 or more; a step from black to white over one pixel gives "     \
    "0.5)" },                                                                \
  { GIMP_PDB_FLOAT, "reach",                                                 \
    "The guides reach this share of the distance between two points "        \
    "(0..100; 0: always half-width), at least min-reach and at most "        \
    "half-width pixels (default 0.15)" },                                    \
  { GIMP_PDB_FLOAT, "min-reach",                                             \
    "The guides' shortest reach, in pixels (default 3)" },                   \
  { GIMP_PDB_INT32, "mean",                                                  \
    "Each link counts its samples' mean times the cosine of its angle with " \
    "the line between the two points, so that detours earn nothing "         \
    "{ FALSE (0): their sum, as before, TRUE (1) (default) }" },             \
  { GIMP_PDB_INT32, "keep-side",                                             \
    "Follow the edge with the contrast seen at the points: the brighter "    \
    "side stays on the same hand { FALSE (0), TRUE (1) (default) }" },       \
  { GIMP_PDB_FLOAT, "snap-radius",                                           \
    "Each point first moves to the nearest strong edge within this many "    \
    "pixels (0..64; 0: the points stay; default 3)" },                       \
  { GIMP_PDB_INT32, "smooth",                                                \
    "The line leaves and enters each inner point within max-angle of the "   \
    "way it runs there { FALSE (0), TRUE (1) (default) }" },                 \
  { GIMP_PDB_FLOAT, "stroke-width",                                          \
    "With stroke, the brush's size in pixels, hard-edged (0: the current "   \
    "brush as it is; default 3)" },                                          \
  { GIMP_PDB_FLOAT, "line-width",                                            \
    "0: trace an edge; above 0: the centre line of a road, track or river "  \
    "this many pixels wide, bright or dark (0..256; objective GRADIENT "     \
    "only; the points do not snap)" }

static const GimpParamDef coords_args[] =
{
  TESSERA_ARGS_RUN_MODE_IMAGE_DRAWABLE,
  { GIMP_PDB_INT32,      "num-coords",
    "The number of coordinates: twice the number of points (4 or more)" },
  { GIMP_PDB_FLOATARRAY, "coords",
    "The points to trace between, in image coordinates: x1 y1 x2 y2 …; "
    "when the last repeats the first, the path is closed" },
  TRACE_ARGS_SETTINGS
};

static const GimpParamDef from_path_args[] =
{
  TESSERA_ARGS_RUN_MODE_IMAGE_DRAWABLE,
  TRACE_ARGS_SETTINGS
};

static const GimpParamDef return_vals[] =
{
  { GIMP_PDB_VECTORS, "path", "The new path \"Traced line\"" }
};

static const gchar * const menu_paths[] =
{
  TESSERA_MENU, "<Image>/Select", NULL
};

#define TRACE_HELP                                                           \
  "Between each point and the next, finds the polyline that is most "        \
  "filled with image gradient across it, so that it keeps to the edge of "   \
  "a road, a river or a field: nodes guides cross the line between the two " \
  "points, each with points-per-guide candidates over half-width pixels "    \
  "on either side, and of all polylines through one candidate per guide "   \
  "that turn by at most max-angle at each node, dynamic programming finds "  \
  "the best exactly.  The links are joined into one new path, \"Traced "     \
  "line\", with an anchor on every node and straight segments, and "         \
  "optionally stroked.  The gradient is Sobel's on the luminance, after a "  \
  "Gaussian blur of sigma.  A polyline's value adds up, along its links, "   \
  "the gradient's magnitude times the sine of its angle with the link, or "  \
  "with objective SINE (the paper's literal variant) the sine alone where "  \
  "the magnitude exceeds threshold.  The selection plays no part.  Returns " \
  "the new path."

static const TesseraPlugin trace_line =
{
  .name              = PLUG_IN_PROC,
  .blurb             = N_("Trace a road, river or edge between clicked points "
                          "into a path"),
  .help              = TRACE_HELP,
  .menu_label        = N_("_Trace Line…"),
  .image_types       = "RGB*, GRAY*",
  .menu_paths        = menu_paths,
  .args              = coords_args,
  .n_args            = G_N_ELEMENTS (coords_args),
  .values_size       = sizeof (TraceValues),
  .parse             = trace_parse,
  .check             = trace_check,
  .dialog            = trace_dialog,
  .apply             = trace_apply,
  .return_vals       = return_vals,
  .n_return_vals     = G_N_ELEMENTS (return_vals),
  .ignores_selection = TRUE
};

/* The same settings, kept under their own name. */
static const TesseraPlugin trace_line_from_path =
{
  .name              = PLUG_IN_PROC_FROM_PATH,
  .blurb             = N_("Snap the active path to the road, river or edge "
                          "along it"),
  .help              = TRACE_HELP "  The points are the anchors of the first "
                       "stroke of the active path; a closed stroke gives a "
                       "closed path.",
  .menu_label        = N_("Trace Line from _Path…"),
  .image_types       = "RGB*, GRAY*",
  .menu_paths        = menu_paths,
  .args              = from_path_args,
  .n_args            = G_N_ELEMENTS (from_path_args),
  .values_size       = sizeof (TraceValues),
  .parse             = trace_from_path_parse,
  .check             = trace_check,
  .dialog            = trace_dialog,
  .apply             = trace_apply,
  .return_vals       = return_vals,
  .n_return_vals     = G_N_ELEMENTS (return_vals),
  .ignores_selection = TRUE
};

static void
query (void)
{
  tessera_plugin_install (&trace_line);
  tessera_plugin_install (&trace_line_from_path);
}

static void
save_clicks (const TraceRun *run)
{
  GByteArray *data = g_byte_array_new ();

  g_byte_array_append (data, (const guint8 *) &run->closed,
                       sizeof run->closed);
  g_byte_array_append (data, (const guint8 *) run->clicks->data,
                       run->clicks->len * sizeof (TesseraPoint));
  gimp_set_data (LAST_CLICKS_KEY, data->data, data->len);
  g_byte_array_free (data, TRUE);
}

/* The last run's clicks into RUN, if there was one. */
static void
load_clicks (TraceRun *run)
{
  gint    size = gimp_get_data_size (LAST_CLICKS_KEY);
  guint8 *data;

  if (size < (gint) sizeof run->closed
      || (size - sizeof run->closed) % sizeof (TesseraPoint) != 0)
    return;
  data = g_malloc (size);
  gimp_get_data (LAST_CLICKS_KEY, data);
  memcpy (&run->closed, data, sizeof run->closed);
  g_array_append_vals (run->clicks, data + sizeof run->closed,
                       (size - sizeof run->closed) / sizeof (TesseraPoint));
  g_free (data);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  TraceRun run = { .values = TRACE_DEFAULT_VALUES };

  run.from_path = g_strcmp0 (name, PLUG_IN_PROC_FROM_PATH) == 0;
  run.clicks = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));

  /* Repeating a trace of clicks traces the last run's clicks again, with
   * no dialog. */
  run.repeating = ! run.from_path && n_params > 0
                  && param[0].data.d_int32 == GIMP_RUN_WITH_LAST_VALS;
  if (run.repeating)
    load_clicks (&run);

  tessera_plugin_run (run.from_path ? &trace_line_from_path : &trace_line,
                      &run, n_params, param, n_return_vals, return_vals);
  if (! run.from_path && (*return_vals)[0].data.d_status == GIMP_PDB_SUCCESS)
    save_clicks (&run);
  g_array_free (run.clicks, TRUE);
}
