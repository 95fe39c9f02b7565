/* Tessera — Morphological Reconstruction and its presets for GIMP 3: the
 * two procedures of the GIMP 2.10 plug-in, from the same declaration
 * (reconstruct-args.h), doing the same work (reconstruct-work.c). */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "reconstruct-work.h"
#include "tessera-args-gimp3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"

#define TESSERA_TYPE_RECONSTRUCT3 (tessera_reconstruct3_get_type ())
G_DECLARE_FINAL_TYPE (TesseraReconstruct3, tessera_reconstruct3, TESSERA,
                      RECONSTRUCT3, GimpPlugIn)

struct _TesseraReconstruct3
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraReconstruct3, tessera_reconstruct3, GIMP_TYPE_PLUG_IN)

/* One of the two procedures. */
typedef struct
{
  const gchar        *name;
  const gchar        *title;        /* N_() */
  const gchar        *menu_label;   /* N_() */
  const gchar        *blurb;        /* N_() */
  const gchar        *help;
  const TesseraArg   *args;
  gint                n_args;
  const TesseraArg   *aux;          /* the dialog's own settings */
  gint                n_aux;
  gsize               values_size;
  ReconstructCompute  compute;
  /* Fills the dialog for MASK. */
  void     (*dialog) (GimpProcedureDialog *dialog,
                      GimpProcedureConfig *config,
                      GimpDrawable        *mask);
  /* What a run derives from the values of its RUN_MODE (may be NULL). */
  void     (*derive) (gpointer             values,
                      GimpRunMode          run_mode,
                      GimpProcedureConfig *config);
  /* What the ranges cannot check (may be NULL). */
  gboolean (*check)  (gconstpointer        values,
                      GError             **error);
} Reconstruct3;

/* The value of the argument NAME (a choice) in VALUES, or FALLBACK. */
static gint
choice_named (const Reconstruct3 *procedure,
              gpointer            values,
              const gchar        *name,
              gint                fallback)
{
  gint i;

  for (i = 0; i < procedure->n_args; i++)
    if (strcmp (procedure->args[i].name, name) == 0)
      return *tessera_arg_int (&procedure->args[i], values);
  return fallback;
}

/* The colour mode means something only for RGB. */
static void
colour_mode_sensitive (GimpProcedureDialog *dialog,
                       GimpDrawable        *mask)
{
  gtk_widget_set_sensitive (gimp_procedure_dialog_get_widget (
                              dialog, "colour-mode", G_TYPE_NONE),
                            gimp_drawable_is_rgb (mask));
}

/* Asks the user; FALSE for Cancel. */
static gboolean
show_dialog (const Reconstruct3  *procedure,
             GimpProcedure       *gimp_procedure,
             GimpProcedureConfig *config,
             GimpDrawable        *mask)
{
  GtkWidget *dialog;
  gboolean   ok;

  gimp_ui_init (procedure->name);
  dialog = gimp_procedure_dialog_new (gimp_procedure, config,
                                      _(procedure->title));
  procedure->dialog (GIMP_PROCEDURE_DIALOG (dialog), config, mask);
  colour_mode_sensitive (GIMP_PROCEDURE_DIALOG (dialog), mask);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  gtk_widget_destroy (dialog);
  return ok;
}

/* The values of CONFIG, checked; NULL with *ERROR set when they do not
 * hold. */
static gpointer
values_of (const Reconstruct3   *procedure,
           GimpProcedureConfig  *config,
           GimpRunMode           run_mode,
           GError              **error)
{
  gpointer values = g_malloc0 (procedure->values_size);

  /* No array arguments here. */
  tessera_args_from_config (config, procedure->args, procedure->n_args,
                            values, NULL);
  tessera_args_from_config (config, procedure->aux, procedure->n_aux,
                            values, NULL);
  if (procedure->derive != NULL)
    procedure->derive (values, run_mode, config);
  if (tessera_args_check (procedure->args, procedure->n_args, values, error)
      && (procedure->check == NULL || procedure->check (values, error)))
    return values;
  g_free (values);
  return NULL;
}

static GimpValueArray *
failure (GimpProcedure     *procedure,
         GimpPDBStatusType  status,
         GError            *error)
{
  return gimp_procedure_new_return_values (procedure, status, error);
}

static GimpValueArray *
run (GimpProcedure        *gimp_procedure,
     GimpRunMode           run_mode,
     GimpImage            *image,
     GimpDrawable        **drawables,
     GimpProcedureConfig  *config,
     gpointer              run_data)
{
  const Reconstruct3 *procedure = run_data;
  GError             *error     = NULL;
  GeglRectangle       bounds;
  gpointer            values;
  gint32              mask;
  gboolean            ok;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (drawables == NULL || drawables[0] == NULL || drawables[1] != NULL)
    return failure (gimp_procedure, GIMP_PDB_EXECUTION_ERROR,
                    g_error_new_literal (TESSERA_PLUGIN_ERROR,
                                         TESSERA_ERROR_INVALID_ARGUMENT,
                                         _("Choose one layer, mask or "
                                           "channel.")));
  /* The same refusals as in GIMP 2.10: groups, indexed images, a
   * selection beside the drawable. */
  mask = TESSERA_ID (drawables[0]);
  if (! tessera_drawable_check (gimp_image_get_id (image), mask, &error)
      || ! tessera_selection_bounds (mask, &bounds, &error))
    return failure (gimp_procedure, GIMP_PDB_EXECUTION_ERROR, error);

  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! show_dialog (procedure, gimp_procedure, config, drawables[0]))
    return failure (gimp_procedure, GIMP_PDB_CANCEL, NULL);

  values = values_of (procedure, config, run_mode, &error);
  if (values == NULL)
    return failure (gimp_procedure, GIMP_PDB_CALLING_ERROR, error);
  ok = reconstruct_apply (mask, &bounds,
                          choice_named (procedure, values, "output", 0),
                          choice_named (procedure, values, "backend", 0),
                          procedure->compute, values,
                          choice_named (procedure, values, "operation",
                                        TESSERA_RECONSTRUCT_DILATION),
                          &error);
  g_free (values);
  if (! ok)
    return failure (gimp_procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (gimp_procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

/* Every argument, the marker chooser GIMP makes for a drawable argument
 * first; the marker is the mask itself until one is chosen (its
 * reconstruction is a copy of it). */
static void
reconstruct_dialog (GimpProcedureDialog *dialog,
                    GimpProcedureConfig *config,
                    GimpDrawable        *mask)
{
  GimpDrawable *marker = NULL;

  g_object_get (config, "marker-drawable", &marker, NULL);
  if (marker == NULL)
    g_object_set (config, "marker-drawable", mask, NULL);
  g_clear_object (&marker);
  gimp_procedure_dialog_fill (dialog, NULL);
}

/* A string GimpValueArray of the choices' nicks, for sensitivity. */
static GimpValueArray *
nicks (const gchar *first,
       ...)
{
  GimpValueArray *array = gimp_value_array_new (2);
  GValue          value = G_VALUE_INIT;
  const gchar    *nick;
  va_list         rest;

  g_value_init (&value, G_TYPE_STRING);
  va_start (rest, first);
  for (nick = first; nick != NULL; nick = va_arg (rest, const gchar *))
    {
      g_value_set_string (&value, nick);
      gimp_value_array_append (array, &value);
    }
  va_end (rest);
  g_value_unset (&value);
  return array;
}

/* The presets' dialog: h and radius (the dialog's own settings) instead of
 * "parameter", each usable only for the presets that take it. */
static void
preset_dialog (GimpProcedureDialog *dialog,
               GimpProcedureConfig *config,
               GimpDrawable        *mask)
{
  gimp_procedure_dialog_fill (dialog, "preset", "h", "radius",
                              "connectivity", "output", "backend",
                              "colour-mode", NULL);
  gimp_procedure_dialog_set_sensitive_if_in (dialog, "h", NULL, "preset",
                                             nicks ("h-dome", NULL), TRUE);
  gimp_procedure_dialog_set_sensitive_if_in (dialog, "radius", NULL,
                                             "preset",
                                             nicks ("opening", "closing",
                                                    NULL),
                                             TRUE);
}

/* A call gives "parameter"; the dialog, and the last values it left, give
 * h and radius, which then become "parameter" (kept with the settings). */
static void
preset_derive (gpointer             data,
               GimpRunMode          run_mode,
               GimpProcedureConfig *config)
{
  PresetValues *values = data;

  if (run_mode == GIMP_RUN_NONINTERACTIVE)
    {
      reconstruct_preset_take_parameter (values);
      return;
    }
  reconstruct_preset_give_parameter (values);
  g_object_set (config, "parameter", values->parameter, NULL);
}

static const Reconstruct3 reconstruct3 =
{
  .name        = RECONSTRUCT_PROC,
  .title       = RECONSTRUCT_TITLE,
  .menu_label  = RECONSTRUCT_LABEL,
  .blurb       = RECONSTRUCT_BLURB,
  .help        = RECONSTRUCT_HELP,
  .args        = reconstruct_args,
  .n_args      = G_N_ELEMENTS (reconstruct_args),
  .values_size = sizeof (ReconstructValues),
  .compute     = reconstruct_compute_marker,
  .dialog      = reconstruct_dialog
};

static const Reconstruct3 preset3 =
{
  .name        = PRESET_PROC,
  .title       = PRESET_TITLE,
  .menu_label  = PRESET_LABEL,
  .blurb       = PRESET_BLURB,
  .help        = PRESET_HELP,
  .args        = preset_args,
  .n_args      = G_N_ELEMENTS (preset_args),
  .aux         = preset_dialog_args,
  .n_aux       = G_N_ELEMENTS (preset_dialog_args),
  .values_size = sizeof (PresetValues),
  .compute     = reconstruct_compute_preset,
  .dialog      = preset_dialog,
  .derive      = preset_derive,
  .check       = reconstruct_preset_check
};

static GList *
query_procedures (GimpPlugIn *plug_in)
{
  return g_list_append (g_list_append (NULL, g_strdup (RECONSTRUCT_PROC)),
                        g_strdup (PRESET_PROC));
}

static GimpProcedure *
create_procedure (GimpPlugIn  *plug_in,
                  const gchar *name)
{
  const Reconstruct3 *procedure;
  GimpProcedure      *gimp_procedure;

  if (g_strcmp0 (name, RECONSTRUCT_PROC) == 0)
    procedure = &reconstruct3;
  else if (g_strcmp0 (name, PRESET_PROC) == 0)
    procedure = &preset3;
  else
    return NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gimp_procedure = gimp_image_procedure_new (plug_in, name,
                                             GIMP_PDB_PROC_TYPE_PLUGIN, run,
                                             (gpointer) procedure, NULL);
  gimp_procedure_set_image_types (gimp_procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (gimp_procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (gimp_procedure, _(procedure->menu_label));
  gimp_procedure_add_menu_path (gimp_procedure, "<Image>/Filters/Tessera");
  gimp_procedure_set_documentation (gimp_procedure, _(procedure->blurb),
                                    procedure->help, name);
  gimp_procedure_set_attribution (gimp_procedure, "The Tessera authors",
                                  "The Tessera authors", "2025");
  tessera_args_add_arguments (gimp_procedure, procedure->args,
                              procedure->n_args);
  tessera_args_add_aux_arguments (gimp_procedure, procedure->aux,
                                  procedure->n_aux);
  return gimp_procedure;
}

/* GIMP 3 looks for catalogs inside the plug-in's folder; ours are
 * installed with the system's, so the plug-in binds its domain itself. */
static gboolean
set_i18n (GimpPlugIn   *plug_in,
          const gchar  *procedure_name,
          gchar       **gettext_domain,
          gchar       **catalog_dir)
{
  return FALSE;
}

static void
tessera_reconstruct3_class_init (TesseraReconstruct3Class *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = query_procedures;
  plug_in_class->create_procedure = create_procedure;
  plug_in_class->set_i18n         = set_i18n;
}

static void
tessera_reconstruct3_init (TesseraReconstruct3 *self)
{
}

GIMP_MAIN (TESSERA_TYPE_RECONSTRUCT3)
