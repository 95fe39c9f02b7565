/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the link values V(p, q) of core/trace-line.h, in bulk for the
 * search: sixteen links at a time.
 *
 * Three kernels give the same bits, sample for sample, as they all follow
 * core/trace-sample.h (the same operations in the same order, lane k % 8
 * of the partial sums for sample k):
 *   PLAIN   one sample after another;
 *   AVX2    eight samples of one link at once, their gradients gathered;
 *   AVX512  sixteen links at once, sample k of each together.  Links that
 *           join consecutive points of one guide to the points as many
 *           places further on the next guide are parallel and of one
 *           length, so their samples k lie within a few pixels of each
 *           other across the guides: their gradients come from a 4 x 8
 *           pixel patch held in two registers (permutes instead of
 *           gathers), read from a copy of the search window whose lines
 *           run along the guides.  Where the guides' points lie too far
 *           apart for that, AVX2 does better, and takes over. */
#ifndef TESSERA_TRACE_LINKS_H
#define TESSERA_TRACE_LINKS_H

#include <stdbool.h>
#include <stdint.h>
#include "trace-line.h"

/* The most links of one trace_links_group call. */
#define TRACE_GROUP 16

typedef enum
{
  TRACE_KERNEL_PLAIN = 0,
  TRACE_KERNEL_AVX2,
  TRACE_KERNEL_AVX512,
  TRACE_KERNEL_COUNT
} TraceKernel;

/* Whether this build and this CPU can run KERNEL. */
bool        trace_kernel_supported (TraceKernel kernel);
/* The fastest supported kernel. */
TraceKernel trace_kernel_best      (void);

/* How a link's samples are scored (core/trace-sample.h). */
typedef struct
{
  int   thresholded;
  float threshold;
  int   polarity;
  int   mean;
  float span;
  float half;    /* half the line's width; 0 for edges */
} TraceScore;

/* The scoring of PARAMS on links that reach SPAN along [a,b]. */
TraceScore  trace_score_of (const TesseraTrace *params, double span);

typedef struct
{
  const TesseraGradient *gradient;
  TraceKernel            kernel;
  TraceScore             score;
  /* AVX512 only: the search window of the gradient, [left, left + width)
   * x [top, top + height) in the gradient's pixel indices, copied line
   * after line, where lines are columns when ALONG_COLUMNS (the guides run
   * closer to vertical than to horizontal), else rows. */
  float                 *window_gx, *window_gy;
  int                    left, top, width, height;
  size_t                 stride;
  bool                   along_columns;
} TraceLinks;

/* Prepares the links of the search of GEOMETRY on GRADIENT with KERNEL,
 * which must be supported (LINKS->kernel is the one used: PLAIN on a
 * gradient too large for 32-bit offsets, AVX2 for AVX512 on guides too
 * coarse for its patches). */
TesseraStatus trace_links_init  (TraceLinks                 *links,
                                 const TesseraGradient      *gradient,
                                 const TesseraTrace         *params,
                                 const TesseraTraceGeometry *geometry,
                                 TraceKernel                 kernel);
void          trace_links_clear (TraceLinks                 *links);

/* V from (PX, PY) to (QX, QY). */
float         trace_links_one   (const TraceLinks *links, float px, float py,
                                 float qx, float qy);

/* VALUES[i] = V from (PX[i], PY[i]) to (QX[i], QY[i]) for the i < COUNT
 * (1 .. TRACE_GROUP) whose bit is set in WANTED; the others are left
 * unspecified.  Any links will do; AVX512 is fast on parallel ones whose
 * sources are neighbours on a guide. */
void          trace_links_group (const TraceLinks *links, const float *px,
                                 const float *py, const float *qx,
                                 const float *qy, int count, uint32_t wanted,
                                 float *values);

#endif
