/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — box blur through a summed-area table: constant cost per pixel
 * for any radius.
 *
 * out(x,y) = mean of in over [x-rx, x+rx] x [y-ry, y+ry], coordinates clamped
 * to the image (edge replicate).  With ITERATIONS > 1 the blur is applied that
 * many times, each pass rounded to the sample type (3 passes approximate a
 * Gaussian).  With HAS_ALPHA the last channel is alpha and colour is averaged
 * premultiplied:  colour = sum(c*a) / sum(a), so transparent pixels leave no
 * fringe; a window with no alpha at all gives colour 0; alpha itself is
 * sum(a) / N, N = (2rx+1)(2ry+1).  (With one channel, HAS_ALPHA changes
 * nothing: that alpha is averaged like any sample.)
 *
 * Integer samples (u8, u16) are exact: round(sum / divisor), halves up, of
 * the exact integer sums.  Float samples are summed in doubles within about
 * 2 (2rx + 2ry + 6) 2^-53 of the largest |summand| near the window, which
 * does not grow with the image (box-blur.c states the bound), then divided
 * and rounded to float; where the rows are cut into bands depends on the
 * thread count, so float results may differ in the last bit with it. */
#ifndef TESSERA_BOX_BLUR_H
#define TESSERA_BOX_BLUR_H

#include <stdbool.h>
#include "exec.h"
#include "image.h"

/* Radii up to 2^20 (twice GIMP's largest side) are accepted. */
#define TESSERA_BOX_BLUR_MAX_RADIUS (1 << 20)
#define TESSERA_BOX_BLUR_MAX_ITERATIONS 16

/* How the sums are formed.  The CPU has one way (streaming row/column
 * sums, i.e. the SAT differenced as it is built); on the GPU, SAT_TILES is
 * the paper's tiled SAT generation followed by a lookup pass, FUSED never
 * stores the whole table. */
typedef enum
{
  TESSERA_BOX_BLUR_METHOD_AUTO = 0,
  TESSERA_BOX_BLUR_METHOD_SAT_TILES,
  TESSERA_BOX_BLUR_METHOD_FUSED
} TesseraBoxBlurMethod;

typedef struct
{
  int  radius_x;     /* 0 .. TESSERA_BOX_BLUR_MAX_RADIUS */
  int  radius_y;
  int  iterations;   /* 1 .. TESSERA_BOX_BLUR_MAX_ITERATIONS */
  bool has_alpha;    /* last channel is alpha: average premultiplied */
  TesseraBoxBlurMethod method;
} TesseraBoxBlur;

/* Checks PARAMS against SRC and DST (same shape and memory; DST may be
 * SRC): TESSERA_ERROR_EMPTY_IMAGE for an empty image, TESSERA_ERROR_TOO_LARGE
 * for one past TESSERA_MAX_SIDE (or, on compilers without 128-bit integers,
 * for windows whose integer sums may pass 2^52), else
 * TESSERA_ERROR_INVALID_ARGUMENT for anything out of range or missing. */
TesseraStatus tessera_box_blur_check (const TesseraImage *src,
                                      const TesseraImage *dst,
                                      const TesseraBoxBlur *params);

/* Blurs SRC into DST; DST may be SRC, or overlap it.  EXEC may be NULL
 * (defaults).  Host images run on the GPU where EXEC asks for it (or auto
 * finds it pays), falling back to the CPU on any GPU failure; device images
 * (TESSERA_MEMORY_CUDA) stay on the GPU.  On the CPU: EXEC's threads, one
 * band of rows each; progress reported from the calling thread; a cancel
 * ends with TESSERA_ERROR_CANCELLED.  Bad arguments (see
 * tessera_box_blur_check) leave DST untouched.  METHOD only matters on the
 * GPU. */
TesseraStatus tessera_box_blur (const TesseraImage *src, TesseraImage *dst,
                                const TesseraBoxBlur *params,
                                TesseraExec *exec);

#endif
