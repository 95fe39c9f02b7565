/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours' two passes over the selection's bounds in
 * bands of rows, so that the plug-in holds two bands of the drawable, not
 * the whole of it (core/colour-tally.h): the first counts the distinct
 * colours of every band; once the classes are known from them, the second
 * reads each band again, with its pixels' classes, for an output to
 * write.  The pixels are the same as from the whole drawable at once.
 * In each pass a band's counting, or its classes, run in a thread of
 * their own while the main thread reads the band after it and writes the
 * band before (tessera_bands_overlap). */
#ifndef SEGMENT_BANDS_H
#define SEGMENT_BANDS_H

#include <libgimp/gimp.h>
#include "colour-tally.h"
#include "mst-segment.h"
#include "tessera-progress.h"
#include "tessera-region.h"

typedef struct SegmentBands SegmentBands;

/* The second pass's work on a band, in the worker thread (no GIMP calls):
 * BAND's pixels and their classes (TESSERA_COLOUR_TRANSPARENT: none). */
typedef TesseraStatus (*SegmentBandWork) (TesseraRegion *band,
                                          const guint32 *pixel_class,
                                          gpointer       data);

/* The second pass's output of a band, in the main thread: BANDS->band and
 * BANDS->pixel_class. */
typedef void (*SegmentBandFunc) (const SegmentBands *bands,
                                 gpointer            data);

struct SegmentBands
{
  GeglRectangle           bounds;     /* the selection's, on the drawable */
  gint                    rows;       /* a band's, at most */
  TesseraColourTally      tally;
  TesseraColourHistogram  histogram;  /* the bounds' colours (after
                                         segment_bands_count), without
                                         pixel_colour */
  /* The band being written (segment_bands_each's WRITE): where it lies on
   * the drawable and its pixels, and its pixels' classes. */
  const TesseraRegion    *band;
  const guint32          *pixel_class;

  /* Within a pass. */
  TesseraRegion           slot[2];        /* the bands in hand */
  guint32                *slot_class[2];  /* their classes, second pass */
  gint                    next_y;         /* the next band's first row */
  TesseraExec             exec;           /* the worker's */
  TesseraProgress        *progress;
  SegmentBandWork         work;
  SegmentBandFunc         write;
  gpointer                data;
};

/* Prepares BANDS for BOUNDS (in DRAWABLE's coordinates) of DRAWABLE. */
gboolean segment_bands_start (SegmentBands        *bands,
                              gint32               drawable,
                              const GeglRectangle *bounds,
                              GError             **error);

/* The first pass: BANDS->histogram, the progress shown band by band. */
gboolean segment_bands_count (SegmentBands        *bands,
                              TesseraProgress     *progress,
                              GError             **error);

/* The second pass, once: with each colour's class in CLASSES, calls WORK
 * (if not NULL) in the worker thread, then WRITE, with each band read
 * again and its pixels' classes, top to bottom. */
gboolean segment_bands_each  (SegmentBands             *bands,
                              const TesseraMstClasses  *classes,
                              SegmentBandWork           work,
                              SegmentBandFunc           write,
                              gpointer                  data,
                              TesseraProgress          *progress,
                              GError                  **error);

void     segment_bands_clear (SegmentBands        *bands);

#endif
