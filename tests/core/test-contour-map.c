/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the contour map (core/contour-map.h) against the slow
 * reference, for every source, on random images of random sizes (1x1, 1xN,
 * odd), strided views, thread counts, values on the threshold, and on
 * images with no contour and all contour. */
#include <glib.h>
#include <math.h>
#include <string.h>
#include "contour-map.h"
#include "contour-map-ref.h"
#include "random.h"

#define PAD 77   /* bytes around a map view that must stay as they are */

static TesseraExec
exec_with_threads (int threads)
{
  TesseraExec exec = tessera_exec_default ();
  exec.threads = threads;
  return exec;
}

/* A W x H view inside a larger allocation *OWNER, MARGIN pixels in from
 * its left and top, so that rows are strided and neighbours exist. */
static TesseraImage
view_inside (TesseraImage *owner, int width, int height, int channels,
             TesseraSampleType type, int margin)
{
  TesseraImage view;

  g_assert_cmpint (tessera_image_alloc (owner, width + 2 * margin,
                                        height + 2 * margin, channels, type),
                   ==, TESSERA_OK);
  view = *owner;
  view.data = (guint8 *) tessera_image_row (owner, margin)
              + (size_t) margin * tessera_pixel_size (owner);
  view.width = width;
  view.height = height;
  return view;
}

static void
fill_bytes (TesseraImage *image, guint8 value)
{
  for (int y = 0; y < image->height; y++)
    memset (tessera_image_row (image, y), value,
            (size_t) image->width * tessera_pixel_size (image));
}

/* Samples on the u8 grid k/255 now and then, so that values fall exactly
 * on a threshold of that grid. */
static void
random_rgba (TestRandom *r, TesseraImage *rgba, gboolean grid)
{
  test_random_fill (r, rgba, TRUE);
  if (!grid)
    return;
  for (int y = 0; y < rgba->height; y++)
    for (int i = 0; i < 4 * rgba->width; i++)
      tessera_image_set_sample_at (rgba, y, (size_t) i,
                                   (float) test_random_int (r, 0, 255)
                                   / 255.0f);
}

static TesseraContourThreshold
random_threshold (TestRandom *r, const TesseraImage *rgba, gboolean grid)
{
  TesseraContourThreshold params;

  params.source = (TesseraContourSource) test_random_int (r, 0, 3);
  params.threshold = grid ? test_random_int (r, 0, 255) / 255.0
                          : test_random_double (r);
  /* The colour of a pixel of the image now and then: distance 0. */
  for (int c = 0; c < 3; c++)
    params.colour[c] = test_random_int (r, 0, 3) == 0
                       ? (float) tessera_image_sample (rgba, 0, 0, c)
                       : (float) test_random_double (r);
  return params;
}

static void
assert_same_map (const TesseraImage *got, const TesseraImage *want,
                 const char *what)
{
  for (int y = 0; y < want->height; y++)
    for (int x = 0; x < want->width; x++)
      {
        double g = tessera_image_sample (got, x, y, 0);
        double w = tessera_image_sample (want, x, y, 0);
        if (g != w)
          g_error ("%s, %dx%d: pixel (%d, %d) is %g, the reference says %g",
                   what, want->width, want->height, x, y, g, w);
      }
}

/* The bytes of OWNER outside VIEW's pixels are all PAD. */
static void
assert_padding (const TesseraImage *owner, const TesseraImage *view)
{
  for (int y = 0; y < owner->height; y++)
    {
      const guint8 *row = tessera_image_row (owner, y);
      for (int x = 0; x < owner->width; x++)
        {
          const guint8 *p = row + x;
          gboolean inside = p >= (const guint8 *) view->data
                            && (size_t) (p - (const guint8 *) view->data)
                               % view->stride < (size_t) view->width
                            && (size_t) (p - (const guint8 *) view->data)
                               / view->stride < (size_t) view->height;
          if (!inside && *p != PAD)
            g_error ("the map's view wrote outside itself at (%d, %d)", x, y);
        }
    }
}

static void
check_case (TestRandom *r, int width, int height, int threads)
{
  gboolean grid = test_random_int (r, 0, 2) == 0;
  int margin = test_random_int (r, 0, 2);
  TesseraImage rgba_owner, map_owner, want;
  TesseraImage rgba = view_inside (&rgba_owner, width, height, 4, TESSERA_F32,
                                   margin);
  TesseraImage map = view_inside (&map_owner, width, height, 1, TESSERA_U8,
                                  margin);
  TesseraExec exec = exec_with_threads (threads);
  TesseraContourThreshold params;

  g_assert_cmpint (tessera_image_alloc (&want, width, height, 1, TESSERA_U8),
                   ==, TESSERA_OK);
  random_rgba (r, &rgba, grid);
  params = random_threshold (r, &rgba, grid);
  fill_bytes (&map_owner, PAD);
  test_contour_map_ref (&rgba, &want, &params);
  g_assert_cmpint (tessera_contour_map (&rgba, &map, &params, &exec), ==,
                   TESSERA_OK);
  assert_same_map (&map, &want, "random");
  assert_padding (&map_owner, &map);
  tessera_image_free (&rgba_owner);
  tessera_image_free (&map_owner);
  tessera_image_free (&want);
}

static void
test_random_images (void)
{
  TestRandom r = test_random_new (26);

  for (int i = 0; i < test_cases (400); i++)
    {
      int width = test_random_side (&r, 90);
      int height = test_random_side (&r, 90);
      /* A row or a column alone now and then: 1xN and Nx1. */
      if (i % 10 == 1)
        width = 1;
      if (i % 10 == 2)
        height = 1;
      check_case (&r, width, height, 1 + i % 3);
    }
}

/* Every pixel PIXEL; the map must be all VALUE. */
static void
check_uniform (const float *pixel, const TesseraContourThreshold *params,
               guint8 value, const char *what)
{
  int width = 37, height = 5;
  TesseraImage rgba, map;
  TesseraExec exec = exec_with_threads (2);

  g_assert_cmpint (tessera_image_alloc (&rgba, width, height, 4, TESSERA_F32),
                   ==, TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&map, width, height, 1, TESSERA_U8),
                   ==, TESSERA_OK);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      for (int c = 0; c < 4; c++)
        tessera_image_set_sample (&rgba, x, y, c, pixel[c]);
  fill_bytes (&map, PAD);
  g_assert_cmpint (tessera_contour_map (&rgba, &map, params, &exec), ==,
                   TESSERA_OK);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (tessera_image_sample (&map, x, y, 0) != value)
        g_error ("%s: pixel (%d, %d) is %g, not %d", what, x, y,
                 tessera_image_sample (&map, x, y, 0), value);
  tessera_image_free (&rgba);
  tessera_image_free (&map);
}

/* For each source, an image with no contour and one all contour; the
 * transparent pixel reads as white paper under DARK, black under BRIGHT. */
static void
test_empty_and_full (void)
{
  static const float clear[4] = { 0.2f, 0.9f, 0.4f, 0.0f };
  static const float ink[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
  static const float light[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
  static const float grey[4] = { 0.25f, 0.25f, 0.25f, 1.0f };
  TesseraContourThreshold params = { TESSERA_CONTOUR_ALPHA, 0.5,
                                     { 0.0f, 0.0f, 0.0f } };

  check_uniform (clear, &params, 0, "alpha, transparent");
  check_uniform (ink, &params, TESSERA_CONTOUR, "alpha, opaque");
  params.source = TESSERA_CONTOUR_DARK;
  check_uniform (clear, &params, 0, "dark, transparent");
  check_uniform (ink, &params, TESSERA_CONTOUR, "dark, ink");
  params.source = TESSERA_CONTOUR_BRIGHT;
  check_uniform (clear, &params, 0, "bright, transparent");
  check_uniform (light, &params, TESSERA_CONTOUR, "bright, light");
  params.source = TESSERA_CONTOUR_COLOUR;
  check_uniform (light, &params, 0, "colour, far");
  check_uniform (ink, &params, TESSERA_CONTOUR, "colour, the colour");
  check_uniform (clear, &params, 0, "colour, transparent");
  /* On the threshold itself: >= and <= take it in. */
  params.source = TESSERA_CONTOUR_ALPHA;
  params.threshold = 1.0;
  check_uniform (ink, &params, TESSERA_CONTOUR, "alpha on the threshold");
  params.source = TESSERA_CONTOUR_DARK;
  params.threshold = 0.0;
  check_uniform (ink, &params, TESSERA_CONTOUR, "dark on the threshold");
  params.source = TESSERA_CONTOUR_BRIGHT;
  params.threshold = tessera_contour_luma (light);
  check_uniform (light, &params, TESSERA_CONTOUR, "bright on the threshold");
  params.source = TESSERA_CONTOUR_COLOUR;
  params.threshold = 0.25;
  check_uniform (grey, &params, TESSERA_CONTOUR, "colour on the threshold");
  params.threshold = 0.2499;
  check_uniform (grey, &params, 0, "colour just off the threshold");
}

static void
test_bad_input (void)
{
  TesseraImage rgba, map, small, rgb;
  TesseraContourThreshold params = { TESSERA_CONTOUR_DARK, 0.5,
                                     { 0.0f, 0.0f, 0.0f } };

  g_assert_cmpint (tessera_image_alloc (&rgba, 4, 3, 4, TESSERA_F32), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&map, 4, 3, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&small, 3, 3, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&rgb, 4, 3, 3, TESSERA_F32), ==,
                   TESSERA_OK);
  TestRandom r = test_random_new (5);
  test_random_fill (&r, &rgba, FALSE);
  g_assert_cmpint (tessera_contour_map (&rgba, &small, &params, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_contour_map (&rgb, &map, &params, NULL), ==,
                   TESSERA_ERROR_UNSUPPORTED_FORMAT);
  g_assert_cmpint (tessera_contour_map (&rgba, &rgba, &params, NULL), ==,
                   TESSERA_ERROR_UNSUPPORTED_FORMAT);
  g_assert_cmpint (tessera_contour_map (&rgba, &map, NULL, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  params.threshold = NAN;
  g_assert_cmpint (tessera_contour_map (&rgba, &map, &params, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  params.threshold = 0.5;
  params.source = (TesseraContourSource) 4;
  g_assert_cmpint (tessera_contour_map (&rgba, &map, &params, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  params.source = TESSERA_CONTOUR_DARK;
  map.memory = TESSERA_MEMORY_CUDA;
  g_assert_cmpint (tessera_contour_map (&rgba, &map, &params, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  map.memory = TESSERA_MEMORY_HOST;
  map.width = 0;
  g_assert_cmpint (tessera_contour_map (&rgba, &map, &params, NULL), !=,
                   TESSERA_OK);
  map.width = 4;
  tessera_image_free (&rgba);
  tessera_image_free (&map);
  tessera_image_free (&small);
  tessera_image_free (&rgb);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/contour-map/random", test_random_images);
  g_test_add_func ("/contour-map/empty-and-full", test_empty_and_full);
  g_test_add_func ("/contour-map/bad-input", test_bad_input);
  return g_test_run ();
}
