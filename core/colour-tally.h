/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the histogram of an image's distinct colours made band by band,
 * so that no more than a band of the image need be in memory: the same
 * colours and counts as tessera_colour_histogram on the whole image, and
 * then, band by band again, each pixel's index in it (what that call keeps
 * for the whole image in pixel_colour, 4 bytes a pixel).
 *
 *   tessera_colour_tally_start (&tally, width, height);
 *   for each band of rows, top to bottom:  tessera_colour_tally_add
 *   tessera_colour_tally_finish (&tally, &histogram, ...);
 *   for each band, in any order:           tessera_colour_tally_index
 *   tessera_colour_tally_free (&tally);
 *
 * A large image (TESSERA_COLOUR_TALLY_TABLE_PIXELS or more) is counted in a
 * table of a counter per 24-bit colour, which then holds each colour's
 * index: 64 MiB, but one increment and one look-up per pixel.  A smaller
 * one keeps its pixels' colours (4 bytes a pixel, less than the table) and
 * sorts them; a pixel's index is then found by binary search among the
 * distinct colours: clearing and scanning 2^24 counters would cost more than
 * the whole image. */
#ifndef TESSERA_COLOUR_TALLY_H
#define TESSERA_COLOUR_TALLY_H

#include <stdbool.h>
#include <stdint.h>
#include "colour-histogram.h"

#define TESSERA_COLOUR_TALLY_TABLE_PIXELS (1u << 20)

typedef struct
{
  uint32_t *table;      /* large images: a counter, then an index, per
                           colour; else NULL */
  uint32_t *keys;       /* small images: the pixels' colours so far, then
                           the distinct colours in increasing order */
  uint32_t *labels;     /* small images, once relabelled: per distinct
                           colour, its label; else NULL */
  size_t    n_keys;
  size_t    pixels;     /* the whole image's */
  size_t    seen;       /* the pixels added so far */
  int       width;
  int       height;
  bool      quantised;  /* a band had more than 8 bits per channel */
  bool      finished;
  bool      relabelled; /* tessera_colour_tally_relabel was called */
} TesseraColourTally;

/* Starts TALLY for an image of WIDTH x HEIGHT pixels (fewer than 2^32).
 * On failure TALLY holds nothing to free. */
TesseraStatus tessera_colour_tally_start  (TesseraColourTally *tally,
                                           int width, int height);

/* Counts BAND's pixels: the image's next rows (host memory, 1 to 4
 * channels, any sample type, the image's width).  EXEC may be NULL. */
TesseraStatus tessera_colour_tally_add    (TesseraColourTally *tally,
                                           const TesseraImage *band,
                                           TesseraExec *exec);

/* Once every row is added: HISTOGRAM's colours and counts, as
 * tessera_colour_histogram gives them, with no pixel_colour (NULL).  On
 * failure HISTOGRAM holds nothing to free. */
TesseraStatus tessera_colour_tally_finish (TesseraColourTally *tally,
                                           TesseraColourHistogram *histogram,
                                           TesseraExec *exec);

/* After finishing: the index in the histogram of the colour of every pixel
 * of BAND (rows of the same image, or any image of its colours), into
 * INDICES (BAND's width x height, rows packed; an invisible pixel gets
 * TESSERA_COLOUR_TRANSPARENT, as in pixel_colour).  A colour the image does
 * not have gives TESSERA_ERROR_INVALID_ARGUMENT for a small image, and an
 * index of no meaning for a large one. */
TesseraStatus tessera_colour_tally_index  (const TesseraColourTally *tally,
                                           const TesseraImage *band,
                                           uint32_t *indices,
                                           TesseraExec *exec);

/* After finishing, once: from now on tessera_colour_tally_index gives for
 * each visible pixel LABEL[i] (e.g. its colour's class), where i is the
 * index of its colour in HISTOGRAM (the one finish made), instead of i:
 * one look-up a pixel where index, then label, would take two.  LABEL has
 * HISTOGRAM->n_colours entries, none TESSERA_COLOUR_TRANSPARENT. */
TesseraStatus tessera_colour_tally_relabel (TesseraColourTally *tally,
                                            const TesseraColourHistogram *histogram,
                                            const uint32_t *label);

void          tessera_colour_tally_free   (TesseraColourTally *tally);

#endif
