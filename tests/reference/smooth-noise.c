/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include "smooth-noise.h"

#define OCTAVES 4

/* A lattice value in [0, 1) for node (X, Y) of OCTAVE (splitmix64). */
static double
lattice (uint64_t seed, int64_t x, int64_t y, int octave)
{
  uint64_t z = seed ^ ((uint64_t) x * 0x9e3779b97f4a7c15ull)
               ^ ((uint64_t) y * 0xc2b2ae3d27d4eb4full)
               ^ ((uint64_t) octave << 56);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return (z >> 11) * (1.0 / 9007199254740992.0);
}

static double
smoothstep (double t)
{
  return t * t * (3.0 - 2.0 * t);
}

/* Octave o has nodes every SCALE >> o pixels and weight 2^-o. */
static double
noise_at (uint64_t seed, int x, int y, int scale)
{
  double value = 0.0, weight = 1.0;

  for (int o = 0; o < OCTAVES; o++, weight *= 0.5)
    {
      int    step = scale >> o > 1 ? scale >> o : 1;
      int64_t cx = x / step, cy = y / step;
      double tx = smoothstep ((double) (x % step) / step);
      double ty = smoothstep ((double) (y % step) / step);
      double top = lattice (seed, cx, cy, o) * (1 - tx)
                   + lattice (seed, cx + 1, cy, o) * tx;
      double bottom = lattice (seed, cx, cy + 1, o) * (1 - tx)
                      + lattice (seed, cx + 1, cy + 1, o) * tx;
      value += weight * (top * (1 - ty) + bottom * ty);
    }
  return value;
}

static void
store (TesseraImage *image, int x, int y, int c, double level)
{
  void  *row = tessera_image_row (image, y);
  size_t i = (size_t) x * image->channels + c;

  switch (image->type)
    {
    case TESSERA_U8:
      ((uint8_t *) row)[i] = (uint8_t) lrint (level * 255.0);
      break;
    case TESSERA_U16:
      ((uint16_t *) row)[i] = (uint16_t) lrint (level * 65535.0);
      break;
    case TESSERA_F32:
      ((float *) row)[i] = (float) level;
      break;
    }
}

void
smooth_noise_fill (TesseraImage *image, uint64_t seed, int scale)
{
  /* The octaves' weights sum to below 2: stretch by the actual range. */
  for (int c = 0; c < image->channels; c++)
    {
      uint64_t channel_seed = seed + 0x632be59bd9b4e019ull * (uint64_t) c;
      double   lo = INFINITY, hi = -INFINITY;

      for (int y = 0; y < image->height; y++)
        for (int x = 0; x < image->width; x++)
          {
            double v = noise_at (channel_seed, x, y, scale);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
          }
      for (int y = 0; y < image->height; y++)
        for (int x = 0; x < image->width; x++)
          {
            double v = noise_at (channel_seed, x, y, scale);
            store (image, x, y, c, hi > lo ? (v - lo) / (hi - lo) : 0.5);
          }
    }
}
