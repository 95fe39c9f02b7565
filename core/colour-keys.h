/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the 24-bit colour of each pixel (R<<16 | G<<8 | B, 8 bits per
 * channel; grey as r = g = b), and the table of a counter per colour: the
 * pieces that the whole-image histogram (colour-histogram.h) and the one
 * made band by band (colour-tally.h) share. */
#ifndef TESSERA_COLOUR_KEYS_H
#define TESSERA_COLOUR_KEYS_H

#include <stdint.h>
#include "colour-histogram.h"

/* Distinct 24-bit colours: the size of a counter table. */
#define TESSERA_COLOUR_KEYS (1u << 24)

/* The colour of every pixel of row Y of IMAGE into KEYS (IMAGE's width);
 * samples deeper than 8 bits rounded as tessera_quantise_* do; a pixel
 * whose alpha rounds to 0 gets TESSERA_COLOUR_TRANSPARENT. */
void          tessera_colour_row_keys     (const TesseraImage *image, int y,
                                           uint32_t *keys);

/* Adds N KEYS to TABLE's counters (TESSERA_COLOUR_KEYS of them), safe from
 * several threads at once; transparent keys are not counted. */
void          tessera_colour_count_keys   (const uint32_t *keys, int n,
                                           uint32_t *table);

/* HISTOGRAM's colours and counts from TABLE's counters, in increasing
 * order of their keys; leaves in each used counter the index of its
 * colour.  On failure HISTOGRAM's lists may be half made: the caller frees
 * them. */
TesseraStatus tessera_colour_table_collect (uint32_t *table,
                                            TesseraColourHistogram *histogram,
                                            int threads);

#endif
