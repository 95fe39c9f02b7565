/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the histogram of distinct colours made band by band
 * (core/colour-tally.h) against the whole-image call: the same colours and
 * counts, and every pixel the same index, for random images of random
 * sizes cut into bands of random heights, on both sides of the size where
 * the tally switches from sorting to its table of counters; 1 x 1, 1 x N,
 * N x 1, one colour, every colour distinct, every pixel transparent; and,
 * relabelled, every pixel its colour's label. */
#include <glib.h>
#include <string.h>
#include "colour-histogram.h"
#include "colour-tally.h"
#include "cpu-exec.h"
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

/* The next band's height: mostly random, now and then a single row or the
 * rest of the image. */
static int
next_rows (TestRandom *r, int left, int typical)
{
  int rows = test_random_int (r, 1, typical);

  switch (test_random_int (r, 0, 5))
    {
    case 0:
      return 1;
    case 1:
      return left;
    default:
      return MIN (left, rows);
    }
}

/* Relabelled with random labels (few, as classes are), the tally gives
 * each pixel its colour's label, in bands top first; once only. */
static void
check_labels (TestRandom *r, TesseraColourTally *tally,
              const TesseraColourHistogram *whole, const TesseraImage *image,
              guint32 *indices, TesseraExec *exec)
{
  const size_t pixels = (size_t) image->width * image->height;
  const int n_labels = test_random_int (r, 1, 300);
  guint32 *label = g_new (guint32, whole->n_colours + 1);
  int y, rows;

  for (size_t i = 0; i < whole->n_colours; i++)
    label[i] = (guint32) test_random_int (r, 0, n_labels - 1);
  g_assert_cmpint (tessera_colour_tally_relabel (tally, whole, label), ==,
                   TESSERA_OK);
  for (y = 0; y < image->height; y += rows)
    {
      TesseraImage band;
      rows = next_rows (r, image->height - y, MAX (1, image->height / 3));
      band = band_of (image, y, rows);
      g_assert_cmpint (tessera_colour_tally_index (
                         tally, &band, indices + (size_t) y * image->width,
                         exec), ==, TESSERA_OK);
    }
  for (size_t i = 0; i < pixels; i++)
    {
      guint32 colour = whole->pixel_colour[i];
      g_assert_cmpuint (indices[i], ==,
                        colour == TESSERA_COLOUR_TRANSPARENT
                        ? TESSERA_COLOUR_TRANSPARENT : label[colour]);
    }
  /* Labels of labels would mean nothing. */
  g_assert_cmpint (tessera_colour_tally_relabel (tally, whole, label), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_free (label);
}

/* Tallies IMAGE in bands of random heights and checks the histogram and
 * every pixel's index against tessera_colour_histogram's. */
static void
check_bands (TestRandom *r, const TesseraImage *image, int threads)
{
  TesseraExec exec = test_cpu_exec (threads);
  const int parts = test_random_int (r, 1, 9);
  const int typical = MAX (1, image->height / parts);
  TesseraColourHistogram whole, banded;
  TesseraColourTally tally;
  guint32 *indices = g_new (guint32, (size_t) image->width * image->height);
  int y, rows;

  g_assert_cmpint (tessera_colour_histogram (image, &whole, &exec), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_colour_tally_start (&tally, image->width,
                                               image->height), ==, TESSERA_OK);
  g_assert_true ((tally.table != NULL)
                 == ((size_t) image->width * image->height
                     >= TESSERA_COLOUR_TALLY_TABLE_PIXELS));
  for (y = 0; y < image->height; y += rows)
    {
      TesseraImage band;
      rows = next_rows (r, image->height - y, typical);
      band = band_of (image, y, rows);
      g_assert_cmpint (tessera_colour_tally_add (&tally, &band, &exec), ==,
                       TESSERA_OK);
    }
  g_assert_cmpint (tessera_colour_tally_finish (&tally, &banded, &exec), ==,
                   TESSERA_OK);

  g_assert_cmpuint (banded.n_colours, ==, whole.n_colours);
  g_assert_cmpmem (banded.colours, 3 * banded.n_colours, whole.colours,
                   3 * whole.n_colours);
  g_assert_cmpmem (banded.counts, sizeof (guint32) * banded.n_colours,
                   whole.counts, sizeof (guint32) * whole.n_colours);
  g_assert_true (banded.quantised == whole.quantised);
  g_assert_cmpint (banded.width, ==, whole.width);
  g_assert_cmpint (banded.height, ==, whole.height);
  g_assert_null (banded.pixel_colour);

  /* The second pass in other bands, bottom first. */
  for (y = image->height; y > 0; y -= rows)
    {
      TesseraImage band;
      rows = next_rows (r, y, typical);
      band = band_of (image, y - rows, rows);
      g_assert_cmpint (tessera_colour_tally_index (
                         &tally, &band,
                         indices + (size_t) (y - rows) * image->width, &exec),
                       ==, TESSERA_OK);
    }
  g_assert_cmpmem (indices, sizeof (guint32) * image->width * image->height,
                   whole.pixel_colour,
                   sizeof (guint32) * image->width * image->height);

  check_labels (r, &tally, &whole, image, indices, &exec);
  tessera_colour_tally_free (&tally);
  tessera_colour_histogram_free (&banded);
  tessera_colour_histogram_free (&whole);
  g_free (indices);
}

static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                           TESSERA_F32 };

/* Noise, or few colours in runs (the top bits of each u8 sample). */
static void
random_image (TestRandom *r, TesseraImage *image, int width, int height,
              int round)
{
  int channels = 1 + round % 4;
  TesseraSampleType type = types[round / 4 % 3];

  g_assert_cmpint (tessera_image_alloc (image, width, height, channels, type),
                   ==, TESSERA_OK);
  test_random_fill (r, image, round % 2);
  if (round % 3 == 0 && type == TESSERA_U8)
    for (int y = 0; y < height; y++)
      for (int x = 0; x < width * channels; x++)
        {
          guint8 *p = (guint8 *) tessera_image_row (image, y) + x;
          *p = (guint8) (*p & 0xc0);
        }
}

static void
test_small_images (void)
{
  TestRandom r = test_random_new (25);

  for (int round = 0; round < test_cases (60); round++)
    {
      TesseraImage image;
      random_image (&r, &image, test_random_side (&r, 300),
                    test_random_side (&r, 300), round);
      check_bands (&r, &image, 1 + round % 2);
      tessera_image_free (&image);
    }
}

/* Past TESSERA_COLOUR_TALLY_TABLE_PIXELS: the table of counters. */
static void
test_large_images (void)
{
  TestRandom r = test_random_new (2025);

  for (int round = 0; round < 4; round++)
    {
      TesseraImage image;
      int width = test_random_int (&r, 700, 1500);
      int height = (int) (TESSERA_COLOUR_TALLY_TABLE_PIXELS / width)
                   + test_random_int (&r, 0, 200);
      random_image (&r, &image, width, height, round * 5);
      check_bands (&r, &image, 1 + round % 2);
      tessera_image_free (&image);
    }
}

/* 1 x 1, rows, columns (the longest: a table's worth), one colour, and every pixel its own colour. */
static void
test_edge_cases (void)
{
  static const int sizes[][2] = { { 1, 1 }, { 1, 777 }, { 777, 1 },
                                  { 1, 524288 }, { 524288, 1 },
                                  { 2, 524288 } };
  TestRandom r = test_random_new (7);
  TesseraImage image;

  for (size_t s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int round = 0; round < 12; round += 5)
      {
        random_image (&r, &image, sizes[s][0], sizes[s][1], round);
        check_bands (&r, &image, 2);
        tessera_image_free (&image);
      }

  for (int large = 0; large < 2; large++)
    {
      int side = large ? 1100 : 300;
      g_assert_cmpint (tessera_image_alloc (&image, side, side, 3, TESSERA_U8),
                       ==, TESSERA_OK);
      memset (image.data, 200, image.stride * side);
      check_bands (&r, &image, 2);
      for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
          {
            guint8 *p = (guint8 *) tessera_image_row (&image, y) + 3 * x;
            guint32 key = (guint32) (y * side + x) * 7919u % (1u << 24);
            p[0] = (guint8) (key >> 16);
            p[1] = (guint8) (key >> 8);
            p[2] = (guint8) key;
          }
      check_bands (&r, &image, 1);
      tessera_image_free (&image);
    }

  /* No visible pixel (alpha 0 on any colour): no colours, by sorting and
   * by the table. */
  for (int large = 0; large < 2; large++)
    {
      int side = large ? 1100 : 300;
      random_image (&r, &image, side, side, 3);
      for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
          ((guint8 *) tessera_image_row (&image, y))[4 * x + 3] = 0;
      check_bands (&r, &image, 2);
      tessera_image_free (&image);
    }
}

static void
test_bad_input (void)
{
  guint8 pixels[4 * 3] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
  TesseraImage two = tessera_image_view (pixels, 2, 2, 3, TESSERA_U8);
  TesseraImage row = tessera_image_view (pixels, 2, 1, 3, TESSERA_U8);
  TesseraImage other = tessera_image_view (pixels, 1, 1, 3, TESSERA_U8);
  TesseraImage unseen = tessera_image_view (pixels + 1, 1, 1, 3, TESSERA_U8);
  TesseraColourHistogram h;
  TesseraColourTally tally;
  guint32 indices[4];

  g_assert_cmpint (tessera_colour_tally_start (&tally, 0, 5), ==,
                   TESSERA_ERROR_EMPTY_IMAGE);
  g_assert_cmpint (tessera_colour_tally_start (&tally, 70000, 70000), ==,
                   TESSERA_ERROR_TOO_LARGE);
  g_assert_cmpint (tessera_colour_tally_start (&tally, 2, 3), ==, TESSERA_OK);
  /* Another width, too many rows, finishing early, indexing early. */
  g_assert_cmpint (tessera_colour_tally_add (&tally, &other, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_colour_tally_add (&tally, &two, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_colour_tally_add (&tally, &two, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_colour_tally_finish (&tally, &h, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_null (h.colours);
  g_assert_cmpint (tessera_colour_tally_index (&tally, &row, indices, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_colour_tally_relabel (&tally, &h, indices), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_colour_tally_add (&tally, &row, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_colour_tally_finish (&tally, &h, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpuint (h.n_colours, ==, 4);
  g_assert_cmpuint (h.counts[0], ==, 2);
  /* Done once; a colour it never saw. */
  g_assert_cmpint (tessera_colour_tally_add (&tally, &row, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  unseen.width = 2;
  g_assert_cmpint (tessera_colour_tally_index (&tally, &unseen, indices,
                                               NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_colour_tally_index (&tally, &row, indices, NULL),
                   ==, TESSERA_OK);
  g_assert_cmpuint (indices[0], ==, 0);
  g_assert_cmpuint (indices[1], ==, 1);
  /* A label that means "transparent", a histogram of other colours. */
  {
    guint32 label[4] = { 5, TESSERA_COLOUR_TRANSPARENT, 6, 7 };
    TesseraColourHistogram fewer = h;

    g_assert_cmpint (tessera_colour_tally_relabel (&tally, &h, label), ==,
                     TESSERA_ERROR_INVALID_ARGUMENT);
    fewer.n_colours = 3;
    label[1] = 9;
    g_assert_cmpint (tessera_colour_tally_relabel (&tally, &fewer, label),
                     ==, TESSERA_ERROR_INVALID_ARGUMENT);
    g_assert_cmpint (tessera_colour_tally_relabel (&tally, &h, label), ==,
                     TESSERA_OK);
    g_assert_cmpint (tessera_colour_tally_index (&tally, &row, indices,
                                                 NULL), ==, TESSERA_OK);
    g_assert_cmpuint (indices[0], ==, 5);
    g_assert_cmpuint (indices[1], ==, 9);
  }
  tessera_colour_histogram_free (&h);
  tessera_colour_tally_free (&tally);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/colour-tally/small-images", test_small_images);
  g_test_add_func ("/colour-tally/large-images", test_large_images);
  g_test_add_func ("/colour-tally/edge-cases", test_edge_cases);
  g_test_add_func ("/colour-tally/bad-input", test_bad_input);
  return g_test_run ();
}
