/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the few GTK calls that differ between GTK 2 (GIMP 2.10) and
 * GTK 3 (GIMP 3), for widgets and dialogs built for both from one source.
 * Add one here when such code needs another. */
#ifndef TESSERA_GTK_H
#define TESSERA_GTK_H

#include <gtk/gtk.h>

#define TESSERA_GTK3 GTK_CHECK_VERSION (3, 0, 0)

static inline GtkWidget *
tessera_box_new (GtkOrientation orientation,
                 gint           spacing)
{
#if TESSERA_GTK3
  return gtk_box_new (orientation, spacing);
#else
  if (orientation == GTK_ORIENTATION_VERTICAL)
    return gtk_vbox_new (FALSE, spacing);
  return gtk_hbox_new (FALSE, spacing);
#endif
}

/* LABEL's text to the left (XALIGN 0) or where XALIGN says, at the top. */
static inline void
tessera_label_align (GtkWidget *label,
                     gfloat     xalign)
{
#if TESSERA_GTK3
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_yalign (GTK_LABEL (label), 0.0);
#else
  gtk_misc_set_alignment (GTK_MISC (label), xalign, 0.0);
#endif
}


/* GTK 2's stock icon or GTK 3's themed icon of that name. */
#if TESSERA_GTK3
#define TESSERA_ICON(stock_id, icon_name) (icon_name)
#else
#define TESSERA_ICON(stock_id, icon_name) (stock_id)
#endif

/* The image of ICON (TESSERA_ICON) at the size of a menu's. */
static inline GtkWidget *
tessera_icon_new (const gchar *icon)
{
#if TESSERA_GTK3
  return gtk_image_new_from_icon_name (icon, GTK_ICON_SIZE_MENU);
#else
  return gtk_image_new_from_stock (icon, GTK_ICON_SIZE_MENU);
#endif
}

/* TYPE's cursor over WIDGET; GDK_LAST_CURSOR: the default one. */
static inline void
tessera_widget_set_cursor (GtkWidget     *widget,
                           GdkCursorType  type)
{
  GdkCursor *cursor = NULL;

  if (! gtk_widget_get_realized (widget))
    return;
  if (type != GDK_LAST_CURSOR)
    cursor = gdk_cursor_new_for_display (gtk_widget_get_display (widget),
                                         type);
  gdk_window_set_cursor (gtk_widget_get_window (widget), cursor);
  if (cursor != NULL)
#if TESSERA_GTK3
    g_object_unref (cursor);
#else
    gdk_cursor_unref (cursor);
#endif
}

/* Where the pointer is over WIDGET, in its coordinates. */
static inline void
tessera_widget_get_pointer (GtkWidget *widget,
                            gint      *x,
                            gint      *y)
{
#if TESSERA_GTK3
  GdkDisplay *display = gtk_widget_get_display (widget);
  GdkSeat    *seat    = gdk_display_get_default_seat (display);

  gdk_window_get_device_position (gtk_widget_get_window (widget),
                                  gdk_seat_get_pointer (seat), x, y, NULL);
#else
  gtk_widget_get_pointer (widget, x, y);
#endif
}

/* AREA with scroll bars on HADJUSTMENT and VADJUSTMENT right and below. */
static inline GtkWidget *
tessera_scrolled_new (GtkWidget     *area,
                      GtkAdjustment *hadjustment,
                      GtkAdjustment *vadjustment)
{
#if TESSERA_GTK3
  GtkWidget *grid = gtk_grid_new ();

  gtk_widget_set_hexpand (area, TRUE);
  gtk_widget_set_vexpand (area, TRUE);
  gtk_grid_attach (GTK_GRID (grid), area, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid),
                   gtk_scrollbar_new (GTK_ORIENTATION_VERTICAL, vadjustment),
                   1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid),
                   gtk_scrollbar_new (GTK_ORIENTATION_HORIZONTAL,
                                      hadjustment),
                   0, 1, 1, 1);
  return grid;
#else
  GtkWidget *table = gtk_table_new (2, 2, FALSE);

  gtk_table_attach (GTK_TABLE (table), area, 0, 1, 0, 1,
                    GTK_EXPAND | GTK_FILL, GTK_EXPAND | GTK_FILL, 0, 0);
  gtk_table_attach (GTK_TABLE (table), gtk_vscrollbar_new (vadjustment),
                    1, 2, 0, 1, GTK_FILL, GTK_EXPAND | GTK_FILL, 0, 0);
  gtk_table_attach (GTK_TABLE (table), gtk_hscrollbar_new (hadjustment),
                    0, 1, 1, 2, GTK_EXPAND | GTK_FILL, GTK_FILL, 0, 0);
  return table;
#endif
}

#endif
