/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the arithmetic of one gradient sample on a traced link, shared
 * by the CPU search and the CUDA kernel.  Every operation is spelled out in a
 * fixed order and never fused (on the device through the _rn intrinsics), so
 * both backends produce the same bits and hence the same polyline. */
#ifndef TESSERA_TRACE_SAMPLE_H
#define TESSERA_TRACE_SAMPLE_H

#include <math.h>

#if defined(__CUDA_ARCH__)
#define TRACE_INLINE __device__ static inline
#define TRACE_ADD(a, b) __fadd_rn ((a), (b))
#define TRACE_SUB(a, b) __fsub_rn ((a), (b))
#define TRACE_MUL(a, b) __fmul_rn ((a), (b))
#define TRACE_DIV(a, b) __fdiv_rn ((a), (b))
#define TRACE_SQRT(a)   __fsqrt_rn (a)
#elif defined(__CUDACC__)
#define TRACE_INLINE __host__ __device__ static inline
#define TRACE_ADD(a, b) ((a) + (b))
#define TRACE_SUB(a, b) ((a) - (b))
#define TRACE_MUL(a, b) ((a) * (b))
#define TRACE_DIV(a, b) ((a) / (b))
#define TRACE_SQRT(a)   sqrtf (a)
#else
#define TRACE_INLINE static inline
#define TRACE_ADD(a, b) ((a) + (b))
#define TRACE_SUB(a, b) ((a) - (b))
#define TRACE_MUL(a, b) ((a) * (b))
#define TRACE_DIV(a, b) ((a) / (b))
#define TRACE_SQRT(a)   sqrtf (a)
#endif

/* Sums over a link's samples are kept in this many partial sums (sample k
 * goes to k % TRACE_LANES) and added in the tree of trace_lanes_total: the
 * AVX2 path adds eight samples at once in exactly this way. */
#define TRACE_LANES 8

TRACE_INLINE float
trace_lanes_total (const float *acc)
{
  return TRACE_ADD (TRACE_ADD (TRACE_ADD (acc[0], acc[1]),
                               TRACE_ADD (acc[2], acc[3])),
                    TRACE_ADD (TRACE_ADD (acc[4], acc[5]),
                               TRACE_ADD (acc[6], acc[7])));
}

/* The gradient at window coordinates (fx, fy) (pixel centres at integers),
 * bilinear, clamped to the WIDTH x HEIGHT window. */
TRACE_INLINE void
trace_gradient_at (const float *gx_field, const float *gy_field,
                   int width, int height, float fx, float fy,
                   float *gx, float *gy)
{
  float mx = (float) (width - 1), my = (float) (height - 1);
  int i0, j0, i1, j1;
  float wx, wy, top, bottom;
  size_t a, b, c, d;

  fx = fx < 0.0f ? 0.0f : fx > mx ? mx : fx;
  fy = fy < 0.0f ? 0.0f : fy > my ? my : fy;
  i0 = (int) fx;
  j0 = (int) fy;
  i1 = i0 + (i0 < width - 1);
  j1 = j0 + (j0 < height - 1);
  wx = TRACE_SUB (fx, (float) i0);
  wy = TRACE_SUB (fy, (float) j0);
  a = (size_t) j0 * width + i0;
  b = (size_t) j0 * width + i1;
  c = (size_t) j1 * width + i0;
  d = (size_t) j1 * width + i1;
  top = TRACE_ADD (gx_field[a], TRACE_MUL (wx, TRACE_SUB (gx_field[b], gx_field[a])));
  bottom = TRACE_ADD (gx_field[c], TRACE_MUL (wx, TRACE_SUB (gx_field[d], gx_field[c])));
  *gx = TRACE_ADD (top, TRACE_MUL (wy, TRACE_SUB (bottom, top)));
  top = TRACE_ADD (gy_field[a], TRACE_MUL (wx, TRACE_SUB (gy_field[b], gy_field[a])));
  bottom = TRACE_ADD (gy_field[c], TRACE_MUL (wx, TRACE_SUB (gy_field[d], gy_field[c])));
  *gy = TRACE_ADD (top, TRACE_MUL (wy, TRACE_SUB (bottom, top)));
}

/* g x u, or its magnitude when POLARITY is 0, or its opposite when -1
 * (an exact negation, so the bits agree on every backend). */
TRACE_INLINE float
trace_signed (float cross, int polarity)
{
  return polarity == 0 ? fabsf (cross) : polarity > 0 ? cross : -cross;
}

/* Image coordinate X as a coordinate of the window that starts at pixel
 * ORIGIN (pixel centres at integers).  Exact wherever X lies half a pixel
 * or more inside the window (short of that the sample clamps to its edge
 * anyway), so every window that holds a search's samples gives the same
 * bits. */
TRACE_INLINE float
trace_window_coordinate (float x, int origin)
{
  return TRACE_SUB (TRACE_SUB (x, (float) origin), 0.5f);
}

/* g x u at image coordinates (x, y) moved by OFFSET along the left normal
 * (-uy, ux).  The move is made in image coordinates, before the window's
 * origin is taken off: made after it, its rounding would depend on where
 * the window starts, and the GPU, which holds only the search's part of
 * the gradient, would differ from the CPU in the last bits. */
TRACE_INLINE float
trace_cross_beside (const float *gx_field, const float *gy_field,
                    int x0, int y0, int width, int height, float x, float y,
                    float ux, float uy, float offset)
{
  float gx, gy;
  trace_gradient_at (gx_field, gy_field, width, height,
                     trace_window_coordinate (TRACE_SUB (x, TRACE_MUL (offset, uy)), x0),
                     trace_window_coordinate (TRACE_ADD (y, TRACE_MUL (offset, ux)), y0),
                     &gx, &gy);
  return TRACE_SUB (TRACE_MUL (gx, uy), TRACE_MUL (gy, ux));
}

/* What a sample at image coordinates (x, y) adds on a centre line HALF a
 * width from either flank: g x u on the left flank less on the right,
 * signed by POLARITY. */
TRACE_INLINE float
trace_line_sample (const float *gx_field, const float *gy_field,
                   int x0, int y0, int width, int height, float x, float y,
                   float ux, float uy, float half, int polarity)
{
  float left = trace_cross_beside (gx_field, gy_field, x0, y0, width, height,
                                   x, y, ux, uy, half);
  float right = trace_cross_beside (gx_field, gy_field, x0, y0, width, height,
                                    x, y, ux, uy, -half);
  return trace_signed (TRACE_SUB (left, right), polarity);
}

/* What sample K of M on the link from (px, py) along (dx, dy), unit (ux, uy),
 * adds: |g x u|, or with THRESHOLDED |sin| where |g| > THRESHOLD, signed by
 * POLARITY (trace_signed); with HALF > 0 trace_line_sample's.  The field is
 * the WIDTH x HEIGHT window whose pixel (0, 0) is (x0, y0) of the image. */
TRACE_INLINE float
trace_sample_value (const float *gx_field, const float *gy_field,
                    int x0, int y0, int width, int height,
                    float px, float py, float dx, float dy,
                    float ux, float uy, int k, int m,
                    int thresholded, float threshold, int polarity,
                    float half)
{
  float t = TRACE_DIV (TRACE_ADD ((float) k, 0.5f), (float) m);
  float x = TRACE_ADD (px, TRACE_MUL (t, dx));
  float y = TRACE_ADD (py, TRACE_MUL (t, dy));
  float gx, gy, cross, magnitude;

  if (half > 0.0f)
    return trace_line_sample (gx_field, gy_field, x0, y0, width, height, x,
                              y, ux, uy, half, polarity);
  trace_gradient_at (gx_field, gy_field, width, height,
                     trace_window_coordinate (x, x0),
                     trace_window_coordinate (y, y0), &gx, &gy);
  cross = trace_signed (TRACE_SUB (TRACE_MUL (gx, uy), TRACE_MUL (gy, ux)),
                       polarity);
  if (!thresholded)
    return cross;
  magnitude = TRACE_SQRT (TRACE_ADD (TRACE_MUL (gx, gx), TRACE_MUL (gy, gy)));
  return magnitude > threshold ? TRACE_DIV (cross, magnitude) : 0.0f;
}

/* A link's value from the total of its M samples; with MEAN their mean
 * times SPAN / LENGTH, the cosine of the link's angle with [a,b] (SPAN: how
 * far every link reaches along [a,b]), so that a link counts for the
 * ground it gains along the line, not for its length. */
TRACE_INLINE float
trace_link_total (float total, int m, int mean, float span, float length)
{
  if (!mean)
    return total;
  return TRACE_MUL (TRACE_DIV (total, (float) m), TRACE_DIV (span, length));
}

/* The link's length and sample count m = max(1, round(length)). */
TRACE_INLINE float
trace_link_length (float dx, float dy, int *m)
{
  float length = TRACE_SQRT (TRACE_ADD (TRACE_MUL (dx, dx), TRACE_MUL (dy, dy)));
  int count = (int) floorf (TRACE_ADD (length, 0.5f));
  *m = count < 1 ? 1 : count;
  return length;
}

#endif
