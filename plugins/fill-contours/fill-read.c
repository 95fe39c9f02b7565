/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: what a drawable gives the fill
 * (fill-work.h): the contour source that suits it, its contour map (from
 * its pixels or straight from GIMP), the colour guide over it, and the job
 * that holds them. */
#include "config.h"

#include <string.h>

#include <libgimp/gimp.h>

#include "contour-map.h"
#include "fill-work.h"
#include "fill-work-private.h"
#include "tessera-args.h"
#include "tessera-gimp.h"
#include "tessera-region.h"

const Babl *
fill_rgba_float (gint32 drawable)
{
  return babl_format_with_space ("R'G'B'A float",
                                 gimp_drawable_get_format
                                   (TESSERA_DRAWABLE (drawable)));
}

TesseraContourThreshold
fill_contour_threshold (const FillValues *values,
                        const gfloat     *foreground)
{
  TesseraContourThreshold threshold = { TESSERA_CONTOUR_DARK,
                                        values->threshold,
                                        { foreground[0], foreground[1],
                                          foreground[2] } };

  switch (values->source)
    {
    case FILL_SOURCE_ALPHA:  threshold.source = TESSERA_CONTOUR_ALPHA;  break;
    case FILL_SOURCE_DARK:   threshold.source = TESSERA_CONTOUR_DARK;   break;
    case FILL_SOURCE_BRIGHT: threshold.source = TESSERA_CONTOUR_BRIGHT; break;
    default:                 threshold.source = TESSERA_CONTOUR_COLOUR; break;
    }
  return threshold;
}

void
fill_foreground_pixel (const Babl *format,
                       gpointer    pixel)
{
  tessera_gimp_foreground_pixel (format, pixel);
}

FillSource
fill_guess_source (gint32 drawable)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE
                                                  (drawable));
  gint        width  = tessera_gimp_drawable_width (drawable);
  gint        height = tessera_gimp_drawable_height (drawable);
  gint        step   = MAX (1, MAX (width, height) / 256);
  gfloat     *row    = g_new (gfloat, 4 * (gsize) width);
  gdouble     light  = 0;
  gint        clear  = 0, count = 0;

  /* A grid of about 256 x 256 samples. */
  for (gint y = 0; y < height; y += step)
    {
      GeglRectangle line = { 0, y, width, 1 };
      gegl_buffer_get (buffer, &line, 1.0, fill_rgba_float (drawable), row,
                       GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
      for (gint x = 0; x < width; x += step, count++)
        {
          clear += row[4 * x + 3] < 0.5f;
          light += tessera_contour_luma (row + 4 * x);
        }
    }
  g_free (row);
  g_object_unref (buffer);

  if (gimp_drawable_has_alpha (TESSERA_DRAWABLE (drawable))
      && 10 * clear >= count)
    return FILL_SOURCE_ALPHA;
  return light >= 0.5 * count ? FILL_SOURCE_DARK : FILL_SOURCE_BRIGHT;
}

/* Marks the contour pixels of ROWS rows of RGBA (R'G'B'A floats, MAP's
 * width a row) in MAP from row Y0 on, on THREADS threads. */
static void
mark_contour (TesseraImage                  *map,
              gint                           y0,
              gint                           rows,
              gfloat                        *rgba,
              const TesseraContourThreshold *threshold,
              gint                           threads)
{
  TesseraImage band = tessera_image_view (rgba, map->width, rows, 4,
                                          TESSERA_F32);
  TesseraImage out  = *map;
  TesseraExec  exec = tessera_exec_default ();

  out.data   = tessera_image_row (map, y0);
  out.height = rows;
  exec.threads = threads;
  /* Both are the plug-in's own well-formed host images. */
  tessera_contour_map (&band, &out, threshold, &exec);
}

void
fill_map_pixels (TesseraImage                  *map,
                 gconstpointer                  pixels,
                 gsize                          stride,
                 const Babl                    *format,
                 const Babl                    *rgba_format,
                 gint                           band,
                 const TesseraContourThreshold *threshold)
{
  const Babl *fish = babl_fish (format, rgba_format);

#pragma omp parallel
  {
    gfloat *rgba = g_new (gfloat, 4 * (gsize) map->width * band);

#pragma omp for schedule(dynamic)
    for (gint y0 = 0; y0 < map->height; y0 += band)
      {
        gint rows = MIN (band, map->height - y0);
        for (gint y = 0; y < rows; y++)
          babl_process (fish,
                        (const guint8 *) pixels + (gsize) (y0 + y) * stride,
                        rgba + 4 * (gsize) map->width * y, map->width);
        /* One thread a band: the bands share the threads. */
        mark_contour (map, y0, rows, rgba, threshold, 1);
      }
    g_free (rgba);
  }
}

/* JOB's MAP from its PIXELS, read in the drawable's own format (or, for
 * the preview, in the plug-in's). */
static void
map_from_pixels (FillJob                       *job,
                 const TesseraContourThreshold *threshold)
{
  fill_map_pixels (&job->map, job->pixels.image.data,
                   job->pixels.image.stride, job->pixels.format, job->rgba,
                   job->band, threshold);
}

/* MAP straight from DRAWABLE as R'G'B'A float, for the sample types the
 * plug-in reads as others (half, u32, double): their conversion through
 * float could round differently. */
static void
map_from_drawable (TesseraImage                  *map,
                   gint32                         drawable,
                   const TesseraContourThreshold *threshold,
                   TesseraProgress               *progress)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE
                                                  (drawable));
  gint        band   = gimp_tile_height ();
  /* A band of tile rows at a time: the floats of the whole layer would
   * take 16 bytes a pixel. */
  gfloat     *rgba   = g_new (gfloat, 4 * (gsize) map->width * band);

  for (gint y0 = 0; y0 < map->height; y0 += band)
    {
      GeglRectangle rows = { 0, y0, map->width, MIN (band, map->height - y0) };
      gegl_buffer_get (buffer, &rows, 1.0, fill_rgba_float (drawable), rgba,
                       GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
      mark_contour (map, y0, rows.height, rgba, threshold, 0);
      tessera_progress_update (progress,
                               (gdouble) (y0 + rows.height) / map->height);
    }
  g_free (rgba);
  g_object_unref (buffer);
}

/* GUIDE's pixels over JOB's drawable (lined up in the image) into JOB's
 * guide, as R'G'B'A u8 in the drawable's space; transparent where GUIDE
 * does not reach. */
static TesseraStatus
read_guide (FillJob *job,
            gint32   guide)
{
  TesseraImage  *pixels = &job->guide;
  GeglBuffer    *buffer;
  GeglRectangle  rect = { 0, 0, job->map.width, job->map.height };
  gint           x, y;
  TesseraStatus  status = tessera_image_alloc (pixels, rect.width,
                                              rect.height, 4, TESSERA_U8);

  if (status != TESSERA_OK)
    return status;
  tessera_gimp_drawable_offsets (job->drawable, &rect.x, &rect.y);
  tessera_gimp_drawable_offsets (guide, &x, &y);
  rect.x -= x;
  rect.y -= y;
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (guide));
  gegl_buffer_get (buffer, &rect, 1.0,
                   babl_format_with_space ("R'G'B'A u8",
                                           gimp_drawable_get_format
                                             (TESSERA_DRAWABLE
                                                (job->drawable))),
                   pixels->data, (gint) pixels->stride, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
  return TESSERA_OK;
}

/* JOB lets go of its pixels: freed unless borrowed. */
static void
drop_pixels (FillJob *job)
{
  if (! job->pixels_borrowed)
    tessera_region_clear (&job->pixels);
  memset (&job->pixels, 0, sizeof (job->pixels));
  job->pixels_borrowed = FALSE;
}

gboolean
fill_job_read (FillJob             *job,
               gint32               drawable,
               const FillValues    *values,
               const TesseraRegion *layer,
               TesseraProgress     *progress,
               GError             **error)
{
  GeglRectangle  whole = { 0, 0, tessera_gimp_drawable_width (drawable),
                           tessera_gimp_drawable_height (drawable) };
  TesseraStatus  status;

  memset (job, 0, sizeof (*job));
  job->drawable = drawable;
  job->name     = gimp_item_get_name (TESSERA_ITEM (drawable));
  job->grey     = tessera_gimp_image_base_type
                    (tessera_gimp_item_image (drawable)) == GIMP_GRAY;
  job->rgba     = fill_rgba_float (drawable);
  job->band     = gimp_tile_height ();
  fill_foreground_pixel (job->rgba, job->foreground);
  status = tessera_image_alloc (&job->map, whole.width, whole.height, 1,
                                TESSERA_U8);
  if (status == TESSERA_OK && values->guide > 0
      && values->output == FILL_OUTPUT_FLAT)
    status = read_guide (job, values->guide);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  if (layer != NULL)
    {
      /* The caller's copy, in the format tessera_region_alloc picks: one
       * copy of the layer, not two. */
      job->pixels          = *layer;
      job->pixels_borrowed = TRUE;
      job->map_from_pixels = TRUE;
      return TRUE;
    }
  if (! tessera_region_alloc (&job->pixels, drawable, &whole, error))
    return FALSE;
  /* The pixels are read once, and only when used: for the map where they
   * are in the drawable's own format, and for output on the drawable. */
  job->map_from_pixels = job->pixels.format
                         == gimp_drawable_get_format (TESSERA_DRAWABLE
                                                        (drawable));
  if (job->map_from_pixels || values->output == FILL_OUTPUT_FOREGROUND)
    tessera_region_load (&job->pixels, progress);
  else
    tessera_region_clear (&job->pixels);
  return TRUE;
}

void
fill_job_map (FillJob          *job,
              const FillValues *values,
              TesseraProgress  *progress)
{
  TesseraContourThreshold threshold = fill_contour_threshold (values,
                                                         job->foreground);

  if (job->map_from_pixels)
    map_from_pixels (job, &threshold);
  else
    map_from_drawable (&job->map, job->drawable, &threshold,
                       values->output == FILL_OUTPUT_FOREGROUND
                       ? NULL : progress);
  /* Borrowed pixels serve the map only. */
  if (values->output != FILL_OUTPUT_FOREGROUND || job->pixels_borrowed)
    drop_pixels (job);
}

gboolean
fill_read_map (FillJob          *job,
               gint32            drawable,
               const FillValues *values,
               TesseraProgress  *progress,
               GError          **error)
{
  if (! fill_job_read (job, drawable, values, NULL, progress, error))
    return FALSE;
  fill_job_map (job, values, progress);
  return TRUE;
}

void
fill_job_clear (FillJob *job)
{
  tessera_image_free (&job->map);
  tessera_image_free (&job->paint);
  tessera_image_free (&job->closures);
  tessera_image_free (&job->guide);
  drop_pixels (job);
  g_clear_pointer (&job->name, g_free);
}
