/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the reconstruction presets against their definitions:
 * markers made the obvious way, the naive reconstruction, the subtraction. */
#include <glib.h>
#include <math.h>
#include <string.h>
#include "luminance-ref.h"
#include "random.h"
#include "reconstruct-preset.h"
#include "reconstruct-ref.h"
#include "square-filter-ref.h"

static double
get (const TesseraImage *image, int x, int y, int c)
{
  const void *row = tessera_image_row (image, y);
  int i = x * image->channels + c;
  switch (image->type)
    {
    case TESSERA_U8:  return ((const guint8 *) row)[i];
    case TESSERA_U16: return ((const guint16 *) row)[i];
    case TESSERA_F32: return ((const float *) row)[i];
    }
  return 0;
}

static void
put (TesseraImage *image, int x, int y, int c, double v)
{
  void *row = tessera_image_row (image, y);
  int i = x * image->channels + c;
  switch (image->type)
    {
    case TESSERA_U8:  ((guint8 *) row)[i] = (guint8) v; break;
    case TESSERA_U16: ((guint16 *) row)[i] = (guint16) v; break;
    case TESSERA_F32: ((float *) row)[i] = (float) v; break;
    }
}

static double
top (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 255 : type == TESSERA_U16 ? 65535 : 1.0;
}

/* The preset by its definition, into WANT. */
static void
expected (const TesseraImage *src, const TesseraReconstructPresetParams *p,
          TesseraImage *want)
{
  TesseraImage marker, rec;
  bool erosion = p->preset == TESSERA_RECONSTRUCT_FILL_HOLES
                 || p->preset == TESSERA_RECONSTRUCT_CLOSING;
  bool subtract = p->preset == TESSERA_RECONSTRUCT_CLEAR_BORDER
                  || p->preset == TESSERA_RECONSTRUCT_H_DOME;
  double step = src->type == TESSERA_F32 ? p->h
                                         : floor (p->h * top (src->type) + 0.5);

  g_assert_cmpint (tessera_image_alloc (&marker, src->width, src->height,
                                        src->channels, src->type), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&rec, src->width, src->height,
                                        src->channels, src->type), ==,
                   TESSERA_OK);
  if (p->preset == TESSERA_RECONSTRUCT_OPENING
      || p->preset == TESSERA_RECONSTRUCT_CLOSING)
    test_square_filter_ref (src, &marker, p->radius,
                            p->preset == TESSERA_RECONSTRUCT_CLOSING);
  else
    for (int y = 0; y < src->height; y++)
      for (int x = 0; x < src->width; x++)
        for (int c = 0; c < src->channels; c++)
          {
            bool border = x == 0 || y == 0 || x == src->width - 1
                          || y == src->height - 1;
            double v = get (src, x, y, c);
            if (p->preset == TESSERA_RECONSTRUCT_H_DOME)
              v = src->type == TESSERA_F32 ? v - step : MAX (v - step, 0);
            else if (!border)
              v = p->preset == TESSERA_RECONSTRUCT_FILL_HOLES
                  ? top (src->type) : 0;
            put (&marker, x, y, c, v);
          }
  test_reconstruct_ref (src, &marker, &rec, erosion, p->connectivity);
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      for (int c = 0; c < src->channels; c++)
        {
          double v = get (&rec, x, y, c);
          if (p->has_alpha && c == src->channels - 1)
            v = get (src, x, y, c);
          else if (subtract)
            v = get (src, x, y, c) - v;
          put (want, x, y, c, v);
        }
  tessera_image_free (&marker);
  tessera_image_free (&rec);
}

/* The preset on SRC's luminance by its definition, into WANT: the grey
 * preset on the luminance, the colours shifted or scaled to follow. */
static void
expected_on_luminance (const TesseraImage *src,
                       const TesseraReconstructPresetParams *p,
                       TesseraImage *want)
{
  TesseraReconstructPresetParams grey = *p;
  TesseraImage luminance, result;

  grey.has_alpha = false;
  grey.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
  g_assert_cmpint (tessera_image_alloc (&luminance, src->width, src->height,
                                        1, src->type), ==, TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&result, src->width, src->height, 1,
                                        src->type), ==, TESSERA_OK);
  test_luminance_ref (src, &luminance);
  expected (&luminance, &grey, &result);
  if (p->preset == TESSERA_RECONSTRUCT_CLEAR_BORDER
      || p->preset == TESSERA_RECONSTRUCT_H_DOME)
    test_luminance_scale_ref (src, &luminance, &result, want);
  else
    test_luminance_shift_ref (src, &luminance, &result, want);
  tessera_image_free (&luminance);
  tessera_image_free (&result);
}

static void
test_presets (void)
{
  TestRandom r = test_random_new (12);

  for (int i = 0; i < test_cases (250); i++)
    {
      TesseraReconstructPresetParams p;
      TesseraImage src, want, got;
      int width = test_random_side (&r, 30), height = test_random_side (&r, 30);
      int channels = test_random_int (&r, 1, 4);
      TesseraSampleType type = (TesseraSampleType) (i % 3);
      TesseraExec exec = tessera_exec_default ();
      size_t row;

      p.preset = (TesseraReconstructPreset) (i % TESSERA_RECONSTRUCT_PRESETS);
      p.h = test_random_double (&r) * 0.5;
      p.radius = test_random_int (&r, 0, 4);
      p.connectivity = test_random_int (&r, 0, 1) ? 8 : 4;
      p.has_alpha = channels > 1 && test_random_int (&r, 0, 1);
      /* On luminance where there is one: grey or RGB. */
      p.colour = (channels - p.has_alpha == 1 || channels - p.has_alpha == 3)
                 && test_random_int (&r, 0, 1)
                 ? TESSERA_RECONSTRUCT_LUMINANCE
                 : TESSERA_RECONSTRUCT_PER_CHANNEL;
      exec.backend = TESSERA_BACKEND_CPU;
      g_assert_cmpint (tessera_image_alloc (&src, width, height, channels,
                                            type), ==, TESSERA_OK);
      g_assert_cmpint (tessera_image_alloc (&want, width, height, channels,
                                            type), ==, TESSERA_OK);
      g_assert_cmpint (tessera_image_alloc (&got, width, height, channels,
                                            type), ==, TESSERA_OK);
      test_reconstruct_fill (&r, i % 2 ? TEST_RECONSTRUCT_PLATEAUS
                                       : TEST_RECONSTRUCT_SMOOTH,
                             0, &src, &got);
      if (p.colour == TESSERA_RECONSTRUCT_LUMINANCE
          && channels - p.has_alpha == 3)
        expected_on_luminance (&src, &p, &want);
      else
        expected (&src, &p, &want);
      g_assert_cmpint (tessera_reconstruct_preset (&src, &got, &p, &exec), ==,
                       TESSERA_OK);
      row = tessera_pixel_size (&src) * width;
      for (int y = 0; y < height; y++)
        g_assert_cmpmem (tessera_image_row (&got, y), row,
                         tessera_image_row (&want, y), row);
      /* In place. */
      g_assert_cmpint (tessera_reconstruct_preset (&src, &src, &p, &exec), ==,
                       TESSERA_OK);
      for (int y = 0; y < height; y++)
        g_assert_cmpmem (tessera_image_row (&src, y), row,
                         tessera_image_row (&want, y), row);
      tessera_image_free (&src);
      tessera_image_free (&want);
      tessera_image_free (&got);
    }
}

static void
test_bad_arguments (void)
{
  guint8 pixels[6] = { 0 };
  TesseraImage a = tessera_image_view (pixels, 3, 2, 1, TESSERA_U8);
  TesseraReconstructPresetParams p = { TESSERA_RECONSTRUCT_H_DOME, 0.1, 1, 8,
                                       false,
                                       TESSERA_RECONSTRUCT_PER_CHANNEL };

  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_OK);
  p.h = 1.5;
  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  p.h = 0.1;
  p.preset = TESSERA_RECONSTRUCT_PRESETS;
  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  p.preset = TESSERA_RECONSTRUCT_OPENING;
  p.radius = -1;
  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  p.radius = 1;
  p.has_alpha = true;
  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  p.has_alpha = false;
  p.colour = 2;
  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  /* Two colour channels have no luminance. */
  a = tessera_image_view (pixels, 3, 1, 2, TESSERA_U8);
  p.colour = TESSERA_RECONSTRUCT_LUMINANCE;
  g_assert_cmpint (tessera_reconstruct_preset (&a, &a, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
}

/* Pixel (X, Y) of the u8 RGB IMAGE. */
static const guint8 *
rgb_at (const TesseraImage *image, int x, int y)
{
  return (const guint8 *) tessera_image_row (image, y) + 3 * x;
}

static void
paint (TesseraImage *image, int x, int y, guint8 r, guint8 g, guint8 b)
{
  guint8 *pixel = (guint8 *) tessera_image_row (image, y) + 3 * x;

  pixel[0] = r;
  pixel[1] = g;
  pixel[2] = b;
}

static void
assert_rgb (const TesseraImage *image, int x, int y, guint8 r, guint8 g,
            guint8 b)
{
  const guint8 *pixel = rgb_at (image, x, y);

  g_assert_cmpuint (pixel[0], ==, r);
  g_assert_cmpuint (pixel[1], ==, g);
  g_assert_cmpuint (pixel[2], ==, b);
}

/* What the luminance option is for, on a 5 x 5 u8 RGB image: a brown hole
 * in a grey rim is filled to the rim's luminance, still brownish, the rim
 * untouched; a red spot away from the border of a black image stays red
 * when the border is cleared, one on the border goes black. */
static void
test_luminance_examples (void)
{
  TesseraReconstructPresetParams p = { TESSERA_RECONSTRUCT_FILL_HOLES, 0, 0,
                                       8, false,
                                       TESSERA_RECONSTRUCT_LUMINANCE };
  TesseraImage image, result;

  g_assert_cmpint (tessera_image_alloc (&image, 5, 5, 3, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&result, 5, 5, 3, TESSERA_U8), ==,
                   TESSERA_OK);
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 5; x++)
      if (x % 4 == 0 || y % 4 == 0)
        paint (&image, x, y, 200, 200, 200);
      else
        paint (&image, x, y, 60, 40, 30);
  g_assert_cmpint (tessera_reconstruct_preset (&image, &result, &p, NULL), ==,
                   TESSERA_OK);
  /* The hole's luminance, 43.53 rounded to 44, rises to 200: + 156. */
  assert_rgb (&result, 2, 2, 216, 196, 186);
  assert_rgb (&result, 1, 3, 216, 196, 186);
  assert_rgb (&result, 0, 2, 200, 200, 200);
  assert_rgb (&result, 4, 4, 200, 200, 200);

  p.preset = TESSERA_RECONSTRUCT_CLEAR_BORDER;
  memset (image.data, 0, image.stride * 5);
  paint (&image, 2, 2, 255, 0, 0);
  paint (&image, 4, 1, 255, 0, 0);
  g_assert_cmpint (tessera_reconstruct_preset (&image, &result, &p, NULL), ==,
                   TESSERA_OK);
  assert_rgb (&result, 2, 2, 255, 0, 0);
  assert_rgb (&result, 4, 1, 0, 0, 0);
  assert_rgb (&result, 1, 1, 0, 0, 0);
  tessera_image_free (&image);
  tessera_image_free (&result);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reconstruct-preset/definitions", test_presets);
  g_test_add_func ("/reconstruct-preset/bad-arguments", test_bad_arguments);
  g_test_add_func ("/reconstruct-preset/luminance-examples",
                   test_luminance_examples);
  return g_test_run ();
}
