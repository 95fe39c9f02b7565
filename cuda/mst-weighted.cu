/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the weighted classes of core/mst-weighted.c on the device, in
 * its steps: Ward's splits (automatic: up to TESSERA_MST_AUTO_MAX_CLASSES
 * first, for the elbow), the over-split parts merged back on the host
 * (at most 256 parts' moments, the CPU's own code), the labels, Lloyd, and
 * the empty classes dropped. */
#include "mst-private.cuh"
extern "C" {
#include "mst-weighted.h"
}

namespace {

/* The error curve of the first TESSERA_MST_AUTO_MAX_CLASSES splits, as
 * tessera_mst_ward_cut's SSE, and its elbow. */
TesseraStatus
automatic_classes (MstWardCut *cut, const uint32_t *weights,
                   const int32_t (*points)[3], size_t n, double sensitivity,
                   int *k)
{
  const double unit2 = (double) TESSERA_MST_FIXED_SCALE
                       * TESSERA_MST_FIXED_SCALE;
  double sse[TESSERA_MST_AUTO_MAX_CLASSES], error;

  TESSERA_CUDA_CHECK (mst_ward_split_to (cut, TESSERA_MST_AUTO_MAX_CLASSES));
  TESSERA_CUDA_CHECK (mst_spread_error (weights, points, n, &error,
                                        cut->stream));
  error /= unit2;
  sse[0] = error;
  for (int c = 1; c < cut->count; c++)
    {
      error -= cut->gains[c] / unit2;
      sse[c] = error > 0.0 ? error : 0.0;
    }
  for (int c = cut->count; c < TESSERA_MST_AUTO_MAX_CLASSES; c++)
    sse[c] = sse[cut->count - 1];
  *k = tessera_mst_elbow (sse, TESSERA_MST_AUTO_MAX_CLASSES, sensitivity);
  return TESSERA_OK;
}

/* Per part of the cut, its final class: merged down to K by Ward's cost
 * when there are more, numbered as drop_empty () does. */
int
merge_map (const MstWardCut *cut, int parts, int k, uint32_t *map)
{
  TesseraMstMoments totals[TESSERA_MST_SEGMENT_MAX_CLASSES];
  uint32_t renumber[TESSERA_MST_SEGMENT_MAX_CLASSES];
  bool used[TESSERA_MST_SEGMENT_MAX_CLASSES] = { false };
  int left;

  for (int c = 0; c < parts; c++)
    map[c] = (uint32_t) c;
  if (parts <= k)
    return parts;
  mst_ward_totals (cut, parts, totals);
  tessera_mst_ward_merge (totals, parts, k, map);
  /* Every part holds its head: the classes used are those merged into. */
  for (int c = 0; c < parts; c++)
    used[map[c]] = true;
  left = tessera_mst_renumber (used, parts, renumber);
  for (int c = 0; c < parts; c++)
    map[c] = renumber[map[c]];
  return left;
}

__global__ void
used_kernel (const uint32_t *label, size_t n, unsigned char *used)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i < n)
    used[label[i]] = 1;
}

__global__ void
renumber_kernel (const uint32_t *renumber, size_t n, uint32_t *label)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i < n)
    label[i] = renumber[label[i]];
}

/* Renumbers the classes that kept colours 0, 1, ... in order. */
TesseraStatus
drop_empty (uint32_t *label, size_t n, int *k, cudaStream_t stream)
{
  TesseraDeviceBuffer device_used, device_renumber;
  unsigned char flags[TESSERA_MST_SEGMENT_MAX_CLASSES];
  bool used[TESSERA_MST_SEGMENT_MAX_CLASSES];
  uint32_t renumber[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int left;

  TESSERA_CUDA_CHECK (device_used.allocate (*k, stream));
  TESSERA_CUDA_CHECK (device_renumber.allocate (sizeof renumber, stream));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (device_used.as<void> (), 0, *k,
                                       stream));
  used_kernel<<<mst_blocks (n), MST_THREADS, 0, stream>>> (
    label, n, device_used.as<unsigned char> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (flags, device_used.as<void> (), *k,
                                       cudaMemcpyDeviceToHost, stream));
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
  for (int c = 0; c < *k; c++)
    used[c] = flags[c] != 0;
  left = tessera_mst_renumber (used, *k, renumber);
  if (left < *k)
    {
      TESSERA_CUDA_CHECK (cudaMemcpyAsync (device_renumber.as<void> (),
                                           renumber, sizeof renumber,
                                           cudaMemcpyHostToDevice, stream));
      renumber_kernel<<<mst_blocks (n), MST_THREADS, 0, stream>>> (
        device_renumber.as<uint32_t> (), n, label);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  *k = left;
  return TESSERA_OK;
}

TesseraStatus
weighted_classes (const TesseraEmstEdge *edges, const uint32_t *weights,
                  const int32_t (*points)[3], size_t n,
                  const TesseraMstSegment *params, double min_weight,
                  uint32_t *colour_class, int *n_classes,
                  cudaStream_t stream)
{
  MstLayout layout;
  MstWardCut cut;
  uint32_t map[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int k = params->classes, parts, classes;

  TESSERA_CUDA_CHECK (mst_layout (edges, n, &layout, stream));
  TESSERA_CUDA_CHECK (mst_ward_start (&cut, &layout, weights, points, n,
                                      min_weight, stream));
  if (k == 0)
    TESSERA_CUDA_CHECK (automatic_classes (&cut, weights, points, n,
                                           params->sensitivity, &k));
  parts = tessera_mst_over_split (k);
  TESSERA_CUDA_CHECK (mst_ward_split_to (&cut, parts));
  parts = std::min (parts, cut.count);
  classes = merge_map (&cut, parts, k, map);
  TESSERA_CUDA_CHECK (mst_ward_label (&cut, &layout, parts, map,
                                      colour_class));
  if (classes > 1)
    {
      TESSERA_CUDA_CHECK (mst_colour_lloyd (points, weights, n, classes,
                                            TESSERA_MST_LLOYD_ITERATIONS,
                                            colour_class, stream));
      TESSERA_CUDA_CHECK (drop_empty (colour_class, n, &classes, stream));
    }
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
  *n_classes = classes;
  return TESSERA_OK;
}

} /* namespace */

TesseraStatus
tessera_cuda_mst_weighted (const TesseraEmstEdge *edges,
                           const uint32_t *weights,
                           const int32_t (*points)[3], size_t n,
                           const TesseraMstSegment *params, double min_weight,
                           uint32_t *colour_class, int *n_classes,
                           cudaStream_t stream)
{
  *n_classes = 0;
  if (params->classes < 0
      || params->classes > TESSERA_MST_SEGMENT_MAX_CLASSES
      || (params->classes == 0 && !(params->sensitivity > 0.0)))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (n == 0)
    return TESSERA_OK;
  if (n >= MST_NONE / 2)
    return TESSERA_ERROR_TOO_LARGE;
  return weighted_classes (edges, weights, points, n, params, min_weight,
                           colour_class, n_classes, stream);
}
