#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "contour-map.h"
#include "fill-bands.h"
#include "fill-work.h"
#include "fill-work-private.h"
#include "tessera-args.h"
#include "tessera-gimp.h"
#include "tessera-output.h"
#include "tessera-region.h"

#define CONTOUR TESSERA_CONTOUR
#define INSIDE  TESSERA_FILL_CONTOURS_INTERIOR

/* ------------------------------------------------------------------ */
/* The contour map. */

/* The drawable's pixels as perceptual RGBA floats in its own colour space:
 * every type, precision and model reads the same way. */
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
          babl_process (fish, (const guint8 *) pixels + (gsize) (y0 + y) * stride,
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

gboolean
fill_job_read (FillJob          *job,
               gint32            drawable,
               const FillValues *values,
               gboolean          all_pixels,
               TesseraProgress  *progress,
               GError          **error)
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
  if (! tessera_region_alloc (&job->pixels, drawable, &whole, error))
    return FALSE;
  /* The pixels are read once, and only when used: for the map where they
   * are in the drawable's own format (or must be: off the main thread),
   * and for output on the drawable. */
  job->map_from_pixels = all_pixels
                         || job->pixels.format
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
  if (values->output != FILL_OUTPUT_FOREGROUND)
    tessera_region_clear (&job->pixels);
}

gboolean
fill_read_map (FillJob          *job,
               gint32            drawable,
               const FillValues *values,
               TesseraProgress  *progress,
               GError          **error)
{
  if (! fill_job_read (job, drawable, values, FALSE, progress, error))
    return FALSE;
  fill_job_map (job, values, progress);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Paint: the interior in the output's colours. */

/* Whether IMAGE has a pixel equal to VALUE (EQUAL) or one that differs
 * from it: the search stops at the first, where counting read them all. */
static gboolean
has_value (const TesseraImage *image,
           guint8              value,
           gboolean            equal)
{
  for (gint y = 0; y < image->height; y++)
    {
      const guint8 *row = tessera_image_row (image, y);
      for (gint x = 0; x < image->width; x++)
        if ((row[x] == value) == equal)
          return TRUE;
    }
  return FALSE;
}

gchar *
fill_nothing_reason (const gchar *name,
                     gboolean     line,
                     gboolean     free,
                     gboolean     inside)
{
  gchar *why = NULL;

  if (! line)
    why = g_strdup_printf (_("“%s” has no contour with this contour source "
                             "and threshold; try another source or "
                             "threshold."), name);
  else if (! free)
    why = g_strdup_printf (_("Every pixel of “%s” is contour with this "
                             "contour source and threshold, so nothing can "
                             "be inside; try another source or threshold."),
                           name);
  else if (! inside)
    why = g_strdup_printf (_("“%s” has no closed contour: every free pixel "
                             "reaches the edge of the layer, so nothing was "
                             "filled."), name);
  return why;
}

/* Why JOB has nothing to fill, or NULL; INSIDE: whether anything of its
 * map is inside. */
static gchar *
nothing_to_fill (const FillJob *job,
                 gboolean       inside)
{
  return fill_nothing_reason (job->name, has_value (&job->map, CONTOUR, TRUE),
                              has_value (&job->map, CONTOUR, FALSE), inside);
}

/* The flat colours: region N gets entry N of a palette whose entries all
 * differ.  An entry is a number below LEVELS^CHANNELS read as one digit
 * per channel, each digit a level STEP u8 steps above FLAT_DARKEST: far
 * enough apart to stay apart in every precision (a linear u8 layer maps
 * 2 steps of these to more than one).  Region N takes number N * STRIDE
 * modulo the size, STRIDE prime to it and about 0.618 of it, so that
 * neighbours in the numbering differ in every channel.  Regions beyond the
 * size (32768 colours; 78 greys, on grey images) repeat the palette. */
typedef struct
{
  guint channels, levels, step, stride;
} Palette;

#define FLAT_DARKEST 90   /* light enough for the lines to show on top */

static const Palette colour_palette = { 3, 32, 5, 20251 };
static const Palette grey_palette   = { 1, 78, 2, 49 };

static guint
palette_size (const Palette *palette)
{
  return palette->channels == 3
         ? palette->levels * palette->levels * palette->levels
         : palette->levels;
}

/* Where the numbering starts in the palette: at 0 for seed 0, the colours
 * of every run before the seed; for another seed at an entry mixed from it,
 * never 0, so that every region's colour changes and all stay apart. */
static guint
palette_start (const Palette *palette,
               guint          seed)
{
  guint32 mixed = seed * 2654435761u;   /* Knuth's multiplicative hash */

  if (seed == 0)
    return 0;
  mixed ^= mixed >> 15;
  return 1 + mixed % (palette_size (palette) - 1);
}

static void
region_colour (const Palette *palette,
               guint          number,
               guint8        *rgba)
{
  guint size  = palette_size (palette);
  guint entry = (number % size) * palette->stride % size;

  for (guint c = 0; c < palette->channels; c++, entry /= palette->levels)
    rgba[c] = FLAT_DARKEST + palette->step * (entry % palette->levels);
  for (guint c = palette->channels; c < 3; c++)
    rgba[c] = rgba[0];
  rgba[3] = 255;
}

guint8 *
fill_flat_colours (gboolean       grey,
                   guint          seed,
                   const guint32 *guide,
                   guint          count)
{
  /* A grey image's new layer is grey: its colours must differ as greys. */
  const Palette *palette = grey ? &grey_palette : &colour_palette;
  guint          start = palette_start (palette, seed);
  guint8        *rgba = g_new (guint8, 4 * ((gsize) count + 1));

  memset (rgba, 0, 4);
  for (guint region = 1; region <= count; region++)
    {
      guint8 *out = rgba + 4 * (gsize) region;

      if (guide != NULL && guide[region] != 0)
        {
          out[0] = guide[region] >> 16 & 255;
          out[1] = guide[region] >> 8 & 255;
          out[2] = guide[region] & 255;
          out[3] = 255;
        }
      else
        region_colour (palette, region - 1 + start, out);
    }
  return rgba;
}

gboolean
fill_wants_regions (const FillValues *values)
{
  return values->gap > 0 || values->edge_regions || values->min_region > 0
         || values->to_centre;
}

/* The core's settings for VALUES. */
static TesseraFillRegions
regions_params (const FillValues *values)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();

  params.connectivity = values->connectivity;
  params.gap          = values->gap;
  params.edge_regions = values->edge_regions;
  params.min_region   = values->min_region;
  params.bleed        = values->bleed;
  params.to_centre    = values->to_centre;
  return params;
}

/* The regions of JOB's map (core/fill-regions.h) into LABELS, the closing
 * segments into JOB's closures. */
static TesseraStatus
job_regions (FillJob            *job,
             const FillValues   *values,
             TesseraExec        *exec,
             TesseraLabels      *labels)
{
  TesseraFillRegions params = regions_params (values);
  gint               width = job->map.width, height = job->map.height;
  TesseraStatus      status;

  status = tessera_labels_alloc (labels, width, height);
  if (status == TESSERA_OK && values->gap > 0)
    status = tessera_image_alloc (&job->closures, width, height, 1,
                                  TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_fill_regions (&job->map, labels,
                                   values->gap > 0 ? &job->closures : NULL,
                                   &params, exec);
  return status;
}

/* The guide's colour for each region of LABELS (0: none), or NULL when
 * JOB has no guide (VALUES have none or no flat colours). */
static guint32 *
guide_colours (const FillJob        *job,
               const TesseraLabels  *labels,
               TesseraStatus        *status)
{
  guint32 *colour_of;

  *status = TESSERA_OK;
  if (job->guide.data == NULL)
    return NULL;
  colour_of = g_new (guint32, (gsize) labels->count + 1);
  *status = tessera_fill_regions_guide (labels, &job->guide, colour_of);
  return colour_of;
}

/* Turns LABELS (of JOB's map, the line coloured by VALUES already) into
 * the paint VALUES ask for: the flat colours, one per region (the guide's
 * where GUIDE, by region, has one), or the mask of the numbered pixels. */
static gboolean
paint_from_labels (FillJob              *job,
                   const TesseraLabels  *labels,
                   const FillValues     *values,
                   const guint32        *guide,
                   GError              **error)
{
  gboolean       flat = values->output == FILL_OUTPUT_FLAT;
  /* A grey image's new layer is grey: its colours must differ as greys. */
  const Palette *palette = job->grey ? &grey_palette : &colour_palette;
  guint          start = palette_start (palette, values->seed);
  TesseraImage   paint;
  TesseraStatus  status = tessera_image_alloc (&paint, labels->width,
                                              labels->height, flat ? 4 : 1,
                                              TESSERA_U8);

  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
#pragma omp parallel for schedule(static)
  for (gint y = 0; y < labels->height; y++)
    {
      guint8        *out = tessera_image_row (&paint, y);
      const guint32 *in  = labels->label + (gsize) y * labels->width;
      for (gint x = 0; x < labels->width; x++)
        if (! flat)
          out[x] = in[x] != 0 ? INSIDE : 0;
        else if (in[x] != 0 && guide != NULL && guide[in[x]] != 0)
          {
            out[4 * x]     = guide[in[x]] >> 16 & 255;
            out[4 * x + 1] = guide[in[x]] >> 8 & 255;
            out[4 * x + 2] = guide[in[x]] & 255;
            out[4 * x + 3] = 255;
          }
        else if (in[x] != 0)
          region_colour (palette, in[x] - 1 + start, out + 4 * x);
        else
          memset (out + 4 * x, 0, 4);
    }
  tessera_image_free (&job->paint);
  job->paint = paint;
  return TRUE;
}

/* The regions path: every job through the core's regions of line art
 * (flat colours, a bleed or the options of line art need the numbers). */
static gboolean
paint_regions_jobs (FillJob          *jobs,
                    gint              count,
                    const FillValues *values,
                    TesseraExec      *exec,
                    gchar           **why,
                    gint             *filled,
                    GError          **error)
{
  TesseraFillRegions params = regions_params (values);

  for (gint i = 0; i < count; i++)
    {
      TesseraLabels  labels;
      TesseraStatus  status = job_regions (&jobs[i], values, exec, &labels);
      guint32       *guide = NULL;
      gchar         *reason;
      gboolean       ok;

      /* The dabs count where they lie, before the line is coloured. */
      if (status == TESSERA_OK)
        guide = guide_colours (&jobs[i], &labels, &status);
      /* Its colours by region are all that is used of the guide. */
      tessera_image_free (&jobs[i].guide);
      if (status == TESSERA_OK)
        status = tessera_fill_regions_under_line (&jobs[i].map, &labels,
                                                  &params);
      if (status != TESSERA_OK)
        {
          g_free (guide);
          tessera_labels_free (&labels);
          tessera_set_error (error, status);
          return FALSE;
        }
      /* A region has pixels: the paint is made only where it is used. */
      reason = nothing_to_fill (&jobs[i], labels.count > 0);
      if (reason != NULL)
        {
          if (*why == NULL)
            *why = reason;
          else
            g_free (reason);
          tessera_labels_free (&labels);
          g_free (guide);
          continue;
        }
      (*filled)++;
      ok = paint_from_labels (&jobs[i], &labels, values, guide, error);
      g_free (guide);
      tessera_labels_free (&labels);
      if (! ok)
        return FALSE;
    }
  return TRUE;
}

/* The plain path: the interior of every job's map in one batch (on the
 * GPU where it pays), the paint the mask itself. */
static gboolean
paint_interior_jobs (FillJob          *jobs,
                     gint              count,
                     const FillValues *values,
                     TesseraExec      *exec,
                     gchar           **why,
                     gint             *filled,
                     GError          **error)
{
  TesseraFillContours  params = tessera_fill_contours_defaults ();
  TesseraImage        *maps   = g_new (TesseraImage, count);
  TesseraImage        *masks  = g_new0 (TesseraImage, count);
  TesseraStatus        status = TESSERA_OK;

  params.connectivity = values->connectivity;
  for (gint i = 0; i < count && status == TESSERA_OK; i++)
    {
      maps[i] = jobs[i].map;
      status = tessera_image_alloc (&masks[i], maps[i].width, maps[i].height,
                                    1, TESSERA_U8);
    }
  if (status == TESSERA_OK)
    status = tessera_fill_contours_batch (maps, masks, count, &params, exec);
  /* The jobs own the masks from here on, whatever happens. */
  for (gint i = 0; i < count; i++)
    jobs[i].paint = masks[i];
  g_free (maps);
  g_free (masks);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  for (gint i = 0; i < count; i++)
    {
      gchar *reason = nothing_to_fill (&jobs[i], has_value (&jobs[i].paint,
                                                            INSIDE, TRUE));
      if (reason == NULL)
        {
          (*filled)++;
          continue;
        }
      tessera_image_free (&jobs[i].paint);
      if (*why == NULL)
        *why = reason;
      else
        g_free (reason);
    }
  return TRUE;
}

gboolean
fill_paint (FillJob          *jobs,
            gint              count,
            const FillValues *values,
            TesseraExec      *exec,
            GError          **error)
{
  gchar    *why = NULL;
  gint      filled = 0;
  gboolean  ok;

  /* A layer with nothing to fill is left alone; an error only when no
   * layer has anything. */
  if (fill_wants_regions (values) || values->output == FILL_OUTPUT_FLAT
      || values->bleed > 0)
    ok = paint_regions_jobs (jobs, count, values, exec, &why, &filled, error);
  else
    ok = paint_interior_jobs (jobs, count, values, exec, &why, &filled,
                              error);
  if (ok && filled == 0)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_EMPTY_IMAGE, why);
      ok = FALSE;
    }
  g_free (why);
  return ok;
}

/* ------------------------------------------------------------------ */
/* The outputs. */

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

/* The foreground colour where JOB's paint is set, over RECT of REGION (of
 * the job's drawable or of a new layer the same size). */
static void
write_foreground (const FillJob       *job,
                  const TesseraRegion *region,
                  const GeglRectangle *rect,
                  TesseraProgress     *progress)
{
  TesseraImage view = tessera_region_view (region, rect);
  gsize        size = tessera_pixel_size (&view);
  guint8       pixel[64];

  fill_foreground_pixel (region->format, pixel);
#pragma omp parallel for schedule(static)
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
  tessera_region_apply (region, rect, progress);
}

/* The foreground colour where JOB's paint is set, over RECT of the new,
 * transparent LAYER: nothing to read, it is zeros in every format. */
static void
write_foreground_layer (const FillJob       *job,
                        gint32               layer,
                        const GeglRectangle *rect,
                        TesseraProgress     *progress)
{
  TesseraRegion region;

  if (! tessera_region_alloc (&region, layer, rect, NULL))
    return;
  for (gint y = 0; y < rect->height; y++)
    memset (tessera_image_row (&region.image, y), 0,
            tessera_pixel_size (&region.image) * rect->width);
  write_foreground (job, &region, rect, progress);
  tessera_region_clear (&region);
}

/* The flat colours over RECT of the new LAYER. */
static void
write_flat (const FillJob       *job,
            gint32               layer,
            const GeglRectangle *rect,
            TesseraProgress     *progress)
{
  TesseraRegion region;

  region.drawable = layer;
  region.rect     = (GeglRectangle) { 0, 0, job->paint.width,
                                      job->paint.height };
  region.format   = babl_format_with_space ("R'G'B'A u8",
                                            gimp_drawable_get_format
                                              (TESSERA_DRAWABLE (layer)));
  region.image    = job->paint;
  tessera_region_apply (&region, rect, progress);
}

gint32
fill_selection_channel (gint32 image)
{
  static const guchar black[3] = { 0, 0, 0 };
  gint32              channel;
  GeglBuffer         *buffer;

  channel = tessera_gimp_channel_add (image, _("Fill interior"), 100.0,
                                      black);
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
      GeglRectangle       area;
      guint8             *mask;

      if (paint->data == NULL)
        continue;
      tessera_gimp_drawable_offsets (jobs[i].drawable, &area.x, &area.y);
      area.width  = paint->width;
      area.height = paint->height;
      /* The layer's area in one read and one write, not two buffer calls
       * per row (faster: bench/RESULTS.md, Fill Closed Contours). */
      mask = g_malloc ((gsize) paint->width * paint->height);
      gegl_buffer_get (buffer, &area, 1.0, babl_format ("Y u8"), mask,
                       GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
      for (gint y = 0; y < paint->height; y++)
        {
          const guint8 *inside = tessera_image_row (paint, y);
          guint8       *row = mask + (gsize) y * paint->width;
          /* Inside in any layer: the brighter of what is there and this. */
          for (gint x = 0; x < paint->width; x++)
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
            write_foreground (&jobs[i], &jobs[i].pixels, &bounds, progress);
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

void
fill_job_clear (FillJob *job)
{
  tessera_image_free (&job->map);
  tessera_image_free (&job->paint);
  tessera_image_free (&job->closures);
  tessera_image_free (&job->guide);
  tessera_region_clear (&job->pixels);
  g_clear_pointer (&job->name, g_free);
}

/* ------------------------------------------------------------------ */
/* The run. */

gboolean
fill_check (gconstpointer   data,
            GError        **error)
{
  const FillValues *values = data;

  if (values->guide <= 0 || tessera_gimp_item_is_layer (values->guide))
    return TRUE;
  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               _("guide must be a layer or -1, not %d."), values->guide);
  return FALSE;
}

/* Appends to LAYERS the layers of IMAGE at the top (GROUP -1) or in
 * GROUP that are not groups, those inside groups too. */
static void
collect_layers (gint32  image,
                gint32  group,
                GArray *layers)
{
  gint    n_items;
  gint32 *items = tessera_gimp_layers (image, group, &n_items);

  for (gint i = 0; i < n_items; i++)
    if (gimp_item_is_group (TESSERA_ITEM (items[i])))
      collect_layers (image, items[i], layers);
    else
      g_array_append_val (layers, items[i]);
  g_free (items);
}

/* The drawables of a run: DRAWABLE, or every layer of IMAGE. */
static GArray *
run_drawables (gint32            image,
               gint32            drawable,
               const FillValues *values)
{
  GArray *drawables = g_array_new (FALSE, FALSE, sizeof (gint32));

  if (values->all_layers)
    collect_layers (image, -1, drawables);
  else
    g_array_append_val (drawables, drawable);
  return drawables;
}

/* Reads every drawable's contour map, fills them in one batch (the GPU
 * overlaps one layer's copies with another's work), writes the outputs. */
gboolean
fill_run (gint32             image,
          gint32             drawable,
          const FillValues  *values,
          GError           **error)
{
  GArray          *drawables;
  gint             count;
  FillJob         *jobs;
  TesseraProgress  progress;
  TesseraExec      exec;
  gboolean         ok = TRUE;

  /* A large drawable whose fill needs no whole-map step streams. */
  if (fill_bands_suit (drawable, values))
    return fill_bands_run (image, drawable, values, error);
  drawables = run_drawables (image, drawable, values);
  count = drawables->len;
  jobs = g_new0 (FillJob, count);
  tessera_progress_start (&progress, _("Fill Closed Contours"));
  for (gint i = 0; i < count && ok; i++)
    {
      tessera_progress_stage (&progress, 0.3 / count);
      ok = fill_read_map (&jobs[i], g_array_index (drawables, gint32, i),
                          values, &progress, error);
    }
  if (ok)
    {
      tessera_progress_stage (&progress, 0.3);
      exec = tessera_progress_exec (&progress, values->backend);
      ok = fill_paint (jobs, count, values, &exec, error);
    }
  if (ok)
    {
      tessera_progress_stage (&progress, 0.4);
      fill_write (jobs, count, values, image, &progress);
    }
  for (gint i = 0; i < count; i++)
    fill_job_clear (&jobs[i]);
  g_free (jobs);
  g_array_free (drawables, TRUE);
  return ok;
}
