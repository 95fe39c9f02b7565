/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
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

/* One link with the plain or the AVX2 kernel (AVX512 takes AVX2's). */
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

#ifdef TRACE_HAVE_X86_KERNELS
#define AVX512_INLINE \
  static inline __attribute__ ((target ("avx512f"), always_inline))

/* The patch: PATCH_LINES lines of PATCH_SPAN pixels of the window copy,
 * two lines to a register. */
#define PATCH_LINES 4
#define PATCH_SPAN  8

/* What every sample of a group reads, set up once: the field and its
 * window copy, and trace_sample_value's constants in every lane. */
typedef struct
{
  const TraceLinks *links;
  __m512            x0, y0, half, last_x, last_y;
  __m512i           last_i, last_j, width, one;
  /* Patch offsets: i and j move along lines or across them, by STEP_I
   * (1 << SHIFT_I) and STEP_J; a patch holds offsets up to MOST_I + 1 and
   * MOST_J + 1 from its corner. */
  __m512i           shift_i, shift_j, step_i, step_j, most_i, most_j;
  bool              patches;               /* the window holds a patch */
  /* trace_signed: the magnitude, or the sign bit flipped by FLIP. */
  bool              magnitude;
  __m512i           flip;
  unsigned          last_line, last_span;  /* where a patch may start */
} Field16;

/* Sixteen links: sources, steps and unit directions, one to a lane. */
typedef struct
{
  __m512 px, py, dx, dy, ux, uy;
} Lanes;

/* Where sample k of each lane falls in the gradient: its top-left pixel
 * (i0, j0), whether the pixel to its right and the one below exist (else
 * the sample is clamped to the edge and reads i0 or j0 again), and the
 * bilinear weights. */
typedef struct
{
  __m512i   i0, j0;
  __mmask16 right, below;
  __m512    wx, wy;
} Corners;

AVX512_INLINE Field16
field16 (const TraceLinks *links)
{
  const TesseraGradient *g = links->gradient;
  bool columns = links->along_columns;
  int lines = columns ? links->width : links->height;
  int spans = columns ? links->height : links->width;
  Field16 f;

  f.links = links;
  f.x0 = _mm512_set1_ps ((float) g->x0);
  f.y0 = _mm512_set1_ps ((float) g->y0);
  f.half = _mm512_set1_ps (0.5f);
  f.last_x = _mm512_set1_ps ((float) (g->width - 1));
  f.last_y = _mm512_set1_ps ((float) (g->height - 1));
  f.last_i = _mm512_set1_epi32 (g->width - 1);
  f.last_j = _mm512_set1_epi32 (g->height - 1);
  f.width = _mm512_set1_epi32 (g->width);
  f.one = _mm512_set1_epi32 (1);
  f.shift_i = _mm512_set1_epi32 (columns ? 3 : 0);
  f.shift_j = _mm512_set1_epi32 (columns ? 0 : 3);
  f.step_i = _mm512_set1_epi32 (columns ? PATCH_SPAN : 1);
  f.step_j = _mm512_set1_epi32 (columns ? 1 : PATCH_SPAN);
  f.most_i = _mm512_set1_epi32 ((columns ? PATCH_LINES : PATCH_SPAN) - 2);
  f.most_j = _mm512_set1_epi32 ((columns ? PATCH_SPAN : PATCH_LINES) - 2);
  f.patches = lines >= PATCH_LINES && spans >= PATCH_SPAN;
  f.magnitude = links->score.polarity == 0;
  f.flip = _mm512_set1_epi32 (links->score.polarity < 0 ? INT32_MIN : 0);
  f.last_line = (unsigned) (lines - PATCH_LINES);
  f.last_span = (unsigned) (spans - PATCH_SPAN);
  return f;
}

/* trace_sample_value's position and clamping, for sample K of M. */
AVX512_INLINE Corners
corners_at (const Field16 *f, const Lanes *lanes, int k, int m)
{
  __m512 t = _mm512_set1_ps (((float) k + 0.5f) / (float) m);
  __m512 x = _mm512_add_ps (lanes->px, _mm512_mul_ps (t, lanes->dx));
  __m512 y = _mm512_add_ps (lanes->py, _mm512_mul_ps (t, lanes->dy));
  __m512 fx = _mm512_sub_ps (_mm512_sub_ps (x, f->x0), f->half);
  __m512 fy = _mm512_sub_ps (_mm512_sub_ps (y, f->y0), f->half);
  Corners c;

  fx = _mm512_min_ps (_mm512_max_ps (fx, _mm512_setzero_ps ()), f->last_x);
  fy = _mm512_min_ps (_mm512_max_ps (fy, _mm512_setzero_ps ()), f->last_y);
  c.i0 = _mm512_cvttps_epi32 (fx);
  c.j0 = _mm512_cvttps_epi32 (fy);
  c.right = _mm512_cmplt_epi32_mask (c.i0, f->last_i);
  c.below = _mm512_cmplt_epi32_mask (c.j0, f->last_j);
  c.wx = _mm512_sub_ps (fx, _mm512_cvtepi32_ps (c.i0));
  c.wy = _mm512_sub_ps (fy, _mm512_cvtepi32_ps (c.j0));
  return c;
}

AVX512_INLINE __m512
lerp16 (__m512 p, __m512 q, __m512 w)
{
  return _mm512_add_ps (p, _mm512_mul_ps (w, _mm512_sub_ps (q, p)));
}

/* The bilinear value from the four corners' values, in trace_gradient_at's
 * order. */
AVX512_INLINE __m512
bilinear16 (__m512 a, __m512 b, __m512 c, __m512 d, const Corners *at)
{
  return lerp16 (lerp16 (a, b, at->wx), lerp16 (c, d, at->wx), at->wy);
}

/* Two lines of the window from LINE on, as one register. */
AVX512_INLINE __m512
two_lines (const float *line, size_t stride)
{
  __m256d first = _mm256_castps_pd (_mm256_loadu_ps (line));
  __m256d second = _mm256_castps_pd (_mm256_loadu_ps (line + stride));
  return _mm512_castpd_ps (_mm512_insertf64x4 (_mm512_castpd256_pd512 (first),
                                               second, 1));
}

/* The patch's values at the corners' offsets A … D. */
AVX512_INLINE __m512
patch_bilinear (const float *corner, size_t stride, __m512i a, __m512i b,
                __m512i c, __m512i d, const Corners *at)
{
  __m512 lo = two_lines (corner, stride);
  __m512 hi = two_lines (corner + 2 * stride, stride);
  return bilinear16 (_mm512_permutex2var_ps (lo, a, hi),
                     _mm512_permutex2var_ps (lo, b, hi),
                     _mm512_permutex2var_ps (lo, c, hi),
                     _mm512_permutex2var_ps (lo, d, hi), at);
}

/* The lower of lanes 0 and 15: the lowest lane, as the lanes' samples
 * move monotonically across the guides (when they do not, the patch
 * check fails and the gradient is gathered). */
AVX512_INLINE int
lower_end (__m512i v)
{
  return _mm_cvtsi128_si32 (_mm512_castsi512_si128 (
           _mm512_min_epi32 (v, _mm512_alignr_epi32 (v, v, 15))));
}

/* The gradient at the corners from the window patch whose corner is at
 * the lowest i0 and j0, when every lane's four pixels lie in it; false
 * (and nothing read) when they do not. */
AVX512_INLINE bool
patch_gradient (const Field16 *f, const Corners *at, __m512 *gx, __m512 *gy)
{
  const TraceLinks *links = f->links;
  int lowest_i = lower_end (at->i0), lowest_j = lower_end (at->j0);
  int column = lowest_i - links->left, row = lowest_j - links->top;
  unsigned line = (unsigned) (links->along_columns ? column : row);
  unsigned span = (unsigned) (links->along_columns ? row : column);
  __m512i di = _mm512_sub_epi32 (at->i0, _mm512_set1_epi32 (lowest_i));
  __m512i dj = _mm512_sub_epi32 (at->j0, _mm512_set1_epi32 (lowest_j));
  __m512i a, b, c, d;
  const float *corner;

  if (line > f->last_line || span > f->last_span
      || (_mm512_cmpgt_epu32_mask (di, f->most_i)
          | _mm512_cmpgt_epu32_mask (dj, f->most_j)) != 0)
    return false;

  a = _mm512_add_epi32 (_mm512_sllv_epi32 (di, f->shift_i),
                        _mm512_sllv_epi32 (dj, f->shift_j));
  b = _mm512_mask_add_epi32 (a, at->right, a, f->step_i);
  c = _mm512_mask_add_epi32 (a, at->below, a, f->step_j);
  d = _mm512_mask_add_epi32 (c, at->right, c, f->step_i);
  corner = links->window_gx + line * links->stride + span;
  *gx = patch_bilinear (corner, links->stride, a, b, c, d, at);
  corner = links->window_gy + line * links->stride + span;
  *gy = patch_bilinear (corner, links->stride, a, b, c, d, at);
  return true;
}

/* The gradient at the corners, gathered from the whole field. */
AVX512_INLINE void
gathered_gradient (const Field16 *f, const Corners *at, __m512 *gx,
                   __m512 *gy)
{
  const TesseraGradient *g = f->links->gradient;
  __m512i a = _mm512_add_epi32 (_mm512_mullo_epi32 (at->j0, f->width), at->i0);
  __m512i b = _mm512_mask_add_epi32 (a, at->right, a, f->one);
  __m512i c = _mm512_mask_add_epi32 (a, at->below, a, f->width);
  __m512i d = _mm512_mask_add_epi32 (c, at->right, c, f->one);

  *gx = bilinear16 (_mm512_i32gather_ps (a, g->gx, 4),
                    _mm512_i32gather_ps (b, g->gx, 4),
                    _mm512_i32gather_ps (c, g->gx, 4),
                    _mm512_i32gather_ps (d, g->gx, 4), at);
  *gy = bilinear16 (_mm512_i32gather_ps (a, g->gy, 4),
                    _mm512_i32gather_ps (b, g->gy, 4),
                    _mm512_i32gather_ps (c, g->gy, 4),
                    _mm512_i32gather_ps (d, g->gy, 4), at);
}

/* What sample K of M adds in each lane (trace_sample_value); THRESHOLDED
 * is a constant where this is inlined. */
AVX512_INLINE __m512
sample16 (const Field16 *f, const Lanes *lanes, int k, int m,
          bool thresholded)
{
  Corners at = corners_at (f, lanes, k, m);
  __m512 gx, gy, cross, magnitude;
  __mmask16 above;

  if (!f->patches || !patch_gradient (f, &at, &gx, &gy))
    gathered_gradient (f, &at, &gx, &gy);
  cross = _mm512_sub_ps (_mm512_mul_ps (gx, lanes->uy),
                         _mm512_mul_ps (gy, lanes->ux));
  cross = f->magnitude ? _mm512_abs_ps (cross)
          : _mm512_castsi512_ps (_mm512_xor_si512 (_mm512_castps_si512 (cross),
                                                   f->flip));
  if (!thresholded)
    return cross;
  magnitude = _mm512_sqrt_ps (_mm512_add_ps (_mm512_mul_ps (gx, gx),
                                             _mm512_mul_ps (gy, gy)));
  above = _mm512_cmp_ps_mask (magnitude,
                              _mm512_set1_ps (f->links->score.threshold),
                              _CMP_GT_OQ);
  return _mm512_maskz_div_ps (above, cross, magnitude);
}

/* Sixteen links whose sample counts are all M, into VALUES.  Lane i sums
 * its sample k into partial sum k % 8, then adds the partial sums in the
 * tree of trace_lanes_total. */
AVX512_INLINE void
lanes_sum (const Field16 *f, const Lanes *lanes, int m, bool thresholded,
           float *values)
{
  __m512 acc[TRACE_LANES], low, high;
  int k0 = 0;

  for (int r = 0; r < TRACE_LANES; r++)
    acc[r] = _mm512_setzero_ps ();
  for (; k0 + TRACE_LANES <= m; k0 += TRACE_LANES)
    {
#pragma GCC unroll 8
      for (int r = 0; r < TRACE_LANES; r++)
        acc[r] = _mm512_add_ps (acc[r], sample16 (f, lanes, k0 + r, m,
                                                  thresholded));
    }
  for (int r = 0; k0 + r < m; r++)
    acc[r] = _mm512_add_ps (acc[r], sample16 (f, lanes, k0 + r, m,
                                              thresholded));
  low = _mm512_add_ps (_mm512_add_ps (acc[0], acc[1]),
                       _mm512_add_ps (acc[2], acc[3]));
  high = _mm512_add_ps (_mm512_add_ps (acc[4], acc[5]),
                        _mm512_add_ps (acc[6], acc[7]));
  _mm512_storeu_ps (values, _mm512_add_ps (low, high));
}

/* Lanes from COUNT links; the lanes beyond repeat the last link, so that
 * the lanes' samples stay in order across the guides. */
AVX512_INLINE Lanes
lanes_of (const float *px, const float *py, const float *qx, const float *qy,
          int count)
{
  __mmask16 live = (__mmask16) ((1u << count) - 1);
  Lanes lanes;
  __m512 q;

  lanes.px = _mm512_mask_loadu_ps (_mm512_set1_ps (px[count - 1]), live, px);
  lanes.py = _mm512_mask_loadu_ps (_mm512_set1_ps (py[count - 1]), live, py);
  q = _mm512_mask_loadu_ps (_mm512_set1_ps (qx[count - 1]), live, qx);
  lanes.dx = _mm512_sub_ps (q, lanes.px);
  q = _mm512_mask_loadu_ps (_mm512_set1_ps (qy[count - 1]), live, qy);
  lanes.dy = _mm512_sub_ps (q, lanes.py);
  return lanes;
}

/* COUNT links into VALUES.  A link whose sample count differs from the
 * first's, or of length 0, is left to the AVX2 kernel. */
__attribute__ ((target ("avx512f"))) static void
group_avx512 (const TraceLinks *links, const float *px, const float *py,
              const float *qx, const float *qy, int count, float *values)
{
  __mmask16 live = (__mmask16) ((1u << count) - 1), alone;
  Lanes lanes = lanes_of (px, py, qx, qy, count);
  Field16 f = field16 (links);
  __m512 length;
  __m512i m;
  int first_m;
  float sums[TRACE_GROUP], lengths[TRACE_GROUP];

  /* trace_link_length, lane by lane. */
  length = _mm512_sqrt_ps (_mm512_add_ps (_mm512_mul_ps (lanes.dx, lanes.dx),
                                          _mm512_mul_ps (lanes.dy, lanes.dy)));
  m = _mm512_max_epi32 (_mm512_cvttps_epi32 (_mm512_floor_ps (
                          _mm512_add_ps (length, f.half))), f.one);
  first_m = _mm_cvtsi128_si32 (_mm512_castsi512_si128 (m));
  _mm512_storeu_ps (lengths, length);
  lanes.ux = _mm512_div_ps (lanes.dx, length);
  lanes.uy = _mm512_div_ps (lanes.dy, length);
  alone = _mm512_mask_cmpneq_epi32_mask (live, m, _mm512_set1_epi32 (first_m))
          | _mm512_mask_cmpeq_ps_mask (live, length, _mm512_setzero_ps ());

  if (alone != live && links->score.thresholded)
    lanes_sum (&f, &lanes, first_m, true, sums);
  else if (alone != live)
    lanes_sum (&f, &lanes, first_m, false, sums);
  for (int i = 0; i < count; i++)
    values[i] = alone >> i & 1
      ? link_value (links->gradient, TRACE_KERNEL_AVX2, &links->score,
                    px[i], py[i], qx[i], qy[i])
      : trace_link_total (sums[i], first_m, links->score.mean,
                          links->score.span, lengths[i]);
}

/* Whether the samples of sixteen neighbouring points of a guide, taken
 * together, can fit a patch: fifteen steps along the guide must leave room
 * for the pixels to the right and below. */
static bool
patches_fit (const TesseraTraceGeometry *geo, bool along_columns)
{
  float step_x, step_y;

  if (geo->points < 2)
    return true;
  step_x = fabsf (geo->x[1] - geo->x[0]) * (TRACE_GROUP - 1);
  step_y = fabsf (geo->y[1] - geo->y[0]) * (TRACE_GROUP - 1);
  return (along_columns ? step_y : step_x) < PATCH_SPAN - 1
         && (along_columns ? step_x : step_y) < PATCH_LINES - 1;
}

/* Copies the search window of the gradient, lines along the guides.  When
 * no patch could hold a group's samples, the links are left to AVX2:
 * gathering sixteen links' samples, pixels apart, is slower than gathering
 * eight neighbouring samples of one link. */
static TesseraStatus
copy_window (TraceLinks *links, const TesseraTraceGeometry *geo)
{
  const TesseraGradient *g = links->gradient;
  int d = geo->points, left, top, lines, spans;
  float across_x = geo->x[d - 1] - geo->x[0];
  float across_y = geo->y[d - 1] - geo->y[0];

  links->along_columns = fabsf (across_y) > fabsf (across_x);
  if (!patches_fit (geo, links->along_columns))
    {
      links->kernel = TRACE_KERNEL_AVX2;
      return TESSERA_OK;
    }
  tessera_trace_window (geo, g->x0, g->y0, g->x0 + g->width,
                        g->y0 + g->height, &left, &top, &links->width,
                        &links->height);
  links->left = left - g->x0;
  links->top = top - g->y0;
  lines = links->along_columns ? links->width : links->height;
  spans = links->along_columns ? links->height : links->width;
  links->stride = (size_t) spans;
  links->window_gx = malloc (sizeof (float) * lines * links->stride);
  links->window_gy = malloc (sizeof (float) * lines * links->stride);
  if (links->window_gx == NULL || links->window_gy == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;

  for (int j = 0; j < links->height; j++)
    for (int i = 0; i < links->width; i++)
      {
        size_t from = (size_t) (links->top + j) * g->width + links->left + i;
        size_t to = links->along_columns ? (size_t) i * links->stride + j
                                         : (size_t) j * links->stride + i;
        links->window_gx[to] = g->gx[from];
        links->window_gy[to] = g->gy[from];
      }
  return TESSERA_OK;
}
#endif

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
    case TRACE_KERNEL_AVX512:
      return tessera_simd_allows (TESSERA_SIMD_AVX512);
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
  TesseraStatus status = TESSERA_OK;

  *links = (TraceLinks) { 0 };
  links->gradient = gradient;
  links->kernel = gatherable (gradient) ? kernel : TRACE_KERNEL_PLAIN;
  links->score = trace_score_of (params, geometry->span);
  if (links->score.half > 0.0f)
    links->kernel = TRACE_KERNEL_PLAIN;
#ifdef TRACE_HAVE_X86_KERNELS
  if (links->kernel == TRACE_KERNEL_AVX512)
    status = copy_window (links, geometry);
#endif
  if (status != TESSERA_OK)
    trace_links_clear (links);
  return status;
}

void
trace_links_clear (TraceLinks *links)
{
  free (links->window_gx);
  free (links->window_gy);
  links->window_gx = links->window_gy = NULL;
}

float
trace_links_one (const TraceLinks *links, float px, float py, float qx,
                 float qy)
{
  return link_value (links->gradient, links->kernel, &links->score,
                     px, py, qx, qy);
}

void
trace_links_group (const TraceLinks *links, const float *px, const float *py,
                   const float *qx, const float *qy, int count,
                   uint32_t wanted, float *values)
{
#ifdef TRACE_HAVE_X86_KERNELS
  if (links->kernel == TRACE_KERNEL_AVX512)
    {
      if (wanted != 0)
        group_avx512 (links, px, py, qx, qy, count, values);
      return;
    }
#endif
  for (int i = 0; i < count; i++)
    if (wanted >> i & 1)
      values[i] = trace_links_one (links, px[i], py[i], qx[i], qy[i]);
}
