/* Tessera — a preview of a drawable to click points on.
 *
 * The drawable is shown at a zoom chosen with the buttons below it (or
 * Ctrl + wheel, +, -, 1) and panned with the scroll bars, the wheel, or by
 * dragging with button 1 or 2.  Pressing and releasing button 1 without
 * dragging is a click: "clicked" tells where, in drawable coordinates
 * (pixel (0, 0) covers [0, 1) x [0, 1)).  A dialog draws its own marks over
 * the image in "draw-overlay", with the cairo context it is given, placing
 * them with tessera_click_preview_to_widget. */
#ifndef TESSERA_CLICK_PREVIEW_H
#define TESSERA_CLICK_PREVIEW_H

#include <gtk/gtk.h>

#define TESSERA_TYPE_CLICK_PREVIEW (tessera_click_preview_get_type ())
#define TESSERA_CLICK_PREVIEW(obj)                                      \
  (G_TYPE_CHECK_INSTANCE_CAST ((obj), TESSERA_TYPE_CLICK_PREVIEW,       \
                               TesseraClickPreview))

typedef struct _TesseraClickPreview      TesseraClickPreview;
typedef struct _TesseraClickPreviewClass TesseraClickPreviewClass;

struct _TesseraClickPreviewClass
{
  GtkVBoxClass parent_class;

  /* Signals. */
  void (*clicked)      (TesseraClickPreview *preview,
                        gdouble              x,
                        gdouble              y);
  void (*draw_overlay) (TesseraClickPreview *preview,
                        gpointer             cairo);   /* cairo_t * */
};

GType      tessera_click_preview_get_type  (void) G_GNUC_CONST;

/* A preview of DRAWABLE, fitted into its area until the user zooms. */
GtkWidget *tessera_click_preview_new       (gint32               drawable);

/* Where drawable point (X, Y) is drawn, in the coordinates of the cairo
 * context of "draw-overlay". */
void       tessera_click_preview_to_widget (TesseraClickPreview *preview,
                                            gdouble              x,
                                            gdouble              y,
                                            gdouble             *widget_x,
                                            gdouble             *widget_y);

/* Draws the image and the overlay again (after the overlay changed). */
void       tessera_click_preview_redraw    (TesseraClickPreview *preview);

#endif
