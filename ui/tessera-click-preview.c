#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include <gdk/gdkkeysyms.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-click-preview.h"

/* The drawable's thumbnails come at most this large (gimp-drawable-sub-
 * thumbnail's limit); larger views scale them up. */
#define THUMBNAIL_MAX    1024
/* A press that moves further than this, in widget pixels, drags. */
#define DRAG_THRESHOLD   3.0
/* How far one wheel step pans, in widget pixels. */
#define SCROLL_STEP      48.0

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
  LAST_SIGNAL
};

struct _TesseraClickPreview
{
  GtkVBox        parent_instance;

  gint32         drawable;
  gint           width, height;     /* of the drawable */

  GtkWidget     *area;
  GtkAdjustment *hadjustment;       /* in widget pixels over the zoomed */
  GtkAdjustment *vadjustment;       /* drawable */
  GtkWidget     *zoom_label;
  gdouble        zoom;
  gboolean       fitted;            /* refit when resized, until zoomed */

  /* The thumbnail drawn last, of the drawable's rectangle SHOWN_RECT. */
  GdkPixbuf     *shown;
  GeglRectangle  shown_rect;

  /* A press of button PRESSED (0: none) at PRESS_X, PRESS_Y, with the
   * adjustments' values then; DRAGGING once it moved far enough. */
  guint          pressed;
  gdouble        press_x, press_y;
  gdouble        press_h, press_v;
  gboolean       dragging;
};

static guint signals[LAST_SIGNAL];

G_DEFINE_TYPE (TesseraClickPreview, tessera_click_preview, GTK_TYPE_VBOX)

static void
tessera_click_preview_dispose (GObject *object)
{
  TesseraClickPreview *preview = TESSERA_CLICK_PREVIEW (object);

  g_clear_object (&preview->shown);
  G_OBJECT_CLASS (tessera_click_preview_parent_class)->dispose (object);
}

static void
tessera_click_preview_class_init (TesseraClickPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tessera_click_preview_dispose;

  signals[CLICKED] =
    g_signal_new ("clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraClickPreviewClass, clicked),
                  NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[DRAW_OVERLAY] =
    g_signal_new ("draw-overlay", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_FIRST,
                  G_STRUCT_OFFSET (TesseraClickPreviewClass, draw_overlay),
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE,
                  1, G_TYPE_POINTER);
}

static void
tessera_click_preview_init (TesseraClickPreview *preview)
{
  preview->zoom   = 1.0;
  preview->fitted = TRUE;
}

/* ---- geometry ----------------------------------------------------------- */

static gdouble
area_width (TesseraClickPreview *preview)
{
  return preview->area->allocation.width;
}

static gdouble
area_height (TesseraClickPreview *preview)
{
  return preview->area->allocation.height;
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
tessera_click_preview_to_widget (TesseraClickPreview *preview,
                                 gdouble              x,
                                 gdouble              y,
                                 gdouble             *widget_x,
                                 gdouble             *widget_y)
{
  gdouble zoom = preview->zoom;

  *widget_x = x * zoom - gtk_adjustment_get_value (preview->hadjustment)
              + margin (area_width (preview), preview->width * zoom);
  *widget_y = y * zoom - gtk_adjustment_get_value (preview->vadjustment)
              + margin (area_height (preview), preview->height * zoom);
}

static void
to_drawable (TesseraClickPreview *preview,
             gdouble              widget_x,
             gdouble              widget_y,
             gdouble             *x,
             gdouble             *y)
{
  gdouble zoom = preview->zoom;

  *x = (widget_x + gtk_adjustment_get_value (preview->hadjustment)
        - margin (area_width (preview), preview->width * zoom)) / zoom;
  *y = (widget_y + gtk_adjustment_get_value (preview->vadjustment)
        - margin (area_height (preview), preview->height * zoom)) / zoom;
}

void
tessera_click_preview_redraw (TesseraClickPreview *preview)
{
  gtk_widget_queue_draw (preview->area);
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
show_zoom (TesseraClickPreview *preview)
{
  gchar *text = g_strdup_printf ("%.0f%%", preview->zoom * 100.0);

  gtk_label_set_text (GTK_LABEL (preview->zoom_label), text);
  g_free (text);
}

/* Zooms to ZOOM keeping the drawable point under widget point (AX, AY)
 * where it is. */
static void
set_zoom (TesseraClickPreview *preview,
          gdouble              zoom,
          gdouble              ax,
          gdouble              ay)
{
  gdouble x, y;

  to_drawable (preview, ax, ay, &x, &y);
  preview->zoom = CLAMP (zoom, ZOOM_MIN, ZOOM_MAX);
  configure_adjustment (preview->hadjustment, preview->width * preview->zoom,
                        area_width (preview),
                        x * preview->zoom - ax
                        + margin (area_width (preview),
                                  preview->width * preview->zoom));
  configure_adjustment (preview->vadjustment,
                        preview->height * preview->zoom,
                        area_height (preview),
                        y * preview->zoom - ay
                        + margin (area_height (preview),
                                  preview->height * preview->zoom));
  show_zoom (preview);
  tessera_click_preview_redraw (preview);
}

static void
zoom_to_fit (TesseraClickPreview *preview)
{
  gdouble zoom = MIN (area_width (preview) / preview->width,
                      area_height (preview) / preview->height);

  preview->fitted = TRUE;
  set_zoom (preview, zoom, 0.0, 0.0);
}

/* The next zoom level above (STEP 1) or below (STEP -1) the zoom. */
static void
zoom_step (TesseraClickPreview *preview,
           gint                 step,
           gdouble              ax,
           gdouble              ay)
{
  gdouble zoom = preview->zoom;
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
  preview->fitted = FALSE;
  set_zoom (preview, zoom_levels[i], ax, ay);
}

static void
zoom_step_centred (TesseraClickPreview *preview,
                   gint                 step)
{
  zoom_step (preview, step, area_width (preview) / 2.0,
             area_height (preview) / 2.0);
}

/* ---- drawing ------------------------------------------------------------ */

/* The size of the thumbnail of RECT to draw it from: at the zoom, or 1:1
 * when zoomed in (each pixel is then drawn as a square), no larger than
 * GIMP makes them. */
static void
thumbnail_size (TesseraClickPreview *preview,
                const GeglRectangle *rect,
                gint                *width,
                gint                *height)
{
  gdouble scale = MIN (preview->zoom, 1.0);

  scale = MIN (scale, (gdouble) THUMBNAIL_MAX / rect->width);
  scale = MIN (scale, (gdouble) THUMBNAIL_MAX / rect->height);
  *width  = CLAMP ((gint) ceil (rect->width * scale), 1, THUMBNAIL_MAX);
  *height = CLAMP ((gint) ceil (rect->height * scale), 1, THUMBNAIL_MAX);
}

/* The thumbnail of RECT, fetched from GIMP unless it is the one shown. */
static void
update_thumbnail (TesseraClickPreview *preview,
                  const GeglRectangle *rect)
{
  gint width, height;

  thumbnail_size (preview, rect, &width, &height);
  if (preview->shown != NULL
      && gegl_rectangle_equal (rect, &preview->shown_rect)
      && gdk_pixbuf_get_width (preview->shown) == width
      && gdk_pixbuf_get_height (preview->shown) == height)
    return;

  g_clear_object (&preview->shown);
  preview->shown = gimp_drawable_get_sub_thumbnail (preview->drawable,
                                                    rect->x, rect->y,
                                                    rect->width, rect->height,
                                                    width, height,
                                                    GIMP_PIXBUF_SMALL_CHECKS);
  preview->shown_rect = *rect;
}

/* The drawable's pixels that the area shows now. */
static GeglRectangle
visible_rect (TesseraClickPreview *preview)
{
  gdouble       x0, y0, x1, y1;
  GeglRectangle rect;

  to_drawable (preview, 0.0, 0.0, &x0, &y0);
  to_drawable (preview, area_width (preview), area_height (preview),
               &x1, &y1);
  rect.x = CLAMP ((gint) floor (x0), 0, preview->width - 1);
  rect.y = CLAMP ((gint) floor (y0), 0, preview->height - 1);
  rect.width  = CLAMP ((gint) ceil (x1), rect.x + 1, preview->width) - rect.x;
  rect.height = CLAMP ((gint) ceil (y1), rect.y + 1, preview->height)
                - rect.y;
  return rect;
}

static void
draw_image (TesseraClickPreview *preview,
            cairo_t             *cr)
{
  GeglRectangle rect = visible_rect (preview);
  gdouble       x, y;

  update_thumbnail (preview, &rect);
  if (preview->shown == NULL)
    return;

  tessera_click_preview_to_widget (preview, rect.x, rect.y, &x, &y);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr,
               rect.width * preview->zoom
               / gdk_pixbuf_get_width (preview->shown),
               rect.height * preview->zoom
               / gdk_pixbuf_get_height (preview->shown));
  gdk_cairo_set_source_pixbuf (cr, preview->shown, 0.0, 0.0);
  /* Zoomed in, each pixel a square. */
  if (preview->zoom > 1.0)
    cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0.0, 0.0, gdk_pixbuf_get_width (preview->shown),
                   gdk_pixbuf_get_height (preview->shown));
  cairo_fill (cr);
  cairo_restore (cr);
}

static gboolean
area_expose (GtkWidget           *area,
             GdkEventExpose      *event,
             TesseraClickPreview *preview)
{
  cairo_t *cr = gdk_cairo_create (area->window);

  gdk_cairo_region (cr, event->region);
  cairo_clip (cr);
  gdk_cairo_set_source_color (cr, &area->style->dark[GTK_STATE_NORMAL]);
  cairo_paint (cr);

  draw_image (preview, cr);
  g_signal_emit (preview, signals[DRAW_OVERLAY], 0, cr);
  cairo_destroy (cr);
  return TRUE;
}

/* ---- input -------------------------------------------------------------- */

static void
area_size_allocate (GtkWidget           *area,
                    GtkAllocation       *allocation,
                    TesseraClickPreview *preview)
{
  if (preview->fitted)
    zoom_to_fit (preview);
  else
    set_zoom (preview, preview->zoom, 0.0, 0.0);
}

static void
set_cursor (GtkWidget     *area,
            GdkCursorType  type)
{
  GdkCursor *cursor;

  if (! gtk_widget_get_realized (area))
    return;
  cursor = gdk_cursor_new_for_display (gtk_widget_get_display (area), type);
  gdk_window_set_cursor (area->window, cursor);
  gdk_cursor_unref (cursor);
}

static void
area_realize (GtkWidget *area)
{
  set_cursor (area, GDK_CROSSHAIR);
}

static gboolean
area_button_press (GtkWidget           *area,
                   GdkEventButton      *event,
                   TesseraClickPreview *preview)
{
  gtk_widget_grab_focus (area);
  if (event->type != GDK_BUTTON_PRESS
      || (event->button != 1 && event->button != 2))
    return FALSE;

  preview->pressed  = event->button;
  preview->press_x  = event->x;
  preview->press_y  = event->y;
  preview->press_h  = gtk_adjustment_get_value (preview->hadjustment);
  preview->press_v  = gtk_adjustment_get_value (preview->vadjustment);
  preview->dragging = event->button == 2;
  if (preview->dragging)
    set_cursor (area, GDK_FLEUR);
  return TRUE;
}

static gboolean
area_motion (GtkWidget           *area,
             GdkEventMotion      *event,
             TesseraClickPreview *preview)
{
  gdouble dx = event->x - preview->press_x;
  gdouble dy = event->y - preview->press_y;

  if (preview->pressed == 0)
    return FALSE;
  if (! preview->dragging && hypot (dx, dy) > DRAG_THRESHOLD)
    {
      preview->dragging = TRUE;
      set_cursor (area, GDK_FLEUR);
    }
  if (preview->dragging)
    {
      gtk_adjustment_set_value (preview->hadjustment, preview->press_h - dx);
      gtk_adjustment_set_value (preview->vadjustment, preview->press_v - dy);
    }
  return TRUE;
}

static gboolean
area_button_release (GtkWidget           *area,
                     GdkEventButton      *event,
                     TesseraClickPreview *preview)
{
  gboolean clicked = preview->pressed == 1 && ! preview->dragging;
  gdouble  x, y;

  if (event->button != preview->pressed)
    return FALSE;
  preview->pressed = 0;
  set_cursor (area, GDK_CROSSHAIR);

  to_drawable (preview, preview->press_x, preview->press_y, &x, &y);
  if (clicked && x >= 0.0 && x <= preview->width
      && y >= 0.0 && y <= preview->height)
    g_signal_emit (preview, signals[CLICKED], 0, x, y);
  return TRUE;
}

static gboolean
area_scroll (GtkWidget           *area,
             GdkEventScroll      *event,
             TesseraClickPreview *preview)
{
  gboolean       up = event->direction == GDK_SCROLL_UP
                      || event->direction == GDK_SCROLL_LEFT;
  gboolean       across = event->direction == GDK_SCROLL_LEFT
                          || event->direction == GDK_SCROLL_RIGHT
                          || (event->state & GDK_SHIFT_MASK);
  GtkAdjustment *adjustment = across ? preview->hadjustment
                                     : preview->vadjustment;

  if (event->state & GDK_CONTROL_MASK)
    zoom_step (preview, up ? 1 : -1, event->x, event->y);
  else
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_value (adjustment)
                              + (up ? -SCROLL_STEP : SCROLL_STEP));
  return TRUE;
}

/* Where a zoom by key keeps the view: under the pointer when it is over
 * AREA, as in GIMP's image windows, else at the centre. */
static void
key_zoom_anchor (GtkWidget           *area,
                 TesseraClickPreview *preview,
                 gdouble             *ax,
                 gdouble             *ay)
{
  gint x, y;

  gtk_widget_get_pointer (area, &x, &y);
  if (x >= 0 && y >= 0 && x < area_width (preview)
      && y < area_height (preview))
    {
      *ax = x;
      *ay = y;
    }
  else
    {
      *ax = area_width (preview) / 2.0;
      *ay = area_height (preview) / 2.0;
    }
}

static gboolean
area_key_press (GtkWidget           *area,
                GdkEventKey         *event,
                TesseraClickPreview *preview)
{
  gdouble ax, ay;

  key_zoom_anchor (area, preview, &ax, &ay);
  switch (event->keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      zoom_step (preview, 1, ax, ay);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      zoom_step (preview, -1, ax, ay);
      return TRUE;
    case GDK_KEY_1:
    case GDK_KEY_KP_1:
      preview->fitted = FALSE;
      set_zoom (preview, 1.0, ax, ay);
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- construction ------------------------------------------------------- */

static void
zoom_in_clicked (TesseraClickPreview *preview)
{
  zoom_step_centred (preview, 1);
}

static void
zoom_out_clicked (TesseraClickPreview *preview)
{
  zoom_step_centred (preview, -1);
}

static void
zoom_100_clicked (TesseraClickPreview *preview)
{
  preview->fitted = FALSE;
  set_zoom (preview, 1.0, area_width (preview) / 2.0,
            area_height (preview) / 2.0);
}

static GtkWidget *
zoom_button (TesseraClickPreview *preview,
             const gchar         *stock_id,
             const gchar         *tooltip,
             GCallback            callback)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_container_add (GTK_CONTAINER (button),
                     gtk_image_new_from_stock (stock_id, GTK_ICON_SIZE_MENU));
  gimp_help_set_help_data (button, tooltip, NULL);
  g_signal_connect_swapped (button, "clicked", callback, preview);
  return button;
}

static GtkWidget *
make_zoom_bar (TesseraClickPreview *preview)
{
  GtkWidget *bar = gtk_hbox_new (FALSE, 2);

  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (preview, GTK_STOCK_ZOOM_OUT,
                                   _("Zoom out (-, Ctrl+wheel)"),
                                   G_CALLBACK (zoom_out_clicked)),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (preview, GTK_STOCK_ZOOM_IN,
                                   _("Zoom in (+, Ctrl+wheel)"),
                                   G_CALLBACK (zoom_in_clicked)),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (preview, GTK_STOCK_ZOOM_100,
                                   _("Zoom to 1:1 (1)"),
                                   G_CALLBACK (zoom_100_clicked)),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar),
                      zoom_button (preview, GTK_STOCK_ZOOM_FIT,
                                   _("Zoom to fit"),
                                   G_CALLBACK (zoom_to_fit)),
                      FALSE, FALSE, 0);

  preview->zoom_label = gtk_label_new (NULL);
  gtk_box_pack_start (GTK_BOX (bar), preview->zoom_label, FALSE, FALSE, 6);
  return bar;
}

static GtkWidget *
make_view (TesseraClickPreview *preview)
{
  GtkWidget *table = gtk_table_new (2, 2, FALSE);
  GtkWidget *area  = gtk_drawing_area_new ();

  preview->area = area;
  preview->hadjustment = GTK_ADJUSTMENT (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  preview->vadjustment = GTK_ADJUSTMENT (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  g_signal_connect_swapped (preview->hadjustment, "value-changed",
                            G_CALLBACK (tessera_click_preview_redraw),
                            preview);
  g_signal_connect_swapped (preview->vadjustment, "value-changed",
                            G_CALLBACK (tessera_click_preview_redraw),
                            preview);

  gtk_widget_set_size_request (area, 560, 460);
  gtk_widget_set_can_focus (area, TRUE);
  gtk_widget_add_events (area, GDK_BUTTON_PRESS_MASK
                               | GDK_BUTTON_RELEASE_MASK
                               | GDK_POINTER_MOTION_MASK
                               | GDK_SCROLL_MASK | GDK_KEY_PRESS_MASK);
  g_signal_connect (area, "expose-event", G_CALLBACK (area_expose), preview);
  g_signal_connect (area, "size-allocate",
                    G_CALLBACK (area_size_allocate), preview);
  g_signal_connect_after (area, "realize", G_CALLBACK (area_realize), NULL);
  g_signal_connect (area, "button-press-event",
                    G_CALLBACK (area_button_press), preview);
  g_signal_connect (area, "motion-notify-event",
                    G_CALLBACK (area_motion), preview);
  g_signal_connect (area, "button-release-event",
                    G_CALLBACK (area_button_release), preview);
  g_signal_connect (area, "scroll-event", G_CALLBACK (area_scroll), preview);
  g_signal_connect (area, "key-press-event",
                    G_CALLBACK (area_key_press), preview);

  gtk_table_attach (GTK_TABLE (table), area, 0, 1, 0, 1,
                    GTK_EXPAND | GTK_FILL, GTK_EXPAND | GTK_FILL, 0, 0);
  gtk_table_attach (GTK_TABLE (table),
                    gtk_vscrollbar_new (preview->vadjustment), 1, 2, 0, 1,
                    GTK_FILL, GTK_EXPAND | GTK_FILL, 0, 0);
  gtk_table_attach (GTK_TABLE (table),
                    gtk_hscrollbar_new (preview->hadjustment), 0, 1, 1, 2,
                    GTK_EXPAND | GTK_FILL, GTK_FILL, 0, 0);
  return table;
}

GtkWidget *
tessera_click_preview_new (gint32 drawable)
{
  TesseraClickPreview *preview = g_object_new (TESSERA_TYPE_CLICK_PREVIEW,
                                               NULL);

  preview->drawable = drawable;
  preview->width    = gimp_drawable_width (drawable);
  preview->height   = gimp_drawable_height (drawable);

  gtk_box_set_spacing (GTK_BOX (preview), 4);
  gtk_box_pack_start (GTK_BOX (preview), make_view (preview), TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (preview), make_zoom_bar (preview),
                      FALSE, FALSE, 0);
  return GTK_WIDGET (preview);
}
