/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — tessera:fill-contours, Fill Closed Contours as a global GEGL
 * filter: the contour map of the whole layer (core/contour-map.h), its
 * interior (core/fill-contours.h) or its regions of line art
 * (core/fill-regions.h), painted on the layer in the foreground colour or
 * in flat colours, one a region, as the plug-in paints them; the pixels
 * left unpainted (the lines, the outside) are the layer's. */
#include "config.h"

#include <glib/gi18n-lib.h>

#ifdef GEGL_PROPERTIES

enum_start (tessera_fill_source)
  enum_value (TESSERA_GEGL_SOURCE_ALPHA,  "alpha",
              N_("Opaque pixels (line art on a transparent layer)"))
  enum_value (TESSERA_GEGL_SOURCE_DARK,   "dark",
              N_("Dark pixels (ink on paper)"))
  enum_value (TESSERA_GEGL_SOURCE_BRIGHT, "bright",
              N_("Light pixels (light lines on black)"))
  enum_value (TESSERA_GEGL_SOURCE_COLOUR, "colour",
              N_("Pixels near the colour"))
enum_end (TesseraGeglFillSource)

enum_start (tessera_fill_connectivity)
  enum_value (TESSERA_GEGL_FILL_4, "4",
              N_("Diagonal lines close regions"))
  enum_value (TESSERA_GEGL_FILL_8, "8",
              N_("Diagonal neighbours (fill leaks through diagonal lines)"))
enum_end (TesseraGeglFillConnectivity)

enum_start (tessera_fill_paint)
  enum_value (TESSERA_GEGL_PAINT_FLAT,   "flat",
              N_("Flat colours, one a region"))
  enum_value (TESSERA_GEGL_PAINT_COLOUR, "colour", N_("The colour"))
enum_end (TesseraGeglFillPaint)

property_enum (contour_source, _("Contour source"), TesseraGeglFillSource,
               tessera_fill_source, TESSERA_GEGL_SOURCE_DARK)
  description (_("Which pixels are contour: alpha >= threshold; luminance "
                 "<= threshold (transparent counts as white); luminance >= "
                 "threshold (transparent counts as black); or within "
                 "threshold of the colour"))

property_double (threshold, _("Threshold"), 0.5)
  description (_("Opacity, lightness or distance to the colour (RGB "
                 "distance / sqrt (3)) that separates contour from the rest"))
  value_range (0.0, 1.0)

property_enum (connectivity, _("Connectivity"), TesseraGeglFillConnectivity,
               tessera_fill_connectivity, TESSERA_GEGL_FILL_4)
  description (_("4: pixels touch through edges only, so lines with "
                 "diagonal steps close a region; 8: through corners too, so "
                 "only 4-connected lines do"))

property_enum (paint, _("Fill with"), TesseraGeglFillPaint,
               tessera_fill_paint, TESSERA_GEGL_PAINT_FLAT)
  description (_("A flat colour for each region (a guide layer needs the "
                 "plug-in), or the colour below everywhere inside"))

property_color (colour, _("Colour"), "black")
  description (_("The fill with \"the colour\", and the contour with the "
                 "\"near the colour\" source: the plug-in's foreground "
                 "colour"))

property_int (bleed, _("Under the line"), 0)
  description (_("How many pixels the fill runs under the contour, so that "
                 "no gap shows at anti-aliased edges"))
  value_range (0, 64)
  ui_range    (0, 8)
  ui_meta     ("unit", "pixel-distance")

property_int (gap, _("Close gaps up to"), 3)
  description (_("Lines that end this many pixels or less from another line "
                 "(or from themselves) are joined for finding the regions.  "
                 "0: only closed contours"))
  value_range (0, 64)
  ui_range    (0, 16)
  ui_meta     ("unit", "pixel-distance")

property_boolean (edge_regions, _("The layer's edge closes regions"), FALSE)
  description (_("Fill art that runs off the layer: regions that touch the "
                 "edge are filled too, except the one that touches all four "
                 "sides (the paper around a drawing)"))

property_int (min_region, _("Smallest region"), 16)
  description (_("Regions of fewer pixels (hatching, specks) join the "
                 "neighbour they share most line with.  0: keep every "
                 "region"))
  value_range (0, 1000000)
  ui_range    (0, 500)

property_boolean (bleed_to_centre, _("Colour the line up to its centre"),
                  FALSE)
  description (_("Each pixel of the line takes the colour of the nearest "
                 "region, so that the line is coloured up to its centre from "
                 "both sides (instead of the pixels above)"))

property_int (seed, _("Colour seed"), 0)
  description (_("Which flat colour each region gets: 0 the usual ones, any "
                 "other number another set, the same every time for the "
                 "same image"))
  value_range (0, G_MAXINT)
  ui_range    (0, 1000)
  ui_meta     ("visible", "paint {flat}")

#else

#define GEGL_OP_FILTER
#define GEGL_OP_NAME     tessera_fill_contours
#define GEGL_OP_C_SOURCE fill-contours-op.c
#define GEGL_OP_BUNDLE

#include <string.h>
#include "gegl-op.h"
#include "contour-map.h"
#include "fill-contours.h"
#include "fill-palette.h"
#include "fill-regions.h"
#include "tessera-gegl.h"

static void
prepare (GeglOperation *operation)
{
  tessera_gegl_prepare (operation);
}

/* R'G'B'A float in FORMAT's space: what the contour is judged on. */
static const Babl *
rgba_float (const Babl *format)
{
  return babl_format_with_space ("R'G'B'A float", format);
}

/* The contour map of IMAGE (in FORMAT) by O, a band of rows at a time in
 * R'G'B'A floats, as the plug-in makes it (fill-read.c). */
static TesseraStatus
contour_map (const GeglProperties *o,
             const TesseraImage   *image,
             const Babl           *format,
             TesseraImage         *map,
             TesseraExec          *exec)
{
  const gint                band = 64;
  const Babl               *fish = babl_fish (format, rgba_float (format));
  gfloat                   *rgba = g_try_new (gfloat, 4 * (gsize) image->width
                                                        * band);
  TesseraContourThreshold   threshold;
  static const TesseraContourSource sources[] =
  {
    [TESSERA_GEGL_SOURCE_ALPHA]  = TESSERA_CONTOUR_ALPHA,
    [TESSERA_GEGL_SOURCE_DARK]   = TESSERA_CONTOUR_DARK,
    [TESSERA_GEGL_SOURCE_BRIGHT] = TESSERA_CONTOUR_BRIGHT,
    [TESSERA_GEGL_SOURCE_COLOUR] = TESSERA_CONTOUR_COLOUR
  };
  gfloat                    colour[4];
  TesseraStatus             status = TESSERA_OK;

  if (rgba == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  gegl_color_get_pixel (o->colour, rgba_float (format), colour);
  threshold.source    = sources[o->contour_source];
  threshold.threshold = o->threshold;
  memcpy (threshold.colour, colour, sizeof threshold.colour);
  for (gint y0 = 0; y0 < image->height && status == TESSERA_OK; y0 += band)
    {
      gint         rows = MIN (band, image->height - y0);
      TesseraImage in   = tessera_image_view (rgba, image->width, rows, 4,
                                              TESSERA_F32);
      TesseraImage out  = *map;

      babl_process (fish, tessera_image_row (image, y0), rgba,
                    (glong) image->width * rows);
      out.data   = tessera_image_row (map, y0);
      out.height = rows;
      status = tessera_contour_map (&in, &out, &threshold, exec);
    }
  g_free (rgba);
  return status;
}

static gboolean
wants_regions (const GeglProperties *o)
{
  return o->gap > 0 || o->edge_regions || o->min_region > 0
         || o->bleed_to_centre || o->bleed > 0
         || o->paint == TESSERA_GEGL_PAINT_FLAT;
}

/* The regions of MAP by O into LABELS, the line coloured (core/fill-
 * regions.h), as the plug-in's paint_regions_jobs; with flat colours, their
 * R'G'B'A u8 by region into *FLAT (g_free), taken as the plug-in takes
 * them: by each region's first pixel before the line is coloured. */
static TesseraStatus
regions (const GeglProperties *o,
         const TesseraImage   *map,
         TesseraLabels        *labels,
         gboolean              grey,
         guint8              **flat,
         TesseraExec          *exec)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraImage       closures = { 0 };
  TesseraStatus      status;

  params.connectivity = o->connectivity == TESSERA_GEGL_FILL_8 ? 8 : 4;
  params.gap          = o->gap;
  params.edge_regions = o->edge_regions;
  params.min_region   = o->min_region;
  params.bleed        = o->bleed;
  params.to_centre    = o->bleed_to_centre;
  status = tessera_labels_alloc (labels, map->width, map->height);
  if (status == TESSERA_OK && o->gap > 0)
    status = tessera_image_alloc (&closures, map->width, map->height, 1,
                                  TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_fill_regions (map, labels,
                                   o->gap > 0 ? &closures : NULL, &params,
                                   exec);
  tessera_image_free (&closures);
  if (status == TESSERA_OK && o->paint == TESSERA_GEGL_PAINT_FLAT)
    *flat = fill_flat_colours (grey, o->seed, NULL, labels->label,
                               labels->width, labels->height, labels->count);
  if (status == TESSERA_OK)
    status = tessera_fill_regions_under_line (map, labels, &params);
  return status;
}

/* Where the paint goes: a region number per pixel (LABEL), or the
 * interior mask (MASK, non-zero inside), WIDTH a row; and the
 * colours in the work format, PIXEL bytes each: by region number for flat
 * colours, else entry 1 everywhere painted. */
typedef struct
{
  const guint32 *label;
  const guint8  *mask;
  gsize          mask_stride;   /* bytes a row of MASK */
  gint           width;
  const guint8  *colours;
  gsize          pixel;
  gboolean       flat;
} Paint;

/* The colour of what is painted at (X, Y), or NULL for the layer's own. */
static inline const guint8 *
paint_at (const Paint *paint,
          gint         x,
          gint         y)
{
  guint32 where = paint->label != NULL
                  ? paint->label[(gsize) y * paint->width + x]
                  : paint->mask[(gsize) y * paint->mask_stride + x];

  if (where == 0)
    return NULL;
  return paint->colours + paint->pixel * (paint->flat ? where : 1);
}

/* The layer's pixels of WHOLE (from INPUT), PAINT over them, into OUTPUT,
 * a band of rows at a time: the layer is not held whole again. */
static void
paint_bands (const Paint         *paint,
             GeglBuffer          *input,
             GeglBuffer          *output,
             const GeglRectangle *whole,
             const Babl          *format)
{
  const gint  band = 64;
  guint8     *rows = g_new (guint8, paint->pixel * whole->width * band);

  for (gint y0 = 0; y0 < whole->height; y0 += band)
    {
      GeglRectangle rect = { whole->x, whole->y + y0, whole->width,
                             MIN (band, whole->height - y0) };

      gegl_buffer_get (input, &rect, 1.0, format, rows, GEGL_AUTO_ROWSTRIDE,
                       GEGL_ABYSS_NONE);
#pragma omp parallel for schedule(static)
      for (gint y = 0; y < rect.height; y++)
        for (gint x = 0; x < rect.width; x++)
          {
            const guint8 *colour = paint_at (paint, x, y0 + y);
            if (colour != NULL)
              memcpy (rows + paint->pixel * ((gsize) y * rect.width + x),
                      colour, paint->pixel);
          }
      gegl_buffer_set (output, &rect, 0, format, rows, GEGL_AUTO_ROWSTRIDE);
    }
  g_free (rows);
}

/* The colours PAINT uses, in FORMAT: the flat colours FLAT of COUNT
 * regions (R'G'B'A u8) converted, or O's colour as entry 1. */
static guint8 *
paint_colours (const GeglProperties *o,
               const Babl           *format,
               const guint8         *flat,
               guint32               count)
{
  const gsize     pixel = babl_format_get_bytes_per_pixel (format);
  guint8         *colours;

  if (o->paint == TESSERA_GEGL_PAINT_FLAT && flat != NULL)
    {
      colours = g_new (guint8, pixel * ((gsize) count + 1));
      babl_process (babl_fish (babl_format_with_space ("R'G'B'A u8", format),
                               format), flat, colours, count + 1);
      return colours;
    }
  colours = g_new0 (guint8, 2 * pixel);
  gegl_color_get_pixel (o->colour, format, colours + pixel);
  return colours;
}

/* The interior of MAP (in place), as the plug-in's plain path. */
static TesseraStatus
interior (const GeglProperties *o,
          TesseraImage         *map,
          TesseraExec          *exec)
{
  TesseraFillContours params = tessera_fill_contours_defaults ();

  params.connectivity = o->connectivity == TESSERA_GEGL_FILL_8 ? 8 : 4;
  return tessera_fill_contours (map, map, &params, exec);
}

/* The contour map of the layer (its pixels read once, then let go), its
 * interior or regions, and the paint over the layer into OUTPUT. */
static TesseraStatus
fill (GeglOperation       *operation,
      GeglBuffer          *input,
      GeglBuffer          *output,
      const GeglRectangle *whole,
      const Babl          *format)
{
  const GeglProperties *o       = GEGL_PROPERTIES (operation);
  TesseraExec           exec    = tessera_gegl_exec (operation, TRUE);
  TesseraImage          image   = { 0 };
  TesseraImage          map     = { 0 };
  TesseraLabels         labels  = { 0 };
  Paint                 paint   = { 0 };
  guint8               *colours = NULL;
  guint8               *flat    = NULL;
  TesseraStatus         status  = TESSERA_ERROR_OUT_OF_MEMORY;

  if (tessera_gegl_read (input, whole, format, &image))
    status = tessera_image_alloc (&map, whole->width, whole->height, 1,
                                  TESSERA_U8);
  if (status == TESSERA_OK)
    status = contour_map (o, &image, format, &map, &exec);
  g_free (image.data);
  if (status == TESSERA_OK && ! wants_regions (o))
    status = interior (o, &map, &exec);
  else if (status == TESSERA_OK)
    status = regions (o, &map, &labels,
                      babl_format_get_n_components (format) <= 2, &flat,
                      &exec);
  if (status == TESSERA_OK)
    {
      colours      = paint_colours (o, format, flat, labels.count);
      paint.label  = labels.label;
      paint.mask   = labels.label == NULL ? map.data : NULL;
      paint.mask_stride = map.stride;
      paint.width  = whole->width;
      paint.colours = colours;
      paint.pixel  = babl_format_get_bytes_per_pixel (format);
      paint.flat   = o->paint == TESSERA_GEGL_PAINT_FLAT && labels.label;
      /* The labels make the map needless: one plane less. */
      if (labels.label != NULL)
        tessera_image_free (&map);
      paint_bands (&paint, input, output, whole, format);
    }
  g_free (colours);
  g_free (flat);
  tessera_labels_free (&labels);
  tessera_image_free (&map);
  return status;
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  const Babl    *format = gegl_operation_get_format (operation, "output");
  GeglRectangle  whole  = tessera_gegl_whole_input (operation, result);
  TesseraStatus  status;

  if (whole.width <= 0 || whole.height <= 0)
    return TRUE;
  gegl_operation_progress (operation, 0.0, "");
  status = fill (operation, input, output, &whole, format);
  if (status != TESSERA_OK)
    tessera_gegl_write (operation, input, output, &whole, format, NULL,
                        status);
  gegl_operation_progress (operation, 1.0, "");
  return TRUE;
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass       *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);

  operation_class->prepare                 = prepare;
  operation_class->get_required_for_output = tessera_gegl_whole_required;
  operation_class->get_cached_region       = tessera_gegl_whole_input;
  operation_class->threaded                = FALSE;
  filter_class->process                    = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "tessera:fill-contours",
    "title",           _("Fill Closed Contours"),
    "categories",      "render",
    "description",     _("Fill the inside of every closed contour, with flat "
                         "colours or one colour, on the layer under its "
                         "lines: the pixels of Tessera's Fill Closed "
                         "Contours plug-in"),
    "gimp:menu-path",  TESSERA_GEGL_MENU,
    "gimp:menu-label", _("F_ill Closed Contours (on canvas)…"),
    NULL);
}

#endif
