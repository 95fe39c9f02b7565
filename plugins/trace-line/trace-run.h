/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a run of Trace Line, shared by the GIMP 2.10 plug-in
 * (trace-line.c) and the GIMP 3 one (trace-line3.c), built for both on item
 * IDs (tessera-gimp.h): the clicks of a call's coordinates, what the
 * arguments' ranges cannot check, and the trace into a new path. */
#ifndef TESSERA_TRACE_RUN_H
#define TESSERA_TRACE_RUN_H

#include "trace-line-args.h"

/* RUN with the default settings, no points, and FROM_PATH. */
void     trace_run_init        (TraceRun        *run,
                                gboolean         from_path);

void     trace_run_clear       (TraceRun        *run);

/* The clicks of RUN's coords (checked already): a chain whose last point
 * repeats the first is closed. */
void     trace_run_take_coords (TraceRun        *run);

/* RUN's coords made of its clicks, where they came from elsewhere (the
 * dialog, the last run): they borrow RUN's clicks. */
void     trace_run_give_coords (TraceRun        *run);

/* What the ranges cannot say: the settings together, and whether the
 * clicks can be traced. */
gboolean trace_run_check       (const TraceRun  *run,
                                GError         **error);

/* Traces RUN's clicks (or, from a path without clicks, the active path's
 * anchors) on DRAWABLE of IMAGE into a new path, *PATH; the image changes
 * only on success. */
gboolean trace_run_apply       (gint32           image,
                                gint32           drawable,
                                const TraceRun  *run,
                                gint32          *path,
                                GError         **error);

#endif
