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
#include "tessera-filter3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "trace-run.h"

#define TESSERA_TYPE_TRACE_LINE3 (tessera_trace_line3_get_type ())
G_DECLARE_FINAL_TYPE (TesseraTraceLine3, tessera_trace_line3, TESSERA,
                      TRACE_LINE3, GimpPlugIn)

struct _TesseraTraceLine3
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraTraceLine3, tessera_trace_line3, GIMP_TYPE_PLUG_IN)

/* What differs between the two procedures. */
typedef struct
{
  const gchar      *name;
  const gchar      *menu_label;   /* N_() */
  const gchar      *blurb;        /* N_() */
  const gchar      *help;
  const TesseraArg *args;
  gint              n_args;
  const gchar      *note;         /* N_(): where the dialog's points come
                                     from */
} TraceProcedure;

static const TraceProcedure trace_procedures[] =
{
  { TRACE_PROC, TRACE_LABEL, TRACE_BLURB, TRACE_HELP, trace_line_args,
    G_N_ELEMENTS (trace_line_args),
    N_("The points are those of the last call's coords (from Script-Fu or "
       "Python).  To click them, draw them with the Paths tool and use "
       "Trace Line from Path.") },
  { TRACE_FROM_PATH_PROC, TRACE_FROM_PATH_LABEL, TRACE_FROM_PATH_BLURB,
    TRACE_FROM_PATH_HELP, trace_settings_args,
    G_N_ELEMENTS (trace_settings_args),
    N_("The points are the anchors of the active path's first stroke: "
       "click them with the Paths tool first.") }
};

static const gchar * const menu_paths[] =
{
  "<Image>/Filters/Tessera", "<Image>/Select", NULL
};

static const TraceProcedure *
trace_procedure_of (const gchar *name)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (trace_procedures); i++)
    if (g_strcmp0 (trace_procedures[i].name, name) == 0)
      return &trace_procedures[i];
  return NULL;
}

static GimpValueArray *
failure (GimpProcedure     *procedure,
         GimpPDBStatusType  status,
         GError            *error)
{
  return gimp_procedure_new_return_values (procedure, status, error);
}

/* The one drawable to trace on, checked as in GIMP 2.10 (no group, no
 * indexed image), as its ID; -1 with *ERROR set if there is none. */
static gint32
drawable_of (GimpImage     *image,
             GimpDrawable **drawables,
             GError       **error)
{
  gint32 drawable;

  if (drawables == NULL || drawables[0] == NULL || drawables[1] != NULL)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("Choose one layer, mask or channel."));
      return -1;
    }
  drawable = gimp_item_get_id (GIMP_ITEM (drawables[0]));
  if (! tessera_drawable_check (gimp_image_get_id (image), drawable, error))
    return -1;
  return drawable;
}

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
  gboolean   ok;

  gimp_ui_init (trace->name);
  dialog = tessera_dialog3_new (procedure, config, trace->menu_label,
                                trace->args, trace->n_args);
  note = gimp_procedure_dialog_get_label (GIMP_PROCEDURE_DIALOG (dialog),
                                          "trace-note", _(trace->note),
                                          FALSE, FALSE);
  gtk_label_set_line_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 50);
  /* GIMP 3.0 has no widget for an array: the coords come from calls. */
  for (i = 0; i < trace->n_args; i++)
    if (trace->args[i].type != TESSERA_ARG_COORDS)
      rows = g_list_append (rows, (gpointer) trace->args[i].name);
  gimp_procedure_dialog_fill_list (GIMP_PROCEDURE_DIALOG (dialog), rows);
  threshold_if_sine (GIMP_PROCEDURE_DIALOG (dialog));
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  gtk_widget_destroy (dialog);
  g_list_free (rows);
  return ok;
}

/* CONFIG into RUN, checked: the ranges, then what they cannot say. */
static gboolean
run_of_config (GimpProcedureConfig   *config,
               const TraceProcedure  *trace,
               TraceRun              *run,
               GPtrArray             *arrays,
               GError               **error)
{
  tessera_args_from_config (config, trace->args, trace->n_args, run, arrays);
  if (! tessera_args_check (trace->args, trace->n_args, run, error))
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

  drawable = drawable_of (image, drawables, &error);
  if (drawable < 0)
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! settings_dialog (procedure, config, trace))
    return failure (procedure, GIMP_PDB_CANCEL, NULL);

  trace_run_init (&trace_run, trace->args == trace_settings_args);
  if (! run_of_config (config, trace, &trace_run, arrays, &error))
    {
      trace_run_clear (&trace_run);
      g_ptr_array_unref (arrays);
      return failure (procedure, GIMP_PDB_CALLING_ERROR, error);
    }
  ok = trace_run_apply (gimp_image_get_id (image), drawable, &trace_run,
                        &path, &error);
  trace_run_clear (&trace_run);
  g_ptr_array_unref (arrays);
  if (! ok)
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);

  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  results = gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                              NULL);
  GIMP_VALUES_SET_PATH (results, 1, TESSERA_PATH (path));
  return results;
}

static GList *
query_procedures (GimpPlugIn *plug_in)
{
  return g_list_append (g_list_append (NULL, g_strdup (TRACE_PROC)),
                        g_strdup (TRACE_FROM_PATH_PROC));
}

static GimpProcedure *
create_procedure (GimpPlugIn  *plug_in,
                  const gchar *name)
{
  const TraceProcedure *trace = trace_procedure_of (name);
  GimpProcedure        *procedure;
  const gchar * const  *menu;

  if (trace == NULL)
    return NULL;
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  procedure = gimp_image_procedure_new (plug_in, name,
                                        GIMP_PDB_PROC_TYPE_PLUGIN, run,
                                        (gpointer) trace, NULL);
  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (procedure, _(trace->menu_label));
  for (menu = menu_paths; *menu != NULL; menu++)
    gimp_procedure_add_menu_path (procedure, *menu);
  gimp_procedure_set_documentation (procedure, _(trace->blurb), trace->help,
                                    name);
  gimp_procedure_set_attribution (procedure, "The Tessera authors",
                                  "The Tessera authors", "2025");
  tessera_args_add_arguments (procedure, trace->args, trace->n_args);
  gimp_procedure_add_path_return_value (procedure, "path", _("Path"),
                                        TRACE_PATH_DESCRIPTION, FALSE,
                                        G_PARAM_READWRITE);
  return procedure;
}

/* Our catalogs are installed with the system's: create_procedure binds
 * the domain itself (as Box Blur's GIMP 3 plug-in does). */
static gboolean
set_i18n (GimpPlugIn   *plug_in,
          const gchar  *procedure_name,
          gchar       **gettext_domain,
          gchar       **catalog_dir)
{
  return FALSE;
}

static void
tessera_trace_line3_class_init (TesseraTraceLine3Class *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = query_procedures;
  plug_in_class->create_procedure = create_procedure;
  plug_in_class->set_i18n         = set_i18n;
}

static void
tessera_trace_line3_init (TesseraTraceLine3 *self)
{
}

GIMP_MAIN (TESSERA_TYPE_TRACE_LINE3)
