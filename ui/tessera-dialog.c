/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>

#include <glib/gi18n-lib.h>

#include "tessera-dialog.h"
#include "tessera-live.h"
#include "tessera-mnemonics.h"
#include "tessera-reset.h"

/* Reset puts the settings back and leaves the dialog open: the run
 * (gimp_dialog_run) never sees the response. */
static void
reset_response (GtkWidget *dialog,
                gint       response)
{
  if (response != TESSERA_RESPONSE_RESET)
    return;
  tessera_reset_all (dialog);
  g_signal_stop_emission_by_name (dialog, "response");
}

GtkWidget *
tessera_dialog_new (const gchar *title,
                    const gchar *role,
                    const gchar *help_id,
                    GtkWidget   *content)
{
  GtkWidget *dialog;
  GtkWidget *row;

  dialog = gimp_dialog_new (title, role, NULL, 0,
                            gimp_standard_help_func, help_id,
                            _("_Reset"),  TESSERA_RESPONSE_RESET,
                            _("_Cancel"), GTK_RESPONSE_CANCEL,
                            _("_OK"),     GTK_RESPONSE_OK,
                            NULL);
  gtk_dialog_set_alternative_button_order (GTK_DIALOG (dialog),
                                           TESSERA_RESPONSE_RESET,
                                           GTK_RESPONSE_OK,
                                           GTK_RESPONSE_CANCEL, -1);
  g_signal_connect (dialog, "response", G_CALLBACK (reset_response), NULL);
  gimp_window_set_transient (GTK_WINDOW (dialog));
  tessera_mnemonics_watch (dialog);

  /* A row: a preview goes to the left of the content. */
  row = gtk_hbox_new (FALSE, 12);
  gtk_container_set_border_width (GTK_CONTAINER (row), 12);
  gtk_box_pack_start (GTK_BOX (row), content, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))),
                      row, TRUE, TRUE, 0);
  g_object_set_data (G_OBJECT (dialog), "tessera-row", row);
  g_object_set_data (G_OBJECT (dialog), "tessera-content", content);
  return dialog;
}

GtkWidget *
tessera_dialog_add_live (GtkWidget       *dialog,
                         gint32           drawable,
                         TesseraLiveStep  start,
                         TesseraLiveStep  compute,
                         TesseraLiveStep  finish,
                         gpointer         data)
{
  GtkWidget *row     = g_object_get_data (G_OBJECT (dialog), "tessera-row");
  GtkWidget *content = g_object_get_data (G_OBJECT (dialog),
                                          "tessera-content");
  GtkWidget *preview = tessera_live_new (drawable, start, compute, finish,
                                         data);

  /* The preview takes what the dialog grows by; the settings keep their
   * size. */
  gtk_box_set_child_packing (GTK_BOX (row), content, FALSE, FALSE, 0,
                             GTK_PACK_START);
  gtk_box_pack_start (GTK_BOX (row), preview, TRUE, TRUE, 0);
  gtk_box_reorder_child (GTK_BOX (row), preview, 0);
  return preview;
}

GtkWidget *
tessera_dialog_add_combo (GtkTable    *table,
                          gint         row,
                          const gchar *label,
                          gint         columns,
                          gint        *value,
                          GtkWidget   *preview,
                          const gchar *first_label,
                          ...)
{
  GtkWidget *combo;
  gint       first_value;
  va_list    items;

  va_start (items, first_label);
  first_value = va_arg (items, gint);
  combo = gimp_int_combo_box_new_valist (first_label, first_value, items);
  va_end (items);
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (combo), *value,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              value);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (tessera_live_update), preview);
  gimp_table_attach_aligned (table, 0, row, label, 0.0, 0.5, combo, columns,
                             FALSE);
  return combo;
}

gboolean
tessera_dialog_run (GtkWidget *dialog)
{
  gboolean ok;

  gtk_widget_show_all (dialog);
  ok = gimp_dialog_run (GIMP_DIALOG (dialog)) == GTK_RESPONSE_OK;
  gtk_widget_destroy (dialog);
  return ok;
}
