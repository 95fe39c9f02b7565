/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "stage-clock.h"
#include "tessera-args.h"
#include "tessera-bands.h"
#include "segment-device.h"

/* Whether the device path may take the run: the outputs other than the
 * recoloured layer want each band's colour indices, which stay on the
 * device; the CPU's backend or no GPU leaves it to the two passes, with
 * nothing to tell. */
static gboolean
device_wanted (const SegmentBands  *bands,
               const SegmentValues *values)
{
  TesseraExec asked = tessera_exec_default ();

  asked.backend = values->backend;
  return values->output == OUTPUT_RECOLOURED_LAYER
         && bands->slot[0].image.type == TESSERA_U8
         && tessera_exec_requested (&asked) != TESSERA_BACKEND_CPU
         && tessera_gpu_probe () == TESSERA_OK;
}

/* Reads the band of the bounds that starts at row Y (as segment-bands.c
 * does); its height. */
static gint
read_band (SegmentBands *bands,
           gint          y)
{
  GeglRectangle rect = tessera_band_at (&bands->bounds, y, bands->rows);

  tessera_region_retarget (&bands->slot[0], &rect);
  tessera_region_load (&bands->slot[0], NULL);
  tessera_stage_mark ("segment band read");
  return rect.height;
}

static void
band_done (const SegmentBands *bands,
           TesseraProgress    *progress)
{
  const GeglRectangle *rect = &bands->slot[0].rect;

  tessera_progress_update (progress,
                           (gdouble) (rect->y + rect->height - bands->bounds.y)
                           / bands->bounds.height);
}

/* Every band read once and added; the classes made. */
static TesseraStatus
count_on_device (SegmentDevice       *device,
                 SegmentBands        *bands,
                 const SegmentValues *values,
                 TesseraExec         *exec,
                 TesseraProgress     *progress)
{
  const gint        bottom = bands->bounds.y + bands->bounds.height;
  TesseraMstSegment params = segment_params_of (values);
  TesseraStatus     status = TESSERA_OK;
  gint              y;

  for (y = bands->bounds.y; y < bottom && status == TESSERA_OK; )
    {
      y += read_band (bands, y);
      status = tessera_mst_bands_add (&device->bands, &bands->slot[0].image,
                                      exec);
      tessera_stage_mark ("segment band uploaded and counted");
      band_done (bands, progress);
    }
  if (status == TESSERA_OK)
    status = tessera_mst_bands_finish (&device->bands, &params, exec);
  tessera_stage_mark ("segment classes on the device");
  return status;
}

gboolean
segment_device_count (SegmentDevice       *device,
                      SegmentBands        *bands,
                      const SegmentValues *values,
                      TesseraMstClasses   *classes,
                      TesseraProgress     *progress,
                      GError             **error)
{
  const TesseraImage *image = &bands->slot[0].image;
  TesseraExec         exec;
  TesseraStatus       status;

  memset (device, 0, sizeof *device);
  if (! device_wanted (bands, values))
    return TRUE;
  exec = tessera_progress_exec (progress, values->backend);
  status = tessera_mst_bands_start (&device->bands, bands->bounds.width,
                                    bands->bounds.height, image->channels,
                                    image->type, bands->rows, &exec);
  if (status == TESSERA_OK && ! tessera_mst_bands_keeps_pixels (&device->bands))
    {
      /* The CPU's tally is the two passes' own: they run instead. */
      segment_device_clear (device);
      return TRUE;
    }
  device->taken = status == TESSERA_OK;
  if (status == TESSERA_OK)
    status = count_on_device (device, bands, values, &exec, progress);
  /* Nothing visible: the caller says so, from an empty histogram. */
  if (status == TESSERA_ERROR_EMPTY_IMAGE)
    return TRUE;
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  /* The caller's, as segment_bands_count and tessera_mst_segment leave
   * them. */
  bands->histogram = device->bands.histogram;
  *classes = device->bands.classes;
  memset (&device->bands.histogram, 0, sizeof device->bands.histogram);
  memset (&device->bands.classes, 0, sizeof device->bands.classes);
  return TRUE;
}

gboolean
segment_device_each (SegmentDevice   *device,
                     SegmentBands    *bands,
                     SegmentBandFunc  write,
                     gpointer         data,
                     TesseraProgress *progress,
                     GError         **error)
{
  const gint    bottom = bands->bounds.y + bands->bounds.height;
  TesseraStatus status = TESSERA_OK;
  gint          y;

  for (y = bands->bounds.y; y < bottom && status == TESSERA_OK; )
    {
      GeglRectangle rect = tessera_band_at (&bands->bounds, y, bands->rows);

      /* Where the band lies, without reading it: its pixels come from
       * the device. */
      tessera_region_retarget (&bands->slot[0], &rect);
      status = tessera_mst_bands_recolour (&device->bands,
                                           rect.y - bands->bounds.y, NULL,
                                           &bands->slot[0].image, NULL);
      tessera_stage_mark ("segment band recoloured and downloaded");
      if (status != TESSERA_OK)
        break;
      bands->band = &bands->slot[0];
      bands->pixel_class = NULL;
      write (bands, data);
      tessera_stage_mark ("segment band written");
      band_done (bands, progress);
      y += rect.height;
    }
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  return TRUE;
}

void
segment_device_clear (SegmentDevice *device)
{
  tessera_mst_bands_free (&device->bands);
  memset (device, 0, sizeof *device);
}
