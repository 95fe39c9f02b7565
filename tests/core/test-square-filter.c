/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the square minimum / maximum filter against the obvious
 * one, on random sizes, radii (up to beyond the image), types and thread
 * counts; in place too. */
#include <glib.h>
#include <string.h>
#include "random.h"
#include "square-filter.h"
#include "square-filter-ref.h"

static void
assert_same_pixels (const TesseraImage *a, const TesseraImage *b)
{
  size_t row = tessera_pixel_size (a) * a->width;
  for (int y = 0; y < a->height; y++)
    g_assert_cmpmem (tessera_image_row (a, y), row, tessera_image_row (b, y),
                     row);
}

static void
test_random_cases (void)
{
  TestRandom r = test_random_new (11);

  for (int i = 0; i < test_cases (300); i++)
    {
      int width = test_random_side (&r, 50);
      int height = test_random_side (&r, 50);
      int channels = test_random_int (&r, 1, 4);
      TesseraSampleType type = (TesseraSampleType) (i % 3);
      int radius = test_random_int (&r, 0, 3) == 0
                   ? test_random_int (&r, 0, 200) : test_random_int (&r, 0, 6);
      bool maximum = test_random_int (&r, 0, 1);
      TesseraExec exec = tessera_exec_default ();
      TesseraImage src, want, got;

      g_assert_cmpint (tessera_image_alloc (&src, width, height, channels,
                                            type), ==, TESSERA_OK);
      g_assert_cmpint (tessera_image_alloc (&want, width, height, channels,
                                            type), ==, TESSERA_OK);
      g_assert_cmpint (tessera_image_alloc (&got, width, height, channels,
                                            type), ==, TESSERA_OK);
      test_random_fill (&r, &src, 1);
      test_square_filter_ref (&src, &want, radius, maximum);
      exec.threads = test_random_int (&r, 1, 3);
      g_assert_cmpint (tessera_square_filter (&src, &got, radius, maximum,
                                              &exec), ==, TESSERA_OK);
      assert_same_pixels (&got, &want);
      g_assert_cmpint (tessera_square_filter (&src, &src, radius, maximum,
                                              &exec), ==, TESSERA_OK);
      assert_same_pixels (&src, &want);
      tessera_image_free (&src);
      tessera_image_free (&want);
      tessera_image_free (&got);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/square-filter/random", test_random_cases);
  return g_test_run ();
}
