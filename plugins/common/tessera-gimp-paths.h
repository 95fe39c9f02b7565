/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls on paths (GIMP 2.10's vectors): reading
 * their strokes, making new ones, for GIMP 2.10 and GIMP 3 alike (see
 * tessera-gimp.h). */
#ifndef TESSERA_GIMP_PATHS_H
#define TESSERA_GIMP_PATHS_H

#include "tessera-gimp-ids.h"

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

#endif
