/* Tessera — Trace Line for GIMP 3: the two procedures of the GIMP 2.10
 * plug-in (trace-line.c), from the same declaration (trace-line-args.h),
 * doing the same run (trace-run.c).
 *
 * The 2.10 dialog, where points are clicked on a preview, is GTK 2 and is
 * not served here.  In GIMP 3 the points are clicked with the Paths tool
 * and traced with Trace Line from Path, whose dialog (made by
 * GimpProcedureDialog from the arguments) holds the settings;
 * plug-in-tessera-trace-line takes its points from a call's coords, and
 * its dialog traces those of the last call again with new settings. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-plugin3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "trace-run.h"

static GimpValueArray *run (GimpProcedure *procedure, GimpRunMode run_mode,
                            GimpImage *image, GimpDrawable **drawables,
                            GimpProcedureConfig *config, gpointer run_data);
static void add_path_return_value (GimpProcedure *procedure);

static const gchar * const menu_paths[] =
{
  TRACE_MENUS, NULL
};

/* A procedure, and where its dialog's points come from. */
typedef struct
{
  TesseraProcedure3  procedure;   /* its run data: this TraceProcedure */
  const gchar       *note;        /* N_() */
} TraceProcedure;

static const TraceProcedure trace_line3 =
{
  { TRACE_PROC, TRACE_LABEL, TRACE_BLURB, TRACE_HELP, menu_paths,
    trace_line_args, G_N_ELEMENTS (trace_line_args), run, &trace_line3,
    add_path_return_value },
  N_("The points are those of the last call's coords (from Script-Fu or "
     "Python).  To click them, draw them with the Paths tool and use "
     "Trace Line from Path.")
};

static const TraceProcedure trace_from_path3 =
{
  { TRACE_FROM_PATH_PROC, TRACE_FROM_PATH_LABEL, TRACE_FROM_PATH_BLURB,
    TRACE_FROM_PATH_HELP, menu_paths, trace_settings_args,
    G_N_ELEMENTS (trace_settings_args), run, &trace_from_path3,
    add_path_return_value },
  N_("The points are the anchors of the active path's first stroke: "
     "click them with the Paths tool first.")
};


/* The threshold counts for the sine objective only. */
static void
threshold_if_sine (GimpProcedureDialog *dialog)
{
  GimpValueArray *sine  = gimp_value_array_new (1);
  GValue          value = G_VALUE_INIT;

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_static_string (&value, "sine");
  gimp_value_array_append (sine, &value);
  g_value_unset (&value);
  gimp_procedure_dialog_set_sensitive_if_in (dialog, "threshold", NULL,
                                             "objective", sine, TRUE);
}

/* The settings' dialog, made from the arguments, under a note on where
 * the points come from; FALSE when the user cancels. */
static gboolean
settings_dialog (GimpProcedure        *procedure,
                 GimpProcedureConfig  *config,
                 const TraceProcedure *trace)
{
  GtkWidget *dialog;
  GtkWidget *note;
  GList     *rows = g_list_append (NULL, (gpointer) "trace-note");
  gint       i;

  dialog = tessera_dialog3_new (procedure, config,
                                trace->procedure.menu_label,
                                trace->procedure.args,
                                trace->procedure.n_args);
  note = gimp_procedure_dialog_get_label (GIMP_PROCEDURE_DIALOG (dialog),
                                          "trace-note", _(trace->note),
                                          FALSE, FALSE);
  gtk_label_set_line_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 50);
  /* GIMP 3.0 has no widget for an array: the coords come from calls. */
  for (i = 0; i < trace->procedure.n_args; i++)
    if (trace->procedure.args[i].type != TESSERA_ARG_COORDS)
      rows = g_list_append (rows, (gpointer) trace->procedure.args[i].name);
  gimp_procedure_dialog_fill_list (GIMP_PROCEDURE_DIALOG (dialog), rows);
  threshold_if_sine (GIMP_PROCEDURE_DIALOG (dialog));
  g_list_free (rows);
  return tessera_dialog3_run (dialog);
}

/* CONFIG into RUN, checked: the ranges, then what they cannot say. */
static gboolean
run_of_config (GimpProcedureConfig   *config,
               const TraceProcedure  *trace,
               TraceRun              *run,
               GPtrArray             *arrays,
               GError               **error)
{
  const TesseraProcedure3 *described = &trace->procedure;

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
  const TraceProcedure *trace  = run_data;
  GPtrArray            *arrays = g_ptr_array_new_with_free_func (
                                   (GDestroyNotify) gimp_array_free);
  GError               *error  = NULL;
  GimpValueArray       *results;
  TraceRun              trace_run;
  gint32                drawable, path = -1;
  gboolean              ok;

  drawable = tessera_target3 (image, drawables, &error);
  if (drawable < 0)
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! settings_dialog (procedure, config, trace))
    return tessera_failure3 (procedure, GIMP_PDB_CANCEL, NULL);

  trace_run_init (&trace_run, trace->procedure.args == trace_settings_args);
  if (! run_of_config (config, trace, &trace_run, arrays, &error))
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

static void
add_path_return_value (GimpProcedure *procedure)
{
  gimp_procedure_add_path_return_value (procedure, "path", _("Path"),
                                        TRACE_PATH_DESCRIPTION, FALSE,
                                        G_PARAM_READWRITE);
}

TESSERA_PLUGIN3_MAIN (&trace_line3.procedure, &trace_from_path3.procedure)
