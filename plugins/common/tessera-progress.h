/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — GIMP's progress bar and messages for a run of the core.
 *
 * A run has stages (reading the drawable, computing, writing it back); each
 * takes a share of the bar.  Cancelling: GIMP 2.10 gives a plug-in no way to
 * learn that the user pressed Cancel on its progress; it sends GP_QUIT, waits
 * 10 ms and kills the plug-in (SIGKILL), then frees the shadow buffer and
 * closes undo groups the plug-in left open.  So a plug-in must be safe to kill
 * at any moment: compute everything first, write the shadow buffer, and only
 * then open the undo group around the merge (tessera_region_apply does). */
#ifndef TESSERA_PROGRESS_H
#define TESSERA_PROGRESS_H

#include <libgimp/gimp.h>
#include "exec.h"

typedef struct
{
  gdouble stage_start;   /* where the current stage begins on the bar */
  gdouble stage_share;   /* how much of the bar it takes */
  gdouble shown;         /* the value GIMP shows */
} TesseraProgress;

/* Starts GIMP's progress bar with TEXT. */
void        tessera_progress_start  (TesseraProgress *progress,
                                     const gchar     *text);

/* The next stage takes SHARE of the bar (the shares of a run add up to 1). */
void        tessera_progress_stage  (TesseraProgress *progress,
                                     gdouble          share);

/* FRACTION (0..1) of the current stage is done; PROGRESS may be NULL.
 * Returns FALSE when GIMP no longer takes updates. */
gboolean    tessera_progress_update (TesseraProgress *progress,
                                     gdouble          fraction);

/* How the core runs for a plug-in: on BACKEND, its progress shown in
 * PROGRESS, a fallback from the GPU to the CPU told to the user. */
TesseraExec tessera_progress_exec   (TesseraProgress *progress,
                                     TesseraBackend   backend);

#endif
