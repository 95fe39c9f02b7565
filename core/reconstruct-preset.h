/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the usual uses of morphological reconstruction
 * (core/reconstruct.h), each with a marker made from the image itself:
 *
 *   FILL_HOLES    erosion of the top of the range, the border as it is:
 *                 the basins that do not reach the border are filled
 *   CLEAR_BORDER  the image minus the dilation of its own border: what is
 *                 connected to the border goes
 *   H_DOME        the image minus the dilation of the image lowered by h:
 *                 the domes, each at most h high (with a tiny h, the
 *                 regional maxima)
 *   OPENING       dilation of the image eroded by a square of RADIUS:
 *                 opening by reconstruction, shapes kept whole
 *   CLOSING       erosion of the image dilated by the square: closing by
 *                 reconstruction
 *
 * Each colour channel on its own, or an RGB image on its luminance Y
 * (core/luminance.h): the preset runs on the grey image Y, giving Y', and
 * the colours follow.  FILL_HOLES, OPENING and CLOSING give a
 * reconstruction, a level of light: each colour channel moves by Y' - Y
 * (tessera_luminance_shift), so the pixels the preset leaves alone stay
 * exactly and a filled hole takes its rim's luminance, tinted as it was.
 * CLEAR_BORDER and H_DOME give a part of each pixel's light (what does not
 * touch the border, what rises above its surroundings): the colours are
 * scaled by Y' / Y (tessera_luminance_scale), so what is kept keeps its
 * colour and what goes turns black. */
#ifndef TESSERA_RECONSTRUCT_PRESET_H
#define TESSERA_RECONSTRUCT_PRESET_H

#include <stdbool.h>
#include "exec.h"
#include "image.h"
#include "reconstruct.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
  TESSERA_RECONSTRUCT_FILL_HOLES = 0,
  TESSERA_RECONSTRUCT_CLEAR_BORDER,
  TESSERA_RECONSTRUCT_H_DOME,
  TESSERA_RECONSTRUCT_OPENING,
  TESSERA_RECONSTRUCT_CLOSING,
  TESSERA_RECONSTRUCT_PRESETS
} TesseraReconstructPreset;

/* The largest radius of OPENING and CLOSING. */
#define TESSERA_RECONSTRUCT_MAX_RADIUS 10000

typedef struct
{
  TesseraReconstructPreset preset;
  double                   h;             /* H_DOME: 0..1 of the sample
                                             range (floats: as it is) */
  int                      radius;        /* OPENING, CLOSING */
  int                      connectivity;  /* 4 or 8 */
  bool                     has_alpha;     /* the last channel is alpha:
                                             kept as it is */
  TesseraReconstructColour colour;        /* LUMINANCE: one or three
                                             colour channels */
} TesseraReconstructPresetParams;

/* Applies PARAMS->preset to SRC into DST (host images of one shape; DST
 * may be SRC).  EXEC may be NULL. */
TesseraStatus tessera_reconstruct_preset (
  const TesseraImage *src, TesseraImage *dst,
  const TesseraReconstructPresetParams *params, TesseraExec *exec);

#ifdef __cplusplus
}
#endif

#endif
