/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "reconstruct-dialog.h"
#include "tessera-applies.h"
#include "tessera-args-gimp2.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"

/* The common arguments' places in ReconstructDialog.common. */
enum { COMMON_CONNECTIVITY, COMMON_OUTPUT, COMMON_BACKEND, COMMON_COLOUR };

/* The preview's settings: a copy of the dialog's. */
static gpointer
values_of (gpointer        data,
           TesseraBackend *backend)
{
  ReconstructDialog *dialog = data;

  *backend = *dialog->backend;
  return g_memdup2 (dialog->values, dialog->kind->values_size);
}

static void
choice_changed (ReconstructDialog *dialog)
{
  if (dialog->kind->changed != NULL)
    dialog->kind->changed (dialog);
}

GtkWidget *
reconstruct_dialog_combo (ReconstructDialog *dialog,
                          GtkTable          *table,
                          gint               row,
                          const TesseraArg  *arg)
{
  GtkWidget *combo = tessera_arg_combo_new (table, row, arg, dialog->values);

  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  g_signal_connect_swapped (combo, "changed", G_CALLBACK (choice_changed),
                            dialog);
  return combo;
}

/* Connectivity, colour mode (only for an RGB mask: a grey one is its own
 * luminance), output and backend from ROW on. */
static void
add_common_rows (ReconstructDialog *dialog,
                 GtkTable          *table,
                 gint               row)
{
  const TesseraArg *common = dialog->kind->common;
  GtkWidget        *combo;

  reconstruct_dialog_combo (dialog, table, row++,
                            &common[COMMON_CONNECTIVITY]);
  combo = reconstruct_dialog_combo (dialog, table, row++,
                                    &common[COMMON_COLOUR]);
  tessera_applies_set (common[COMMON_COLOUR].name,
                       gimp_drawable_is_rgb (dialog->drawable),
                       _(common[COMMON_COLOUR].description),
                       _(COLOUR_MODE_WHY_NOT), combo, NULL);
  reconstruct_dialog_combo (dialog, table, row++, &common[COMMON_OUTPUT]);
  combo = tessera_backend_combo_new (dialog->backend);
  gimp_table_attach_aligned (table, 0, row, _("_Backend:"), 0.0, 0.5,
                             combo, 2, FALSE);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
}

gboolean
reconstruct_dialog_run (ReconstructDialog           *dialog,
                        const ReconstructDialogKind *kind,
                        gint32                       drawable,
                        gpointer                     values)
{
  GtkWidget *window;
  GtkWidget *vbox;
  GtkWidget *table;
  gboolean   ok;

  dialog->kind            = kind;
  dialog->drawable        = drawable;
  dialog->values          = values;
  dialog->backend         = G_STRUCT_MEMBER_P (values, kind->backend_offset);
  dialog->shown.drawable  = drawable;
  dialog->shown.compute   = kind->compute;
  dialog->shown.values_of = values_of;
  dialog->shown.dialog    = dialog;
  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_(kind->title), kind->role, kind->help_id,
                               vbox);
  dialog->preview = tessera_dialog_add_live (window, dialog->drawable,
                                             reconstruct_preview_start,
                                             reconstruct_preview_compute,
                                             reconstruct_preview_finish,
                                             &dialog->shown);
  table = gtk_table_new (8, 4, FALSE);
  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);
  add_common_rows (dialog, GTK_TABLE (table),
                   kind->add_rows (dialog, GTK_TABLE (table)));
  gtk_box_pack_start (GTK_BOX (vbox), table, FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  reconstruct_preview_clear (&dialog->shown);
  return ok;
}
