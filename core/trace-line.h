/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the polyline between two clicks that follows a linear object
 * (road, river, field edge), found exactly by dynamic programming.
 *
 * n guides cross [a,b] perpendicularly at t_i = i/(n+1); each carries d points
 * evenly spaced over [-L, +L] across the segment.  A candidate is a polyline
 * a, p_1, …, p_n, b with p_i on guide i whose turning angle at every inner
 * vertex is at most max_angle.  With reach > 0 the guides reach
 * min(L, max(min_reach, reach |ab|)) instead of L, so that short links
 * between close clicks search a corridor that fits them.  Its value is the sum over its links of
 * V(p,q) = sum over samples s_k = p + (k+0.5)(q-p)/m, k < m = max(1,
 * round(|q-p|)), of |g(s_k) x u| (u the link's unit direction, g the
 * gradient of core/gradient.h): gradient magnitude times |sin| of its angle
 * with the link.  The THRESHOLDED objective is the paper's literal one: |sin|
 * alone, counted where |g| > threshold.  With MEAN each link counts the mean
 * of its samples times the cosine of its angle with [a,b] instead of their
 * sum: every link spans the same distance h along [a,b], so a detour earns
 * nothing for its length, and a link across the corridor little.  With a POLARITY
 * (TesseraTraceEnds) the sign of g x u counts: an edge of the other contrast
 * scores against the path.  The ends may bound the first and last links'
 * directions, so that the path turns smoothly across the clicks.
 *
 * Every link spans the same distance h = |ab|/(n+1) along [a,b], so turning
 * angles depend on offset differences only; the predecessors allowed for a
 * pair of consecutive points then form an interval that slides as the next
 * point moves, and a sliding-window maximum gives the exact optimum in
 * O(n d^2) instead of the paper's O(d^3 (n-2) + d^2).  Ties go to the lowest
 * point indices, so the CPU and the GPU return the same polyline. */
#ifndef TESSERA_TRACE_LINE_H
#define TESSERA_TRACE_LINE_H

#include "exec.h"
#include "gradient.h"
#include "image.h"
#include "trace-lattice.h"

#define TESSERA_TRACE_MAX_NODES  64
#define TESSERA_TRACE_MAX_POINTS 4096

typedef struct
{
  double x, y;
} TesseraPoint;

typedef enum
{
  TESSERA_TRACE_ORTHOGONAL_GRADIENT = 0,  /* sum of |g x u| */
  TESSERA_TRACE_THRESHOLDED_SINE          /* sum of |sin| where |g| > threshold */
} TesseraTraceObjective;

/* What a link knows from the clicks around it (zero: nothing). */
typedef struct
{
  /* +1: the gradient crosses a -> b from right to left (the brighter side
   * on the left hand, image y pointing down), -1 the other way; the links'
   * value counts g x u with that sign instead of |g x u|.  0: either. */
  int    polarity;
  /* When set, the first link a -> p_1 (the last, p_n -> b) keeps within
   * max_angle + SLACK_A (SLACK_B) of TANGENT_A (TANGENT_B): directions in
   * radians against [a,b], in [-pi/2, pi/2]; slacks in radians, >= 0. */
  int    bound_a, bound_b;
  double tangent_a, tangent_b;
  double slack_a, slack_b;
} TesseraTraceEnds;

typedef struct
{
  int                   nodes;       /* n: 1 .. TESSERA_TRACE_MAX_NODES */
  int                   points;      /* d: 1 .. TESSERA_TRACE_MAX_POINTS */
  double                half_width;  /* L in pixels, >= 0 */
  double                max_angle;   /* degrees, 0 .. 180 */
  double                sigma;       /* Gaussian before Sobel (image entry point) */
  TesseraTraceObjective objective;
  double                threshold;   /* for TESSERA_TRACE_THRESHOLDED_SINE */
  /* Zero keeps each of these off. */
  double                reach;       /* guides reach reach * |ab| ... */
  double                min_reach;   /* ... but at least this, at most L */
  int                   mean;        /* a link counts its samples' mean */
  /* > 0: trace the centre line of a line (road, track, river) this many
   * pixels wide instead of an edge: each sample counts g x u half the
   * width to the left less g x u half the width to the right (a bright
   * line scores positive); the ORTHOGONAL_GRADIENT objective only. */
  double                line_width;
  TesseraTraceEnds      ends;        /* this link's, from its clicks */
  /* For chains (core/trace-chain.h); the search of one link ignores them. */
  int                   keep_side;   /* ends.polarity from the clicks */
  int                   bound_ends;  /* ends' bounds from the clicks */
  double                snap_radius; /* clicks move to an edge this near */
} TesseraTrace;

/* The geometry of one search, shared by the CPU and the CUDA backend. */
typedef struct
{
  int    nodes, points;
  double half_width;     /* how far the guides reach: L, or less by reach */
  double span;           /* how far each link reaches along [a,b]: h */
  double line_width;     /* the params', for the window's margin */
  float *x, *y;          /* guide i (0-based), point j at [i * points + j] */
  float  ax, ay, bx, by;
  double *angle_between; /* angle of a link between guides, by k - j + d - 1 */
  double *angle_from_a;  /* angle of a -> point j of the first guide */
  double *angle_to_b;    /* angle of point j of the last guide -> b */
  double  max_angle;     /* radians */
  /* 1 where the link a -> point j of the first guide (point j of the last
   * guide -> b) keeps to the ends' bound. */
  unsigned char *start_ok, *end_ok;
  /* For an outgoing link l - k (indexed + d - 1), the allowed incoming
   * k - j lie in [turn_lo, turn_hi]: an interval, as the angles grow with
   * the offset change. */
  int    *turn_lo, *turn_hi;
  /* Where the links between guides sample (core/trace-lattice.h). */
  TraceLattice lattice;
} TesseraTraceGeometry;

/* The settings a user starts from: the guides' reach follows the link,
 * links score their mean, and chains keep the clicked contrast, bound their
 * ends and snap the clicks. */
TesseraTrace  tessera_trace_defaults (void);

TesseraStatus tessera_trace_check (const TesseraTrace *params,
                                   TesseraPoint a, TesseraPoint b);

TesseraStatus tessera_trace_geometry_new  (const TesseraTrace *params,
                                           TesseraPoint a, TesseraPoint b,
                                           TesseraTraceGeometry *geometry);
void          tessera_trace_geometry_free (TesseraTraceGeometry *geometry);

/* Whether the turn from a link of angle IN to one of angle OUT is allowed. */
static inline int
tessera_trace_turn_ok (const TesseraTraceGeometry *geometry,
                       double in, double out)
{
  double turn = in - out;
  return (turn < 0 ? -turn : turn) <= geometry->max_angle;
}

/* The guides' reach for a link of LENGTH. */
double tessera_trace_reach (const TesseraTrace *params, double length);

/* V(p, q) of the header comment. */
float tessera_trace_link_value (const TesseraGradient *gradient,
                                const TesseraTrace *params, double span,
                                float px, float py, float qx, float qy);

/* The window the search samples, clamped to [left, right) x [top, bottom):
 * the image's bounds, or those of a gradient window. */
void  tessera_trace_window (const TesseraTraceGeometry *geometry,
                            int left, int top, int right, int bottom,
                            int *x0, int *y0, int *width, int *height);

/* The best polyline: PATH receives nodes + 2 points (a, p_1 … p_n, b) and
 * VALUE its value.  TESSERA_ERROR_NO_SOLUTION when no polyline keeps to
 * max_angle. */
TesseraStatus tessera_trace_line (const TesseraGradient *gradient,
                                  TesseraPoint a, TesseraPoint b,
                                  const TesseraTrace *params,
                                  TesseraPoint *path, double *value,
                                  TesseraExec *exec);

/* The same from the image: computes the gradient of the window it needs. */
TesseraStatus tessera_trace_line_image (const TesseraImage *image,
                                        TesseraPoint a, TesseraPoint b,
                                        const TesseraTrace *params,
                                        TesseraPoint *path, double *value,
                                        TesseraExec *exec);

#endif
