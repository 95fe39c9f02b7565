#include "config.h"

#include "tessera-bands.h"
#include "tessera-gimp.h"

gint
tessera_band_rows (gint32 drawable,
                   gint   width,
                   gint   min_rows)
{
  const gint   tile = gimp_tile_height ();
  const gsize  row  = (gsize) MAX (width, 1)
                      * babl_format_get_bytes_per_pixel (
                          gimp_drawable_get_format (TESSERA_DRAWABLE (drawable)));
  const gchar *bytes = g_getenv ("TESSERA_BAND_BYTES");
  gsize        rows = MAX ((bytes != NULL ? g_ascii_strtoull (bytes, NULL, 10)
                                          : TESSERA_BAND_BYTES) / row,
                           (gsize) MAX (min_rows, 0));

  rows = CLAMP (rows, 1, (gsize) tessera_gimp_drawable_height (drawable));
  return (gint) ((rows + tile - 1) / tile * tile);
}

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
tessera_bands_limit_cache (void)
{
  g_object_set (gegl_config (), "tile-cache-size",
                (guint64) TESSERA_BAND_BYTES, NULL);
}
