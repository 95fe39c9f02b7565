/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the luminance of RGB images, and colours that follow a change
 * of it (the luminance options of core/reconstruct.h and
 * core/reconstruct-preset.h).
 *
 * Luminance Y is 0.2126 R + 0.7152 G + 0.0722 B, the Rec. 709 / sRGB
 * weights GIMP uses, on the stored values of the first three channels
 * whatever their TRC (on perceptual pixels it is what GIMP calls luma); a
 * fourth channel is alpha and plays no part.  u8 and u16: the exact
 * weighted sum rounded to the nearest integer (halves up), in integer
 * arithmetic; floats: the sum in double, rounded once to float.  So the
 * same pixels give the same bits everywhere.
 *
 * All images here are host images of one size and sample type; the RGB
 * ones have three or four channels, the luminance ones one.  EXEC (may be
 * NULL) gives the threads; there is no progress to report. */
#ifndef TESSERA_LUMINANCE_H
#define TESSERA_LUMINANCE_H

#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FIRST and SECOND, one channel each of LIKE's size and sample type: the
 * planes an operation on luminance works on.  Both or neither are
 * allocated; free each with tessera_image_free. */
TesseraStatus tessera_luminance_planes (const TesseraImage *like,
                                        TesseraImage       *first,
                                        TesseraImage       *second);

/* LUMINANCE = the Y of SRC's pixels. */
void tessera_luminance       (const TesseraImage *src,
                              TesseraImage       *luminance,
                              const TesseraExec  *exec);

/* DST = SRC with each colour channel moved by TO - FROM, where FROM is
 * SRC's luminance and TO the one wanted: the channels' differences, and
 * so the hue, stay, and where nothing is clamped the luminance becomes TO
 * (for integers exactly: the weights add up to one).
 * Integers are clamped to their range; floats are not (GIMP's float pixels
 * may lie outside [0, 1]).  Where TO equals FROM (floats: the same bits)
 * the pixel is SRC's, exactly.  Alpha is SRC's.  DST may be SRC. */
void tessera_luminance_shift (const TesseraImage *src,
                              const TesseraImage *from,
                              const TesseraImage *to,
                              TesseraImage       *dst,
                              const TesseraExec  *exec);

/* DST = SRC with its colour channels scaled by PART / WHOLE, where WHOLE is
 * SRC's luminance and PART a share of it (0 <= PART <= WHOLE): what is
 * left of each pixel's colour, black where nothing is.  Integers are
 * rounded to the nearest (halves up) and clamped to their range; where
 * WHOLE is not above 0 the pixel is grey PART.  Alpha is SRC's.  DST may
 * be SRC. */
void tessera_luminance_scale (const TesseraImage *src,
                              const TesseraImage *whole,
                              const TesseraImage *part,
                              TesseraImage       *dst,
                              const TesseraExec  *exec);

#ifdef __cplusplus
}
#endif

#endif
