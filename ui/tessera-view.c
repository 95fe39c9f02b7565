#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include <gdk/gdkkeysyms.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-gtk.h"
#include "tessera-view.h"

/* The drawable's thumbnails come at most this large (gimp-drawable-sub-
 * thumbnail's limit); larger views scale them up. */
#define THUMBNAIL_MAX    1024
/* A press that moves further than this, in widget pixels, drags. */
#define DRAG_THRESHOLD   3.0
/* How far one wheel step pans, in widget pixels. */
#define SCROLL_STEP      48.0
/* The view's size until the dialog is made larger: room for a photo's
 * detail on a laptop's screen beside a column of settings. */
#define DEFAULT_WIDTH    560
#define DEFAULT_HEIGHT   460
/* GIMP's small checks, under what is transparent in a result shown. */
#define CHECK_SIZE       4
#define CHECK_DARK       0.4
#define CHECK_LIGHT      0.6
#define BACKGROUND       0.3

/* The zoom levels the buttons and keys step through. */
static const gdouble zoom_levels[] =
{
  1.0 / 32, 1.0 / 16, 1.0 / 12, 1.0 / 8, 1.0 / 6, 1.0 / 4, 1.0 / 3, 1.0 / 2,
  2.0 / 3, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0
};
#define ZOOM_MIN (zoom_levels[0])
#define ZOOM_MAX (zoom_levels[G_N_ELEMENTS (zoom_levels) - 1])

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

static guint signals[LAST_SIGNAL];

#if TESSERA_GTK3
G_DEFINE_TYPE (TesseraView, tessera_view, GTK_TYPE_BOX)
#else
G_DEFINE_TYPE (TesseraView, tessera_view, GTK_TYPE_VBOX)
#endif

/* ---- the drawable, in either GIMP ------------------------------------ */

static void
drawable_size (gint32  drawable,
               gint   *width,
               gint   *height)
{
#if GIMP_MAJOR_VERSION >= 3
  *width  = gimp_drawable_get_width (gimp_drawable_get_by_id (drawable));
  *height = gimp_drawable_get_height (gimp_drawable_get_by_id (drawable));
#else
  *width  = gimp_drawable_width (drawable);
  *height = gimp_drawable_height (drawable);
#endif
}

/* The bounds of the selection on DRAWABLE (all of it when there is
 * none); FALSE when the selection misses it. */
static gboolean
drawable_selection (gint32         drawable,
                    GeglRectangle *bounds)
{
#if GIMP_MAJOR_VERSION >= 3
  return gimp_drawable_mask_intersect (gimp_drawable_get_by_id (drawable),
                                       &bounds->x, &bounds->y,
                                       &bounds->width, &bounds->height);
#else
  return gimp_drawable_mask_intersect (drawable, &bounds->x, &bounds->y,
                                       &bounds->width, &bounds->height);
#endif
}

/* The thumbnail GIMP makes of the drawable's RECT, *WIDTH x *HEIGHT at
 * most (the size it has on return), as 8-bit pixels of *BPP bytes (grey,
 * grey and alpha, RGB, RGBA), packed; g_free it.  The data, not a pixbuf:
 * GIMP 3.0's gimp_drawable_get_sub_thumbnail frees its data twice. */
static guchar *
drawable_thumbnail (gint32               drawable,
                    const GeglRectangle *rect,
                    gint                *width,
                    gint                *height,
                    gint                *bpp)
{
#if GIMP_MAJOR_VERSION >= 3
  GBytes *bytes;
  gsize   size;

  bytes = gimp_drawable_get_sub_thumbnail_data (
            gimp_drawable_get_by_id (drawable), rect->x, rect->y,
            rect->width, rect->height, *width, *height, width, height, bpp);
  return bytes != NULL ? g_bytes_unref_to_data (bytes, &size) : NULL;
#else
  return gimp_drawable_get_sub_thumbnail_data (drawable, rect->x, rect->y,
                                               rect->width, rect->height,
                                               width, height, bpp);
#endif
}

/* ---- the two toolkits ------------------------------------------------ */

/* GTK 2's stock icon or GTK 3's themed icon of that name. */
#if TESSERA_GTK3
#define ICON(stock_id, icon_name) (icon_name)
#else
#define ICON(stock_id, icon_name) (stock_id)
#endif

static GtkWidget *
zoom_icon (const gchar *icon)
{
#if TESSERA_GTK3
  return gtk_image_new_from_icon_name (icon, GTK_ICON_SIZE_MENU);
#else
  return gtk_image_new_from_stock (icon, GTK_ICON_SIZE_MENU);
#endif
}

/* TYPE's cursor over AREA; GDK_LAST_CURSOR: the default one. */
static void
set_cursor (GtkWidget     *area,
            GdkCursorType  type)
{
  GdkCursor *cursor = NULL;

  if (! gtk_widget_get_realized (area))
    return;
  if (type != GDK_LAST_CURSOR)
    cursor = gdk_cursor_new_for_display (gtk_widget_get_display (area), type);
  gdk_window_set_cursor (gtk_widget_get_window (area), cursor);
  if (cursor != NULL)
#if TESSERA_GTK3
    g_object_unref (cursor);
#else
    gdk_cursor_unref (cursor);
#endif
}

/* Where the pointer is over AREA, in its coordinates. */
static void
pointer_position (GtkWidget *area,
                  gint      *x,
                  gint      *y)
{
#if TESSERA_GTK3
  GdkDisplay *display = gtk_widget_get_display (area);
  GdkSeat    *seat    = gdk_display_get_default_seat (display);

  gdk_window_get_device_position (gtk_widget_get_window (area),
                                  gdk_seat_get_pointer (seat), x, y, NULL);
#else
  gtk_widget_get_pointer (area, x, y);
#endif
}

/* The area with its scroll bars right and below. */
static GtkWidget *
scrolled_area (GtkWidget     *area,
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

/* ---- the object ------------------------------------------------------ */

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

  signals[CLICKED] =
    g_signal_new ("clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraViewClass, clicked),
                  NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[DRAW_OVERLAY] =
    g_signal_new ("draw-overlay", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraViewClass, draw_overlay),
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE,
                  1, G_TYPE_POINTER);
  signals[VIEW_CHANGED] =
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

/* ---- geometry -------------------------------------------------------- */

static gdouble
area_width (TesseraView *view)
{
  GtkAllocation allocation;

  gtk_widget_get_allocation (view->area, &allocation);
  return allocation.width;
}

static gdouble
area_height (TesseraView *view)
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
              + margin (area_width (view), view->width * zoom);
  *widget_y = y * zoom - gtk_adjustment_get_value (view->vadjustment)
              + margin (area_height (view), view->height * zoom);
}

static void
to_drawable (TesseraView *view,
             gdouble      widget_x,
             gdouble      widget_y,
             gdouble     *x,
             gdouble     *y)
{
  gdouble zoom = view->zoom;

  *x = (widget_x + gtk_adjustment_get_value (view->hadjustment)
        - margin (area_width (view), view->width * zoom)) / zoom;
  *y = (widget_y + gtk_adjustment_get_value (view->vadjustment)
        - margin (area_height (view), view->height * zoom)) / zoom;
}

GeglRectangle
tessera_view_get_visible (TesseraView *view)
{
  gdouble       x0, y0, x1, y1;
  GeglRectangle rect;

  to_drawable (view, 0.0, 0.0, &x0, &y0);
  to_drawable (view, area_width (view), area_height (view), &x1, &y1);
  rect.x = CLAMP ((gint) floor (x0), 0, view->width - 1);
  rect.y = CLAMP ((gint) floor (y0), 0, view->height - 1);
  rect.width  = CLAMP ((gint) ceil (x1), rect.x + 1, view->width) - rect.x;
  rect.height = CLAMP ((gint) ceil (y1), rect.y + 1, view->height) - rect.y;
  return rect;
}

void
tessera_view_redraw (TesseraView *view)
{
  gtk_widget_queue_draw (view->area);
}

static gboolean
emit_view_changed (gpointer data)
{
  TesseraView *view = data;

  view->changed_idle = 0;
  g_signal_emit (view, signals[VIEW_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

/* After the shown part moved: drawn again, and told once the moving is
 * over. */
static void
view_moved (TesseraView *view)
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
  gdouble fit = MIN (area_width (view) / view->width,
                     area_height (view) / view->height);

  view->zoom = CLAMP (zoom, MIN (ZOOM_MIN, MAX (fit, 1.0 / 1024)), ZOOM_MAX);
  configure_adjustment (view->hadjustment, view->width * view->zoom,
                        area_width (view),
                        x * view->zoom - ax
                        + margin (area_width (view),
                                  view->width * view->zoom));
  configure_adjustment (view->vadjustment, view->height * view->zoom,
                        area_height (view),
                        y * view->zoom - ay
                        + margin (area_height (view),
                                  view->height * view->zoom));
  show_zoom (view);
  view_moved (view);
}

/* Zooms to ZOOM keeping the drawable point under widget point (AX, AY)
 * where it is. */
static void
set_zoom (TesseraView *view,
          gdouble      zoom,
          gdouble      ax,
          gdouble      ay)
{
  gdouble x, y;

  to_drawable (view, ax, ay, &x, &y);
  place (view, zoom, x, y, ax, ay);
}

static void
zoom_to_fit (TesseraView *view)
{
  const GeglRectangle *region = &view->region;
  gdouble              zoom   = MIN (area_width (view) / region->width,
                                     area_height (view) / region->height);

  view->fitted = TRUE;
  place (view, zoom, region->x + region->width / 2.0,
         region->y + region->height / 2.0, area_width (view) / 2.0,
         area_height (view) / 2.0);
}

/* The next zoom level above (STEP 1) or below (STEP -1) the zoom. */
static void
zoom_step (TesseraView *view,
           gint         step,
           gdouble      ax,
           gdouble      ay)
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
  view->fitted = FALSE;
  set_zoom (view, zoom_levels[i], ax, ay);
}

static void
zoom_step_centred (TesseraView *view,
                   gint         step)
{
  zoom_step (view, step, area_width (view) / 2.0, area_height (view) / 2.0);
}

void
tessera_view_set_region (TesseraView         *view,
                         const GeglRectangle *region)
{
  GeglRectangle whole = { 0, 0, view->width, view->height };

  if (! gegl_rectangle_intersect (&view->region, region, &whole))
    view->region = whole;
  if (gtk_widget_get_realized (view->area))
    zoom_to_fit (view);
  else
    view->fitted = TRUE;
}

/* ---- drawing --------------------------------------------------------- */

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
  data = drawable_thumbnail (view->drawable, rect, &width, &height, &bpp);
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
  g_signal_emit (view, signals[DRAW_OVERLAY], 0, cr);
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

/* ---- input ----------------------------------------------------------- */

static void
area_size_allocate (GtkWidget     *area,
                    GtkAllocation *allocation,
                    TesseraView   *view)
{
  if (view->fitted)
    zoom_to_fit (view);
  else
    set_zoom (view, view->zoom, 0.0, 0.0);
}

/* The cursor when no button is pressed. */
static void
idle_cursor (TesseraView *view)
{
  set_cursor (view->area, view->clickable ? GDK_CROSSHAIR : GDK_LAST_CURSOR);
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
    set_cursor (area, GDK_FLEUR);
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
      set_cursor (area, GDK_FLEUR);
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

  to_drawable (view, view->press_x, view->press_y, &x, &y);
  if (clicked && x >= 0.0 && x <= view->width
      && y >= 0.0 && y <= view->height)
    g_signal_emit (view, signals[CLICKED], 0, x, y);
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
    zoom_step (view, up ? 1 : -1, event->x, event->y);
  else
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_value (adjustment)
                              + (up ? -SCROLL_STEP : SCROLL_STEP));
  return TRUE;
}

/* Where a zoom by key keeps the view: under the pointer when it is over
 * AREA, as in GIMP's image windows, else at the centre. */
static void
key_zoom_anchor (GtkWidget   *area,
                 TesseraView *view,
                 gdouble     *ax,
                 gdouble     *ay)
{
  gint x, y;

  pointer_position (area, &x, &y);
  if (x >= 0 && y >= 0 && x < area_width (view) && y < area_height (view))
    {
      *ax = x;
      *ay = y;
    }
  else
    {
      *ax = area_width (view) / 2.0;
      *ay = area_height (view) / 2.0;
    }
}

static gboolean
area_key_press (GtkWidget   *area,
                GdkEventKey *event,
                TesseraView *view)
{
  gdouble ax, ay;

  key_zoom_anchor (area, view, &ax, &ay);
  switch (event->keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      zoom_step (view, 1, ax, ay);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      zoom_step (view, -1, ax, ay);
      return TRUE;
    case GDK_KEY_1:
    case GDK_KEY_KP_1:
      view->fitted = FALSE;
      set_zoom (view, 1.0, ax, ay);
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- construction ---------------------------------------------------- */

static void
zoom_in_clicked (TesseraView *view)
{
  zoom_step_centred (view, 1);
}

static void
zoom_out_clicked (TesseraView *view)
{
  zoom_step_centred (view, -1);
}

static void
zoom_100_clicked (TesseraView *view)
{
  view->fitted = FALSE;
  set_zoom (view, 1.0, area_width (view) / 2.0, area_height (view) / 2.0);
}

static GtkWidget *
zoom_button (TesseraView *view,
             const gchar *icon,
             const gchar *tooltip,
             GCallback    callback)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_container_add (GTK_CONTAINER (button), zoom_icon (icon));
  gimp_help_set_help_data (button, tooltip, NULL);
  g_signal_connect_swapped (button, "clicked", callback, view);
  return button;
}

static GtkWidget *
make_zoom_bar (TesseraView *view)
{
  GtkWidget *bar = tessera_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (view,
                                   ICON (GTK_STOCK_ZOOM_OUT, "zoom-out"),
                                   _("Zoom out (-, Ctrl+wheel)"),
                                   G_CALLBACK (zoom_out_clicked)),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (view,
                                   ICON (GTK_STOCK_ZOOM_IN, "zoom-in"),
                                   _("Zoom in (+, Ctrl+wheel)"),
                                   G_CALLBACK (zoom_in_clicked)),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (view,
                                   ICON (GTK_STOCK_ZOOM_100, "zoom-original"),
                                   _("Zoom to 1:1 (1)"),
                                   G_CALLBACK (zoom_100_clicked)),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (view,
                                   ICON (GTK_STOCK_ZOOM_FIT, "zoom-fit-best"),
                                   _("Zoom to fit"),
                                   G_CALLBACK (zoom_to_fit)),
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
                            G_CALLBACK (view_moved), view);
  g_signal_connect_swapped (view->vadjustment, "value-changed",
                            G_CALLBACK (view_moved), view);

  gtk_widget_set_size_request (area, DEFAULT_WIDTH, DEFAULT_HEIGHT);
  gtk_widget_set_can_focus (area, TRUE);
  gtk_widget_add_events (area, GDK_BUTTON_PRESS_MASK
                               | GDK_BUTTON_RELEASE_MASK
                               | GDK_POINTER_MOTION_MASK
                               | GDK_SCROLL_MASK | GDK_KEY_PRESS_MASK);
#if TESSERA_GTK3
  g_signal_connect (area, "draw", G_CALLBACK (area_draw), view);
#else
  g_signal_connect (area, "expose-event", G_CALLBACK (area_expose), view);
#endif
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
  return scrolled_area (area, view->hadjustment, view->vadjustment);
}

GtkWidget *
tessera_view_new (gint32   drawable,
                  gboolean clickable)
{
  TesseraView *view = g_object_new (TESSERA_TYPE_VIEW, NULL);

  view->drawable  = drawable;
  view->clickable = clickable;
  drawable_size (drawable, &view->width, &view->height);
  if (! drawable_selection (drawable, &view->region))
    view->region = (GeglRectangle) { 0, 0, view->width, view->height };

  gtk_box_set_spacing (GTK_BOX (view), 4);
  gtk_box_pack_start (GTK_BOX (view), make_area (view), TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (view), make_zoom_bar (view), FALSE, FALSE, 0);
  return GTK_WIDGET (view);
}
