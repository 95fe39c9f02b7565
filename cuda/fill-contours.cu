/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the GPU (see core/fill-contours.h):
 * the entry point for one image, which picks the method.  The methods live
 * in files of their own (fill-contours-private.cuh lists them):
 *
 * FAST: tile-local union-find, then a global one over the tiles' edges; no
 *   per-pixel labels ever reach global memory.
 *
 * PAPER_GPU: the paper's fill on the GPU, one thread per seed, then the
 *   merge of the labels that met.  PAPER asks for it too. */
#include "fill-contours-private.cuh"

#ifdef __CUDACC__
using namespace fill_contours_gpu;

extern "C" TesseraStatus
tessera_cuda_fill_contours (const TesseraImage *contours,
                            TesseraImage *interior,
                            const TesseraFillContours *params)
{
  TesseraStaging staging;
  TesseraImage in, out;

  TESSERA_CUDA_CHECK (tessera_fill_contours_check (contours, interior, params));
  TESSERA_CUDA_CHECK (staging.input (contours, &in));
  TESSERA_CUDA_CHECK (staging.output (interior, &out));
  if (params->method == TESSERA_FILL_CONTOURS_METHOD_PAPER
      || params->method == TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU)
    TESSERA_CUDA_CHECK (paper_gpu_fill (&in, &out, params));
  else
    {
      FastScratch scratch;
      TESSERA_CUDA_CHECK (scratch.allocate (in.width, in.height));
      TESSERA_CUDA_CHECK (fast_fill (&in, &out, params->connectivity == 8,
                                     &scratch, 0));
    }
  return staging.finish ();
}

#endif
