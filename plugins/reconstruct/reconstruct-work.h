/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction: what both procedures do around
 * the core (core/reconstruct.h), for GIMP 2.10 and GIMP 3 alike
 * (tessera-gimp.h): the whole drawable in, the marker aligned on it, the
 * result out in place or as a new layer. */
#ifndef TESSERA_RECONSTRUCT_WORK_H
#define TESSERA_RECONSTRUCT_WORK_H

#include <libgimp/gimp.h>
#include "reconstruct-args.h"
#include "reconstruct-names.h"
#include "tessera-region.h"

/* What a procedure computes from the whole MASK into RESULT (like MASK's
 * image), in two steps so that a preview may run the second on a worker
 * thread: PREPARE reads from GIMP what the computation needs into RESULT
 * (allocated there); SOLVE computes in RESULT from MASK and it without
 * calling GIMP, and frees RESULT on failure; *CLIPPED (may be NULL)
 * counts the marker's samples that lay beyond the mask. */
typedef struct
{
  gboolean (*prepare) (const TesseraRegion  *mask,
                       gconstpointer         values,
                       TesseraImage         *result,
                       GError              **error);
  gboolean (*solve)   (const TesseraRegion  *mask,
                       gconstpointer         values,
                       TesseraExec          *exec,
                       TesseraImage         *result,
                       gdouble              *clipped,
                       GError              **error);
} ReconstructCompute;

/* The two procedures' computations: VALUES are ReconstructValues (the
 * marker under the mask) or PresetValues. */
extern const ReconstructCompute reconstruct_marker;
extern const ReconstructCompute reconstruct_preset;

/* Fills MARKER (like MASK's image, allocated here) from the drawable
 * MARKER_ID in MASK's format, placed by the two drawables' offsets; where
 * MARKER_ID does not cover the mask: 0 for a dilation, the top of the range
 * for an erosion.  A missing, foreign or indexed marker is a clear
 * error. */
gboolean reconstruct_read_marker    (const TesseraRegion  *mask,
                                     gint32               marker_id,
                                     TesseraReconstructOperation operation,
                                     TesseraImage        *marker,
                                     GError             **error);

/* Reads the whole of DRAWABLE: a reconstruction reaches across it all,
 * whatever the selection. */
gboolean reconstruct_read_whole     (gint32               drawable,
                                     TesseraRegion       *region,
                                     TesseraProgress     *progress,
                                     GError             **error);

/* The whole run on DRAWABLE, with progress: COMPUTE on VALUES on BACKEND,
 * the result written inside BOUNDS (the selection's) over the drawable or
 * into a new layer above it named NAME (VALUES), as one undo step; the
 * image changes only on success.  Then says how much of the marker was clipped, if any, as
 * GIMP's message (OPERATION tells which way). */
gboolean reconstruct_apply          (gint32               drawable,
                                     const GeglRectangle *bounds,
                                     ReconstructOutput    output,
                                     TesseraBackend       backend,
                                     const ReconstructCompute *compute,
                                     ReconstructName      name,
                                     gconstpointer        values,
                                     TesseraReconstructOperation operation,
                                     GError             **error);

/* The preset's parameter of a call into the dialogs' h or radius; the
 * presets that ignore it get 0, which no range check refuses. */
void     reconstruct_preset_take_parameter (PresetValues  *values);

/* The dialogs' h or radius back into "parameter", after a dialog. */
void     reconstruct_preset_give_parameter (PresetValues  *values);

/* What the arguments' ranges cannot say: a radius is a whole number, h
 * lies in 0..100. */
gboolean reconstruct_preset_check   (gconstpointer        values,
                                     GError             **error);

#endif
