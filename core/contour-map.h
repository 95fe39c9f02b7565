/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — which pixels are contour: the contour map that Fill Closed
 * Contours (fill-contours.h, fill-regions.h) starts from, made from pixels
 * in perceptual RGBA floats (GIMP's "R'G'B'A float", in the image's own
 * colour space).
 *
 * Transparent pixels read as the paper they lie on: white under dark ink,
 * black under light lines.  With Y = 0.2126 R + 0.7152 G + 0.0722 B (luma,
 * on the stored values) a pixel is contour when
 *   ALPHA   alpha >= threshold                      line art on transparency
 *   DARK    alpha Y + (1 - alpha) <= threshold      ink on paper
 *   BRIGHT  alpha Y >= threshold                    light lines on black
 *   COLOUR  alpha >= 0.5 and the RMS distance of (R, G, B) to the colour,
 *           sqrt (((R-r)^2 + (G-g)^2 + (B-b)^2) / 3), <= threshold.
 * Each side is computed in float in the order written (Y left to right,
 * the distance with sqrtf) and compared with the threshold in double: the
 * plug-ins' contour maps have always been made so, and the same pixels
 * must keep giving the same map. */
#ifndef TESSERA_CONTOUR_MAP_H
#define TESSERA_CONTOUR_MAP_H

#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The value of a contour pixel in the map; the others are 0. */
#define TESSERA_CONTOUR 255

typedef enum
{
  TESSERA_CONTOUR_ALPHA = 0,
  TESSERA_CONTOUR_DARK,
  TESSERA_CONTOUR_BRIGHT,
  TESSERA_CONTOUR_COLOUR
} TesseraContourSource;

typedef struct
{
  TesseraContourSource source;
  double               threshold;   /* not NaN; 0 .. 1 for the usual map */
  float                colour[3];   /* COLOUR: R'G'B' of the colour */
} TesseraContourThreshold;

/* Y of the R'G'B'A float pixel RGBA, as the threshold computes it. */
static inline float
tessera_contour_luma (const float *rgba)
{
  return 0.2126f * rgba[0] + 0.7152f * rgba[1] + 0.0722f * rgba[2];
}

/* MAP (u8, one channel) = TESSERA_CONTOUR where the pixel of RGBA (f32,
 * four channels, R'G'B'A) is contour by PARAMS, else 0.  Host images of one
 * size; EXEC (may be NULL) gives the threads, rows shared among them.
 * TESSERA_ERROR_UNSUPPORTED_FORMAT for other formats,
 * TESSERA_ERROR_INVALID_ARGUMENT for a bad source or a NaN threshold, a
 * size that differs or device memory. */
TesseraStatus tessera_contour_map (const TesseraImage            *rgba,
                                   TesseraImage                  *map,
                                   const TesseraContourThreshold *params,
                                   const TesseraExec             *exec);

#ifdef __cplusplus
}
#endif

#endif
