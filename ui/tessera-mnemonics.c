/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gdk/gdkkeysyms.h>

#include "tessera-mnemonics.h"
#include "tessera-test-hook.h"

/* Each label with a mnemonic shown under WIDGET, appended to LABELS;
 * the buttons of a dialog's action area are its internal children, hence
 * forall. */
static void
collect (GtkWidget *widget,
         gpointer   labels)
{
  if (! gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget)
      && gtk_label_get_mnemonic_keyval (GTK_LABEL (widget))
         != GDK_KEY_VoidSymbol)
    g_ptr_array_add (labels, widget);
  if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), collect, labels);
}

static guint
key_of (GtkWidget *label)
{
  return gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (
                                GTK_LABEL (label)));
}

static void
note_label (GtkWidget *label)
{
  gchar *line = g_strdup_printf ("%s %s", gdk_keyval_name (key_of (label)),
                                 gtk_label_get_label (GTK_LABEL (label)));

  tessera_test_hook_note ("mnemonic", line);
  g_free (line);
}

/* LABELS[I]'s key, if a label before it has it too. */
static void
note_clash (GPtrArray *labels,
            guint      i)
{
  GtkWidget *label = g_ptr_array_index (labels, i);
  guint      j;

  for (j = 0; j < i; j++)
    {
      GtkWidget *other = g_ptr_array_index (labels, j);

      if (key_of (other) == key_of (label))
        {
          gchar *line = g_strdup_printf (
                          "%s %s / %s", gdk_keyval_name (key_of (label)),
                          gtk_label_get_label (GTK_LABEL (other)),
                          gtk_label_get_label (GTK_LABEL (label)));

          tessera_test_hook_note ("mnemonic-clash", line);
          g_free (line);
          return;
        }
    }
}

static void
mapped (GtkWidget *dialog)
{
  GPtrArray *labels = g_ptr_array_new ();
  guint      i;

  collect (dialog, labels);
  tessera_test_hook_note ("mnemonic-dialog",
                          gtk_window_get_title (GTK_WINDOW (dialog)));
  for (i = 0; i < labels->len; i++)
    {
      note_label (g_ptr_array_index (labels, i));
      note_clash (labels, i);
    }
  g_ptr_array_free (labels, TRUE);
}

void
tessera_mnemonics_watch (GtkWidget *dialog)
{
  const gchar *hook = g_getenv ("TESSERA_TEST_HOOK");

  if (hook != NULL && *hook != '\0')
    g_signal_connect_data (dialog, "map", G_CALLBACK (mapped), NULL, NULL,
                           G_CONNECT_AFTER);
}
