/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "marker-beyond.h"
#include "marker-dialog3.h"
#include "tessera-gimp.h"
#include "tessera-test-hook.h"

typedef struct
{
  GimpProcedureConfig *config;
  GimpDrawable        *mask;
  const TesseraRegion *mask_read;
  GtkWidget           *chooser;
  GtkWidget           *warning;        /* the icon and the label */
  GtkWidget           *warning_label;
} MarkerDialog3;

/* The label of the chooser's button, which GIMP 3.0 leaves at
 * "Browse...": the one label inside its button. */
static GtkWidget *
button_label (GtkWidget *widget)
{
  GList     *children, *child;
  GtkWidget *found = NULL;

  if (GTK_IS_LABEL (widget) && GTK_IS_BUTTON (gtk_widget_get_ancestor (
                                 widget, GTK_TYPE_BUTTON)))
    return widget;
  if (! GTK_IS_CONTAINER (widget))
    return NULL;
  children = gtk_container_get_children (GTK_CONTAINER (widget));
  for (child = children; child != NULL && found == NULL; child = child->next)
    found = button_label (child->data);
  g_list_free (children);
  return found;
}

static void
name_marker (MarkerDialog3 *dialog,
             GimpDrawable  *marker)
{
  GtkWidget *label = button_label (dialog->chooser);
  gchar     *name;

  if (label == NULL || marker == NULL)
    return;
  name = gimp_item_get_name (GIMP_ITEM (marker));
  gtk_label_set_text (GTK_LABEL (label), name);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  g_free (name);
}

/* The warning for the config's marker, operation and colour mode. */
static void
update_warning (MarkerDialog3 *dialog,
                GimpDrawable  *marker)
{
  ReconstructValues values = { 0 };
  gsize             count  = 0;
  gchar            *text   = NULL;

  values.marker      = TESSERA_ID (marker);
  values.operation   = gimp_procedure_config_get_choice_id (dialog->config,
                                                            "operation");
  values.colour_mode = gimp_procedure_config_get_choice_id (dialog->config,
                                                            "colour-mode");
  text = reconstruct_marker_text (TESSERA_ID (dialog->mask), values.marker);
  if (text == NULL && dialog->mask_read != NULL
      && reconstruct_count_beyond (dialog->mask_read, &values, &count, NULL))
    text = reconstruct_beyond_text (
             count / (gdouble) reconstruct_samples (dialog->mask_read,
                                                    values.colour_mode),
             values.operation);
  gtk_label_set_text (GTK_LABEL (dialog->warning_label),
                      text != NULL ? text : "");
  gtk_widget_set_visible (dialog->warning, text != NULL);
  tessera_test_hook_note ("warning", text);
  g_free (text);
}

#define DATA_KEY "tessera-marker-dialog"

/* After any change of the config: a marker again where Reset took it
 * away, its name, the warning.  WARNING holds the dialog's data. */
static void
config_changed (GtkWidget *warning)
{
  MarkerDialog3 *dialog = g_object_get_data (G_OBJECT (warning), DATA_KEY);
  GimpDrawable  *marker = NULL;

  g_object_get (dialog->config, "marker-drawable", &marker, NULL);
  if (marker == NULL)
    {
      g_object_set (dialog->config, "marker-drawable",
                    gimp_drawable_get_by_id (reconstruct_default_marker (
                                               TESSERA_ID (dialog->mask))),
                    NULL);
      return;     /* notified again */
    }
  name_marker (dialog, marker);
  {
    gchar *name = gimp_item_get_name (GIMP_ITEM (marker));

    tessera_test_hook_note ("marker", name);
    g_free (name);
  }
  update_warning (dialog, marker);
  g_object_unref (marker);
}

static GtkWidget *
warning_new (MarkerDialog3 *dialog)
{
  GtkWidget *box  = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name (GIMP_ICON_DIALOG_WARNING,
                                                  GTK_ICON_SIZE_BUTTON);

  dialog->warning_label = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (dialog->warning_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (dialog->warning_label), 0.0);
  /* Wrapped, not as wide as its one line: the dialog keeps its size. */
  gtk_label_set_max_width_chars (GTK_LABEL (dialog->warning_label), 60);
  gtk_box_pack_start (GTK_BOX (box), icon, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), dialog->warning_label, TRUE, TRUE, 0);
  gtk_widget_show_all (box);
  gtk_widget_set_no_show_all (box, TRUE);
  return box;
}

void
marker_dialog3_extend (GimpProcedureDialog *dialog,
                       GimpProcedureConfig *config,
                       GimpDrawable        *mask,
                       const TesseraRegion *mask_read)
{
  MarkerDialog3 *extra = g_new0 (MarkerDialog3, 1);

  extra->config    = config;
  extra->mask      = mask;
  extra->mask_read = mask_read;
  extra->chooser   = gimp_procedure_dialog_get_widget (dialog,
                                                       "marker-drawable",
                                                       G_TYPE_NONE);
  extra->warning   = warning_new (extra);
  gtk_box_pack_end (GTK_BOX (gtk_dialog_get_content_area (
                               GTK_DIALOG (dialog))),
                    extra->warning, FALSE, FALSE, 0);
  g_object_set_data_full (G_OBJECT (extra->warning), DATA_KEY, extra, g_free);
  /* Until the warning goes with the dialog. */
  g_signal_connect_object (config, "notify", G_CALLBACK (config_changed),
                           extra->warning, G_CONNECT_SWAPPED);
  config_changed (extra->warning);
}
