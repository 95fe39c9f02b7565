/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — tessera:segment-colours, Segment Colours (MST)'s recoloured
 * layer as a global GEGL filter: the classes come from the colours of the
 * whole layer (core/mst-segment.h), so the whole input is read and
 * recoloured at once. */
#include "config.h"

#include <glib/gi18n-lib.h>

#ifdef GEGL_PROPERTIES

enum_start (tessera_segment_colour_space)
  enum_value (TESSERA_GEGL_SPACE_RGB,    "rgb",    N_("RGB"))
  enum_value (TESSERA_GEGL_SPACE_CIELAB, "cielab", N_("CIE L*a*b*"))
enum_end (TesseraGeglSegmentColourSpace)

enum_start (tessera_segment_method)
  enum_value (TESSERA_GEGL_WEIGHTED,       "weighted",
              N_("Weighted by pixels (refined)"))
  enum_value (TESSERA_GEGL_SINGLE_LINKAGE, "single-linkage",
              N_("Single linkage (longest edges)"))
enum_end (TesseraGeglSegmentMethod)

property_int (classes, _("Classes"), 8)
  description (_("How many classes of colours, or 0 to find them "
                 "automatically"))
  value_range (0, 256)

property_double (min_share, _("Minimum share"), 0.01)
  description (_("No class may have less than this share of the pixels"))
  value_range (0.0, 0.5)

property_double (sensitivity, _("Sensitivity"), 1.0)
  description (_("With 0 classes: higher finds more classes.  Weighted: the "
                 "knee of the error curve raised to the power 1/(2 "
                 "sensitivity); single linkage: an edge is cut when longer "
                 "than 1 + 1/sensitivity times the mean of the tree's edges "
                 "near it"))
  value_range (0.01, 100.0)
  ui_range    (0.1, 10.0)

property_enum (colour_space, _("Colour space"), TesseraGeglSegmentColourSpace,
               tessera_segment_colour_space, TESSERA_GEGL_SPACE_CIELAB)
  description (_("Where the distances between colours are measured"))

property_enum (method, _("Method"), TesseraGeglSegmentMethod,
               tessera_segment_method, TESSERA_GEGL_WEIGHTED)
  description (_("How the tree is cut: weighted splits it where the "
                 "pixel-weighted colour error drops most, then refines the "
                 "classes (Lloyd iterations); single linkage cuts the longest "
                 "edges, so that rare colours far from the others get "
                 "classes of their own (the only method of earlier "
                 "versions)"))

#else

#define GEGL_OP_FILTER
#define GEGL_OP_NAME     tessera_segment_colours
#define GEGL_OP_C_SOURCE segment-colours-op.c
#define GEGL_OP_BUNDLE

#include "gegl-op.h"
#include "mst-segment.h"
#include "tessera-gegl.h"

static void
prepare (GeglOperation *operation)
{
  tessera_gegl_prepare (operation);
}

static TesseraMstSegment
segment_params (const GeglProperties *o)
{
  TesseraMstSegment params;

  params.classes      = o->classes;
  params.min_share    = o->min_share;
  params.sensitivity  = o->sensitivity;
  params.colour_space = o->colour_space == TESSERA_GEGL_SPACE_RGB
                        ? TESSERA_COLOUR_SPACE_RGB
                        : TESSERA_COLOUR_SPACE_CIELAB;
  params.method       = o->method == TESSERA_GEGL_SINGLE_LINKAGE
                        ? TESSERA_MST_METHOD_SINGLE_LINKAGE
                        : TESSERA_MST_METHOD_WEIGHTED;
  return params;
}

/* IMAGE recoloured in its classes' means; TESSERA_OK with IMAGE as it was
 * when nothing is visible (no colour to class). */
static TesseraStatus
recolour (GeglOperation *operation,
          TesseraImage  *image)
{
  TesseraMstSegment      params = segment_params (GEGL_PROPERTIES (operation));
  TesseraExec            exec   = tessera_gegl_exec (operation, TRUE);
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
  TesseraStatus          status;

  status = tessera_colour_histogram (image, &histogram, &exec);
  if (status != TESSERA_OK)
    return status;
  if (histogram.n_colours > 0)
    {
      status = tessera_mst_segment (&histogram, &params, &classes, &exec);
      if (status == TESSERA_OK)
        {
          status = tessera_mst_segment_recolour (image, &histogram, &classes,
                                                 image, &exec);
          tessera_mst_classes_free (&classes);
        }
    }
  tessera_colour_histogram_free (&histogram);
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
  TesseraImage   image;

  if (whole.width <= 0 || whole.height <= 0)
    return TRUE;
  gegl_operation_progress (operation, 0.0, "");
  if (! tessera_gegl_read (input, &whole, format, &image))
    return FALSE;
  tessera_gegl_write (operation, input, output, &whole, format, &image,
                      recolour (operation, &image));
  g_free (image.data);
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
    "name",            "tessera:segment-colours",
    "title",           _("Segment Colours (MST)"),
    "categories",      "color",
    "description",     _("Split the colours into classes by cutting their "
                         "minimum spanning tree, each pixel in its class's "
                         "mean colour: the recoloured layer of Tessera's "
                         "Segment Colours (MST) plug-in"),
    "gimp:menu-path",  TESSERA_GEGL_MENU,
    "gimp:menu-label", _("Segment Colo_urs (MST, on canvas)…"),
    NULL);
}

#endif
