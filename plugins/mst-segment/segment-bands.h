/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours' two passes over the selection's bounds in
 * bands of rows, so that the plug-in holds a band of the drawable, not the
 * whole of it (core/colour-tally.h): the first counts the distinct colours
 * of every band; once the classes are known from them, the second reads
 * each band again, with its pixels' colour indices, for an output to
 * write.  The pixels are the same as from the whole drawable at once. */
#ifndef SEGMENT_BANDS_H
#define SEGMENT_BANDS_H

#include <libgimp/gimp.h>
#include "colour-tally.h"
#include "tessera-progress.h"
#include "tessera-region.h"

typedef struct
{
  GeglRectangle           bounds;     /* the selection's, on the drawable */
  gint                    rows;       /* a band's, at most */
  TesseraRegion           band;       /* the band in hand: where it lies on
                                         the drawable, and its pixels */
  TesseraColourTally      tally;
  TesseraColourHistogram  histogram;  /* the bounds' colours (after
                                         segment_bands_count), without
                                         pixel_colour */
  TesseraColourHistogram  colours;    /* the band in hand: the histogram
                                         with its pixels' colour indices
                                         as pixel_colour, its size */
} SegmentBands;

/* Prepares BANDS for BOUNDS (in DRAWABLE's coordinates) of DRAWABLE. */
gboolean segment_bands_start (SegmentBands        *bands,
                              gint32               drawable,
                              const GeglRectangle *bounds,
                              GError             **error);

/* The first pass: BANDS->histogram, the progress shown band by band. */
gboolean segment_bands_count (SegmentBands        *bands,
                              TesseraProgress     *progress,
                              GError             **error);

typedef void (*SegmentBandFunc) (const SegmentBands *bands,
                                 gpointer            data);

/* The second pass: calls WRITE with each band read again and its colour
 * indices (BANDS->band, BANDS->colours), top to bottom. */
gboolean segment_bands_each  (SegmentBands        *bands,
                              SegmentBandFunc      write,
                              gpointer             data,
                              TesseraProgress     *progress,
                              GError             **error);

void     segment_bands_clear (SegmentBands        *bands);

#endif
