/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tessera-drawable-combo.h"

#define THUMBNAIL_SIZE 24

static void
append (GimpIntComboBox *combo,
        gint32           drawable)
{
  GdkPixbuf *thumbnail = gimp_drawable_get_thumbnail (
                           drawable, THUMBNAIL_SIZE, THUMBNAIL_SIZE,
                           GIMP_PIXBUF_SMALL_CHECKS);
  gchar     *name      = gimp_item_get_name (drawable);

  gimp_int_combo_box_append (combo,
                             GIMP_INT_STORE_VALUE,  drawable,
                             GIMP_INT_STORE_LABEL,  name,
                             GIMP_INT_STORE_PIXBUF, thumbnail,
                             -1);
  g_free (name);
  if (thumbnail != NULL)
    g_object_unref (thumbnail);
}

/* The layers among ITEMS, and those of the groups among them. */
static void
append_layers (GimpIntComboBox *combo,
               const gint      *items,
               gint             n_items)
{
  gint i;

  for (i = 0; i < n_items; i++)
    if (gimp_item_is_group (items[i]))
      {
        gint  n_children;
        gint *children = gimp_item_get_children (items[i], &n_children);

        append_layers (combo, children, n_children);
        g_free (children);
      }
    else
      append (combo, items[i]);
}

GtkWidget *
tessera_drawable_combo_new (gint32 image)
{
  GtkWidget *combo = g_object_new (GIMP_TYPE_INT_COMBO_BOX,
                                   "ellipsize", PANGO_ELLIPSIZE_MIDDLE,
                                   NULL);
  gint       n;
  gint      *items;
  gint       i;

  items = gimp_image_get_layers (image, &n);
  append_layers (GIMP_INT_COMBO_BOX (combo), items, n);
  g_free (items);
  items = gimp_image_get_channels (image, &n);
  for (i = 0; i < n; i++)
    append (GIMP_INT_COMBO_BOX (combo), items[i]);
  g_free (items);
  /* Until the caller picks one, as GIMP's own drawable combo does. */
  gtk_combo_box_set_active (GTK_COMBO_BOX (combo), 0);
  return combo;
}
