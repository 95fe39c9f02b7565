/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-gimp.h"
#include "tessera-output.h"

gchar *
tessera_output_incomplete_name (const gchar *name)
{
  /* TRANSLATORS: the name of a result layer whose pixels are still being
   * written; %s is its name. */
  return g_strdup_printf (_("%s (incomplete)"), name);
}

void
tessera_output_insert_above (gint32       layer,
                             gint32       drawable,
                             const gchar *name)
{
  gint32  image  = tessera_gimp_item_image (drawable);
  gint32  anchor = gimp_item_is_layer_mask (TESSERA_ITEM (drawable))
                   ? tessera_gimp_layer_from_mask (drawable) : drawable;
  gchar  *incomplete = tessera_output_incomplete_name (name);
  TesseraSelected selected;

  gimp_item_set_name (TESSERA_ITEM (layer), incomplete);
  g_free (incomplete);
  /* Inserting selects the new layer; every procedure keeps what the user
   * had selected (the source), as Fill Closed Contours always did, so that
   * a second run works on the source again. */
  tessera_gimp_selected_save (image, &selected);
  if (gimp_item_is_layer (TESSERA_ITEM (anchor)))
    tessera_gimp_insert_layer (image, layer,
                               tessera_gimp_item_parent (anchor),
                               gimp_image_get_item_position (
                                 TESSERA_IMAGE (image),
                                 TESSERA_ITEM (anchor)));
  else
    tessera_gimp_insert_layer (image, layer, 0, 0);
  tessera_gimp_selected_restore (image, &selected);
}

void
tessera_output_discard (gint32 item)
{
  gint32 image = tessera_gimp_item_image (item);

  if (gimp_item_is_layer (TESSERA_ITEM (item)))
    gimp_image_remove_layer (TESSERA_IMAGE (image), TESSERA_LAYER (item));
  else
    gimp_image_remove_channel (TESSERA_IMAGE (image), TESSERA_CHANNEL (item));
}

void
tessera_output_complete (gint32       item,
                         const gchar *name)
{
  gimp_item_set_name (TESSERA_ITEM (item), name);
}
