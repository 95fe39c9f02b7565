/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — Segment Colours in bands (core/mst-segment-bands.h) on
 * the CPU: the classes and the recoloured image of the whole-image call
 * (core/mst-segment-image.h), bit for bit, for random images of every
 * sample type cut into bands of random heights and recoloured in another
 * order; the CUDA backend asked for where there is none (this machine, or
 * a build without it) falls back to the CPU and says so once; an image
 * with nothing visible, and the calls out of order or out of shape. */
#include <glib.h>
#include <string.h>
#include "cpu-exec.h"
#include "mst-segment-bands.h"
#include "mst-segment-image.h"
#include "random.h"

/* Rows Y .. Y + ROWS - 1 of IMAGE. */
static TesseraImage
band_of (const TesseraImage *image, int y, int rows)
{
  TesseraImage band = *image;
  band.data = (guint8 *) image->data + (size_t) y * image->stride;
  band.height = rows;
  return band;
}

static void
assert_same_classes (const TesseraMstClasses *a, const TesseraMstClasses *b,
                     size_t n_colours)
{
  g_assert_cmpint (a->n_classes, ==, b->n_classes);
  g_assert_cmpmem (a->colour_class, sizeof (guint32) * n_colours,
                   b->colour_class, sizeof (guint32) * n_colours);
  g_assert_cmpmem (a->mean, sizeof a->mean[0] * a->n_classes, b->mean,
                   sizeof b->mean[0] * b->n_classes);
  g_assert_cmpmem (a->pixels, sizeof (guint64) * a->n_classes, b->pixels,
                   sizeof (guint64) * b->n_classes);
}

/* Adds IMAGE to BANDS in bands of MAX_ROWS or fewer rows. */
static void
add_bands (TestRandom *r, TesseraMstBands *bands, const TesseraImage *image,
           int max_rows, TesseraExec *exec)
{
  for (int y = 0, rows; y < image->height; y += rows)
    {
      TesseraImage band;
      /* MIN would draw twice. */
      rows = test_random_int (r, 1, max_rows);
      rows = MIN (rows, image->height - y);
      band = band_of (image, y, rows);
      g_assert_cmpint (tessera_mst_bands_add (bands, &band, exec), ==,
                       TESSERA_OK);
    }
}

/* Recolours IMAGE band by band, bottom first, into OUT. */
static void
recolour_bands (TesseraMstBands *bands, const TesseraImage *image,
                TesseraImage *out, int max_rows, TesseraExec *exec)
{
  for (int y = image->height, rows; y > 0; y -= rows)
    {
      TesseraImage src, dst;
      rows = MIN (max_rows, y);
      src = band_of (image, y - rows, rows);
      dst = band_of (out, y - rows, rows);
      g_assert_cmpint (tessera_mst_bands_recolour (bands, y - rows, &src,
                                                   &dst, exec),
                       ==, TESSERA_OK);
    }
}

/* The band path against the whole image's, with EXEC. */
static void
check_bands (TestRandom *r, const TesseraImage *image,
             const TesseraMstSegment *params, TesseraExec *exec)
{
  TesseraExec cpu = test_cpu_exec (2);
  const int max_rows = test_random_int (r, 1, image->height);
  TesseraMstClasses whole;
  TesseraImage expected, out;
  TesseraMstBands bands;

  g_assert_cmpint (tessera_image_alloc (&expected, image->width,
                                        image->height, image->channels,
                                        image->type), ==, TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&out, image->width, image->height,
                                        image->channels, image->type),
                   ==, TESSERA_OK);
  g_assert_cmpint (tessera_mst_segment_image (image, params, &whole,
                                              &expected, &cpu), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_mst_bands_start (&bands, image->width,
                                            image->height, image->channels,
                                            image->type, max_rows, exec),
                   ==, TESSERA_OK);
  g_assert_cmpint (bands.backend_used, ==, TESSERA_BACKEND_CPU);
  g_assert_false (tessera_mst_bands_keeps_pixels (&bands));
  add_bands (r, &bands, image, max_rows, exec);
  g_assert_cmpint (tessera_mst_bands_finish (&bands, params, exec), ==,
                   TESSERA_OK);
  assert_same_classes (&bands.classes, &whole, bands.histogram.n_colours);
  recolour_bands (&bands, image, &out, max_rows, exec);
  for (int y = 0; y < image->height; y++)
    g_assert_cmpmem (tessera_image_row (&out, y),
                     image->width * tessera_pixel_size (image),
                     tessera_image_row (&expected, y),
                     image->width * tessera_pixel_size (image));
  tessera_mst_bands_free (&bands);
  tessera_mst_classes_free (&whole);
  tessera_image_free (&expected);
  tessera_image_free (&out);
}

static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                           TESSERA_F32 };

static TesseraMstSegment
random_params (TestRandom *r)
{
  TesseraMstSegment params = { 0, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };
  params.classes = test_random_int (r, 0, 3) == 0
                   ? 0 : test_random_int (r, 1, 12);
  params.method = (TesseraMstMethod) test_random_int (
    r, 0, TESSERA_MST_METHOD_LAST);
  params.colour_space = (TesseraColourSpace) test_random_int (r, 0, 1);
  return params;
}

static void
test_random_images (void)
{
  TestRandom r = test_random_new (39);

  for (int round = 0; round < 24; round++)
    {
      TesseraExec exec = test_cpu_exec (1 + round % 2);
      TesseraMstSegment params = random_params (&r);
      TesseraImage image;
      g_assert_cmpint (tessera_image_alloc (
                         &image, test_random_side (&r, 200),
                         test_random_side (&r, 200), 1 + round % 4,
                         types[round / 4 % 3]), ==, TESSERA_OK);
      /* Few colours in runs now and then, as a photo's flat parts. */
      test_random_fill (&r, &image, round % 2);
      check_bands (&r, &image, &params, &exec);
      tessera_image_free (&image);
    }
}

static void
count_fallback (TesseraStatus why, void *user_data)
{
  (*(int *) user_data)++;
}

/* CUDA asked for with no device (a build without CUDA, or a machine
 * without a GPU: the core tests' machines): the CPU, told once. */
static void
test_cuda_falls_back (void)
{
  TestRandom r = test_random_new (16000);
  TesseraMstSegment params = random_params (&r);
  int told = 0;
  TesseraExec exec = tessera_exec_reporting (TESSERA_BACKEND_CUDA, NULL,
                                             count_fallback, &told);
  TesseraImage image;

  if (tessera_gpu_probe () == TESSERA_OK)
    {
      g_test_skip ("a GPU is present: tests/gpu checks its path");
      return;
    }
  g_assert_cmpint (tessera_image_alloc (&image, 120, 70, 4, TESSERA_U8),
                   ==, TESSERA_OK);
  test_random_fill (&r, &image, 1);
  check_bands (&r, &image, &params, &exec);
  g_assert_cmpint (told, ==, 1);
  tessera_image_free (&image);
}

/* Alpha 0 everywhere: no colours, as tessera_mst_segment says. */
static void
test_nothing_visible (void)
{
  TesseraMstSegment params = { 4, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };
  TesseraExec exec = test_cpu_exec (2);
  TesseraMstBands bands;
  TesseraImage image;

  g_assert_cmpint (tessera_image_alloc (&image, 40, 30, 4, TESSERA_U8), ==,
                   TESSERA_OK);
  memset (image.data, 0, image.stride * image.height);
  g_assert_cmpint (tessera_mst_bands_start (&bands, 40, 30, 4, TESSERA_U8,
                                            30, &exec), ==, TESSERA_OK);
  g_assert_cmpint (tessera_mst_bands_add (&bands, &image, &exec), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_mst_bands_finish (&bands, &params, &exec), ==,
                   TESSERA_ERROR_EMPTY_IMAGE);
  g_assert_cmpint (bands.classes.n_classes, ==, 0);
  tessera_mst_bands_free (&bands);
  tessera_image_free (&image);
}

/* Bands of the wrong shape, too many rows, finishing early, recolouring
 * before finishing or without the pixels the CPU needs. */
static void
test_misuse (void)
{
  TesseraMstSegment params = { 4, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };
  TesseraExec exec = test_cpu_exec (1);
  TestRandom r = test_random_new (5);
  TesseraMstBands bands;
  TesseraImage image, band;

  g_assert_cmpint (tessera_mst_bands_start (&bands, 0, 10, 3, TESSERA_U8, 4,
                                            &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_mst_bands_start (&bands, 10, 10, 5, TESSERA_U8, 4,
                                            &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_image_alloc (&image, 20, 12, 3, TESSERA_U8), ==,
                   TESSERA_OK);
  test_random_fill (&r, &image, 0);
  g_assert_cmpint (tessera_mst_bands_start (&bands, 20, 12, 3, TESSERA_U8, 5,
                                            &exec), ==, TESSERA_OK);
  band = band_of (&image, 0, 6);
  g_assert_cmpint (tessera_mst_bands_add (&bands, &band, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  band = band_of (&image, 0, 5);
  band.width = 19;
  g_assert_cmpint (tessera_mst_bands_add (&bands, &band, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  band = band_of (&image, 0, 5);
  g_assert_cmpint (tessera_mst_bands_add (&bands, &band, &exec), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_mst_bands_recolour (&bands, 0, &band, &band,
                                               &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_mst_bands_finish (&bands, &params, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  band = band_of (&image, 5, 5);
  g_assert_cmpint (tessera_mst_bands_add (&bands, &band, &exec), ==,
                   TESSERA_OK);
  band = band_of (&image, 10, 2);
  g_assert_cmpint (tessera_mst_bands_add (&bands, &band, &exec), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_mst_bands_add (&bands, &band, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_mst_bands_finish (&bands, &params, &exec), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_mst_bands_recolour (&bands, 10, NULL, &band,
                                               &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_mst_bands_recolour (&bands, 11, &band, &band,
                                               &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_mst_bands_recolour (&bands, 10, &band, &band,
                                               &exec), ==, TESSERA_OK);
  tessera_mst_bands_free (&bands);
  tessera_image_free (&image);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mst-segment-bands/random-images", test_random_images);
  g_test_add_func ("/mst-segment-bands/cuda-falls-back",
                   test_cuda_falls_back);
  g_test_add_func ("/mst-segment-bands/nothing-visible",
                   test_nothing_visible);
  g_test_add_func ("/mst-segment-bands/misuse", test_misuse);
  return g_test_run ();
}
