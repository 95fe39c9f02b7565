/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — where the links between two guides sample the gradient: on a
 * lattice shared by all of them, so that the search reads each sample from
 * a table instead of interpolating it link by link.
 *
 * Between guide i and guide i + 1 every link takes the same number m of
 * samples (one a pixel along the longest link the pair allows), sample k
 * at (i + 1 + (k + 0.5) / m) h along [a,b].  Across [a,b] the sample of the
 * link from point j to point l lies at t = (k + 0.5) / m of the way; it
 * is taken at the nearest lattice line, the guides' step divided by q
 * (lines at most a quarter pixel apart), v = j q + round(t (l - j) q),
 * ties rounding up.  So the samples of parallel links (l - j fixed) on a
 * pair of guides are the same lattice values shifted by j q: contiguous in
 * a table, where vector loads take eight links at a time.
 *
 * Shared by the CPU search, the CUDA kernel and the tests: every
 * operation in a fixed order, never fused (trace-sample.h's macros), so
 * every backend gets the same bits. */
#ifndef TESSERA_TRACE_LATTICE_H
#define TESSERA_TRACE_LATTICE_H

#include "trace-sample.h"

#if defined(__CUDA_ARCH__)
#define TRACE_DADD(a, b) __dadd_rn ((a), (b))
#define TRACE_DSUB(a, b) __dsub_rn ((a), (b))
#define TRACE_DMUL(a, b) __dmul_rn ((a), (b))
#define TRACE_DDIV(a, b) __ddiv_rn ((a), (b))
#else
#define TRACE_DADD(a, b) ((a) + (b))
#define TRACE_DSUB(a, b) ((a) - (b))
#define TRACE_DMUL(a, b) ((a) * (b))
#define TRACE_DDIV(a, b) ((a) / (b))
#endif

typedef struct
{
  double ax, ay;      /* click a */
  double ex, ey;      /* unit vector along [a,b] */
  double h;           /* guide spacing along [a,b] */
  double reach;       /* the guides reach [-reach, +reach] across */
  double step;        /* between lattice lines across: the guides' step / q */
  int    m;           /* samples of every link between two guides */
  int    q;           /* lattice lines per step between guide points */
} TraceLattice;

/* The lattice line of sample K of M on a link across DELTA guide steps,
 * counted from its first point's line: round((k + 0.5) / m * delta * q),
 * halves up, in integers (exact on every backend). */
TRACE_INLINE int
trace_lattice_offset (const TraceLattice *lat, int k, int delta)
{
  long long twice = (long long) (2 * k + 1) * delta * lat->q + lat->m;
  long long over = 2LL * lat->m;
  long long quotient = twice / over;
  return (int) (twice % over < 0 ? quotient - 1 : quotient);
}

/* Image coordinates of lattice point (K, V) between GUIDE and GUIDE + 1. */
TRACE_INLINE void
trace_lattice_point (const TraceLattice *lat, int guide, int k, int v,
                     float *x, float *y)
{
  double t = TRACE_DDIV ((double) k + 0.5, (double) lat->m);
  double along = TRACE_DMUL (TRACE_DADD ((double) (guide + 1), t), lat->h);
  double across = TRACE_DSUB (TRACE_DMUL ((double) v, lat->step), lat->reach);
  *x = (float) TRACE_DSUB (TRACE_DADD (lat->ax, TRACE_DMUL (along, lat->ex)),
                           TRACE_DMUL (across, lat->ey));
  *y = (float) TRACE_DADD (TRACE_DADD (lat->ay, TRACE_DMUL (along, lat->ey)),
                           TRACE_DMUL (across, lat->ex));
}

/* The gradient at lattice point (K, V) between GUIDE and GUIDE + 1, from
 * the WIDTH x HEIGHT field whose pixel (0, 0) is (X0, Y0) of the image. */
TRACE_INLINE void
trace_lattice_gradient (const TraceLattice *lat, const float *gx_field,
                        const float *gy_field, int x0, int y0, int width,
                        int height, int guide, int k, int v, float *gx,
                        float *gy)
{
  float x, y;
  trace_lattice_point (lat, guide, k, v, &x, &y);
  trace_gradient_at (gx_field, gy_field, width, height,
                     trace_window_coordinate (x, x0),
                     trace_window_coordinate (y, y0), gx, gy);
}

/* What a sample of gradient (GX, GY) adds on a link of unit direction
 * (UX, UY): trace_sample_value's arithmetic for edges. */
TRACE_INLINE float
trace_lattice_sample (float gx, float gy, float ux, float uy,
                      int thresholded, float threshold, int polarity)
{
  float cross = trace_signed (TRACE_SUB (TRACE_MUL (gx, uy),
                                         TRACE_MUL (gy, ux)), polarity);
  float magnitude;
  if (!thresholded)
    return cross;
  magnitude = TRACE_SQRT (TRACE_ADD (TRACE_MUL (gx, gx), TRACE_MUL (gy, gy)));
  return magnitude > threshold ? TRACE_DIV (cross, magnitude) : 0.0f;
}

/* The link from point J of GUIDE, at (PX, PY), to point L of GUIDE + 1, at
 * (QX, QY): its samples on the lattice, sample k into partial sum k % 8,
 * then trace_link_total with the lattice's m.  The definition every
 * backend follows (the CPU reads the same values from a table). */
TRACE_INLINE float
trace_lattice_link (const TraceLattice *lat, const float *gx_field,
                    const float *gy_field, int x0, int y0, int width,
                    int height, int guide, int j, int l, float px, float py,
                    float qx, float qy, int thresholded, float threshold,
                    int polarity, int mean, float span)
{
  float dx = TRACE_SUB (qx, px), dy = TRACE_SUB (qy, py);
  int unused;
  float length = trace_link_length (dx, dy, &unused);
  float ux, uy, acc[TRACE_LANES] = { 0.0f, 0.0f, 0.0f, 0.0f,
                                     0.0f, 0.0f, 0.0f, 0.0f };

  if (length == 0.0f)
    return 0.0f;
  ux = TRACE_DIV (dx, length);
  uy = TRACE_DIV (dy, length);
  for (int k = 0; k < lat->m; k++)
    {
      float gx, gy;
      int v = j * lat->q + trace_lattice_offset (lat, k, l - j);
      trace_lattice_gradient (lat, gx_field, gy_field, x0, y0, width, height,
                              guide, k, v, &gx, &gy);
      acc[k % TRACE_LANES] = TRACE_ADD (acc[k % TRACE_LANES],
        trace_lattice_sample (gx, gy, ux, uy, thresholded, threshold,
                              polarity));
    }
  return trace_link_total (trace_lanes_total (acc), lat->m, mean, span,
                           length);
}

#endif
