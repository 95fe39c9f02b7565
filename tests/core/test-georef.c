/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — an image's georeference (core/georef.c)
 * and paths written as GeoJSON (geojson-paths.c), on random inputs: world
 * files and .prj beside an image, GeoTIFFs made here in both byte orders,
 * classic and BigTIFF, each raster type; flattened strokes against the
 * curves sampled densely. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "georef.h"
#include "geojson-paths.h"

static gchar *folder;

static gchar *
in_folder (const gchar *name)
{
  return g_build_filename (folder, name, NULL);
}

static void
write_text (const gchar *path,
            const gchar *text)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
assert_maps (const GeoRef *ref,
             double        u,
             double        v,
             double        x,
             double        y)
{
  double gx, gy;

  georef_apply (ref, u, v, &gx, &gy);
  g_assert_cmpfloat_with_epsilon (gx, x, 1e-6 * (1.0 + fabs (x)));
  g_assert_cmpfloat_with_epsilon (gy, y, 1e-6 * (1.0 + fabs (y)));
}

/* ---- world files ---------------------------------------------------- */

/* A random world file A D B E C F beside an image NAME.EXTENSION (as
 * WORLD_EXTENSION); the image's georeference must give each pixel's centre
 * A col + B row + C, D col + E row + F. */
static void
check_world_file (const gchar *image_name,
                  const gchar *world_name)
{
  double        a = g_random_double_range (0.1, 30.0),
                d = g_random_double_range (-1.0, 1.0),
                b = g_random_double_range (-1.0, 1.0),
                e = -g_random_double_range (0.1, 30.0),
                c = g_random_double_range (-1e6, 1e6),
                f = g_random_double_range (-1e7, 1e7);
  gchar        *image = in_folder (image_name), *world = in_folder (world_name);
  gchar         text[512], source[4096], message[512];
  GeoRef        ref;
  int           k;

  g_snprintf (text, sizeof text, "%.17g\n%.17g\n%.17g\n%.17g\n%.17g\n%.17g\n",
              a, d, b, e, c, f);
  write_text (world, text);
  g_assert_cmpint (georef_of_image_file (image, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_FOUND);
  g_assert_cmpstr (source, ==, world);
  g_assert_cmpint (ref.epsg, ==, 0);
  for (k = 0; k < 20; k++)
    {
      int col = g_random_int_range (0, 5000), row = g_random_int_range (0, 5000);

      assert_maps (&ref, col + 0.5, row + 0.5, a * col + b * row + c,
                   d * col + e * row + f);
    }
  g_unlink (world);
  g_free (image);
  g_free (world);
}

static void
test_world_files (void)
{
  int round;

  for (round = 0; round < 10; round++)
    {
      check_world_file ("photo.png", "photo.pgw");
      check_world_file ("photo.png", "photo.pngw");
      check_world_file ("aerial.jpg", "aerial.jgw");
      check_world_file ("aerial.jpg", "aerial.wld");
      check_world_file ("ORTHO.TIF", "ORTHO.TFW");
      check_world_file ("scan.tif", "scan.tfw");
    }
}

/* The world file itself can stand for the image. */
static void
test_world_file_itself (void)
{
  gchar  *world = in_folder ("itself.wld");
  gchar   source[4096], message[512];
  GeoRef  ref;

  write_text (world, "2\n0\n0\n-2\n1000\n2000\n");
  g_assert_cmpint (georef_of_image_file (world, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_FOUND);
  /* Pixel (0, 0)'s centre is (1000, 2000): its corner (999, 2001). */
  assert_maps (&ref, 0.0, 0.0, 999.0, 2001.0);
  assert_maps (&ref, 10.0, 5.0, 1019.0, 1991.0);
  g_unlink (world);
  g_free (world);
}

static void
test_no_or_bad_world_file (void)
{
  gchar  *image = in_folder ("plain.png"), *world = in_folder ("plain.pgw");
  gchar   source[4096], message[512] = "";
  GeoRef  ref;

  write_text (image, "not a TIFF");
  g_assert_cmpint (georef_of_image_file (image, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_NONE);
  write_text (world, "1\n0\n0\n-1\n");
  g_assert_cmpint (georef_of_image_file (image, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_BAD);
  g_assert_nonnull (strstr (message, "plain.pgw"));
  write_text (world, "1\n0\n0\n0\n5\n5\n");   /* degenerate */
  g_assert_cmpint (georef_of_image_file (image, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_BAD);
  g_unlink (world);
  g_unlink (image);
  g_free (image);
  g_free (world);
}

/* A .prj's outermost code, WKT 1 and 2, beside the world file. */
static void
test_prj (void)
{
  gchar  *image = in_folder ("utm.png"), *world = in_folder ("utm.pgw"),
         *prj = in_folder ("utm.prj");
  gchar   source[4096], message[512];
  GeoRef  ref;

  write_text (world, "0.5\n0\n0\n-0.5\n500000\n4500000\n");
  write_text (prj, "PROJCS[\"WGS 84 / UTM zone 18N\",GEOGCS[\"WGS 84\","
                   "DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,"
                   "298.257223563,AUTHORITY[\"EPSG\",\"7030\"]],"
                   "AUTHORITY[\"EPSG\",\"6326\"]],AUTHORITY[\"EPSG\","
                   "\"4326\"]],UNIT[\"metre\",1],AUTHORITY[\"EPSG\","
                   "\"32618\"]]");
  g_assert_cmpint (georef_of_image_file (image, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_FOUND);
  g_assert_cmpint (ref.epsg, ==, 32618);
  write_text (prj, "PROJCRS[\"WGS 84 / UTM zone 33N\",BASEGEOGCRS[\"WGS 84\","
                   "ID[\"EPSG\",4326]],ID[\"EPSG\",32633]]");
  g_assert_cmpint (georef_epsg_of_prj (prj), ==, 32633);
  write_text (prj, "LOCAL_CS[\"somewhere\"]");
  g_assert_cmpint (georef_epsg_of_prj (prj), ==, 0);
  g_unlink (world);
  g_unlink (prj);
  g_free (image);
  g_free (world);
  g_free (prj);
}

/* ---- GeoTIFFs made here ------------------------------------------------ */

typedef struct
{
  int           tag;
  int           type;    /* 3 SHORT, 12 DOUBLE */
  int           count;
  const double *values;
} Entry;

static void
put (GByteArray *bytes,
     guint64     value,
     int         size,
     gboolean    big_endian)
{
  int i;

  for (i = 0; i < size; i++)
    {
      guint8 byte = (value >> (8 * (big_endian ? size - 1 - i : i))) & 0xff;

      g_byte_array_append (bytes, &byte, 1);
    }
}

static void
put_value (GByteArray *bytes,
           int         type,
           double      value,
           gboolean    big_endian)
{
  guint64 bits;

  if (type == 12)
    {
      memcpy (&bits, &value, sizeof bits);
      put (bytes, bits, 8, big_endian);
    }
  else
    put (bytes, (guint64) value, 2, big_endian);
}

/* A TIFF of one directory holding ENTRIES (in the tags' order), their
 * values after it (or inline where they fit). */
static void
write_tiff (const gchar *path,
            gboolean     big_endian,
            gboolean     big_tiff,
            const Entry *entries,
            int          n_entries)
{
  GByteArray *bytes = g_byte_array_new (), *data = g_byte_array_new ();
  int         offset_size = big_tiff ? 8 : 4;
  int         entry_size  = big_tiff ? 20 : 12;
  guint64     directory   = big_tiff ? 16 : 8;
  guint64     data_at     = directory + (big_tiff ? 8 : 2)
                            + (guint64) n_entries * entry_size + offset_size;
  int         i, k;

  g_byte_array_append (bytes, (const guint8 *) (big_endian ? "MM" : "II"), 2);
  put (bytes, big_tiff ? 43 : 42, 2, big_endian);
  if (big_tiff)
    {
      put (bytes, 8, 2, big_endian);
      put (bytes, 0, 2, big_endian);
    }
  put (bytes, directory, offset_size, big_endian);
  put (bytes, n_entries, big_tiff ? 8 : 2, big_endian);
  for (i = 0; i < n_entries; i++)
    {
      GByteArray *values = g_byte_array_new ();

      for (k = 0; k < entries[i].count; k++)
        put_value (values, entries[i].type, entries[i].values[k], big_endian);
      put (bytes, entries[i].tag, 2, big_endian);
      put (bytes, entries[i].type, 2, big_endian);
      put (bytes, entries[i].count, offset_size, big_endian);
      if ((int) values->len <= offset_size)
        {
          g_byte_array_append (bytes, values->data, values->len);
          for (k = values->len; k < offset_size; k++)
            put (bytes, 0, 1, big_endian);
        }
      else
        {
          put (bytes, data_at + data->len, offset_size, big_endian);
          g_byte_array_append (data, values->data, values->len);
        }
      g_byte_array_free (values, TRUE);
    }
  put (bytes, 0, offset_size, big_endian);   /* no next directory */
  g_byte_array_append (bytes, data->data, data->len);
  g_assert_true (g_file_set_contents (path, (const gchar *) bytes->data,
                                      bytes->len, NULL));
  g_byte_array_free (bytes, TRUE);
  g_byte_array_free (data, TRUE);
}

/* Tie point and pixel scale, EPSG 32618, raster type AREA or POINT. */
static void
check_geotiff_tiepoint (gboolean big_endian,
                        gboolean big_tiff,
                        int      raster_type)
{
  double  sx = g_random_double_range (0.1, 10.0),
          sy = g_random_double_range (0.1, 10.0);
  double  ti = g_random_int_range (0, 100), tj = g_random_int_range (0, 100);
  double  tx = g_random_double_range (1e5, 9e5),
          ty = g_random_double_range (1e6, 9e6);
  double  scale[3]    = { sx, sy, 0.0 };
  double  tiepoint[6] = { ti, tj, 0.0, tx, ty, 0.0 };
  double  keys[16]    = { 1, 1, 0, 3,   1024, 0, 1, 1,
                          1025, 0, 1, raster_type,   3072, 0, 1, 32618 };
  Entry   entries[]   = { { 33550, 12, 3, scale }, { 33922, 12, 6, tiepoint },
                          { 34735, 3, 16, keys } };
  gchar  *path = in_folder ("made.tif");
  gchar   source[4096], message[512];
  double  centre = raster_type == 2 ? 0.5 : 0.0;
  GeoRef  ref;
  int     k;

  write_tiff (path, big_endian, big_tiff, entries, G_N_ELEMENTS (entries));
  g_assert_cmpint (georef_of_image_file (path, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_FOUND);
  g_assert_cmpint (ref.epsg, ==, 32618);
  for (k = 0; k < 10; k++)
    {
      double i = g_random_double_range (0, 4000),
             j = g_random_double_range (0, 4000);

      /* Raster point (i, j) is image point (i + centre, j + centre). */
      assert_maps (&ref, i + centre, j + centre, tx + (i - ti) * sx,
                   ty - (j - tj) * sy);
    }
  g_unlink (path);
  g_free (path);
}

/* A rotating ModelTransformationTag, EPSG 4326 geographic. */
static void
check_geotiff_transformation (gboolean big_endian,
                              gboolean big_tiff)
{
  double  m[16] = { 0 };
  double  keys[8] = { 1, 1, 0, 1,   2048, 0, 1, 4326 };
  Entry   entries[2] = { { 34264, 12, 16, m }, { 34735, 3, 8, keys } };
  gchar  *path = in_folder ("rotated.tif");
  gchar   message[512];
  GeoRef  ref;

  m[0] = g_random_double_range (-1e-3, 1e-3);
  m[1] = g_random_double_range (-1e-3, 1e-3);
  m[3] = g_random_double_range (-180, 180);
  m[4] = g_random_double_range (-1e-3, 1e-3);
  m[5] = g_random_double_range (-1e-3, 1e-3);
  m[7] = g_random_double_range (-90, 90);
  m[15] = 1.0;
  write_tiff (path, big_endian, big_tiff, entries, G_N_ELEMENTS (entries));
  g_assert_cmpint (georef_read_geotiff (path, &ref, message, sizeof message),
                   ==, GEOREF_FOUND);
  g_assert_cmpint (ref.epsg, ==, 4326);
  assert_maps (&ref, 3.0, 7.0, m[0] * 3 + m[1] * 7 + m[3],
               m[4] * 3 + m[5] * 7 + m[7]);
  g_unlink (path);
  g_free (path);
}

static void
test_geotiff (void)
{
  int order, flavour, round;

  for (round = 0; round < 5; round++)
    for (order = 0; order < 2; order++)
      for (flavour = 0; flavour < 2; flavour++)
        {
          check_geotiff_tiepoint (order, flavour, 1);
          check_geotiff_tiepoint (order, flavour, 2);
          check_geotiff_transformation (order, flavour);
        }
}

/* A TIFF without the tags has no georeference. */
static void
test_plain_tiff (void)
{
  double  width = 5;
  Entry   entries[] = { { 256, 3, 1, &width } };
  gchar  *path = in_folder ("plain.tif");
  gchar   source[4096], message[512];
  GeoRef  ref;

  write_tiff (path, FALSE, FALSE, entries, 1);
  g_assert_cmpint (georef_of_image_file (path, &ref, source, sizeof source,
                                         message, sizeof message),
                   ==, GEOREF_NONE);
  g_unlink (path);
  g_free (path);
}

/* ---- flattening ------------------------------------------------------- */

/* N anchors at random, their handles on them or at random (CURVED). */
static double *
random_stroke (int      n,
               gboolean curved)
{
  double *c = g_new (double, 6 * n);
  int     i, k;

  for (i = 0; i < n; i++)
    {
      double x = g_random_double_range (0, 1000), y = g_random_double_range (0, 1000);

      for (k = 0; k < 3; k++)
        {
          c[6 * i + 2 * k]     = x + (curved && k != 1
                                      ? g_random_double_range (-80, 80) : 0);
          c[6 * i + 2 * k + 1] = y + (curved && k != 1
                                      ? g_random_double_range (-80, 80) : 0);
        }
    }
  return c;
}

/* A polyline's points are its anchors, a closed one's first again last. */
static void
test_flatten_straight (void)
{
  int round;

  for (round = 0; round < 50; round++)
    {
      int            n      = g_random_int_range (2, 12);
      gboolean       closed = g_random_boolean ();
      double        *c      = random_stroke (n, FALSE);
      GeoJsonStroke  stroke = { "p", 0, closed, 6 * n, c };
      double         points[2 * 13];
      int            count  = geojson_flatten (&stroke, points, 13), i;

      g_assert_cmpint (count, ==, n + (closed ? 1 : 0));
      for (i = 0; i < count; i++)
        {
          g_assert_cmpfloat (points[2 * i], ==, c[6 * (i % n) + 2]);
          g_assert_cmpfloat (points[2 * i + 1], ==, c[6 * (i % n) + 3]);
        }
      g_free (c);
    }
}

static double
distance_to_chord (double px, double py,
                   double ax, double ay,
                   double bx, double by)
{
  double dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy;
  double t  = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0;

  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return hypot (px - ax - t * dx, py - ay - t * dy);
}

/* Each curve sampled densely (the obvious way) keeps within the flatness
 * of the chord its parameter falls in. */
static void
test_flatten_curves (void)
{
  int round;

  for (round = 0; round < 50; round++)
    {
      int            n      = g_random_int_range (2, 6);
      double        *c      = random_stroke (n, TRUE);
      GeoJsonStroke  stroke = { "c", 0, FALSE, 6 * n, c };
      int            count  = geojson_flatten (&stroke, NULL, 0), at = 0, i, s;
      double        *points = g_new (double, 2 * count);

      geojson_flatten (&stroke, points, count);
      for (i = 0; i + 1 < n; i++)
        {
          const double *p0 = c + 6 * i + 2, *p1 = c + 6 * i + 4,
                       *p2 = c + 6 * (i + 1), *p3 = c + 6 * (i + 1) + 2;
          int           start = at;

          /* The segment's chords end where its anchor is. */
          while (points[2 * at] != p3[0] || points[2 * at + 1] != p3[1])
            at++;
          for (s = 0; s <= 1000; s++)
            {
              double t = s / 1000.0, u = 1 - t, best = G_MAXDOUBLE;
              double x = u*u*u*p0[0] + 3*u*u*t*p1[0] + 3*u*t*t*p2[0] + t*t*t*p3[0];
              double y = u*u*u*p0[1] + 3*u*u*t*p1[1] + 3*u*t*t*p2[1] + t*t*t*p3[1];
              int    k;

              for (k = start; k < at; k++)
                best = MIN (best, distance_to_chord (x, y,
                                                     points[2 * k],
                                                     points[2 * k + 1],
                                                     points[2 * k + 2],
                                                     points[2 * k + 3]));
              g_assert_cmpfloat (best, <=, GEOJSON_FLATNESS * 1.001);
            }
        }
      g_assert_cmpint (at, ==, count - 1);
      g_free (points);
      g_free (c);
    }
}

/* ---- writing ------------------------------------------------------------ */

static gchar *
written (const GeoJsonStroke *strokes,
         int                  n,
         const GeoRef        *ref,
         const char          *source)
{
  gchar *path = in_folder ("out.geojson"), *text;
  FILE  *out  = fopen (path, "w");

  g_assert_nonnull (out);
  g_assert_cmpint (geojson_write_strokes (out, strokes, n, ref, source), ==, 0);
  fclose (out);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_unlink (path);
  g_free (path);
  return text;
}

static void
test_write (void)
{
  double         line[12] = { 0, 0, 0, 0, 0, 0,   10, 20, 10, 20, 10, 20 };
  double         dot[6]   = { 5, 5, 5, 5, 5, 5 };
  GeoJsonStroke  strokes[] = { { "Road \"A\" \xc3\xa4", 0, FALSE, 12, line },
                               { "dot", 0, FALSE, 6, dot } };
  GeoRef         utm = { 500000.5, 0.5, 0, 4000000.25, 0, -0.25, 32618 };
  gchar         *text;

  /* Numbers with '.' even where the locale writes ','. */
  setlocale (LC_ALL, "de_DE.UTF-8");
  text = written (strokes, 2, &utm, "/some/where.pgw");
  g_assert_nonnull (strstr (text, "\"Road \\\"A\\\" \xc3\xa4\""));
  g_assert_nonnull (strstr (text, "urn:ogc:def:crs:EPSG::32618"));
  g_assert_nonnull (strstr (text, "[[500000.5, 4000000.25], "
                                  "[500005.5, 3999995.25]]"));
  g_assert_nonnull (strstr (text, "/some/where.pgw"));
  /* A single anchor is no LineString. */
  g_assert_null (strstr (text, "\"dot\""));
  g_free (text);

  text = written (strokes, 1, NULL, NULL);
  g_assert_null (strstr (text, "\"crs\""));
  g_assert_nonnull (strstr (text, "pixels: the image has no georeference"));
  g_assert_nonnull (strstr (text, "[[0, 0], [10, 20]]"));
  g_free (text);
  setlocale (LC_ALL, "C");
}

int
main (int    argc,
      char **argv)
{
  int result;

  g_test_init (&argc, &argv, NULL);
  folder = g_dir_make_tmp ("test-georef-XXXXXX", NULL);
  g_assert_nonnull (folder);
  g_test_add_func ("/georef/world-files", test_world_files);
  g_test_add_func ("/georef/world-file-itself", test_world_file_itself);
  g_test_add_func ("/georef/no-or-bad-world-file", test_no_or_bad_world_file);
  g_test_add_func ("/georef/prj", test_prj);
  g_test_add_func ("/georef/geotiff", test_geotiff);
  g_test_add_func ("/georef/plain-tiff", test_plain_tiff);
  g_test_add_func ("/geojson/flatten-straight", test_flatten_straight);
  g_test_add_func ("/geojson/flatten-curves", test_flatten_curves);
  g_test_add_func ("/geojson/write", test_write);
  result = g_test_run ();
  g_rmdir (folder);
  g_free (folder);
  return result;
}
