/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-args.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"

static gboolean
refuse (GError        **error,
        TesseraStatus   status,
        gchar          *message)
{
  g_set_error_literal (error, TESSERA_PLUGIN_ERROR, status, message);
  g_free (message);
  return FALSE;
}

gboolean
tessera_drawable_check (gint32   image,
                        gint32   drawable,
                        GError **error)
{
  gchar    *name;
  gboolean  ok = TRUE;

  if (! tessera_gimp_drawable_exists (drawable))
    return refuse (error, TESSERA_ERROR_INVALID_ARGUMENT,
                   /* TRANSLATORS: %d is the ID the caller passed. */
                   g_strdup_printf (_("The drawable %d does not exist: pass "
                                      "a layer, layer mask or channel of "
                                      "the image."), drawable));
  if (tessera_gimp_item_image (drawable) != image)
    return refuse (error, TESSERA_ERROR_INVALID_ARGUMENT,
                   /* TRANSLATORS: both %d are IDs. */
                   g_strdup_printf (_("The drawable %d does not belong to "
                                      "image %d: pass a drawable of that "
                                      "image."), drawable, image));

  name = gimp_item_get_name (TESSERA_ITEM (drawable));
  if (gimp_item_is_group (TESSERA_ITEM (drawable)))
    ok = refuse (error, TESSERA_ERROR_UNSUPPORTED_FORMAT,
                 /* TRANSLATORS: %s is the layer group's name. */
                 g_strdup_printf (_("“%s” is a layer group, whose pixels "
                                    "cannot be modified; choose a layer "
                                    "inside it, or merge the group first "
                                    "(Layer ▸ Merge Layer Group)."), name));
  else if (gimp_drawable_is_indexed (TESSERA_DRAWABLE (drawable))
           || tessera_gimp_image_base_type (image) == GIMP_INDEXED)
    ok = refuse (error, TESSERA_ERROR_UNSUPPORTED_FORMAT,
                 /* TRANSLATORS: %s is the drawable's name. */
                 g_strdup_printf (_("Indexed images are not supported "
                                    "(“%s” is in one); convert the image "
                                    "to RGB or Grayscale first (Image ▸ "
                                    "Mode)."), name));
  g_free (name);
  return ok;
}
