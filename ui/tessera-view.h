/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a zoomable view of a drawable, for GIMP 2.10 (GTK 2) and GIMP 3
 * (GTK 3) alike, built from the same source against either.
 *
 * It starts fitted to its region (the selection's bounds on the drawable,
 * or all of it; tessera_view_set_region chooses another) and refits when
 * resized until the user zooms: with the buttons below it, Ctrl + wheel,
 * +, - and 1 (about the pointer).  The scroll bars, the wheel and dragging
 * with button 1 or 2 pan.
 *
 * It shows the drawable itself, or a result the caller hands it
 * (tessera_view_set_image, e.g. a filter's preview of the region it shows:
 * tessera_view_get_visible, again on "view-changed").
 *
 * A clickable view (a point picker) shows a crosshair, and pressing and
 * releasing button 1 without dragging emits "clicked" with the point in
 * drawable coordinates (pixel (0, 0) covers [0, 1) x [0, 1)).  A dialog
 * draws its own marks over the image in "draw-overlay", with the cairo
 * context it is given, placing them with tessera_view_to_widget. */
#ifndef TESSERA_VIEW_H
#define TESSERA_VIEW_H

#include <gtk/gtk.h>
#include <gegl.h>
#include "image.h"

#define TESSERA_TYPE_VIEW (tessera_view_get_type ())
#define TESSERA_VIEW(obj)                                                 \
  (G_TYPE_CHECK_INSTANCE_CAST ((obj), TESSERA_TYPE_VIEW, TesseraView))

typedef struct _TesseraView      TesseraView;
typedef struct _TesseraViewClass TesseraViewClass;

struct _TesseraViewClass
{
#if GTK_CHECK_VERSION (3, 0, 0)
  GtkBoxClass  parent_class;
#else
  GtkVBoxClass parent_class;
#endif

  /* Signals. */
  void (*clicked)      (TesseraView *view,
                        gdouble      x,
                        gdouble      y);
  void (*draw_overlay) (TesseraView *view,
                        gpointer     cairo);   /* cairo_t * */
  /* The shown part of the drawable changed (zoom, pan, size); once per
   * burst of changes. */
  void (*view_changed) (TesseraView *view);
};

GType         tessera_view_get_type    (void) G_GNUC_CONST;

/* A view of the drawable DRAWABLE (an ID); CLICKABLE: a point picker. */
GtkWidget    *tessera_view_new         (gint32               drawable,
                                        gboolean             clickable);

/* The area's size until the dialog is made larger (the default: room for
 * a photo's detail, for a view that is clicked on). */
void          tessera_view_set_default_size (TesseraView *view,
                                             gint         width,
                                             gint         height);

/* The part of the drawable (drawable coordinates) the view fits itself
 * to, now and whenever it is resized until the user zooms, and on "Zoom
 * to fit". */
void          tessera_view_set_region  (TesseraView         *view,
                                        const GeglRectangle *region);

/* Shows IMAGE, which lies at RECT on the drawable in FORMAT, instead of
 * the drawable there (the rest of the drawable stays as it is); the view
 * keeps its own copy.  NULL: the drawable again. */
void          tessera_view_set_image   (TesseraView         *view,
                                        const TesseraImage  *image,
                                        const GeglRectangle *rect,
                                        const Babl          *format);

/* The drawable's pixels that the view shows now. */
GeglRectangle tessera_view_get_visible (TesseraView         *view);

/* Where drawable point (X, Y) is drawn, in the coordinates of the cairo
 * context of "draw-overlay". */
void          tessera_view_to_widget   (TesseraView         *view,
                                        gdouble              x,
                                        gdouble              y,
                                        gdouble             *widget_x,
                                        gdouble             *widget_y);

/* The drawable point (X, Y) that the zoom buttons, and the keys while the
 * pointer is not over the view, keep in view (a point picker's last
 * point); HAS_FOCUS FALSE: none, they keep the middle. */
void          tessera_view_set_focus   (TesseraView         *view,
                                        gboolean             has_focus,
                                        gdouble              x,
                                        gdouble              y);

/* Draws the image and the overlay again (after the overlay changed). */
void          tessera_view_redraw      (TesseraView         *view);

#endif
