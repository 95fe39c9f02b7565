/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls on layers: new ones, copies, groups, and
 * putting them into an image, for GIMP 2.10 and GIMP 3 alike (see
 * tessera-gimp.h). */
#ifndef TESSERA_GIMP_LAYERS_H
#define TESSERA_GIMP_LAYERS_H

#include "tessera-gimp-ids.h"

/* A new layer of IMAGE, opaque, not yet inserted, by its ID. */
static inline gint32
tessera_gimp_layer_new (gint32         image,
                        const gchar   *name,
                        gint           width,
                        gint           height,
                        GimpImageType  type,
                        GimpLayerMode  mode)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_layer_new (TESSERA_IMAGE (image), name, width,
                                     height, type, 100.0, mode));
#else
  return gimp_layer_new (image, name, width, height, type, 100.0, mode);
#endif
}

/* A copy of LAYER, not yet in the image. */
static inline gint32
tessera_gimp_layer_copy (gint32 layer)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_layer_copy (TESSERA_LAYER (layer)));
#else
  return gimp_layer_copy (layer);
#endif
}

/* A new layer of IMAGE (not yet inserted) holding a copy of DRAWABLE. */
static inline gint32
tessera_gimp_layer_new_from_drawable (gint32 drawable,
                                      gint32 image)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_layer_new_from_drawable (
                       TESSERA_DRAWABLE (drawable), TESSERA_IMAGE (image)));
#else
  return gimp_layer_new_from_drawable (drawable, image);
#endif
}

/* A new, empty layer group of IMAGE, not yet in it (named when it is
 * inserted). */
static inline gint32
tessera_gimp_layer_group_new (gint32 image)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_group_layer_new (TESSERA_IMAGE (image), NULL));
#else
  return gimp_layer_group_new (image);
#endif
}

/* The layer that the layer mask MASK belongs to. */
static inline gint32
tessera_gimp_layer_from_mask (gint32 mask)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_layer_from_mask (gimp_layer_mask_get_by_id (mask)));
#else
  return gimp_layer_from_mask (mask);
#endif
}

/* Inserts LAYER into IMAGE inside PARENT (-1 or 0: at the top) at
 * POSITION. */
static inline gboolean
tessera_gimp_insert_layer (gint32 image,
                           gint32 layer,
                           gint32 parent,
                           gint   position)
{
#if TESSERA_GIMP3
  return gimp_image_insert_layer (TESSERA_IMAGE (image), TESSERA_LAYER (layer),
                                  parent > 0 ? TESSERA_LAYER (parent) : NULL,
                                  position);
#else
  return gimp_image_insert_layer (image, layer, parent, position);
#endif
}

/* The layers at the top of IMAGE (GROUP -1) or inside the layer group
 * GROUP, as IDs in a new array of *N (g_free). */
static inline gint32 *
tessera_gimp_layers (gint32  image,
                     gint32  group,
                     gint   *n)
{
#if TESSERA_GIMP3
  GimpItem **items = group >= 0
                     ? gimp_item_get_children (TESSERA_ITEM (group))
                     : (GimpItem **) gimp_image_get_layers (TESSERA_IMAGE
                                                             (image));
  gint32    *ids;

  for (*n = 0; items[*n] != NULL; (*n)++)
    ;
  ids = g_new (gint32, MAX (*n, 1));
  for (gint i = 0; i < *n; i++)
    ids[i] = gimp_item_get_id (items[i]);
  g_free (items);
  return ids;
#else
  return group >= 0 ? gimp_item_get_children (group, n)
                    : gimp_image_get_layers (image, n);
#endif
}

/* What IMAGE's Layers and Channels dialogs have selected (GIMP 2.10: the
 * active layer and channel): inserting a layer selects it, and Repeat and
 * Re-Show run on what is selected, so a procedure that adds a layer keeps
 * the selection as the user left it. */
typedef struct
{
#if TESSERA_GIMP3
  GimpLayer   **layers;
  GimpChannel **channels;
#else
  gint32        layer, channel;
#endif
} TesseraSelected;

static inline void
tessera_gimp_selected_save (gint32           image,
                            TesseraSelected *selected)
{
#if TESSERA_GIMP3
  selected->layers   = gimp_image_get_selected_layers (TESSERA_IMAGE (image));
  selected->channels = gimp_image_get_selected_channels (TESSERA_IMAGE (image));
#else
  selected->layer   = gimp_image_get_active_layer (image);
  selected->channel = gimp_image_get_active_channel (image);
#endif
}

/* Selects again what tessera_gimp_selected_save kept, and frees it. */
static inline void
tessera_gimp_selected_restore (gint32           image,
                               TesseraSelected *selected)
{
#if TESSERA_GIMP3
  gimp_image_set_selected_layers (TESSERA_IMAGE (image),
                                  (const GimpLayer **) selected->layers);
  if (selected->channels != NULL && selected->channels[0] != NULL)
    gimp_image_set_selected_channels (TESSERA_IMAGE (image),
                                      (const GimpChannel **)
                                        selected->channels);
  g_clear_pointer (&selected->layers, g_free);
  g_clear_pointer (&selected->channels, g_free);
#else
  if (selected->layer > 0)
    gimp_image_set_active_layer (image, selected->layer);
  if (selected->channel > 0)
    gimp_image_set_active_channel (image, selected->channel);
#endif
}

#endif
