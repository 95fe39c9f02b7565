/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the GPU: what its files share
 * (private to cuda/fill-contours*.cu).
 *
 * cuda/fill-contours.cu picks the method for one image and calls its
 * launcher:
 *   fill-contours-fast.cu       FAST, tile-local union-find, then a global
 *                               one over the tiles' edges
 *   fill-contours-paper-gpu.cu  PAPER_GPU, the paper's fill, one thread per
 *                               seed, and its merge
 *   fill-contours-pipelines.cu  FAST on batches of images, and the PAPER
 *                               merge pipeline (CPU fill, GPU merge)
 * Device code both methods use: fill-contours-union-find.cuh. */
#ifndef TESSERA_CUDA_FILL_CONTOURS_PRIVATE_CUH
#define TESSERA_CUDA_FILL_CONTOURS_PRIVATE_CUH

#include <stdint.h>
#include "common.cuh"
#include "fill-contours-union-find.cuh"

#define THREADS_PER_BLOCK 256

enum
{
  VALUE_CONTOUR = 0,
  VALUE_INTERIOR = TESSERA_FILL_CONTOURS_INTERIOR
};

/* Sample (X, Y) of a one-channel u8 image: the contours, or FAST's
 * provisional values. */
static __host__ __device__ inline uint8_t
pixel (const TesseraImage *image, int x, int y)
{
  return ((const uint8_t *) image->data)[(size_t) y * image->stride + x];
}

#ifdef __CUDACC__
namespace fill_contours_gpu {

/* Scratch of FAST for images of up to a number of tiles. */
struct FastScratch
{
  TesseraDeviceBuffer parent, counts;

  TesseraStatus allocate (int width, int height);
};

/* FAST from IN to OUT (device images; OUT may be IN) on STREAM. */
TesseraStatus fast_fill (const TesseraImage *in, TesseraImage *out,
                         int slack, FastScratch *scratch,
                         cudaStream_t stream);

/* PAPER_GPU from IN to OUT (device images). */
TesseraStatus paper_gpu_fill (const TesseraImage *in, TesseraImage *out,
                              const TesseraFillContours *params);

/* The last step of PAPER's merge: pixel i of OUT (a device image) gets
 * VALUE[LABELS[i]] (device memory, labels packed), on STREAM. */
TesseraStatus invert_labels (const unsigned *labels, const uint8_t *value,
                             const TesseraImage *out, cudaStream_t stream);

} /* namespace fill_contours_gpu */
#endif

#endif
