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
 * GIMP, writes the band before and reads the band after
 * (tessera_bands_overlap). */
typedef struct
{
  TesseraRegion         source;   /* the band with its halo */
  TesseraRegion         result;
  GeglRectangle         rows;     /* the band's own rows: what is written */
  TesseraExec           exec;     /* no progress: GIMP is not to be called */
  TesseraStatus         fallback; /* why the GPU was not used, or OK */
} Band;

/* The pass over the bands. */
typedef struct
{
  Band                  band[2];
  const TesseraBoxBlur *params;
  gint32                drawable;
  const GeglRectangle  *bounds;
  gint                  halo_x;
  gint                  halo_y;
  gint                  rows;
  gint                  next_y;   /* the next band's first row */
  TesseraProgress       progress;
} Blur;

static void
band_fallback (TesseraStatus why,
               void         *user_data)
{
  ((Band *) user_data)->fallback = why;
}

/* Where a band's pixels go, as large as the largest band needs. */
static gboolean
band_alloc (Band                 *band,
            gint32                drawable,
            const GeglRectangle  *bounds,
            gint                  halo_x,
            gint                  halo_y,
            gint                  rows,
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
  band->exec           = tessera_exec_default ();
  band->exec.backend   = backend;
  band->exec.fallback  = band_fallback;
  band->exec.user_data = band;
  return TRUE;
}

/* Reads the next band's rows of the drawable, with the halo, into SLOT. */
static gboolean
band_read (gint     slot,
           gpointer data)
{
  Blur          *blur = data;
  Band          *band = &blur->band[slot];
  GeglRectangle  around;

  if (blur->next_y >= blur->bounds->y + blur->bounds->height)
    return FALSE;
  band->rows = tessera_band_at (blur->bounds, blur->next_y, blur->rows);
  blur->next_y += band->rows.height;
  around = tessera_rect_grow (blur->drawable, &band->rows, blur->halo_x,
                              blur->halo_y);
  tessera_region_retarget (&band->source, &around);
  tessera_region_retarget (&band->result, &around);
  tessera_region_load (&band->source, NULL);
  return TRUE;
}

static TesseraStatus
band_blur (gint     slot,
           gpointer data)
{
  Blur *blur = data;
  Band *band = &blur->band[slot];

  return tessera_box_blur (&band->source.image, &band->result.image,
                           blur->params, &band->exec);
}

/* Writes SLOT's rows to the shadow buffer. */
static TesseraStatus
band_write (gint     slot,
            gpointer data)
{
  Blur       *blur = data;
  Band       *band = &blur->band[slot];
  GeglBuffer *shadow;

  /* A buffer of the shadow per band: its tiles, sent to GIMP, leave the
   * plug-in's cache with it. */
  shadow = gimp_drawable_get_shadow_buffer (TESSERA_DRAWABLE (blur->drawable));
  tessera_region_store (&band->result, &band->rows, shadow, NULL);
  g_object_unref (shadow);
  tessera_progress_update (&blur->progress,
                           (gdouble) (band->rows.y + band->rows.height
                                      - blur->bounds->y)
                           / blur->bounds->height);
  return TESSERA_OK;
}

static void
band_clear (Band *band)
{
  tessera_region_clear (&band->source);
  tessera_region_clear (&band->result);
}

gboolean
box_blur_bands (gint32               drawable,
                const GeglRectangle *bounds,
                const BoxBlurValues *values,
                GError             **error)
{
  /* A band's blur starts once it is read, beside the band before's: the
   * two share the cores while the main thread waits (bench/RESULTS.md). */
  static const TesseraBandPass pass = { band_read, band_blur, band_write,
                                        TRUE };
  const TesseraBoxBlur params = box_blur_params (
                                  values, babl_format_has_alpha (
                                    gimp_drawable_get_format (
                                      TESSERA_DRAWABLE (drawable))));
  const TesseraBackend backend = values->backend;
  TesseraStatus        status;
  TesseraStatus        fallback = TESSERA_OK;
  Blur                 blur;
  gint                 i;

  blur.params   = &params;
  blur.drawable = drawable;
  blur.bounds   = bounds;
  /* Margins beyond the drawable's size change nothing. */
  blur.halo_x   = MIN (params.radius_x * params.iterations,
                       tessera_gimp_drawable_width (drawable));
  blur.halo_y   = MIN (params.radius_y * params.iterations,
                       tessera_gimp_drawable_height (drawable));
  blur.rows     = tessera_band_rows (drawable, bounds->width,
                                     HALO_SHARE * blur.halo_y);
  blur.next_y   = bounds->y;
  if (! band_alloc (&blur.band[0], drawable, bounds, blur.halo_x,
                    blur.halo_y, blur.rows, backend, error))
    return FALSE;
  if (! band_alloc (&blur.band[1], drawable, bounds, blur.halo_x,
                    blur.halo_y, blur.rows, backend, error))
    {
      band_clear (&blur.band[0]);
      return FALSE;
    }

  tessera_bands_limit_cache (drawable, bounds->width, blur.rows);
  tessera_progress_start (&blur.progress, _("Box Blur (SAT)"));
  status = tessera_bands_overlap (&pass, &blur);
  for (i = 0; i < 2; i++)
    {
      if (blur.band[i].fallback != TESSERA_OK)
        fallback = blur.band[i].fallback;
      band_clear (&blur.band[i]);
    }

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
