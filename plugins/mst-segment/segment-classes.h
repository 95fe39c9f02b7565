/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): the classes as both GIMPs' dialogs show
 * them.  The selection's colours and their tree are made once (the tree
 * again only when the colour space changes); each change of the settings
 * only cuts the tree again.  What the dialogs show of the classes (the
 * summary, a swatch per class with its share of the pixels) is formatted
 * here, so that each dialog only lays it out in its own toolkit. */
#ifndef TESSERA_SEGMENT_CLASSES_H
#define TESSERA_SEGMENT_CLASSES_H

#include <glib.h>
#include "colour-histogram.h"
#include "mst-segment-args.h"

/* Swatches shown at most (the largest classes), and per row. */
#define SEGMENT_MAX_SWATCHES     32
#define SEGMENT_SWATCHES_PER_ROW 16

typedef struct
{
  TesseraColourHistogram histogram;
  TesseraEmstEdge       *edges;
  gint                   edges_space;   /* -1: no tree yet */
  TesseraMstClasses      classes;       /* the last cut's */
  gboolean               cut;           /* CLASSES holds one */
} SegmentClasses;

/* One class as shown: its colour (0..255), the text below it (its share of
 * the pixels) and its tooltip. */
typedef struct
{
  guchar  rgb[3];
  gchar  *label;
  gchar  *tip;
} SegmentSwatch;

typedef struct
{
  gchar         *summary;      /* "8 classes from 51234 colours" */
  gint           n_swatches;   /* the largest classes, at most MAX */
  SegmentSwatch  swatches[SEGMENT_MAX_SWATCHES];
  gchar         *more;         /* "and 3 more classes", or NULL */
} SegmentSwatches;

/* The colours of IMAGE into CLASSES (zeroed by the caller); FALSE if that
 * failed. */
gboolean segment_classes_init  (SegmentClasses      *classes,
                                const TesseraImage  *image,
                                TesseraExec         *exec);

/* CLASSES->classes cut on VALUES (the tree made first if VALUES' colour
 * space has none yet); FALSE if that failed.  With no visible pixel (no
 * colours), no classes. */
gboolean segment_classes_cut   (SegmentClasses      *classes,
                                const SegmentValues *values,
                                TesseraExec         *exec);

void     segment_classes_clear (SegmentClasses      *classes);

/* What a dialog shows of CLASSES' last cut, into SWATCHES; free it with
 * segment_swatches_clear. */
void     segment_swatches_of   (const SegmentClasses *classes,
                                SegmentSwatches      *swatches);

void     segment_swatches_clear (SegmentSwatches     *swatches);

#endif
