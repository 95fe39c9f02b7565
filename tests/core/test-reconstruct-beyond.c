/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the count of marker samples beyond the mask, before a
 * reconstruction, against the count the naive reconstruction reports (and,
 * with alpha, the one tessera_reconstruct reports), for every sample type,
 * channel count, operation and colour option. */
#include <glib.h>
#include <math.h>
#include <stdbool.h>
#include "reconstruct-beyond.h"
#include "reconstruct-ref.h"
#include "random.h"

static TesseraReconstruct
params_of (bool erosion, bool has_alpha, TesseraReconstructColour colour)
{
  TesseraReconstruct params = tessera_reconstruct_default ();

  params.operation = erosion ? TESSERA_RECONSTRUCT_EROSION
                             : TESSERA_RECONSTRUCT_DILATION;
  params.has_alpha = has_alpha;
  params.colour = colour;
  return params;
}

static size_t
count (const TesseraImage *mask, const TesseraImage *marker, bool erosion,
       bool has_alpha, TesseraReconstructColour colour, int threads)
{
  TesseraReconstruct params = params_of (erosion, has_alpha, colour);
  TesseraExec        exec = tessera_exec_default ();
  size_t             n = 12345;

  exec.threads = threads;
  g_assert_cmpint (tessera_reconstruct_count_beyond (mask, marker, &params,
                                                     &exec, &n), ==,
                   TESSERA_OK);
  return n;
}

/* What tessera_reconstruct reports as clipped for the same call. */
static size_t
clipped_by_run (const TesseraImage *mask, const TesseraImage *marker,
                bool erosion, bool has_alpha, TesseraReconstructColour colour)
{
  TesseraReconstruct params = params_of (erosion, has_alpha, colour);
  TesseraExec        exec = tessera_exec_default ();
  TesseraImage       out;
  size_t             clipped = 12345;

  exec.backend = TESSERA_BACKEND_CPU;
  g_assert_cmpint (tessera_image_alloc (&out, mask->width, mask->height,
                                        mask->channels, mask->type), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_reconstruct (mask, marker, &out, &params, &exec,
                                        &clipped), ==, TESSERA_OK);
  tessera_image_free (&out);
  return clipped;
}

static void
check_case (TestRandom *r, int width, int height, int channels,
            TesseraSampleType type, TestReconstructKind kind)
{
  TesseraImage mask, marker, ignored;
  bool         erosion = test_random_int (r, 0, 1);
  size_t       expected;

  g_assert_cmpint (tessera_image_alloc (&mask, width, height, channels, type),
                   ==, TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&marker, width, height, channels,
                                        type), ==, TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&ignored, width, height, channels,
                                        type), ==, TESSERA_OK);
  test_reconstruct_fill (r, kind, erosion, &mask, &marker);

  expected = test_reconstruct_ref (&mask, &marker, &ignored, erosion, 8);
  for (int threads = 1; threads <= 3; threads += 2)
    g_assert_cmpuint (count (&mask, &marker, erosion, false,
                             TESSERA_RECONSTRUCT_PER_CHANNEL, threads), ==,
                      expected);
  if (channels > 1)
    g_assert_cmpuint (count (&mask, &marker, erosion, true,
                             TESSERA_RECONSTRUCT_PER_CHANNEL, 2), ==,
                      clipped_by_run (&mask, &marker, erosion, true,
                                      TESSERA_RECONSTRUCT_PER_CHANNEL));
  if (channels >= 3)
    {
      expected = test_reconstruct_luminance_ref (&mask, &marker, &ignored,
                                                 erosion, 8);
      g_assert_cmpuint (count (&mask, &marker, erosion, channels == 4,
                               TESSERA_RECONSTRUCT_LUMINANCE, 2), ==,
                        expected);
    }
  /* A grey image is its own luminance. */
  if (channels == 1)
    g_assert_cmpuint (count (&mask, &marker, erosion, false,
                             TESSERA_RECONSTRUCT_LUMINANCE, 1), ==,
                      expected);
  tessera_image_free (&ignored);
  tessera_image_free (&marker);
  tessera_image_free (&mask);
}

static void
test_random_cases (void)
{
  static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                             TESSERA_F32 };
  TestRandom r = test_random_new (28);

  for (int i = 0; i < test_cases (300); i++)
    check_case (&r, test_random_side (&r, 40), test_random_side (&r, 40),
                test_random_int (&r, 1, 4), types[i % 3],
                i % TEST_RECONSTRUCT_KINDS);
}

/* Floats in totalOrder: -0 lies below +0, and NaNs at the ends. */
static void
test_float_order (void)
{
  static const float marker_values[] = { -0.0f, 0.0f, NAN, -NAN, 1.0f };
  static const float mask_values[]   = { 0.0f, -0.0f, 1.0f, -INFINITY,
                                         1.0f };
  TesseraImage mask, marker;

  g_assert_cmpint (tessera_image_alloc (&mask, 5, 1, 1, TESSERA_F32), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&marker, 5, 1, 1, TESSERA_F32), ==,
                   TESSERA_OK);
  for (int x = 0; x < 5; x++)
    {
      ((float *) tessera_image_row (&marker, 0))[x] = marker_values[x];
      ((float *) tessera_image_row (&mask, 0))[x] = mask_values[x];
    }
  /* Above: +0 over -0, +NaN over 1.  Below: -0 under +0, -NaN under
   * -inf.  Equal ones are neither. */
  g_assert_cmpuint (count (&mask, &marker, false, false,
                           TESSERA_RECONSTRUCT_PER_CHANNEL, 1), ==, 2);
  g_assert_cmpuint (count (&mask, &marker, true, false,
                           TESSERA_RECONSTRUCT_PER_CHANNEL, 1), ==, 2);
  g_assert_cmpuint (count (&mask, &marker, false, false,
                           TESSERA_RECONSTRUCT_PER_CHANNEL, 1), ==,
                    clipped_by_run (&mask, &marker, false, false,
                                    TESSERA_RECONSTRUCT_PER_CHANNEL));
  g_assert_cmpuint (count (&mask, &marker, true, false,
                           TESSERA_RECONSTRUCT_PER_CHANNEL, 1), ==,
                    clipped_by_run (&mask, &marker, true, false,
                                    TESSERA_RECONSTRUCT_PER_CHANNEL));
  tessera_image_free (&marker);
  tessera_image_free (&mask);
}

static void
test_bad_arguments (void)
{
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraImage       mask, marker;
  size_t             n;

  g_assert_cmpint (tessera_image_alloc (&mask, 4, 3, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&marker, 3, 4, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_reconstruct_count_beyond (&mask, &marker, &params,
                                                     NULL, &n), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_reconstruct_count_beyond (&mask, &mask, &params,
                                                     NULL, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_reconstruct_count_beyond (&mask, &mask, &params,
                                                     NULL, &n), ==,
                   TESSERA_OK);
  g_assert_cmpuint (n, ==, 0);
  tessera_image_free (&marker);
  tessera_image_free (&mask);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reconstruct-beyond/random", test_random_cases);
  g_test_add_func ("/reconstruct-beyond/float-order", test_float_order);
  g_test_add_func ("/reconstruct-beyond/bad-arguments", test_bad_arguments);
  return g_test_run ();
}
