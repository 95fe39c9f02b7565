/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the outputs (fill-work.h): the
 * foreground colour on the layer or on a new one, the flat colours on a
 * new layer, the interior as the selection; all in one undo step. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "fill-work.h"
#include "fill-work-private.h"
#include "tessera-gimp.h"
#include "tessera-output.h"
#include "tessera-region.h"

/* A transparent layer the size of DRAWABLE for the fill, next to it (next
 * to the layer of a layer mask; at the top of the image for a channel):
 * under line art on transparency, where it shows through; over ink on
 * paper in Multiply mode and over light lines in Screen mode, since the
 * opaque drawable would hide it and the lines must stay on top. */
gint32
fill_new_layer (gint32       drawable,
                const gchar *name,
                FillSource   source)
{
  gint32 image  = tessera_gimp_item_image (drawable);
  gint32 anchor = gimp_item_is_layer_mask (TESSERA_ITEM (drawable))
                  ? tessera_gimp_layer_from_mask (drawable) : drawable;
  gint32 parent = 0;
  gint   position = 0;
  gint   x, y;
  gint32 layer;
  GimpLayerMode mode = source == FILL_SOURCE_DARK ? GIMP_LAYER_MODE_MULTIPLY
                       : source == FILL_SOURCE_BRIGHT ? GIMP_LAYER_MODE_SCREEN
                       : GIMP_LAYER_MODE_NORMAL;

  gchar *incomplete = tessera_output_incomplete_name (name);

  /* Named as incomplete until its pixels are written (tessera-output.h). */
  layer = tessera_gimp_layer_new (image, incomplete,
                                  tessera_gimp_drawable_width (drawable),
                                  tessera_gimp_drawable_height (drawable),
                                  tessera_gimp_image_base_type (image)
                                  == GIMP_GRAY ? GIMP_GRAYA_IMAGE
                                               : GIMP_RGBA_IMAGE, mode);
  if (gimp_item_is_layer (TESSERA_ITEM (anchor)))
    {
      parent   = tessera_gimp_item_parent (anchor);
      position = gimp_image_get_item_position (TESSERA_IMAGE (image),
                                               TESSERA_ITEM (anchor))
                 + (mode == GIMP_LAYER_MODE_NORMAL ? 1 : 0);
    }
  tessera_gimp_insert_layer (image, layer, parent, position);
  tessera_gimp_drawable_offsets (drawable, &x, &y);
  gimp_layer_set_offsets (TESSERA_LAYER (layer), x, y);
  gimp_drawable_fill (TESSERA_DRAWABLE (layer), GIMP_FILL_TRANSPARENT);
  g_free (incomplete);
  return layer;
}

GeglBuffer *
fill_new_layer_buffer (gint32    layer,
                       gboolean *direct)
{
  gint32 image = tessera_gimp_item_image (layer);

  *direct = gimp_selection_is_empty (TESSERA_IMAGE (image));
  return *direct ? gimp_drawable_get_buffer (TESSERA_DRAWABLE (layer))
                 : gimp_drawable_get_shadow_buffer (TESSERA_DRAWABLE (layer));
}

void
fill_new_layer_done (gint32               layer,
                     GeglBuffer          *buffer,
                     const GeglRectangle *rect,
                     gboolean             direct)
{
  g_object_unref (buffer);
  if (direct)
    gimp_drawable_update (TESSERA_DRAWABLE (layer), rect->x, rect->y,
                          rect->width, rect->height);
  else
    tessera_region_merge (layer, rect);
}

/* The foreground colour where JOB's paint is set, over RECT of REGION (of
 * the job's drawable or of a new layer the same size). */
static void
paint_foreground (const FillJob       *job,
                  const TesseraRegion *region,
                  const GeglRectangle *rect)
{
  TesseraImage view = tessera_region_view (region, rect);
  gsize        size = tessera_pixel_size (&view);
  guint8       pixel[64];

  fill_foreground_pixel (region->format, pixel);
  /* A row of tiles is too little work to pay for starting the threads,
   * band after band, on a busy machine. */
#pragma omp parallel for schedule(static) \
            if (rect->height > (gint) gimp_tile_height ())
  for (gint y = 0; y < rect->height; y++)
    {
      const guint8 *inside = (const guint8 *) tessera_image_row (&job->paint,
                                                                 rect->y + y)
                             + rect->x;
      guint8 *out = tessera_image_row (&view, y);
      for (gint x = 0; x < rect->width; x++)
        if (inside[x] != 0)
          memcpy (out + x * size, pixel, size);
    }
}

/* The foreground colour where JOB's paint is set, over RECT of the new,
 * transparent LAYER, a row of GIMP's tiles at a time (nothing to read, it
 * is zeros in every format): the layer's pixels are never all in memory. */
static void
write_foreground_layer (const FillJob       *job,
                        gint32               layer,
                        const GeglRectangle *rect,
                        TesseraProgress     *progress)
{
  gint           tile = gimp_tile_height ();
  GeglRectangle  band = { rect->x, rect->y, rect->width,
                          MIN (tile, rect->height) };
  TesseraRegion  region;
  GeglBuffer    *buffer;
  gboolean       direct;

  if (! tessera_region_alloc (&region, layer, &band, NULL))
    return;
  buffer = fill_new_layer_buffer (layer, &direct);
  for (gint y = rect->y; y < rect->y + rect->height; y += band.height)
    {
      /* Bands on the tiles' rows: no tile is written twice. */
      band.y      = y;
      band.height = MIN ((y / tile + 1) * tile, rect->y + rect->height) - y;
      tessera_region_retarget (&region, &band);
      for (gint row = 0; row < band.height; row++)
        memset (tessera_image_row (&region.image, row), 0,
                tessera_pixel_size (&region.image) * band.width);
      paint_foreground (job, &region, &band);
      tessera_region_store (&region, &band, buffer, NULL);
      tessera_progress_update (progress, (gdouble) (y + band.height - rect->y)
                                         / rect->height);
    }
  fill_new_layer_done (layer, buffer, rect, direct);
  tessera_region_clear (&region);
}

/* The flat colours over RECT of the new LAYER. */
static void
write_flat (const FillJob       *job,
            gint32               layer,
            const GeglRectangle *rect,
            TesseraProgress     *progress)
{
  TesseraRegion  region;
  GeglBuffer    *buffer;
  gboolean       direct;

  region.drawable = layer;
  region.rect     = (GeglRectangle) { 0, 0, job->paint.width,
                                      job->paint.height };
  region.format   = babl_format_with_space ("R'G'B'A u8",
                                            gimp_drawable_get_format
                                              (TESSERA_DRAWABLE (layer)));
  region.image    = job->paint;
  buffer = fill_new_layer_buffer (layer, &direct);
  tessera_region_store (&region, rect, buffer, progress);
  fill_new_layer_done (layer, buffer, rect, direct);
}

gint32
fill_selection_channel (gint32 image)
{
  static const guchar black[3] = { 0, 0, 0 };
  gchar              *name = tessera_output_incomplete_name (_("Fill interior"));
  gint32              channel;
  GeglBuffer         *buffer;

  channel = tessera_gimp_channel_add (image, name, 100.0, black);
  g_free (name);
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (channel));
  gegl_buffer_clear (buffer, NULL);
  g_object_unref (buffer);
  return channel;
}

void
fill_select_channel (gint32   image,
                     gint32   channel,
                     gboolean select)
{
  if (select)
    gimp_image_select_item (TESSERA_IMAGE (image),
                            gimp_selection_is_empty (TESSERA_IMAGE (image))
                            ? GIMP_CHANNEL_OP_REPLACE
                            : GIMP_CHANNEL_OP_INTERSECT,
                            TESSERA_ITEM (channel));
  gimp_image_remove_channel (TESSERA_IMAGE (image),
                             TESSERA_CHANNEL (channel));
}

/* The union of the jobs' insides, cut to the selection, becomes the
 * selection. */
static void
write_selection (const FillJob *jobs,
                 gint           count,
                 gint32         image)
{
  gint32      channel = fill_selection_channel (image);
  GeglBuffer *buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (channel));

  for (gint i = 0; i < count; i++)
    {
      const TesseraImage *paint = &jobs[i].paint;
      const GeglRectangle canvas = { 0, 0, tessera_gimp_image_width (image),
                                     tessera_gimp_image_height (image) };
      GeglRectangle       layer, area;
      guint8             *mask;

      if (paint->data == NULL)
        continue;
      tessera_gimp_drawable_offsets (jobs[i].drawable, &layer.x, &layer.y);
      layer.width  = paint->width;
      layer.height = paint->height;
      /* The channel holds the canvas alone: a layer partly outside it has
       * only that part written (see tessera-canvas.h). */
      if (! gegl_rectangle_intersect (&area, &layer, &canvas))
        continue;
      /* The layer's area in one read and one write, not two buffer calls
       * per row (faster: bench/RESULTS.md, Fill Closed Contours). */
      mask = g_malloc ((gsize) area.width * area.height);
      gegl_buffer_get (buffer, &area, 1.0, babl_format ("Y u8"), mask,
                       GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
      for (gint y = 0; y < area.height; y++)
        {
          const guint8 *inside = tessera_image_row (paint, area.y - layer.y + y)
                                 + (area.x - layer.x);
          guint8       *row = mask + (gsize) y * area.width;
          /* Inside in any layer: the brighter of what is there and this. */
          for (gint x = 0; x < area.width; x++)
            row[x] = MAX (row[x], inside[x]);
        }
      gegl_buffer_set (buffer, &area, 0, babl_format ("Y u8"), mask,
                       GEGL_AUTO_ROWSTRIDE);
      g_free (mask);
    }
  g_object_unref (buffer);
  fill_select_channel (image, channel, TRUE);
}

void
fill_write (const FillJob       *jobs,
            gint                 count,
            const FillValues    *values,
            gint32               image,
            TesseraProgress     *progress)
{
  TesseraSelected selected;

  gimp_image_undo_group_start (TESSERA_IMAGE (image));
  tessera_gimp_selected_save (image, &selected);
  if (values->output == FILL_OUTPUT_SELECTION)
    write_selection (jobs, count, image);
  else
    for (gint i = 0; i < count; i++)
      {
        GeglRectangle bounds;
        gint32        layer;

        if (jobs[i].paint.data == NULL
            || ! tessera_selection_bounds (jobs[i].drawable, &bounds, NULL))
          continue;
        switch (values->output)
          {
          case FILL_OUTPUT_FOREGROUND:
            paint_foreground (&jobs[i], &jobs[i].pixels, &bounds);
            tessera_region_apply (&jobs[i].pixels, &bounds, progress);
            break;
          case FILL_OUTPUT_LAYER:
            layer = fill_new_layer (jobs[i].drawable, _("Fill"),
                                    values->source);
            write_foreground_layer (&jobs[i], layer, &bounds, progress);
            tessera_output_complete (layer, _("Fill"));
            break;
          default:
            layer = fill_new_layer (jobs[i].drawable, _("Flat colours"),
                                    values->source);
            write_flat (&jobs[i], layer, &bounds, progress);
            tessera_output_complete (layer, _("Flat colours"));
            break;
          }
      }
  tessera_gimp_selected_restore (image, &selected);
  gimp_image_undo_group_end (TESSERA_IMAGE (image));
  gimp_displays_flush ();
}
