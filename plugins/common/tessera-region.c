/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tessera-args.h"
#include "tessera-gimp.h"
#include "tessera-region.h"

/* The format we hand to the core for DRAWABLE, and its sample type. */
static gboolean
work_format (gint32              drawable,
             const Babl        **format,
             TesseraSampleType  *type,
             GError            **error)
{
  const Babl  *own = gimp_drawable_get_format (TESSERA_DRAWABLE (drawable));
  const gchar *own_type;

  if (babl_format_is_palette (own))
    {
      tessera_set_error (error, TESSERA_ERROR_UNSUPPORTED_FORMAT);
      return FALSE;
    }

  own_type = babl_get_name (babl_format_get_type (own, 0));
  if (strcmp (own_type, "u8") == 0)
    *type = TESSERA_U8;
  else if (strcmp (own_type, "u16") == 0)
    *type = TESSERA_U16;
  else
    *type = TESSERA_F32;

  *format = *type == TESSERA_F32 ? tessera_format_with_type (own, "float")
                                 : own;
  return TRUE;
}

gboolean
tessera_selection_bounds (gint32          drawable,
                          GeglRectangle  *bounds,
                          GError        **error)
{
  if (! gimp_drawable_mask_intersect (TESSERA_DRAWABLE (drawable), &bounds->x,
                                      &bounds->y, &bounds->width,
                                      &bounds->height))
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_EMPTY_IMAGE,
                           _("The selection does not touch this layer or "
                             "channel; nothing was changed."));
      return FALSE;
    }
  return TRUE;
}

GeglRectangle
tessera_rect_grow (gint32               drawable,
                   const GeglRectangle *rect,
                   gint                 margin_x,
                   gint                 margin_y)
{
  GeglRectangle whole = { 0, 0, tessera_gimp_drawable_width (drawable),
                          tessera_gimp_drawable_height (drawable) };
  GeglRectangle grown;

  /* Margins up to the drawable's size are enough; larger ones could
   * overflow the coordinates. */
  margin_x = MIN (margin_x, whole.width);
  margin_y = MIN (margin_y, whole.height);
  grown.x      = rect->x - margin_x;
  grown.y      = rect->y - margin_y;
  grown.width  = rect->width + 2 * margin_x;
  grown.height = rect->height + 2 * margin_y;
  gegl_rectangle_intersect (&grown, &grown, &whole);
  return grown;
}

/* The rows of RECT from Y on that lie in the same row of GIMP's tiles: pixels
 * travel between GIMP and the plug-in tile by tile. */
static GeglRectangle
tile_row (const GeglRectangle *rect,
          gint                 y)
{
  gint          tile_height = gimp_tile_height ();
  gint          end = MIN ((y / tile_height + 1) * tile_height,
                           rect->y + rect->height);
  GeglRectangle row = { rect->x, y, rect->width, end - y };

  return row;
}

static guchar *
region_pixel (const TesseraRegion *region,
              gint                 x,
              gint                 y)
{
  return (guchar *) tessera_image_row (&region->image, y - region->rect.y)
         + (gsize) (x - region->rect.x) * tessera_pixel_size (&region->image);
}

static gboolean
region_alloc (TesseraRegion        *region,
              gint32                drawable,
              const GeglRectangle  *rect,
              const Babl           *format,
              TesseraSampleType     type,
              GError              **error)
{
  TesseraStatus status;

  status = tessera_image_alloc (&region->image, rect->width, rect->height,
                                babl_format_get_n_components (format), type);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  region->drawable = drawable;
  region->rect     = *rect;
  region->format   = format;
  return TRUE;
}

void
tessera_region_load (TesseraRegion   *region,
                     TesseraProgress *progress)
{
  const GeglRectangle *rect   = &region->rect;
  GeglBuffer          *buffer = gimp_drawable_get_buffer (
                                   TESSERA_DRAWABLE (region->drawable));
  gint                 y;

  for (y = rect->y; y < rect->y + rect->height; )
    {
      GeglRectangle row = tile_row (rect, y);

      gegl_buffer_get (buffer, &row, 1.0, region->format,
                       region_pixel (region, row.x, row.y),
                       region->image.stride, GEGL_ABYSS_NONE);
      y += row.height;
      tessera_progress_update (progress,
                               (gdouble) (y - rect->y) / rect->height);
    }
  g_object_unref (buffer);
}

gboolean
tessera_region_alloc (TesseraRegion       *region,
                      gint32               drawable,
                      const GeglRectangle *rect,
                      GError             **error)
{
  const Babl        *format;
  TesseraSampleType  type;

  memset (region, 0, sizeof (*region));
  return work_format (drawable, &format, &type, error)
         && region_alloc (region, drawable, rect, format, type, error);
}

gboolean
tessera_region_read (TesseraRegion       *region,
                     gint32               drawable,
                     const GeglRectangle *rect,
                     TesseraProgress     *progress,
                     GError             **error)
{
  if (! tessera_region_alloc (region, drawable, rect, error))
    return FALSE;

  tessera_region_load (region, progress);
  return TRUE;
}

gboolean
tessera_region_alloc_like (TesseraRegion        *region,
                           const TesseraRegion  *like,
                           GError              **error)
{
  memset (region, 0, sizeof (*region));
  return region_alloc (region, like->drawable, &like->rect, like->format,
                       like->image.type, error);
}

TesseraImage
tessera_region_view (const TesseraRegion *region,
                     const GeglRectangle *rect)
{
  TesseraImage view = region->image;

  view.data   = region_pixel (region, rect->x, rect->y);
  view.width  = rect->width;
  view.height = rect->height;
  return view;
}

void
tessera_region_retarget (TesseraRegion       *region,
                         const GeglRectangle *rect)
{
  g_return_if_fail ((gsize) rect->width * tessera_pixel_size (&region->image)
                    <= region->image.stride);
  region->rect         = *rect;
  region->image.width  = rect->width;
  region->image.height = rect->height;
}

void
tessera_region_store (const TesseraRegion *region,
                      const GeglRectangle *rect,
                      GeglBuffer          *shadow,
                      TesseraProgress     *progress)
{
  gint y;

  /* Flushing row by row sends the tiles as they are done, so the bar moves
   * and the tile cache does not fill with the whole result. */
  for (y = rect->y; y < rect->y + rect->height; )
    {
      GeglRectangle row = tile_row (rect, y);

      gegl_buffer_set (shadow, &row, 0, region->format,
                       region_pixel (region, row.x, row.y),
                       region->image.stride);
      gegl_buffer_flush (shadow);
      y += row.height;
      tessera_progress_update (progress,
                               (gdouble) (y - rect->y) / rect->height);
    }
}

void
tessera_region_merge (gint32               drawable,
                      const GeglRectangle *rect)
{
  gint32 image = tessera_gimp_item_image (drawable);

  /* The undo group opens only now that nothing can fail any more: a plug-in
   * killed by Cancel before this point leaves the image as it was. */
  gimp_image_undo_group_start (TESSERA_IMAGE (image));
  gimp_drawable_merge_shadow (TESSERA_DRAWABLE (drawable), TRUE);
  gimp_image_undo_group_end (TESSERA_IMAGE (image));
  gimp_drawable_update (TESSERA_DRAWABLE (drawable), rect->x, rect->y,
                        rect->width, rect->height);
}

void
tessera_region_apply (const TesseraRegion *region,
                      const GeglRectangle *rect,
                      TesseraProgress     *progress)
{
  GeglBuffer *shadow = gimp_drawable_get_shadow_buffer (
                         TESSERA_DRAWABLE (region->drawable));

  tessera_region_store (region, rect, shadow, progress);
  g_object_unref (shadow);
  tessera_region_merge (region->drawable, rect);
}

void
tessera_region_clear (TesseraRegion *region)
{
  tessera_image_free (&region->image);
}

#define BAND_BYTES (32 << 20)

gint
tessera_band_rows (gint32 drawable,
                   gint   width,
                   gint   min_rows)
{
  const gint   tile  = gimp_tile_height ();
  const gsize  row   = (gsize) MAX (width, 1)
                       * babl_format_get_bytes_per_pixel (
                           gimp_drawable_get_format
                             (TESSERA_DRAWABLE (drawable)));
  /* The tests set smaller bands, to have many on small layers. */
  const gchar *bytes = g_getenv ("TESSERA_BAND_BYTES");
  gsize        rows  = MAX ((bytes != NULL ? g_ascii_strtoull (bytes, NULL, 10)
                                           : BAND_BYTES) / row,
                            (gsize) min_rows);

  rows = CLAMP (rows, 1,
                (gsize) tessera_gimp_drawable_height (drawable));
  return (gint) ((rows + tile - 1) / tile * tile);
}
