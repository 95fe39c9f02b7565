/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — item IDs and GIMP 3's objects: TESSERA_IMAGE (id) and its
 * kin give what libgimp's calls take (the ID itself in GIMP 2.10, the
 * object in GIMP 3), TESSERA_ID (object) the ID back (see tessera-gimp.h). */
#ifndef TESSERA_GIMP_IDS_H
#define TESSERA_GIMP_IDS_H

#include <libgimp/gimp.h>

#if GIMP_MAJOR_VERSION >= 3
#define TESSERA_GIMP3 1
#define TESSERA_IMAGE(id)    gimp_image_get_by_id (id)
#define TESSERA_ITEM(id)     gimp_item_get_by_id (id)
#define TESSERA_DRAWABLE(id) gimp_drawable_get_by_id (id)
#define TESSERA_LAYER(id)    gimp_layer_get_by_id (id)
#define TESSERA_PATH(id)     gimp_path_get_by_id (id)
#define TESSERA_CHANNEL(id)  gimp_channel_get_by_id (id)
/* A function, not a macro: its argument is often a call that makes an
 * item (gimp_layer_new…), which a macro naming it twice made twice. */
#define TESSERA_ID(object)   tessera_item_id (GIMP_ITEM (object))
static inline gint32
tessera_item_id (GimpItem *item)
{
  return item != NULL ? gimp_item_get_id (item) : -1;
}
#else
#define TESSERA_GIMP3 0
#define TESSERA_IMAGE(id)    (id)
#define TESSERA_ITEM(id)     (id)
#define TESSERA_DRAWABLE(id) (id)
#define TESSERA_LAYER(id)    (id)
#define TESSERA_PATH(id)     (id)
#define TESSERA_CHANNEL(id)  (id)
#define TESSERA_ID(id)       (id)
#endif

#endif
