/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the link values V(p, q) of core/trace-line.h, in bulk for the
 * search.
 *
 * Links between two guides (edges, not centre lines) sample the gradient
 * on the lattice of core/trace-lattice.h: the search first tabulates the
 * gradient at the pair's lattice points, then the links of one diagonal
 * (parallel, l - j fixed) read their samples k from one row of the table,
 * shifted by their first point: eight links at a time in a vector load,
 * no gathers.  The links from a and to b, and centre lines, sample where
 * they lie (trace-sample.h), one link after another.
 *
 * Two kernels give the same bits, sample for sample (the same operations
 * in the same order, sample k into partial sum k % 8):
 *   PLAIN   one link and one sample after another;
 *   AVX2    eight links at once from the table; eight samples of one link
 *           at once, gathered, for the links off the lattice. */
#ifndef TESSERA_TRACE_LINKS_H
#define TESSERA_TRACE_LINKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "trace-line.h"

/* The most links of one trace_links_diagonal call. */
#define TRACE_GROUP 16

typedef enum
{
  TRACE_KERNEL_PLAIN = 0,
  TRACE_KERNEL_AVX2,
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
  const TesseraGradient      *gradient;
  const TesseraTraceGeometry *geometry;
  TraceKernel                 kernel;
  TraceScore                  score;
  /* The lattice's gradient between guide GUIDE and the next (-1: none):
   * value (k, v = u q + r) at [(k q + r) * stride + u], the stride D + 8
   * for the eight lanes of the last group; NULL when the table would be
   * too large (the links then sample the field lattice point by point). */
  float                      *table_gx, *table_gy;
  size_t                      stride;
  int                         guide;
  bool                        failed;
} TraceLinks;

/* Prepares the links of the search of GEOMETRY on GRADIENT with KERNEL,
 * which must be supported (LINKS->kernel is the one used: PLAIN on a
 * gradient too large for 32-bit offsets). */
TesseraStatus trace_links_init  (TraceLinks                 *links,
                                 const TesseraGradient      *gradient,
                                 const TesseraTrace         *params,
                                 const TesseraTraceGeometry *geometry,
                                 TraceKernel                 kernel);
void          trace_links_clear (TraceLinks                 *links);

/* V from (PX, PY) to (QX, QY), sampled where the link lies: the links
 * from a and to b. */
float         trace_links_one   (const TraceLinks *links, float px, float py,
                                 float qx, float qy);

/* Prepares the lattice between GUIDE and GUIDE + 1 for
 * trace_links_diagonal: returns how many table rows trace_links_row must
 * fill first (0: none, for centre lines or a lattice too large for a
 * table; LINKS->failed when its memory was not found). */
int           trace_links_pair  (TraceLinks *links, int guide);
/* Fills ROW of the table (rows are independent: threads may share them). */
void          trace_links_row   (const TraceLinks *links, int row);

/* Where the samples of links across DELTA guide steps read the table:
 * SHIFTS[k] for the lattice's m samples k (geometry->lattice.m). */
void          trace_links_shifts (const TraceLinks *links, int delta,
                                  ptrdiff_t *shifts);

/* VALUES[i] = V from point J0 + i of the prepared pair's first guide to
 * point J0 + i + DELTA of the next, for i < COUNT (1 .. TRACE_GROUP), all
 * of them points of the guides; SHIFTS from trace_links_shifts. */
void          trace_links_diagonal (const TraceLinks *links,
                                    const ptrdiff_t *shifts, int j0,
                                    int delta, int count, float *values);

#endif
