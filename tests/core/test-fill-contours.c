/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — Fill Closed Contours against the breadth-first
 * reference, for every method, connectivity and thread count, on random
 * contour maps of random sizes and on the edge cases. */
#include <glib.h>
#include <string.h>
#include "fill-contours.h"
#include "fill-contours-ref.h"
#include "cpu-exec.h"
#include "random.h"
#include "synthetic-contours.h"

static const TesseraFillContoursMethod methods[] = {
  TESSERA_FILL_CONTOURS_METHOD_SERIAL,
  TESSERA_FILL_CONTOURS_METHOD_PAPER,
  TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU,
  TESSERA_FILL_CONTOURS_METHOD_FAST,
  TESSERA_FILL_CONTOURS_METHOD_AUTO
};

static TesseraImage
image_new (int width, int height)
{
  TesseraImage image;
  g_assert_cmpint (tessera_image_alloc (&image, width, height, 1, TESSERA_U8),
                   ==, TESSERA_OK);
  return image;
}

static TesseraImage
image_copy (const TesseraImage *src)
{
  TesseraImage copy = image_new (src->width, src->height);
  for (int y = 0; y < src->height; y++)
    memcpy (tessera_image_row (&copy, y), tessera_image_row (src, y),
            (size_t) src->width);
  return copy;
}

static void
assert_same (const TesseraImage *got, const TesseraImage *want,
             const char *what)
{
  for (int y = 0; y < want->height; y++)
    if (memcmp (tessera_image_row (got, y), tessera_image_row (want, y),
                (size_t) want->width) != 0)
      {
        const guint8 *g = tessera_image_row (got, y);
        const guint8 *w = tessera_image_row (want, y);
        int x = 0;
        while (g[x] == w[x])
          x++;
        g_error ("%s, %dx%d: pixel (%d, %d) is %d, the reference says %d",
                 what, want->width, want->height, x, y, g[x], w[x]);
      }
}

/* Every method, connectivity and thread count on CONTOURS, against the
 * reference; also in place, and with PAPER's seed count varied. */
static void
check_all (const TesseraImage *contours, const char *what)
{
  TesseraImage want = image_new (contours->width, contours->height);
  TesseraImage got = image_new (contours->width, contours->height);

  for (int connectivity = 4; connectivity <= 8; connectivity += 4)
    {
      g_assert_true (test_fill_contours_ref (contours, &want, connectivity));
      for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
        for (int threads = 1; threads <= 2; threads++)
          {
            TesseraFillContours params = tessera_fill_contours_defaults ();
            TesseraExec exec = test_cpu_exec (threads);
            char *label;

            params.connectivity = connectivity;
            params.method = methods[m];
            params.seeds = threads == 1 ? 0 : 1 + contours->height % 300;
            memset (got.data, 0x5a, got.stride * got.height);
            g_assert_cmpint (tessera_fill_contours (contours, &got, &params,
                                                    &exec), ==, TESSERA_OK);
            label = g_strdup_printf ("%s, %s, %d-connected, %d threads", what,
                                     tessera_fill_contours_method_name (methods[m]),
                                     connectivity, threads);
            assert_same (&got, &want, label);
            g_free (label);
          }

      /* In place, on the default method. */
      {
        TesseraFillContours params = tessera_fill_contours_defaults ();
        TesseraExec exec = test_cpu_exec (2);
        TesseraImage in_place = image_copy (contours);
        params.connectivity = connectivity;
        g_assert_cmpint (tessera_fill_contours (&in_place, &in_place, &params,
                                                &exec), ==, TESSERA_OK);
        assert_same (&in_place, &want, what);
        tessera_image_free (&in_place);
      }
    }
  tessera_image_free (&want);
  tessera_image_free (&got);
}

static TesseraImage
image_from_text (const char *const *rows)
{
  int height = 0;
  while (rows[height] != NULL)
    height++;
  TesseraImage image = image_new ((int) strlen (rows[0]), height);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < image.width; x++)
      ((guint8 *) tessera_image_row (&image, y))[x] = rows[y][x] == '#' ? 255
                                                                        : 0;
  return image;
}

static int
count_interior (const TesseraImage *mask)
{
  int count = 0;
  for (int y = 0; y < mask->height; y++)
    for (int x = 0; x < mask->width; x++)
      count += ((const guint8 *) tessera_image_row (mask, y))[x] == 255;
  return count;
}

/* A diamond drawn with diagonal steps: closed for a 4-connected fill, open
 * for an 8-connected one; a square with a one-pixel gap is open for both. */
static void
test_connectivity_meaning (void)
{
  static const char *const diamond[] = {
    ".......",
    "...#...",
    "..#.#..",
    ".#...#.",
    "..#.#..",
    "...#...",
    ".......",
    NULL
  };
  static const char *const gap[] = {
    "......",
    ".####.",
    ".#..#.",
    ".#....",
    ".####.",
    "......",
    NULL
  };
  TesseraImage contours = image_from_text (diamond);
  TesseraImage mask = image_new (contours.width, contours.height);
  TesseraFillContours params = tessera_fill_contours_defaults ();

  g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params, NULL),
                   ==, TESSERA_OK);
  g_assert_cmpint (count_interior (&mask), ==, 5);
  params.connectivity = 8;
  g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params, NULL),
                   ==, TESSERA_OK);
  g_assert_cmpint (count_interior (&mask), ==, 0);
  check_all (&contours, "diamond");
  tessera_image_free (&contours);
  tessera_image_free (&mask);

  contours = image_from_text (gap);
  mask = image_new (contours.width, contours.height);
  params.connectivity = 4;
  g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params, NULL),
                   ==, TESSERA_OK);
  g_assert_cmpint (count_interior (&mask), ==, 0);
  check_all (&contours, "gap");
  tessera_image_free (&contours);
  tessera_image_free (&mask);
}

/* 1x1, 1xN, Nx1, 2xN; all contour, no contour, a lone free pixel. */
static void
test_edge_cases (void)
{
  static const int sizes[][2] = {
    { 1, 1 }, { 1, 7 }, { 9, 1 }, { 2, 2 }, { 2, 9 }, { 9, 2 }, { 3, 3 },
    { 64, 3 }, { 3, 64 }, { 65, 65 }
  };
  TestRandom r = test_random_new (7);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      TesseraImage contours = image_new (sizes[s][0], sizes[s][1]);
      for (int fill = 0; fill < 4; fill++)
        {
          switch (fill)
            {
            case 0:   /* no contour */
              synthetic_contours_noise (&r, &contours, 0.0);
              break;
            case 1:   /* all contour */
              synthetic_contours_noise (&r, &contours, 1.0);
              break;
            case 2:   /* all contour but the centre pixel */
              synthetic_contours_noise (&r, &contours, 1.0);
              ((guint8 *) tessera_image_row (&contours, contours.height / 2))
                [contours.width / 2] = 0;
              break;
            default:
              synthetic_contours_noise (&r, &contours, 0.5);
              break;
            }
          check_all (&contours, "edge case");
        }
      tessera_image_free (&contours);
    }
}

/* Random shapes and noise on random sizes. */
static void
test_random_images (void)
{
  TestRandom r = test_random_new (g_test_rand_int ());

  for (int round = 0; round < (g_test_slow () ? 400 : 80); round++)
    {
      int width = test_random_side (&r, 160);
      int height = test_random_side (&r, 160);
      TesseraImage contours = image_new (width, height);

      if (round % 4 == 3)
        synthetic_contours_noise (&r, &contours,
                                  0.2 + 0.4 * test_random_double (&r));
      else
        synthetic_contours_draw (&r, &contours, test_random_int (&r, 1, 30),
                                 test_random_int (&r, 1, 3));
      check_all (&contours, round % 4 == 3 ? "noise" : "shapes");
      tessera_image_free (&contours);
    }
}

/* A row stride larger than the width, and a strided mask. */
static void
test_strided_views (void)
{
  TestRandom r = test_random_new (11);
  TesseraImage big = image_new (300, 90);
  TesseraImage want = image_new (123, 77);
  TesseraImage mask_big = image_new (300, 90);
  TesseraFillContours params = tessera_fill_contours_defaults ();

  synthetic_contours_draw (&r, &big, 20, 2);
  TesseraImage contours = big, mask = mask_big;
  contours.width = mask.width = 123;
  contours.height = mask.height = 77;
  g_assert_true (test_fill_contours_ref (&contours, &want, 4));
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      TesseraExec exec = test_cpu_exec (2);
      params.method = methods[m];
      g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params,
                                              &exec), ==, TESSERA_OK);
      assert_same (&mask, &want, "strided");
    }
  tessera_image_free (&big);
  tessera_image_free (&mask_big);
  tessera_image_free (&want);
}

/* Large images with many seeds and both threads: races between the
 * paper's fills happen here, if anywhere. */
static void
test_paper_races (void)
{
  TestRandom r = test_random_new (13);

  for (int round = 0; round < test_cases (6); round++)
    {
      TesseraImage contours = image_new (700 + round, 500);
      TesseraImage want = image_new (contours.width, contours.height);
      TesseraImage got = image_new (contours.width, contours.height);
      TesseraFillContours params = tessera_fill_contours_defaults ();
      TesseraExec exec = test_cpu_exec (2);

      if (round % 2)
        synthetic_contours_noise (&r, &contours, 0.35);
      else
        synthetic_contours_draw (&r, &contours, 200, 2);
      params.connectivity = round % 3 == 0 ? 8 : 4;
      params.method = TESSERA_FILL_CONTOURS_METHOD_PAPER;
      params.seeds = 5000;
      g_assert_true (test_fill_contours_ref (&contours, &want,
                                             params.connectivity));
      g_assert_cmpint (tessera_fill_contours (&contours, &got, &params, &exec),
                       ==, TESSERA_OK);
      assert_same (&got, &want, "paper, many seeds");
      tessera_image_free (&contours);
      tessera_image_free (&want);
      tessera_image_free (&got);
    }
}

/* Several images of different sizes in one call. */
static void
test_batch (void)
{
  enum { COUNT = 5 };
  TestRandom r = test_random_new (17);
  TesseraImage contours[COUNT], masks[COUNT], want;

  for (int i = 0; i < COUNT; i++)
    {
      contours[i] = image_new (40 + 31 * i, 90 - 13 * i);
      masks[i] = image_new (contours[i].width, contours[i].height);
      synthetic_contours_draw (&r, &contours[i], 15, 2);
    }
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      TesseraFillContours params = tessera_fill_contours_defaults ();
      TesseraExec exec = test_cpu_exec (2);
      params.method = methods[m];
      g_assert_cmpint (tessera_fill_contours_batch (contours, masks, COUNT,
                                                    &params, &exec),
                       ==, TESSERA_OK);
      for (int i = 0; i < COUNT; i++)
        {
          want = image_new (contours[i].width, contours[i].height);
          g_assert_true (test_fill_contours_ref (&contours[i], &want, 4));
          assert_same (&masks[i], &want, "batch");
          tessera_image_free (&want);
        }
    }
  for (int i = 0; i < COUNT; i++)
    {
      tessera_image_free (&contours[i]);
      tessera_image_free (&masks[i]);
    }
}

static bool
cancel_now (double fraction, void *user_data)
{
  return false;
}

static void
test_bad_input_and_cancel (void)
{
  TesseraImage contours = image_new (20, 20), mask = image_new (20, 20);
  TesseraImage small = image_new (19, 20), rgb;
  TesseraFillContours params = tessera_fill_contours_defaults ();
  TesseraExec exec = test_cpu_exec (2);

  synthetic_contours_noise (&(TestRandom) { 1 }, &contours, 0.3);
  g_assert_cmpint (tessera_image_alloc (&rgb, 20, 20, 3, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_fill_contours (&contours, &small, &params, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_fill_contours (&rgb, &rgb, &params, NULL),
                   ==, TESSERA_ERROR_UNSUPPORTED_FORMAT);
  params.connectivity = 6;
  g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);
  params.connectivity = 4;
  params.method = 99;
  g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params, NULL),
                   ==, TESSERA_ERROR_INVALID_ARGUMENT);

  exec.progress = cancel_now;
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      params.method = methods[m];
      g_assert_cmpint (tessera_fill_contours (&contours, &mask, &params,
                                              &exec),
                       ==, TESSERA_ERROR_CANCELLED);
    }
  tessera_image_free (&contours);
  tessera_image_free (&mask);
  tessera_image_free (&small);
  tessera_image_free (&rgb);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fill-contours/connectivity", test_connectivity_meaning);
  g_test_add_func ("/fill-contours/edge-cases", test_edge_cases);
  g_test_add_func ("/fill-contours/random", test_random_images);
  g_test_add_func ("/fill-contours/strided", test_strided_views);
  g_test_add_func ("/fill-contours/paper-races", test_paper_races);
  g_test_add_func ("/fill-contours/batch", test_batch);
  g_test_add_func ("/fill-contours/bad-input", test_bad_input_and_cancel);
  return g_test_run ();
}
