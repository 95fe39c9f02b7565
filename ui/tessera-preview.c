#include "config.h"

#include "tessera-format.h"
#include "tessera-preview.h"

GeglRectangle
tessera_preview_area (GimpPreview *preview)
{
  GeglRectangle area;

  gimp_preview_get_position (preview, &area.x, &area.y);
  gimp_preview_get_size (preview, &area.width, &area.height);
  return area;
}

void
tessera_preview_draw (GimpPreview         *preview,
                      const TesseraImage  *image,
                      const GeglRectangle *rect,
                      const Babl          *format)
{
  /* The preview takes 8-bit samples; like GIMP's own drawing of the
   * original, keep the drawable's model and TRC. */
  const Babl    *shown = tessera_format_with_type (format, "u8");
  GeglRectangle  area  = tessera_preview_area (preview);
  const guchar  *first;
  gint           stride;
  guchar        *pixels;

  g_return_if_fail (gegl_rectangle_contains (rect, &area));

  first = (const guchar *) image->data
          + (gsize) (area.y - rect->y) * image->stride
          + (gsize) (area.x - rect->x) * tessera_pixel_size (image);
  stride = area.width * babl_format_get_bytes_per_pixel (shown);
  pixels = g_malloc ((gsize) stride * area.height);
  babl_process_rows (babl_fish (format, shown), first, image->stride,
                     pixels, stride, area.width, area.height);
  gimp_preview_draw_buffer (preview, pixels, stride);
  g_free (pixels);
}
