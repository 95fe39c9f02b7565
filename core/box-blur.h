/* Tessera — box blur through a summed-area table: constant cost per pixel
 * for any radius.
 *
 * out(x,y) = mean of in over [x-rx, x+rx] x [y-ry, y+ry], coordinates clamped
 * to the image (edge replicate).  With ITERATIONS > 1 the blur is applied that
 * many times, each pass rounded to the sample type (3 passes approximate a
 * Gaussian).  With HAS_ALPHA the last channel is alpha and colour is averaged
 * premultiplied:  colour = sum(c*a) / sum(a), so transparent pixels leave no
 * fringe; a window with no alpha at all gives colour 0.  Integer samples are
 * rounded to nearest (halves up). */
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

/* Checks PARAMS against SRC and DST (same shape; DST may be SRC). */
TesseraStatus tessera_box_blur_check (const TesseraImage *src,
                                      const TesseraImage *dst,
                                      const TesseraBoxBlur *params);

/* Blurs SRC into DST.  EXEC may be NULL (defaults). */
TesseraStatus tessera_box_blur (const TesseraImage *src, TesseraImage *dst,
                                const TesseraBoxBlur *params,
                                TesseraExec *exec);

#endif
