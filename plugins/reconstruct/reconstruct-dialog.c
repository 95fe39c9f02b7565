#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "reconstruct-dialog.h"
#include "tessera-args-gimp2.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-preview.h"

/* The common arguments' places in ReconstructDialog.common. */
enum { COMMON_CONNECTIVITY, COMMON_OUTPUT, COMMON_BACKEND, COMMON_COLOUR };

static void
preview_update (GimpPreview       *preview,
                ReconstructDialog *dialog)
{
  TesseraExec  exec = tessera_preview_exec (*dialog->backend);
  TesseraImage result;

  if (dialog->compute (&dialog->mask, dialog->values, &exec, &result, NULL,
                       NULL))
    {
      tessera_preview_draw (preview, &result, &dialog->mask.rect,
                            dialog->mask.format);
      tessera_image_free (&result);
    }
}

static void
choice_changed (ReconstructDialog *dialog)
{
  if (dialog->changed != NULL)
    dialog->changed (dialog);
}

GtkWidget *
reconstruct_dialog_combo (ReconstructDialog *dialog,
                          GtkTable          *table,
                          gint               row,
                          const TesseraArg  *arg)
{
  GtkWidget *combo = tessera_arg_combo_new (table, row, arg, dialog->values);

  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (gimp_preview_invalidate),
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
  const TesseraArg *common = dialog->common;
  GtkWidget        *combo;

  reconstruct_dialog_combo (dialog, table, row++,
                            &common[COMMON_CONNECTIVITY]);
  combo = reconstruct_dialog_combo (dialog, table, row++,
                                    &common[COMMON_COLOUR]);
  gtk_widget_set_sensitive (combo, gimp_drawable_is_rgb (dialog->drawable));
  reconstruct_dialog_combo (dialog, table, row++, &common[COMMON_OUTPUT]);
  combo = tessera_backend_combo_new (dialog->backend);
  gimp_table_attach_aligned (table, 0, row, _("_Backend:"), 0.0, 0.5,
                             combo, 2, FALSE);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
}

gboolean
reconstruct_dialog_run (ReconstructDialog *dialog,
                        const gchar       *title,
                        const gchar       *role,
                        const gchar       *help_id)
{
  GtkWidget *window;
  GtkWidget *vbox;
  GtkWidget *table;
  gboolean   ok;

  if (! reconstruct_read_whole (dialog->drawable, &dialog->mask, NULL, NULL))
    return FALSE;

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (title, role, help_id, vbox);
  dialog->preview = tessera_dialog_add_preview (vbox, dialog->drawable,
                                                G_CALLBACK (preview_update),
                                                dialog);
  table = gtk_table_new (8, 4, FALSE);
  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);
  add_common_rows (dialog, GTK_TABLE (table),
                   dialog->add_rows (dialog, GTK_TABLE (table)));
  gtk_box_pack_start (GTK_BOX (vbox), table, FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  tessera_region_clear (&dialog->mask);
  return ok;
}
