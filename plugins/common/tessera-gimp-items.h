/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls on items and drawables: their size, place,
 * image and parent, and what kind of item an ID is, for GIMP 2.10 and GIMP
 * 3 alike (see tessera-gimp.h). */
#ifndef TESSERA_GIMP_ITEMS_H
#define TESSERA_GIMP_ITEMS_H

#include "tessera-gimp-ids.h"

static inline gint
tessera_gimp_drawable_width (gint32 drawable)
{
#if TESSERA_GIMP3
  return gimp_drawable_get_width (TESSERA_DRAWABLE (drawable));
#else
  return gimp_drawable_width (drawable);
#endif
}

static inline gint
tessera_gimp_drawable_height (gint32 drawable)
{
#if TESSERA_GIMP3
  return gimp_drawable_get_height (TESSERA_DRAWABLE (drawable));
#else
  return gimp_drawable_height (drawable);
#endif
}

/* Where DRAWABLE lies on its image. */
static inline void
tessera_gimp_drawable_offsets (gint32  drawable,
                               gint   *x,
                               gint   *y)
{
#if TESSERA_GIMP3
  gimp_drawable_get_offsets (TESSERA_DRAWABLE (drawable), x, y);
#else
  gimp_drawable_offsets (drawable, x, y);
#endif
}

/* Whether DRAWABLE is the ID of a drawable that exists. */
static inline gboolean
tessera_gimp_drawable_exists (gint32 drawable)
{
#if TESSERA_GIMP3
  return gimp_item_id_is_valid (drawable)
         && gimp_item_id_is_drawable (drawable);
#else
  return gimp_item_is_valid (drawable) && gimp_item_is_drawable (drawable);
#endif
}

static inline gint32
tessera_gimp_item_image (gint32 item)
{
#if TESSERA_GIMP3
  return gimp_image_get_id (gimp_item_get_image (TESSERA_ITEM (item)));
#else
  return gimp_item_get_image (item);
#endif
}

/* ITEM's parent layer group, -1 (GIMP 3) or 0 (2.10) at the top. */
static inline gint32
tessera_gimp_item_parent (gint32 item)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_item_get_parent (TESSERA_ITEM (item)));
#else
  return gimp_item_get_parent (item);
#endif
}

/* Whether ITEM is the ID of a layer (a layer group too). */
static inline gboolean
tessera_gimp_item_is_layer (gint32 item)
{
#if TESSERA_GIMP3
  return gimp_item_id_is_layer (item);
#else
  return gimp_item_is_layer (item);
#endif
}

#endif
