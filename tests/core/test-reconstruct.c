/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — morphological reconstruction against the naive
 * "dilate, clip, repeat" reference, for every method, thread count,
 * operation, connectivity and sample type. */
#include <glib.h>
#include <stdbool.h>
#include <string.h>
#include "reconstruct.h"
#include "reconstruct-ref.h"
#include "random.h"
#include "simd-levels.h"

static const TesseraReconstructMethod methods[] = {
  TESSERA_RECONSTRUCT_METHOD_HYBRID,
  TESSERA_RECONSTRUCT_METHOD_PARALLEL,
  TESSERA_RECONSTRUCT_METHOD_AUTO
};

static void
assert_same_pixels (const TesseraImage *a, const TesseraImage *b)
{
  size_t row = tessera_pixel_size (a) * a->width;
  for (int y = 0; y < a->height; y++)
    g_assert_cmpmem (tessera_image_row (a, y), row, tessera_image_row (b, y),
                     row);
}

/* MASK, MARKER and EXPECTED, all of one size, channel count and type. */
static void
alloc_case (TesseraImage *mask, TesseraImage *marker, TesseraImage *expected,
            int width, int height, int channels, TesseraSampleType type)
{
  TesseraImage *images[] = { mask, marker, expected };

  for (size_t i = 0; i < G_N_ELEMENTS (images); i++)
    g_assert_cmpint (tessera_image_alloc (images[i], width, height, channels,
                                          type), ==, TESSERA_OK);
}

static void
free_case (TesseraImage *mask, TesseraImage *marker, TesseraImage *expected)
{
  tessera_image_free (expected);
  tessera_image_free (marker);
  tessera_image_free (mask);
}

/* Runs every method at 1, 2 and 3 threads on MASK and MARKER and compares
 * with EXPECTED (and the clipped count); in place (into the marker) once.
 * With HAS_ALPHA the last channel is alpha; COLOUR is the colour option. */
static void
check_methods_colour (const TesseraImage *mask, const TesseraImage *marker,
                      const TesseraImage *expected, size_t expected_clipped,
                      TesseraReconstructOperation operation, int connectivity,
                      bool has_alpha, TesseraReconstructColour colour)
{
  TesseraImage out, copy;

  g_assert_cmpint (tessera_image_alloc (&out, mask->width, mask->height,
                                        mask->channels, mask->type), ==,
                   TESSERA_OK);
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    for (int threads = 1; threads <= 3; threads++)
      {
        TesseraReconstruct params = { operation, connectivity, methods[m],
                                      has_alpha, colour };
        TesseraExec exec = tessera_exec_default ();
        size_t clipped = 12345;

        exec.backend = TESSERA_BACKEND_CPU;
        exec.threads = threads;
        g_assert_cmpint (tessera_reconstruct (mask, marker, &out, &params,
                                              &exec, &clipped), ==,
                         TESSERA_OK);
        g_assert_cmpuint (clipped, ==, expected_clipped);
        assert_same_pixels (&out, expected);
      }

  /* In place: the marker's own pixels become the result. */
  g_assert_cmpint (tessera_image_alloc (&copy, mask->width, mask->height,
                                        mask->channels, mask->type), ==,
                   TESSERA_OK);
  for (int y = 0; y < mask->height; y++)
    memcpy (tessera_image_row (&copy, y), tessera_image_row (marker, y),
            tessera_pixel_size (mask) * mask->width);
  {
    TesseraReconstruct params = { operation, connectivity,
                                  TESSERA_RECONSTRUCT_METHOD_AUTO,
                                  has_alpha, colour };
    TesseraExec exec = tessera_exec_default ();
    exec.backend = TESSERA_BACKEND_CPU;
    g_assert_cmpint (tessera_reconstruct (mask, &copy, &copy, &params, &exec,
                                          NULL), ==, TESSERA_OK);
    assert_same_pixels (&copy, expected);
  }
  tessera_image_free (&copy);
  tessera_image_free (&out);
}

static void
check_methods (const TesseraImage *mask, const TesseraImage *marker,
               const TesseraImage *expected, size_t expected_clipped,
               TesseraReconstructOperation operation, int connectivity)
{
  check_methods_colour (mask, marker, expected, expected_clipped, operation,
                        connectivity, false, TESSERA_RECONSTRUCT_PER_CHANNEL);
}

/* Channel C of SRC as a new one-channel image. */
static TesseraImage
extract_channel (const TesseraImage *src, int c)
{
  size_t size = tessera_sample_size (src->type);
  TesseraImage one;

  g_assert_cmpint (tessera_image_alloc (&one, src->width, src->height, 1,
                                        src->type), ==, TESSERA_OK);
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      memcpy ((guint8 *) tessera_image_row (&one, y) + x * size,
              (const guint8 *) tessera_image_row (src, y)
              + (x * src->channels + c) * size, size);
  return one;
}

/* With the last channel as alpha: EXPECTED's alpha becomes MASK's, and the
 * clipped count leaves alpha out. */
static void
check_with_alpha (const TesseraImage *mask, const TesseraImage *marker,
                  TesseraImage *expected, size_t clipped, bool erosion,
                  int connectivity)
{
  int alpha = mask->channels - 1;
  size_t size = tessera_sample_size (mask->type);
  TesseraImage mask_alpha = extract_channel (mask, alpha);
  TesseraImage marker_alpha = extract_channel (marker, alpha);
  TesseraImage ignored = extract_channel (mask, alpha);

  clipped -= test_reconstruct_ref (&mask_alpha, &marker_alpha, &ignored,
                                   erosion, connectivity);
  for (int y = 0; y < mask->height; y++)
    for (int x = 0; x < mask->width; x++)
      memcpy ((guint8 *) tessera_image_row (expected, y)
              + (x * mask->channels + alpha) * size,
              (const guint8 *) tessera_image_row (mask, y)
              + (x * mask->channels + alpha) * size, size);
  check_methods_colour (mask, marker, expected, clipped,
                        erosion ? TESSERA_RECONSTRUCT_EROSION
                                : TESSERA_RECONSTRUCT_DILATION,
                        connectivity, true, TESSERA_RECONSTRUCT_PER_CHANNEL);
  tessera_image_free (&mask_alpha);
  tessera_image_free (&marker_alpha);
  tessera_image_free (&ignored);
}

static void
check_case (TestRandom *r, int width, int height, int channels,
            TesseraSampleType type, TestReconstructKind kind)
{
  TesseraImage mask, marker, expected;
  bool erosion = test_random_int (r, 0, 1);
  int connectivity = test_random_int (r, 0, 1) ? 8 : 4;
  size_t clipped;

  alloc_case (&mask, &marker, &expected, width, height, channels, type);
  test_reconstruct_fill (r, kind, erosion, &mask, &marker);
  clipped = test_reconstruct_ref (&mask, &marker, &expected, erosion,
                                  connectivity);
  g_assert_cmpuint (clipped, !=, (size_t) -1);
  check_methods (&mask, &marker, &expected, clipped,
                 erosion ? TESSERA_RECONSTRUCT_EROSION
                         : TESSERA_RECONSTRUCT_DILATION, connectivity);
  /* A grey image is its own luminance. */
  if (channels == 1)
    check_methods_colour (&mask, &marker, &expected, clipped,
                          erosion ? TESSERA_RECONSTRUCT_EROSION
                                  : TESSERA_RECONSTRUCT_DILATION,
                          connectivity, false, TESSERA_RECONSTRUCT_LUMINANCE);
  if (channels > 1)
    check_with_alpha (&mask, &marker, &expected, clipped, erosion,
                      connectivity);
  free_case (&mask, &marker, &expected);
}

static void
test_random_cases (void)
{
  static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                             TESSERA_F32 };
  TestRandom r = test_random_new (4);

  for (int i = 0; i < test_cases (400); i++)
    {
      int width = test_random_side (&r, 40);
      int height = test_random_side (&r, 40);
      int channels = test_random_int (&r, 1, 4);
      TestReconstructKind kind = i % TEST_RECONSTRUCT_KINDS;

      check_case (&r, width, height, channels, types[i % 3], kind);
    }
}

/* An RGB image (with alpha when HAS_ALPHA) on its luminance. */
static void
check_luminance_case (TestRandom *r, int width, int height, bool has_alpha,
                      TesseraSampleType type, TestReconstructKind kind)
{
  TesseraImage mask, marker, expected;
  int channels = has_alpha ? 4 : 3;
  bool erosion = test_random_int (r, 0, 1);
  int connectivity = test_random_int (r, 0, 1) ? 8 : 4;
  size_t clipped;

  alloc_case (&mask, &marker, &expected, width, height, channels, type);
  test_reconstruct_fill (r, kind, erosion, &mask, &marker);
  clipped = test_reconstruct_luminance_ref (&mask, &marker, &expected,
                                            erosion, connectivity);
  g_assert_cmpuint (clipped, !=, (size_t) -1);
  check_methods_colour (&mask, &marker, &expected, clipped,
                        erosion ? TESSERA_RECONSTRUCT_EROSION
                                : TESSERA_RECONSTRUCT_DILATION,
                        connectivity, has_alpha,
                        TESSERA_RECONSTRUCT_LUMINANCE);
  free_case (&mask, &marker, &expected);
}

static void
test_luminance (void)
{
  TestRandom r = test_random_new (44);

  for (int i = 0; i < test_cases (300); i++)
    {
      /* Now and then a line, one pixel high or wide. */
      int width = i % 10 == 1 ? 1 : test_random_side (&r, 40);
      int height = i % 10 == 2 ? 1 : test_random_side (&r, 40);

      check_luminance_case (&r, width, height, test_random_int (&r, 0, 1),
                            (TesseraSampleType) (i % 3),
                            (TestReconstructKind) (i / 3
                                                   % TEST_RECONSTRUCT_KINDS));
    }
}

static void
test_lines (void)
{
  TestRandom r = test_random_new (41);

  for (int i = 0; i < test_cases (60); i++)
    {
      int n = test_random_int (&r, 1, 200);
      TestReconstructKind kind = i % TEST_RECONSTRUCT_KINDS;
      if (i % 2)
        check_case (&r, n, 1, 1, i % 3 ? TESSERA_U8 : TESSERA_F32, kind);
      else
        check_case (&r, 1, n, 1, i % 3 ? TESSERA_U16 : TESSERA_U8, kind);
    }
}

/* A one-pixel path snaking up and down the columns, seeded at one end: the
 * value must cross every strip border again and again. */
static void
test_serpentine (void)
{
  TesseraImage mask, marker, expected;

  for (int connectivity = 4; connectivity <= 8; connectivity += 4)
    {
      int width = 41, height = 37;
      size_t clipped;

      alloc_case (&mask, &marker, &expected, width, height, 1, TESSERA_U8);
      for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
          {
            /* Even columns are the path; odd ones join them at the top
             * or the bottom, alternately. */
            int on_path = x % 2 == 0
                          || (x % 4 == 1 && y == 0)
                          || (x % 4 == 3 && y == height - 1);
            ((guint8 *) tessera_image_row (&mask, y))[x] =
              on_path ? 200 - x : 10;
            ((guint8 *) tessera_image_row (&marker, y))[x] = 0;
          }
      ((guint8 *) tessera_image_row (&marker, height - 1))[0] = 250;
      clipped = test_reconstruct_ref (&mask, &marker, &expected, 0,
                                      connectivity);
      g_assert_cmpuint (clipped, ==, 1);
      /* The path's far end was reached. */
      g_assert_cmpint (((guint8 *) tessera_image_row (&expected,
                                                      height - 1))[40],
                       ==, 160);
      check_methods (&mask, &marker, &expected, clipped,
                     TESSERA_RECONSTRUCT_DILATION, connectivity);
      free_case (&mask, &marker, &expected);
    }
}

/* Larger images, where the reference is too slow: the methods and thread
 * counts must agree with the serial hybrid algorithm. */
static void
test_methods_agree (void)
{
  TestRandom r = test_random_new (7);

  for (int i = 0; i < 8; i++)
    {
      /* The last ones large enough for threads of their own. */
      int width = i < 6 ? test_random_int (&r, 100, 300) : 1100;
      int height = i < 6 ? test_random_int (&r, 100, 300) : 500;
      TesseraSampleType type = (TesseraSampleType) (i % 3);
      TesseraImage mask, marker, expected;
      TesseraReconstruct params = { i % 2, i % 4 < 2 ? 8 : 4,
                                    TESSERA_RECONSTRUCT_METHOD_HYBRID, false,
                                    TESSERA_RECONSTRUCT_PER_CHANNEL };
      TesseraExec exec = tessera_exec_default ();
      size_t clipped;

      alloc_case (&mask, &marker, &expected, width, height, 1, type);
      test_reconstruct_fill (&r, i % 3 ? TEST_RECONSTRUCT_SMOOTH
                                       : TEST_RECONSTRUCT_SEEDS,
                             params.operation, &mask, &marker);
      exec.backend = TESSERA_BACKEND_CPU;
      exec.threads = 1;
      g_assert_cmpint (tessera_reconstruct (&mask, &marker, &expected,
                                            &params, &exec, &clipped), ==,
                       TESSERA_OK);
      check_methods (&mask, &marker, &expected, clipped, params.operation,
                     params.connectivity);
      free_case (&mask, &marker, &expected);
    }
}

/* A view into a wider buffer: rows with padding at their end. */
static void
test_stride (void)
{
  TestRandom r = test_random_new (9);
  guint16 *mask_pixels = g_new0 (guint16, 30 * 20);
  guint16 *marker_pixels = g_new0 (guint16, 30 * 20);
  TesseraImage mask = tessera_image_view (mask_pixels, 23, 20, 1,
                                          TESSERA_U16);
  TesseraImage marker = tessera_image_view (marker_pixels, 23, 20, 1,
                                            TESSERA_U16);
  TesseraImage expected;
  size_t clipped;

  mask.stride = marker.stride = 30 * sizeof (guint16);
  test_reconstruct_fill (&r, TEST_RECONSTRUCT_H_DOME, 0, &mask, &marker);
  g_assert_cmpint (tessera_image_alloc (&expected, 23, 20, 1, TESSERA_U16),
                   ==, TESSERA_OK);
  clipped = test_reconstruct_ref (&mask, &marker, &expected, 0, 8);
  check_methods (&mask, &marker, &expected, clipped,
                 TESSERA_RECONSTRUCT_DILATION, 8);
  tessera_image_free (&expected);
  g_free (mask_pixels);
  g_free (marker_pixels);
}

static void
test_bad_arguments (void)
{
  guint8 pixels[12] = { 0 };
  float floats[12] = { 0 };
  TesseraImage a = tessera_image_view (pixels, 4, 3, 1, TESSERA_U8);
  TesseraImage wide = tessera_image_view (pixels, 3, 4, 1, TESSERA_U8);
  TesseraImage f = tessera_image_view (floats, 4, 3, 1, TESSERA_F32);
  TesseraReconstruct params = tessera_reconstruct_default ();

  g_assert_cmpint (params.connectivity, ==, 8);
  g_assert_cmpint (tessera_reconstruct_check (&a, &a, &a, &params), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_reconstruct (&a, &wide, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_reconstruct (&a, &f, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_reconstruct (&a, &a, &a, NULL, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  params.connectivity = 6;
  g_assert_cmpint (tessera_reconstruct (&a, &a, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  params = tessera_reconstruct_default ();
  params.operation = 2;
  g_assert_cmpint (tessera_reconstruct (&a, &a, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  params = tessera_reconstruct_default ();
  params.has_alpha = true;
  g_assert_cmpint (tessera_reconstruct (&a, &a, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  params = tessera_reconstruct_default ();
  params.method = 7;
  g_assert_cmpint (tessera_reconstruct (&a, &a, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  params = tessera_reconstruct_default ();
  params.colour = 2;
  g_assert_cmpint (tessera_reconstruct (&a, &a, &a, &params, NULL, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
}

/* The luminance option needs RGB (or grey) host images. */
static void
test_luminance_shapes (void)
{
  guint8 pixels[48] = { 0 };
  TesseraReconstruct params = tessera_reconstruct_default ();

  params.colour = TESSERA_RECONSTRUCT_LUMINANCE;
  for (int channels = 1; channels <= 4; channels++)
    for (int alpha = 0; alpha <= (channels > 1); alpha++)
      {
        TesseraImage image = tessera_image_view (pixels, 4, 3, channels,
                                                 TESSERA_U8);
        int colours = channels - alpha;

        params.has_alpha = alpha;
        g_assert_cmpint (tessera_reconstruct (&image, &image, &image,
                                              &params, NULL, NULL), ==,
                         colours == 1 || colours == 3
                         ? TESSERA_OK : TESSERA_ERROR_INVALID_ARGUMENT);
        image.memory = TESSERA_MEMORY_CUDA;
        g_assert_cmpint (tessera_reconstruct_check (&image, &image, &image,
                                                    &params), ==,
                         TESSERA_ERROR_INVALID_ARGUMENT);
      }
}

static bool
cancel_at_once (double fraction, void *user_data)
{
  (*(int *) user_data)++;
  return false;
}

static void
test_cancel (void)
{
  TestRandom r = test_random_new (5);
  TesseraImage mask, marker;
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraExec exec = tessera_exec_default ();
  int calls = 0;

  g_assert_cmpint (tessera_image_alloc (&mask, 300, 300, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&marker, 300, 300, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  test_reconstruct_fill (&r, TEST_RECONSTRUCT_H_DOME, 0, &mask, &marker);
  exec.backend = TESSERA_BACKEND_CPU;
  exec.progress = cancel_at_once;
  exec.user_data = &calls;
  for (int threads = 1; threads <= 2; threads++)
    {
      exec.threads = threads;
      g_assert_cmpint (tessera_reconstruct (&mask, &marker, &marker, &params,
                                            &exec, NULL), ==,
                       TESSERA_ERROR_CANCELLED);
    }
  g_assert_cmpint (calls, >, 0);
  tessera_image_free (&marker);
  tessera_image_free (&mask);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The row steps have a copy per instruction set: each is checked. */
  test_simd_add ("/reconstruct/random", test_random_cases);
  test_simd_add ("/reconstruct/luminance", test_luminance);
  g_test_add_func ("/reconstruct/lines", test_lines);
  g_test_add_func ("/reconstruct/serpentine", test_serpentine);
  g_test_add_func ("/reconstruct/methods-agree", test_methods_agree);
  g_test_add_func ("/reconstruct/stride", test_stride);
  g_test_add_func ("/reconstruct/bad-arguments", test_bad_arguments);
  g_test_add_func ("/reconstruct/luminance-shapes", test_luminance_shapes);
  g_test_add_func ("/reconstruct/cancel", test_cancel);
  return g_test_run ();
}
