/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — TesseraView's geometry: where the drawable lies in the widget
 * at the zoom and the scroll bars' values, and the changes of zoom that
 * keep a chosen point where it is. */
#include "config.h"

#include <math.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-gtk.h"
#include "tessera-view-private.h"


/* The zoom levels the buttons and keys step through. */
static const gdouble zoom_levels[] =
{
  1.0 / 32, 1.0 / 16, 1.0 / 12, 1.0 / 8, 1.0 / 6, 1.0 / 4, 1.0 / 3, 1.0 / 2,
  2.0 / 3, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0
};
#define ZOOM_MIN (zoom_levels[0])
#define ZOOM_MAX (zoom_levels[G_N_ELEMENTS (zoom_levels) - 1])

gdouble
tessera_view_area_width (TesseraView *view)
{
  GtkAllocation allocation;

  gtk_widget_get_allocation (view->area, &allocation);
  return allocation.width;
}

gdouble
tessera_view_area_height (TesseraView *view)
{
  GtkAllocation allocation;

  gtk_widget_get_allocation (view->area, &allocation);
  return allocation.height;
}

/* Where the drawable's left (top) edge is drawn when it does not fill the
 * area: in the middle. */
static gdouble
margin (gdouble area,
        gdouble content)
{
  return content < area ? floor ((area - content) / 2.0) : 0.0;
}

void
tessera_view_to_widget (TesseraView *view,
                        gdouble      x,
                        gdouble      y,
                        gdouble     *widget_x,
                        gdouble     *widget_y)
{
  gdouble zoom = view->zoom;

  *widget_x = x * zoom - gtk_adjustment_get_value (view->hadjustment)
              + margin (tessera_view_area_width (view), view->width * zoom);
  *widget_y = y * zoom - gtk_adjustment_get_value (view->vadjustment)
              + margin (tessera_view_area_height (view), view->height * zoom);
}

void
tessera_view_to_drawable (TesseraView *view,
                          gdouble      widget_x,
                          gdouble      widget_y,
                          gdouble     *x,
                          gdouble     *y)
{
  gdouble zoom = view->zoom;

  *x = (widget_x + gtk_adjustment_get_value (view->hadjustment)
        - margin (tessera_view_area_width (view), view->width * zoom)) / zoom;
  *y = (widget_y + gtk_adjustment_get_value (view->vadjustment)
        - margin (tessera_view_area_height (view), view->height * zoom))
       / zoom;
}

GeglRectangle
tessera_view_get_visible (TesseraView *view)
{
  gdouble       x0, y0, x1, y1;
  GeglRectangle rect;

  tessera_view_to_drawable (view, 0.0, 0.0, &x0, &y0);
  tessera_view_to_drawable (view, tessera_view_area_width (view),
                            tessera_view_area_height (view), &x1, &y1);
  rect.x = CLAMP ((gint) floor (x0), 0, view->width - 1);
  rect.y = CLAMP ((gint) floor (y0), 0, view->height - 1);
  rect.width  = CLAMP ((gint) ceil (x1), rect.x + 1, view->width) - rect.x;
  rect.height = CLAMP ((gint) ceil (y1), rect.y + 1, view->height) - rect.y;
  return rect;
}

static gboolean
emit_view_changed (gpointer data)
{
  TesseraView *view = data;

  view->changed_idle = 0;
  g_signal_emit (view, tessera_view_signals[VIEW_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

/* After the shown part moved: drawn again, and told once the moving is
 * over. */
void
tessera_view_moved (TesseraView *view)
{
  tessera_view_redraw (view);
  if (view->changed_idle == 0)
    view->changed_idle = g_idle_add (emit_view_changed, view);
}

/* A scroll bar after a change of zoom or size: CONTENT pixels of the
 * zoomed drawable seen through AREA pixels, from VALUE (clamped here). */
static void
configure_adjustment (GtkAdjustment *adjustment,
                      gdouble        content,
                      gdouble        area,
                      gdouble        value)
{
  gdouble upper = MAX (content, area);

  gtk_adjustment_configure (adjustment, CLAMP (value, 0.0, upper - area),
                            0.0, upper, SCROLL_STEP, area * 0.9, area);
}

static void
show_zoom (TesseraView *view)
{
  gchar *text = g_strdup_printf ("%.0f%%", view->zoom * 100.0);

  gtk_label_set_text (GTK_LABEL (view->zoom_label), text);
  g_free (text);
}

/* Zooms to ZOOM with drawable point (X, Y) at widget point (AX, AY), as
 * near as the scroll bars allow. */
static void
place (TesseraView *view,
       gdouble      zoom,
       gdouble      x,
       gdouble      y,
       gdouble      ax,
       gdouble      ay)
{
  /* The whole drawable fits, however large (GIMP's largest in 512 px). */
  gdouble fit = MIN (tessera_view_area_width (view) / view->width,
                     tessera_view_area_height (view) / view->height);

  view->zoom = CLAMP (zoom, MIN (ZOOM_MIN, MAX (fit, 1.0 / 1024)), ZOOM_MAX);
  configure_adjustment (view->hadjustment, view->width * view->zoom,
                        tessera_view_area_width (view),
                        x * view->zoom - ax
                        + margin (tessera_view_area_width (view),
                                  view->width * view->zoom));
  configure_adjustment (view->vadjustment, view->height * view->zoom,
                        tessera_view_area_height (view),
                        y * view->zoom - ay
                        + margin (tessera_view_area_height (view),
                                  view->height * view->zoom));
  show_zoom (view);
  tessera_view_moved (view);
}

/* Zooms to ZOOM keeping the drawable point under widget point (AX, AY)
 * where it is. */
void
tessera_view_set_zoom (TesseraView *view,
                       gdouble      zoom,
                       gdouble      ax,
                       gdouble      ay)
{
  gdouble x, y;

  tessera_view_to_drawable (view, ax, ay, &x, &y);
  place (view, zoom, x, y, ax, ay);
}

void
tessera_view_zoom_to_fit (TesseraView *view)
{
  const GeglRectangle *region = &view->region;
  gdouble              width  = tessera_view_area_width (view);
  gdouble              height = tessera_view_area_height (view);

  view->fitted = TRUE;
  place (view, MIN (width / region->width, height / region->height),
         region->x + region->width / 2.0, region->y + region->height / 2.0,
         width / 2.0, height / 2.0);
}

gdouble
tessera_view_next_zoom (const TesseraView *view,
                        gint               step)
{
  gdouble zoom = view->zoom;
  guint   i;

  if (step > 0)
    {
      for (i = 0; i < G_N_ELEMENTS (zoom_levels) - 1; i++)
        if (zoom_levels[i] > zoom * 1.001)
          break;
    }
  else
    {
      for (i = G_N_ELEMENTS (zoom_levels) - 1; i > 0; i--)
        if (zoom_levels[i] < zoom / 1.001)
          break;
    }
  return zoom_levels[i];
}

void
tessera_view_zoom_step (TesseraView *view,
                        gint         step,
                        gdouble      ax,
                        gdouble      ay)
{
  view->fitted = FALSE;
  tessera_view_set_zoom (view, tessera_view_next_zoom (view, step), ax, ay);
}

void
tessera_view_zoom_keeping_focus (TesseraView *view,
                                 gdouble      zoom)
{
  gdouble width  = tessera_view_area_width (view);
  gdouble height = tessera_view_area_height (view);
  gdouble ax, ay;

  view->fitted = FALSE;
  if (! view->has_focus)
    {
      tessera_view_set_zoom (view, zoom, width / 2.0, height / 2.0);
      return;
    }
  tessera_view_to_widget (view, view->focus_x, view->focus_y, &ax, &ay);
  if (ax < 0.0 || ay < 0.0 || ax > width || ay > height)
    {
      ax = width / 2.0;
      ay = height / 2.0;
    }
  place (view, zoom, view->focus_x, view->focus_y, ax, ay);
}

void
tessera_view_zoom_step_centred (TesseraView *view,
                                gint         step)
{
  tessera_view_zoom_keeping_focus (view, tessera_view_next_zoom (view, step));
}

void
tessera_view_set_focus (TesseraView *view,
                        gboolean     has_focus,
                        gdouble      x,
                        gdouble      y)
{
  view->has_focus = has_focus;
  view->focus_x   = x;
  view->focus_y   = y;
}

void
tessera_view_set_region (TesseraView         *view,
                         const GeglRectangle *region)
{
  GeglRectangle whole = { 0, 0, view->width, view->height };

  if (! gegl_rectangle_intersect (&view->region, region, &whole))
    view->region = whole;
  if (gtk_widget_get_realized (view->area))
    tessera_view_zoom_to_fit (view);
  else
    view->fitted = TRUE;
}
