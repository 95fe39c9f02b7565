/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — paths written as GeoJSON: each stroke a Feature whose geometry
 * is a LineString (a closed stroke's last point repeats its first), its
 * Bézier segments flattened, straight ones kept as their two anchors; in a
 * georeference's coordinates with its CRS named, or in pixels when there
 * is none, which the file says.  Plain C, no GLib or GIMP
 * (tests/core/test-georef.c tests it alone). */
#ifndef TESSERA_GEOJSON_PATHS_H
#define TESSERA_GEOJSON_PATHS_H

#include <stdio.h>
#include "georef.h"

/* One stroke: GIMP's control points x, y, … in threes a anchor (the
 * handle before it, the anchor, the handle after it), image coordinates. */
typedef struct
{
  const char   *path_name;   /* UTF-8 */
  int           stroke;      /* its index among its path's strokes */
  int           closed;
  int           n_coords;    /* a multiple of 6 */
  const double *coords;
} GeoJsonStroke;

/* The curves' points are at most this far from them, in pixels. */
#define GEOJSON_FLATNESS 0.05

/* The stroke's polyline into POINTS (x, y, …, image coordinates; at most
 * MAX_POINTS of them, the count returned; call with NULL to count). */
int  geojson_flatten         (const GeoJsonStroke *stroke,
                              double              *points,
                              int                  max_points);

/* STROKES as a FeatureCollection into OUT, through REF or, when NULL, in
 * pixels (x right, y down from the top-left corner); SOURCE names the
 * file the georeference came from (or NULL).  0 on success, -1 when a
 * write failed. */
int  geojson_write_strokes   (FILE                *out,
                              const GeoJsonStroke *strokes,
                              int                  n_strokes,
                              const GeoRef        *ref,
                              const char          *source);

#endif
