/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale erosion and dilation by a square: the minimum or the
 * maximum of each channel over the (2 radius + 1)^2 square around each
 * pixel, counting only the pixels inside the image.  The markers of
 * opening and closing by reconstruction (core/reconstruct.h).
 *
 * Van Herk / Gil-Werman: rows then columns, about three comparisons per
 * sample and pass whatever the radius.  Floats compare by value (a NaN
 * never wins). */
#ifndef TESSERA_SQUARE_FILTER_H
#define TESSERA_SQUARE_FILTER_H

#include <stdbool.h>
#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Filters SRC into DST (host images of one shape; DST may be SRC), the
 * maximum when MAXIMUM (dilation), else the minimum (erosion).  RADIUS 0
 * copies.  EXEC may be NULL; it gives the threads and the cancel. */
TesseraStatus tessera_square_filter (const TesseraImage *src,
                                     TesseraImage *dst, int radius,
                                     bool maximum, TesseraExec *exec);

#ifdef __cplusplus
}
#endif

#endif
