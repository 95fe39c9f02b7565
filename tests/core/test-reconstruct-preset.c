/* Tessera tests — the reconstruction presets against their definitions:
 * markers made the obvious way, the naive reconstruction, the subtraction. */
#include <glib.h>
#include <math.h>
#include <string.h>
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

static void
test_presets (void)
{
  TestRandom r = test_random_new (12);

  for (int i = 0; i < 250; i++)
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
                                       false };

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
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reconstruct-preset/definitions", test_presets);
  g_test_add_func ("/reconstruct-preset/bad-arguments", test_bad_arguments);
  return g_test_run ();
}
