/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tessera-bands.h"
#include "tessera-gimp.h"

GeglRectangle
tessera_band_at (const GeglRectangle *bounds,
                 gint                 y,
                 gint                 rows)
{
  gint          end  = MIN ((y / rows + 1) * rows, bounds->y + bounds->height);
  GeglRectangle band = { bounds->x, y, bounds->width, end - y };

  return band;
}

void
tessera_bands_limit_cache (gint32 drawable,
                           gint   width,
                           gint   rows)
{
  g_object_set (gegl_config (), "tile-cache-size",
                (guint64) rows * width
                * babl_format_get_bytes_per_pixel (
                    gimp_drawable_get_format (TESSERA_DRAWABLE (drawable))),
                NULL);
}
