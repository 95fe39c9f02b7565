/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the distinct colours of an image, with how many pixels have
 * each, and for every pixel the index of its colour.
 *
 * Colours are 8 bits per channel.  Deeper images (u16, f32) are first
 * rounded to 8 bits per channel, and QUANTISED says so, so that the caller
 * can tell the user.  Grey images give grey colours (r = g = b).  A pixel
 * whose alpha rounds to 0 in 8 bits is invisible: it has no colour, shapes
 * no class and counts in no share; any other alpha counts as a whole
 * pixel. */
#ifndef TESSERA_COLOUR_HISTOGRAM_H
#define TESSERA_COLOUR_HISTOGRAM_H

#include <stdbool.h>
#include <stdint.h>
#include "exec.h"
#include "image.h"

/* The colour index of an invisible pixel (alpha 0), in pixel_colour; also
 * its key in core/colour-keys.h. */
#define TESSERA_COLOUR_TRANSPARENT UINT32_MAX

typedef struct
{
  size_t    n_colours;    /* 0 if no pixel is visible */
  uint8_t  *colours;      /* n_colours x (R, G, B), in increasing order of
                             the 24-bit number R<<16 | G<<8 | B */
  uint32_t *counts;       /* pixels of each colour */
  uint32_t *pixel_colour; /* width x height colour indices, rows packed;
                             TESSERA_COLOUR_TRANSPARENT for alpha 0 */
  int       width;
  int       height;
  bool      quantised;    /* the image had more than 8 bits per channel */
} TesseraColourHistogram;

/* Fills HISTOGRAM from IMAGE (host memory, 1 to 4 channels, any sample
 * type; fewer than 2^32 pixels).  EXEC may be NULL.  On failure HISTOGRAM
 * holds nothing to free. */
TesseraStatus tessera_colour_histogram      (const TesseraImage *image,
                                             TesseraColourHistogram *histogram,
                                             TesseraExec *exec);

void          tessera_colour_histogram_free (TesseraColourHistogram *histogram);

/* The 8-bit value nearest to a u16 or float sample (floats clamped to
 * [0, 1], NaN as 0). */
uint8_t       tessera_quantise_u16          (uint16_t value);
uint8_t       tessera_quantise_f32          (float value);

#endif
