/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the regions of a map in bands (core/fill-stream.h):
 * every band's labels, asked for in any order, are the whole map's from
 * tessera_fill_regions (and, without edge regions, its interior is
 * tessera_fill_contours'), on random maps of random sizes cut into bands of
 * random heights, for both connectivities and edge rules. */
#include <glib.h>
#include <string.h>
#include "fill-contours.h"
#include "fill-regions.h"
#include "fill-stream.h"
#include "cpu-exec.h"
#include "random.h"
#include "synthetic-contours.h"

static TesseraImage
map_new (int width, int height)
{
  TesseraImage image;
  g_assert_cmpint (tessera_image_alloc (&image, width, height, 1, TESSERA_U8),
                   ==, TESSERA_OK);
  return image;
}

/* The whole map at once: the labels to match. */
static TesseraLabels
whole_labels (const TesseraImage *map, int connectivity, bool edge)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraExec exec = test_cpu_exec (1);
  TesseraLabels labels;

  params.connectivity = connectivity;
  params.edge_regions = edge;
  g_assert_cmpint (tessera_labels_alloc (&labels, map->width, map->height),
                   ==, TESSERA_OK);
  g_assert_cmpint (tessera_fill_regions (map, &labels, NULL, &params, &exec),
                   ==, TESSERA_OK);
  return labels;
}

/* The map's rows Y0.. as a band: a view with the map's own stride. */
static TesseraImage
band_view (const TesseraImage *map, int y0, int rows)
{
  TesseraImage band = *map;
  band.data = tessera_image_row (map, y0);
  band.height = rows;
  return band;
}

/* MAP through a stream in bands of random heights (at most MAX_ROWS). */
static TesseraFillStream *
stream_map (TestRandom *r, const TesseraImage *map, int connectivity,
            bool edge, int max_rows, int threads)
{
  TesseraExec exec = test_cpu_exec (threads);
  TesseraFillStream *stream;

  g_assert_cmpint (tessera_fill_stream_new (map->width, map->height,
                                            connectivity, edge, &stream),
                   ==, TESSERA_OK);
  for (int y = 0; y < map->height; )
    {
      int want = test_random_int (r, 1, max_rows);
      int rows = MIN (want, map->height - y);
      TesseraImage band = band_view (map, y, rows);
      g_assert_cmpint (tessera_fill_stream_add (stream, &band, &exec), ==,
                       TESSERA_OK);
      y += rows;
    }
  g_assert_cmpint (tessera_fill_stream_finish (stream), ==, TESSERA_OK);
  return stream;
}

/* Whether MAP has a pixel of line (LINE) or a free one. */
static bool
map_has (const TesseraImage *map, bool line)
{
  for (int y = 0; y < map->height; y++)
    for (int x = 0; x < map->width; x++)
      if ((((const uint8_t *) tessera_image_row (map, y))[x] != 0) == line)
        return true;
  return false;
}

/* Every band of STREAM, from the last to the first, against WANT; with
 * INTERIOR, its numbered pixels against that mask too. */
static void
assert_bands (const TesseraFillStream *stream, const TesseraLabels *want,
              const TesseraImage *interior, int threads, const char *what)
{
  TesseraExec exec = test_cpu_exec (threads);
  int width = want->width;

  for (int i = tessera_fill_stream_bands (stream) - 1; i >= 0; i--)
    {
      int y0, rows;
      uint32_t *got;

      tessera_fill_stream_band (stream, i, &y0, &rows);
      got = g_new (uint32_t, (size_t) width * rows);
      g_assert_cmpint (tessera_fill_stream_labels (stream, i, got, &exec), ==,
                       TESSERA_OK);
      for (int y = 0; y < rows; y++)
        for (int x = 0; x < width; x++)
          {
            uint32_t g = got[(size_t) y * width + x];
            uint32_t w = want->label[(size_t) (y0 + y) * width + x];
            if (g != w)
              g_error ("%s, %dx%d, band %d (rows %d..%d): pixel (%d, %d) is "
                       "region %u, the whole map's labels say %u", what,
                       width, want->height, i, y0, y0 + rows - 1, x, y0 + y,
                       g, w);
            if (interior != NULL)
              g_assert_cmpint (((const uint8_t *) tessera_image_row
                                  (interior, y0 + y))[x] != 0, ==, g != 0);
          }
      g_free (got);
    }
}

/* MAP in bands of random heights against the whole map, for both
 * connectivities and edge rules and 1 or 2 threads. */
static void
check_map (TestRandom *r, const TesseraImage *map, const char *what)
{
  TesseraImage interior = map_new (map->width, map->height);

  for (int connectivity = 4; connectivity <= 8; connectivity += 4)
    for (int edge = 0; edge <= 1; edge++)
      {
        TesseraLabels want = whole_labels (map, connectivity, edge);
        TesseraFillContours fill = tessera_fill_contours_defaults ();
        TesseraExec exec = test_cpu_exec (1);
        int threads = test_random_int (r, 1, 2);
        /* Bands of one row, of a few rows, and as tall as the map. */
        int max_rows = test_random_int (r, 0, 2) == 0
                       ? 1 : test_random_int (r, 1, map->height);
        TesseraFillStream *stream = stream_map (r, map, connectivity, edge,
                                                max_rows, threads);

        fill.connectivity = connectivity;
        g_assert_cmpint (tessera_fill_contours (map, &interior, &fill, &exec),
                         ==, TESSERA_OK);
        g_assert_cmpuint (tessera_fill_stream_count (stream), ==, want.count);
        g_assert_cmpint (tessera_fill_stream_has_line (stream), ==,
                         map_has (map, true));
        g_assert_cmpint (tessera_fill_stream_has_free (stream), ==,
                         map_has (map, false));
        assert_bands (stream, &want, edge ? NULL : &interior, threads, what);
        tessera_fill_stream_free (stream);
        tessera_labels_free (&want);
      }
  tessera_image_free (&interior);
}

static void
test_random_maps (void)
{
  TestRandom r = test_random_new (25);

  for (int round = 0; round < test_cases (80); round++)
    {
      int width = test_random_side (&r, 300);
      int height = test_random_side (&r, 300);
      TesseraImage map = map_new (width, height);
      const char *kind = synthetic_contours_random (&r, &map, round);
      check_map (&r, &map, kind);
      tessera_image_free (&map);
    }
}

/* One-pixel maps, single rows and columns, the words' edges (63, 64, 65
 * pixels wide), empty and all line. */
static void
test_edge_cases (void)
{
  static const int sizes[][2] = { { 1, 1 }, { 1, 7 }, { 9, 1 }, { 2, 2 },
                                  { 3, 3 }, { 63, 5 }, { 64, 33 },
                                  { 65, 4 }, { 129, 17 } };
  TestRandom r = test_random_new (2500);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int kind = 0; kind < 3; kind++)
      {
        TesseraImage map = map_new (sizes[i][0], sizes[i][1]);
        if (kind == 2)
          synthetic_contours_noise (&r, &map, 0.5);
        else
          for (int y = 0; y < map.height; y++)
            memset (tessera_image_row (&map, y), kind ? 255 : 0,
                    (size_t) map.width);
        check_map (&r, &map, kind == 0 ? "empty" : kind == 1 ? "all line"
                                                            : "noise");
        tessera_image_free (&map);
      }
}

/* A band with a stride wider than its rows is read as well. */
static void
test_strided_band (void)
{
  TestRandom r = test_random_new (2501);
  TesseraImage wide = map_new (97, 60);
  TesseraImage map = wide;

  synthetic_contours_draw (&r, &wide, 12, 2);
  map.width = 70;
  check_map (&r, &map, "strided");
  tessera_image_free (&wide);
}

static void
test_bad_arguments (void)
{
  TesseraFillStream *stream;
  TesseraImage map = map_new (10, 4), narrow = map_new (9, 2);
  uint32_t labels[40];

  memset (map.data, 0, map.stride * map.height);
  g_assert_cmpint (tessera_fill_stream_new (0, 4, 4, false, &stream), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_stream_new (10, 4, 6, false, &stream), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_stream_new (10, 4, 4, false, &stream), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_fill_stream_add (stream, &narrow, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_stream_add (stream, &map, NULL), ==,
                   TESSERA_OK);
  /* Past the last row; labels before finish. */
  g_assert_cmpint (tessera_fill_stream_add (stream, &map, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_stream_labels (stream, 0, labels, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_stream_finish (stream), ==, TESSERA_OK);
  g_assert_cmpint (tessera_fill_stream_labels (stream, 1, labels, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_stream_labels (stream, 0, labels, NULL), ==,
                   TESSERA_OK);
  tessera_fill_stream_free (stream);
  /* Finished before its last row. */
  g_assert_cmpint (tessera_fill_stream_new (10, 8, 8, true, &stream), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_fill_stream_add (stream, &map, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_fill_stream_finish (stream), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  tessera_fill_stream_free (stream);
  tessera_image_free (&map);
  tessera_image_free (&narrow);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fill-stream/random-maps", test_random_maps);
  g_test_add_func ("/fill-stream/edge-cases", test_edge_cases);
  g_test_add_func ("/fill-stream/strided-band", test_strided_band);
  g_test_add_func ("/fill-stream/bad-arguments", test_bad_arguments);
  return g_test_run ();
}
