/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line for GIMP 3: the two procedures of the GIMP 2.10
 * plug-in (trace-line.c), from the same declaration (trace-line-args.h),
 * doing the same run (trace-run.c), with the same dialog: points clicked
 * on a view of the drawable and the line traced between them at once
 * (trace-picker.c), beside the settings that GimpProcedureDialog makes
 * from the arguments.  Trace Line from Path starts from the active path's
 * anchors; OK traces the points as a call with them as coords would. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-plugin3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "geojson-gimp3.h"
#include "trace-follow.h"
#include "trace-picker.h"
#include "trace-run.h"

static GimpValueArray *run (GimpProcedure *procedure, GimpRunMode run_mode,
                            GimpImage *image, GimpDrawable **drawables,
                            GimpProcedureConfig *config, gpointer run_data);
static void extend_procedure (GimpProcedure *procedure);

static const gchar * const menu_paths[] =
{
  TRACE_MENUS, NULL
};

static const TesseraProcedure3 trace_line3 =
{
  TRACE_PROC, TRACE_LABEL, TRACE_BLURB, TRACE_HELP, menu_paths,
  trace_line_args, G_N_ELEMENTS (trace_line_args), run, &trace_line3,
  extend_procedure
};

static const TesseraProcedure3 trace_from_path3 =
{
  TRACE_FROM_PATH_PROC, TRACE_FROM_PATH_LABEL, TRACE_FROM_PATH_BLURB,
  TRACE_FROM_PATH_HELP, menu_paths, trace_settings_args,
  G_N_ELEMENTS (trace_settings_args), run, &trace_from_path3,
  extend_procedure
};

/* A dialog's run: the settings it changes in RUN (read from CONFIG), the
 * picker tracing with them. */
typedef struct
{
  TraceRun    *run;
  TracePicker *picker;
  GPtrArray   *arrays;
  gdouble      width;     /* the centre line's, kept while on an edge */
  gboolean     syncing;   /* Follow and line-width setting each other */
} TraceDialog3;

/* DIALOG's widget for the setting NAME is sensitive only while the choice
 * IF_NAME is VALUE. */
static void
sensitive_if (GimpProcedureDialog *dialog,
              const gchar         *name,
              const gchar         *if_name,
              const gchar         *value)
{
  GimpValueArray *values = gimp_value_array_new (1);
  GValue          gvalue = G_VALUE_INIT;

  g_value_init (&gvalue, G_TYPE_STRING);
  g_value_set_static_string (&gvalue, value);
  gimp_value_array_append (values, &gvalue);
  g_value_unset (&gvalue);
  gimp_procedure_dialog_set_sensitive_if_in (dialog, name, NULL, if_name,
                                             values, TRUE);
}

/* The threshold counts for the sine objective only. */
static void
threshold_if_sine (GimpProcedureDialog *dialog)
{
  sensitive_if (dialog, "threshold", "objective", "sine");
}

/* The line width counts for a centre line only. */
static void
line_width_if_centre (GimpProcedureDialog *dialog)
{
  sensitive_if (dialog, "line-width", "follow", "centre");
}

/* Follow (an aux argument: the dialog's, not the PDB's) and what it
 * stands for, keep-side and line-width, set each other. */
static void
follow_to_settings (GimpProcedureConfig *config,
                    TraceDialog3        *dialog)
{
  TraceValues *values = &dialog->run->values;
  gint         follow = gimp_procedure_config_get_choice_id (config,
                                                             "follow");

  trace_follow_set (values, follow, &dialog->width);
  g_object_set (config, "keep-side", values->keep_side,
                "line-width", values->line_width, NULL);
}

static void
settings_to_follow (GimpProcedureConfig *config,
                    TraceDialog3        *dialog)
{
  static const gchar * const nicks[] = { "edge", "either", "centre" };

  g_object_set (config, "follow",
                nicks[trace_follow_of_values (&dialog->run->values)], NULL);
}

/* After a setting changed: every link anew, but for the stroke's, which
 * play no part in the trace. */
static void
setting_changed (GimpProcedureConfig *config,
                 GParamSpec          *pspec,
                 TraceDialog3        *dialog)
{
  if (strcmp (pspec->name, "stroke") == 0
      || strcmp (pspec->name, "stroke-width") == 0 || dialog->syncing)
    return;
  tessera_args_from_config (config, trace_settings_args,
                            G_N_ELEMENTS (trace_settings_args), dialog->run,
                            dialog->arrays);
  dialog->syncing = TRUE;
  if (strcmp (pspec->name, "follow") == 0)
    {
      follow_to_settings (config, dialog);
      trace_follow_note (&dialog->run->values);
    }
  else if (strcmp (pspec->name, "line-width") == 0
           || strcmp (pspec->name, "keep-side") == 0)
    settings_to_follow (config, dialog);
  dialog->syncing = FALSE;
  trace_picker_retrace (dialog->picker);
}

/* Basic: what to follow and how wide, how far a click snaps, the
 * smoothing (the blur before the gradient), the output: Stroke the path,
 * Keep the path (an aux argument, the dialog's own). */
static const gchar * const basic_settings[] =
{
  "follow", "line-width", "snap-radius", "sigma", "stroke-width", "stroke",
  "keep-path", NULL
};

/* Advanced, in an expander, closed: the rest but keep-side, which Follow
 * stands for. */
static GtkWidget *
advanced_expander (GimpProcedureDialog     *dialog,
                   const TesseraProcedure3 *described)
{
  GList     *rows = NULL;
  GtkWidget *box;
  gint       i;

  for (i = 0; i < described->n_args; i++)
    {
      const gchar *name = described->args[i].name;

      if (described->args[i].type != TESSERA_ARG_COORDS
          && strcmp (name, "keep-side") != 0
          && ! g_strv_contains ((const gchar * const *) basic_settings, name))
        rows = g_list_append (rows, (gpointer) name);
    }
  box = gimp_procedure_dialog_fill_box_list (dialog, "trace-advanced", rows);
  g_list_free (rows);
  return trace_picker_advanced (box);
}

/* The basic settings, the picker's controls, then Advanced. */
static GtkWidget *
settings_box (GimpProcedureDialog     *dialog,
              const TesseraProcedure3 *described,
              TracePicker             *picker)
{
  GList     *rows = NULL;
  GtkWidget *box;
  gint       i;

  for (i = 0; basic_settings[i] != NULL; i++)
    rows = g_list_append (rows, (gpointer) basic_settings[i]);
  box = gimp_procedure_dialog_fill_box_list (dialog, "trace-settings", rows);
  g_list_free (rows);
  gtk_box_pack_start (GTK_BOX (box), trace_picker_closed_toggle (picker),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), trace_picker_buttons (picker),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), advanced_expander (dialog, described),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), trace_picker_hint (), FALSE, FALSE, 0);
  gtk_widget_show_all (box);
  return box;
}

/* The view left of the settings. */
static void
fill_dialog (GimpProcedureDialog     *dialog,
             GimpProcedureConfig     *config,
             const TesseraProcedure3 *described,
             TracePicker             *picker)
{
  GtkWidget *view;
  GtkWidget *main_box;

  settings_box (dialog, described, picker);
  main_box = gimp_procedure_dialog_fill_box (dialog, "trace-main",
                                             "trace-settings", NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (main_box),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (main_box), 12);
  view = trace_picker_view (picker);
  gtk_widget_show_all (view);
  gtk_box_pack_start (GTK_BOX (main_box), view, TRUE, TRUE, 0);
  gtk_box_reorder_child (GTK_BOX (main_box), view, 0);
  gimp_procedure_dialog_fill (dialog, "trace-main", NULL);
  threshold_if_sine (dialog);
  line_width_if_centre (dialog);
  gimp_procedure_dialog_set_sensitive (dialog, "keep-path", TRUE,
                                       G_OBJECT (config), "stroke", FALSE);
}

/* The points chosen on the dialog into RUN (image coordinates); FALSE when
 * the user cancels or the drawable cannot be read (*ERROR). */
static gboolean
run_dialog (GimpProcedure            *procedure,
            GimpProcedureConfig      *config,
            const TesseraProcedure3  *described,
            gint32                    drawable,
            TraceRun                 *run,
            GError                  **error)
{
  TraceDialog3  trace = { run, NULL, NULL, 0.0, FALSE };
  GtkWidget    *dialog;
  gulong        handler;
  gboolean      ok;

  /* The dialog starts without the last run's points, as in GIMP 2.10:
   * they were made on another image, or this one before. */
  g_array_set_size (run->clicks, 0);
  trace.arrays = g_ptr_array_new_with_free_func (
                   (GDestroyNotify) gimp_array_free);
  tessera_args_from_config (config, trace_settings_args,
                            G_N_ELEMENTS (trace_settings_args), run,
                            trace.arrays);
  settings_to_follow (config, &trace);
  trace.picker = trace_picker_new (tessera_gimp_item_image (drawable),
                                   drawable, &run->values, run->from_path,
                                   run->clicks, FALSE, error);
  if (trace.picker == NULL)
    {
      g_ptr_array_unref (trace.arrays);
      return FALSE;
    }

  dialog = tessera_dialog3_new (procedure, config, described->menu_label,
                                described->args, described->n_args);
  fill_dialog (GIMP_PROCEDURE_DIALOG (dialog), config, described,
               trace.picker);
  trace_picker_start (trace.picker, dialog);
  handler = g_signal_connect (config, "notify", G_CALLBACK (setting_changed),
                              &trace);
  ok = tessera_dialog3_run (dialog);
  g_signal_handler_disconnect (config, handler);
  if (ok)
    trace_picker_result (trace.picker, run->clicks, &run->closed);
  trace_picker_free (trace.picker);
  g_ptr_array_unref (trace.arrays);
  return ok;
}

/* The clicks as coords (a closed chain repeats its first point last), so
 * that the run traces them as a call with those coords, and GIMP keeps
 * them as the last values. */
static void
coords_to_config (GimpProcedureConfig *config,
                  const TraceRun      *run)
{
  GArray *coords = g_array_new (FALSE, FALSE, sizeof (gdouble));
  GValue  value  = G_VALUE_INIT;
  guint   i;

  for (i = 0; i <= run->clicks->len; i++)
    {
      TesseraPoint click;

      if (i == run->clicks->len && ! (run->closed && i > 0))
        break;
      click = g_array_index (run->clicks, TesseraPoint, i % run->clicks->len);
      g_array_append_val (coords, click.x);
      g_array_append_val (coords, click.y);
    }
  g_value_init (&value, GIMP_TYPE_DOUBLE_ARRAY);
  gimp_value_set_double_array (&value, (const gdouble *) coords->data,
                               coords->len);
  g_object_set_property (G_OBJECT (config), "coords", &value);
  g_value_unset (&value);
  g_array_free (coords, TRUE);
}

/* CONFIG into RUN, checked: the ranges, then what they cannot say. */
static gboolean
run_of_config (GimpProcedureConfig      *config,
               const TesseraProcedure3  *described,
               TraceRun                 *run,
               GPtrArray                *arrays,
               GError                  **error)
{
  tessera_args_from_config (config, described->args, described->n_args, run,
                            arrays);
  if (! tessera_args_check (described->args, described->n_args, run, error))
    return FALSE;
  if (! run->from_path)
    trace_run_take_coords (run);
  return trace_run_check (run, error);
}

static GimpValueArray *
run (GimpProcedure        *procedure,
     GimpRunMode           run_mode,
     GimpImage            *image,
     GimpDrawable        **drawables,
     GimpProcedureConfig  *config,
     gpointer              run_data)
{
  const TesseraProcedure3 *described = run_data;
  GPtrArray               *arrays;
  GError                  *error = NULL;
  GimpValueArray          *results;
  TraceRun                 trace_run;
  gint32                   drawable, path = -1;
  gboolean                 ok;

  drawable = tessera_target3 (image, drawables, &error);
  if (drawable < 0)
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);

  trace_run_init (&trace_run, described->args == trace_settings_args);
  if (run_mode == GIMP_RUN_INTERACTIVE)
    {
      if (! run_dialog (procedure, config, described, drawable, &trace_run,
                        &error))
        {
          trace_run_clear (&trace_run);
          return tessera_failure3 (procedure,
                                   error != NULL ? GIMP_PDB_EXECUTION_ERROR
                                                 : GIMP_PDB_CANCEL, error);
        }
      if (! trace_run.from_path)
        coords_to_config (config, &trace_run);
      g_object_get (config, "keep-path", &trace_run.keep_path, NULL);
    }

  arrays = g_ptr_array_new_with_free_func ((GDestroyNotify) gimp_array_free);
  if (! run_of_config (config, described, &trace_run, arrays, &error))
    {
      trace_run_clear (&trace_run);
      g_ptr_array_unref (arrays);
      return tessera_failure3 (procedure, GIMP_PDB_CALLING_ERROR, error);
    }
  ok = trace_run_apply (gimp_image_get_id (image), drawable, &trace_run,
                        &path, &error);
  trace_run_clear (&trace_run);
  g_ptr_array_unref (arrays);
  if (! ok)
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);

  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  results = gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                              NULL);
  GIMP_VALUES_SET_PATH (results, 1, TESSERA_PATH (path));
  return results;
}

/* The return value, Keep the path, and Follow: the dialog's choice that
 * stands for keep-side and line-width (trace-follow.h); the last two kept
 * with the settings but no arguments of the PDB's. */
static void
extend_procedure (GimpProcedure *procedure)
{
  /* None when the dialog's Output is the stroke alone. */
  gimp_procedure_add_path_return_value (procedure, "path", _("Path"),
                                        TRACE_PATH_DESCRIPTION, TRUE,
                                        G_PARAM_READWRITE);
  gimp_procedure_add_boolean_aux_argument (procedure, "keep-path",
                                           _(TRACE_KEEP_PATH_LABEL),
                                           _(TRACE_KEEP_PATH_HELP), TRUE,
                                           G_PARAM_READWRITE);
  gimp_procedure_add_choice_aux_argument (
    procedure, "follow", _(TRACE_FOLLOW_LABEL), _(TRACE_FOLLOW_HELP),
    gimp_choice_new_with_values (
      "edge", TRACE_FOLLOW_EDGE_KEPT_SIDE, _(trace_follow_labels[0]), NULL,
      "either", TRACE_FOLLOW_EDGE_EITHER_SIDE, _(trace_follow_labels[1]), NULL,
      "centre", TRACE_FOLLOW_CENTRE_LINE, _(trace_follow_labels[2]), NULL,
      NULL),
    "edge", G_PARAM_READWRITE);
}

TESSERA_PLUGIN3_MAIN (&trace_line3, &trace_from_path3, &geojson_procedure3)
