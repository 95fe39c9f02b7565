/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a chain of clicks traced link by link (core/trace-line.h), with
 * what the clicks tell each link: where the edge is (a click moves to the
 * nearest strong edge within snap_radius), which side of it is brighter
 * (the link keeps to that contrast), and which way the line runs through
 * an inner click (the links on either side leave it within max_angle of
 * that direction, so the path turns smoothly there).  The ends of an open
 * chain are left free: nothing says how the line runs beyond them. */
#ifndef TESSERA_TRACE_CLICKS_H
#define TESSERA_TRACE_CLICKS_H

#include "trace-line.h"

/* Links of a chain of N clicks: one fewer, or as many if CLOSED (the last
 * click links back to the first); 0 for fewer than two clicks. */
int          tessera_trace_chain_links (int n, int closed);

/* The nearest point to P, within RADIUS, where |g| peaks across the edge
 * and reaches a fifth of the strongest |g| within RADIUS; P itself when there is
 * none or RADIUS is 0.  Points outside the gradient's window read its
 * nearest pixels. */
TesseraPoint tessera_trace_snap        (const TesseraGradient *gradient,
                                        TesseraPoint p, double radius);

/* The contrast seen at A and B across the link a -> b (ends.polarity): +1
 * or -1 when both agree, else 0 (where a chain's link then takes the hand
 * that most of its links agree on); with LINE_WIDTH > 0, a centre line's:
 * +1 a bright line, -1 a dark one. */
int          tessera_trace_polarity    (const TesseraGradient *gradient,
                                        TesseraPoint a, TesseraPoint b,
                                        double line_width);

/* The parameters of link LINK of the chain: BASE's, with the ends bounded
 * where BASE->bound_ends asks and GRADIENT's polarity where BASE->keep_side
 * asks (GRADIENT may be NULL when it does not), and where the guides'
 * reach follows the link, no more points than an eighth of a pixel apart
 * (an odd number, so that the straight line is one of them). */
void         tessera_trace_link_params (const TesseraTrace *base,
                                        const TesseraGradient *gradient,
                                        const TesseraPoint *clicks, int n,
                                        int closed, int link,
                                        TesseraTrace *params);

/* The whole chain on GRADIENT, which must hold the clicks and the guides
 * around them: the clicks are snapped first (BASE's snap_radius, edges
 * only: not with a line_width; two
 * clicks that snapping would bring within a pixel stay put), then each
 * link is traced; a link whose ends' bounds leave no path is traced again
 * without them.  PATH receives links * (nodes + 1) + 1 points (a closed
 * chain's last repeats its first), *N_PATH their number; on failure
 * *FAILED_LINK (may be NULL) says which link failed. */
TesseraStatus tessera_trace_chain      (const TesseraGradient *gradient,
                                        const TesseraPoint *clicks, int n,
                                        int closed, const TesseraTrace *base,
                                        TesseraPoint *path, int *n_path,
                                        int *failed_link, TesseraExec *exec);

/* The part of a WIDTH x HEIGHT image the chain's search reads: around the
 * clicks, as far as the guides, snapping and the contrast probes reach
 * (BASE's half_width, snap_radius and line_width, and 8 px), within the
 * image: WINDOW = x, y, width, height (at least 1 x 1).  Its gradient,
 * computed from the image's rows and columns grown by
 * tessera_gradient_reach, equals the whole image's there. */
void          tessera_trace_chain_window (const TesseraPoint *clicks, int n,
                                          const TesseraTrace *base,
                                          int width, int height,
                                          int window[4]);

/* The chain's path as the plug-ins make it: the N points of PATH (a closed
 * chain's last, which repeats its first, left out) fitted with Bézier
 * segments within TOLERANCE pixels (core/bezier-fit.h), an anchor on each
 * click, i.e. on every LINK_POINTS-th point (nodes + 1).  OUT needs room
 * for TESSERA_BEZIER_MAX_OUT (N) points. */
TesseraStatus tessera_trace_chain_fit    (const TesseraPoint *path, int n,
                                          int closed, int link_points,
                                          double tolerance,
                                          TesseraPoint *out, int *n_out);

/* Link LINK of that chain alone, exactly as tessera_trace_chain traces it:
 * PATH receives nodes + 2 points, from the snapped click to the next. */
TesseraStatus tessera_trace_chain_link (const TesseraGradient *gradient,
                                        const TesseraPoint *clicks, int n,
                                        int closed, int link,
                                        const TesseraTrace *base,
                                        TesseraPoint *path,
                                        TesseraExec *exec);

#endif
