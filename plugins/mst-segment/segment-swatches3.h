/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST) for GIMP 3: the classes in the dialog,
 * as the GIMP 2.10 dialog shows them (segment-classes.h formats them): a
 * summary ("8 classes from 51234 colours") over a swatch per class with
 * its share of the pixels, in GTK 3. */
#ifndef TESSERA_SEGMENT_SWATCHES3_H
#define TESSERA_SEGMENT_SWATCHES3_H

#include <libgimp/gimpui.h>
#include "segment-classes.h"

/* The classes' box in DIALOG, its row ID for gimp_procedure_dialog_fill
 * and the like, empty until segment_swatches3_show. */
GtkWidget *segment_swatches3_new  (GimpProcedureDialog   *dialog,
                                   const gchar           *id);

/* Shows SWATCHES in BOX (segment_swatches3_new's), instead of what it
 * showed. */
void       segment_swatches3_show (GtkWidget             *box,
                                   const SegmentSwatches *swatches);

#endif
