/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the flat colours, one per region
 * (fill-palette.h). */
#include "config.h"

#include <string.h>

#include "fill-palette.h"

/* The flat colours: region N gets entry N of a palette whose entries all
 * differ.  An entry is a number below LEVELS^CHANNELS read as one digit
 * per channel, each digit a level STEP u8 steps above FLAT_DARKEST: far
 * enough apart to stay apart in every precision (a linear u8 layer maps
 * 2 steps of these to more than one).  Region N takes number N * STRIDE
 * modulo the size, STRIDE prime to it and about 0.618 of it, so that
 * neighbours in the numbering differ in every channel.  Regions beyond the
 * size (32768 colours; 78 greys, on grey images) repeat the palette. */
typedef struct
{
  guint channels, levels, step, stride;
} Palette;

#define FLAT_DARKEST 90   /* light enough for the lines to show on top */

static const Palette colour_palette = { 3, 32, 5, 20251 };
static const Palette grey_palette   = { 1, 78, 2, 49 };

static guint
palette_size (const Palette *palette)
{
  return palette->channels == 3
         ? palette->levels * palette->levels * palette->levels
         : palette->levels;
}

/* Where the numbering starts in the palette: at 0 for seed 0, the colours
 * of every run before the seed; for another seed at an entry mixed from it,
 * never 0, so that every region's colour changes and all stay apart. */
static guint
palette_start (const Palette *palette,
               guint          seed)
{
  guint32 mixed = seed * 2654435761u;   /* Knuth's multiplicative hash */

  if (seed == 0)
    return 0;
  mixed ^= mixed >> 15;
  return 1 + mixed % (palette_size (palette) - 1);
}

static void
region_colour (const Palette *palette,
               guint          number,
               guint8        *rgba)
{
  guint size  = palette_size (palette);
  guint entry = (number % size) * palette->stride % size;

  for (guint c = 0; c < palette->channels; c++, entry /= palette->levels)
    rgba[c] = FLAT_DARKEST + palette->step * (entry % palette->levels);
  for (guint c = palette->channels; c < 3; c++)
    rgba[c] = rgba[0];
  rgba[3] = 255;
}

guint8 *
fill_flat_colours (gboolean       grey,
                   guint          seed,
                   const guint32 *guide,
                   guint          count)
{
  /* A grey image's new layer is grey: its colours must differ as greys. */
  const Palette *palette = grey ? &grey_palette : &colour_palette;
  guint          start = palette_start (palette, seed);
  guint8        *rgba = g_new (guint8, 4 * ((gsize) count + 1));

  memset (rgba, 0, 4);
  for (guint region = 1; region <= count; region++)
    {
      guint8 *out = rgba + 4 * (gsize) region;

      if (guide != NULL && guide[region] != 0)
        {
          out[0] = guide[region] >> 16 & 255;
          out[1] = guide[region] >> 8 & 255;
          out[2] = guide[region] & 255;
          out[3] = 255;
        }
      else
        region_colour (palette, region - 1 + start, out);
    }
  return rgba;
}
