/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): one class's swatch, for either GIMP's
 * dialog (GTK 2 and libgimpui 2.10, or GTK 3 and libgimpui 3). */
#ifndef TESSERA_SEGMENT_SWATCH_H
#define TESSERA_SEGMENT_SWATCH_H

#include <libgimp/gimpui.h>
#include "segment-classes.h"

/* The height of a row of swatches (a colour area, a small label under
 * it), kept for them before the first result so that nothing moves when
 * they come. */
#define SEGMENT_SWATCH_ROW_HEIGHT 38

/* SWATCH's colour, with its share of the pixels below it and its tooltip;
 * shown. */
GtkWidget *segment_swatch_new (const SegmentSwatch *swatch);

#endif
