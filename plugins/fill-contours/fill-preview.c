/* Tessera — Fill Closed Contours: the dialog's preview (fill-preview.h). */
#include "config.h"

#include <string.h>

#include "fill-preview.h"
#include "tessera-gimp.h"
#include "tessera-preview.h"

/* Whether A and B give the same fill (the backend and the layers do not
 * change the current layer's). */
static gboolean
same_fill (const FillValues *a,
           const FillValues *b)
{
  return a->source == b->source && a->threshold == b->threshold
      && a->connectivity == b->connectivity && a->output == b->output
      && a->bleed == b->bleed && a->gap == b->gap
      && a->edge_regions == b->edge_regions
      && a->min_region == b->min_region && a->to_centre == b->to_centre
      && a->guide == b->guide && a->seed == b->seed;
}

/* Fills the whole of DRAWABLE again when VALUES changed since the last
 * time; TRUE when it did. */
static gboolean
refill (FillPreview      *shown,
        gint32            drawable,
        const FillValues *values)
{
  TesseraExec  exec  = tessera_preview_exec (values->backend);
  GError      *error = NULL;

  if (shown->have_fill && same_fill (&shown->filled_with, values))
    return FALSE;
  fill_job_clear (&shown->job);
  g_clear_pointer (&shown->problem, g_free);
  if (! fill_read_map (&shown->job, drawable, values, NULL, &error)
      || ! fill_paint (&shown->job, 1, values, &exec, &error))
    {
      shown->problem = g_strdup (error->message);
      g_error_free (error);
    }
  /* The preview reads the pixels it shows itself. */
  tessera_region_clear (&shown->job.pixels);
  shown->filled_with = *values;
  shown->have_fill = TRUE;
  return TRUE;
}

/* The preview paints in R'G'B'A float, in the drawable's space, whatever
 * the drawable's format: blending needs numbers. */
typedef gfloat Rgba[4];

static void
mix (Rgba        out,
     const Rgba  colour,
     gfloat      amount)
{
  for (gint c = 0; c < 4; c++)
    out[c] += (colour[c] - out[c]) * amount;
}

/* Whether the paint is set at X, Y of the drawable. */
static gboolean
inside_at (const FillPreview *shown,
           gint               x,
           gint               y)
{
  const TesseraImage *paint = &shown->job.paint;
  gboolean            flat  = shown->filled_with.output == FILL_OUTPUT_FLAT;
  const guint8       *row;

  if (x < 0 || y < 0 || x >= paint->width || y >= paint->height)
    return FALSE;
  row = (const guint8 *) tessera_image_row (paint, y);
  return flat ? row[4 * x + 3] != 0 : row[x] != 0;
}

/* Whether X, Y of the drawable is contour: the lines drawn over the fill. */
static gboolean
line_at (const FillPreview *shown,
         gint               x,
         gint               y)
{
  const TesseraImage *map = &shown->job.map;

  return map->data != NULL
         && ((const guint8 *) tessera_image_row (map, y))[x] != 0;
}

/* Whether X, Y is inside with a neighbour outside: where the selection's
 * marching ants run. */
static gboolean
on_border (const FillPreview *shown,
           gint               x,
           gint               y)
{
  return inside_at (shown, x, y)
         && (! inside_at (shown, x - 1, y) || ! inside_at (shown, x + 1, y)
             || ! inside_at (shown, x, y - 1) || ! inside_at (shown, x, y + 1));
}

/* The colours one preview paints with. */
typedef struct
{
  Rgba foreground;   /* the fill */
  Rgba hatch;        /* the fill's hatching: half way to black or white,
                        whichever is further, so that a fill the colour of
                        the lines still shows its regions */
} Colours;

static void
colours_init (Colours    *colours,
              const Babl *format)
{
  gfloat luma;

  tessera_gimp_foreground_pixel (format, colours->foreground);
  luma = 0.3f * colours->foreground[0] + 0.59f * colours->foreground[1]
         + 0.11f * colours->foreground[2];
  memcpy (colours->hatch, colours->foreground, sizeof (Rgba));
  mix (colours->hatch, (Rgba) { luma < 0.5f, luma < 0.5f, luma < 0.5f, 1 },
       0.5f);
}

/* PIXEL, the drawable's at X, Y, as the preview shows it: inside, the
 * output's colour, hatched for the foreground colour, or the selection as
 * a blue tint inside marching ants; the lines over every fill. */
static void
paint_pixel (const FillPreview *shown,
             const Colours     *colours,
             gint               x,
             gint               y,
             Rgba               pixel)
{
  static const Rgba tint = { 0.2f, 0.45f, 1.0f, 1.0f };
  const guint8     *flat;

  if (! inside_at (shown, x, y))
    return;
  switch (shown->filled_with.output)
    {
    case FILL_OUTPUT_SELECTION:
      if (on_border (shown, x, y))
        {
          gfloat ant = (x + y) / 4 % 2;
          memcpy (pixel, (Rgba) { ant, ant, ant, 1 }, sizeof (Rgba));
        }
      else
        mix (pixel, tint, 0.35f);
      return;
    case FILL_OUTPUT_FLAT:
      if (line_at (shown, x, y))
        return;
      flat = (const guint8 *) tessera_image_row (&shown->job.paint, y)
             + 4 * x;
      for (gint c = 0; c < 4; c++)
        pixel[c] = flat[c] / 255.0f;
      return;
    default:
      if (line_at (shown, x, y))
        return;
      memcpy (pixel, (x + y) % 4 == 0 ? colours->hatch
                                      : colours->foreground, sizeof (Rgba));
      return;
    }
}

/* Draws the gaps' closing segments over PIXELS (REGION's rectangle) in a
 * colour that shows on any fill: the user sees where lines were joined. */
static void
paint_closures (const FillPreview   *shown,
                const GeglRectangle *rect,
                Rgba                *pixels)
{
  static const Rgba   marker   = { 1.0f, 0.0f, 1.0f, 1.0f };   /* magenta */
  const TesseraImage *closures = &shown->job.closures;

  if (closures->data == NULL)
    return;
  for (gint y = 0; y < rect->height; y++)
    {
      const guint8 *in = (const guint8 *) tessera_image_row (closures,
                                                             rect->y + y)
                         + rect->x;
      for (gint x = 0; x < rect->width; x++)
        if (in[x] != 0)
          memcpy (pixels[(gsize) y * rect->width + x], marker, sizeof (Rgba));
    }
}

/* Paints the fill over REGION as paint_pixel says. */
static void
paint_preview (const FillPreview *shown,
               TesseraRegion     *region)
{
  const Babl          *rgba = babl_format_with_space ("R'G'B'A float",
                                                      region->format);
  const GeglRectangle *rect = &region->rect;
  Rgba                *pixels = g_new (Rgba, (gsize) rect->width
                                                 * rect->height);
  Colours              colours;

  colours_init (&colours, rgba);
  babl_process_rows (babl_fish (region->format, rgba), region->image.data,
                     region->image.stride, (guint8 *) pixels,
                     rect->width * sizeof (Rgba), rect->width, rect->height);
  for (gint y = 0; y < rect->height; y++)
    for (gint x = 0; x < rect->width; x++)
      paint_pixel (shown, &colours, rect->x + x, rect->y + y,
                   pixels[(gsize) y * rect->width + x]);
  paint_closures (shown, rect, pixels);
  babl_process_rows (babl_fish (rgba, region->format), (guint8 *) pixels,
                     rect->width * sizeof (Rgba), region->image.data,
                     region->image.stride, rect->width, rect->height);
  g_free (pixels);
}

gboolean
fill_preview_update (FillPreview      *shown,
                     GimpPreview      *preview,
                     gint32            drawable,
                     const FillValues *values)
{
  GeglRectangle area = tessera_preview_area (preview);
  TesseraRegion region;
  gboolean      refilled;

  refilled = refill (shown, drawable, values);
  if (! tessera_region_read (&region, drawable, &area, NULL, NULL))
    return refilled;
  if (shown->problem == NULL)
    paint_preview (shown, &region);
  tessera_preview_draw (preview, &region.image, &region.rect,
                        region.format);
  tessera_region_clear (&region);
  return refilled;
}

void
fill_preview_clear (FillPreview *shown)
{
  fill_job_clear (&shown->job);
  g_clear_pointer (&shown->problem, g_free);
  shown->have_fill = FALSE;
}
