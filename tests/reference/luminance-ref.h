/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the luminance steps of core/luminance.h done the obvious
 * way, sample by sample from their definitions.  Plain C. */
#ifndef TESSERA_TEST_LUMINANCE_REF_H
#define TESSERA_TEST_LUMINANCE_REF_H

#include "image.h"

/* LUMINANCE (one channel) = 0.2126 R + 0.7152 G + 0.0722 B of SRC (three
 * or four channels): integers rounded to the nearest, halves up; floats
 * summed in double, rounded to float. */
void test_luminance_ref       (const TesseraImage *src,
                               TesseraImage *luminance);

/* DST (three or four channels) = SRC's colours each plus TO - FROM
 * (integers clamped; floats in float arithmetic, SRC's where TO and FROM
 * have the same bits); alpha SRC's. */
void test_luminance_shift_ref (const TesseraImage *src,
                               const TesseraImage *from,
                               const TesseraImage *to, TesseraImage *dst);

/* DST = SRC's colours each times PART / WHOLE (integers rounded, halves
 * up; floats as colour * (part / whole) in float), or PART where WHOLE is
 * not above 0; alpha SRC's. */
void test_luminance_scale_ref (const TesseraImage *src,
                               const TesseraImage *whole,
                               const TesseraImage *part, TesseraImage *dst);

#endif
