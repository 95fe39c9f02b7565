/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — TesseraView's input: dragging and the wheel pan, Ctrl + wheel
 * and the keys zoom about the pointer, a click without a drag picks a
 * point. */
#include "config.h"

#include <math.h>
#include <gdk/gdkkeysyms.h>
#include <libgimp/gimp.h>

#include "tessera-gtk.h"
#include "tessera-view-private.h"

/* A press that moves further than this, in widget pixels, drags. */
#define DRAG_THRESHOLD   3.0

static void
area_size_allocate (GtkWidget     *area,
                    GtkAllocation *allocation,
                    TesseraView   *view)
{
  if (view->fitted)
    tessera_view_zoom_to_fit (view);
  else
    tessera_view_set_zoom (view, view->zoom, 0.0, 0.0);
}

/* The cursor when no button is pressed. */
static void
idle_cursor (TesseraView *view)
{
  tessera_widget_set_cursor (view->area, view->clickable ? GDK_CROSSHAIR
                                                         : GDK_LAST_CURSOR);
}

static gboolean
area_button_press (GtkWidget      *area,
                   GdkEventButton *event,
                   TesseraView    *view)
{
  gtk_widget_grab_focus (area);
  if (event->type != GDK_BUTTON_PRESS
      || (event->button != 1 && event->button != 2))
    return FALSE;

  view->pressed  = event->button;
  view->press_x  = event->x;
  view->press_y  = event->y;
  view->press_h  = gtk_adjustment_get_value (view->hadjustment);
  view->press_v  = gtk_adjustment_get_value (view->vadjustment);
  view->dragging = event->button == 2;
  if (view->dragging)
    tessera_widget_set_cursor (area, GDK_FLEUR);
  return TRUE;
}

static gboolean
area_motion (GtkWidget      *area,
             GdkEventMotion *event,
             TesseraView    *view)
{
  gdouble dx = event->x - view->press_x;
  gdouble dy = event->y - view->press_y;

  if (view->pressed == 0)
    return FALSE;
  if (! view->dragging && hypot (dx, dy) > DRAG_THRESHOLD)
    {
      view->dragging = TRUE;
      tessera_widget_set_cursor (area, GDK_FLEUR);
    }
  if (view->dragging)
    {
      gtk_adjustment_set_value (view->hadjustment, view->press_h - dx);
      gtk_adjustment_set_value (view->vadjustment, view->press_v - dy);
    }
  return TRUE;
}

static gboolean
area_button_release (GtkWidget      *area,
                     GdkEventButton *event,
                     TesseraView    *view)
{
  gboolean clicked = view->clickable && view->pressed == 1
                     && ! view->dragging;
  gdouble  x, y;

  if (event->button != view->pressed)
    return FALSE;
  view->pressed = 0;
  idle_cursor (view);

  tessera_view_to_drawable (view, view->press_x, view->press_y, &x, &y);
  if (clicked && x >= 0.0 && x <= view->width
      && y >= 0.0 && y <= view->height)
    g_signal_emit (view, tessera_view_signals[CLICKED], 0, x, y);
  return TRUE;
}

static gboolean
area_scroll (GtkWidget      *area,
             GdkEventScroll *event,
             TesseraView    *view)
{
  gboolean       up = event->direction == GDK_SCROLL_UP
                      || event->direction == GDK_SCROLL_LEFT;
  gboolean       across = event->direction == GDK_SCROLL_LEFT
                          || event->direction == GDK_SCROLL_RIGHT
                          || (event->state & GDK_SHIFT_MASK);
  GtkAdjustment *adjustment = across ? view->hadjustment
                                     : view->vadjustment;

  if (event->state & GDK_CONTROL_MASK)
    tessera_view_zoom_step (view, up ? 1 : -1, event->x, event->y);
  else
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_value (adjustment)
                              + (up ? -SCROLL_STEP : SCROLL_STEP));
  return TRUE;
}

/* Whether the pointer is over AREA, and where: a zoom by key keeps the
 * point under it where it is, as in GIMP's image windows; else the focus
 * point (tessera_view_zoom_keeping_focus). */
static gboolean
pointer_over (GtkWidget   *area,
              TesseraView *view,
              gdouble     *ax,
              gdouble     *ay)
{
  gint x, y;

  tessera_widget_get_pointer (area, &x, &y);
  *ax = x;
  *ay = y;
  return x >= 0 && y >= 0 && x < tessera_view_area_width (view)
         && y < tessera_view_area_height (view);
}

/* Zooms to ZOOM (by a key) around the pointer or the focus point. */
static void
key_zoom (GtkWidget   *area,
          TesseraView *view,
          gdouble      zoom)
{
  gdouble ax, ay;

  view->fitted = FALSE;
  if (pointer_over (area, view, &ax, &ay))
    tessera_view_set_zoom (view, zoom, ax, ay);
  else
    tessera_view_zoom_keeping_focus (view, zoom);
}

static gboolean
area_key_press (GtkWidget   *area,
                GdkEventKey *event,
                TesseraView *view)
{
  switch (event->keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      key_zoom (area, view, tessera_view_next_zoom (view, 1));
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      key_zoom (area, view, tessera_view_next_zoom (view, -1));
      return TRUE;
    case GDK_KEY_1:
    case GDK_KEY_KP_1:
      key_zoom (area, view, 1.0);
      return TRUE;
    default:
      return FALSE;
    }
}

void
tessera_view_connect_input (TesseraView *view)
{
  GtkWidget *area = view->area;

  gtk_widget_set_can_focus (area, TRUE);
  gtk_widget_add_events (area, GDK_BUTTON_PRESS_MASK
                               | GDK_BUTTON_RELEASE_MASK
                               | GDK_POINTER_MOTION_MASK
                               | GDK_SCROLL_MASK | GDK_KEY_PRESS_MASK);
  g_signal_connect (area, "size-allocate",
                    G_CALLBACK (area_size_allocate), view);
  g_signal_connect_data (area, "realize", G_CALLBACK (idle_cursor), view,
                         NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect (area, "button-press-event",
                    G_CALLBACK (area_button_press), view);
  g_signal_connect (area, "motion-notify-event",
                    G_CALLBACK (area_motion), view);
  g_signal_connect (area, "button-release-event",
                    G_CALLBACK (area_button_release), view);
  g_signal_connect (area, "scroll-event", G_CALLBACK (area_scroll), view);
  g_signal_connect (area, "key-press-event",
                    G_CALLBACK (area_key_press), view);
}
