/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — TesseraView's drawing: the drawable's thumbnail of the shown
 * part (fetched again only when that part or the zoom changes), the
 * caller's result over GIMP's checks, and the caller's overlay. */
#include "config.h"

#include <math.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-gtk.h"
#include "tessera-view-private.h"

/* The drawable's thumbnails come at most this large (gimp-drawable-sub-
 * thumbnail's limit); larger views scale them up. */
#define THUMBNAIL_MAX    1024
/* GIMP's small checks, under what is transparent in a result shown. */
#define CHECK_SIZE       4
#define CHECK_DARK       0.4
#define CHECK_LIGHT      0.6
#define BACKGROUND       0.3

/* The size of the thumbnail of RECT to draw it from: at the zoom, or 1:1
 * when zoomed in (each pixel is then drawn as a square), no larger than
 * GIMP makes them. */
static void
thumbnail_size (TesseraView         *view,
                const GeglRectangle *rect,
                gint                *width,
                gint                *height)
{
  gdouble scale = MIN (view->zoom, 1.0);

  scale = MIN (scale, (gdouble) THUMBNAIL_MAX / rect->width);
  scale = MIN (scale, (gdouble) THUMBNAIL_MAX / rect->height);
  *width  = CLAMP ((gint) ceil (rect->width * scale), 1, THUMBNAIL_MAX);
  *height = CLAMP ((gint) ceil (rect->height * scale), 1, THUMBNAIL_MAX);
}

/* WIDTH x HEIGHT pixels of 8-bit Y', Y'A, R'G'B' or R'G'B'A (BPP bytes
 * each) at DATA, packed, as cairo's. */
static cairo_surface_t *
surface_new (const guchar *data,
             gint          width,
             gint          height,
             gint          bpp)
{
  static const gchar * const formats[] =
  {
    "Y' u8", "Y'A u8", "R'G'B' u8", "R'G'B'A u8"
  };
  cairo_surface_t *surface;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_surface_flush (surface);
  babl_process_rows (babl_fish (babl_format (formats[CLAMP (bpp, 1, 4) - 1]),
                                babl_format ("cairo-ARGB32")),
                     data, width * bpp,
                     cairo_image_surface_get_data (surface),
                     cairo_image_surface_get_stride (surface),
                     width, height);
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* The thumbnail of RECT, fetched from GIMP unless it is the one shown. */
static void
update_thumbnail (TesseraView         *view,
                  const GeglRectangle *rect)
{
  gint    width, height, bpp;
  guchar *data;

  thumbnail_size (view, rect, &width, &height);
  if (view->shown != NULL
      && gegl_rectangle_equal (rect, &view->shown_rect)
      && cairo_image_surface_get_width (view->shown) == width
      && cairo_image_surface_get_height (view->shown) == height)
    return;

  g_clear_pointer (&view->shown, cairo_surface_destroy);
  data = tessera_view_drawable_thumbnail (view->drawable, rect, &width,
                                          &height, &bpp);
  if (data != NULL)
    view->shown = surface_new (data, width, height, bpp);
  g_free (data);
  view->shown_rect = *rect;
}

/* Draws SOURCE over the drawable's RECT: each pixel a square when zoomed
 * in, smoothly scaled when zoomed out. */
static void
draw_scaled (TesseraView         *view,
             cairo_t             *cr,
             const GeglRectangle *rect,
             cairo_surface_t     *source)
{
  gint    width  = cairo_image_surface_get_width (source);
  gint    height = cairo_image_surface_get_height (source);
  gdouble x, y;

  tessera_view_to_widget (view, rect->x, rect->y, &x, &y);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, rect->width * view->zoom / width,
               rect->height * view->zoom / height);
  cairo_set_source_surface (cr, source, 0.0, 0.0);
  cairo_pattern_set_filter (cairo_get_source (cr),
                            view->zoom > 1.0 ? CAIRO_FILTER_NEAREST
                                             : CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
  cairo_rectangle (cr, 0.0, 0.0, width, height);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* GIMP's small checks over the drawable's RECT, fixed to the widget. */
static void
draw_checks (TesseraView         *view,
             cairo_t             *cr,
             const GeglRectangle *rect)
{
  cairo_surface_t *checks;
  cairo_t         *check_cr;
  cairo_pattern_t *pattern;
  gdouble          x0, y0, x1, y1;

  checks   = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 2 * CHECK_SIZE,
                                         2 * CHECK_SIZE);
  check_cr = cairo_create (checks);
  cairo_set_source_rgb (check_cr, CHECK_DARK, CHECK_DARK, CHECK_DARK);
  cairo_paint (check_cr);
  cairo_set_source_rgb (check_cr, CHECK_LIGHT, CHECK_LIGHT, CHECK_LIGHT);
  cairo_rectangle (check_cr, 0, 0, CHECK_SIZE, CHECK_SIZE);
  cairo_rectangle (check_cr, CHECK_SIZE, CHECK_SIZE, CHECK_SIZE, CHECK_SIZE);
  cairo_fill (check_cr);
  cairo_destroy (check_cr);

  pattern = cairo_pattern_create_for_surface (checks);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  tessera_view_to_widget (view, rect->x, rect->y, &x0, &y0);
  tessera_view_to_widget (view, rect->x + rect->width,
                          rect->y + rect->height, &x1, &y1);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (checks);
}

/* The drawable where the caller's result does not cover the view, the
 * result over checks where it does. */
static void
draw_image (TesseraView *view,
            cairo_t     *cr)
{
  GeglRectangle visible = tessera_view_get_visible (view);

  if (view->image == NULL
      || ! gegl_rectangle_contains (&view->image_rect, &visible))
    {
      update_thumbnail (view, &visible);
      if (view->shown != NULL)
        {
          draw_checks (view, cr, &visible);
          draw_scaled (view, cr, &visible, view->shown);
        }
    }
  if (view->image != NULL)
    {
      draw_checks (view, cr, &view->image_rect);
      draw_scaled (view, cr, &view->image_rect, view->image);
    }
}

static void
draw_all (TesseraView *view,
          cairo_t     *cr)
{
  draw_image (view, cr);
  g_signal_emit (view, tessera_view_signals[DRAW_OVERLAY], 0, cr);
}

#if TESSERA_GTK3
static gboolean
area_draw (GtkWidget   *area,
           cairo_t     *cr,
           TesseraView *view)
{
  /* GTK 2's themes' dark background, which GTK 3 has no name for. */
  cairo_set_source_rgb (cr, BACKGROUND, BACKGROUND, BACKGROUND);
  cairo_paint (cr);
  draw_all (view, cr);
  return TRUE;
}
#else
static gboolean
area_expose (GtkWidget      *area,
             GdkEventExpose *event,
             TesseraView    *view)
{
  cairo_t *cr = gdk_cairo_create (gtk_widget_get_window (area));

  gdk_cairo_region (cr, event->region);
  cairo_clip (cr);
  gdk_cairo_set_source_color (cr, &gtk_widget_get_style (area)
                                    ->dark[GTK_STATE_NORMAL]);
  cairo_paint (cr);
  draw_all (view, cr);
  cairo_destroy (cr);
  return TRUE;
}
#endif

void
tessera_view_redraw (TesseraView *view)
{
  gtk_widget_queue_draw (view->area);
}

void
tessera_view_set_image (TesseraView         *view,
                        const TesseraImage  *image,
                        const GeglRectangle *rect,
                        const Babl          *format)
{
  const Babl *shown;

  g_clear_pointer (&view->image, cairo_surface_destroy);
  if (image != NULL)
    {
      /* Cairo's own pixels, in the drawable's space: as GIMP shows it. */
      shown = babl_format_with_space ("cairo-ARGB32", format);
      view->image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                rect->width, rect->height);
      cairo_surface_flush (view->image);
      babl_process_rows (babl_fish (format, shown), image->data,
                         image->stride,
                         cairo_image_surface_get_data (view->image),
                         cairo_image_surface_get_stride (view->image),
                         rect->width, rect->height);
      cairo_surface_mark_dirty (view->image);
      view->image_rect = *rect;
    }
  tessera_view_redraw (view);
}

void
tessera_view_connect_draw (TesseraView *view)
{
#if TESSERA_GTK3
  g_signal_connect (view->area, "draw", G_CALLBACK (area_draw), view);
#else
  g_signal_connect (view->area, "expose-event", G_CALLBACK (area_expose),
                    view);
#endif
}
