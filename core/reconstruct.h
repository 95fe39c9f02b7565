/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale morphological reconstruction of a marker under a mask.
 *
 * By dilation: the marker is dilated by the unit square (8-connectivity) or
 * cross (4-connectivity) and clipped by the mask (pointwise minimum), again
 * and again until nothing changes.  By erosion: the dual (eroded, then the
 * pointwise maximum with the mask).  Where the marker lies beyond the mask
 * (above it for dilation, below it for erosion) it is first clipped to the
 * mask; the number of clipped samples is reported so callers can say so.
 *
 * Channels are processed independently; with an alpha channel, the
 * result's alpha is the mask's (and is not counted as clipped).  Samples
 * are compared by their value; floats by IEEE 754 totalOrder (-NaN < -inf
 * < ... < -0 < +0 < ... < +inf < +NaN), so every input, NaN included, has
 * one exact result.  The result only ever holds values found in the marker
 * or the mask.
 *
 * Or, for RGB images, on their luminance (core/luminance.h): the luminance
 * of the marker is reconstructed under the luminance of the mask as above,
 * exactly, on the backend asked for, and the mask's colours follow it:
 * each colour channel of the mask moves by the change of luminance
 * (tessera_luminance_shift, on the CPU), so a pixel whose luminance did not
 * change is the mask's, exactly, and the others keep the mask's hue with
 * the reconstructed light (a dark hole filled from a bright rim gets the
 * rim's luminance, tinted as the hole was).  A grey image is its own
 * luminance: there the two ways are one.  The clipped count is then of
 * pixels whose marker luminance lay beyond the mask's. */
#ifndef TESSERA_RECONSTRUCT_H
#define TESSERA_RECONSTRUCT_H

#include <stdbool.h>
#include <stddef.h>
#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
  TESSERA_RECONSTRUCT_DILATION = 0,
  TESSERA_RECONSTRUCT_EROSION
} TesseraReconstructOperation;

/* How the CPU reaches the result (all give the same, exact one).  HYBRID is
 * Vincent's fast hybrid algorithm (a raster and an anti-raster scan, then a
 * FIFO queue), run serially; PARALLEL runs it on horizontal strips, one per
 * thread, handing changes across strip borders until no border row moves;
 * AUTO picks PARALLEL when there is more than one thread. */
typedef enum
{
  TESSERA_RECONSTRUCT_METHOD_AUTO = 0,
  TESSERA_RECONSTRUCT_METHOD_HYBRID,
  TESSERA_RECONSTRUCT_METHOD_PARALLEL
} TesseraReconstructMethod;

/* How colour images are reconstructed. */
typedef enum
{
  TESSERA_RECONSTRUCT_PER_CHANNEL = 0,
  TESSERA_RECONSTRUCT_LUMINANCE
} TesseraReconstructColour;

typedef struct
{
  TesseraReconstructOperation operation;
  int                         connectivity;  /* 4 or 8; 0 means 8 */
  TesseraReconstructMethod    method;
  bool                        has_alpha;     /* the last channel is alpha:
                                                the mask's is kept */
  TesseraReconstructColour    colour;        /* LUMINANCE: host images with
                                                one or three colour
                                                channels */
} TesseraReconstruct;

/* Parameters with their defaults: dilation, 8-connectivity, auto method,
 * no alpha, per channel. */
TesseraReconstruct tessera_reconstruct_default (void);

/* Checks PARAMS against MASK, MARKER and DST (all the same shape, with at
 * least two channels when HAS_ALPHA). */
TesseraStatus tessera_reconstruct_check (const TesseraImage *mask,
                                         const TesseraImage *marker,
                                         const TesseraImage *dst,
                                         const TesseraReconstruct *params);

/* Reconstructs MARKER under MASK into DST, which may be MARKER or MASK
 * itself.  EXEC may be NULL (defaults).  When CLIPPED is not NULL it gets
 * the number of marker samples that lay beyond the mask. */
TesseraStatus tessera_reconstruct (const TesseraImage *mask,
                                   const TesseraImage *marker,
                                   TesseraImage *dst,
                                   const TesseraReconstruct *params,
                                   TesseraExec *exec, size_t *clipped);

#ifdef __cplusplus
}
#endif

#endif
