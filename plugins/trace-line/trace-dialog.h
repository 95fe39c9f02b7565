/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line's dialog in GIMP 2.10: click points on a zoomable
 * view of the drawable and see the traced line between them at once
 * (trace-picker.c, shared with GIMP 3's), the settings beside it. */
#ifndef TESSERA_TRACE_DIALOG_H
#define TESSERA_TRACE_DIALOG_H

#include <libgimp/gimp.h>
#include "trace-chain.h"

/* Shows the dialog for DRAWABLE of IMAGE.  It starts with the anchors of
 * the active path when FROM_PATH, else with CLICKS (image coordinates).
 * On OK, VALUES, CLICKS, *CLOSED and *KEEP_PATH (the Output: FALSE, the
 * stroke alone) hold the user's choice; FALSE when the user cancelled. */
gboolean trace_dialog_run (gint32       image,
                           gint32       drawable,
                           TraceValues *values,
                           gboolean     from_path,
                           GArray      *clicks,
                           gboolean    *closed,
                           gboolean    *keep_path);

#endif
