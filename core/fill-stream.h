/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of a contour map too large to hold whole, from
 * bands of its rows.
 *
 * The result is that of tessera_fill_regions (fill-regions.h) with gap
 * closing, the minimum region and colouring under the line off: a number
 * per free pixel that the lines enclose, 1..count in the raster order of
 * each region's first pixel, 0 on the lines and outside; with EDGE_REGIONS
 * off, the numbered pixels are the interior of tessera_fill_contours.
 *
 * Two passes.  Pass 1 (tessera_fill_stream_add) takes the map's bands top
 * to bottom, of any heights: each band's free pixels are labelled on their
 * own (union-find over runs, in strips on the threads), its sets are
 * united with those of the band above across the seam in one union-find
 * of every band's sets, and the map is kept at one bit a pixel.  Then
 * tessera_fill_stream_finish knows which sets reach which sides of the map
 * and numbers the regions.  Pass 2 (tessera_fill_stream_labels) gives any
 * band of pass 1, in any order, its numbers: the band is labelled again
 * from the kept bits, which gives its sets the same numbers as in pass 1.
 *
 * Memory: the kept map (an eighth of a byte a pixel), 5 bytes for each set
 * of each band (few for line art; noise has many) and one band's
 * labelling, never a whole map of labels. */
#ifndef TESSERA_FILL_STREAM_H
#define TESSERA_FILL_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TesseraFillStream TesseraFillStream;

/* A stream for a WIDTH x HEIGHT map whose free pixels touch as
 * CONNECTIVITY (4 or 8) says; with EDGE_REGIONS, only a region touching
 * all four sides is outside (fill-regions.h). */
TesseraStatus tessera_fill_stream_new    (int width, int height,
                                          int connectivity,
                                          bool edge_regions,
                                          TesseraFillStream **stream);
void          tessera_fill_stream_free   (TesseraFillStream *stream);

/* Pass 1: BAND (host u8, one channel, the stream's width; non-zero: line)
 * is the map's next rows.  EXEC (may be NULL) gives the threads. */
TesseraStatus tessera_fill_stream_add    (TesseraFillStream *stream,
                                          const TesseraImage *band,
                                          TesseraExec *exec);

/* After the last row: decides the outside and numbers the regions. */
TesseraStatus tessera_fill_stream_finish (TesseraFillStream *stream);

/* After finish: how many regions; whether the map has line pixels and
 * free pixels at all. */
uint32_t      tessera_fill_stream_count    (const TesseraFillStream *stream);
bool          tessera_fill_stream_has_line (const TesseraFillStream *stream);
bool          tessera_fill_stream_has_free (const TesseraFillStream *stream);

/* The bands of pass 1: how many, and where band I lies. */
int           tessera_fill_stream_bands (const TesseraFillStream *stream);
void          tessera_fill_stream_band  (const TesseraFillStream *stream,
                                         int i, int *y0, int *rows);

/* Pass 2, after finish: LABELS (the stream's width x band I's rows,
 * packed) gets band I's region numbers. */
TesseraStatus tessera_fill_stream_labels (const TesseraFillStream *stream,
                                          int i, uint32_t *labels,
                                          TesseraExec *exec);

#ifdef __cplusplus
}
#endif

#endif
