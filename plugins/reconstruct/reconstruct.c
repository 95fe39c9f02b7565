/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction: the marker, a layer or channel
 * of the image, dilated (or eroded) again and again under the mask, the
 * active drawable, until nothing changes (core/reconstruct.h).  The
 * plug-in also holds the presets built on it (preset-procedure.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "marker-beyond.h"
#include "preset-procedure.h"
#include "reconstruct-dialog.h"
#include "tessera-drawable-combo.h"
#include "tessera-plugin.h"
#include "tessera-test-hook.h"

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* The dialog: its rows, and the warning that the marker lies beyond the
 * mask, kept up to date. */
typedef struct
{
  ReconstructDialog  base;
  GtkWidget         *warning;        /* the icon and the label */
  GtkWidget         *warning_label;
} MarkerDialog;

/* Shows what the run will say of the marker beyond the mask, or nothing. */
static void
update_warning (ReconstructDialog *base)
{
  MarkerDialog            *dialog = (MarkerDialog *) base;
  const ReconstructValues *values = base->values;
  gsize                    count  = 0;
  gchar                   *text   = NULL;
  const TesseraRegion     *mask   = reconstruct_preview_mask (&base->shown);

  text = reconstruct_marker_text (base->drawable, values->marker);
  if (text == NULL && mask != NULL
      && reconstruct_count_beyond (mask, values, &count, NULL))
    text = reconstruct_beyond_text (
             count / (gdouble) reconstruct_samples (mask, values->colour_mode),
             values->operation);
  gtk_label_set_text (GTK_LABEL (dialog->warning_label),
                      text != NULL ? text : "");
  gtk_widget_set_visible (dialog->warning, text != NULL);
  tessera_test_hook_note ("warning", text);
  g_free (text);
}

/* The warning's row: after the three rows here and the four common
 * ones (reconstruct-dialog.c). */
#define WARNING_ROW 7

/* The warning's row at ROW of TABLE: a warning icon and a label, shown by
 * update_warning only when there is something to say. */
static void
add_warning (MarkerDialog *dialog,
             GtkTable     *table,
             gint          row)
{
  GtkWidget *icon = gtk_image_new_from_icon_name (GIMP_ICON_DIALOG_WARNING,
                                                  GTK_ICON_SIZE_BUTTON);

  dialog->warning       = gtk_hbox_new (FALSE, 6);
  dialog->warning_label = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (dialog->warning_label), TRUE);
  gtk_misc_set_alignment (GTK_MISC (dialog->warning_label), 0.0, 0.5);
  gtk_box_pack_start (GTK_BOX (dialog->warning), icon, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (dialog->warning), dialog->warning_label,
                      TRUE, TRUE, 0);
  gtk_widget_show_all (dialog->warning);
  /* Shown only when there is something to say. */
  gtk_widget_set_no_show_all (dialog->warning, TRUE);
  gtk_table_attach (table, dialog->warning, 0, 4, row, row + 1,
                    GTK_FILL, GTK_FILL, 0, 0);
}

/* Tells the tests which marker the dialog shows. */
static void
note_marker (ReconstructDialog *base)
{
  const ReconstructValues *values = base->values;
  gchar                   *name   = gimp_item_get_name (values->marker);

  tessera_test_hook_note ("marker", name);
  g_free (name);
}

/* The mask's row: its name, and what it is for. */
static void
add_mask_row (ReconstructDialog *base,
              GtkTable          *table,
              gint               row)
{
  gchar     *text = reconstruct_mask_text (base->drawable);
  GtkWidget *name = gtk_label_new (text);

  gtk_misc_set_alignment (GTK_MISC (name), 0.0, 0.5);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gimp_table_attach_aligned (table, 0, row, _("Mask:"), 0.0, 0.5, name, 2,
                             FALSE);
  gimp_help_set_help_data (name, _(RECONSTRUCT_MASK_TIP), NULL);
  tessera_test_hook_note ("mask", text);
  g_free (text);
}

/* The marker chooser (GIMP 2.10 has no row for a drawable argument), the
 * operation and the warning; the mask named above them.  The marker is
 * never the mask by default: with it the result is the mask unchanged. */
static gint
add_rows (ReconstructDialog *base,
          GtkTable          *table)
{
  ReconstructValues *values = base->values;
  const TesseraArg  *arg    = &reconstruct_args[RECONSTRUCT_ARG_MARKER];
  gchar             *label  = g_strdup_printf ("%s:", _(arg->label));
  GtkWidget         *marker;

  add_mask_row (base, table, 0);
  if (values->marker <= 0 || values->marker == base->drawable
      || ! gimp_item_is_valid (values->marker)
      || gimp_item_get_image (values->marker)
         != gimp_item_get_image (base->drawable))
    values->marker = reconstruct_default_marker (base->drawable);
  marker = tessera_drawable_combo_new (gimp_item_get_image (base->drawable));
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (marker), values->marker,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              &values->marker);
  g_signal_connect_swapped (marker, "changed",
                            G_CALLBACK (tessera_live_update),
                            base->preview);
  g_signal_connect_swapped (marker, "changed", G_CALLBACK (update_warning),
                            base);
  g_signal_connect_swapped (marker, "changed", G_CALLBACK (note_marker),
                            base);
  note_marker (base);
  gimp_table_attach_aligned (table, 0, 1, label, 0.0, 0.5, marker, 2, FALSE);
  gimp_help_set_help_data (marker, _(arg->description), NULL);
  g_free (label);

  reconstruct_dialog_combo (base, table, 2,
                            &reconstruct_args[RECONSTRUCT_ARG_OPERATION]);
  /* Under every setting (the common ones come next): when it comes and
   * goes, no setting moves. */
  add_warning ((MarkerDialog *) base, table, WARNING_ROW);
  update_warning (base);
  return 3;
}

static const ReconstructDialogKind marker_dialog =
{
  .title          = RECONSTRUCT_TITLE,
  .role           = "tessera-reconstruct",
  .help_id        = RECONSTRUCT_PROC,
  .compute        = &reconstruct_marker,
  .common         = &reconstruct_args[RECONSTRUCT_ARG_CONNECTIVITY],
  .values_size    = sizeof (ReconstructValues),
  .backend_offset = G_STRUCT_OFFSET (ReconstructValues, backend),
  .add_rows       = add_rows,
  .changed        = update_warning
};

static gboolean
reconstruct_dialog (const TesseraTarget *target,
                    gpointer             data)
{
  MarkerDialog dialog = { .base = { 0 } };

  return reconstruct_dialog_run (&dialog.base, &marker_dialog,
                                 target->drawable, data);
}

static gboolean
reconstruct_apply_2 (const TesseraTarget *target,
                     gconstpointer        data,
                     GError             **error)
{
  const ReconstructValues *values = data;

  return reconstruct_apply (target->drawable, &target->bounds,
                            values->output, values->backend,
                            &reconstruct_marker,
                            reconstruct_marker_name, values,
                            values->operation, error);
}

static const gchar * const menu_paths[] = { RECONSTRUCT_MENUS, NULL };

static const TesseraPlugin reconstruct =
{
  .name                 = RECONSTRUCT_PROC,
  .blurb                = RECONSTRUCT_BLURB,
  .help                 = RECONSTRUCT_HELP,
  .menu_label           = RECONSTRUCT_LABEL,
  .image_types          = "RGB*, GRAY*",
  .menu_paths           = menu_paths,
  .arguments            = reconstruct_args,
  .n_arguments          = G_N_ELEMENTS (reconstruct_args),
  .drawable_name        = RECONSTRUCT_MASK_NAME,
  .drawable_description = RECONSTRUCT_MASK_DESCRIPTION,
  .values_size          = sizeof (ReconstructValues),
  .dialog               = reconstruct_dialog,
  .apply                = reconstruct_apply_2
};

static void
query (void)
{
  tessera_plugin_install (&reconstruct);
  tessera_plugin_install (&reconstruct_preset_plugin);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  ReconstructValues values;

  if (g_strcmp0 (name, reconstruct_preset_plugin.name) == 0)
    {
      reconstruct_preset_run (n_params, param, n_return_vals, return_vals);
      return;
    }
  tessera_args_defaults (reconstruct_args, G_N_ELEMENTS (reconstruct_args),
                         &values);
  /* The default marker, 0, is no drawable: until a dialog picks one, a
   * run with the last values is refused for want of a marker. */
  tessera_plugin_run (&reconstruct, &values, n_params, param,
                      n_return_vals, return_vals);
}
