/* Tessera — Fill Closed Contours on the layer through a mask: the plug-in
 * writes only which pixels are inside (a channel, a quarter of the layer's
 * bytes at 8 bits), and GIMP fills the layer with the foreground colour
 * through it as the selection.  The layer's pixels never cross GIMP's wire
 * a second time (fill-bands.c reads them once, for the contour map). */
#include "config.h"

#include <libgimp/gimp.h>

#include "fill-work.h"
#include "fill-work-private.h"
#include "tessera-gimp.h"

/* Whether GIMP's fill of DRAWABLE's format is exact: GIMP blends in
 * linear float, and converts the colour set from the plug-in's pixel
 * (tessera_gimp_context_set_foreground_pixel) and the pixels it leaves
 * there and back.  Every u8, u16 and half sample comes back as it was; a
 * float one may move by an ulp (in a perceptual format every pixel of the
 * layer did, in the tests), and u32 and double ones are rounded. */
static gboolean
blends_exactly (gint32 drawable)
{
  const Babl *type = babl_format_get_type (gimp_drawable_get_format
                                             (TESSERA_DRAWABLE (drawable)),
                                           0);

  return type == babl_type ("u8") || type == babl_type ("u16")
         || type == babl_type ("half");
}

gboolean
fill_mask_suits (gint32 drawable)
{
  gint32 image = tessera_gimp_item_image (drawable);
  gint   x, y;

  /* A layer mask or channel would take the foreground colour through
   * GIMP's conversion to grey, not the plug-in's: they keep the shadow. */
  if (! gimp_item_is_layer (TESSERA_ITEM (drawable))
      || gimp_item_is_group (TESSERA_ITEM (drawable))
      || gimp_layer_is_floating_sel (TESSERA_LAYER (drawable))
      || TESSERA_ID (gimp_image_get_floating_sel (TESSERA_IMAGE (image))) > 0
      || ! blends_exactly (drawable))
    return FALSE;
#if ! TESSERA_GIMP3
  /* GIMP 2.10's PDB has no Replace mode, the shadow's merge: Normal blends
   * a partly selected pixel the same but for the last bit. */
  if (! gimp_selection_is_empty (TESSERA_IMAGE (image)))
    return FALSE;
#endif
  /* The selection covers the canvas only: a layer reaching past it would
   * not be filled there. */
  tessera_gimp_drawable_offsets (drawable, &x, &y);
  return x >= 0 && y >= 0
         && x + tessera_gimp_drawable_width (drawable)
            <= tessera_gimp_image_width (image)
         && y + tessera_gimp_drawable_height (drawable)
            <= tessera_gimp_image_height (image);
}

void
fill_through_mask (gint32 drawable,
                   gint32 mask)
{
  gint32      image  = tessera_gimp_item_image (drawable);
  gboolean    had    = ! gimp_selection_is_empty (TESSERA_IMAGE (image));
  gint32      kept   = had ? tessera_gimp_selection_save (image) : -1;
  const Babl *format = gimp_drawable_get_format (TESSERA_DRAWABLE (drawable));
  guint8      pixel[64];

  /* The context first: a kill between the calls that follow leaves the
   * selection changed (one undo restores it), so they are few. */
  gimp_context_push ();
  /* The interior as it is: no feather from the user's context. */
  gimp_context_set_feather (FALSE);
  /* The pixel the shadow would hold, as the whole drawable's run paints. */
  fill_foreground_pixel (format, pixel);
  tessera_gimp_context_set_foreground_pixel (format, pixel);
  /* As gimp_drawable_merge_shadow applies the shadow (Replace): a partly
   * selected pixel takes the colour in proportion, its alpha too.  GIMP
   * 2.10's PDB offers no Replace; Normal of an opaque colour is the same
   * where the selection is 0 or 1 (fill_mask_suits). */
  gimp_context_set_opacity (100.0);
#if TESSERA_GIMP3
  gimp_context_set_paint_mode (GIMP_LAYER_MODE_REPLACE);
#else
  gimp_context_set_paint_mode (GIMP_LAYER_MODE_NORMAL);
#endif
  gimp_image_select_item (TESSERA_IMAGE (image),
                          had ? GIMP_CHANNEL_OP_INTERSECT
                              : GIMP_CHANNEL_OP_REPLACE,
                          TESSERA_ITEM (mask));
  gimp_drawable_edit_fill (TESSERA_DRAWABLE (drawable), GIMP_FILL_FOREGROUND);
  if (had)
    {
      gimp_image_select_item (TESSERA_IMAGE (image), GIMP_CHANNEL_OP_REPLACE,
                              TESSERA_ITEM (kept));
      gimp_image_remove_channel (TESSERA_IMAGE (image),
                                 TESSERA_CHANNEL (kept));
    }
  else
    gimp_selection_none (TESSERA_IMAGE (image));
  gimp_context_pop ();
}
