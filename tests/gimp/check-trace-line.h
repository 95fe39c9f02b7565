/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — what the GIMP harnesses compare Trace Line's paths with:
 * the core's polyline between the same points on the pixels GIMP had, and
 * a test road whose edge is known. */
#ifndef TESSERA_TEST_CHECK_TRACE_LINE_H
#define TESSERA_TEST_CHECK_TRACE_LINE_H

#include "image.h"
#include "random.h"

/* The test road on a WIDTH x HEIGHT image: a bright band 32 pixels wide on
 * a textured field, its upper edge at this y for X. */
double check_road_edge (int width, int height, double x);

/* Paints the test road into IMAGE (any type and channels; alpha opaque). */
void   check_road_fill (TesseraImage *image, TestRandom *random);

/* Compares the path in PATH_FILE (as tessera-test-io-save-path writes it)
 * with the core's trace on BEFORE (the drawable's pixels, at OFFSET_X,
 * OFFSET_Y in the image) between its anchors 0, n + 1, 2 (n + 1)…  ARGS:
 * OFFSET-X OFFSET-Y NODES POINTS HALF-WIDTH MAX-ANGLE SIGMA OBJECTIVE
 * THRESHOLD REACH MIN-REACH MEAN KEEP-SIDE SNAP-RADIUS SMOOTH LINE-WIDTH
 * TOLERANCE [X1 Y1 X2 Y2…] (OBJECTIVE as the procedure's: 0 or 1):
 * the points, when given, must be those anchors (as far as the single
 * precision of GIMP's paths allows).  With TOLERANCE above 0 the path must
 * be the core's trace fitted with Bézier segments (core/bezier-fit.h),
 * anchors and handles, through the points given or else through the
 * fewest of its anchors that give it, and every traced point within
 * TOLERANCE of its curve.  Says what differs on
 * stdout; returns 0 when nothing does, 1 when something does, 2 for bad
 * arguments. */
int    check_trace_path (const TesseraImage *before, const char *path_file,
                         char *const *args, int n_args);

/* Whether every anchor of the path in PATH_FILE lies within 2 pixels of the
 * test road's edge on a WIDTH x HEIGHT image; returns as above. */
int    check_trace_on_road (const char *path_file, int width, int height);

#endif
