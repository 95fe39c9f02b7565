/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line: tracing the dialog's links in a thread of their own,
 * so that the dialog answers while a link is searched.
 *
 * The worker traces the links it is given one after the other on a whole
 * drawable held in memory, whose gradient it computes once (again when
 * sigma changes): a link needs the contrast at every click of its chain.
 * Each result comes back in the main loop through DONE.  Restarting drops what was asked before: the link being traced stops
 * at its next guide, and no result of it comes back. */
#ifndef TESSERA_TRACE_WORKER_H
#define TESSERA_TRACE_WORKER_H

#include <glib.h>
#include "trace-line.h"

typedef struct _TraceWorker TraceWorker;

/* Link LINK is traced: on TESSERA_OK, PATH holds its N_POINTS points. */
typedef void (*TraceWorkerDone) (gint                link,
                                 TesseraStatus       status,
                                 const TesseraPoint *path,
                                 gint                n_points,
                                 gpointer            user_data);

/* A worker on IMAGE (drawable coordinates; borrowed: it must outlive the
 * worker). */
TraceWorker *trace_worker_new     (const TesseraImage  *image,
                                   TraceWorkerDone      done,
                                   gpointer             user_data);

/* Forgets the links asked for so far. */
void         trace_worker_restart (TraceWorker         *worker);

/* Asks for link LINK of the chain of N_CLICKS CLICKS (copied), traced as
 * tessera_trace_chain_link does. */
void         trace_worker_trace   (TraceWorker         *worker,
                                   gint                 link,
                                   const TesseraPoint  *clicks,
                                   gint                 n_clicks,
                                   gboolean             closed,
                                   const TesseraTrace  *params,
                                   TesseraBackend       backend);

/* Stops the thread; no result comes back after this. */
void         trace_worker_free    (TraceWorker         *worker);

#endif
