/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tessera-canvas.h"
#include "tessera-gimp.h"

void
tessera_canvas_set (gint32               image,
                    GeglBuffer          *buffer,
                    const GeglRectangle *rect,
                    const Babl          *format,
                    const guchar        *data,
                    gint                 stride)
{
  const GeglRectangle canvas = { 0, 0, tessera_gimp_image_width (image),
                                 tessera_gimp_image_height (image) };
  GeglRectangle       part;

  if (! gegl_rectangle_intersect (&part, rect, &canvas))
    return;
  data += (gsize) (part.y - rect->y) * stride
          + (gsize) (part.x - rect->x) * babl_format_get_bytes_per_pixel (format);
  gegl_buffer_set (buffer, &part, 0, format, data, stride);
}
