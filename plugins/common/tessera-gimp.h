/* Tessera — the libgimp calls the shared glue makes, on item IDs, for
 * GIMP 2.10 and GIMP 3 alike.
 *
 * GIMP 2.10 names images, layers and channels by gint32 IDs; GIMP 3 by
 * objects (GimpImage, GimpDrawable…) that gimp_*_get_by_id finds from the
 * same IDs (libgimp keeps them: no reference to drop).  The glue holds IDs
 * and calls libgimp through these, so the same source builds against
 * either GIMP; a call whose name and arguments are the same in both needs
 * no wrapper.  Add a wrapper here when glue shared by both GIMPs needs a
 * call that differs. */
#ifndef TESSERA_GIMP_H
#define TESSERA_GIMP_H

#include <libgimp/gimp.h>

#if GIMP_MAJOR_VERSION >= 3
#define TESSERA_GIMP3 1
#define TESSERA_IMAGE(id)    gimp_image_get_by_id (id)
#define TESSERA_ITEM(id)     gimp_item_get_by_id (id)
#define TESSERA_DRAWABLE(id) gimp_drawable_get_by_id (id)
#define TESSERA_LAYER(id)    gimp_layer_get_by_id (id)
#define TESSERA_ID(object)   ((object) != NULL                               \
                              ? gimp_item_get_id (GIMP_ITEM (object)) : -1)
#else
#define TESSERA_GIMP3 0
#define TESSERA_IMAGE(id)    (id)
#define TESSERA_ITEM(id)     (id)
#define TESSERA_DRAWABLE(id) (id)
#define TESSERA_LAYER(id)    (id)
#define TESSERA_ID(id)       (id)
#endif

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

static inline gint32
tessera_gimp_item_image (gint32 item)
{
#if TESSERA_GIMP3
  return gimp_image_get_id (gimp_item_get_image (TESSERA_ITEM (item)));
#else
  return gimp_item_get_image (item);
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

static inline GimpImageBaseType
tessera_gimp_image_base_type (gint32 image)
{
#if TESSERA_GIMP3
  return gimp_image_get_base_type (TESSERA_IMAGE (image));
#else
  return gimp_image_base_type (image);
#endif
}

/* For Morphological Reconstruction's marker and new layer. */

/* DRAWABLE's offsets in its image. */
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

/* A new layer of IMAGE (not yet inserted) holding a copy of DRAWABLE. */
static inline gint32
tessera_gimp_layer_new_from_drawable (gint32 drawable,
                                      gint32 image)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_layer_new_from_drawable (TESSERA_DRAWABLE (drawable),
                                                   TESSERA_IMAGE (image)));
#else
  return gimp_layer_new_from_drawable (drawable, image);
#endif
}

#endif
