/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction and its presets for GIMP 3: the
 * two procedures of the GIMP 2.10 plug-in, from the same declaration
 * (reconstruct-args.h), doing the same work (reconstruct-work.c). */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "marker-dialog3.h"
#include "reconstruct-preview.h"
#include "tessera-args-gimp3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "tessera-plugin3.h"
#include "tessera-progress.h"
#include "tessera-region.h"

/* One of the two procedures. */
typedef struct
{
  TesseraProcedure3         procedure;   /* run data: this Reconstruct3 */
  const TesseraArg         *aux;         /* the dialog's own settings */
  gint                      n_aux;
  gsize                     values_size;
  const ReconstructCompute *compute;
  ReconstructName           name;        /* of the new layer */
  /* Fills the dialog for MASK, with PREVIEW on the left; MASK_READ (NULL
   * if it could not be read) is the whole mask, for as long as the dialog
   * lasts. */
  void     (*dialog) (GimpProcedureDialog *dialog,
                      GimpProcedureConfig *config,
                      GimpDrawable        *mask,
                      GtkWidget           *preview,
                      const TesseraRegion *mask_read);
  /* What a run derives from the values of its RUN_MODE (may be NULL);
   * CONFIG (may be NULL) keeps what the values became. */
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
  return tessera_args_int_named (procedure->procedure.args,
                                 procedure->procedure.n_args, values, name,
                                 fallback);
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

/* The values of CONFIG, checked; NULL with *ERROR set when they do not
 * hold.  KEEP: CONFIG keeps what a derivation gives. */
static gpointer
values_of (const Reconstruct3   *procedure,
           GimpProcedureConfig  *config,
           GimpRunMode           run_mode,
           gboolean              keep,
           GError              **error)
{
  gpointer values = g_malloc0 (procedure->values_size);

  /* No array arguments here. */
  tessera_args_from_config (config, procedure->procedure.args, procedure->procedure.n_args,
                            values, NULL);
  tessera_args_from_config (config, procedure->aux, procedure->n_aux,
                            values, NULL);
  if (procedure->derive != NULL)
    procedure->derive (values, run_mode, keep ? config : NULL);
  if (tessera_args_check (procedure->procedure.args, procedure->procedure.n_args, values, error)
      && (procedure->check == NULL || procedure->check (values, error)))
    return values;
  g_free (values);
  return NULL;
}

/* The dialog's preview (reconstruct-preview.h) and where its settings
 * come from. */
typedef struct
{
  const Reconstruct3  *procedure;
  GimpProcedureConfig *config;
  ReconstructPreview   shown;
} ReconstructDialog3;

static gpointer
preview_values (gpointer        data,
                TesseraBackend *backend)
{
  ReconstructDialog3 *dialog = data;
  gpointer            values;

  values = values_of (dialog->procedure, dialog->config,
                      GIMP_RUN_INTERACTIVE, FALSE, NULL);
  if (values != NULL)
    *backend = choice_named (dialog->procedure, values, "backend", 0);
  return values;
}

/* Asks the user; FALSE for Cancel. */
static gboolean
show_dialog (const Reconstruct3  *procedure,
             GimpProcedure       *gimp_procedure,
             GimpProcedureConfig *config,
             GimpDrawable        *mask)
{
  ReconstructDialog3  shown;
  GtkWidget          *dialog;
  GtkWidget          *preview;
  gboolean            ok;

  memset (&shown, 0, sizeof shown);
  shown.procedure       = procedure;
  shown.config          = config;
  shown.shown.drawable  = TESSERA_ID (mask);
  shown.shown.compute   = procedure->compute;
  shown.shown.values_of = preview_values;
  shown.shown.dialog    = &shown;

  dialog = tessera_dialog3_new (gimp_procedure, config,
                                procedure->procedure.menu_label,
                                procedure->procedure.args,
                                procedure->procedure.n_args);
  preview = tessera_dialog3_live (dialog, config, TESSERA_ID (mask),
                                  reconstruct_preview_start,
                                  reconstruct_preview_compute,
                                  reconstruct_preview_finish, &shown.shown);
  procedure->dialog (GIMP_PROCEDURE_DIALOG (dialog), config, mask, preview,
                     reconstruct_preview_mask (&shown.shown));
  colour_mode_sensitive (GIMP_PROCEDURE_DIALOG (dialog), mask);
  ok = tessera_dialog3_run (dialog);
  reconstruct_preview_clear (&shown.shown);
  return ok;
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

  mask = tessera_target3 (image, drawables, &error);
  if (mask < 0 || ! tessera_selection_bounds (mask, &bounds, &error))
    return tessera_failure3 (gimp_procedure, GIMP_PDB_EXECUTION_ERROR,
                             error);

  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! show_dialog (procedure, gimp_procedure, config, drawables[0]))
    return tessera_failure3 (gimp_procedure, GIMP_PDB_CANCEL, NULL);

  values = values_of (procedure, config, run_mode, TRUE, &error);
  if (values == NULL)
    return tessera_failure3 (gimp_procedure, GIMP_PDB_CALLING_ERROR, error);
  ok = reconstruct_apply (mask, &bounds,
                          choice_named (procedure, values, "output", 0),
                          choice_named (procedure, values, "backend", 0),
                          procedure->compute, procedure->name, values,
                          choice_named (procedure, values, "operation",
                                        TESSERA_RECONSTRUCT_DILATION),
                          &error);
  g_free (values);
  if (! ok)
    return tessera_failure3 (gimp_procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (gimp_procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

/* The preview, then every argument, the marker chooser GIMP makes for a
 * drawable argument first, and the warning that the marker lies beyond
 * the mask; the marker is the mask itself until one is chosen (its
 * reconstruction is a copy of it). */
static void
reconstruct_dialog (GimpProcedureDialog *dialog,
                    GimpProcedureConfig *config,
                    GimpDrawable        *mask,
                    GtkWidget           *preview,
                    const TesseraRegion *mask_read)
{
  GimpDrawable *marker = NULL;
  GList        *rows   = NULL;
  gint          i;

  g_object_get (config, "marker-drawable", &marker, NULL);
  if (marker == NULL)
    g_object_set (config, "marker-drawable", mask, NULL);
  g_clear_object (&marker);
  for (i = G_N_ELEMENTS (reconstruct_args) - 1; i >= 0; i--)
    rows = g_list_prepend (rows, (gpointer) reconstruct_args[i].name);
  tessera_dialog3_fill (GTK_WIDGET (dialog), preview, rows);
  g_list_free (rows);
  marker_dialog3_extend (dialog, config, mask, mask_read);
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

/* The presets' dialog: the preview, the preset, then h and radius (the dialog's own settings) instead of
 * "parameter", each usable only for the presets that take it. */
static void
preset_dialog (GimpProcedureDialog *dialog,
               GimpProcedureConfig *config,
               GimpDrawable        *mask,
               GtkWidget           *preview,
               const TesseraRegion *mask_read)
{
  static const gchar * const names[] =
  {
    "preset", "h", "radius", "connectivity", "output", "backend",
    "colour-mode"
  };
  GList *rows = NULL;
  gint   i;

  /* h and radius are the dialog's own: sliders with their units too. */
  tessera_args_dialog_sliders (dialog, preset_dialog_args,
                               G_N_ELEMENTS (preset_dialog_args));
  for (i = G_N_ELEMENTS (names) - 1; i >= 0; i--)
    rows = g_list_prepend (rows, (gpointer) names[i]);
  tessera_dialog3_fill (GTK_WIDGET (dialog), preview, rows);
  g_list_free (rows);
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
  if (config != NULL)
    g_object_set (config, "parameter", values->parameter, NULL);
}

static const gchar * const menu_paths[] =
{
  RECONSTRUCT_MENUS, NULL
};

static void
add_preset_aux_arguments (GimpProcedure *procedure)
{
  tessera_args_add_aux_arguments (procedure, preset_dialog_args,
                                  G_N_ELEMENTS (preset_dialog_args));
}

static const Reconstruct3 reconstruct3 =
{
  .procedure   =
  {
    .name       = RECONSTRUCT_PROC,
    .menu_label = RECONSTRUCT_LABEL,
    .blurb      = RECONSTRUCT_BLURB,
    .help       = RECONSTRUCT_HELP,
    .menu_paths = menu_paths,
    .args       = reconstruct_args,
    .n_args     = G_N_ELEMENTS (reconstruct_args),
    .run        = run,
    .run_data   = &reconstruct3
  },
  .values_size = sizeof (ReconstructValues),
  .compute     = &reconstruct_marker,
  .name        = reconstruct_marker_name,
  .dialog      = reconstruct_dialog
};

static const Reconstruct3 preset3 =
{
  .procedure   =
  {
    .name       = PRESET_PROC,
    .menu_label = PRESET_LABEL,
    .blurb      = PRESET_BLURB,
    .help       = PRESET_HELP,
    .menu_paths = menu_paths,
    .args       = preset_args,
    .n_args     = G_N_ELEMENTS (preset_args),
    .run        = run,
    .run_data   = &preset3,
    .extend     = add_preset_aux_arguments
  },
  .aux         = preset_dialog_args,
  .n_aux       = G_N_ELEMENTS (preset_dialog_args),
  .values_size = sizeof (PresetValues),
  .compute     = &reconstruct_preset,
  .name        = reconstruct_preset_name,
  .dialog      = preset_dialog,
  .derive      = preset_derive,
  .check       = reconstruct_preset_check
};

TESSERA_PLUGIN3_MAIN (&reconstruct3.procedure, &preset3.procedure)
