/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — tessera:box-blur, the Box Blur (SAT) plug-in's blur as a GEGL
 * area filter: the core's blur (core/box-blur.h) of each piece GEGL asks
 * for, read with the margin all passes reach, so that its pixels are the
 * plug-in's whatever the pieces. */
#include "config.h"

#include <glib/gi18n-lib.h>

#ifdef GEGL_PROPERTIES

property_int (radius_x, _("Radius X"), 5)
  description (_("Half the width of the box, in pixels"))
  value_range (0, 1 << 20)
  ui_range    (0, 100)
  ui_gamma    (1.5)
  ui_meta     ("unit", "pixel-distance")
  ui_meta     ("axis", "x")

property_int (radius_y, _("Radius Y"), 5)
  description (_("Half the height of the box, in pixels"))
  value_range (0, 1 << 20)
  ui_range    (0, 100)
  ui_gamma    (1.5)
  ui_meta     ("unit", "pixel-distance")
  ui_meta     ("axis", "y")

property_int (iterations, _("Iterations"), 1)
  description (_("How many times to blur; 3 looks like a Gaussian blur"))
  value_range (1, 16)

#else

#define GEGL_OP_AREA_FILTER
#define GEGL_OP_NAME     tessera_box_blur
#define GEGL_OP_C_SOURCE box-blur-op.c
#define GEGL_OP_BUNDLE

#include "gegl-op.h"
#include "box-blur.h"
#include "tessera-gegl.h"

static void
prepare (GeglOperation *operation)
{
  GeglOperationAreaFilter *area  = GEGL_OPERATION_AREA_FILTER (operation);
  GeglProperties          *o     = GEGL_PROPERTIES (operation);

  /* Each pass reaches one radius further. */
  area->left = area->right  = o->radius_x * o->iterations;
  area->top  = area->bottom = o->radius_y * o->iterations;
  tessera_gegl_prepare (operation);
}

/* The piece RESULT with its margin, cut at the input's edge, where the
 * core repeats the edge as the plug-in does at the layer's. */
static GeglRectangle
piece_read (GeglOperation       *operation,
            const GeglRectangle *result)
{
  GeglOperationAreaFilter *area = GEGL_OPERATION_AREA_FILTER (operation);
  const GeglRectangle     *input =
    gegl_operation_source_get_bounding_box (operation, "input");
  GeglRectangle            read = { result->x - area->left,
                                    result->y - area->top,
                                    result->width + area->left + area->right,
                                    result->height + area->top
                                    + area->bottom };

  if (input != NULL && ! gegl_rectangle_is_infinite_plane (input))
    gegl_rectangle_intersect (&read, &read, input);
  return read;
}

/* The input's extent: pixels beyond the edge repeat it, so the blur
 * spreads nothing out of the layer (GEGL's area filters grow it). */
static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const GeglRectangle *input =
    gegl_operation_source_get_bounding_box (operation, "input");
  GeglRectangle        none  = { 0, 0, 0, 0 };

  return input != NULL ? *input : none;
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties *o      = GEGL_PROPERTIES (operation);
  const Babl     *format = gegl_operation_get_format (operation, "output");
  GeglRectangle   read   = piece_read (operation, result);
  GeglRectangle   wanted;
  TesseraImage    image;
  TesseraBoxBlur  params = { 0 };
  TesseraExec     exec;
  TesseraStatus   status;
  gsize           pixel;

  if (! gegl_rectangle_intersect (&wanted, result, &read))
    return TRUE;
  if (! tessera_gegl_read (input, &read, format, &image))
    return FALSE;
  params.radius_x   = o->radius_x;
  params.radius_y   = o->radius_y;
  params.iterations = o->iterations;
  params.has_alpha  = babl_format_has_alpha (format);
  params.method     = TESSERA_BOX_BLUR_METHOD_AUTO;
  /* GEGL shares the pieces among its threads: one thread a piece. */
  exec   = tessera_gegl_exec (NULL, FALSE);
  status = tessera_box_blur (&image, &image, &params, &exec);
  if (status == TESSERA_OK)
    {
      /* The piece asked for, from inside what was read. */
      pixel = tessera_pixel_size (&image);
      gegl_buffer_set (output, &wanted, 0, format,
                       (guint8 *) image.data
                       + (gsize) (wanted.y - read.y) * image.stride
                       + (gsize) (wanted.x - read.x) * pixel,
                       image.stride);
    }
  else
    g_warning ("tessera:box-blur: %s", tessera_status_message (status));
  g_free (image.data);
  return status == TESSERA_OK;
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass       *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);

  operation_class->prepare          = prepare;
  operation_class->get_bounding_box = get_bounding_box;
  filter_class->process             = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "tessera:box-blur",
    "title",           _("Box Blur (SAT)"),
    "categories",      "blur",
    "description",     _("Blur with the mean of a box, in the same time for "
                         "any radius: the same pixels as Tessera's Box Blur "
                         "(SAT) plug-in, edges repeated, colours weighted by "
                         "alpha"),
    "gimp:menu-path",  TESSERA_GEGL_MENU,
    "gimp:menu-label", _("B_ox Blur (SAT, on canvas)…"),
    NULL);
}

#endif
