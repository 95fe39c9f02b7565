/* Tessera — Segment Colours (MST): classes of colours found by cutting the
 * Euclidean minimum spanning tree of the layer's distinct colours
 * (core/mst-segment.h: weighted by pixel counts, or single linkage), shown
 * as a recoloured layer, a layer or a channel per class, or an indexed
 * copy whose palette is the class means. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "colour-histogram.h"
#include "tessera-gimp.h"
#include "tessera-output.h"
#include "tessera-progress.h"
#include "tessera-region.h"
#include "segment-work.h"

/* What a run works on, the selection's pixels and what was found in
 * them. */
typedef struct
{
  GimpRunMode            run_mode;
  gint32                 image;
  gint32                 drawable;
  GeglRectangle          bounds;   /* the selection's, on DRAWABLE */
  TesseraRegion          region;
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
} Segmentation;

static const gchar *
type_name (TesseraSampleType type)
{
  return type == TESSERA_U8 ? "u8" : type == TESSERA_U16 ? "u16" : "float";
}

/* ---- the selection mask -------------------------------------------------- */

/* How much of each pixel of S's bounds is selected, 0..255, or NULL when
 * nothing is selected (all of it counts). */
static guchar *
read_selection (const Segmentation *s)
{
  GeglRectangle  rect = s->bounds;
  GeglBuffer    *buffer;
  guchar        *mask;
  gint           x, y;

  if (gimp_selection_is_empty (TESSERA_IMAGE (s->image)))
    return NULL;
  tessera_gimp_drawable_offsets (s->drawable, &x, &y);
  rect.x += x;
  rect.y += y;
  mask = g_malloc ((gsize) rect.width * rect.height);
  buffer = gimp_drawable_get_buffer (
             TESSERA_DRAWABLE (tessera_gimp_image_selection (s->image)));
  gegl_buffer_get (buffer, &rect, 1.0, babl_format ("Y u8"), mask,
                   rect.width, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
  return mask;
}

/* ---- the work ------------------------------------------------------------ */

static gboolean
segment (Segmentation        *s,
         const SegmentValues *values,
         TesseraExec         *exec,
         GError             **error)
{
  TesseraMstSegment params = segment_params_of (values);
  TesseraStatus     status;

  status = tessera_colour_histogram (&s->region.image, &s->histogram, exec);
  if (status == TESSERA_OK)
    status = tessera_mst_segment (&s->histogram, &params, &s->classes, exec);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  return TRUE;
}

/* Says what the user may not expect: rounding of deep images, and fewer
 * classes than asked for. */
static void
tell_user (const Segmentation  *s,
           const SegmentValues *values)
{
  if (s->histogram.quantised)
    g_message (_("The layer has more than 8 bits per channel: its colours "
                 "were rounded to 8 bits to find the classes."));
  if (values->classes > s->classes.n_classes)
    g_message (ngettext ("Only %d class could be made: the selection has "
                         "%lu distinct colours, and no class may have less "
                         "than %.1f %% of the pixels.",
                         "Only %d classes could be made: the selection has "
                         "%lu distinct colours, and no class may have less "
                         "than %.1f %% of the pixels.",
                         s->classes.n_classes),
               s->classes.n_classes, (gulong) s->histogram.n_colours,
               100.0 * values->min_share);
}

static void
output_recoloured (Segmentation    *s,
                   TesseraProgress *progress)
{
  gint32 copy;

  tessera_mst_segment_recolour (&s->region.image, &s->histogram, &s->classes,
                                &s->region.image, NULL);
  if (! gimp_item_is_layer (TESSERA_ITEM (s->drawable)))
    {
      tessera_region_apply (&s->region, &s->bounds, progress);
      return;
    }
  gimp_image_undo_group_start (TESSERA_IMAGE (s->image));
  copy = tessera_gimp_layer_copy (s->drawable);
  tessera_output_insert_above (copy, s->drawable, _("Colour classes"));
  s->region.drawable = copy;
  tessera_region_apply (&s->region, &s->bounds, progress);
  tessera_output_complete (copy, _("Colour classes"));
  gimp_image_undo_group_end (TESSERA_IMAGE (s->image));
}

/* A class's pixels as they are, the others transparent, with alpha scaled
 * by the selection. */
static void
fill_class_layer (const Segmentation *s,
                  const guchar       *selection,
                  guint32             class,
                  gint                colour_channels,
                  guchar             *out)
{
  const TesseraImage *image  = &s->region.image;
  const gboolean      alpha  = image->channels == 2 || image->channels == 4;
  TesseraImage        result = tessera_image_view (out, image->width,
                                                   image->height,
                                                   colour_channels + 1,
                                                   image->type);
  gsize               i = 0;
  gint                x, y, c;

  for (y = 0; y < image->height; y++)
    for (x = 0; x < image->width; x++, i++)
      {
        gsize   in  = (gsize) x * image->channels;
        gsize   px  = (gsize) x * result.channels;
        gdouble a   = 0.0;

        if (s->classes.colour_class[s->histogram.pixel_colour[i]] == class)
          a = (alpha ? tessera_image_unit_sample_at (image, y,
                                                     in + image->channels - 1)
                     : 1.0)
              * (selection != NULL ? selection[i] / 255.0 : 1.0);
        for (c = 0; c < colour_channels; c++)
          tessera_image_set_unit_sample_at (
            &result, y, px + c,
            a > 0.0 ? tessera_image_unit_sample_at (image, y, in + c) : 0.0);
        tessera_image_set_unit_sample_at (&result, y, px + colour_channels, a);
      }
}

static gchar *
class_name (const Segmentation *s,
            gint                class)
{
  const gdouble *mean = s->classes.mean[class];
  /* TRANSLATORS: a class of colours, its number and its mean colour. */
  return g_strdup_printf (_("Class %d (#%02x%02x%02x)"), class + 1,
                          (guint) (mean[0] + 0.5), (guint) (mean[1] + 0.5),
                          (guint) (mean[2] + 0.5));
}

/* The format of a class layer's pixels as fill_class_layer writes them:
 * the layer's own, or, for a channel or layer mask of an RGB image (grey
 * pixels in a colour layer), the drawable's grey model with alpha, which
 * GEGL turns into the layer's colour. */
static const Babl *
class_layer_format (const TesseraRegion *region,
                    gint32               layer)
{
  const gchar *type = type_name (region->image.type);
  gchar       *encoding;
  const Babl  *format;

  if (! gimp_drawable_is_gray (TESSERA_DRAWABLE (region->drawable))
      || gimp_drawable_is_gray (TESSERA_DRAWABLE (layer)))
    return tessera_format_with_type (
             gimp_drawable_get_format (TESSERA_DRAWABLE (layer)), type);
  encoding = g_strdup_printf ("%s%s %s",
                              babl_get_name (babl_format_get_model (region->format)),
                              babl_format_has_alpha (region->format) ? "" : "A",
                              type);
  format = babl_format_with_space (encoding, region->format);
  g_free (encoding);
  return format;
}

/* Class C's layer in GROUP, at the selection's bounds, its pixels from
 * PIXELS (fill_class_layer's). */
static void
add_class_layer (const Segmentation *s,
                 gint32              group,
                 gint                c,
                 const guchar       *pixels)
{
  const TesseraImage *image = &s->region.image;
  GeglRectangle       whole = { 0, 0, image->width, image->height };
  gchar              *name  = class_name (s, c);
  gint32              layer;
  GeglBuffer         *buffer;
  gint                x, y;

  layer = tessera_gimp_layer_new (s->image, name, image->width, image->height,
                                  tessera_gimp_image_base_type (s->image)
                                  == GIMP_GRAY ? GIMP_GRAYA_IMAGE
                                               : GIMP_RGBA_IMAGE,
                                  GIMP_LAYER_MODE_NORMAL);
  g_free (name);
  tessera_gimp_insert_layer (s->image, layer, group, 0);
  tessera_gimp_drawable_offsets (s->drawable, &x, &y);
  gimp_layer_set_offsets (TESSERA_LAYER (layer), x + s->bounds.x,
                          y + s->bounds.y);
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (layer));
  gegl_buffer_set (buffer, &whole, 0, class_layer_format (&s->region, layer),
                   pixels, GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
}

static void
output_layers (Segmentation    *s,
               TesseraProgress *progress)
{
  const TesseraImage *image = &s->region.image;
  const gint          colour_channels
                        = gimp_drawable_is_gray (TESSERA_DRAWABLE (s->drawable))
                          ? 1 : 3;
  guchar             *selection = read_selection (s);
  gsize               bytes = (gsize) image->width * image->height
                              * tessera_sample_size (image->type)
                              * (colour_channels + 1);
  guchar             *pixels = g_malloc (bytes);
  gint32              group;
  gint                c;

  gimp_image_undo_group_start (TESSERA_IMAGE (s->image));
  group = tessera_gimp_layer_group_new (s->image);
  tessera_output_insert_above (group, s->drawable, _("Colour classes"));
  for (c = s->classes.n_classes - 1; c >= 0; c--)
    {
      fill_class_layer (s, selection, (guint32) c, colour_channels, pixels);
      add_class_layer (s, group, c, pixels);
      tessera_progress_update (progress,
                               1.0 - (gdouble) c / s->classes.n_classes);
    }
  tessera_output_complete (group, _("Colour classes"));
  gimp_image_undo_group_end (TESSERA_IMAGE (s->image));
  g_free (pixels);
  g_free (selection);
}

/* A new channel for class C, named as incomplete, shown in its mean
 * colour, its pixels (on the image) from MASK (over the selection's
 * bounds). */
static gint32
add_class_channel (const Segmentation *s,
                   gint                c,
                   const guchar       *mask)
{
  const gdouble *mean = s->classes.mean[c];
  guchar         rgb[3];
  gchar         *name = class_name (s, c);
  gchar         *incomplete = tessera_output_incomplete_name (name);
  GeglRectangle  rect = s->bounds;
  gint32         channel;
  GeglBuffer    *buffer;
  gint           x, y, i;

  for (i = 0; i < 3; i++)
    rgb[i] = (guchar) (mean[i] + 0.5);
  channel = tessera_gimp_channel_add (s->image, incomplete, 50.0, rgb);
  g_free (incomplete);
  g_free (name);
  tessera_gimp_drawable_offsets (s->drawable, &x, &y);
  rect.x += x;
  rect.y += y;
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (channel));
  gegl_buffer_set (buffer, &rect, 0, babl_format ("Y u8"), mask,
                   GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
  return channel;
}

static void
output_channels (Segmentation    *s,
                 TesseraProgress *progress)
{
  const TesseraImage *image = &s->region.image;
  const gsize         n     = (gsize) image->width * image->height;
  guchar             *selection = read_selection (s);
  guchar             *mask  = g_malloc (n);
  gint32             *channels = g_new (gint32, s->classes.n_classes);
  gint                c;
  gsize               i;

  gimp_image_undo_group_start (TESSERA_IMAGE (s->image));
  for (c = s->classes.n_classes - 1; c >= 0; c--)
    {
      for (i = 0; i < n; i++)
        mask[i] = s->classes.colour_class[s->histogram.pixel_colour[i]]
                  == (guint32) c ? (selection != NULL ? selection[i] : 255)
                                 : 0;
      channels[c] = add_class_channel (s, c, mask);
      tessera_progress_update (progress,
                               1.0 - (gdouble) c / s->classes.n_classes);
    }
  for (c = 0; c < s->classes.n_classes; c++)
    {
      gchar *name = class_name (s, c);

      tessera_output_complete (channels[c], name);
      g_free (name);
    }
  gimp_image_undo_group_end (TESSERA_IMAGE (s->image));
  g_free (channels);
  g_free (mask);
  g_free (selection);
}

/* A new indexed image of the selection's bounds: class numbers as pixels,
 * the class means as palette, alpha kept. */
static void
output_indexed (const Segmentation *s)
{
  const TesseraImage *image = &s->region.image;
  const gboolean      alpha = image->channels == 2 || image->channels == 4;
  const gint          bpp   = alpha ? 2 : 1;
  guchar              palette[3 * TESSERA_MST_SEGMENT_MAX_CLASSES];
  guchar             *pixels = g_malloc ((gsize) image->width * image->height
                                         * bpp);
  GeglRectangle       whole = { 0, 0, image->width, image->height };
  TesseraImage        indexed;
  gint32              copy, layer;
  GeglBuffer         *buffer;
  gsize               i = 0;
  gint                c, x, y;

  for (c = 0; c < s->classes.n_classes; c++)
    for (x = 0; x < 3; x++)
      palette[3 * c + x] = (guchar) (s->classes.mean[c][x] + 0.5);
  indexed = tessera_image_view (pixels, image->width, image->height, bpp,
                                TESSERA_U8);
  for (y = 0; y < image->height; y++)
    for (x = 0; x < image->width; x++, i++)
      {
        pixels[bpp * i] = (guchar) s->classes.colour_class[s->histogram.pixel_colour[i]];
        if (alpha)
          tessera_image_set_unit_sample_at (
            &indexed, y, (gsize) x * bpp + 1,
            tessera_image_unit_sample_at (image, y, (gsize) x * image->channels
                                                    + image->channels - 1));
      }

  copy = tessera_gimp_image_new (image->width, image->height, GIMP_INDEXED);
  gimp_image_undo_disable (TESSERA_IMAGE (copy));
  tessera_gimp_image_set_colormap (copy, palette, s->classes.n_classes);
  layer = tessera_gimp_layer_new (copy, _("Colour classes"), image->width,
                                  image->height,
                                  alpha ? GIMP_INDEXEDA_IMAGE
                                        : GIMP_INDEXED_IMAGE,
                                  GIMP_LAYER_MODE_NORMAL);
  tessera_gimp_insert_layer (copy, layer, 0, 0);
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (layer));
  gegl_buffer_set (buffer, &whole, 0,
                   gimp_drawable_get_format (TESSERA_DRAWABLE (layer)),
                   pixels, GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
  gimp_image_undo_enable (TESSERA_IMAGE (copy));
  if (s->run_mode == GIMP_RUN_INTERACTIVE)
    tessera_gimp_display_new (copy);
  g_free (pixels);
}

static void
make_output (Segmentation    *s,
             SegmentOutput    output,
             TesseraProgress *progress)
{
  switch (output)
    {
    case OUTPUT_RECOLOURED_LAYER:
      output_recoloured (s, progress);
      break;
    case OUTPUT_LAYER_PER_CLASS:
      output_layers (s, progress);
      break;
    case OUTPUT_CHANNEL_PER_CLASS:
      output_channels (s, progress);
      break;
    case OUTPUT_INDEXED_COPY:
      output_indexed (s);
      break;
    }
}

gboolean
segment_run (GimpRunMode          run_mode,
             gint32               drawable,
             const GeglRectangle *bounds,
             const SegmentValues *values,
             GError             **error)
{
  Segmentation    s;
  TesseraProgress progress;
  TesseraExec     exec;
  gboolean        ok;

  memset (&s, 0, sizeof s);
  s.run_mode = run_mode;
  s.image    = tessera_gimp_item_image (drawable);
  s.drawable = drawable;
  s.bounds   = *bounds;
  tessera_progress_start (&progress, _("Segmenting colours"));
  tessera_progress_stage (&progress, 0.1);
  if (! tessera_region_read (&s.region, drawable, bounds, &progress, error))
    return FALSE;
  tessera_progress_stage (&progress, 0.7);
  exec = tessera_progress_exec (&progress, values->backend);
  ok = segment (&s, values, &exec, error);
  if (ok)
    {
      tell_user (&s, values);
      tessera_progress_stage (&progress, 0.2);
      make_output (&s, (SegmentOutput) values->output, &progress);
    }
  tessera_mst_classes_free (&s.classes);
  tessera_colour_histogram_free (&s.histogram);
  tessera_region_clear (&s.region);
  return ok;
}
