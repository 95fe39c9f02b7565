/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — core/image.h's one sample accessor on every type: raw
 * samples, the nominal 0..1 scale with its rounding and clamping, and
 * whether two images' bytes overlap. */
#include <glib.h>
#include "image.h"

static void
test_unit_samples (void)
{
  static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                             TESSERA_F32 };

  for (gsize t = 0; t < G_N_ELEMENTS (types); t++)
    {
      TesseraImage image;
      double       top = tessera_sample_max (types[t]);

      g_assert_cmpint (tessera_image_alloc (&image, 3, 2, 2, types[t]), ==,
                       TESSERA_OK);
      /* Multiples of 1/255 are steps of every type (257 of u16's): each
       * survives a round trip. */
      for (int v = 0; v <= 255; v++)
        {
          double unit = v / 255.0;
          tessera_image_set_unit_sample_at (&image, 1, 3, unit);
          g_assert_cmpfloat_with_epsilon (
            tessera_image_unit_sample_at (&image, 1, 3), unit, 1e-7);
        }
      /* Rounding to the nearest step, and clamping. */
      tessera_image_set_unit_sample_at (&image, 0, 0, 0.5);
      g_assert_cmpfloat (tessera_image_sample_at (&image, 0, 0), ==,
                         types[t] == TESSERA_F32 ? 0.5
                                                 : (double) (long) (top / 2 + 0.5));
      tessera_image_set_unit_sample_at (&image, 0, 1, 1.5);
      g_assert_cmpfloat (tessera_image_unit_sample_at (&image, 0, 1), ==, 1.0);
      tessera_image_set_unit_sample_at (&image, 0, 2, -0.25);
      g_assert_cmpfloat (tessera_image_unit_sample_at (&image, 0, 2), ==, 0.0);
      tessera_image_free (&image);
    }
}

static void
test_overlap (void)
{
  TesseraImage image, left, right, other;

  g_assert_cmpint (tessera_image_alloc (&image, 8, 4, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_image_alloc (&other, 8, 4, 1, TESSERA_U8), ==,
                   TESSERA_OK);
  left = image;
  left.width = 4;
  right = image;
  right.data = (guint8 *) image.data + 4;
  right.width = 4;
  g_assert_true (tessera_images_overlap (&image, &image));
  g_assert_true (tessera_images_overlap (&image, &right));
  g_assert_false (tessera_images_overlap (&image, &other));
  /* Side by side in the same rows: the bytes interleave row by row, which
   * counts as overlapping (the operation must not run in place). */
  g_assert_true (tessera_images_overlap (&left, &right));
  tessera_image_free (&image);
  tessera_image_free (&other);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/image/unit-samples", test_unit_samples);
  g_test_add_func ("/image/overlap", test_overlap);
  return g_test_run ();
}
