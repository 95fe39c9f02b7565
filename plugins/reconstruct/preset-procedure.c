/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "preset-procedure.h"
#include "reconstruct-dialog.h"
#include "tessera-applies.h"
#include "tessera-test-hook.h"

typedef struct
{
  ReconstructDialog  base;
  GtkAdjustment     *h;
  GtkAdjustment     *radius;
  GtkWidget         *dark;     /* why h-domes look dark */
} PresetDialog;

/* A scale entry's row (ADJUSTMENT, of ARG) sensitive when APPLIES, else
 * greyed out saying why. */
static void
row_applies (GtkAdjustment    *adjustment,
             const TesseraArg *arg,
             gboolean          applies,
             const gchar      *why_not)
{
  GtkObject *entry = GTK_OBJECT (adjustment);

  tessera_applies_set (arg->name, applies, _(arg->description), why_not,
                       GIMP_SCALE_ENTRY_LABEL (entry),
                       GIMP_SCALE_ENTRY_SCALE (entry),
                       GIMP_SCALE_ENTRY_SPINBUTTON (entry), NULL);
}

/* Only the preset's own parameter can be changed; h-domes are told to
 * look dark. */
static void
preset_changed (GtkWidget    *combo,
                PresetDialog *dialog)
{
  const PresetValues *values = dialog->base.values;
  gboolean            domes  = values->preset == TESSERA_RECONSTRUCT_H_DOME;

  row_applies (dialog->h, &preset_dialog_args[PRESET_DIALOG_H], domes,
               _(PRESET_H_WHY_NOT));
  row_applies (dialog->radius, &preset_dialog_args[PRESET_DIALOG_RADIUS],
               values->preset == TESSERA_RECONSTRUCT_OPENING
               || values->preset == TESSERA_RECONSTRUCT_CLOSING,
               _(PRESET_RADIUS_WHY_NOT));
  gtk_widget_set_visible (dialog->dark, domes);
  tessera_test_hook_note ("note", domes ? _(PRESET_DOMES_DARK) : NULL);
}

/* A slider for the dialog's h or radius, redrawing the preview. */
static GtkAdjustment *
add_scale (ReconstructDialog *dialog,
           GtkTable          *table,
           gint               row,
           const TesseraArg  *arg)
{
  GtkAdjustment *adjustment = tessera_arg_scale_new (table, row, arg,
                                                     dialog->values);

  g_signal_connect_swapped (adjustment, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  return adjustment;
}

static gint
add_rows (ReconstructDialog *base,
          GtkTable          *table)
{
  PresetDialog *dialog = (PresetDialog *) base;
  GtkWidget    *combo;

  combo = reconstruct_dialog_combo (base, table, 0,
                                    &preset_args[PRESET_ARG_PRESET]);
  dialog->h      = add_scale (base, table, 1,
                              &preset_dialog_args[PRESET_DIALOG_H]);
  dialog->radius = add_scale (base, table, 2,
                              &preset_dialog_args[PRESET_DIALOG_RADIUS]);
  dialog->dark   = gtk_label_new (_(PRESET_DOMES_DARK));
  gtk_label_set_line_wrap (GTK_LABEL (dialog->dark), TRUE);
  gtk_misc_set_alignment (GTK_MISC (dialog->dark), 0.0, 0.5);
  /* Under every setting (the four common ones come next): when it comes
   * and goes, no setting moves. */
  gtk_table_attach (table, dialog->dark, 0, 4, 7, 8, GTK_FILL, GTK_FILL, 0,
                    0);
  gtk_widget_set_no_show_all (dialog->dark, TRUE);
  g_signal_connect (combo, "changed", G_CALLBACK (preset_changed), dialog);
  preset_changed (combo, dialog);
  return 3;
}

static const ReconstructDialogKind preset_dialog_kind =
{
  .title          = PRESET_TITLE,
  .role           = "tessera-reconstruct-preset",
  .help_id        = PRESET_PROC,
  .compute        = &reconstruct_preset,
  .common         = &preset_args[PRESET_ARG_CONNECTIVITY],
  .values_size    = sizeof (PresetValues),
  .backend_offset = G_STRUCT_OFFSET (PresetValues, backend),
  .add_rows       = add_rows
};

static gboolean
preset_dialog (const TesseraTarget *target,
               gpointer             data)
{
  PresetDialog dialog = { .base = { 0 } };

  if (! reconstruct_dialog_run (&dialog.base, &preset_dialog_kind,
                                target->drawable, data))
    return FALSE;
  reconstruct_preset_give_parameter (data);
  return TRUE;
}

static void
preset_parse (const GimpParam *param,
              gpointer         data)
{
  reconstruct_preset_take_parameter (data);
}

static gboolean
preset_apply (const TesseraTarget *target,
              gconstpointer        data,
              GError             **error)
{
  const PresetValues *values = data;

  return reconstruct_apply (target->drawable, &target->bounds,
                            values->output, values->backend,
                            &reconstruct_preset,
                            reconstruct_preset_name, values,
                            TESSERA_RECONSTRUCT_DILATION, error);
}

static const gchar * const menu_paths[] = { RECONSTRUCT_MENUS, NULL };

const TesseraPlugin reconstruct_preset_plugin =
{
  .name        = PRESET_PROC,
  .blurb       = PRESET_BLURB,
  .help        = PRESET_HELP,
  .menu_label  = PRESET_LABEL,
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .arguments   = preset_args,
  .n_arguments = G_N_ELEMENTS (preset_args),
  .values_size = sizeof (PresetValues),
  .parse       = preset_parse,
  .check       = reconstruct_preset_check,
  .dialog      = preset_dialog,
  .apply       = preset_apply
};

void
reconstruct_preset_run (gint              n_params,
                        const GimpParam  *param,
                        gint             *n_return_vals,
                        GimpParam       **return_vals)
{
  PresetValues values;

  tessera_args_defaults (preset_args, G_N_ELEMENTS (preset_args), &values);
  tessera_args_defaults (preset_dialog_args,
                         G_N_ELEMENTS (preset_dialog_args), &values);
  tessera_plugin_run (&reconstruct_preset_plugin, &values, n_params, param,
                      n_return_vals, return_vals);
}
