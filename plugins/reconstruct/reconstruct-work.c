#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "reconstruct-work.h"
#include "tessera-output.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-preview.h"

gboolean
reconstruct_check_common (gint            connectivity,
                          gint            output,
                          TesseraBackend  backend,
                          gint            colour_mode,
                          GError        **error)
{
  if (connectivity != 4 && connectivity != 8)
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   _("connectivity must be 4 or 8, not %d."), connectivity);
      return FALSE;
    }
  return tessera_check_range ("output", output, RECONSTRUCT_OUTPUT_NEW_LAYER,
                              RECONSTRUCT_OUTPUT_IN_PLACE, error)
      && tessera_check_range ("backend", backend, TESSERA_BACKEND_AUTO,
                              TESSERA_BACKEND_CUDA, error)
      && tessera_check_range ("colour-mode", colour_mode,
                              TESSERA_RECONSTRUCT_PER_CHANNEL,
                              TESSERA_RECONSTRUCT_LUMINANCE, error);
}

gboolean
reconstruct_read_whole (gint32            drawable,
                        TesseraRegion    *region,
                        TesseraProgress  *progress,
                        GError          **error)
{
  GeglRectangle whole = { 0, 0, gimp_drawable_width (drawable),
                          gimp_drawable_height (drawable) };

  return tessera_region_read (region, drawable, &whole, progress, error);
}

gboolean
reconstruct_image_like (const TesseraRegion  *mask,
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

void
reconstruct_fill_top (TesseraImage *image)
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
  if (! gimp_item_is_valid (marker_id) || ! gimp_item_is_drawable (marker_id))
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The marker is not a layer or channel of the "
                             "image; pick one as the marker."));
      return FALSE;
    }
  if (gimp_item_get_image (marker_id) != gimp_item_get_image (mask->drawable))
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The marker belongs to another image; it must "
                             "be a layer or channel of the mask's image."));
      return FALSE;
    }
  if (gimp_drawable_is_indexed (marker_id))
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
reconstruct_read_marker (const TesseraRegion          *mask,
                         gint32                        marker_id,
                         TesseraReconstructOperation   operation,
                         TesseraImage                 *marker,
                         GError                      **error)
{
  GeglRectangle  mask_area, marker_area, common;
  GeglBuffer    *buffer;
  TesseraImage   view;

  if (! check_marker (mask, marker_id, error)
      || ! reconstruct_image_like (mask, marker, error))
    return FALSE;

  /* Outside the marker drawable nothing seeds the reconstruction. */
  if (operation == TESSERA_RECONSTRUCT_EROSION)
    reconstruct_fill_top (marker);
  else
    for (gint y = 0; y < marker->height; y++)
      memset (tessera_image_row (marker, y), 0,
              tessera_pixel_size (marker) * marker->width);

  /* Both rectangles in image coordinates. */
  gimp_drawable_offsets (mask->drawable, &mask_area.x, &mask_area.y);
  mask_area.width  = mask->image.width;
  mask_area.height = mask->image.height;
  gimp_drawable_offsets (marker_id, &marker_area.x, &marker_area.y);
  marker_area.width  = gimp_drawable_width (marker_id);
  marker_area.height = gimp_drawable_height (marker_id);
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
  buffer = gimp_drawable_get_buffer (marker_id);
  gegl_buffer_get (buffer, &common, 1.0, mask->format, view.data,
                   view.stride, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
  return TRUE;
}

gboolean
reconstruct_run (const TesseraRegion       *mask,
                 TesseraImage              *marker,
                 const TesseraReconstruct  *params,
                 TesseraExec               *exec,
                 gsize                     *clipped,
                 GError                   **error)
{
  TesseraReconstruct with_alpha = *params;
  size_t             beyond = 0;
  TesseraStatus      status;

  /* Alpha is the mask's own: the reconstruction is of the colours. */
  with_alpha.has_alpha = babl_format_has_alpha (mask->format);
  status = tessera_reconstruct (&mask->image, marker, marker, &with_alpha,
                                exec, &beyond);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  if (clipped != NULL)
    *clipped = beyond;
  return TRUE;
}

/* MASK's region holding RESULT's pixels, for the region helpers. */
static TesseraRegion
result_region (const TesseraRegion *mask,
               const TesseraImage  *result,
               gint32               drawable)
{
  TesseraRegion region = *mask;

  region.image    = *result;
  region.drawable = drawable;
  return region;
}

/* A new layer holding a copy of the mask, above it (in its layer group, at
 * its offsets) or above the layer of a layer mask; at the top for a
 * channel; named as incomplete until its pixels are written. */
static gint32
new_layer_above (gint32 mask)
{
  gint32 layer = gimp_layer_new_from_drawable (mask,
                                               gimp_item_get_image (mask));
  gint   x, y;

  gimp_drawable_offsets (mask, &x, &y);
  tessera_output_insert_above (layer, mask, _("Reconstruction"));
  gimp_layer_set_offsets (layer, x, y);
  return layer;
}

void
reconstruct_write (const TesseraRegion *mask,
                   const TesseraImage  *result,
                   const TesseraTarget *target,
                   ReconstructOutput    output,
                   TesseraProgress     *progress)
{
  TesseraRegion region;

  if (output == RECONSTRUCT_OUTPUT_IN_PLACE)
    {
      region = result_region (mask, result, mask->drawable);
      tessera_region_apply (&region, &target->bounds, progress);
      return;
    }
  /* The new layer and its pixels: one undo step. */
  gimp_image_undo_group_start (target->image);
  region = result_region (mask, result, new_layer_above (mask->drawable));
  tessera_region_apply (&region, &target->bounds, progress);
  tessera_output_complete (region.drawable, _("Reconstruction"));
  gimp_image_undo_group_end (target->image);
}

void
reconstruct_preview (GimpPreview         *preview,
                     const TesseraRegion *mask,
                     const TesseraImage  *result)
{
  TesseraRegion region = result_region (mask, result, mask->drawable);

  tessera_preview_draw (preview, &region.image, &region.rect,
                            region.format);
}

gint
reconstruct_add_controls (GtkTable       *table,
                          gint            row,
                          gint32          drawable,
                          gint           *connectivity,
                          gint           *colour_mode,
                          gint           *output,
                          TesseraBackend *backend,
                          GtkWidget      *preview)
{
  GtkWidget *combo;

  tessera_dialog_add_combo (table, row++, _("Co_nnectivity:"), 1, connectivity,
                            preview,
                            _("8 (the square around each pixel)"), 8,
                            _("4 (the cross around each pixel)"), 4, NULL);
  combo = tessera_dialog_add_combo (table, row++, _("Co_lour:"), 1,
                                    colour_mode, preview,
                                    _("Each channel on its own"),
                                    TESSERA_RECONSTRUCT_PER_CHANNEL,
                                    _("On luminance, the colours following"),
                                    TESSERA_RECONSTRUCT_LUMINANCE, NULL);
  /* A grey drawable is its own luminance: nothing to choose. */
  gtk_widget_set_sensitive (combo, gimp_drawable_is_rgb (drawable));
  gimp_help_set_help_data (combo,
                           _("On luminance the reconstruction sees the "
                             "light of each pixel, and the colours follow "
                             "its change, keeping their hue; pixels whose "
                             "light does not change stay as they are"),
                           NULL);
  tessera_dialog_add_combo (table, row++, _("O_utput:"), 1, output, preview,
                            _("A new layer"), RECONSTRUCT_OUTPUT_NEW_LAYER,
                            _("Replace the drawable"),
                            RECONSTRUCT_OUTPUT_IN_PLACE, NULL);
  combo = tessera_backend_combo_new (backend);
  gimp_table_attach_aligned (table, 0, row++, _("_Backend:"), 0.0, 0.5,
                             combo, 1, FALSE);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (gimp_preview_invalidate), preview);
  return row;
}
