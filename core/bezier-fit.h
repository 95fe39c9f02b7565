/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a polyline fitted with cubic Bézier segments within a
 * tolerance (Schneider, "An algorithm for automatically fitting digitized
 * curves", Graphics Gems, 1990), so that a traced line becomes a path with
 * few anchors that a person can edit.
 *
 * Each span between two anchors is fitted over a chord-length
 * parameterisation: the handles' lengths by least squares along fixed
 * tangents, the parameters then moved by Newton steps towards the nearest
 * points of the curve; where the fit stays beyond the tolerance the span is
 * split at its worst point, whose tangent both halves share, so the path
 * runs smoothly through every anchor but its corners (turns sharper than
 * corner_angle), which keep a one-sided tangent each way.  A segment is
 * accepted when every point of its span lies within the tolerance of the
 * curve at its parameter, and the curve halfway between two points within
 * the tolerance of the polyline between them (no bulges, no loops). */
#ifndef TESSERA_BEZIER_FIT_H
#define TESSERA_BEZIER_FIT_H

#include "status.h"
#include "trace-line.h"

/* The plug-ins' corners: a traced line turns by at most max-angle (30
 * degrees by default) at a node, so it bends smoothly there; a sharper turn
 * is the line's own, and stays a corner. */
#define TESSERA_BEZIER_CORNER_ANGLE 60.0

/* Control points OUT needs for N points: at worst an anchor on each. */
#define TESSERA_BEZIER_MAX_OUT(n) (3 * (n) + 1)

/* Fits the N POINTS (CLOSED: the line returns from the last to the first,
 * which is not repeated) within TOLERANCE pixels.  KEEP (N flags, may be
 * NULL) marks points that must be anchors (the clicks).  OUT receives the
 * control points anchor, handle, handle, anchor, … (3 k + 1 for k
 * segments; closed, the last repeats the first), *N_OUT their number; the
 * first anchor is the first point (closed: the first kept one, if any).
 * TOLERANCE 0: an anchor on every point and straight segments, each handle
 * on its anchor.  1 point gives 1 anchor. */
TesseraStatus tessera_bezier_fit (const TesseraPoint *points, int n,
                                  int closed, const unsigned char *keep,
                                  double tolerance, double corner_angle,
                                  TesseraPoint *out, int *n_out);

/* The point at T in [0, 1] of the segment P[0] … P[3]. */
TesseraPoint tessera_bezier_at (const TesseraPoint *p, double t);

#endif
