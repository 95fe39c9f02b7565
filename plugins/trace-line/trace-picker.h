/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the part of Trace Line's dialog that GIMP 2.10's (trace-
 * dialog.c, GTK 2) and GIMP 3's (trace-line3.c, GTK 3) share, built for
 * both: points clicked on a view of the drawable (ui/tessera-view), the
 * line between them traced at once by the worker thread (trace-worker.c)
 * and drawn over the view, the status line under it, the Closed toggle,
 * Remove Last Point and Clear, Backspace.  Each dialog adds its settings
 * and calls trace_picker_retrace when they change. */
#ifndef TESSERA_TRACE_PICKER_H
#define TESSERA_TRACE_PICKER_H

#include <gtk/gtk.h>
#include "trace-chain.h"

typedef struct _TracePicker TracePicker;

/* A picker on DRAWABLE of IMAGE, tracing with VALUES (borrowed: the
 * settings the dialog changes), starting from the anchors of the active
 * path when FROM_PATH, else from CLICKS (image coordinates) and CLOSED;
 * NULL with *ERROR when the drawable cannot be read. */
TracePicker *trace_picker_new           (gint32          image,
                                         gint32          drawable,
                                         TraceValues    *values,
                                         gboolean        from_path,
                                         const GArray   *clicks,
                                         gboolean        closed,
                                         GError        **error);

/* The view to click on, and the status line under it. */
GtkWidget   *trace_picker_view          (TracePicker    *picker);

/* The Closed toggle. */
GtkWidget   *trace_picker_closed_toggle (TracePicker    *picker);

/* Remove Last Point and Clear, in a row. */
GtkWidget   *trace_picker_buttons       (TracePicker    *picker);

/* Advanced: an expander holding CONTENTS (the settings seldom changed),
 * closed; whether it is open is noted for the dialog tests. */
GtkWidget   *trace_picker_advanced      (GtkWidget      *contents);

/* How to move about the view, in small print. */
GtkWidget   *trace_picker_hint          (void);

/* Once DIALOG holds the picker's widgets: Backspace in it takes the last
 * point back, its OK is sensitive only while the line can be made, and
 * the first links are traced. */
void         trace_picker_start         (TracePicker    *picker,
                                         GtkWidget      *dialog);

/* Every link anew, after the settings changed. */
void         trace_picker_retrace       (TracePicker    *picker);

/* The clicks (image coordinates) into CLICKS, replacing what it held,
 * and whether they close. */
void         trace_picker_result        (TracePicker    *picker,
                                         GArray         *clicks,
                                         gboolean       *closed);

/* Stops the worker; after the dialog is gone. */
void         trace_picker_free          (TracePicker    *picker);

#endif
