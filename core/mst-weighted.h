/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the weighted method of core/mst-segment.h: the tree split by
 * pixel-weighted error (core/mst-ward.h), the number of classes from the
 * error curve when automatic, then Lloyd iterations (core/colour-lloyd.h). */
#ifndef TESSERA_MST_WEIGHTED_H
#define TESSERA_MST_WEIGHTED_H

#include <stdbool.h>
#include "mst-segment.h"

/* Classes of HISTOGRAM's colours from their tree EDGES (in
 * PARAMS->colour_space) into COLOUR_CLASS, numbered 0 .. *N_CLASSES - 1,
 * every class used.  PARAMS is checked by the caller; REFINE: the Lloyd
 * iterations too. */
TesseraStatus tessera_mst_weighted (const TesseraColourHistogram *histogram,
                                    const TesseraEmstEdge *edges,
                                    const TesseraMstSegment *params,
                                    bool refine, uint32_t *colour_class,
                                    int *n_classes, TesseraExec *exec);

/* The colours of HISTOGRAM in SPACE, fixed point (core/mst-ward.h): the
 * POINTS of the weighted method.  Free with free (); NULL when out of
 * memory. */
int32_t     (*tessera_mst_fixed_points (const TesseraColourHistogram *histogram,
                                        TesseraColourSpace space,
                                        int threads))[3];

#endif
