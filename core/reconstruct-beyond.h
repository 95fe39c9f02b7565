/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — where a reconstruction's marker lies beyond its mask.
 *
 * A reconstruction by dilation needs a marker at or below the mask, one by
 * erosion a marker at or above it; tessera_reconstruct clips the marker to
 * the mask first and reports how many samples it clipped.  This counts the
 * same samples without reconstructing, so that a dialog can say so before
 * the run: the count is the one tessera_reconstruct reports for the same
 * images and parameters (alpha left out; on luminance, the pixels whose
 * marker luminance lies beyond the mask's).  Only OPERATION, HAS_ALPHA and
 * COLOUR of the parameters matter; the images are host images. */
#ifndef TESSERA_RECONSTRUCT_BEYOND_H
#define TESSERA_RECONSTRUCT_BEYOND_H

#include <stddef.h>
#include "exec.h"
#include "image.h"
#include "reconstruct.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *COUNT = the number of MARKER's samples beyond MASK (above it for a
 * dilation, below it for an erosion).  EXEC (may be NULL) gives the
 * threads. */
TesseraStatus tessera_reconstruct_count_beyond (
                const TesseraImage       *mask,
                const TesseraImage       *marker,
                const TesseraReconstruct *params,
                const TesseraExec        *exec,
                size_t                   *count);

#ifdef __cplusplus
}
#endif

#endif
