/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the weighted classes on the device from host arrays, for the
 * GPU tests and timings: the arrays uploaded, the step run (and timed by
 * CUDA events, transfers excluded), the results downloaded. */
#include "mst-private.cuh"

namespace {

struct Inputs
{
  TesseraDeviceBuffer edges, weights, points, labels;
};

TesseraStatus
upload (Inputs *in, const TesseraEmstEdge *edges, const uint32_t *weights,
        const int32_t (*points)[3], size_t n)
{
  const size_t n_edges = n > 0 ? n - 1 : 0;

  TESSERA_CUDA_CHECK (in->edges.allocate (sizeof *edges * n_edges + 1));
  TESSERA_CUDA_CHECK (in->weights.allocate (sizeof *weights * n + 1));
  TESSERA_CUDA_CHECK (in->points.allocate (sizeof *points * n + 1));
  TESSERA_CUDA_CHECK (in->labels.allocate (sizeof (uint32_t) * n + 1));
  if (n_edges > 0)
    TESSERA_CUDA_CHECK (cudaMemcpy (in->edges.as<void> (), edges,
                                    sizeof *edges * n_edges,
                                    cudaMemcpyHostToDevice));
  if (n > 0 && weights != NULL)
    TESSERA_CUDA_CHECK (cudaMemcpy (in->weights.as<void> (), weights,
                                    sizeof *weights * n,
                                    cudaMemcpyHostToDevice));
  if (n > 0 && points != NULL)
    TESSERA_CUDA_CHECK (cudaMemcpy (in->points.as<void> (), points,
                                    sizeof *points * n,
                                    cudaMemcpyHostToDevice));
  return TESSERA_OK;
}

struct Run
{
  Inputs                  *in;
  size_t                   n;
  const TesseraMstSegment *params;
  double                   min_weight;
  int                      n_classes;
  MstLayout               *layout;
};

TesseraStatus
run_weighted (void *arg)
{
  Run *r = (Run *) arg;
  return tessera_cuda_mst_weighted (
    r->in->edges.as<TesseraEmstEdge> (), r->in->weights.as<uint32_t> (),
    r->in->points.as<int32_t[3]> (), r->n, r->params, r->min_weight,
    r->in->labels.as<uint32_t> (), &r->n_classes, 0);
}

TesseraStatus
run_layout (void *arg)
{
  Run *r = (Run *) arg;
  TesseraStatus status = mst_layout (r->in->edges.as<TesseraEmstEdge> (),
                                     r->n, r->layout, 0);
  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaStreamSynchronize (0));
  return status;
}

TesseraStatus
timed (TesseraCudaTimedFunc fn, Run *run, int repeat, double *device_ms)
{
  double min_ms;

  if (device_ms == NULL || repeat < 1)
    return fn (run);
  return tessera_cuda_time (fn, run, 1, repeat, device_ms, &min_ms);
}

} /* namespace */

TesseraStatus
tessera_cuda_mst_weighted_host (const TesseraEmstEdge *edges,
                                const uint32_t *weights,
                                const int32_t (*points)[3], size_t n,
                                const TesseraMstSegment *params,
                                double min_weight, uint32_t *colour_class,
                                int *n_classes, int repeat, double *device_ms)
{
  Inputs in;
  Run run = { &in, n, params, min_weight, 0, NULL };

  *n_classes = 0;
  TESSERA_CUDA_CHECK (upload (&in, edges, weights, points, n));
  TESSERA_CUDA_CHECK (timed (run_weighted, &run, repeat, device_ms));
  if (n > 0)
    TESSERA_CUDA_CHECK (cudaMemcpy (colour_class, in.labels.as<void> (),
                                    sizeof *colour_class * n,
                                    cudaMemcpyDeviceToHost));
  *n_classes = run.n_classes;
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_mst_layout_host (const TesseraEmstEdge *edges, size_t n,
                              uint32_t *preorder, uint32_t *last, int repeat,
                              double *device_ms)
{
  Inputs in;
  MstLayout layout;
  Run run = { &in, n, NULL, 0.0, 0, &layout };

  TESSERA_CUDA_CHECK (upload (&in, edges, NULL, NULL, n));
  TESSERA_CUDA_CHECK (timed (run_layout, &run, repeat, device_ms));
  TESSERA_CUDA_CHECK (cudaMemcpy (preorder, layout.order.as<void> (),
                                  sizeof *preorder * n,
                                  cudaMemcpyDeviceToHost));
  TESSERA_CUDA_CHECK (cudaMemcpy (last, layout.last.as<void> (),
                                  sizeof *last * n, cudaMemcpyDeviceToHost));
  return TESSERA_OK;
}
