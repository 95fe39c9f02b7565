/* Tessera — the weighted classes of core/mst-weighted.c on the device. */
#include "common.cuh"

TesseraStatus
tessera_cuda_mst_weighted (const TesseraEmstEdge *edges,
                           const uint32_t *weights,
                           const int32_t (*points)[3], size_t n,
                           const TesseraMstSegment *params, double min_weight,
                           uint32_t *colour_class, int *n_classes,
                           cudaStream_t stream)
{
  /* Not written yet: callers fall back to the CPU. */
  *n_classes = 0;
  return TESSERA_ERROR_GPU;
}
