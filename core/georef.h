/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — an image's georeference, read from beside or inside its file:
 * a world file (.wld, or the extension's first and last letters and "w":
 * .pgw, .jgw, .tfw, also .pngw…) with an optional .prj, or a GeoTIFF's
 * tags (GIMP drops them on loading, so the original file is read).  Plain
 * C, no GLib or GIMP (tests/core/test-georef.c tests it alone).
 *
 * Coordinates are GIMP's: (u, v) in pixels from the image's top-left
 * corner, so that pixel (i, j) covers [i, i+1) x [j, j+1) and its centre
 * is (i + 0.5, j + 0.5).  A world file names the centre of the top-left
 * pixel (its C and F); a GeoTIFF its corner (RasterPixelIsArea, the
 * default) or its centre (RasterPixelIsPoint). */
#ifndef TESSERA_GEOREF_H
#define TESSERA_GEOREF_H

#include <stddef.h>

/* X = x0 + xu u + xv v, Y = y0 + yu u + yv v. */
typedef struct
{
  double x0, xu, xv;
  double y0, yu, yv;
  int    epsg;           /* the CRS's EPSG code; 0: not known */
} GeoRef;

typedef enum
{
  GEOREF_FOUND,          /* *REF holds it */
  GEOREF_NONE,           /* the file has none (or cannot be read) */
  GEOREF_BAD             /* one was there but could not be used: MESSAGE */
} GeoRefStatus;

/* The affine map of the world file PATH (six numbers, one a line: A, D,
 * B, E, C, F), its CRS unknown. */
GeoRefStatus georef_read_world_file (const char *path,
                                     GeoRef     *ref,
                                     char       *message,
                                     size_t      message_size);

/* The georeference in the tags of the TIFF file PATH (classic or BigTIFF,
 * either byte order): ModelTransformationTag, or ModelTiepointTag and
 * ModelPixelScaleTag; the CRS from GeoKeyDirectoryTag's ProjectedCSType
 * or GeographicType. */
GeoRefStatus georef_read_geotiff    (const char *path,
                                     GeoRef     *ref,
                                     char       *message,
                                     size_t      message_size);

/* The EPSG code of the WKT in the file PATH (a .prj): the outermost
 * AUTHORITY["EPSG",…] or ID["EPSG",…], which WKT writes last; 0 if none. */
int          georef_epsg_of_prj     (const char *path);

/* IMAGE_PATH's georeference: its world file if there is one beside it
 * (and the CRS of the .prj beside it), else its GeoTIFF tags; or, when
 * IMAGE_PATH is itself a world file, that.  *SOURCE (SOURCE_SIZE bytes)
 * names the file it came from. */
GeoRefStatus georef_of_image_file   (const char *image_path,
                                     GeoRef     *ref,
                                     char       *source,
                                     size_t      source_size,
                                     char       *message,
                                     size_t      message_size);

/* Image point (U, V) in the georeference's coordinates. */
void         georef_apply           (const GeoRef *ref,
                                     double        u,
                                     double        v,
                                     double       *x,
                                     double       *y);

#endif
