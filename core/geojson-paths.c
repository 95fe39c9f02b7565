/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — paths written as GeoJSON (geojson-paths.h). */
/* newlocale and uselocale: POSIX 2008, beyond C11 (build-device.sh
 * compiles with -std=c11). */
#define _POSIX_C_SOURCE 200809L

#include "geojson-paths.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Parts of a curved segment at most: a segment this curved across a
 * huge image is flattened coarser rather than into a huge file. */
#define MAX_PARTS 256

/* How far (X, Y) is from the segment A B. */
static double
distance_to_segment (double x,  double y,
                     double ax, double ay,
                     double bx, double by)
{
  double dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy;
  double t  = length2 > 0.0 ? ((x - ax) * dx + (y - ay) * dy) / length2
                            : 0.0;

  t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
  return hypot (x - ax - t * dx, y - ay - t * dy);
}

/* Into how many equal parts of t the cubic P0 P1 P2 P3 is cut so that
 * each chord keeps within GEOJSON_FLATNESS of it.  1 when its handles are
 * that close to the chord P0 P3 (the curve lies in their hull: a straight
 * segment is its two anchors); else a chord's distance is at most 3/4 of
 * the control polygon's largest second difference over the square of the
 * parts. */
static int
parts_of (const double p[8])
{
  double ax = p[0] - 2.0 * p[2] + p[4], ay = p[1] - 2.0 * p[3] + p[5];
  double bx = p[2] - 2.0 * p[4] + p[6], by = p[3] - 2.0 * p[5] + p[7];
  double bend = fmax (hypot (ax, ay), hypot (bx, by));
  double parts = ceil (sqrt (0.75 * bend / GEOJSON_FLATNESS));
  double off   = fmax (distance_to_segment (p[2], p[3], p[0], p[1], p[6], p[7]),
                       distance_to_segment (p[4], p[5], p[0], p[1], p[6], p[7]));

  return off <= GEOJSON_FLATNESS || parts < 1.0 ? 1
         : parts > MAX_PARTS ? MAX_PARTS : (int) parts;
}

static void
cubic_at (const double p[8],
          double       t,
          double      *x,
          double      *y)
{
  double s = 1.0 - t;
  double a = s * s * s, b = 3.0 * s * s * t, c = 3.0 * s * t * t,
         d = t * t * t;

  *x = a * p[0] + b * p[2] + c * p[4] + d * p[6];
  *y = a * p[1] + b * p[3] + c * p[5] + d * p[7];
}

/* Point (X, Y) as the COUNT-th of POINTS, if there is room. */
static int
add_point (double *points,
           int     max_points,
           int     count,
           double  x,
           double  y)
{
  if (points != NULL && count < max_points)
    {
      points[2 * count]     = x;
      points[2 * count + 1] = y;
    }
  return count + 1;
}

int
geojson_flatten (const GeoJsonStroke *stroke,
                 double              *points,
                 int                  max_points)
{
  const double *c       = stroke->coords;
  int           anchors = stroke->n_coords / 6;
  int           segments = stroke->closed && anchors > 1 ? anchors
                                                         : anchors - 1;
  int           count = 0, i, k;

  if (anchors < 1)
    return 0;
  count = add_point (points, max_points, count, c[2], c[3]);
  for (i = 0; i < segments; i++)
    {
      const double *from = c + 6 * i, *to = c + 6 * ((i + 1) % anchors);
      /* The anchor, its handle after, the next one's before, the next. */
      double p[8] = { from[2], from[3], from[4], from[5],
                      to[0], to[1], to[2], to[3] };
      int    parts = parts_of (p);

      for (k = 1; k <= parts; k++)
        {
          double x, y;

          if (k == parts)
            x = p[6], y = p[7];
          else
            cubic_at (p, (double) k / parts, &x, &y);
          count = add_point (points, max_points, count, x, y);
        }
    }
  return count;
}

/* ---- writing ----------------------------------------------------------- */

/* TEXT as a JSON string, quotes included. */
static void
write_string (FILE       *out,
              const char *text)
{
  const unsigned char *at;

  fputc ('"', out);
  for (at = (const unsigned char *) text; *at != '\0'; at++)
    if (*at == '"' || *at == '\\')
      fprintf (out, "\\%c", *at);
    else if (*at < 0x20)
      fprintf (out, "\\u%04x", *at);
    else
      fputc (*at, out);
  fputc ('"', out);
}

/* The CRS member of the 2008 GeoJSON specification, which GDAL reads:
 * EPSG 4326 as OGC's CRS84, whose axes are longitude, latitude as GeoJSON
 * writes them. */
static void
write_crs (FILE *out,
           int   epsg)
{
  if (epsg == 4326)
    fprintf (out, "\"crs\": {\"type\": \"name\", \"properties\": "
                  "{\"name\": \"urn:ogc:def:crs:OGC:1.3:CRS84\"}},\n");
  else
    fprintf (out, "\"crs\": {\"type\": \"name\", \"properties\": "
                  "{\"name\": \"urn:ogc:def:crs:EPSG::%d\"}},\n", epsg);
}

static void
write_header (FILE         *out,
              const GeoRef *ref,
              const char   *source)
{
  fprintf (out, "{\n\"type\": \"FeatureCollection\",\n");
  if (ref != NULL && ref->epsg > 0)
    write_crs (out, ref->epsg);
  fprintf (out, "\"tessera:coordinates\": ");
  if (ref == NULL)
    write_string (out, "pixels: the image has no georeference (no world "
                       "file beside its file, no GeoTIFF tags); x right and "
                       "y down from the image's top-left corner");
  else if (ref->epsg > 0)
    write_string (out, "the image's georeference, its CRS named in crs");
  else
    write_string (out, "the image's georeference; its CRS is not known "
                       "(no .prj beside the world file)");
  if (source != NULL)
    {
      fprintf (out, ",\n\"tessera:georeference\": ");
      write_string (out, source);
    }
  fprintf (out, ",\n\"features\": [");
}

static void
write_feature (FILE                *out,
               const GeoJsonStroke *stroke,
               const GeoRef        *ref,
               const double        *points,
               int                  n_points)
{
  int i;

  fprintf (out, "{\"type\": \"Feature\", \"properties\": {\"name\": ");
  write_string (out, stroke->path_name);
  fprintf (out, ", \"stroke\": %d, \"closed\": %s}, \"geometry\": "
                "{\"type\": \"LineString\", \"coordinates\": [",
           stroke->stroke, stroke->closed ? "true" : "false");
  for (i = 0; i < n_points; i++)
    {
      double x = points[2 * i], y = points[2 * i + 1];

      if (ref != NULL)
        georef_apply (ref, x, y, &x, &y);
      fprintf (out, "%s[%.15g, %.15g]", i > 0 ? ", " : "", x, y);
    }
  fprintf (out, "]}}");
}

/* STROKE's feature, unless it has fewer than two points (a LineString
 * needs two; a closed stroke's flattening ends on its first anchor
 * again); whether it was written. */
static int
write_stroke (FILE                *out,
              const GeoJsonStroke *stroke,
              const GeoRef        *ref,
              int                  first)
{
  int     n_points = geojson_flatten (stroke, NULL, 0);
  double *points;

  if (n_points < 2)
    return 0;
  points = malloc (sizeof (double) * 2 * (n_points + 1));
  if (points == NULL)
    return 0;
  geojson_flatten (stroke, points, n_points);
  fprintf (out, "%s\n  ", first ? "" : ",");
  write_feature (out, stroke, ref, points, n_points);
  free (points);
  return 1;
}

int
geojson_write_strokes (FILE                *out,
                       const GeoJsonStroke *strokes,
                       int                  n_strokes,
                       const GeoRef        *ref,
                       const char          *source)
{
  /* Whatever the user's locale, JSON's decimal point is '.'. */
  locale_t c_numbers = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  locale_t before    = uselocale (c_numbers);
  int      written = 0, i;

  write_header (out, ref, source);
  for (i = 0; i < n_strokes; i++)
    written += write_stroke (out, &strokes[i], ref, written == 0);
  fprintf (out, "\n]\n}\n");
  uselocale (before);
  freelocale (c_numbers);
  return fflush (out) == 0 && ! ferror (out) ? 0 : -1;
}
