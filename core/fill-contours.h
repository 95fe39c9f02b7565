/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — fill the inside of every closed contour, with no seed from the
 * user (reverse fill: whatever the image border cannot reach is inside).
 *
 * Input: a contour map, u8 with one channel, where a non-zero sample is a
 * contour pixel.  A free pixel is one that is not contour.  The interior is
 * every free pixel that is not connected to the image border through free
 * pixels; nested contours are filled too (like imfill (…, 'holes') and
 * scipy.ndimage.binary_fill_holes).
 *
 * CONNECTIVITY is the adjacency of the free pixels, that is of the flood
 * that walks from the border through the background:
 *   4  (default)  free pixels touch through edges only.  A contour closes a
 *                 region even when drawn with diagonal steps (an 8-connected
 *                 line), as a pen or a pencil draws it.
 *   8             free pixels also touch through corners, so the flood slips
 *                 through a diagonal step; only 4-connected contour lines
 *                 close a region.
 * (scipy's binary_fill_holes and OpenCV's floodFill default to 4.)
 *
 * Output: a u8 one-channel mask, 255 for interior pixels and 0 for
 * everything else (contour pixels and the outside).  Callers that want the
 * contour kept map it themselves (see tessera_fill_contours_overlay).  The
 * mask may be the contour image itself (in place). */
#ifndef TESSERA_FILL_CONTOURS_H
#define TESSERA_FILL_CONTOURS_H

#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TESSERA_FILL_CONTOURS_INTERIOR 255

/* How the outside is found.  All give the same mask.
 *   SERIAL      the paper's baseline: one scanline flood from the border
 *               on one thread, the rest is inside.
 *   PAPER       the paper's parallel reverse fill: the border and random
 *               interior seeds on evenly spaced rows, one scanline fill per
 *               seed with its own label, neighbour lists, union-find of the
 *               labels, parallel inversion.  On the GPU backend: CPU fill +
 *               GPU merge (the paper's best combination).
 *   PAPER_GPU   the same, but the fill too runs on the GPU (GPU fill + GPU
 *               merge).  On the CPU backend, the same as PAPER.
 *   FAST        parallel union-find over runs of free pixels, then "does
 *               the run's set touch the border?" (on the GPU: tile-local
 *               union-find, global merge of tile edges).
 *   AUTO        FAST. */
typedef enum
{
  TESSERA_FILL_CONTOURS_METHOD_AUTO = 0,
  TESSERA_FILL_CONTOURS_METHOD_SERIAL,
  TESSERA_FILL_CONTOURS_METHOD_PAPER,
  TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU,
  TESSERA_FILL_CONTOURS_METHOD_FAST
} TesseraFillContoursMethod;

/* The paper's best CPU seed count. */
#define TESSERA_FILL_CONTOURS_DEFAULT_SEEDS 110

typedef struct
{
  int                        connectivity;  /* 4 or 8 */
  TesseraFillContoursMethod  method;
  int                        seeds;         /* PAPER: interior seeds, 0: default */
} TesseraFillContours;

/* Defaults: 4-connected, AUTO. */
TesseraFillContours tessera_fill_contours_defaults (void);

const char *tessera_fill_contours_method_name  (TesseraFillContoursMethod method);
/* Parses "auto", "serial", "paper", "paper-gpu" or "fast". */
bool        tessera_fill_contours_method_parse (const char *text,
                                                TesseraFillContoursMethod *method);

/* Checks PARAMS, and that CONTOURS and INTERIOR are u8, one channel, of the
 * same size. */
TesseraStatus tessera_fill_contours_check (const TesseraImage *contours,
                                           const TesseraImage *interior,
                                           const TesseraFillContours *params);

/* Writes the interior mask of CONTOURS into INTERIOR.  EXEC may be NULL. */
TesseraStatus tessera_fill_contours (const TesseraImage *contours,
                                     TesseraImage *interior,
                                     const TesseraFillContours *params,
                                     TesseraExec *exec);

/* COUNT images in one call (all layers of an image, a stream of frames).
 * On the GPU, the stages of consecutive images overlap: for PAPER the CPU
 * fills image i+1 while the GPU merges image i; for FAST the transfers of
 * one image overlap the kernels of the next. */
TesseraStatus tessera_fill_contours_batch (const TesseraImage *contours,
                                           TesseraImage *interior, int count,
                                           const TesseraFillContours *params,
                                           TesseraExec *exec);

#ifdef __cplusplus
}
#endif

#endif
