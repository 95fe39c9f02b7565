/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what the files of TesseraView (tessera-view.h) share: the
 * object's fields and the functions one file calls in another.  Not for
 * the view's users. */
#ifndef TESSERA_VIEW_PRIVATE_H
#define TESSERA_VIEW_PRIVATE_H

#include "tessera-gtk.h"
#include "tessera-view.h"

/* How far one wheel step pans, in widget pixels (and a scroll bar's step). */
#define SCROLL_STEP      48.0

enum
{
  CLICKED,
  DRAW_OVERLAY,
  VIEW_CHANGED,
  LAST_SIGNAL
};

struct _TesseraView
{
#if TESSERA_GTK3
  GtkBox           parent_instance;
#else
  GtkVBox          parent_instance;
#endif

  gint32           drawable;
  gint             width, height;     /* of the drawable */
  gboolean         clickable;
  GeglRectangle    region;            /* fitted to while FITTED */

  GtkWidget       *area;
  GtkAdjustment   *hadjustment;       /* in widget pixels over the zoomed */
  GtkAdjustment   *vadjustment;       /* drawable */
  GtkWidget       *zoom_label;
  gdouble          zoom;
  gboolean         fitted;            /* refit when resized, until zoomed */
  gboolean         has_focus;         /* zooms keep FOCUS_X, FOCUS_Y in */
  gdouble          focus_x, focus_y;  /* view (drawable coordinates) */
  guint            changed_idle;      /* "view-changed" to emit */

  /* The thumbnail drawn last, of the drawable's rectangle SHOWN_RECT. */
  cairo_surface_t *shown;
  GeglRectangle    shown_rect;

  /* The caller's result, at IMAGE_RECT of the drawable; NULL: none. */
  cairo_surface_t *image;
  GeglRectangle    image_rect;

  /* A press of button PRESSED (0: none) at PRESS_X, PRESS_Y, with the
   * adjustments' values then; DRAGGING once it moved far enough. */
  guint            pressed;
  gdouble          press_x, press_y;
  gdouble          press_h, press_v;
  gboolean         dragging;
};

extern guint tessera_view_signals[LAST_SIGNAL];

/* tessera-view-source.c: the drawable, in either GIMP. */
void     tessera_view_drawable_size      (gint32               drawable,
                                          gint                *width,
                                          gint                *height);
/* The bounds of the selection on DRAWABLE (all of it when there is
 * none); FALSE when the selection misses it. */
gboolean tessera_view_drawable_selection (gint32               drawable,
                                          GeglRectangle       *bounds);
/* The thumbnail GIMP makes of the drawable's RECT, *WIDTH x *HEIGHT at
 * most (the size it has on return), as 8-bit pixels of *BPP bytes (grey,
 * grey and alpha, RGB, RGBA), packed; g_free it. */
guchar  *tessera_view_drawable_thumbnail (gint32               drawable,
                                          const GeglRectangle *rect,
                                          gint                *width,
                                          gint                *height,
                                          gint                *bpp);

/* tessera-view-geometry.c: the size of the drawing area. */
gdouble  tessera_view_area_width         (TesseraView         *view);
gdouble  tessera_view_area_height        (TesseraView         *view);
/* The drawable point under widget point (WIDGET_X, WIDGET_Y). */
void     tessera_view_to_drawable        (TesseraView         *view,
                                          gdouble              widget_x,
                                          gdouble              widget_y,
                                          gdouble             *x,
                                          gdouble             *y);
/* After the shown part moved: drawn again, "view-changed" once the
 * moving is over. */
void     tessera_view_moved              (TesseraView         *view);
/* Zooms to ZOOM keeping the drawable point under widget point (AX, AY)
 * where it is. */
void     tessera_view_set_zoom           (TesseraView         *view,
                                          gdouble              zoom,
                                          gdouble              ax,
                                          gdouble              ay);
/* Fits the view to its region, and refits when resized. */
void     tessera_view_zoom_to_fit        (TesseraView         *view);
/* The next zoom level above (STEP 1) or below (STEP -1), about (AX, AY)
 * or the centre. */
void     tessera_view_zoom_step          (TesseraView         *view,
                                          gint                 step,
                                          gdouble              ax,
                                          gdouble              ay);
/* The next zoom level above (STEP 1) or below (STEP -1) the zoom. */
gdouble  tessera_view_next_zoom          (const TesseraView   *view,
                                          gint                 step);
/* Zooms to ZOOM keeping the focus point where it is, or in the middle
 * when it was out of view; without one, the middle of the view. */
void     tessera_view_zoom_keeping_focus (TesseraView         *view,
                                          gdouble              zoom);
void     tessera_view_zoom_step_centred  (TesseraView         *view,
                                          gint                 step);

/* tessera-view-draw.c and tessera-view-input.c: the drawing area's
 * handlers, connected. */
void     tessera_view_connect_draw       (TesseraView         *view);
void     tessera_view_connect_input      (TesseraView         *view);

#endif
