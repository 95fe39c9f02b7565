/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — TesseraView, the object and its widgets: the drawing area
 * with its scroll bars, the zoom buttons and label under it.  Its geometry
 * (tessera-view-geometry.c), drawing (tessera-view-draw.c), input
 * (tessera-view-input.c) and what it asks of the drawable
 * (tessera-view-source.c) are files of their own; tessera-view-private.h
 * is what they share. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-gtk.h"
#include "tessera-view-private.h"

/* The view's size until the dialog is made larger: room for a photo's
 * detail on a laptop's screen beside a column of settings. */
#define DEFAULT_WIDTH    560
#define DEFAULT_HEIGHT   460

guint tessera_view_signals[LAST_SIGNAL];

#if TESSERA_GTK3
G_DEFINE_TYPE (TesseraView, tessera_view, GTK_TYPE_BOX)
#else
G_DEFINE_TYPE (TesseraView, tessera_view, GTK_TYPE_VBOX)
#endif

static void
tessera_view_dispose (GObject *object)
{
  TesseraView *view = TESSERA_VIEW (object);

  if (view->changed_idle != 0)
    {
      g_source_remove (view->changed_idle);
      view->changed_idle = 0;
    }
  g_clear_pointer (&view->shown, cairo_surface_destroy);
  g_clear_pointer (&view->image, cairo_surface_destroy);
  G_OBJECT_CLASS (tessera_view_parent_class)->dispose (object);
}

static void
tessera_view_class_init (TesseraViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tessera_view_dispose;

  tessera_view_signals[CLICKED] =
    g_signal_new ("clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraViewClass, clicked),
                  NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  tessera_view_signals[DRAW_OVERLAY] =
    g_signal_new ("draw-overlay", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraViewClass, draw_overlay),
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE,
                  1, G_TYPE_POINTER);
  tessera_view_signals[VIEW_CHANGED] =
    g_signal_new ("view-changed", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraViewClass, view_changed),
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tessera_view_init (TesseraView *view)
{
#if TESSERA_GTK3
  gtk_orientable_set_orientation (GTK_ORIENTABLE (view),
                                  GTK_ORIENTATION_VERTICAL);
#endif
  view->zoom   = 1.0;
  view->fitted = TRUE;
}

static void
zoom_in_clicked (TesseraView *view)
{
  tessera_view_zoom_step_centred (view, 1);
}

static void
zoom_out_clicked (TesseraView *view)
{
  tessera_view_zoom_step_centred (view, -1);
}

static void
zoom_100_clicked (TesseraView *view)
{
  tessera_view_zoom_keeping_focus (view, 1.0);
}

static GtkWidget *
zoom_button (TesseraView *view,
             const gchar *icon,
             const gchar *tooltip,
             GCallback    callback)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_container_add (GTK_CONTAINER (button), tessera_icon_new (icon));
  gimp_help_set_help_data (button, tooltip, NULL);
  g_signal_connect_swapped (button, "clicked", callback, view);
  return button;
}

static GtkWidget *
make_zoom_bar (TesseraView *view)
{
  static const struct
  {
    const gchar *icon;
    const gchar *tooltip;
    void       (*clicked) (TesseraView *view);
  } buttons[] =
  {
    { TESSERA_ICON (GTK_STOCK_ZOOM_OUT, "zoom-out"),
      N_("Zoom out (-, Ctrl+wheel)"), zoom_out_clicked },
    { TESSERA_ICON (GTK_STOCK_ZOOM_IN, "zoom-in"),
      N_("Zoom in (+, Ctrl+wheel)"), zoom_in_clicked },
    { TESSERA_ICON (GTK_STOCK_ZOOM_100, "zoom-original"),
      N_("Zoom to 1:1 (1)"), zoom_100_clicked },
    { TESSERA_ICON (GTK_STOCK_ZOOM_FIT, "zoom-fit-best"),
      N_("Zoom to fit"), tessera_view_zoom_to_fit }
  };
  GtkWidget *bar = tessera_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  guint      i;

  for (i = 0; i < G_N_ELEMENTS (buttons); i++)
    gtk_box_pack_start (GTK_BOX (bar),
                        zoom_button (view, buttons[i].icon,
                                     _(buttons[i].tooltip),
                                     G_CALLBACK (buttons[i].clicked)),
                        FALSE, FALSE, 0);

  view->zoom_label = gtk_label_new (NULL);
  gtk_box_pack_start (GTK_BOX (bar), view->zoom_label, FALSE, FALSE, 6);
  return bar;
}

static GtkWidget *
make_area (TesseraView *view)
{
  GtkWidget *area = gtk_drawing_area_new ();

  view->area = area;
  view->hadjustment = GTK_ADJUSTMENT (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  view->vadjustment = GTK_ADJUSTMENT (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  g_signal_connect_swapped (view->hadjustment, "value-changed",
                            G_CALLBACK (tessera_view_moved), view);
  g_signal_connect_swapped (view->vadjustment, "value-changed",
                            G_CALLBACK (tessera_view_moved), view);

  gtk_widget_set_size_request (area, DEFAULT_WIDTH, DEFAULT_HEIGHT);
  tessera_view_connect_draw (view);
  tessera_view_connect_input (view);
  return tessera_scrolled_new (area, view->hadjustment, view->vadjustment);
}

GtkWidget *
tessera_view_new (gint32   drawable,
                  gboolean clickable)
{
  TesseraView *view = g_object_new (TESSERA_TYPE_VIEW, NULL);

  view->drawable  = drawable;
  view->clickable = clickable;
  tessera_view_drawable_size (drawable, &view->width, &view->height);
  if (! tessera_view_drawable_selection (drawable, &view->region))
    view->region = (GeglRectangle) { 0, 0, view->width, view->height };

  gtk_box_set_spacing (GTK_BOX (view), 4);
  gtk_box_pack_start (GTK_BOX (view), make_area (view), TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (view), make_zoom_bar (view), FALSE, FALSE, 0);
  return GTK_WIDGET (view);
}

void
tessera_view_set_default_size (TesseraView *view,
                               gint         width,
                               gint         height)
{
  gtk_widget_set_size_request (view->area, width, height);
}
