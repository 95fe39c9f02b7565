/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls on channels and the selection, for GIMP 2.10
 * and GIMP 3 alike (see tessera-gimp.h). */
#ifndef TESSERA_GIMP_CHANNELS_H
#define TESSERA_GIMP_CHANNELS_H

#include "tessera-gimp-ids.h"
#include "tessera-gimp-images.h"

/* A new channel of IMAGE's size, shown in the sRGB colour RGB at OPACITY
 * (percent), inserted at the top of the channels, by its ID. */
static inline gint32
tessera_gimp_channel_add (gint32        image,
                          const gchar  *name,
                          gdouble       opacity,
                          const guchar  rgb[3])
{
  gint   width  = tessera_gimp_image_width (image);
  gint   height = tessera_gimp_image_height (image);
#if TESSERA_GIMP3
  GeglColor   *colour = gegl_color_new (NULL);
  GimpChannel *channel;

  gegl_color_set_pixel (colour, babl_format ("R'G'B' u8"), rgb);
  channel = gimp_channel_new (TESSERA_IMAGE (image), name, width, height,
                              opacity, colour);
  g_object_unref (colour);
  gimp_image_insert_channel (TESSERA_IMAGE (image), channel, NULL, 0);
  return TESSERA_ID (channel);
#else
  GimpRGB colour;
  gint32  channel;

  gimp_rgb_set_uchar (&colour, rgb[0], rgb[1], rgb[2]);
  channel = gimp_channel_new (image, name, width, height, opacity, &colour);
  gimp_image_insert_channel (image, channel, 0, 0);
  return channel;
#endif
}

/* IMAGE's selection mask, a channel. */
static inline gint32
tessera_gimp_image_selection (gint32 image)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_image_get_selection (TESSERA_IMAGE (image)));
#else
  return gimp_image_get_selection (image);
#endif
}

#endif
