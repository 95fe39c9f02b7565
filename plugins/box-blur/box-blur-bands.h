/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur on a drawable in bands of rows, for bounded memory.
 *
 * Each band is read from GIMP's tiles with a halo of the blur's reach
 * (radius x iterations) above, below and beside it, blurred, and its own
 * rows written to the shadow buffer: the result is the same as from the
 * whole drawable at once, and the plug-in holds two bands, not two layers.
 * GIMP 2.10's plug-in (box-blur.c) and GIMP 3's (box-blur3.c) both blur
 * this way. */
#ifndef BOX_BLUR_BANDS_H
#define BOX_BLUR_BANDS_H

#include <libgimp/gimp.h>
#include "box-blur-args.h"

/* Blurs BOUNDS (the selection's bounds on DRAWABLE, an ID) with VALUES band
 * by band into DRAWABLE's shadow buffer, then merges it as one undo step;
 * on failure the drawable is as it was.  TESSERA_BAND_BYTES in the
 * environment sets the bands' size (for the tests). */
gboolean box_blur_bands (gint32               drawable,
                         const GeglRectangle *bounds,
                         const BoxBlurValues *values,
                         GError             **error);

#endif
