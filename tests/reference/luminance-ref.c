/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include "luminance-ref.h"

static double
top (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 255.0 : 65535.0;
}

static double
clamp_to_type (TesseraSampleType type, double value)
{
  return value < 0.0 ? 0.0 : value > top (type) ? top (type) : value;
}

void
test_luminance_ref (const TesseraImage *src, TesseraImage *luminance)
{
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      {
        double r = tessera_image_sample (src, x, y, 0);
        double g = tessera_image_sample (src, x, y, 1);
        double b = tessera_image_sample (src, x, y, 2);

        if (src->type == TESSERA_F32)
          tessera_image_set_sample (luminance, x, y, 0,
                                    (float) (0.2126 * r + 0.7152 * g
                                             + 0.0722 * b));
        else
          {
            /* In ten-thousandths, exactly: a half is a half. */
            long sum = 2126L * (long) r + 7152L * (long) g + 722L * (long) b;
            tessera_image_set_sample (luminance, x, y, 0,
                                      (double) ((sum + 5000) / 10000));
          }
      }
}

static int
same_float (double a, double b)
{
  float fa = (float) a, fb = (float) b;
  return memcmp (&fa, &fb, sizeof fa) == 0;
}

void
test_luminance_shift_ref (const TesseraImage *src, const TesseraImage *from,
                          const TesseraImage *to, TesseraImage *dst)
{
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      {
        double f = tessera_image_sample (from, x, y, 0);
        double t = tessera_image_sample (to, x, y, 0);

        for (int c = 0; c < src->channels; c++)
          {
            double v = tessera_image_sample (src, x, y, c);

            if (c < 3 && src->type != TESSERA_F32)
              v = clamp_to_type (src->type, v + t - f);
            else if (c < 3 && !same_float (t, f))
              v = (float) v + ((float) t - (float) f);
            tessera_image_set_sample (dst, x, y, c, v);
          }
      }
}

void
test_luminance_scale_ref (const TesseraImage *src, const TesseraImage *whole,
                          const TesseraImage *part, TesseraImage *dst)
{
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      {
        double w = tessera_image_sample (whole, x, y, 0);
        double p = tessera_image_sample (part, x, y, 0);

        for (int c = 0; c < src->channels; c++)
          {
            double v = tessera_image_sample (src, x, y, c);

            if (c < 3 && !(w > 0.0))
              v = p;
            else if (c < 3 && src->type == TESSERA_F32)
              v = (float) v * ((float) p / (float) w);
            else if (c < 3)
              v = clamp_to_type (src->type, floor (v * p / w + 0.5));
            tessera_image_set_sample (dst, x, y, c, v);
          }
      }
}
