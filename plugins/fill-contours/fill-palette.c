/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the flat colours, one per region
 * (fill-palette.h). */
#include "config.h"

#include <string.h>

#include "fill-palette.h"

/* The flat colours: each region an entry of a palette whose entries all
 * differ, no two regions the same one while the palette lasts.  An entry
 * is a number below LEVELS^CHANNELS read as one digit per channel, each
 * digit a level STEP u8 steps above FLAT_DARKEST: far enough apart to stay
 * apart in every precision (a linear u8 layer maps 2 steps of these to
 * more than one).  A region's entry comes from the seed and its first
 * pixel; a taken entry sends it on by STRIDE, prime to the size and about
 * 0.618 of it.  Regions beyond the size (32768 colours; 78 greys, on grey
 * images) repeat the palette. */
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

/* Where a region's colour is looked for first: mixed from the seed and
 * the region's first pixel (raster order), so that a region keeps its
 * colour whatever changes elsewhere or in settings that leave the regions
 * as they are (the line coloured, the output); a new seed, new colours. */
static guint
first_entry (const Palette *palette,
             guint          seed,
             gint           x,
             gint           y)
{
  guint32 mixed = seed * 0x9e3779b1u ^ (guint32) x * 0x85ebca77u
                  ^ (guint32) y * 0xc2b2ae3du;

  /* MurmurHash3's finaliser: every input bit reaches every output bit. */
  mixed ^= mixed >> 16;
  mixed *= 0x85ebca6bu;
  mixed ^= mixed >> 13;
  mixed *= 0xc2b2ae35u;
  mixed ^= mixed >> 16;
  return mixed % palette_size (palette);
}

static void
entry_colour (const Palette *palette,
              guint          entry,
              guint8        *rgba)
{
  for (guint c = 0; c < palette->channels; c++, entry /= palette->levels)
    rgba[c] = FLAT_DARKEST + palette->step * (entry % palette->levels);
  for (guint c = palette->channels; c < 3; c++)
    rgba[c] = rgba[0];
  rgba[3] = 255;
}

struct _FillFlat
{
  const Palette *palette;
  guint          seed;
  const guint32 *guide;      /* by region, 0: none; may be NULL */
  guint          count;
  guint8        *rgba;       /* by region */
  guint8        *met;        /* by region: its colour is set */
  guint8        *used;       /* by palette entry */
  guint          n_used;
};

FillFlat *
fill_flat_new (gboolean       grey,
               guint          seed,
               const guint32 *guide,
               guint          count)
{
  FillFlat *flat = g_new0 (FillFlat, 1);

  /* A grey image's new layer is grey: its colours must differ as greys. */
  flat->palette = grey ? &grey_palette : &colour_palette;
  flat->seed    = seed;
  flat->guide   = guide;
  flat->count   = count;
  flat->rgba    = g_new0 (guint8, 4 * ((gsize) count + 1));
  flat->met     = g_new0 (guint8, (gsize) count + 1);
  flat->used    = g_new0 (guint8, palette_size (flat->palette));
  return flat;
}

/* Whether ENTRY is free and, with SPACED, its neighbours in value too: a
 * grey's neighbour lies 2 u8 steps away, which a linear u8 layer may bring
 * within one step of it. */
static gboolean
entry_free (const FillFlat *flat,
            guint           entry,
            gboolean        spaced)
{
  const guint size = palette_size (flat->palette);

  if (flat->used[entry])
    return FALSE;
  return ! spaced || flat->palette->channels != 1
         || (! flat->used[(entry + 1) % size]
             && ! flat->used[(entry + size - 1) % size]);
}

/* The first entry from START, stepping by the stride, that entry_free
 * finds; SIZE (none) if there is none. */
static guint
find_entry (const FillFlat *flat,
            guint           start,
            gboolean        spaced)
{
  const guint size = palette_size (flat->palette);

  for (guint i = 0, entry = start; i < size;
       i++, entry = (entry + flat->palette->stride) % size)
    if (entry_free (flat, entry, spaced))
      return entry;
  return size;
}

/* REGION's colour, met first at (X, Y): the guide's, or the palette's
 * first free entry (with free neighbours, while there are such) from where
 * the seed and (X, Y) point, stepping by the stride; once every entry is
 * taken, the palette again. */
static void
meet (FillFlat *flat,
      guint32   region,
      gint      x,
      gint      y)
{
  const Palette *palette = flat->palette;
  const guint    size    = palette_size (palette);
  guint8        *out     = flat->rgba + 4 * (gsize) region;
  guint          entry;

  flat->met[region] = 1;
  if (flat->guide != NULL && flat->guide[region] != 0)
    {
      out[0] = flat->guide[region] >> 16 & 255;
      out[1] = flat->guide[region] >> 8 & 255;
      out[2] = flat->guide[region] & 255;
      out[3] = 255;
      return;
    }
  if (flat->n_used == size)
    {
      memset (flat->used, 0, size);
      flat->n_used = 0;
    }
  entry = find_entry (flat, first_entry (palette, flat->seed, x, y), TRUE);
  if (entry == size)
    entry = find_entry (flat, first_entry (palette, flat->seed, x, y),
                        FALSE);
  flat->used[entry] = 1;
  flat->n_used++;
  entry_colour (palette, entry, out);
}

void
fill_flat_meet_row (FillFlat      *flat,
                    const guint32 *labels,
                    gint           width,
                    gint           y)
{
  for (gint x = 0; x < width; x++)
    if (labels[x] != 0 && labels[x] <= flat->count && ! flat->met[labels[x]])
      meet (flat, labels[x], x, y);
}

guint8 *
fill_flat_rgba (FillFlat *flat)
{
  return flat->rgba;
}

guint8 *
fill_flat_finish (FillFlat *flat)
{
  guint8 *rgba = flat->rgba;

  g_free (flat->met);
  g_free (flat->used);
  g_free (flat);
  return rgba;
}

guint8 *
fill_flat_colours (gboolean       grey,
                   guint          seed,
                   const guint32 *guide,
                   const guint32 *labels,
                   gint           width,
                   gint           height,
                   guint          count)
{
  FillFlat *flat = fill_flat_new (grey, seed, guide, count);

  for (gint y = 0; y < height; y++)
    fill_flat_meet_row (flat, labels + (gsize) y * width, width, y);
  return fill_flat_finish (flat);
}
