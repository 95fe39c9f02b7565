/* Tessera — Fill Closed Contours: the dialog's preview (fill-preview.h). */
#include "config.h"

#include <string.h>

#include "fill-preview.h"
#include "tessera-gimp.h"

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
      && a->guide == b->guide;
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
  /* The preview keeps the pixels it shows itself. */
  tessera_region_clear (&shown->job.pixels);
  shown->filled_with = *values;
  shown->have_fill = TRUE;
  return TRUE;
}

/* Draws the gaps' closing segments over REGION in a colour that shows on
 * any fill: the user sees where lines were joined. */
static void
paint_closures (const FillPreview *shown,
                TesseraRegion     *region)
{
  static const gdouble marker[4] = { 1.0, 0.0, 1.0, 1.0 };   /* magenta */
  const TesseraImage  *closures = &shown->job.closures;
  gsize                size = tessera_pixel_size (&region->image);
  guint8               pixel[64];

  if (closures->data == NULL)
    return;
  babl_process (babl_fish (babl_format ("R'G'B'A double"), region->format),
                marker, pixel, 1);
  for (gint y = 0; y < region->rect.height; y++)
    {
      const guint8 *in = (const guint8 *) tessera_image_row (closures,
                                                             region->rect.y + y)
                         + region->rect.x;
      guint8 *out = tessera_image_row (&region->image, y);
      for (gint x = 0; x < region->rect.width; x++)
        if (in[x] != 0)
          memcpy (out + x * size, pixel, size);
    }
}

/* Paints the fill over REGION, in the colours the output will have. */
static void
paint_preview (const FillPreview *shown,
               TesseraRegion     *region)
{
  const TesseraImage *paint = &shown->job.paint;
  gsize               size  = tessera_pixel_size (&region->image);
  gboolean            flat  = shown->filled_with.output == FILL_OUTPUT_FLAT;
  const Babl         *fish;
  guint8              foreground[64];

  babl_process (babl_fish (babl_format_with_space ("R'G'B'A float",
                                                   region->format),
                           region->format),
                shown->foreground, foreground, 1);
  fish = babl_fish (babl_format_with_space ("R'G'B'A u8", region->format),
                    region->format);

  for (gint y = 0; y < region->rect.height; y++)
    {
      const guint8 *in = (const guint8 *) tessera_image_row (paint,
                                                             region->rect.y + y)
                         + (gsize) region->rect.x * (flat ? 4 : 1);
      guint8 *out = tessera_image_row (&region->image, y);
      for (gint x = 0; x < region->rect.width; x++)
        if (flat && in[4 * x + 3] != 0)
          babl_process (fish, in + 4 * x, out + x * size, 1);
        else if (! flat && in[x] != 0)
          memcpy (out + x * size, foreground, size);
    }
  paint_closures (shown, region);
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

gboolean
fill_preview_finish (TesseraLive *live,
                     gpointer     data)
{
  FillPreview *shown = data;

  tessera_live_show (live, &shown->painted.image, &shown->painted.rect,
                     shown->painted.format);
  tessera_region_clear (&shown->painted);
  if (shown->refilled)
    gtk_label_set_text (GTK_LABEL (shown->status),
                        shown->problem != NULL ? shown->problem : "");
  return TRUE;
}

void
fill_preview_clear (FillPreview *shown)
{
  fill_job_clear (&shown->job);
  g_clear_pointer (&shown->problem, g_free);
  shown->have_fill = FALSE;
  tessera_region_clear (&shown->original);
  tessera_region_clear (&shown->painted);
}
