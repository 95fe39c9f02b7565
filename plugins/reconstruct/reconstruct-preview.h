/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction: the dialogs' preview, for the
 * GIMP 2.10 dialogs (reconstruct-dialog.c) and the GIMP 3 ones
 * (reconstruct3.c) alike: the whole mask read once (a reconstruction
 * reaches across the whole drawable), the marker or the result's memory
 * prepared on the main thread, the reconstruction solved on the preview's
 * worker (tessera-live.h), the result shown. */
#ifndef TESSERA_RECONSTRUCT_PREVIEW_H
#define TESSERA_RECONSTRUCT_PREVIEW_H

#include "reconstruct-work.h"
#include "tessera-live.h"

typedef struct
{
  /* Set by the dialog: the mask, the procedure's computation, and a copy
   * of the settings now with their backend (NULL: not valid). */
  gint32                    drawable;
  const ReconstructCompute *compute;
  gpointer                (*values_of) (gpointer        dialog,
                                        TesseraBackend *backend);
  gpointer                  dialog;

  gboolean            read;       /* MASK was read: TRUE */
  TesseraRegion       mask;       /* empty if that failed */
  gpointer            values;     /* from the start, for the worker */
  TesseraBackend      backend;
  TesseraImage        result;
} ReconstructPreview;

/* SHOWN's whole mask, read on the first call; NULL if it cannot be read. */
const TesseraRegion *reconstruct_preview_mask (ReconstructPreview *shown);

/* The preview's steps, on a ReconstructPreview. */
gboolean reconstruct_preview_start   (TesseraLive        *live,
                                      gpointer            shown);
gboolean reconstruct_preview_compute (TesseraLive        *live,
                                      gpointer            shown);
gboolean reconstruct_preview_finish  (TesseraLive        *live,
                                      gpointer            shown);

void     reconstruct_preview_clear   (ReconstructPreview *shown);

#endif
