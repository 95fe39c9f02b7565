/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the third attempt at shapes that turn back (issue 23;
 * measured, not adopted: bench/RESULTS.md, Trace Line): a link traced again
 * with its guides laid across an earlier trace of it, perpendicular to that
 * trace's own direction, instead of perpendicular to the chord [a,b].
 *
 * The guides sit evenly along the earlier trace, as many as its length
 * holds at the link's spacing h = |ab| / (nodes + 1) (at least nodes, at
 * most TESSERA_TRACE_MAX_NODES); each reaches the link's reach either side.
 * A link p -> q between guides i and i + 1 scores as in core/trace-line.h
 * with the ground it gains along the guides' mean direction in place of h
 * (with mean: the mean of its samples times the cosine of its angle with
 * that direction); a link that gains no ground is not allowed, nor a turn
 * sharper than max_angle, nor ends outside the ends' bounds (taken against
 * [a,b] as usual; where they leave no path, none).  The search is exact
 * over these guides: a dynamic programme over pairs of points, O(n d^3),
 * on the CPU only. */
#ifndef TEST_TRACE_BAY_RELAY_H
#define TEST_TRACE_BAY_RELAY_H

#include "trace-line.h"

/* The most points a relaid trace has: a, its guides, b. */
#define TRACE_RELAY_MAX_OUT (TESSERA_TRACE_MAX_NODES + 2)

/* Traces a = EARLIER[0] -> b = EARLIER[N_EARLIER - 1] on guides across
 * EARLIER with PARAMS (a link's, core/trace-clicks.h).  OUT receives
 * *N_OUT points from a to b (at most TRACE_RELAY_MAX_OUT). */
TesseraStatus trace_relay (const TesseraGradient *gradient,
                                   const TesseraTrace *params,
                                   const TesseraPoint *earlier, int n_earlier,
                                   TesseraPoint *out, int *n_out);

#endif
