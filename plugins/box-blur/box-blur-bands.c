/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur on a drawable in bands of rows (see
 * box-blur-bands.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "box-blur-bands.h"
#include "tessera-bands.h"
#include "tessera-gimp.h"
#include "tessera-progress.h"
#include "tessera-region.h"

/* The layer is blurred in bands of rows, each read with a halo of the
 * blur's reach above and below (and beside), blurred, and its own rows
 * written to the shadow buffer: the result is the same as from the whole
 * layer at once, and the plug-in holds two bands, not two layers.  A band
 * holds the usual bytes of pixels (tessera_band_rows), and at least
 * HALO_SHARE times the halo's rows so that reading the halo twice costs
 * little; so the memory grows with a tall blur's reach (radius-y x
 * iterations), never with the layer. */
#define HALO_SHARE 4

/* One band in flight: its pixels, and its blur, which runs in a thread of
 * its own while the plug-in's main thread, the only one that may talk to
 * GIMP, writes the band before and reads the band after. */
typedef struct
{
  TesseraRegion         source;   /* the band with its halo */
  TesseraRegion         result;
  GeglRectangle         rows;     /* the band's own rows: what is written */
  const TesseraBoxBlur *params;
  TesseraExec           exec;     /* no progress: GIMP is not to be called */
  TesseraStatus         status;
  TesseraStatus         fallback; /* why the GPU was not used, or OK */
  GThread              *thread;
} Band;

static void
band_fallback (TesseraStatus why,
               void         *user_data)
{
  ((Band *) user_data)->fallback = why;
}

static gpointer
band_blur (gpointer data)
{
  Band *band = data;

  band->status = tessera_box_blur (&band->source.image, &band->result.image,
                                   band->params, &band->exec);
  return NULL;
}

/* Where a band's pixels go, as large as the largest band needs. */
static gboolean
band_alloc (Band                 *band,
            gint32                drawable,
            const GeglRectangle  *bounds,
            gint                  halo_x,
            gint                  halo_y,
            gint                  rows,
            const TesseraBoxBlur *params,
            TesseraBackend        backend,
            GError              **error)
{
  GeglRectangle largest = tessera_rect_grow (drawable, bounds, halo_x, 0);

  memset (band, 0, sizeof *band);
  largest.height = MIN (rows + 2 * halo_y,
                        tessera_gimp_drawable_height (drawable));
  if (! tessera_region_alloc (&band->source, drawable, &largest, error))
    return FALSE;
  if (! tessera_region_alloc_like (&band->result, &band->source, error))
    {
      tessera_region_clear (&band->source);
      return FALSE;
    }
  band->params         = params;
  band->exec           = tessera_exec_default ();
  band->exec.backend   = backend;
  band->exec.fallback  = band_fallback;
  band->exec.user_data = band;
  return TRUE;
}

/* Reads ROWS of the drawable, with the halo, into BAND and starts its
 * blur. */
static void
band_start (Band                *band,
            gint32               drawable,
            const GeglRectangle *rows,
            gint                 halo_x,
            gint                 halo_y)
{
  GeglRectangle around = tessera_rect_grow (drawable, rows, halo_x, halo_y);

  band->rows = *rows;
  tessera_region_retarget (&band->source, &around);
  tessera_region_retarget (&band->result, &around);
  tessera_region_load (&band->source, NULL);
  band->thread = g_thread_new ("tessera-box-blur", band_blur, band);
}

/* Waits for BAND's blur; writes its rows to the shadow buffer. */
static TesseraStatus
band_finish (Band   *band,
             gint32  drawable)
{
  GeglBuffer *shadow;

  g_thread_join (band->thread);
  band->thread = NULL;
  if (band->status != TESSERA_OK)
    return band->status;
  /* A buffer of the shadow per band: its tiles, sent to GIMP, leave the
   * plug-in's cache with it. */
  shadow = gimp_drawable_get_shadow_buffer (TESSERA_DRAWABLE (drawable));
  tessera_region_store (&band->result, &band->rows, shadow, NULL);
  g_object_unref (shadow);
  return TESSERA_OK;
}

static void
band_clear (Band *band)
{
  if (band->thread != NULL)
    g_thread_join (band->thread);
  tessera_region_clear (&band->source);
  tessera_region_clear (&band->result);
}

gboolean
box_blur_bands (gint32               drawable,
                const GeglRectangle *bounds,
                const BoxBlurValues *values,
                GError             **error)
{
  const TesseraBoxBlur params = box_blur_params (
                                  values, babl_format_has_alpha (
                                    gimp_drawable_get_format (
                                      TESSERA_DRAWABLE (drawable))));
  const TesseraBackend backend = values->backend;
  const gint           bottom = bounds->y + bounds->height;
  /* Margins beyond the drawable's size change nothing. */
  const gint           halo_x = MIN (params.radius_x * params.iterations,
                                     tessera_gimp_drawable_width (drawable));
  const gint           halo_y = MIN (params.radius_y * params.iterations,
                                     tessera_gimp_drawable_height (drawable));
  const gint           rows   = tessera_band_rows (drawable, bounds->width,
                                                   HALO_SHARE * halo_y);
  TesseraStatus        status = TESSERA_OK;
  TesseraStatus        fallback = TESSERA_OK;
  TesseraProgress      progress;
  Band                 bands[2];
  GeglRectangle        next;
  gint                 i;

  if (! band_alloc (&bands[0], drawable, bounds, halo_x, halo_y, rows,
                    &params, backend, error))
    return FALSE;
  if (! band_alloc (&bands[1], drawable, bounds, halo_x, halo_y, rows,
                    &params, backend, error))
    {
      band_clear (&bands[0]);
      return FALSE;
    }

  tessera_bands_limit_cache (drawable, bounds->width, rows);
  tessera_progress_start (&progress, _("Box Blur (SAT)"));
  next = tessera_band_at (bounds, bounds->y, rows);
  band_start (&bands[0], drawable, &next, halo_x, halo_y);
  for (i = 0; status == TESSERA_OK; i++)
    {
      Band *band  = &bands[i % 2];
      Band *after = &bands[(i + 1) % 2];

      next.y += next.height;
      if (next.y < bottom)
        {
          next = tessera_band_at (bounds, next.y, rows);
          band_start (after, drawable, &next, halo_x, halo_y);
        }
      status = band_finish (band, drawable);
      if (band->fallback != TESSERA_OK)
        fallback = band->fallback;
      tessera_progress_update (&progress,
                               (gdouble) (band->rows.y + band->rows.height
                                          - bounds->y) / bounds->height);
      if (after->thread == NULL)
        break;
    }
  band_clear (&bands[0]);
  band_clear (&bands[1]);

  /* Said once, from the main thread: it may talk to GIMP. */
  if (fallback != TESSERA_OK && backend == TESSERA_BACKEND_CUDA)
    g_message (_("%s; running on the CPU instead."),
               _(tessera_status_message (fallback)));
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  tessera_region_merge (drawable, bounds);
  return TRUE;
}
