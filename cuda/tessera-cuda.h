/* Tessera — the CUDA backend: the operations of core/gpu-backend.h, which
 * it implements, and what only the benchmark and the GPU tests use (device
 * images, timing with CUDA events). */
#ifndef TESSERA_CUDA_H
#define TESSERA_CUDA_H

#include "../core/gpu-backend.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
