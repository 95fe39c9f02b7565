/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the weighted Lloyd iterations of core/colour-lloyd.c on the
 * device: the classes' sums are integers (exact in any order), the centres
 * and distances the CPU's operations one by one, rounded alike, so every
 * colour goes to the same centre.  The host queues every iteration at
 * once; an iteration after one that moved nothing does nothing, as the CPU
 * stops there. */
#include <cub/cub.cuh>
#include "mst-private.cuh"

/* Per class: pixels, then the three coordinate sums. */
#define SUM_FIELDS 4
/* Consecutive colours per thread while summing: neighbours in colour
 * order often share a class, and one shared-memory add serves a run. */
#define SUM_RUN 8

namespace {

__device__ inline bool
finished (const unsigned long long *moved, int iteration)
{
  return iteration > 0 && moved[iteration - 1] == 0;
}

__device__ inline void
flush (long long *sums, uint32_t c, const long long *run)
{
  for (int f = 0; f < SUM_FIELDS; f++)
    atomicAdd ((unsigned long long *) &sums[c * SUM_FIELDS + f],
               (unsigned long long) run[f]);
}

__global__ void
sums_kernel (const int32_t (*points)[3], const uint32_t *weights, size_t n,
             int k, const uint32_t *label, long long *sums,
             const unsigned long long *moved, int iteration)
{
  __shared__ long long shared[TESSERA_MST_SEGMENT_MAX_CLASSES * SUM_FIELDS];
  if (finished (moved, iteration))
    return;
  for (int f = threadIdx.x; f < k * SUM_FIELDS; f += blockDim.x)
    shared[f] = 0;
  __syncthreads ();
  for (size_t first = (blockIdx.x * (size_t) blockDim.x + threadIdx.x)
                      * SUM_RUN;
       first < n; first += (size_t) gridDim.x * blockDim.x * SUM_RUN)
    {
      uint32_t current = MST_NONE;
      long long run[SUM_FIELDS] = { 0, 0, 0, 0 };
      for (size_t i = first; i < first + SUM_RUN && i < n; i++)
        {
          uint32_t c = label[i];
          long long w = weights[i];
          if (c != current)
            {
              if (current != MST_NONE)
                flush (shared, current, run);
              current = c;
              for (int f = 0; f < SUM_FIELDS; f++)
                run[f] = 0;
            }
          run[0] += w;
          for (int ch = 0; ch < 3; ch++)
            run[1 + ch] += w * points[i][ch];
        }
      if (current != MST_NONE)
        flush (shared, current, run);
    }
  __syncthreads ();
  for (int f = threadIdx.x; f < k * SUM_FIELDS; f += blockDim.x)
    if (shared[f] != 0)
      atomicAdd ((unsigned long long *) &sums[f],
                 (unsigned long long) shared[f]);
}

/* Classes left empty keep their last centre. */
__global__ void
centres_kernel (const long long *sums, int k, double (*centre)[3],
                const unsigned long long *moved, int iteration)
{
  if (finished (moved, iteration))
    return;
  for (int c = threadIdx.x; c < k; c += blockDim.x)
    if (sums[SUM_FIELDS * c] > 0)
      for (int ch = 0; ch < 3; ch++)
        centre[c][ch] = __ddiv_rn ((double) sums[SUM_FIELDS * c + 1 + ch],
                                   (double) sums[SUM_FIELDS * c]);
}

/* core/colour-lloyd.c's nearest (): the lower class on ties. */
__device__ uint32_t
nearest (const int32_t *p, const double (*centre)[3], int k)
{
  uint32_t best = 0;
  double best_d2 = 0.0;

  for (int c = 0; c < k; c++)
    {
      double dx = __dsub_rn ((double) p[0], centre[c][0]);
      double dy = __dsub_rn ((double) p[1], centre[c][1]);
      double dz = __dsub_rn ((double) p[2], centre[c][2]);
      double d2 = __dadd_rn (__dadd_rn (__dmul_rn (dx, dx),
                                        __dmul_rn (dy, dy)),
                             __dmul_rn (dz, dz));
      if (c == 0 || d2 < best_d2)
        {
          best_d2 = d2;
          best = (uint32_t) c;
        }
    }
  return best;
}

typedef cub::BlockReduce<unsigned long long, MST_THREADS> CountReduce;

__global__ void
assign_kernel (const int32_t (*points)[3], size_t n, int k,
               const double (*centre)[3], uint32_t *label,
               unsigned long long *moved, int iteration)
{
  __shared__ double shared[TESSERA_MST_SEGMENT_MAX_CLASSES][3];
  __shared__ typename CountReduce::TempStorage temp;
  unsigned long long count = 0;

  if (finished (moved, iteration))
    return;
  for (int c = threadIdx.x; c < k; c += blockDim.x)
    for (int ch = 0; ch < 3; ch++)
      shared[c][ch] = centre[c][ch];
  __syncthreads ();
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i < n)
    {
      uint32_t c = nearest (points[i], shared, k);
      count = c != label[i];
      label[i] = c;
    }
  count = CountReduce (temp).Sum (count);
  if (threadIdx.x == 0 && count > 0)
    atomicAdd (&moved[iteration], count);
}

} /* namespace */

TesseraStatus
mst_colour_lloyd (const int32_t (*points)[3], const uint32_t *weights,
                  size_t n, int k, int max_iterations, uint32_t *label,
                  cudaStream_t stream)
{
  TesseraDeviceBuffer sums, centre, moved;
  const size_t sum_bytes = sizeof (long long) * SUM_FIELDS * k;
  const unsigned sum_blocks = std::min (
    (unsigned) ((n + MST_THREADS * SUM_RUN - 1) / (MST_THREADS * SUM_RUN)),
    1024u);

  if (n == 0 || max_iterations < 1)
    return TESSERA_OK;
  TESSERA_CUDA_CHECK (sums.allocate (sum_bytes, stream));
  TESSERA_CUDA_CHECK (centre.allocate (sizeof (double) * 3 * k, stream));
  TESSERA_CUDA_CHECK (moved.allocate (sizeof (unsigned long long)
                                      * max_iterations, stream));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (moved.as<void> (), 0,
                                       sizeof (unsigned long long)
                                       * max_iterations, stream));
  for (int it = 0; it < max_iterations; it++)
    {
      TESSERA_CUDA_CHECK (cudaMemsetAsync (sums.as<void> (), 0, sum_bytes,
                                           stream));
      sums_kernel<<<sum_blocks, MST_THREADS, 0, stream>>> (
        points, weights, n, k, label, sums.as<long long> (),
        moved.as<unsigned long long> (), it);
      TESSERA_CUDA_CHECK_LAUNCH ();
      centres_kernel<<<1, MST_THREADS, 0, stream>>> (
        sums.as<long long> (), k, centre.as<double[3]> (),
        moved.as<unsigned long long> (), it);
      TESSERA_CUDA_CHECK_LAUNCH ();
      assign_kernel<<<mst_blocks (n), MST_THREADS, 0, stream>>> (
        points, n, k, centre.as<double[3]> (), label,
        moved.as<unsigned long long> (), it);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  return TESSERA_OK;
}
