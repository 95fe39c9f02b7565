/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): one class's swatch (segment-swatch.h).
 * The two toolkits differ only in how a vertical box is made and in the
 * colour a GimpColorArea takes. */
#include "config.h"

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "segment-swatch.h"

/* A colour area showing RGB (0..255). */
static GtkWidget *
colour_area_new (const guchar rgb[3])
{
  GtkWidget *area;
#if GIMP_CHECK_VERSION (3, 0, 0)
  GeglColor *colour = gegl_color_new (NULL);

  gegl_color_set_pixel (colour, babl_format ("R'G'B' u8"), rgb);
  area = gimp_color_area_new (colour, GIMP_COLOR_AREA_FLAT, 0);
  g_object_unref (colour);
#else
  GimpRGB colour;

  gimp_rgba_set_uchar (&colour, rgb[0], rgb[1], rgb[2], 255);
  area = gimp_color_area_new (&colour, GIMP_COLOR_AREA_FLAT, 0);
#endif
  return area;
}

GtkWidget *
segment_swatch_new (const SegmentSwatch *swatch)
{
#if GTK_CHECK_VERSION (3, 0, 0)
  GtkWidget *box  = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
#else
  GtkWidget *box  = gtk_vbox_new (FALSE, 2);
#endif
  GtkWidget *area = colour_area_new (swatch->rgb);
  GtkWidget *label;

  gtk_widget_set_size_request (area, 28, 20);
  label = gtk_label_new (swatch->label);
  gimp_label_set_attributes (GTK_LABEL (label), PANGO_ATTR_SCALE,
                             PANGO_SCALE_SMALL, -1);
  gimp_help_set_help_data (box, swatch->tip, NULL);
  gtk_box_pack_start (GTK_BOX (box), area, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);
  gtk_widget_show_all (box);
  return box;
}
