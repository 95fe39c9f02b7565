/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the image gradient used by line tracing: Sobel on luminance
 * after a Gaussian blur, over a window of the image.  core/trace-sample.h
 * samples it bilinearly between pixel centres. */
#ifndef TESSERA_GRADIENT_H
#define TESSERA_GRADIENT_H

#include "exec.h"
#include "image.h"

#define TESSERA_GRADIENT_MAX_SIGMA 64.0

/* gx, gy of the window [x0, x0+width) x [y0, y0+height) of an image, row
 * after row.  Luminance is Rec. 709 on the stored values scaled to [0, 1]
 * (alpha ignored); the Sobel sums are divided by 8, so a unit step over one
 * pixel gives |g| = 0.5. */
typedef struct
{
  int    x0, y0;
  int    width, height;
  float *gx;
  float *gy;
} TesseraGradient;

/* Computes the gradient over a window of IMAGE (pixels outside the image are
 * the nearest edge pixel, so the window may be cut anywhere). SIGMA 0 skips
 * the blur. */
TesseraStatus tessera_gradient_compute (const TesseraImage *image,
                                        int x0, int y0, int width, int height,
                                        double sigma, TesseraGradient *gradient,
                                        TesseraExec *exec);
void          tessera_gradient_free    (TesseraGradient *gradient);

/* How far beyond its window the gradient reads the image: the Gaussian's
 * radius and Sobel's one pixel.  A window's gradient computed from a part
 * of the image that holds the window grown by this much, or reaches the
 * image's edge where it does not, equals the whole image's. */
int           tessera_gradient_reach   (double sigma);

#endif
