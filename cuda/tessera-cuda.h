/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the CUDA backend: the operations of core/gpu-backend.h, which
 * it implements, and what only the benchmark and the GPU tests use (device
 * images, timing with CUDA events). */
#ifndef TESSERA_CUDA_H
#define TESSERA_CUDA_H

#include "../core/gpu-backend.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "../core/mst-segment.h"

/* The runtime's stream handle, as cuda_runtime_api.h declares it, so that C
 * files compiled without the CUDA headers can include this one. */
struct CUstream_st;
typedef struct CUstream_st *cudaStream_t;

/* Device images: rows padded to an aligned stride (use the image's
 * stride), freed with tessera_cuda_image_free. */
TesseraStatus tessera_cuda_image_alloc    (TesseraImage *device, int width,
                                           int height, int channels,
                                           TesseraSampleType type);
void          tessera_cuda_image_free     (TesseraImage *device);
TesseraStatus tessera_cuda_image_upload   (const TesseraImage *host,
                                           TesseraImage *device);
TesseraStatus tessera_cuda_image_download (const TesseraImage *device,
                                           TesseraImage *host);

/* Times FN(ARG) on the device with CUDA events: the median and the minimum
 * of REPEAT runs after WARMUP runs, in milliseconds. */
typedef TesseraStatus (*TesseraCudaTimedFunc) (void *arg);
TesseraStatus tessera_cuda_time (TesseraCudaTimedFunc fn, void *arg,
                                 int warmup, int repeat,
                                 double *median_ms, double *min_ms);

/* tessera_mst_weighted (refine = TRUE) on device arrays: EDGES the n-1
 * tree edges in the canonical order of core/emst-edges.c (any order gives
 * the same classes), WEIGHTS (pixels, each at least 1, as a histogram's
 * counts) and POINTS (fixed point, as tessera_mst_fixed_points makes them)
 * per colour;
 * PARAMS->classes K > 0, or 0 for automatic (the elbow of the Ward splits
 * up to TESSERA_MST_AUTO_MAX_CLASSES); MIN_WEIGHT as the CPU's.  Writes the
 * device COLOUR_CLASS and the host *N_CLASSES: the very classes the CPU
 * gives.  Work is queued on STREAM, which is synchronised before the
 * return (the number of classes decides the steps). */
TesseraStatus tessera_cuda_mst_weighted (const TesseraEmstEdge *edges,
                                         const uint32_t *weights,
                                         const int32_t (*points)[3], size_t n,
                                         const TesseraMstSegment *params,
                                         double min_weight,
                                         uint32_t *colour_class,
                                         int *n_classes, cudaStream_t stream);

/* The same from host arrays, for the GPU tests and timings: uploads,
 * runs, downloads the host COLOUR_CLASS.  With DEVICE_MS (may be NULL),
 * the median of REPEAT runs after a warm-up, by CUDA events: the step on
 * the device, transfers excluded. */
TesseraStatus tessera_cuda_mst_weighted_host (const TesseraEmstEdge *edges,
                                              const uint32_t *weights,
                                              const int32_t (*points)[3],
                                              size_t n,
                                              const TesseraMstSegment *params,
                                              double min_weight,
                                              uint32_t *colour_class,
                                              int *n_classes, int repeat,
                                              double *device_ms);

/* Its first step alone: the N - 1 host EDGES' tree rooted at vertex 0
 * laid out as core/mst-tree.c does, into host PREORDER (vertices) and
 * LAST (per position, the last position of its subtree: the tree's TOUT
 * in preorder); timed as above. */
TesseraStatus tessera_cuda_mst_layout_host (const TesseraEmstEdge *edges,
                                            size_t n, uint32_t *preorder,
                                            uint32_t *last, int repeat,
                                            double *device_ms);

#ifdef __cplusplus
}
#endif

#endif
