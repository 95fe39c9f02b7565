/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include "trace-links.h"
#include "trace-sample.h"
#include "simd.h"

/* The plain kernel: one sample after another into the partial sums. */
TraceScore
trace_score_of (const TesseraTrace *p, double span)
{
  TraceScore score = { p->objective == TESSERA_TRACE_THRESHOLDED_SINE,
                       (float) p->threshold, p->ends.polarity, p->mean,
                       (float) span, (float) (0.5 * p->line_width) };
  return score;
}

static float
link_sum_plain (const TesseraGradient *g, const TraceScore *score,
                float px, float py, float dx, float dy, float ux, float uy,
                int m)
{
  float acc[TRACE_LANES] = { 0.0f };
  for (int k = 0; k < m; k++)
    acc[k % TRACE_LANES] += trace_sample_value (g->gx, g->gy, g->x0, g->y0,
                                                g->width, g->height, px, py,
                                                dx, dy, ux, uy, k, m,
                                                score->thresholded,
                                                score->threshold,
                                                score->polarity,
                                                score->half);
  return trace_lanes_total (acc);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TRACE_HAVE_X86_KERNELS 1

/* Eight samples at once with gathers: the same operations in the same order
 * as trace_sample_value, lane k % 8 of the sums, so the bits agree. */
__attribute__ ((target ("avx2"))) static float
link_sum_avx2 (const TesseraGradient *g, const TraceScore *score,
               float px, float py, float dx, float dy, float ux, float uy,
               int m)
{
  int thresholded = score->thresholded;
  float threshold = score->threshold;
  const __m256i lane = _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7);
  const __m256 zero = _mm256_setzero_ps ();
  const __m256 mx = _mm256_set1_ps ((float) (g->width - 1));
  const __m256 my = _mm256_set1_ps ((float) (g->height - 1));
  const __m256i last_i = _mm256_set1_epi32 (g->width - 1);
  const __m256i last_j = _mm256_set1_epi32 (g->height - 1);
  const __m256i width = _mm256_set1_epi32 (g->width);
  const __m256 sign = _mm256_set1_ps (-0.0f);
  __m256 acc = zero;
  float sums[TRACE_LANES];

  for (int k0 = 0; k0 < m; k0 += TRACE_LANES)
    {
      __m256i k = _mm256_add_epi32 (_mm256_set1_epi32 (k0), lane);
      __m256 live = _mm256_castsi256_ps (_mm256_cmpgt_epi32 (_mm256_set1_epi32 (m), k));
      __m256 t = _mm256_div_ps (_mm256_add_ps (_mm256_cvtepi32_ps (k), _mm256_set1_ps (0.5f)),
                                _mm256_set1_ps ((float) m));
      __m256 x = _mm256_add_ps (_mm256_set1_ps (px), _mm256_mul_ps (t, _mm256_set1_ps (dx)));
      __m256 y = _mm256_add_ps (_mm256_set1_ps (py), _mm256_mul_ps (t, _mm256_set1_ps (dy)));
      __m256 fx = _mm256_sub_ps (_mm256_sub_ps (x, _mm256_set1_ps ((float) g->x0)), _mm256_set1_ps (0.5f));
      __m256 fy = _mm256_sub_ps (_mm256_sub_ps (y, _mm256_set1_ps ((float) g->y0)), _mm256_set1_ps (0.5f));
      __m256i i0, j0, i1, j1, a, b, c, d;
      __m256 wx, wy, top, bottom, gx, gy, cross, v;

      fx = _mm256_min_ps (_mm256_max_ps (fx, zero), mx);
      fy = _mm256_min_ps (_mm256_max_ps (fy, zero), my);
      i0 = _mm256_cvttps_epi32 (fx);
      j0 = _mm256_cvttps_epi32 (fy);
      /* i0 < last adds one: the comparison's all-ones is -1. */
      i1 = _mm256_sub_epi32 (i0, _mm256_cmpgt_epi32 (last_i, i0));
      j1 = _mm256_sub_epi32 (j0, _mm256_cmpgt_epi32 (last_j, j0));
      wx = _mm256_sub_ps (fx, _mm256_cvtepi32_ps (i0));
      wy = _mm256_sub_ps (fy, _mm256_cvtepi32_ps (j0));
      a = _mm256_add_epi32 (_mm256_mullo_epi32 (j0, width), i0);
      b = _mm256_add_epi32 (_mm256_mullo_epi32 (j0, width), i1);
      c = _mm256_add_epi32 (_mm256_mullo_epi32 (j1, width), i0);
      d = _mm256_add_epi32 (_mm256_mullo_epi32 (j1, width), i1);

#define LERP(p, q, w) _mm256_add_ps ((p), _mm256_mul_ps ((w), _mm256_sub_ps ((q), (p))))
#define BILINEAR(field)                                                       \
      (top = LERP (_mm256_i32gather_ps (field, a, 4),                          \
                   _mm256_i32gather_ps (field, b, 4), wx),                     \
       bottom = LERP (_mm256_i32gather_ps (field, c, 4),                       \
                      _mm256_i32gather_ps (field, d, 4), wx),                  \
       LERP (top, bottom, wy))
      gx = BILINEAR (g->gx);
      gy = BILINEAR (g->gy);
#undef BILINEAR
#undef LERP

      cross = _mm256_sub_ps (_mm256_mul_ps (gx, _mm256_set1_ps (uy)),
                             _mm256_mul_ps (gy, _mm256_set1_ps (ux)));
      /* trace_signed: the magnitude, or the sign flipped for -1. */
      if (score->polarity == 0)
        cross = _mm256_andnot_ps (sign, cross);
      else if (score->polarity < 0)
        cross = _mm256_xor_ps (sign, cross);
      if (thresholded)
        {
          __m256 magnitude = _mm256_sqrt_ps (_mm256_add_ps (_mm256_mul_ps (gx, gx),
                                                            _mm256_mul_ps (gy, gy)));
          __m256 above = _mm256_cmp_ps (magnitude, _mm256_set1_ps (threshold), _CMP_GT_OQ);
          v = _mm256_and_ps (above, _mm256_div_ps (cross, magnitude));
        }
      else
        v = cross;
      acc = _mm256_add_ps (acc, _mm256_and_ps (live, v));
    }
  _mm256_storeu_ps (sums, acc);
  return trace_lanes_total (sums);
}
#endif

/* One link where it lies, with the plain or the AVX2 kernel. */
static float
link_value (const TesseraGradient *g, TraceKernel kernel,
            const TraceScore *score, float px, float py, float qx, float qy)
{
  float dx = qx - px, dy = qy - py, total;
  int m;
  float length = trace_link_length (dx, dy, &m);

  if (length == 0.0f)
    return 0.0f;
#ifdef TRACE_HAVE_X86_KERNELS
  /* Centre lines: the plain kernel alone. */
  if (kernel != TRACE_KERNEL_PLAIN && score->half == 0.0f)
    total = link_sum_avx2 (g, score, px, py, dx, dy, dx / length,
                           dy / length, m);
  else
#endif
  total = link_sum_plain (g, score, px, py, dx, dy, dx / length,
                          dy / length, m);
  return trace_link_total (total, m, score->mean, score->span, length);
}

/* Gathers take 32-bit offsets. */
static bool
gatherable (const TesseraGradient *g)
{
  return (size_t) g->width * g->height < ((size_t) 1 << 31);
}

float
tessera_trace_link_value (const TesseraGradient *gradient,
                          const TesseraTrace *p, double span,
                          float px, float py, float qx, float qy)
{
  TraceKernel kernel = trace_kernel_supported (TRACE_KERNEL_AVX2)
                       && gatherable (gradient)
                       ? TRACE_KERNEL_AVX2 : TRACE_KERNEL_PLAIN;
  TraceScore score = trace_score_of (p, span);
  return link_value (gradient, kernel, &score, px, py, qx, qy);
}


/* The table may take up to this many values a field; beyond, the links
 * sample the field lattice point by point (same bits, slower). */
#define TABLE_MAX_VALUES ((size_t) 4 << 20)

int
trace_links_pair (TraceLinks *links, int guide)
{
  const TraceLattice *lat = &links->geometry->lattice;
  int rows = lat->m * lat->q;
  size_t values = (size_t) rows * links->stride;

  links->guide = guide;
  links->failed = false;
  if (links->score.half > 0.0f || values > TABLE_MAX_VALUES)
    return 0;
  if (links->table_gx == NULL)
    {
      links->table_gx = calloc (values, sizeof (float));
      links->table_gy = calloc (values, sizeof (float));
      if (links->table_gx == NULL || links->table_gy == NULL)
        {
          trace_links_clear (links);
          links->failed = true;
          return 0;
        }
    }
  return rows;
}

void
trace_links_row (const TraceLinks *links, int row)
{
  const TraceLattice *lat = &links->geometry->lattice;
  const TesseraGradient *g = links->gradient;
  int d = links->geometry->points, k = row / lat->q, r = row % lat->q;
  float *gx = links->table_gx + (size_t) row * links->stride;
  float *gy = links->table_gy + (size_t) row * links->stride;

  /* Row k q + r holds lines v = u q + r; lines past the last (u = d - 1,
   * r > 0, and the padding) stay zero, read only by lanes beyond a
   * group's links. */
  for (int u = 0; u < d; u++)
    if (u < d - 1 || r == 0)
      trace_lattice_gradient (lat, g->gx, g->gy, g->x0, g->y0, g->width,
                              g->height, links->guide, k, u * lat->q + r,
                              &gx[u], &gy[u]);
}

/* The link's unit direction and length, as trace_lattice_link has them. */
static float
link_direction (float px, float py, float qx, float qy, float *ux, float *uy)
{
  float dx = qx - px, dy = qy - py;
  int unused;
  float length = trace_link_length (dx, dy, &unused);
  *ux = dx / length;
  *uy = dy / length;
  return length;
}

void
trace_links_shifts (const TraceLinks *links, int delta, ptrdiff_t *shifts)
{
  const TraceLattice *lat = &links->geometry->lattice;

  for (int k = 0; k < lat->m; k++)
    {
      int offset = trace_lattice_offset (lat, k, delta);
      int r = ((offset % lat->q) + lat->q) % lat->q;
      int shift = (offset - r) / lat->q;
      shifts[k] = (ptrdiff_t) ((size_t) (k * lat->q + r) * links->stride)
                  + shift;
    }
}

/* COUNT links from the table, one after another. */
static void
diagonal_plain (const TraceLinks *links, const ptrdiff_t *shifts, int j0,
               int delta, int count,
                float *values)
{
  const TesseraTraceGeometry *geo = links->geometry;
  const TraceLattice *lat = &geo->lattice;
  const TraceScore *score = &links->score;
  int d = geo->points, guide = links->guide;

  for (int i = 0; i < count; i++)
    {
      int j = j0 + i, l = j + delta;
      size_t p = (size_t) guide * d + j, q = (size_t) (guide + 1) * d + l;
      float acc[TRACE_LANES] = { 0.0f }, ux, uy;
      float length = link_direction (geo->x[p], geo->y[p], geo->x[q],
                                     geo->y[q], &ux, &uy);

      for (int k = 0; k < lat->m; k++)
        {
          ptrdiff_t at = shifts[k] + j;
          acc[k % TRACE_LANES] += trace_lattice_sample (
            links->table_gx[at], links->table_gy[at], ux, uy,
            score->thresholded, score->threshold, score->polarity);
        }
      values[i] = trace_link_total (trace_lanes_total (acc), lat->m,
                                    score->mean, score->span, length);
    }
}

#ifdef TRACE_HAVE_X86_KERNELS
/* What the samples at TABLE_GX/GY + AT add in eight lanes:
 * trace_lattice_sample's operations. */
static inline __attribute__ ((target ("avx2"), always_inline)) __m256
lattice_sample8 (const TraceLinks *links, ptrdiff_t at, __m256 ux, __m256 uy)
{
  const TraceScore *score = &links->score;
  const __m256 sign = _mm256_set1_ps (-0.0f);
  __m256 gx = _mm256_loadu_ps (links->table_gx + at);
  __m256 gy = _mm256_loadu_ps (links->table_gy + at);
  __m256 v = _mm256_sub_ps (_mm256_mul_ps (gx, uy), _mm256_mul_ps (gy, ux));

  if (score->polarity == 0)
    v = _mm256_andnot_ps (sign, v);
  else if (score->polarity < 0)
    v = _mm256_xor_ps (sign, v);
  if (score->thresholded)
    {
      __m256 magnitude = _mm256_sqrt_ps (_mm256_add_ps (_mm256_mul_ps (gx, gx),
                                                        _mm256_mul_ps (gy, gy)));
      __m256 above = _mm256_cmp_ps (magnitude,
                                    _mm256_set1_ps (score->threshold),
                                    _CMP_GT_OQ);
      v = _mm256_and_ps (above, _mm256_div_ps (v, magnitude));
    }
  return v;
}

/* Eight links of one diagonal at once: lane i is link J0 + i, its sample
 * k a load from the table's row shifted by J0 + i; the same operations in
 * the same order as diagonal_plain. */
__attribute__ ((target ("avx2"))) static void
diagonal_avx2 (const TraceLinks *links, const ptrdiff_t *shifts, int j0,
               int delta, int count, float *values)
{
  const TesseraTraceGeometry *geo = links->geometry;
  const TraceScore *score = &links->score;
  int d = geo->points, guide = links->guide, m = geo->lattice.m, k0 = 0;
  const float *px = geo->x + (size_t) guide * d + j0;
  const float *py = geo->y + (size_t) guide * d + j0;
  const float *qx = geo->x + (size_t) (guide + 1) * d + j0 + delta;
  const float *qy = geo->y + (size_t) (guide + 1) * d + j0 + delta;
  /* Lanes beyond COUNT repeat the last link, so that they divide by a
   * length that is not zero. */
  __m256i lane = _mm256_min_epi32 (_mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7),
                                   _mm256_set1_epi32 (count - 1));
  __m256 dx = _mm256_sub_ps (_mm256_i32gather_ps (qx, lane, 4),
                             _mm256_i32gather_ps (px, lane, 4));
  __m256 dy = _mm256_sub_ps (_mm256_i32gather_ps (qy, lane, 4),
                             _mm256_i32gather_ps (py, lane, 4));
  __m256 length = _mm256_sqrt_ps (_mm256_add_ps (_mm256_mul_ps (dx, dx),
                                                 _mm256_mul_ps (dy, dy)));
  __m256 ux = _mm256_div_ps (dx, length), uy = _mm256_div_ps (dy, length);
  __m256 acc[TRACE_LANES], low, high, total;
  float sums[8];

  for (int r = 0; r < TRACE_LANES; r++)
    acc[r] = _mm256_setzero_ps ();
  for (; k0 + TRACE_LANES <= m; k0 += TRACE_LANES)
    {
#pragma GCC unroll 8
      for (int r = 0; r < TRACE_LANES; r++)
        acc[r] = _mm256_add_ps (acc[r], lattice_sample8 (links,
                                                         shifts[k0 + r] + j0,
                                                         ux, uy));
    }
  for (int r = 0; k0 + r < m; r++)
    acc[r] = _mm256_add_ps (acc[r], lattice_sample8 (links, shifts[k0 + r] + j0,
                                                     ux, uy));
  low = _mm256_add_ps (_mm256_add_ps (acc[0], acc[1]),
                       _mm256_add_ps (acc[2], acc[3]));
  high = _mm256_add_ps (_mm256_add_ps (acc[4], acc[5]),
                        _mm256_add_ps (acc[6], acc[7]));
  total = _mm256_add_ps (low, high);
  if (score->mean)
    total = _mm256_mul_ps (_mm256_div_ps (total, _mm256_set1_ps ((float) m)),
                           _mm256_div_ps (_mm256_set1_ps (score->span), length));
  _mm256_storeu_ps (sums, total);
  for (int i = 0; i < count; i++)
    values[i] = sums[i];
}
#endif

/* COUNT links sampled lattice point by lattice point: centre lines (where
 * they lie), or a lattice too large for its table. */
static void
diagonal_direct (const TraceLinks *links, int j0, int delta, int count,
                 float *values)
{
  const TesseraTraceGeometry *geo = links->geometry;
  const TesseraGradient *g = links->gradient;
  const TraceScore *s = &links->score;
  int d = geo->points, guide = links->guide;

  for (int i = 0; i < count; i++)
    {
      int j = j0 + i, l = j + delta;
      size_t p = (size_t) guide * d + j, q = (size_t) (guide + 1) * d + l;
      values[i] = s->half > 0.0f
        ? trace_links_one (links, geo->x[p], geo->y[p], geo->x[q], geo->y[q])
        : trace_lattice_link (&geo->lattice, g->gx, g->gy, g->x0, g->y0,
                              g->width, g->height, guide, j, l, geo->x[p],
                              geo->y[p], geo->x[q], geo->y[q],
                              s->thresholded, s->threshold, s->polarity,
                              s->mean, s->span);
    }
}

void
trace_links_diagonal (const TraceLinks *links, const ptrdiff_t *shifts,
                      int j0, int delta, int count, float *values)
{
  if (links->table_gx == NULL || links->score.half > 0.0f)
    {
      diagonal_direct (links, j0, delta, count, values);
      return;
    }
#ifdef TRACE_HAVE_X86_KERNELS
  if (links->kernel == TRACE_KERNEL_AVX2)
    {
      for (int i = 0; i < count; i += 8)
        diagonal_avx2 (links, shifts, j0 + i, delta, count - i < 8 ? count - i : 8,
                       values + i);
      return;
    }
#endif
  diagonal_plain (links, shifts, j0, delta, count, values);
}

bool
trace_kernel_supported (TraceKernel kernel)
{
  switch (kernel)
    {
    case TRACE_KERNEL_PLAIN:
      return true;
#ifdef TRACE_HAVE_X86_KERNELS
    case TRACE_KERNEL_AVX2:
      return tessera_simd_allows (TESSERA_SIMD_AVX2);
#endif
    default:
      return false;
    }
}

TraceKernel
trace_kernel_best (void)
{
  TraceKernel best = TRACE_KERNEL_PLAIN;
  for (int kernel = 0; kernel < TRACE_KERNEL_COUNT; kernel++)
    if (trace_kernel_supported ((TraceKernel) kernel))
      best = (TraceKernel) kernel;
  return best;
}

TesseraStatus
trace_links_init (TraceLinks *links, const TesseraGradient *gradient,
                  const TesseraTrace *params,
                  const TesseraTraceGeometry *geometry, TraceKernel kernel)
{
  *links = (TraceLinks) { 0 };
  links->gradient = gradient;
  links->geometry = geometry;
  links->kernel = gatherable (gradient) ? kernel : TRACE_KERNEL_PLAIN;
  links->score = trace_score_of (params, geometry->span);
  links->stride = (size_t) geometry->points + 8;
  links->guide = -1;
  return TESSERA_OK;
}

void
trace_links_clear (TraceLinks *links)
{
  free (links->table_gx);
  free (links->table_gy);
  links->table_gx = links->table_gy = NULL;
}

float
trace_links_one (const TraceLinks *links, float px, float py, float qx,
                 float qy)
{
  return link_value (links->gradient, links->kernel, &links->score,
                     px, py, qx, qy);
}
