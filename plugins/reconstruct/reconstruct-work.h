/* Tessera — Morphological Reconstruction: what both procedures do around
 * the core (core/reconstruct.h): the whole drawable in, the marker aligned
 * on it, the result out in place or as a new layer. */
#ifndef TESSERA_RECONSTRUCT_WORK_H
#define TESSERA_RECONSTRUCT_WORK_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "reconstruct.h"
#include "tessera-plugin.h"
#include "tessera-region.h"

/* Where the result goes: the PDB's "output" values. */
typedef enum
{
  RECONSTRUCT_OUTPUT_NEW_LAYER = 0,
  RECONSTRUCT_OUTPUT_IN_PLACE
} ReconstructOutput;

/* The last argument of both procedures: the TesseraReconstructColour
 * values. */
#define RECONSTRUCT_ARG_COLOUR_MODE                                           \
  { GIMP_PDB_INT32, "colour-mode",                                            \
    "{ PER-CHANNEL (0), LUMINANCE (1) }: each channel on its own, or an RGB " \
    "drawable on its luminance (Rec. 709 weights on the stored values) "      \
    "with the colours following it; a grey drawable is its own luminance, "   \
    "so both are the same there" }

/* Checks the arguments both procedures share. */
gboolean reconstruct_check_common (gint                 connectivity,
                                   gint                 output,
                                   TesseraBackend       backend,
                                   gint                 colour_mode,
                                   GError             **error);

/* Reads the whole of DRAWABLE: a reconstruction reaches across it all,
 * whatever the selection. */
gboolean reconstruct_read_whole  (gint32               drawable,
                                  TesseraRegion       *region,
                                  TesseraProgress     *progress,
                                  GError             **error);

/* A new image like MASK's, for markers and results. */
gboolean reconstruct_image_like  (const TesseraRegion *mask,
                                  TesseraImage        *image,
                                  GError             **error);

/* Fills MARKER (like MASK's image) from the drawable MARKER_ID in MASK's
 * format, placed by the two drawables' offsets; where MARKER_ID does not
 * cover the mask: 0 for a dilation, the top of the range for an erosion.
 * A missing, foreign or indexed marker is a clear error. */
gboolean reconstruct_read_marker (const TesseraRegion *mask,
                                  gint32               marker_id,
                                  TesseraReconstructOperation operation,
                                  TesseraImage        *marker,
                                  GError             **error);

/* Sets every sample of IMAGE to the top of its range (floats: 1). */
void     reconstruct_fill_top    (TesseraImage        *image);

/* The core's reconstruction of MARKER under MASK's pixels into MARKER
 * itself; alpha is MASK's.  *CLIPPED (may be NULL) counts the marker's
 * samples beyond the mask. */
gboolean reconstruct_run         (const TesseraRegion *mask,
                                  TesseraImage        *marker,
                                  const TesseraReconstruct *params,
                                  TesseraExec         *exec,
                                  gsize               *clipped,
                                  GError             **error);

/* Writes RESULT (like MASK's image) inside TARGET's selection: over the
 * mask, or into a new layer above it, as one undo step. */
void     reconstruct_write       (const TesseraRegion *mask,
                                  const TesseraImage  *result,
                                  const TesseraTarget *target,
                                  ReconstructOutput    output,
                                  TesseraProgress     *progress);

/* The controls both dialogs share, from row ROW of TABLE on: connectivity,
 * colour mode (only sensitive for the RGB DRAWABLE), output and backend,
 * each redrawing PREVIEW when changed.  Returns the next free row. */
gint     reconstruct_add_controls (GtkTable           *table,
                                   gint                row,
                                   gint32              drawable,
                                   gint               *connectivity,
                                   gint               *colour_mode,
                                   gint               *output,
                                   TesseraBackend     *backend,
                                   GtkWidget          *preview);

/* Shows RESULT (like MASK's image) in PREVIEW. */
void     reconstruct_preview     (GimpPreview         *preview,
                                  const TesseraRegion *mask,
                                  const TesseraImage  *result);

#endif
