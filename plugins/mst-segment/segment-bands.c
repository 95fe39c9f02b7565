/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "stage-clock.h"
#include "tessera-args.h"
#include "tessera-bands.h"
#include "segment-bands.h"

gboolean
segment_bands_start (SegmentBands        *bands,
                     gint32               drawable,
                     const GeglRectangle *bounds,
                     GError             **error)
{
  GeglRectangle largest = *bounds;
  TesseraStatus status;

  memset (bands, 0, sizeof *bands);
  bands->bounds = *bounds;
  bands->rows   = tessera_band_rows (drawable, bounds->width, 1);
  largest.height = MIN (bands->rows, bounds->height);
  if (! tessera_region_alloc (&bands->band, drawable, &largest, error))
    return FALSE;
  status = tessera_colour_tally_start (&bands->tally, bounds->width,
                                       bounds->height);
  if (status == TESSERA_OK)
    {
      bands->colours.pixel_colour = g_try_new (guint32, (gsize) largest.width
                                                        * largest.height);
      if (bands->colours.pixel_colour == NULL)
        status = TESSERA_ERROR_OUT_OF_MEMORY;
    }
  if (status != TESSERA_OK)
    {
      segment_bands_clear (bands);
      tessera_set_error (error, status);
      return FALSE;
    }
  tessera_bands_limit_cache (drawable, bounds->width, largest.height);
  return TRUE;
}

/* Reads the band of the bounds that starts at row Y; its height. */
static gint
read_band (SegmentBands *bands,
           gint          y)
{
  GeglRectangle rect = tessera_band_at (&bands->bounds, y, bands->rows);

  tessera_region_retarget (&bands->band, &rect);
  tessera_region_load (&bands->band, NULL);
  tessera_stage_mark ("segment band read");
  return rect.height;
}

static void
band_done (const SegmentBands *bands,
           TesseraProgress    *progress)
{
  const GeglRectangle *rect = &bands->band.rect;

  tessera_progress_update (progress,
                           (gdouble) (rect->y + rect->height - bands->bounds.y)
                           / bands->bounds.height);
}

gboolean
segment_bands_count (SegmentBands    *bands,
                     TesseraProgress *progress,
                     GError         **error)
{
  const gint    bottom = bands->bounds.y + bands->bounds.height;
  TesseraStatus status = TESSERA_OK;
  gint          y;

  tessera_stage_start ();
  for (y = bands->bounds.y; y < bottom && status == TESSERA_OK; )
    {
      y += read_band (bands, y);
      status = tessera_colour_tally_add (&bands->tally, &bands->band.image,
                                         NULL);
      tessera_stage_mark ("segment band counted");
      band_done (bands, progress);
    }
  if (status == TESSERA_OK)
    status = tessera_colour_tally_finish (&bands->tally, &bands->histogram,
                                          NULL);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  return TRUE;
}

gboolean
segment_bands_each (SegmentBands    *bands,
                    SegmentBandFunc  write,
                    gpointer         data,
                    TesseraProgress *progress,
                    GError         **error)
{
  const gint    bottom = bands->bounds.y + bands->bounds.height;
  guint32      *indices = bands->colours.pixel_colour;
  TesseraStatus status = TESSERA_OK;
  gint          y;

  for (y = bands->bounds.y; y < bottom && status == TESSERA_OK; )
    {
      y += read_band (bands, y);
      status = tessera_colour_tally_index (&bands->tally, &bands->band.image,
                                           indices, NULL);
      tessera_stage_mark ("segment band indexed");
      if (status != TESSERA_OK)
        break;
      bands->colours = bands->histogram;
      bands->colours.pixel_colour = indices;
      bands->colours.width  = bands->band.image.width;
      bands->colours.height = bands->band.image.height;
      write (bands, data);
      tessera_stage_mark ("segment band written");
      band_done (bands, progress);
    }
  bands->colours.pixel_colour = indices;
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  return TRUE;
}

void
segment_bands_clear (SegmentBands *bands)
{
  g_free (bands->colours.pixel_colour);
  tessera_colour_tally_free (&bands->tally);
  tessera_colour_histogram_free (&bands->histogram);
  tessera_region_clear (&bands->band);
  memset (bands, 0, sizeof *bands);
}
