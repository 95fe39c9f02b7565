/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls on images: their size and base type, new
 * images, their colormap and display, for GIMP 2.10 and GIMP 3 alike (see
 * tessera-gimp.h). */
#ifndef TESSERA_GIMP_IMAGES_H
#define TESSERA_GIMP_IMAGES_H

#include "tessera-gimp-ids.h"

static inline gint
tessera_gimp_image_width (gint32 image)
{
#if TESSERA_GIMP3
  return gimp_image_get_width (TESSERA_IMAGE (image));
#else
  return gimp_image_width (image);
#endif
}

static inline gint
tessera_gimp_image_height (gint32 image)
{
#if TESSERA_GIMP3
  return gimp_image_get_height (TESSERA_IMAGE (image));
#else
  return gimp_image_height (image);
#endif
}

static inline GimpImageBaseType
tessera_gimp_image_base_type (gint32 image)
{
#if TESSERA_GIMP3
  return gimp_image_get_base_type (TESSERA_IMAGE (image));
#else
  return gimp_image_base_type (image);
#endif
}

static inline gint32
tessera_gimp_image_new (gint              width,
                        gint              height,
                        GimpImageBaseType type)
{
#if TESSERA_GIMP3
  return gimp_image_get_id (gimp_image_new (width, height, type));
#else
  return gimp_image_new (width, height, type);
#endif
}

/* IMAGE's (an indexed image's) colormap: the N_COLOURS sRGB colours at
 * COLOURS (R, G, B bytes). */
static inline void
tessera_gimp_image_set_colormap (gint32        image,
                                 const guchar *colours,
                                 gint          n_colours)
{
#if TESSERA_GIMP3
  gimp_palette_set_colormap (gimp_image_get_palette (TESSERA_IMAGE (image)),
                             babl_format ("R'G'B' u8"), (guint8 *) colours,
                             (gsize) n_colours * 3);
#else
  gimp_image_set_colormap (image, colours, n_colours);
#endif
}

static inline void
tessera_gimp_display_new (gint32 image)
{
  gimp_display_new (TESSERA_IMAGE (image));
}

#endif
