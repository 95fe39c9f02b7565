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
  gint          s;

  memset (bands, 0, sizeof *bands);
  bands->bounds = *bounds;
  bands->rows   = tessera_band_rows (drawable, bounds->width, 1);
  /* A band's work on every core, though the main thread and GIMP's own
   * process, serving the tiles, share them meanwhile: on 2 cores the
   * pass took less than with 1 thread (bench/RESULTS.md, "Segment colours
   * in bands"). */
  bands->exec   = tessera_exec_default ();
  largest.height = MIN (bands->rows, bounds->height);
  for (s = 0; s < 2; s++)
    if (! tessera_region_alloc (&bands->slot[s], drawable, &largest, error))
      {
        segment_bands_clear (bands);
        return FALSE;
      }
  status = tessera_colour_tally_start (&bands->tally, bounds->width,
                                       bounds->height);
  for (s = 0; s < 2 && status == TESSERA_OK; s++)
    {
      bands->slot_class[s] = g_try_new (guint32, (gsize) largest.width
                                                 * largest.height);
      if (bands->slot_class[s] == NULL)
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

/* Reads the band of the bounds at BANDS->next_y into SLOT; FALSE when the
 * bounds are done. */
static gboolean
read_band (gint     slot,
           gpointer data)
{
  SegmentBands  *bands = data;
  GeglRectangle  rect;

  if (bands->next_y >= bands->bounds.y + bands->bounds.height)
    return FALSE;
  rect = tessera_band_at (&bands->bounds, bands->next_y, bands->rows);
  tessera_region_retarget (&bands->slot[slot], &rect);
  tessera_region_load (&bands->slot[slot], NULL);
  bands->next_y += rect.height;
  tessera_stage_mark ("segment band read");
  return TRUE;
}

static void
band_done (const SegmentBands  *bands,
           const GeglRectangle *rect)
{
  tessera_progress_update (bands->progress,
                           (gdouble) (rect->y + rect->height - bands->bounds.y)
                           / bands->bounds.height);
}

static TesseraStatus
count_band (gint     slot,
            gpointer data)
{
  SegmentBands *bands = data;

  return tessera_colour_tally_add (&bands->tally, &bands->slot[slot].image,
                                   &bands->exec);
}

static TesseraStatus
counted (gint     slot,
         gpointer data)
{
  SegmentBands *bands = data;

  tessera_stage_mark ("segment band counted");
  band_done (bands, &bands->slot[slot].rect);
  return TESSERA_OK;
}

gboolean
segment_bands_count (SegmentBands    *bands,
                     TesseraProgress *progress,
                     GError         **error)
{
  /* One band's counting at a time: the tally is not safe against two. */
  static const TesseraBandPass pass = { read_band, count_band, counted,
                                        FALSE };
  TesseraStatus status;

  tessera_stage_start ();
  bands->next_y   = bands->bounds.y;
  bands->progress = progress;
  status = tessera_bands_overlap (&pass, bands);
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

static TesseraStatus
classify_band (gint     slot,
               gpointer data)
{
  SegmentBands  *bands = data;
  TesseraStatus  status;

  status = tessera_colour_tally_index (&bands->tally, &bands->slot[slot].image,
                                       bands->slot_class[slot], &bands->exec);
  if (status == TESSERA_OK && bands->work != NULL)
    status = bands->work (&bands->slot[slot], bands->slot_class[slot],
                          bands->data);
  return status;
}

static TesseraStatus
write_band (gint     slot,
            gpointer data)
{
  SegmentBands *bands = data;

  tessera_stage_mark ("segment band classified");
  bands->band        = &bands->slot[slot];
  bands->pixel_class = bands->slot_class[slot];
  bands->write (bands, bands->data);
  bands->band        = NULL;
  bands->pixel_class = NULL;
  tessera_stage_mark ("segment band written");
  band_done (bands, &bands->slot[slot].rect);
  return TESSERA_OK;
}

gboolean
segment_bands_each (SegmentBands            *bands,
                    const TesseraMstClasses *classes,
                    SegmentBandWork          work,
                    SegmentBandFunc          write,
                    gpointer                 data,
                    TesseraProgress         *progress,
                    GError                 **error)
{
  static const TesseraBandPass pass = { read_band, classify_band,
                                        write_band, FALSE };
  TesseraStatus status;

  /* A look-up a pixel gives its class, not its colour's index. */
  status = tessera_colour_tally_relabel (&bands->tally, &bands->histogram,
                                         classes->colour_class);
  if (status == TESSERA_OK)
    {
      bands->next_y   = bands->bounds.y;
      bands->progress = progress;
      bands->work     = work;
      bands->write    = write;
      bands->data     = data;
      status = tessera_bands_overlap (&pass, bands);
    }
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
  gint s;

  for (s = 0; s < 2; s++)
    {
      g_free (bands->slot_class[s]);
      tessera_region_clear (&bands->slot[s]);
    }
  tessera_colour_tally_free (&bands->tally);
  tessera_colour_histogram_free (&bands->histogram);
  memset (bands, 0, sizeof *bands);
}
