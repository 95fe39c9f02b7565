/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line: the polyline between clicks that follows a road, a
 * river or a field's edge (core/trace-line.h), made into a GIMP path.
 *
 * Two procedures (trace-line-args.h): one takes the clicks as coordinates,
 * the other the anchors of the active path, so that points clicked with
 * the Paths tool become a path that keeps to the object between them.
 * This is the GIMP 2.10 plug-in; the run's work (trace-run.c) is shared
 * with the GIMP 3 one (trace-line3.c).  The plug-in also serves Export
 * Paths as GeoJSON (geojson-gimp2.c), the traced paths' way into a GIS. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-plugin.h"
#include "geojson-export.h"
#include "geojson-gimp2.h"
#include "trace-dialog.h"
#include "trace-run.h"

/* Where the clicks of the last run are kept, for RUN-WITH-LAST-VALS:
 * whether they close, then the points. */
#define LAST_CLICKS_KEY TRACE_PROC "-clicks"
/* Where the dialog's Keep the path is kept (the Output: no argument). */
#define KEEP_PATH_KEY TRACE_PROC "-keep-path"

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* After the generic parse: the clicks of the coordinates. */
static void
trace_parse (const GimpParam *param,
             gpointer         data)
{
  trace_run_take_coords (data);
}

static gboolean
trace_check (gconstpointer   data,
             GError        **error)
{
  return trace_run_check (data, error);
}

static gboolean
trace_dialog (const TesseraTarget *target,
              gpointer             data)
{
  TraceRun *run = data;

  /* The dialog starts without the last run's clicks (run () loaded them
   * for a repeat): they were made on another image, or this one before. */
  g_array_set_size (run->clicks, 0);
  run->closed = FALSE;
  if (gimp_get_data_size (KEEP_PATH_KEY) == sizeof run->keep_path)
    gimp_get_data (KEEP_PATH_KEY, &run->keep_path);
  if (! trace_dialog_run (target->image, target->drawable, &run->values,
                          run->from_path, run->clicks, &run->closed,
                          &run->keep_path))
    return FALSE;
  gimp_set_data (KEEP_PATH_KEY, &run->keep_path, sizeof run->keep_path);
  /* The clicks stand for the coordinates, which the ranges check. */
  trace_run_give_coords (run);
  return TRUE;
}

static gboolean
trace_apply (const TesseraTarget *target,
             gconstpointer        data,
             GError             **error)
{
  return trace_run_apply (target->image, target->drawable, data,
                          &target->results[0].data.d_vectors, error);
}

/* ---- the two procedures -------------------------------------------- */

static const GimpParamDef return_vals[] =
{
  { GIMP_PDB_VECTORS, "path", TRACE_PATH_DESCRIPTION }
};

static const gchar * const menu_paths[] =
{
  TRACE_MENUS, NULL
};

static const TesseraPlugin trace_line =
{
  .name              = TRACE_PROC,
  .blurb             = TRACE_BLURB,
  .help              = TRACE_HELP,
  .menu_label        = TRACE_LABEL,
  .image_types       = "RGB*, GRAY*",
  .menu_paths        = menu_paths,
  .arguments         = trace_line_args,
  .n_arguments       = G_N_ELEMENTS (trace_line_args),
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
  .name              = TRACE_FROM_PATH_PROC,
  .blurb             = TRACE_FROM_PATH_BLURB,
  .help              = TRACE_FROM_PATH_HELP,
  .menu_label        = TRACE_FROM_PATH_LABEL,
  .image_types       = "RGB*, GRAY*",
  .menu_paths        = menu_paths,
  .arguments         = trace_settings_args,
  .n_arguments       = G_N_ELEMENTS (trace_settings_args),
  .values_size       = sizeof (TraceValues),
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
  geojson_install ();
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

/* The last run's clicks into RUN, if there was one; they stand for the
 * coordinates. */
static void
load_clicks (TraceRun *run)
{
  gint    size = gimp_get_data_size (LAST_CLICKS_KEY);
  guint8 *data;

  if (size >= (gint) sizeof run->closed
      && (size - sizeof run->closed) % sizeof (TesseraPoint) == 0)
    {
      data = g_malloc (size);
      gimp_get_data (LAST_CLICKS_KEY, data);
      memcpy (&run->closed, data, sizeof run->closed);
      g_array_append_vals (run->clicks, data + sizeof run->closed,
                           (size - sizeof run->closed)
                           / sizeof (TesseraPoint));
      g_free (data);
    }
  trace_run_give_coords (run);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  TraceRun run;

  if (g_strcmp0 (name, GEOJSON_PROC) == 0)
    {
      geojson_run (n_params, param, n_return_vals, return_vals);
      return;
    }
  trace_run_init (&run, g_strcmp0 (name, TRACE_FROM_PATH_PROC) == 0);

  /* Repeating a trace of clicks (RUN-WITH-LAST-VALS) traces the last
   * run's clicks again, with no dialog; a call's coordinates replace them
   * (trace_parse), and the dialog starts without them. */
  if (! run.from_path)
    load_clicks (&run);

  tessera_plugin_run (run.from_path ? &trace_line_from_path : &trace_line,
                      &run, n_params, param, n_return_vals, return_vals);
  if (! run.from_path && (*return_vals)[0].data.d_status == GIMP_PDB_SUCCESS)
    save_clicks (&run);
  trace_run_clear (&run);
}
