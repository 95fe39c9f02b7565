/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): the GIMP 2.10 dialog, with a preview of
 * the classes and their swatches. */
#ifndef TESSERA_SEGMENT_DIALOG_H
#define TESSERA_SEGMENT_DIALOG_H

#include <libgimp/gimp.h>
#include "mst-segment-args.h"
#include "tessera-plugin.h"

/* Asks the user for VALUES (a SegmentValues), showing TARGET's classes as
 * they would come out; FALSE when cancelled. */
gboolean segment_dialog (const TesseraTarget *target,
                         gpointer             data);

#endif
