/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the dialog's preview (fill-preview.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "fill-preview.h"
#include "tessera-gimp.h"
#include "tessera-test-hook.h"

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

/* Reads what the fill of DRAWABLE needs when VALUES changed since the
 * last time (main thread); TRUE when it did: the fill is then made by
 * fill_again, from the layer the preview keeps (not read again: the
 * dialog holds one copy of it, and answers at once). */
static gboolean
refill (FillPreview      *shown,
        gint32            drawable,
        const FillValues *values)
{
  GError *error = NULL;

  if (shown->have_fill && same_fill (&shown->filled_with, values))
    return FALSE;
  fill_job_clear (&shown->job);
  g_clear_pointer (&shown->problem, g_free);
  if (! fill_job_read (&shown->job, drawable, values, &shown->original,
                       NULL, &error))
    {
      shown->problem = g_strdup (error->message);
      g_error_free (error);
    }
  shown->filled_with = *values;
  shown->have_fill = TRUE;
  shown->to_fill = TRUE;
  return TRUE;
}

/* Makes the fill that refill read (worker): no GIMP call from here on.
 * LIVE stops it when the settings change meanwhile; a fill that failed
 * (stopped or not) is read again at the next start. */
static void
fill_again (FillPreview *shown,
            TesseraLive *live)
{
  TesseraExec  exec  = tessera_live_exec (live, shown->filled_with.backend);
  GError      *error = NULL;

  if (shown->problem == NULL)
    {
      fill_job_map (&shown->job, &shown->filled_with, NULL);
      if (! fill_paint (&shown->job, 1, &shown->filled_with, &exec, &error))
        {
          shown->problem = g_strdup (error->message);
          shown->have_fill = FALSE;
          g_error_free (error);
        }
    }
  shown->to_fill = FALSE;
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
colours_init (Colours      *colours,
              const gfloat  foreground[4])
{
  gfloat luma;

  /* Read by the preview's start: GIMP is not called from the worker. */
  memcpy (colours->foreground, foreground, sizeof (Rgba));
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

/* Rows painted at a time: the floats of a whole layer would take 16
 * bytes a pixel, several times the layer itself. */
#define PAINT_BAND 64

/* Paints the fill over REGION as paint_pixel says, a band of rows at a
 * time. */
static void
paint_preview (const FillPreview *shown,
               TesseraRegion     *region)
{
  const Babl    *rgba = babl_format_with_space ("R'G'B'A float",
                                                region->format);
  const Babl    *to_rgba = babl_fish (region->format, rgba);
  const Babl    *from_rgba = babl_fish (rgba, region->format);
  GeglRectangle  band = region->rect;
  Rgba          *pixels = g_new (Rgba, (gsize) band.width * PAINT_BAND);
  Colours        colours;

  colours_init (&colours, shown->foreground);
  for (gint y0 = 0; y0 < region->rect.height; y0 += PAINT_BAND)
    {
      guint8 *data = tessera_image_row (&region->image, y0);

      band.y      = region->rect.y + y0;
      band.height = MIN (PAINT_BAND, region->rect.height - y0);
      babl_process_rows (to_rgba, data, region->image.stride,
                         (guint8 *) pixels, band.width * sizeof (Rgba),
                         band.width, band.height);
      for (gint y = 0; y < band.height; y++)
        for (gint x = 0; x < band.width; x++)
          paint_pixel (shown, &colours, band.x + x, band.y + y,
                       pixels[(gsize) y * band.width + x]);
      paint_closures (shown, &band, pixels);
      babl_process_rows (from_rgba, (guint8 *) pixels,
                         band.width * sizeof (Rgba), data,
                         region->image.stride, band.width, band.height);
    }
  g_free (pixels);
}

gboolean
fill_preview_start (TesseraLive *live,
                    gpointer     data)
{
  FillPreview   *shown    = data;
  gint32         drawable = shown->drawable;
  GeglRectangle  whole    = { 0, 0, tessera_gimp_drawable_width (drawable),
                              tessera_gimp_drawable_height (drawable) };
  FillValues     values;

  if (! shown->values_of (shown->dialog, &values))
    return FALSE;
  if (shown->original.image.data == NULL
      && ! tessera_region_read (&shown->original, drawable, &whole, NULL,
                                NULL))
    return FALSE;
  tessera_gimp_foreground_pixel (babl_format_with_space (
                                   "R'G'B'A float", shown->original.format),
                                 shown->foreground);
  shown->refilled = refill (shown, drawable, &values);
  return TRUE;
}

gboolean
fill_preview_compute (TesseraLive *live,
                      gpointer     data)
{
  FillPreview   *shown   = data;
  TesseraRegion *painted = &shown->painted;
  TesseraImage  *from    = &shown->original.image;

  if (shown->to_fill)
    fill_again (shown, live);
  tessera_region_clear (painted);
  if (! tessera_region_alloc_like (painted, &shown->original, NULL))
    return FALSE;
  for (gint y = 0; y < from->height; y++)
    memcpy (tessera_image_row (&painted->image, y),
            tessera_image_row (from, y),
            (gsize) from->width * tessera_pixel_size (from));
  if (shown->problem == NULL)
    paint_preview (shown, painted);
  return TRUE;
}

/* Whether the preview shows closing segments of gaps. */
static gboolean
has_closures (const FillPreview *shown)
{
  const TesseraImage *closures = &shown->job.closures;

  if (closures->data == NULL)
    return FALSE;
  for (gint y = 0; y < closures->height; y++)
    {
      const guint8 *row = tessera_image_row (closures, y);

      for (gint x = 0; x < closures->width; x++)
        if (row[x] != 0)
          return TRUE;
    }
  return FALSE;
}

gboolean
fill_preview_finish (TesseraLive *live,
                     gpointer     data)
{
  FillPreview *shown = data;

  tessera_live_show (live, &shown->painted.image, &shown->painted.rect,
                     shown->painted.format);
  tessera_region_clear (&shown->painted);
  if (shown->refilled)
    {
      const gchar *text = shown->problem;

      /* The closing segments are drawn over the fill but not painted: the
       * user is told what they are. */
      if (text == NULL && has_closures (shown))
        text = _("Magenta lines in the preview: gaps closed to find the "
                 "regions; they are not painted.");
      gtk_label_set_text (GTK_LABEL (shown->status),
                          text != NULL ? text : "");
      tessera_test_hook_note ("status", text);
    }
  return TRUE;
}

void
fill_preview_clear (FillPreview *shown)
{
  fill_job_clear (&shown->job);
  g_clear_pointer (&shown->problem, g_free);
  shown->have_fill = FALSE;
  shown->to_fill = FALSE;
  tessera_region_clear (&shown->original);
  tessera_region_clear (&shown->painted);
}

const gint fill_output_settings[3] =
{
  FILL_ARG_TO_CENTRE, FILL_ARG_GUIDE, FILL_ARG_SEED
};

gboolean
fill_setting_applies (const FillValues  *values,
                      gint               arg,
                      const gchar      **why_not)
{
  /* The line coloured to its centre, the guide's colours and the seed are
   * about telling regions apart by colour: one colour for all, or a
   * selection, has nothing to tell apart. */
  *why_not = _("Used only when Output is “Flat colours on a new layer”.");
  switch (arg)
    {
    case FILL_ARG_TO_CENTRE:
    case FILL_ARG_GUIDE:
    case FILL_ARG_SEED:
      return values->output == FILL_OUTPUT_FLAT;
    default:
      return TRUE;
    }
}
