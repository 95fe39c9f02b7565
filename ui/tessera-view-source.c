/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what TesseraView asks of the drawable, in either GIMP: its
 * size, the selection's bounds on it, thumbnails of its parts. */
#include "config.h"

#include <libgimp/gimp.h>

#include "tessera-view-private.h"

void
tessera_view_drawable_size (gint32  drawable,
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
gboolean
tessera_view_drawable_selection (gint32         drawable,
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
guchar *
tessera_view_drawable_thumbnail (gint32               drawable,
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
