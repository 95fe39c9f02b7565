/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a filter's preview (tessera-live.h), for both GIMPs: the
 * selection's bounds with the filter's reach around them, read on the main
 * thread and kept while a larger reach needs no more pixels, the filter's
 * result over them made on the worker thread from a copy of the settings,
 * and shown.  The dialog gives only its settings (VALUES_OF). */
#ifndef TESSERA_LIVE_REGION_H
#define TESSERA_LIVE_REGION_H

#include "tessera-live.h"
#include "tessera-region.h"

/* A filter of SRC into DST (SRC's shape) by VALUES. */
typedef TesseraStatus (*TesseraLiveFilter) (const TesseraImage *src,
                                            TesseraImage       *dst,
                                            gboolean            has_alpha,
                                            gconstpointer       values,
                                            TesseraExec        *exec);

typedef struct
{
  /* Set by the dialog: the filter, and a copy of the settings now (NULL:
   * not valid) with their reach and backend. */
  TesseraLiveFilter  filter;
  gpointer         (*values_of) (gpointer        dialog,
                                 gint           *reach_x,
                                 gint           *reach_y,
                                 TesseraBackend *backend);
  gpointer           dialog;

  gint32             drawable;
  GeglRectangle      bounds;   /* the selection's, shown */
  GeglRectangle      around;   /* BOUNDS and the reach: the filter's input */
  gpointer           values;   /* from the start, for the worker */
  TesseraBackend     backend;
  TesseraRegion      source;   /* covers AROUND */
  TesseraRegion      result;   /* at AROUND once computed */
} TesseraLiveRegion;

/* Sets REGION up for DRAWABLE, FILTER and the dialog's VALUES_OF (nothing
 * read yet); FALSE when the selection misses DRAWABLE. */
gboolean tessera_live_region_init    (TesseraLiveRegion *region,
                                      gint32             drawable,
                                      TesseraLiveFilter  filter,
                                      gpointer         (*values_of)
                                        (gpointer        dialog,
                                         gint           *reach_x,
                                         gint           *reach_y,
                                         TesseraBackend *backend),
                                      gpointer           dialog);

/* The preview's steps, on a TesseraLiveRegion. */
gboolean tessera_live_region_start   (TesseraLive       *live,
                                      gpointer           region);
gboolean tessera_live_region_compute (TesseraLive       *live,
                                      gpointer           region);
gboolean tessera_live_region_finish  (TesseraLive       *live,
                                      gpointer           region);

void     tessera_live_region_clear   (TesseraLiveRegion *region);

#endif
