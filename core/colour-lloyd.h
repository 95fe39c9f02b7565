/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — weighted Lloyd (k-means) iterations over distinct colours.
 *
 * Each colour weighs its pixel count.  The centres are the weighted means
 * of their colours, summed as integers over fixed-point coordinates, so the
 * result is the same whatever the number of threads or the backend; a
 * colour goes to its nearest centre, the lower-numbered one on ties. */
#ifndef TESSERA_COLOUR_LLOYD_H
#define TESSERA_COLOUR_LLOYD_H

#include <stddef.h>
#include <stdint.h>
#include "exec.h"

/* N colours at POINTS (fixed point, any scale) with WEIGHTS, in K classes
 * given by LABEL (0 .. K - 1, each used): moves every class's centre to
 * its mean and every colour to its nearest centre, up to MAX_ITERATIONS
 * times or until no colour moves.  Classes left empty keep their last
 * centre.  *ITERATIONS (may be NULL) gets the number of assignments that
 * moved a colour. */
TesseraStatus tessera_colour_lloyd (const int32_t (*points)[3],
                                    const uint32_t *weights, size_t n,
                                    int k, int max_iterations,
                                    uint32_t *label, int *iterations,
                                    const TesseraExec *exec);

#endif
