/* SPDX-License-Identifier: GPL-3.0-or-later */
/* newlocale, uselocale, getdelim: POSIX 2008. */
#define _POSIX_C_SOURCE 200809L

#include "trace-path-file.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "geojson-paths.h"

/* ---- points in ---------------------------------------------------------- */

static bool
is_separator (char c)
{
  return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\n'
         || c == '\r';
}

bool
trace_points_parse (const char *text, TesseraPoint **points, int *n,
                    char *error, size_t error_size)
{
  /* Numbers are read with '.' whatever the user's locale. */
  locale_t c_numbers = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  locale_t before = uselocale (c_numbers);
  size_t   count = 0, size = 16;
  double  *values = malloc (sizeof *values * size);
  bool     ok = values != NULL;

  while (ok && *text != '\0')
    {
      char *end;
      if (is_separator (*text))
        {
          text++;
          continue;
        }
      errno = 0;
      values[count] = strtod (text, &end);
      if (end == text || errno != 0 || ! isfinite (values[count])
          || (*end != '\0' && ! is_separator (*end)))
        {
          snprintf (error, error_size, "not a number in the clicks: \"%.20s\"",
                    text);
          ok = false;
          break;
        }
      text = end;
      if (++count == size)
        {
          double *grown = realloc (values, sizeof *values * (size *= 2));
          ok = grown != NULL;
          values = ok ? grown : values;
        }
    }
  uselocale (before);
  freelocale (c_numbers);
  if (ok && (count % 2 != 0 || count < 4))
    {
      snprintf (error, error_size, count % 2 != 0
                ? "the clicks hold %zu numbers: X and Y for each click"
                : "tracing needs two clicks at least, not %zu", count / 2);
      ok = false;
    }
  if (ok)
    {
      *points = malloc (sizeof **points * (count / 2));
      ok = *points != NULL;
      for (size_t i = 0; ok && i < count / 2; i++)
        (*points)[i] = (TesseraPoint) { values[2 * i], values[2 * i + 1] };
      *n = (int) (count / 2);
    }
  free (values);
  return ok;
}

bool
trace_points_read (const char *path, TesseraPoint **points, int *n,
                   char *error, size_t error_size)
{
  FILE  *file = fopen (path, "r");
  char  *text = NULL;
  size_t length = 0;
  bool   ok;

  if (file == NULL)
    {
      snprintf (error, error_size, "%s: %s", path, strerror (errno));
      return false;
    }
  ok = getdelim (&text, &length, '\0', file) >= 0 || feof (file);
  if (! ok)
    snprintf (error, error_size, "%s: %s", path, strerror (errno));
  fclose (file);
  errno = 0;
  ok = ok && trace_points_parse (text != NULL ? text : "", points, n, error,
                                 error_size);
  free (text);
  return ok;
}

bool
trace_points_from_map (const GeoRef *ref, TesseraPoint *points, int n)
{
  double det = ref->xu * ref->yv - ref->xv * ref->yu;

  if (det == 0.0 || ! isfinite (det))
    return false;
  for (int i = 0; i < n; i++)
    {
      double dx = points[i].x - ref->x0, dy = points[i].y - ref->y0;
      points[i] = (TesseraPoint) { (ref->yv * dx - ref->xv * dy) / det,
                                   (ref->xu * dy - ref->yu * dx) / det };
    }
  return true;
}

/* ---- a file, whole or not at all ---------------------------------------- */

typedef bool (*WriteBody) (FILE *file, const TracePathOut *out,
                           const GeoRef *ref);

/* BODY into a file beside PATH, renamed to PATH once complete. */
static bool
write_whole (const char *path, WriteBody body, const TracePathOut *out,
             const GeoRef *ref, char *error, size_t error_size)
{
  size_t size = strlen (path) + 32;
  char  *partial = malloc (size);
  FILE  *file;
  bool   ok;

  if (partial == NULL)
    {
      snprintf (error, error_size, "out of memory");
      return false;
    }
  snprintf (partial, size, "%s.partial-%ld", path, (long) getpid ());
  file = fopen (partial, "w");
  ok = file != NULL && body (file, out, ref);
  ok = file != NULL && fclose (file) == 0 && ok;
  ok = ok && rename (partial, path) == 0;
  if (! ok)
    {
      snprintf (error, error_size, "%s: %s", path,
                errno != 0 ? strerror (errno) : "could not be written");
      remove (partial);
    }
  free (partial);
  return ok;
}

/* ---- SVG ---------------------------------------------------------------- */

static bool
svg_body (FILE *file, const TracePathOut *out, const GeoRef *unused)
{
  locale_t c_numbers = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  locale_t before = uselocale (c_numbers);
  const TesseraPoint *c = out->control;

  fprintf (file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
           "height=\"%d\" viewBox=\"0 0 %d %d\">\n  <path fill=\"none\" "
           "stroke=\"#ff0000\" stroke-width=\"2\" d=\"M %.3f,%.3f",
           out->width, out->height, out->width, out->height, c[0].x, c[0].y);
  for (int i = 1; i + 2 < out->n_control; i += 3)
    fprintf (file, " C %.3f,%.3f %.3f,%.3f %.3f,%.3f", c[i].x, c[i].y,
             c[i + 1].x, c[i + 1].y, c[i + 2].x, c[i + 2].y);
  fprintf (file, "%s\"/>\n</svg>\n", out->closed ? " Z" : "");
  uselocale (before);
  freelocale (c_numbers);
  return ! ferror (file);
}

bool
trace_path_write_svg (const char *path, const TracePathOut *out, char *error,
                      size_t error_size)
{
  return write_whole (path, svg_body, out, NULL, error, error_size);
}

/* ---- GeoJSON ------------------------------------------------------------ */

/* The control points as GIMP's triples (handle before, anchor, handle
 * after), which the GeoJSON writer flattens. */
static double *
stroke_coords (const TracePathOut *out, int *n_coords)
{
  int           segments = (out->n_control - 1) / 3;
  int           anchors = out->closed ? segments : segments + 1;
  const TesseraPoint *c = out->control;
  double       *coords = malloc (sizeof *coords * 6 * (anchors > 0 ? anchors
                                                                   : 1));

  if (coords == NULL)
    return NULL;
  for (int k = 0; k < anchors; k++)
    {
      TesseraPoint before = k > 0 ? c[3 * k - 1]
                            : out->closed ? c[3 * segments - 1] : c[0];
      TesseraPoint after = k < segments ? c[3 * k + 1] : c[3 * k];
      double triple[6] = { before.x, before.y, c[3 * k].x, c[3 * k].y,
                           after.x, after.y };
      memcpy (coords + 6 * k, triple, sizeof triple);
    }
  *n_coords = 6 * anchors;
  return coords;
}

static bool
geojson_body (FILE *file, const TracePathOut *out, const GeoRef *ref)
{
  GeoJsonStroke stroke = { "Traced line", 0, out->closed, 0, NULL };
  double       *coords = stroke_coords (out, &stroke.n_coords);
  bool          ok;

  if (coords == NULL)
    return false;
  stroke.coords = coords;
  ok = geojson_write_strokes (file, &stroke, 1, ref, out->source) == 0;
  free (coords);
  return ok;
}

bool
trace_path_write_geojson (const char *path, const TracePathOut *out,
                          const GeoRef *ref, char *error, size_t error_size)
{
  return write_whole (path, geojson_body, out, ref, error, error_size);
}
