/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — plug-in-tessera-export-paths-geojson: every path of an image
 * written as GeoJSON LineStrings in the image's own georeference
 * (georef.h, geojson-paths.h), for GIMP 2.10 (trace-line.c) and GIMP 3
 * (trace-line3.c) alike.  GIMP keeps no georeference, so it is read from
 * the image's file (or the one the call names): a world file beside it,
 * or its GeoTIFF tags. */
#ifndef TESSERA_GEOJSON_EXPORT_H
#define TESSERA_GEOJSON_EXPORT_H

#include <libgimp/gimp.h>

#define GEOJSON_PROC  "plug-in-tessera-export-paths-geojson"
#define GEOJSON_LABEL N_("Export Paths as _GeoJSON…")
#define GEOJSON_BLURB N_("Write the image's paths as GeoJSON lines in the " \
                         "image's georeference, for a GIS")
#define GEOJSON_HELP                                                         \
  "Writes every path of the image into filename as a GeoJSON "              \
  "FeatureCollection: each stroke a LineString feature (properties: the "    \
  "path's name, the stroke's index, whether it is closed; a closed "         \
  "stroke's last point repeats its first), curves flattened within 0.05 "    \
  "px, straight segments as their two anchors.  The coordinates are in "     \
  "the georeference of the file named by georeference (empty: the image's " \
  "own file, as imported): a world file beside it (.wld, or .pgw, .jgw, "   \
  ".tfw… after its extension; pixel-centre convention), the CRS from a "     \
  ".prj beside it; else its GeoTIFF tags (GIMP does not keep them), the "    \
  "CRS from their EPSG code.  The CRS is named in the file's crs member "    \
  "when known.  Without a georeference the coordinates are the image's "    \
  "pixels (x right, y down from the top-left corner), as the file says; "   \
  "returns whether they are georeferenced."

/* The georeference's file: GEOREF_FILE when not empty, else IMAGE's
 * imported file, else its own; NULL when it has none (g_free it). */
gchar    *geojson_source_file  (gint32        image,
                                const gchar  *georef_file);

/* IMAGE's paths into the file FILENAME in the georeference of
 * SOURCE_FILE (or pixels, SOURCE_FILE NULL or without one: *MESSAGE then
 * says so, g_free it); whether they are georeferenced into
 * *GEOREFERENCED.  FALSE with *ERROR when the image has no path, the
 * georeference is unusable or the file cannot be written (nothing is
 * written then). */
gboolean  geojson_export       (gint32        image,
                                const gchar  *filename,
                                const gchar  *source_file,
                                gboolean     *georeferenced,
                                gchar       **message,
                                GError      **error);

#endif
