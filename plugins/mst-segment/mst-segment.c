/* Tessera — Segment Colours (MST): classes of colours found by cutting the
 * Euclidean minimum spanning tree of the layer's distinct colours
 * (core/mst-segment.h: weighted by pixel counts, or single linkage), shown
 * as a recoloured layer, a layer or a channel per class, or an indexed
 * copy whose palette is the class means. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "colour-histogram.h"
#include "mst-segment.h"
#include "tessera-output.h"
#include "tessera-plugin.h"
#include "tessera-progress.h"
#include "tessera-region.h"
#include "segment-dialog.h"

/* The selection's pixels and what was found in them. */
typedef struct
{
  TesseraRegion          region;
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
} Segmentation;

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

static const gchar *
type_name (TesseraSampleType type)
{
  return type == TESSERA_U8 ? "u8" : type == TESSERA_U16 ? "u16" : "float";
}

/* ---- the selection mask -------------------------------------------------- */

/* How much of each pixel of BOUNDS (drawable coordinates) is selected,
 * 0..255, or NULL when nothing is selected (all of it counts). */
static guchar *
read_selection (gint32               drawable,
                const GeglRectangle *bounds)
{
  gint32         image = gimp_item_get_image (drawable);
  GeglRectangle  rect  = *bounds;
  GeglBuffer    *buffer;
  guchar        *mask;
  gint           x, y;

  if (gimp_selection_is_empty (image))
    return NULL;
  gimp_drawable_offsets (drawable, &x, &y);
  rect.x += x;
  rect.y += y;
  mask = g_malloc ((gsize) rect.width * rect.height);
  buffer = gimp_drawable_get_buffer (gimp_image_get_selection (image));
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
output_recoloured (const TesseraTarget *target,
                   Segmentation        *s,
                   TesseraProgress     *progress)
{
  gint32 image = target->image;
  gint32 copy;

  tessera_mst_segment_recolour (&s->region.image, &s->histogram, &s->classes,
                                &s->region.image, NULL);
  if (! gimp_item_is_layer (target->drawable))
    {
      tessera_region_apply (&s->region, &target->bounds, progress);
      return;
    }
  gimp_image_undo_group_start (image);
  copy = gimp_layer_copy (target->drawable);
  tessera_output_insert_above (copy, target->drawable, _("Colour classes"));
  s->region.drawable = copy;
  tessera_region_apply (&s->region, &target->bounds, progress);
  tessera_output_complete (copy, _("Colour classes"));
  gimp_image_undo_group_end (image);
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

  if (! gimp_drawable_is_gray (region->drawable)
      || gimp_drawable_is_gray (layer))
    return tessera_format_with_type (gimp_drawable_get_format (layer), type);
  encoding = g_strdup_printf ("%s%s %s",
                              babl_get_name (babl_format_get_model (region->format)),
                              babl_format_has_alpha (region->format) ? "" : "A",
                              type);
  format = babl_format_with_space (encoding, region->format);
  g_free (encoding);
  return format;
}

static void
output_layers (const TesseraTarget *target,
               Segmentation        *s,
               TesseraProgress     *progress)
{
  const TesseraImage *image = &s->region.image;
  const gboolean      grey  = gimp_drawable_is_gray (target->drawable);
  const gint          colour_channels = grey ? 1 : 3;
  guchar             *selection = read_selection (target->drawable,
                                                  &target->bounds);
  gsize               bytes = (gsize) image->width * image->height
                              * tessera_sample_size (image->type)
                              * (colour_channels + 1);
  guchar             *pixels = g_malloc (bytes);
  gint32              group, x, y;
  gint                c;

  gimp_drawable_offsets (target->drawable, &x, &y);
  gimp_image_undo_group_start (target->image);
  group = gimp_layer_group_new (target->image);
  tessera_output_insert_above (group, target->drawable, _("Colour classes"));
  for (c = s->classes.n_classes - 1; c >= 0; c--)
    {
      gchar        *name  = class_name (s, c);
      gint32        layer = gimp_layer_new (target->image, name,
                                            image->width, image->height,
                                            gimp_image_base_type (target->image)
                                            == GIMP_GRAY ? GIMP_GRAYA_IMAGE
                                                         : GIMP_RGBA_IMAGE,
                                            100.0, GIMP_LAYER_MODE_NORMAL);
      GeglBuffer   *buffer;
      GeglRectangle whole = { 0, 0, image->width, image->height };

      g_free (name);
      gimp_image_insert_layer (target->image, layer, group, 0);
      gimp_layer_set_offsets (layer, x + target->bounds.x,
                              y + target->bounds.y);
      fill_class_layer (s, selection, (guint32) c, colour_channels, pixels);
      buffer = gimp_drawable_get_buffer (layer);
      gegl_buffer_set (buffer, &whole, 0,
                       class_layer_format (&s->region, layer),
                       pixels, GEGL_AUTO_ROWSTRIDE);
      g_object_unref (buffer);
      tessera_progress_update (progress,
                               1.0 - (gdouble) c / s->classes.n_classes);
    }
  tessera_output_complete (group, _("Colour classes"));
  gimp_image_undo_group_end (target->image);
  g_free (pixels);
  g_free (selection);
}

static void
output_channels (const TesseraTarget *target,
                 Segmentation        *s,
                 TesseraProgress     *progress)
{
  const TesseraImage *image = &s->region.image;
  const gsize         n     = (gsize) image->width * image->height;
  guchar             *selection = read_selection (target->drawable,
                                                  &target->bounds);
  guchar             *mask  = g_malloc (n);
  gint32             *channels = g_new (gint32, s->classes.n_classes);
  GeglRectangle       rect  = target->bounds;
  gint                c, x, y;
  gsize               i;

  gimp_drawable_offsets (target->drawable, &x, &y);
  rect.x += x;
  rect.y += y;
  gimp_image_undo_group_start (target->image);
  for (c = s->classes.n_classes - 1; c >= 0; c--)
    {
      const gdouble *mean = s->classes.mean[c];
      gchar         *name = class_name (s, c);
      gchar         *incomplete;
      GimpRGB        colour;
      gint32         channel;
      GeglBuffer    *buffer;

      gimp_rgb_set_uchar (&colour, (guchar) (mean[0] + 0.5),
                          (guchar) (mean[1] + 0.5), (guchar) (mean[2] + 0.5));
      incomplete = tessera_output_incomplete_name (name);
      channel = gimp_channel_new (target->image, incomplete,
                                  gimp_image_width (target->image),
                                  gimp_image_height (target->image),
                                  50.0, &colour);
      g_free (incomplete);
      g_free (name);
      channels[c] = channel;
      gimp_image_insert_channel (target->image, channel, 0, 0);
      for (i = 0; i < n; i++)
        mask[i] = s->classes.colour_class[s->histogram.pixel_colour[i]]
                  == (guint32) c ? (selection != NULL ? selection[i] : 255)
                                 : 0;
      buffer = gimp_drawable_get_buffer (channel);
      gegl_buffer_set (buffer, &rect, 0, babl_format ("Y u8"), mask,
                       GEGL_AUTO_ROWSTRIDE);
      g_object_unref (buffer);
      tessera_progress_update (progress,
                               1.0 - (gdouble) c / s->classes.n_classes);
    }
  for (c = 0; c < s->classes.n_classes; c++)
    {
      gchar *name = class_name (s, c);

      tessera_output_complete (channels[c], name);
      g_free (name);
    }
  gimp_image_undo_group_end (target->image);
  g_free (channels);
  g_free (mask);
  g_free (selection);
}

/* A new indexed image of the selection's bounds: class numbers as pixels,
 * the class means as palette, alpha kept. */
static void
output_indexed (const TesseraTarget *target,
                Segmentation        *s)
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

  copy = gimp_image_new (image->width, image->height, GIMP_INDEXED);
  gimp_image_undo_disable (copy);
  gimp_image_set_colormap (copy, palette, s->classes.n_classes);
  layer = gimp_layer_new (copy, _("Colour classes"), image->width,
                          image->height,
                          alpha ? GIMP_INDEXEDA_IMAGE : GIMP_INDEXED_IMAGE,
                          100.0, GIMP_LAYER_MODE_NORMAL);
  gimp_image_insert_layer (copy, layer, 0, 0);
  buffer = gimp_drawable_get_buffer (layer);
  gegl_buffer_set (buffer, &whole, 0, gimp_drawable_get_format (layer),
                   pixels, GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
  gimp_image_undo_enable (copy);
  if (target->run_mode == GIMP_RUN_INTERACTIVE)
    gimp_display_new (copy);
  g_free (pixels);
}

static gboolean
segment_apply (const TesseraTarget *target,
               gconstpointer        data,
               GError             **error)
{
  const SegmentValues *values = data;
  Segmentation         s;
  TesseraProgress      progress;
  TesseraExec          exec;
  gboolean             ok;

  memset (&s, 0, sizeof s);
  tessera_progress_start (&progress, _("Segmenting colours"));
  tessera_progress_stage (&progress, 0.1);
  if (! tessera_region_read (&s.region, target->drawable, &target->bounds,
                             &progress, error))
    return FALSE;
  tessera_progress_stage (&progress, 0.7);
  exec = tessera_progress_exec (&progress, values->backend);
  ok = segment (&s, values, &exec, error);
  if (ok)
    {
      tell_user (&s, values);
      tessera_progress_stage (&progress, 0.2);
      switch ((SegmentOutput) values->output)
        {
        case OUTPUT_RECOLOURED_LAYER:
          output_recoloured (target, &s, &progress);
          break;
        case OUTPUT_LAYER_PER_CLASS:
          output_layers (target, &s, &progress);
          break;
        case OUTPUT_CHANNEL_PER_CLASS:
          output_channels (target, &s, &progress);
          break;
        case OUTPUT_INDEXED_COPY:
          output_indexed (target, &s);
          break;
        }
    }
  tessera_mst_classes_free (&s.classes);
  tessera_colour_histogram_free (&s.histogram);
  tessera_region_clear (&s.region);
  return ok;
}

/* ---- the procedure ------------------------------------------------------- */

static void
segment_parse (const GimpParam *param,
               gpointer         data)
{
  SegmentValues *values = data;

  values->classes      = param[3].data.d_int32;
  values->min_share    = param[4].data.d_float;
  values->sensitivity  = param[5].data.d_float;
  values->colour_space = param[6].data.d_int32;
  values->output       = param[7].data.d_int32;
  values->backend      = param[8].data.d_int32;
  values->method       = param[9].data.d_int32;
}

static gboolean
segment_check (gconstpointer   data,
               GError        **error)
{
  const SegmentValues *values = data;

  return tessera_check_range ("classes", values->classes,
                              0, TESSERA_MST_SEGMENT_MAX_CLASSES, error)
      && tessera_check_range_double ("min-share", values->min_share, 0.0, 0.5, error)
      && tessera_check_range_double ("sensitivity", values->sensitivity, 0.01, 100.0,
                       error)
      && tessera_check_range ("colour-space", values->colour_space,
                              TESSERA_COLOUR_SPACE_RGB,
                              TESSERA_COLOUR_SPACE_CIELAB, error)
      && tessera_check_range ("output", values->output,
                              OUTPUT_RECOLOURED_LAYER, OUTPUT_INDEXED_COPY,
                              error)
      && tessera_check_range ("backend", values->backend,
                              TESSERA_BACKEND_AUTO, TESSERA_BACKEND_CUDA,
                              error)
      && tessera_check_range ("method", values->method,
                              TESSERA_MST_METHOD_WEIGHTED,
                              TESSERA_MST_METHOD_SINGLE_LINKAGE, error);
}

static const GimpParamDef args[] =
{
  TESSERA_ARGS_RUN_MODE_IMAGE_DRAWABLE,
  { GIMP_PDB_INT32, "classes",
    "How many classes (1..256), or 0 to find them automatically" },
  { GIMP_PDB_FLOAT, "min-share",
    "No class may have less than this share of the pixels (0..0.5)" },
  { GIMP_PDB_FLOAT, "sensitivity",
    "Automatic mode (classes 0): higher finds more classes (0.01..100, "
    "default 1).  Weighted: the knee of the error curve raised to the "
    "power 1/(2 sensitivity); single linkage: an edge is cut when longer "
    "than 1 + 1/sensitivity times the mean of the tree's edges near it" },
  { GIMP_PDB_INT32, "colour-space", "{ RGB (0), CIELAB (1) }" },
  { GIMP_PDB_INT32, "output",
    "{ RECOLOURED-LAYER (0): a copy of the layer in the class means, "
    "LAYER-PER-CLASS (1): a layer group with each class's pixels, "
    "CHANNEL-PER-CLASS (2): a channel (selection mask) per class, "
    "INDEXED-COPY (3): a new indexed image, the class means as palette }" },
  TESSERA_ARG_BACKEND,
  { GIMP_PDB_INT32, "method",
    "{ WEIGHTED (0): split the tree where the pixel-weighted colour error "
    "drops most, then refine (Lloyd iterations); SINGLE-LINKAGE (1): cut "
    "the longest edges (the method before this argument existed) }" }
};

static const gchar * const menu_paths[] =
{
  TESSERA_MENU, "<Image>/Colors", NULL
};

static const TesseraPlugin mst_segment =
{
  PLUG_IN_PROC,
  N_("Split the colours into classes by cutting their minimum spanning tree"),
  "Finds the Euclidean minimum spanning tree of the distinct colours of the "
  "selection (in RGB or CIE L*a*b*) and cuts it into classes.  WEIGHTED "
  "weighs every colour by its pixels: it splits the tree where a split most "
  "reduces the pixel-weighted squared colour error within the classes, "
  "merges needless splits back (Ward), and refines the classes by Lloyd "
  "iterations over the distinct colours; with classes = 0 the number is "
  "where that error stops falling fast.  SINGLE-LINKAGE cuts the longest "
  "edges: with classes = K, the K-1 longest; with classes = 0, the edges "
  "much longer than those near them (Zahn's inconsistent edges).  Both skip "
  "tree cuts that would leave a class with less than min-share of the "
  "pixels.  Images deeper than 8 bits are rounded to 8 bits per channel to "
  "find the classes.  Alpha is kept; the statistics use the selection's "
  "bounding box.",
  N_("_Segment Colours (MST)…"),
  "RGB*, GRAY*",
  menu_paths,
  args,
  G_N_ELEMENTS (args),

  sizeof (SegmentValues),
  segment_parse,
  segment_check,
  segment_dialog,
  segment_apply,

  NULL, 0, FALSE, NULL, 0
};

static void
query (void)
{
  tessera_plugin_install (&mst_segment);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  SegmentValues values = { 8, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                           OUTPUT_RECOLOURED_LAYER, TESSERA_BACKEND_AUTO,
                           TESSERA_MST_METHOD_WEIGHTED };

  tessera_plugin_run (&mst_segment, &values, n_params, param,
                      n_return_vals, return_vals);
}
