/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — line tracing by brute force: every one of the d^n
 * candidate polylines, in double precision, for small n and d. */
#ifndef TESSERA_TEST_TRACE_LINE_REF_H
#define TESSERA_TEST_TRACE_LINE_REF_H

#include "random.h"
#include "trace-line.h"

/* Issue 23's options of P drawn at random, each on about half the time:
 * reach, mean, polarity, bounded ends, a centre line's width (for the
 * gradient objective). */
void   trace_reference_random_options (TestRandom *random, TesseraTrace *p);

/* The value of the polyline through CHOSEN (a point index per guide), in
 * double, or -INFINITY when a turn exceeds the bound. */
double trace_reference_value (const TesseraGradient *gradient,
                              const TesseraTrace *params,
                              const TesseraTraceGeometry *geometry,
                              const int *chosen);

/* The best value over all candidates (-INFINITY when none is allowed);
 * CHOSEN receives one best candidate. */
double trace_reference_best  (const TesseraGradient *gradient,
                              const TesseraTrace *params,
                              const TesseraTraceGeometry *geometry,
                              int *chosen);

/* V(p, q) in single precision, to the bit as the search must compute it:
 * core/trace-sample.h's sample after sample, sample k into partial sum
 * k % 8; SPAN as the geometry's (for MEAN). */
float  trace_reference_link  (const TesseraGradient *gradient,
                              const TesseraTrace *params, double span,
                              float px, float py, float qx, float qy);

/* V from point J of GUIDE to point L of the next in single precision, to
 * the bit as the search must compute it: core/trace-lattice.h's
 * definition for edges, trace_reference_link's for centre lines. */
float  trace_reference_inner_link (const TesseraGradient *gradient,
                                   const TesseraTrace *params,
                                   const TesseraTraceGeometry *geometry,
                                   int guide, int j, int l);

#endif
