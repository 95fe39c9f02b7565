/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction and its presets for GIMP 3: the
 * two procedures of the GIMP 2.10 plug-in, from the same declaration
 * (reconstruct-args.h), doing the same work (reconstruct-work.c). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "marker-beyond.h"
#include "marker-dialog3.h"
#include "reconstruct-preview.h"
#include "tessera-applies.h"
#include "tessera-args-gimp3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "tessera-plugin3.h"
#include "tessera-progress.h"
#include "tessera-region.h"
#include "tessera-test-hook.h"

/* One of the two procedures. */
typedef struct
{
  TesseraProcedure3         procedure;   /* run data: this Reconstruct3 */
  const gchar              *title;       /* the dialog's, as in 2.10 */
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
  /* The last argument of both procedures. */
  const TesseraArg *arg = &reconstruct_args[G_N_ELEMENTS (reconstruct_args)
                                            - 1];

  tessera_applies_set ("colour-mode", gimp_drawable_is_rgb (mask),
                       _(arg->description), _(COLOUR_MODE_WHY_NOT),
                       gimp_procedure_dialog_get_widget (dialog, "colour-mode",
                                                         G_TYPE_NONE),
                       NULL);
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
                                procedure->title,
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

/* The preview, then the mask named, every argument, the marker chooser
 * GIMP makes for a drawable argument first, and the warning that the
 * marker lies beyond the mask; the marker is never the mask by default
 * (its reconstruction is a copy of it): the first other layer. */
static void
reconstruct_dialog (GimpProcedureDialog *dialog,
                    GimpProcedureConfig *config,
                    GimpDrawable        *mask,
                    GtkWidget           *preview,
                    const TesseraRegion *mask_read)
{
  GimpDrawable *marker = NULL;
  GList        *rows   = NULL;
  gchar        *name   = reconstruct_mask_text (TESSERA_ID (mask));
  gchar        *text   = g_strdup_printf (_("Mask: %s"), name);
  GtkWidget    *label;
  gint          i;

  g_object_get (config, "marker-drawable", &marker, NULL);
  if (marker == NULL || marker == mask)
    g_object_set (config, "marker-drawable",
                  gimp_drawable_get_by_id (
                    reconstruct_default_marker (TESSERA_ID (mask))),
                  NULL);
  g_clear_object (&marker);
  label = gimp_procedure_dialog_get_label (dialog, "tessera-mask", text,
                                           FALSE, FALSE);
  gtk_widget_set_tooltip_text (label, _(RECONSTRUCT_MASK_TIP));
  gtk_widget_set_halign (label, GTK_ALIGN_START);
  tessera_test_hook_note ("mask", name);
  g_free (text);
  g_free (name);
  for (i = G_N_ELEMENTS (reconstruct_args) - 1; i >= 0; i--)
    rows = g_list_prepend (rows, (gpointer) reconstruct_args[i].name);
  rows = g_list_prepend (rows, (gpointer) "tessera-mask");
  tessera_dialog3_fill (GTK_WIDGET (dialog), preview, rows);
  g_list_free (rows);
  marker_dialog3_extend (dialog, config, mask, mask_read);
}

/* Only the preset's own parameter can be changed, the others greyed out
 * saying why; h-domes are told to look dark. */
static void
preset_changed (GObject             *config,
                GParamSpec          *pspec,
                GimpProcedureDialog *dialog)
{
  const TesseraArg *h      = &preset_dialog_args[PRESET_DIALOG_H];
  const TesseraArg *radius = &preset_dialog_args[PRESET_DIALOG_RADIUS];
  gint              preset = gimp_procedure_config_get_choice_id (
                               GIMP_PROCEDURE_CONFIG (config), "preset");
  gboolean          domes  = preset == TESSERA_RECONSTRUCT_H_DOME;

  tessera_applies_set (h->name, domes, _(h->description),
                       _(PRESET_H_WHY_NOT),
                       gimp_procedure_dialog_get_widget (dialog, h->name,
                                                         G_TYPE_NONE),
                       NULL);
  tessera_applies_set (radius->name,
                       preset == TESSERA_RECONSTRUCT_OPENING
                       || preset == TESSERA_RECONSTRUCT_CLOSING,
                       _(radius->description), _(PRESET_RADIUS_WHY_NOT),
                       gimp_procedure_dialog_get_widget (dialog, radius->name,
                                                         G_TYPE_NONE),
                       NULL);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (dialog),
                                             "tessera-dark"), domes);
  tessera_test_hook_note ("note", domes ? _(PRESET_DOMES_DARK) : NULL);
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
  GList     *rows = NULL;
  GtkWidget *dark;
  gint       i;

  /* h and radius are the dialog's own: sliders with their units too. */
  tessera_args_dialog_sliders (dialog, preset_dialog_args,
                               G_N_ELEMENTS (preset_dialog_args));
  dark = gimp_procedure_dialog_get_label (dialog, "tessera-dark",
                                          _(PRESET_DOMES_DARK), FALSE, FALSE);
  gtk_label_set_line_wrap (GTK_LABEL (dark), TRUE);
  gtk_label_set_xalign (GTK_LABEL (dark), 0.0);
  gtk_label_set_max_width_chars (GTK_LABEL (dark), 40);
  for (i = G_N_ELEMENTS (names) - 1; i >= 0; i--)
    rows = g_list_prepend (rows, (gpointer) names[i]);
  rows = g_list_append (rows, (gpointer) "tessera-dark");
  tessera_dialog3_fill (GTK_WIDGET (dialog), preview, rows);
  g_list_free (rows);
  gtk_widget_set_no_show_all (dark, TRUE);
  g_object_set_data (G_OBJECT (dialog), "tessera-dark", dark);
  g_signal_connect_object (config, "notify::preset",
                           G_CALLBACK (preset_changed), dialog, 0);
  preset_changed (G_OBJECT (config), NULL, dialog);
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
  .title       = RECONSTRUCT_TITLE,
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
  .title       = PRESET_TITLE,
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
