/* Tessera — the CUDA backend, behind the same API as the core.
 *
 * Every entry point takes host or device images (TesseraImage.memory): host
 * images are copied to the device and back, device images stay there (the
 * benchmark times those).  Errors come back as TesseraStatus; a missing
 * device or driver is TESSERA_ERROR_NO_GPU, an allocation failure
 * TESSERA_ERROR_GPU_OUT_OF_MEMORY, so the caller can fall back to the CPU. */
#ifndef TESSERA_CUDA_H
#define TESSERA_CUDA_H

#include "../core/box-blur.h"
#include "../core/image.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether a device can be used (driver present, at least one GPU). */
TesseraStatus tessera_cuda_probe (void);

/* Device images: packed rows, freed with tessera_cuda_image_free. */
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

TesseraStatus tessera_cuda_box_blur (const TesseraImage *src,
                                     TesseraImage *dst,
                                     const TesseraBoxBlur *params);

#ifdef __cplusplus
}
#endif

#endif
