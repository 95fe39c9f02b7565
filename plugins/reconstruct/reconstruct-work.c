/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "marker-beyond.h"
#include "reconstruct-work.h"
#include "tessera-gimp.h"
#include "tessera-output.h"

gboolean
reconstruct_read_whole (gint32            drawable,
                        TesseraRegion    *region,
                        TesseraProgress  *progress,
                        GError          **error)
{
  GeglRectangle whole = { 0, 0, tessera_gimp_drawable_width (drawable),
                          tessera_gimp_drawable_height (drawable) };

  return tessera_region_read (region, drawable, &whole, progress, error);
}

/* A new image like MASK's, for markers and results. */
static gboolean
image_like (const TesseraRegion  *mask,
            TesseraImage         *image,
            GError              **error)
{
  const TesseraImage *like = &mask->image;
  TesseraStatus status = tessera_image_alloc (image, like->width,
                                              like->height, like->channels,
                                              like->type);

  if (status != TESSERA_OK)
    tessera_set_error (error, status);
  return status == TESSERA_OK;
}

/* Sets every sample of IMAGE to the top of its range (floats: 1). */
static void
fill_top (TesseraImage *image)
{
  gint samples = image->width * image->channels;

  for (gint y = 0; y < image->height; y++)
    {
      gpointer row = tessera_image_row (image, y);
      for (gint i = 0; i < samples; i++)
        switch (image->type)
          {
          case TESSERA_U8:  ((guint8 *) row)[i] = G_MAXUINT8; break;
          case TESSERA_U16: ((guint16 *) row)[i] = G_MAXUINT16; break;
          case TESSERA_F32: ((gfloat *) row)[i] = 1.0f; break;
          }
    }
}

static gboolean
check_marker (const TesseraRegion  *mask,
              gint32                marker_id,
              GError              **error)
{
  if (! tessera_gimp_drawable_exists (marker_id))
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The marker is not a layer or channel of the "
                             "image; pick one as the marker."));
      return FALSE;
    }
  if (tessera_gimp_item_image (marker_id)
      != tessera_gimp_item_image (mask->drawable))
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The marker belongs to another image; it must "
                             "be a layer or channel of the mask's image."));
      return FALSE;
    }
  if (gimp_drawable_is_indexed (TESSERA_DRAWABLE (marker_id)))
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_UNSUPPORTED_FORMAT,
                           _("The marker is indexed; convert the image to "
                             "RGB or Grayscale first (Image ▸ Mode)."));
      return FALSE;
    }
  return TRUE;
}

gboolean
reconstruct_read_marker (const TesseraRegion         *mask,
                         gint32                       marker_id,
                         TesseraReconstructOperation  operation,
                         TesseraImage                *marker,
                         GError                     **error)
{
  GeglRectangle  mask_area, marker_area, common;
  GeglBuffer    *buffer;
  TesseraImage   view;

  if (! check_marker (mask, marker_id, error)
      || ! image_like (mask, marker, error))
    return FALSE;

  /* Outside the marker drawable nothing seeds the reconstruction. */
  if (operation == TESSERA_RECONSTRUCT_EROSION)
    fill_top (marker);
  else
    for (gint y = 0; y < marker->height; y++)
      memset (tessera_image_row (marker, y), 0,
              tessera_pixel_size (marker) * marker->width);

  /* Both rectangles in image coordinates. */
  tessera_gimp_drawable_offsets (mask->drawable, &mask_area.x, &mask_area.y);
  mask_area.width  = mask->image.width;
  mask_area.height = mask->image.height;
  tessera_gimp_drawable_offsets (marker_id, &marker_area.x, &marker_area.y);
  marker_area.width  = tessera_gimp_drawable_width (marker_id);
  marker_area.height = tessera_gimp_drawable_height (marker_id);
  if (! gegl_rectangle_intersect (&common, &mask_area, &marker_area))
    return TRUE;

  common.x -= mask_area.x;
  common.y -= mask_area.y;
  view = *marker;
  view.data = (guint8 *) tessera_image_row (marker, common.y)
              + common.x * tessera_pixel_size (marker);
  common.x += mask_area.x - marker_area.x;
  common.y += mask_area.y - marker_area.y;

  /* In the mask's format: a colour marker under a grey mask gives its
   * luminance, and so on. */
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (marker_id));
  gegl_buffer_get (buffer, &common, 1.0, mask->format, view.data,
                   view.stride, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
  return TRUE;
}

static gboolean
reconstruct_prepare_marker (const TesseraRegion  *mask,
                            gconstpointer         data,
                            TesseraImage         *result,
                            GError              **error)
{
  const ReconstructValues *values = data;

  return reconstruct_read_marker (mask, values->marker, values->operation,
                                  result, error);
}

static gboolean
reconstruct_solve_marker (const TesseraRegion  *mask,
                          gconstpointer         data,
                          TesseraExec          *exec,
                          TesseraImage         *result,
                          gdouble              *clipped,
                          GError              **error)
{
  const ReconstructValues *values = data;
  TesseraReconstruct       params = tessera_reconstruct_default ();
  size_t                   beyond = 0;
  TesseraStatus            status;

  params.operation    = values->operation;
  params.connectivity = values->connectivity;
  params.colour       = values->colour_mode;
  /* Alpha is the mask's own: the reconstruction is of the colours. */
  params.has_alpha    = babl_format_has_alpha (mask->format);
  status = tessera_reconstruct (&mask->image, result, result, &params, exec,
                                &beyond);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      tessera_image_free (result);
      return FALSE;
    }
  if (clipped != NULL)
    *clipped = beyond / (gdouble) reconstruct_samples (mask,
                                                       values->colour_mode);
  return TRUE;
}

static gboolean
reconstruct_prepare_preset (const TesseraRegion  *mask,
                            gconstpointer         values,
                            TesseraImage         *result,
                            GError              **error)
{
  return image_like (mask, result, error);
}

static gboolean
reconstruct_solve_preset (const TesseraRegion  *mask,
                          gconstpointer         data,
                          TesseraExec          *exec,
                          TesseraImage         *result,
                          gdouble              *clipped,
                          GError              **error)
{
  const PresetValues             *values = data;
  TesseraReconstructPresetParams  params;
  TesseraStatus                   status;

  params.preset       = values->preset;
  params.h            = values->h / 100.0;
  params.radius       = values->radius;
  params.connectivity = values->connectivity;
  params.has_alpha    = babl_format_has_alpha (mask->format);
  params.colour       = values->colour_mode;
  status = tessera_reconstruct_preset (&mask->image, result, &params, exec);
  if (status == TESSERA_OK)
    return TRUE;
  tessera_set_error (error, status);
  tessera_image_free (result);
  return FALSE;
}

const ReconstructCompute reconstruct_marker =
{
  reconstruct_prepare_marker, reconstruct_solve_marker
};

const ReconstructCompute reconstruct_preset =
{
  reconstruct_prepare_preset, reconstruct_solve_preset
};

/* A new layer holding a copy of the mask, above it (in its layer group, at
 * its offsets) or above the layer of a layer mask; at the top for a
 * channel; named as incomplete until its pixels are written. */
static gint32
new_layer_above (gint32       mask,
                 const gchar *name)
{
  gint32 layer = tessera_gimp_layer_new_from_drawable (
                   mask, tessera_gimp_item_image (mask));
  gint   x, y;

  tessera_gimp_drawable_offsets (mask, &x, &y);
  tessera_output_insert_above (layer, mask, name);
  gimp_layer_set_offsets (TESSERA_LAYER (layer), x, y);
  return layer;
}

/* Writes RESULT (like MASK's image) inside BOUNDS: over the mask, or into
 * a new layer above it, as one undo step. */
static void
write_result (const TesseraRegion *mask,
              const TesseraImage  *result,
              const GeglRectangle *bounds,
              ReconstructOutput    output,
              const gchar         *name,
              TesseraProgress     *progress)
{
  gint32        image  = tessera_gimp_item_image (mask->drawable);
  TesseraRegion region = *mask;

  region.image = *result;
  if (output == RECONSTRUCT_OUTPUT_IN_PLACE)
    {
      tessera_region_apply (&region, bounds, progress);
      return;
    }
  /* The new layer and its pixels: one undo step. */
  gimp_image_undo_group_start (TESSERA_IMAGE (image));
  region.drawable = new_layer_above (mask->drawable, name);
  tessera_region_apply (&region, bounds, progress);
  tessera_output_complete (region.drawable, name);
  gimp_image_undo_group_end (TESSERA_IMAGE (image));
}

/* Says that (and how much of) the marker was beyond the mask. */
static void
tell_clipped (gdouble                     clipped,
              TesseraReconstructOperation operation)
{
  gchar *text = reconstruct_beyond_text (clipped, operation);

  if (text != NULL)
    g_message ("%s", text);
  g_free (text);
}

gboolean
reconstruct_apply (gint32                       drawable,
                   const GeglRectangle         *bounds,
                   ReconstructOutput            output,
                   TesseraBackend               backend,
                   const ReconstructCompute    *compute,
                   ReconstructName              name,
                   gconstpointer                values,
                   TesseraReconstructOperation  operation,
                   GError                     **error)
{
  TesseraProgress progress;
  TesseraRegion   mask;
  TesseraImage    result;
  TesseraExec     exec;
  gdouble         clipped = 0.0;
  gboolean        ok;

  tessera_progress_start (&progress, _("Morphological Reconstruction"));
  tessera_progress_stage (&progress, 0.3);
  if (! reconstruct_read_whole (drawable, &mask, &progress, error))
    return FALSE;

  tessera_progress_stage (&progress, 0.4);
  exec = tessera_progress_exec (&progress, backend);
  ok = compute->prepare (&mask, values, &result, error)
       && compute->solve (&mask, values, &exec, &result, &clipped, error);
  if (ok)
    {
      gchar *layer_name = name (values);

      tessera_progress_stage (&progress, 0.3);
      write_result (&mask, &result, bounds, output, layer_name, &progress);
      g_free (layer_name);
      tessera_image_free (&result);
      tell_clipped (clipped, operation);
    }
  tessera_region_clear (&mask);
  return ok;
}

static gboolean
uses_radius (gint preset)
{
  return preset == TESSERA_RECONSTRUCT_OPENING
         || preset == TESSERA_RECONSTRUCT_CLOSING;
}

void
reconstruct_preset_take_parameter (PresetValues *values)
{
  gdouble parameter = values->parameter;

  if (values->preset == TESSERA_RECONSTRUCT_H_DOME)
    values->h = parameter;
  else if (uses_radius (values->preset))
    values->radius = parameter >= 0
                     && parameter <= TESSERA_RECONSTRUCT_MAX_RADIUS
                     ? (gint) parameter : -1;
  else
    values->parameter = 0;
}

void
reconstruct_preset_give_parameter (PresetValues *values)
{
  if (values->preset == TESSERA_RECONSTRUCT_H_DOME)
    values->parameter = values->h;
  else if (uses_radius (values->preset))
    values->parameter = values->radius;
  else
    values->parameter = 0;
}

gboolean
reconstruct_preset_check (gconstpointer   data,
                          GError        **error)
{
  const PresetValues *values = data;

  if (uses_radius (values->preset)
      && values->parameter != floor (values->parameter))
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   _("The radius must be a whole number of pixels, "
                     "not %g."), values->parameter);
      return FALSE;
    }
  return tessera_args_check (preset_dialog_args,
                             G_N_ELEMENTS (preset_dialog_args), values,
                             error);
}
