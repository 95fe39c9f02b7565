/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the exact polyline search of core/trace-line.h on the GPU.
 *
 * One thread per link (pair of points on consecutive guides) sums that
 * link's samples with the arithmetic of core/trace-sample.h (on the
 * lattice of core/trace-lattice.h between guides, as the CPU does), so every value
 * has the CPU's bits (the device holds only the part of the gradient that
 * the samples reach, which gives the same bits: trace_window_coordinate);
 * the best predecessor of each pair is a maximum over the window of
 * allowed turns, ties to the lowest index, as on the CPU. */
#include <cuda_runtime.h>
#include <climits>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "tessera-cuda.h"
#include "common.cuh"
#include "../core/trace-sample.h"
#include "../core/trace-lattice.h"

namespace {

struct Field
{
  const float *gx, *gy;
  int x0, y0, width, height;
};

struct Search
{
  Field        field;
  const float *x, *y;        /* guide points, guide-major */
  float        ax, ay, bx, by;
  int          d;
  int          thresholded;
  float        threshold;
  int          polarity, mean;
  float        span;
  float        half;
  TraceLattice lattice;
};

__device__ float
link_value (const Search &s, float px, float py, float qx, float qy)
{
  float dx = TRACE_SUB (qx, px), dy = TRACE_SUB (qy, py);
  int m;
  float length = trace_link_length (dx, dy, &m);
  float ux, uy, acc[TRACE_LANES] = { 0.0f };

  if (length == 0.0f)
    return 0.0f;
  ux = TRACE_DIV (dx, length);
  uy = TRACE_DIV (dy, length);
  for (int k0 = 0; k0 < m; k0 += TRACE_LANES)
    {
#pragma unroll
      for (int lane = 0; lane < TRACE_LANES; lane++)
        if (k0 + lane < m)
          acc[lane] = TRACE_ADD (acc[lane],
            trace_sample_value (s.field.gx, s.field.gy, s.field.x0,
                                s.field.y0, s.field.width, s.field.height,
                                px, py, dx, dy, ux, uy, k0 + lane, m,
                                s.thresholded, s.threshold, s.polarity,
                                s.half));
    }
  return trace_link_total (trace_lanes_total (acc), m, s.mean, s.span, length);
}

/* From point J of GUIDE to point L of the next: on the lattice for edges
 * (core/trace-lattice.h), where it lies for centre lines. */
__device__ float
inner_link (const Search &s, int guide, int j, int l)
{
  int from = guide * s.d + j, to = (guide + 1) * s.d + l;
  if (s.half > 0.0f)
    return link_value (s, s.x[from], s.y[from], s.x[to], s.y[to]);
  return trace_lattice_link (&s.lattice, s.field.gx, s.field.gy, s.field.x0,
                             s.field.y0, s.field.width, s.field.height, guide,
                             j, l, s.x[from], s.y[from], s.x[to], s.y[to],
                             s.thresholded, s.threshold, s.polarity, s.mean,
                             s.span);
}

/* From a to each point of the first guide, and from each point of the last
 * guide to b. */
__global__ void
end_links (Search s, int last_guide, float *from_a, float *to_b)
{
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= s.d)
    return;
  from_a[j] = link_value (s, s.ax, s.ay, s.x[j], s.y[j]);
  int at = last_guide * s.d + j;
  to_b[j] = link_value (s, s.x[at], s.y[at], s.bx, s.by);
}

/* F[j * d + k]: a, p_1 = j, p_2 = k. */
__global__ void
first_pair (Search s, const float *from_a, const double *angle_from_a,
            const double *angle_between, const unsigned char *start_ok,
            double max_angle, float *F)
{
  int k = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
  if (k >= s.d)
    return;
  double turn = angle_from_a[j] - angle_between[k - j + s.d - 1];
  float v = -INFINITY;
  if (start_ok[j] && fabs (turn) <= max_angle)
    v = TRACE_ADD (from_a[j], inner_link (s, 0, j, k));
  F[(size_t) j * s.d + k] = v;
}

/* From F over (j, k) on guides (g-1, g) to (k, l) on (g, g+1).  A block
 * holds column k of F in shared memory; thread l scans its window. */
__global__ void
next_pair (Search s, int guide, const int *turn_lo, const int *turn_hi,
           const float *F, float *next, uint16_t *back)
{
  extern __shared__ float column[];
  int d = s.d, k = blockIdx.x;

  for (int j = threadIdx.x; j < d; j += blockDim.x)
    column[j] = F[(size_t) j * d + k];
  __syncthreads ();

  for (int l = blockIdx.y * blockDim.x + threadIdx.x; l < d;
       l += gridDim.y * blockDim.x)
    {
      int out = l - k + d - 1;
      int first = max (0, k - turn_hi[out]), last = min (d - 1, k - turn_lo[out]);
      float best = -INFINITY;
      int arg = 0;
      bool any = false;

      for (int j = first; j <= last; j++)
        if (!any || column[j] > best)
          {
            best = column[j];
            arg = j;
            any = true;
          }
      back[(size_t) k * d + l] = (uint16_t) arg;
      next[(size_t) k * d + l] = best == -INFINITY ? -INFINITY
        : TRACE_ADD (best, inner_link (s, guide, k, l));
    }
}

/* Per block, the best (j, k) with the link to b: value and k * d + j, the
 * lowest index among equals. */
__global__ void
last_pair (Search s, const float *F, const float *to_b,
           const double *angle_between, const double *angle_to_b,
           const unsigned char *end_ok, double max_angle, float *best_value,
           int *best_index)
{
  __shared__ float values[256];
  __shared__ int indices[256];
  int d = s.d, i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = -INFINITY;
  int index = INT_MAX;

  if (i < d * d)
    {
      int k = i / d, j = i % d;
      float f = F[(size_t) j * d + k];
      if (f != -INFINITY && end_ok[k]
          && fabs (angle_between[k - j + d - 1] - angle_to_b[k]) <= max_angle)
        {
          v = TRACE_ADD (f, to_b[k]);
          index = i;
        }
    }
  values[threadIdx.x] = v;
  indices[threadIdx.x] = index;
  __syncthreads ();
  for (int half = blockDim.x / 2; half > 0; half /= 2)
    {
      if (threadIdx.x < half)
        {
          float ov = values[threadIdx.x + half];
          int oi = indices[threadIdx.x + half];
          if (ov > values[threadIdx.x]
              || (ov == values[threadIdx.x] && oi < indices[threadIdx.x]))
            {
              values[threadIdx.x] = ov;
              indices[threadIdx.x] = oi;
            }
        }
      __syncthreads ();
    }
  if (threadIdx.x == 0)
    {
      best_value[blockIdx.x] = values[0];
      best_index[blockIdx.x] = indices[0];
    }
}

/* Walks the back pointers from the last pair to the first guide. */
__global__ void
backtrack (const uint16_t *back, int n, int d, int *chosen)
{
  size_t pairs = (size_t) d * d;
  for (int g = n - 2; g >= 1; g--)
    chosen[g - 1] = back[(size_t) (g - 1) * pairs
                         + (size_t) chosen[g] * d + chosen[g + 1]];
}

template <typename T>
TesseraStatus
upload (TesseraDeviceBuffer &buffer, const T *host, size_t count)
{
  TESSERA_CUDA_CHECK (buffer.allocate (sizeof (T) * count));
  return tessera_cuda_status (cudaMemcpy (buffer.as<T> (), host,
                                          sizeof (T) * count,
                                          cudaMemcpyHostToDevice));
}

/* The part of the gradient window that the search samples: outside it the
 * samples clamp exactly where they clamp in the whole window. */
TesseraStatus
upload_field (const TesseraGradient *g, const TesseraTraceGeometry *geo,
              TesseraDeviceBuffer &gx, TesseraDeviceBuffer &gy, Field *field)
{
  int left, top, w, h;
  tessera_trace_window (geo, g->x0, g->y0, g->x0 + g->width, g->y0 + g->height,
                        &left, &top, &w, &h);
  size_t offset = (size_t) (top - g->y0) * g->width + (left - g->x0);
  size_t pitch = sizeof (float) * (size_t) g->width, row = sizeof (float) * w;

  TESSERA_CUDA_CHECK (gx.allocate (row * h));
  TESSERA_CUDA_CHECK (gy.allocate (row * h));
  TESSERA_CUDA_CHECK (cudaMemcpy2D (gx.as<float> (), row, g->gx + offset,
                                    pitch, row, h, cudaMemcpyHostToDevice));
  TESSERA_CUDA_CHECK (cudaMemcpy2D (gy.as<float> (), row, g->gy + offset,
                                    pitch, row, h, cudaMemcpyHostToDevice));
  *field = Field { gx.as<float> (), gy.as<float> (), left, top, w, h };
  return TESSERA_OK;
}

/* The device's copies of the geometry. */
struct DeviceGeometry
{
  TesseraDeviceBuffer x, y, between, from_a, to_b, lo, hi, start_ok, end_ok;

  TesseraStatus upload_all (const TesseraTraceGeometry *geo)
  {
    size_t points = (size_t) geo->nodes * geo->points;
    size_t spans = 2 * (size_t) geo->points - 1;
    TESSERA_CUDA_CHECK (upload (x, geo->x, points));
    TESSERA_CUDA_CHECK (upload (y, geo->y, points));
    TESSERA_CUDA_CHECK (upload (between, geo->angle_between, spans));
    TESSERA_CUDA_CHECK (upload (from_a, geo->angle_from_a, (size_t) geo->points));
    TESSERA_CUDA_CHECK (upload (to_b, geo->angle_to_b, (size_t) geo->points));
    TESSERA_CUDA_CHECK (upload (lo, geo->turn_lo, spans));
    TESSERA_CUDA_CHECK (upload (start_ok, geo->start_ok, (size_t) geo->points));
    TESSERA_CUDA_CHECK (upload (end_ok, geo->end_ok, (size_t) geo->points));
    return upload (hi, geo->turn_hi, spans);
  }
};

/* The best of the blocks' candidates, compared in index order as the CPU
 * does: the highest value, the lowest k * d + j among equals. */
TesseraStatus
best_candidate (const TesseraDeviceBuffer &values, const TesseraDeviceBuffer &indices,
                unsigned blocks, float *best, int *best_index)
{
  float *v = (float *) malloc (sizeof (float) * blocks);
  int *at = (int *) malloc (sizeof (int) * blocks);
  TesseraStatus status = v && at ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;

  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaMemcpy (v, values.as<float> (),
                                              sizeof (float) * blocks,
                                              cudaMemcpyDeviceToHost));
  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaMemcpy (at, indices.as<int> (),
                                              sizeof (int) * blocks,
                                              cudaMemcpyDeviceToHost));
  *best = -INFINITY;
  *best_index = INT_MAX;
  for (unsigned b = 0; status == TESSERA_OK && b < blocks; b++)
    if (v[b] > *best || (v[b] == *best && at[b] < *best_index))
      {
        *best = v[b];
        *best_index = at[b];
      }
  free (v);
  free (at);
  return status;
}

}  // namespace

extern "C" TesseraStatus
tessera_cuda_trace_line (const TesseraGradient *gradient,
                         const TesseraTrace *params,
                         const TesseraTraceGeometry *geo, int *chosen,
                         float *value)
{
  int n = geo->nodes, d = geo->points;
  size_t pairs = (size_t) d * d;
  const unsigned threads = 128, lines = tessera_cuda_blocks (d, threads);
  const unsigned blocks = tessera_cuda_blocks (pairs, 256);
  TesseraDeviceBuffer gx, gy, from_a, to_b, F, next, back, block_value,
                      block_index, chosen_device;
  DeviceGeometry dg;
  Field field;
  float best;
  int best_index;

  if (n < 2)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (upload_field (gradient, geo, gx, gy, &field));
  TESSERA_CUDA_CHECK (dg.upload_all (geo));
  TESSERA_CUDA_CHECK (from_a.allocate (sizeof (float) * d));
  TESSERA_CUDA_CHECK (to_b.allocate (sizeof (float) * d));
  TESSERA_CUDA_CHECK (F.allocate (sizeof (float) * pairs));
  TESSERA_CUDA_CHECK (next.allocate (sizeof (float) * pairs));
  TESSERA_CUDA_CHECK (back.allocate (sizeof (uint16_t) * pairs * (n > 2 ? n - 2 : 1)));
  TESSERA_CUDA_CHECK (block_value.allocate (sizeof (float) * blocks));
  TESSERA_CUDA_CHECK (block_index.allocate (sizeof (int) * blocks));
  TESSERA_CUDA_CHECK (chosen_device.allocate (sizeof (int) * n));

  Search s = { field, dg.x.as<float> (), dg.y.as<float> (), geo->ax, geo->ay,
               geo->bx, geo->by, d,
               params->objective == TESSERA_TRACE_THRESHOLDED_SINE,
               (float) params->threshold, params->ends.polarity,
               params->mean, (float) geo->span,
               (float) (0.5 * params->line_width), geo->lattice };
  float *current = F.as<float> (), *following = next.as<float> ();

  end_links<<<lines, threads>>> (s, n - 1, from_a.as<float> (), to_b.as<float> ());
  first_pair<<<dim3 (lines, d), threads>>> (s, from_a.as<float> (),
                                             dg.from_a.as<double> (),
                                             dg.between.as<double> (),
                                             dg.start_ok.as<unsigned char> (),
                                             geo->max_angle, current);
  for (int guide = 1; guide < n - 1; guide++)
    {
      float *swap;
      next_pair<<<dim3 (d, lines), threads, sizeof (float) * d>>>
        (s, guide, dg.lo.as<int> (), dg.hi.as<int> (), current, following,
         back.as<uint16_t> () + (size_t) (guide - 1) * pairs);
      swap = current; current = following; following = swap;
    }
  last_pair<<<blocks, 256>>> (s, current, to_b.as<float> (),
                              dg.between.as<double> (), dg.to_b.as<double> (),
                              dg.end_ok.as<unsigned char> (), geo->max_angle, block_value.as<float> (),
                              block_index.as<int> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (best_candidate (block_value, block_index, blocks, &best,
                                      &best_index));
  if (best == -INFINITY)
    return TESSERA_ERROR_NO_SOLUTION;

  chosen[n - 1] = best_index / d;
  chosen[n - 2] = best_index % d;
  if (n > 2)
    {
      TESSERA_CUDA_CHECK (cudaMemcpy (chosen_device.as<int> (), chosen,
                                      sizeof (int) * n, cudaMemcpyHostToDevice));
      backtrack<<<1, 1>>> (back.as<uint16_t> (), n, d, chosen_device.as<int> ());
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemcpy (chosen, chosen_device.as<int> (),
                                      sizeof (int) * n, cudaMemcpyDeviceToHost));
    }
  *value = best;
  return TESSERA_OK;
}
