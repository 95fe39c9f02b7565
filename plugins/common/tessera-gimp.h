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
#define TESSERA_PATH(id)     gimp_path_get_by_id (id)
#define TESSERA_ID(object)   ((object) != NULL                               \
                              ? gimp_item_get_id (GIMP_ITEM (object)) : -1)
#else
#define TESSERA_GIMP3 0
#define TESSERA_IMAGE(id)    (id)
#define TESSERA_ITEM(id)     (id)
#define TESSERA_DRAWABLE(id) (id)
#define TESSERA_LAYER(id)    (id)
#define TESSERA_PATH(id)     (id)
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

/* ------------------------------------------------------------------ */
/* For Fill Closed Contours (plugins/fill-contours/fill-work.c). */

#if TESSERA_GIMP3
#define TESSERA_CHANNEL(id)  gimp_channel_get_by_id (id)
#else
#define TESSERA_CHANNEL(id)  (id)
#endif

static inline gint
tessera_gimp_image_width (gint32 image)
{
#if TESSERA_GIMP3
  return gimp_image_get_width (TESSERA_IMAGE (image));
#else
  return gimp_image_width (image);
#endif
}

static inline gint
tessera_gimp_image_height (gint32 image)
{
#if TESSERA_GIMP3
  return gimp_image_get_height (TESSERA_IMAGE (image));
#else
  return gimp_image_height (image);
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

/* The foreground colour as one pixel of FORMAT, opaque.  GIMP 3 converts
 * its colour into FORMAT itself, as its own fills do: through sRGB doubles
 * an 8-bit sample could come out one lower than in GIMP 3's own fills. */
static inline void
tessera_gimp_foreground_pixel (const Babl *format,
                               gpointer    pixel)
{
#if TESSERA_GIMP3
  GeglColor *colour = gimp_context_get_foreground ();

  gimp_color_set_alpha (colour, 1.0);
  gegl_color_get_pixel (colour, format, pixel);
  g_object_unref (colour);
#else
  GimpRGB colour;
  gdouble rgba[4];

  gimp_context_get_foreground (&colour);
  rgba[0] = colour.r;
  rgba[1] = colour.g;
  rgba[2] = colour.b;
  rgba[3] = 1.0;
  babl_process (babl_fish (babl_format ("R'G'B'A double"), format), rgba,
                pixel, 1);
#endif
}

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

/* A new channel of IMAGE's size, shown in the sRGB colour RGB at OPACITY
 * (percent), inserted at the top of the channels, by its ID. */
static inline gint32
tessera_gimp_channel_add (gint32        image,
                          const gchar  *name,
                          gdouble       opacity,
                          const guchar  rgb[3])
{
  gint   width  = tessera_gimp_image_width (image);
  gint   height = tessera_gimp_image_height (image);
#if TESSERA_GIMP3
  GeglColor   *colour = gegl_color_new (NULL);
  GimpChannel *channel;

  gegl_color_set_pixel (colour, babl_format ("R'G'B' u8"), rgb);
  channel = gimp_channel_new (TESSERA_IMAGE (image), name, width, height,
                              opacity, colour);
  g_object_unref (colour);
  gimp_image_insert_channel (TESSERA_IMAGE (image), channel, NULL, 0);
  return TESSERA_ID (channel);
#else
  GimpRGB colour;
  gint32  channel;

  gimp_rgb_set_uchar (&colour, rgb[0], rgb[1], rgb[2]);
  channel = gimp_channel_new (image, name, width, height, opacity, &colour);
  gimp_image_insert_channel (image, channel, 0, 0);
  return channel;
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

/* ---- paths (GIMP 2.10's vectors) and stroking them ---------------------- */

/* IMAGE's active path (GIMP 3: the first selected one), or -1. */
static inline gint32
tessera_gimp_image_active_path (gint32 image)
{
#if TESSERA_GIMP3
  GimpPath **paths = gimp_image_get_selected_paths (TESSERA_IMAGE (image));
  gint32     path  = paths != NULL && paths[0] != NULL ? TESSERA_ID (paths[0])
                                                       : -1;

  g_free (paths);
  return path;
#else
  gint32 path = gimp_image_get_active_vectors (image);

  return path > 0 ? path : -1;
#endif
}

/* PATH's strokes' IDs (g_free them), *N_STROKES of them. */
static inline gint *
tessera_gimp_path_strokes (gint32  path,
                           gint   *n_strokes)
{
#if TESSERA_GIMP3
  gsize  n       = 0;
  gint  *strokes = gimp_path_get_strokes (TESSERA_PATH (path), &n);

  *n_strokes = (gint) n;
  return strokes;
#else
  return gimp_vectors_get_strokes (path, n_strokes);
#endif
}

/* The control points of PATH's stroke STROKE, *N_COORDS numbers x, y, …
 * (g_free them), and whether it is closed. */
static inline void
tessera_gimp_path_stroke_points (gint32     path,
                                 gint       stroke,
                                 gint      *n_coords,
                                 gdouble  **coords,
                                 gboolean  *closed)
{
#if TESSERA_GIMP3
  gsize n = 0;

  gimp_path_stroke_get_points (TESSERA_PATH (path), stroke, &n, coords,
                               closed);
  *n_coords = (gint) n;
#else
  gimp_vectors_stroke_get_points (path, stroke, n_coords, coords, closed);
#endif
}

/* A new empty path NAME of IMAGE, not yet in it. */
static inline gint32
tessera_gimp_path_new (gint32       image,
                       const gchar *name)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_path_new (TESSERA_IMAGE (image), name));
#else
  return gimp_vectors_new (image, name);
#endif
}

/* A Bézier stroke of PATH through the N_COORDS control points COORDS. */
static inline void
tessera_gimp_path_add_bezier (gint32         path,
                              gint           n_coords,
                              const gdouble *coords,
                              gboolean       closed)
{
#if TESSERA_GIMP3
  gimp_path_stroke_new_from_points (TESSERA_PATH (path),
                                    GIMP_PATH_STROKE_TYPE_BEZIER, n_coords,
                                    coords, closed);
#else
  gimp_vectors_stroke_new_from_points (path, GIMP_VECTORS_STROKE_TYPE_BEZIER,
                                       n_coords, coords, closed);
#endif
}

/* PATH inserted into IMAGE at the top level, at POSITION, and made the
 * active (GIMP 3: the selected) path. */
static inline void
tessera_gimp_image_add_path (gint32 image,
                             gint32 path,
                             gint   position)
{
#if TESSERA_GIMP3
  const GimpPath *selected[] = { TESSERA_PATH (path), NULL };

  gimp_image_insert_path (TESSERA_IMAGE (image), TESSERA_PATH (path), NULL,
                          position);
  gimp_image_set_selected_paths (TESSERA_IMAGE (image), selected);
#else
  gimp_image_insert_vectors (image, path, 0, position);
  gimp_image_set_active_vectors (image, path);
#endif
}

/* The context's brush and dynamics by name; a brush GIMP does not have
 * (gimp-console -d loads none) leaves the brush as it was. */
static inline void
tessera_gimp_context_set_brush_name (const gchar *name)
{
#if TESSERA_GIMP3
  GimpBrush *brush = gimp_brush_get_by_name (name);

  if (brush != NULL)
    gimp_context_set_brush (brush);
#else
  gimp_context_set_brush (name);
#endif
}

static inline void
tessera_gimp_context_set_dynamics_name (const gchar *name)
{
#if TESSERA_GIMP3
  gimp_context_set_dynamics_name (name);
#else
  gimp_context_set_dynamics (name);
#endif
}

/* ---- Segment Colours' outputs: new layers, groups, channels, images ---- */

/* IMAGE's selection mask, a channel. */
static inline gint32
tessera_gimp_image_selection (gint32 image)
{
#if TESSERA_GIMP3
  return TESSERA_ID (gimp_image_get_selection (TESSERA_IMAGE (image)));
#else
  return gimp_image_get_selection (image);
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

static inline gint32
tessera_gimp_image_new (gint              width,
                        gint              height,
                        GimpImageBaseType type)
{
#if TESSERA_GIMP3
  return gimp_image_get_id (gimp_image_new (width, height, type));
#else
  return gimp_image_new (width, height, type);
#endif
}

/* IMAGE's (an indexed image's) colormap: the N_COLOURS sRGB colours at
 * COLOURS (R, G, B bytes). */
static inline void
tessera_gimp_image_set_colormap (gint32        image,
                                 const guchar *colours,
                                 gint          n_colours)
{
#if TESSERA_GIMP3
  gimp_palette_set_colormap (gimp_image_get_palette (TESSERA_IMAGE (image)),
                             babl_format ("R'G'B' u8"), (guint8 *) colours,
                             (gsize) n_colours * 3);
#else
  gimp_image_set_colormap (image, colours, n_colours);
#endif
}

static inline void
tessera_gimp_display_new (gint32 image)
{
  gimp_display_new (TESSERA_IMAGE (image));
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

#endif
