/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours for GIMP 3: the procedure of the GIMP 2.10
 * plug-in (fill-contours.c), from the same declaration
 * (fill-contours-args.h), doing the same work (fill-work.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "fill-preview.h"
#include "fill-work.h"
#include "tessera-applies.h"
#include "tessera-args-gimp3.h"
#include "tessera-plugin3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"

/* The dialog's preview (fill-preview.h) and the line that says why it
 * shows no fill. */
typedef struct
{
  GimpProcedureConfig *config;
  FillPreview          shown;
} FillDialog;

/* The preview's settings: the config's, when they are valid. */
static gboolean
values_of (gpointer    data,
           FillValues *values)
{
  FillDialog *dialog = data;

  tessera_args_from_config (dialog->config, fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), values, NULL);
  return tessera_args_check (fill_contours_args,
                             G_N_ELEMENTS (fill_contours_args), values,
                             NULL);
}

/* Greys out the settings that do nothing with the output chosen, their
 * tooltips saying why. */
static void
applies_update (GObject             *config,
                GParamSpec          *pspec,
                GimpProcedureDialog *dialog)
{
  FillValues values = { 0 };

  values.output = gimp_procedure_config_get_choice_id (
                    GIMP_PROCEDURE_CONFIG (config), "output");
  for (guint i = 0; i < G_N_ELEMENTS (fill_output_settings); i++)
    {
      const TesseraArg *arg = &fill_contours_args[fill_output_settings[i]];
      const gchar      *why_not;
      gboolean          applies;
      GtkWidget        *widget;

      applies = fill_setting_applies (&values, fill_output_settings[i],
                                      &why_not);
      widget  = arg == &fill_contours_args[FILL_ARG_GUIDE]
                ? g_object_get_data (G_OBJECT (dialog), "tessera-guide")
                : gimp_procedure_dialog_get_widget (dialog, arg->name,
                                                    G_TYPE_NONE);
      tessera_applies_set (arg->name, applies, _(arg->description), why_not,
                           widget, NULL);
    }
}

/* Layers of the drawable's image, for the colour guide. */
static gboolean
same_image (GimpImage *image,
            GimpItem  *item,
            gpointer   data)
{
  return image == data;
}

static void
guide_changed (GtkWidget           *combo,
               GimpProcedureConfig *config)
{
  gint id = -1;

  gimp_int_combo_box_get_active (GIMP_INT_COMBO_BOX (combo), &id);
  g_object_set (config, "guide",
                id > 0 ? gimp_drawable_get_by_id (id) : NULL, NULL);
}

/* The colour guide as GIMP 2.10's dialog has it: None or a layer of the
 * image, by name and thumbnail (GIMP 3.0's own chooser for a drawable
 * argument is a "Browse…" button with an empty thumbnail); a row of its
 * own, "tessera-guide". */
static void
add_guide (GimpProcedureDialog *dialog,
           GimpProcedureConfig *config,
           gint32               drawable)
{
  const TesseraArg *guide = &fill_contours_args[FILL_ARG_GUIDE];
  GimpImage        *image = gimp_item_get_image (
                              GIMP_ITEM (gimp_drawable_get_by_id (drawable)));
  GimpDrawable     *chosen = NULL;
  GtkWidget        *row, *label, *combo;
  gchar            *text;

  text  = g_strdup_printf ("%s:", _(guide->label));
  label = gimp_procedure_dialog_get_label (dialog, "tessera-guide-label",
                                           text, FALSE, TRUE);
  g_free (text);
  row   = gimp_procedure_dialog_fill_box (dialog, "tessera-guide",
                                          "tessera-guide-label", NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (row),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (row), 6);
  combo = gimp_layer_combo_box_new (same_image, image, NULL);
  gimp_int_combo_box_prepend (GIMP_INT_COMBO_BOX (combo),
                              GIMP_INT_STORE_VALUE, -1,
                              GIMP_INT_STORE_LABEL, _("None"), -1);
  g_object_get (config, "guide", &chosen, NULL);
  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo),
                                 chosen != NULL
                                 ? gimp_item_get_id (GIMP_ITEM (chosen)) : -1);
  g_clear_object (&chosen);
  g_signal_connect (combo, "changed", G_CALLBACK (guide_changed), config);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), combo);
  gtk_box_set_child_packing (GTK_BOX (row), label, FALSE, FALSE, 0,
                             GTK_PACK_START);
  gtk_box_pack_start (GTK_BOX (row), combo, TRUE, TRUE, 0);
  gtk_widget_show_all (row);
  g_object_set_data (G_OBJECT (dialog), "tessera-guide", row);
}

/* The dialog GIMP makes from the arguments, with the preview first,
 * proposing the source that suits DRAWABLE as the 2.10 dialog does; FALSE
 * when the user cancels. */
static gboolean
fill_dialog (GimpProcedure       *procedure,
             GimpProcedureConfig *config,
             gint32               drawable)
{
  const TesseraArg       *source = &fill_contours_args[FILL_ARG_SOURCE];
  const TesseraArgChoice *guess;
  FillDialog              shown = { 0 };
  GtkWidget              *dialog;
  GList                  *rows;
  gchar                  *nick;
  GtkWidget              *preview;
  gboolean                ok;

  shown.config          = config;
  shown.shown.drawable  = drawable;
  shown.shown.values_of = values_of;
  shown.shown.dialog    = &shown;
  guess = tessera_arg_choice_of (source, fill_guess_source (drawable));
  nick  = g_ascii_strdown (guess->nick, -1);
  g_object_set (config, source->name, nick, NULL);
  g_free (nick);

  dialog = tessera_dialog3_new (procedure, config, FILL_CONTOURS_LABEL,
                                fill_contours_args,
                                G_N_ELEMENTS (fill_contours_args));
  preview = tessera_dialog3_live (dialog, config, drawable,
                                 fill_preview_start, fill_preview_compute,
                                 fill_preview_finish, &shown.shown);
  shown.shown.status = gimp_procedure_dialog_get_label (
                         GIMP_PROCEDURE_DIALOG (dialog), "status", "", FALSE,
                         FALSE);
  gtk_label_set_xalign (GTK_LABEL (shown.shown.status), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (shown.shown.status), TRUE);
  rows = tessera_dialog3_rows (fill_contours_args,
                              G_N_ELEMENTS (fill_contours_args));
  add_guide (GIMP_PROCEDURE_DIALOG (dialog), config, drawable);
  g_list_find (rows, fill_contours_args[FILL_ARG_GUIDE].name)->data
    = (gpointer) "tessera-guide";
  rows = g_list_append (rows, "status");
  tessera_dialog3_fill (dialog, preview, rows);
  g_list_free (rows);
  g_signal_connect_object (config, "notify::output",
                           G_CALLBACK (applies_update), dialog, 0);
  applies_update (G_OBJECT (config), NULL, GIMP_PROCEDURE_DIALOG (dialog));
  ok = tessera_dialog3_run (dialog);
  fill_preview_clear (&shown.shown);
  return ok;
}

static GimpValueArray *
fill_contours3_run (GimpProcedure        *procedure,
                    GimpRunMode           run_mode,
                    GimpImage            *image,
                    GimpDrawable        **drawables,
                    GimpProcedureConfig  *config,
                    gpointer              run_data)
{
  FillValues     values;
  GError        *error = NULL;
  GeglRectangle  bounds;
  gint32         drawable;

  drawable = tessera_target3 (image, drawables, &error);
  if (drawable < 0 || ! tessera_selection_bounds (drawable, &bounds, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! fill_dialog (procedure, config, drawable))
    return tessera_failure3 (procedure, GIMP_PDB_CANCEL, NULL);

  /* Fill Closed Contours takes no arrays. */
  tessera_args_from_config (config, fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), &values, NULL);
  if (! tessera_args_check (fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), &values,
                            &error)
      || ! fill_check (&values, &error))
    return tessera_failure3 (procedure, GIMP_PDB_CALLING_ERROR, error);

  if (! fill_run (gimp_image_get_id (image), drawable, &values, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

static const gchar * const menu_paths[] =
{
  FILL_CONTOURS_MENUS, NULL
};

static const TesseraProcedure3 fill_contours3 =
{
  .name       = FILL_CONTOURS_PROC,
  .menu_label = FILL_CONTOURS_LABEL,
  .blurb      = FILL_CONTOURS_BLURB,
  .help       = FILL_CONTOURS_HELP,
  .menu_paths = menu_paths,
  .args       = fill_contours_args,
  .n_args     = G_N_ELEMENTS (fill_contours_args),
  .run        = fill_contours3_run
};

TESSERA_PLUGIN3_MAIN (&fill_contours3)
