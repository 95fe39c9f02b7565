/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur on a drawable in bands of rows, for bounded memory.
 *
 * Each band is read from GIMP's tiles with a halo of the blur's reach
 * (radius x iterations) above, below and beside it, blurred, and its own
 * rows written to the shadow buffer: the result is the same as from the
 * whole drawable at once, and the plug-in holds two bands, not two layers. */
#ifndef BOX_BLUR_BANDS_H
#define BOX_BLUR_BANDS_H

#include "box-blur.h"
#include "tessera-plugin.h"

/* Blurs TARGET's selection bounds with PARAMS on BACKEND band by band into
 * its drawable's shadow buffer, then merges it as one undo step; on failure
 * the drawable is as it was.  TESSERA_BAND_BYTES in the environment sets
 * the bands' size (for the tests). */
gboolean box_blur_bands (const TesseraTarget  *target,
                         const TesseraBoxBlur *params,
                         TesseraBackend        backend,
                         GError              **error);

#endif
