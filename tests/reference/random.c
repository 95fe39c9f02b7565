/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include "random.h"

TestRandom
test_random_new (uint64_t seed)
{
  TestRandom r = { seed ^ 0x9e3779b97f4a7c15ull };
  return r;
}

/* splitmix64: tiny, and good enough for test data. */
uint64_t
test_random_next (TestRandom *r)
{
  uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int
test_random_int (TestRandom *r, int lo, int hi)
{
  uint64_t span = (uint64_t) ((int64_t) hi - lo) + 1;
  return lo + (int) (test_random_next (r) % span);
}

double
test_random_double (TestRandom *r)
{
  return (test_random_next (r) >> 11) * (1.0 / 9007199254740992.0);
}

static float
random_float_sample (TestRandom *r, int extremes)
{
  static const float special[] = { 0.0f, 1.0f, 1e-30f, 1e30f, -1e30f, 0.5f };
  if (extremes && test_random_int (r, 0, 15) == 0)
    return special[test_random_int (r, 0, 5)];
  return (float) test_random_double (r);
}

void
test_random_fill (TestRandom *r, TesseraImage *image, int extremes)
{
  int samples = image->width * image->channels;
  for (int y = 0; y < image->height; y++)
    {
      void *row = tessera_image_row (image, y);
      for (int i = 0; i < samples; i++)
        switch (image->type)
          {
          case TESSERA_U8:
            ((uint8_t *) row)[i] = (uint8_t) test_random_next (r);
            break;
          case TESSERA_U16:
            ((uint16_t *) row)[i] = (uint16_t) test_random_next (r);
            break;
          case TESSERA_F32:
            ((float *) row)[i] = random_float_sample (r, extremes);
            break;
          }
    }
}

int
test_random_side (TestRandom *r, int max)
{
  switch (test_random_int (r, 0, 7))
    {
    case 0:  return 1;
    case 1:  return 2;
    case 2:  return 2 * test_random_int (r, 0, (max - 1) / 2) + 1;
    case 3:  return test_random_int (r, max / 2 > 0 ? max / 2 : 1, max);
    default: return test_random_int (r, 1, max);
    }
}

static double
test_scale (void)
{
  static double scale = 0;      /* 0: not read yet */
  if (scale == 0)
    {
      const char *text = getenv ("TESSERA_TEST_SCALE");
      char *end;
      double value = text != NULL ? strtod (text, &end) : 0;
      scale = text != NULL && end != text && *end == '\0' && value > 0
              && value <= 1e6 ? value : 1;
    }
  return scale;
}

int
test_cases (int n)
{
  double cases = floor (n * test_scale () + 0.5);
  return cases < 1 ? 1 : cases > 1e9 ? 1000000000 : (int) cases;
}

int
test_scaled_size (int n, int least)
{
  int size = test_cases (n);
  return size < least ? least : size;
}
