/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): classes of colours found by cutting the
 * Euclidean minimum spanning tree of the layer's distinct colours
 * (core/mst-segment.h: weighted by pixel counts, or single linkage), shown
 * as a recoloured layer, a layer or a channel per class, or an indexed
 * copy whose palette is the class means.  The drawable is read in bands,
 * twice (segment-bands.h), so that the plug-in's memory is a few bands and
 * the colours' histogram, not the drawable's size. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "stage-clock.h"
#include "tessera-canvas.h"
#include "tessera-gimp.h"
#include "tessera-output.h"
#include "tessera-progress.h"
#include "tessera-test-hook.h"
#include "segment-bands.h"
#include "segment-device.h"
#include "segment-work.h"

/* What a run works on, read band by band (segment-bands.h), and the classes
 * found in it. */
typedef struct
{
  GimpRunMode            run_mode;
  gint32                 image;
  gint32                 drawable;
  SegmentBands           bands;
  SegmentDevice          device;   /* the layer on the GPU, when taken */
  TesseraMstClasses      classes;
} Segmentation;

static const gchar *
type_name (TesseraSampleType type)
{
  return type == TESSERA_U8 ? "u8" : type == TESSERA_U16 ? "u16" : "float";
}

/* ---- the selection mask -------------------------------------------------- */

/* Whether pixels are weighed by a selection (none: all of them count). */
static gboolean
has_selection (const Segmentation *s)
{
  return ! gimp_selection_is_empty (TESSERA_IMAGE (s->image));
}

/* How much of each pixel of RECT (on the drawable) is selected, 0..255,
 * into MASK. */
static void
read_selection (const Segmentation  *s,
                const GeglRectangle *rect,
                guchar              *mask)
{
  GeglRectangle  on_image = *rect;
  GeglBuffer    *buffer;
  gint           x, y;

  tessera_gimp_drawable_offsets (s->drawable, &x, &y);
  on_image.x += x;
  on_image.y += y;
  buffer = gimp_drawable_get_buffer (
             TESSERA_DRAWABLE (tessera_gimp_image_selection (s->image)));
  gegl_buffer_get (buffer, &on_image, 1.0, babl_format ("Y u8"), mask,
                   on_image.width, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
}

/* Where the band in hand lies on an item of the bounds' size (a class
 * layer, the indexed copy). */
static GeglRectangle
band_in_bounds (const SegmentBands *bands)
{
  GeglRectangle rect = bands->band->rect;

  rect.x -= bands->bounds.x;
  rect.y -= bands->bounds.y;
  return rect;
}

/* Pixels of the largest band. */
static gsize
band_pixels (const SegmentBands *bands)
{
  return (gsize) bands->bounds.width * MIN (bands->rows,
                                            bands->bounds.height);
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

  /* Transparent pixels have no colour (core/colour-histogram.h). */
  if (s->bands.histogram.n_colours == 0)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_EMPTY_IMAGE,
                           _("Every pixel of the selection is transparent: "
                             "there are no colours to segment; nothing was "
                             "changed."));
      return FALSE;
    }
  status = tessera_mst_segment (&s->bands.histogram, &params, &s->classes,
                                exec);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  return TRUE;
}

/* "Only N classes could be made: the selection has M colours", each number
 * with its own plural; the minimum share named too when the colours were
 * more than the classes. */
static gchar *
fewer_classes_text (gint    n_classes,
                    gsize   n_colours,
                    gdouble min_share)
{
  const gulong colours = (gulong) n_colours;
  gchar *class_text  = g_strdup_printf (ngettext ("Only %d class could be "
                                                  "made",
                                                  "Only %d classes could be "
                                                  "made", n_classes),
                                        n_classes);
  gchar *colour_text = g_strdup_printf (ngettext ("the selection has %lu "
                                                  "distinct colour",
                                                  "the selection has %lu "
                                                  "distinct colours",
                                                  colours),
                                        colours);
  gchar *text;

  if (n_colours <= (gsize) n_classes)
    /* TRANSLATORS: "Only 2 classes could be made", "the selection has 2
     * distinct colours". */
    text = g_strdup_printf (_("%s: %s."), class_text, colour_text);
  else
    /* TRANSLATORS: "Only 2 classes could be made", "the selection has 40
     * distinct colours", then the minimum share. */
    text = g_strdup_printf (_("%s: %s, and no class may have less than "
                              "%.1f %% of the pixels."),
                            class_text, colour_text, 100.0 * min_share);
  g_free (colour_text);
  g_free (class_text);
  return text;
}

/* Says what the user may not expect: rounding of deep images, and fewer
 * classes than asked for. */
static void
tell_user (const Segmentation  *s,
           const SegmentValues *values)
{
  gchar *text;

  if (s->bands.histogram.quantised)
    g_message (_("The layer has more than 8 bits per channel: its colours "
                 "were rounded to 8 bits to find the classes."));
  if (values->classes <= s->classes.n_classes)
    return;
  text = fewer_classes_text (s->classes.n_classes,
                             s->bands.histogram.n_colours, values->min_share);
  tessera_test_hook_note ("message", text);
  g_message ("%s", text);
  g_free (text);
}

/* A transparent pixel's class: none. */
#define NO_CLASS TESSERA_COLOUR_TRANSPARENT

/* The class of pixel I of the band in hand, or NO_CLASS. */
static inline guint32
pixel_class (const Segmentation *s,
             gsize               i)
{
  return s->bands.pixel_class[i];
}

/* ---- recoloured ---------------------------------------------------------- */

typedef struct
{
  Segmentation *s;
  gint32        target;   /* the drawable or its copy */
  gboolean      direct;   /* written to the target itself, not its shadow */
} Recolouring;

/* The band recoloured in place, in the worker thread. */
static TesseraStatus
recolour_band (TesseraRegion *band,
               const guint32 *pixel_class,
               gpointer       data)
{
  Recolouring *r = data;

  return tessera_mst_segment_paint (&band->image, pixel_class, &r->s->classes,
                                    &r->s->bands.exec);
}

/* The band recoloured, written to the target (or its shadow buffer). */
static void
write_recoloured (const SegmentBands *bands,
                  gpointer            data)
{
  Recolouring *r = data;
  GeglBuffer  *buffer;

  /* A buffer per band: its tiles, sent to GIMP, leave the plug-in's cache
   * with it. */
  buffer = r->direct
           ? gimp_drawable_get_buffer (TESSERA_DRAWABLE (r->target))
           : gimp_drawable_get_shadow_buffer (TESSERA_DRAWABLE (r->target));
  tessera_region_store (bands->band, &bands->band->rect, buffer, NULL);
  g_object_unref (buffer);
}

/* A layer's copy, above it, or a channel or mask in place. */
static gboolean
output_recoloured (Segmentation    *s,
                   TesseraProgress *progress,
                   GError         **error)
{
  Recolouring r = { s, s->drawable, FALSE };
  gboolean    copy = gimp_item_is_layer (TESSERA_ITEM (s->drawable));
  gboolean    ok;

  /* A new copy, without a selection to blend through, takes the bands
   * straight into its own pixels: merging a shadow would have GIMP copy
   * the whole layer once more, and keep its old pixels for an undo that
   * removing the copy makes anyway. */
  r.direct = copy && ! has_selection (s);
  if (copy)
    {
      gimp_image_undo_group_start (TESSERA_IMAGE (s->image));
      r.target = tessera_gimp_layer_copy (s->drawable);
      tessera_output_insert_above (r.target, s->drawable,
                                   _("Colour classes"));
    }
  /* The device recolours the bands it kept: no second read. */
  if (s->device.taken)
    ok = segment_device_each (&s->device, &s->bands, write_recoloured, &r,
                              progress, error);
  else
    ok = segment_bands_each (&s->bands, &s->classes, recolour_band,
                             write_recoloured, &r, progress, error);
  if (ok && r.direct)
    gimp_drawable_update (TESSERA_DRAWABLE (r.target), s->bands.bounds.x,
                          s->bands.bounds.y, s->bands.bounds.width,
                          s->bands.bounds.height);
  else if (ok)
    tessera_region_merge (r.target, &s->bands.bounds);
  if (copy)
    {
      if (ok)
        tessera_output_complete (r.target, _("Colour classes"));
      else
        tessera_output_discard (r.target);
      gimp_image_undo_group_end (TESSERA_IMAGE (s->image));
    }
  return ok;
}

/* ---- a layer per class --------------------------------------------------- */

typedef struct
{
  Segmentation *s;
  gint32       *layers;    /* per class */
  gint          colour_channels;
  gboolean      selected;  /* whether SELECTION holds the band's */
  guchar       *selection;
  guchar       *pixels;    /* a class's band */
  guchar       *recoloured;
  TesseraImage  flat;      /* the band recoloured */
} ClassLayers;

/* A class's pixels of the band in the class's colour (the recoloured
 * layer's: the group looks as the dialog's preview and that layer do), the
 * others transparent, with alpha scaled by the selection. */
static void
fill_class_layer (const ClassLayers *l,
                  guint32            class)
{
  const Segmentation *s      = l->s;
  const TesseraImage *image  = &s->bands.band->image;
  const gboolean      alpha  = image->channels == 2 || image->channels == 4;
  TesseraImage        result = tessera_image_view (l->pixels, image->width,
                                                   image->height,
                                                   l->colour_channels + 1,
                                                   image->type);
  gsize               i = 0;
  gint                x, y, c;

  for (y = 0; y < image->height; y++)
    for (x = 0; x < image->width; x++, i++)
      {
        gsize   in  = (gsize) x * image->channels;
        gsize   px  = (gsize) x * result.channels;
        gdouble a   = 0.0;

        if (pixel_class (s, i) == class)
          a = (alpha ? tessera_image_unit_sample_at (image, y,
                                                     in + image->channels - 1)
                     : 1.0)
              * (l->selected ? l->selection[i] / 255.0 : 1.0);
        for (c = 0; c < l->colour_channels; c++)
          tessera_image_set_unit_sample_at (
            &result, y, px + c,
            a > 0.0 ? tessera_image_unit_sample_at (&l->flat, y, in + c)
                    : 0.0);
        tessera_image_set_unit_sample_at (&result, y, px + l->colour_channels,
                                          a);
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

/* Class C's layer, empty, in GROUP at the selection's bounds. */
static gint32
add_class_layer (const Segmentation *s,
                 gint32              group,
                 gint                c)
{
  const GeglRectangle *bounds = &s->bands.bounds;
  gchar               *name   = class_name (s, c);
  gint32               layer;
  gint                 x, y;

  layer = tessera_gimp_layer_new (s->image, name, bounds->width,
                                  bounds->height,
                                  tessera_gimp_image_base_type (s->image)
                                  == GIMP_GRAY ? GIMP_GRAYA_IMAGE
                                               : GIMP_RGBA_IMAGE,
                                  GIMP_LAYER_MODE_NORMAL);
  g_free (name);
  tessera_gimp_insert_layer (s->image, layer, group, 0);
  tessera_gimp_drawable_offsets (s->drawable, &x, &y);
  gimp_layer_set_offsets (TESSERA_LAYER (layer), x + bounds->x,
                          y + bounds->y);
  return layer;
}

/* Each class's pixels of the band into its layer. */
static void
write_class_layers (const SegmentBands *bands,
                    gpointer            data)
{
  ClassLayers        *l     = data;
  const TesseraImage *image = &bands->band->image;
  GeglRectangle       rect  = band_in_bounds (bands);
  gint                c, y;

  if (l->selected)
    read_selection (l->s, &bands->band->rect, l->selection);
  l->flat = tessera_image_view (l->recoloured, image->width, image->height,
                                image->channels, image->type);
  for (y = 0; y < image->height; y++)
    memcpy (tessera_image_row (&l->flat, y), tessera_image_row (image, y),
            (gsize) image->width * tessera_pixel_size (image));
  tessera_mst_segment_paint (&l->flat, bands->pixel_class, &l->s->classes,
                             NULL);
  for (c = 0; c < l->s->classes.n_classes; c++)
    {
      GeglBuffer *buffer = gimp_drawable_get_buffer (
                             TESSERA_DRAWABLE (l->layers[c]));

      fill_class_layer (l, (guint32) c);
      gegl_buffer_set (buffer, &rect, 0,
                       class_layer_format (bands->band, l->layers[c]),
                       l->pixels, GEGL_AUTO_ROWSTRIDE);
      g_object_unref (buffer);
    }
}

static gboolean
output_layers (Segmentation    *s,
               TesseraProgress *progress,
               GError         **error)
{
  const gsize pixels = band_pixels (&s->bands);
  ClassLayers l;
  gint32      group;
  gint        c;
  gboolean    ok;
  TesseraSelected selected;

  l.s = s;
  l.colour_channels = gimp_drawable_is_gray (TESSERA_DRAWABLE (s->drawable))
                      ? 1 : 3;
  l.selected  = has_selection (s);
  l.selection = l.selected ? g_malloc (pixels) : NULL;
  l.pixels    = g_malloc (pixels * (l.colour_channels + 1)
                          * tessera_sample_size (s->bands.slot[0].image.type));
  l.layers    = g_new (gint32, s->classes.n_classes);
  l.recoloured = g_malloc (pixels * s->bands.slot[0].image.channels
                           * tessera_sample_size (s->bands.slot[0].image.type));

  gimp_image_undo_group_start (TESSERA_IMAGE (s->image));
  group = tessera_gimp_layer_group_new (s->image);
  tessera_output_insert_above (group, s->drawable, _("Colour classes"));
  /* Inserting selects each class layer: the source stays selected. */
  tessera_gimp_selected_save (s->image, &selected);
  for (c = s->classes.n_classes - 1; c >= 0; c--)
    l.layers[c] = add_class_layer (s, group, c);
  tessera_gimp_selected_restore (s->image, &selected);
  ok = segment_bands_each (&s->bands, &s->classes, NULL, write_class_layers,
                           &l, progress, error);
  if (ok)
    tessera_output_complete (group, _("Colour classes"));
  else
    tessera_output_discard (group);
  gimp_image_undo_group_end (TESSERA_IMAGE (s->image));
  g_free (l.layers);
  g_free (l.recoloured);
  g_free (l.pixels);
  g_free (l.selection);
  return ok;
}

/* ---- a channel per class ------------------------------------------------- */

typedef struct
{
  Segmentation *s;
  gint32       *channels;  /* per class */
  gboolean      selected;
  guchar       *selection;
  guchar       *mask;      /* a class's band */
} ClassChannels;

/* A new channel for class C, named as incomplete, shown in its mean
 * colour, empty. */
static gint32
add_class_channel (const Segmentation *s,
                   gint                c)
{
  const gdouble *mean = s->classes.mean[c];
  guchar         rgb[3];
  gchar         *name = class_name (s, c);
  gchar         *incomplete = tessera_output_incomplete_name (name);
  gint32         channel;
  gint           i;

  for (i = 0; i < 3; i++)
    rgb[i] = (guchar) (mean[i] + 0.5);
  channel = tessera_gimp_channel_add (s->image, incomplete, 50.0, rgb);
  g_free (incomplete);
  g_free (name);
  return channel;
}

/* Each class's pixels of the band (on the image) into its channel. */
static void
write_class_channels (const SegmentBands *bands,
                      gpointer            data)
{
  ClassChannels *ch   = data;
  const gsize    n    = (gsize) bands->band->rect.width
                        * bands->band->rect.height;
  GeglRectangle  rect = bands->band->rect;
  gint           c, x, y;
  gsize          i;

  if (ch->selected)
    read_selection (ch->s, &rect, ch->selection);
  tessera_gimp_drawable_offsets (ch->s->drawable, &x, &y);
  rect.x += x;
  rect.y += y;
  for (c = 0; c < ch->s->classes.n_classes; c++)
    {
      GeglBuffer *buffer;

      for (i = 0; i < n; i++)
        ch->mask[i] = pixel_class (ch->s, i) == (guint32) c
                      ? (ch->selected ? ch->selection[i] : 255) : 0;
      buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (ch->channels[c]));
      tessera_canvas_set (ch->s->image, buffer, &rect, babl_format ("Y u8"),
                          ch->mask, rect.width);
      g_object_unref (buffer);
    }
}

static gboolean
output_channels (Segmentation    *s,
                 TesseraProgress *progress,
                 GError         **error)
{
  const gsize   pixels = band_pixels (&s->bands);
  ClassChannels ch;
  gint          c;
  gboolean      ok;

  ch.s         = s;
  ch.selected  = has_selection (s);
  ch.selection = ch.selected ? g_malloc (pixels) : NULL;
  ch.mask      = g_malloc (pixels);
  ch.channels  = g_new (gint32, s->classes.n_classes);

  gimp_image_undo_group_start (TESSERA_IMAGE (s->image));
  for (c = s->classes.n_classes - 1; c >= 0; c--)
    ch.channels[c] = add_class_channel (s, c);
  ok = segment_bands_each (&s->bands, &s->classes, NULL, write_class_channels,
                           &ch, progress, error);
  for (c = 0; c < s->classes.n_classes; c++)
    {
      gchar *name = class_name (s, c);

      if (ok)
        tessera_output_complete (ch.channels[c], name);
      else
        tessera_output_discard (ch.channels[c]);
      g_free (name);
    }
  gimp_image_undo_group_end (TESSERA_IMAGE (s->image));
  g_free (ch.channels);
  g_free (ch.mask);
  g_free (ch.selection);
  return ok;
}

/* ---- an indexed copy ----------------------------------------------------- */

typedef struct
{
  Segmentation *s;
  gint32        layer;
  gint          bpp;      /* 1, or 2 with alpha */
  guchar       *pixels;   /* the band's */
} IndexedCopy;

/* The band's class numbers, and alpha, into the copy's layer. */
static void
write_indexed (const SegmentBands *bands,
               gpointer            data)
{
  IndexedCopy        *copy  = data;
  const TesseraImage *image = &bands->band->image;
  TesseraImage        indexed;
  GeglRectangle       rect = band_in_bounds (bands);
  GeglBuffer         *buffer;
  gsize               i = 0;
  gint                x, y;

  indexed = tessera_image_view (copy->pixels, image->width, image->height,
                                copy->bpp, TESSERA_U8);
  for (y = 0; y < image->height; y++)
    for (x = 0; x < image->width; x++, i++)
      {
        guint32 class = pixel_class (copy->s, i);

        /* A transparent pixel keeps its alpha 0 over any index. */
        copy->pixels[copy->bpp * i] = class == NO_CLASS ? 0 : (guchar) class;
        if (copy->bpp == 2)
          tessera_image_set_unit_sample_at (
            &indexed, y, (gsize) x * 2 + 1,
            tessera_image_unit_sample_at (image, y, (gsize) x * image->channels
                                                    + image->channels - 1));
      }
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (copy->layer));
  gegl_buffer_set (buffer, &rect, 0,
                   gimp_drawable_get_format (TESSERA_DRAWABLE (copy->layer)),
                   copy->pixels, GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
}

/* A new indexed image of the selection's bounds: class numbers as pixels,
 * the class means as palette, alpha kept; shown once complete. */
static gboolean
output_indexed (Segmentation    *s,
                TesseraProgress *progress,
                GError         **error)
{
  const GeglRectangle *bounds = &s->bands.bounds;
  const gint           channels = s->bands.slot[0].image.channels;
  const gboolean       alpha = channels == 2 || channels == 4;
  guchar               palette[3 * TESSERA_MST_SEGMENT_MAX_CLASSES];
  gchar               *incomplete;
  IndexedCopy          copy;
  gint32               image;
  gint                 c, i;
  gboolean             ok;

  for (c = 0; c < s->classes.n_classes; c++)
    for (i = 0; i < 3; i++)
      palette[3 * c + i] = (guchar) (s->classes.mean[c][i] + 0.5);
  copy.s      = s;
  copy.bpp    = alpha ? 2 : 1;
  copy.pixels = g_malloc (band_pixels (&s->bands) * copy.bpp);

  image = tessera_gimp_image_new (bounds->width, bounds->height,
                                  GIMP_INDEXED);
  gimp_image_undo_disable (TESSERA_IMAGE (image));
  tessera_gimp_image_set_colormap (image, palette, s->classes.n_classes);
  incomplete = tessera_output_incomplete_name (_("Colour classes"));
  copy.layer = tessera_gimp_layer_new (image, incomplete, bounds->width,
                                       bounds->height,
                                       alpha ? GIMP_INDEXEDA_IMAGE
                                             : GIMP_INDEXED_IMAGE,
                                       GIMP_LAYER_MODE_NORMAL);
  g_free (incomplete);
  tessera_gimp_insert_layer (image, copy.layer, 0, 0);
  ok = segment_bands_each (&s->bands, &s->classes, NULL, write_indexed, &copy,
                           progress, error);
  g_free (copy.pixels);
  if (! ok)
    {
      gimp_image_delete (TESSERA_IMAGE (image));
      return FALSE;
    }
  tessera_output_complete (copy.layer, _("Colour classes"));
  gimp_image_undo_enable (TESSERA_IMAGE (image));
  if (s->run_mode == GIMP_RUN_INTERACTIVE)
    tessera_gimp_display_new (image);
  return TRUE;
}

static gboolean
make_output (Segmentation    *s,
             SegmentOutput    output,
             TesseraProgress *progress,
             GError         **error)
{
  switch (output)
    {
    case OUTPUT_RECOLOURED_LAYER:
      return output_recoloured (s, progress, error);
    case OUTPUT_LAYER_PER_CLASS:
      return output_layers (s, progress, error);
    case OUTPUT_CHANNEL_PER_CLASS:
      return output_channels (s, progress, error);
    case OUTPUT_INDEXED_COPY:
      return output_indexed (s, progress, error);
    }
  return FALSE;
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
  if (! segment_bands_start (&s.bands, drawable, bounds, error))
    return FALSE;
  tessera_progress_start (&progress, _("Segmenting colours"));
  tessera_progress_stage (&progress, 0.3);
  ok = segment_device_count (&s.device, &s.bands, values, &s.classes,
                             &progress, error);
  if (ok && ! s.device.taken)
    ok = segment_bands_count (&s.bands, &progress, error);
  /* The device's classes are made; an empty histogram is still told. */
  if (ok && (! s.device.taken || s.bands.histogram.n_colours == 0))
    {
      tessera_progress_stage (&progress, 0.3);
      exec = tessera_progress_exec (&progress, values->backend);
      ok = segment (&s, values, &exec, error);
      tessera_stage_mark ("segment classes");
    }
  if (ok)
    {
      tell_user (&s, values);
      tessera_progress_stage (&progress, 0.4);
      ok = make_output (&s, (SegmentOutput) values->output, &progress, error);
    }
  tessera_mst_classes_free (&s.classes);
  segment_device_clear (&s.device);
  segment_bands_clear (&s.bands);
  return ok;
}
