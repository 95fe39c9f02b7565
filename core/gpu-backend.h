/* Tessera — the GPU backend as the core sees it: the operations that the
 * core's entry points hand to the GPU, declared here and implemented in
 * cuda/ (which includes this header through cuda/tessera-cuda.h).  No core
 * file includes a cuda/ header.
 *
 * In a build without CUDA every entry is a stub that answers
 * TESSERA_ERROR_NO_GPU, so the core compiles the same code either way;
 * TESSERA_GPU (f) is F in a CUDA build and NULL otherwise, for
 * TesseraExecOp.gpu (core/exec.h), so that a build without CUDA never even
 * asks for the GPU.
 *
 * Every entry point takes host or device images (TesseraImage.memory): host
 * images are copied to the device and back, device images stay there.
 * Errors come back as TesseraStatus; a missing device or driver is
 * TESSERA_ERROR_NO_GPU, an allocation failure
 * TESSERA_ERROR_GPU_OUT_OF_MEMORY, so the caller can fall back to the
 * CPU. */
#ifndef TESSERA_GPU_BACKEND_H
#define TESSERA_GPU_BACKEND_H

/* The core's headers are C: inside extern "C" for the .cu files, which
 * call back into the core. */
#ifdef __cplusplus
extern "C" {
#endif

#include "box-blur.h"
#include "emst.h"
#include "fill-contours.h"
#include "image.h"
#include "reconstruct.h"
#include "trace-line.h"

#ifdef TESSERA_HAVE_CUDA
#define TESSERA_GPU_BUILT 1
#define TESSERA_GPU_ENTRY(...) __VA_ARGS__;
#define TESSERA_GPU_VOID(...) __VA_ARGS__;
#else
#define TESSERA_GPU_BUILT 0
#define TESSERA_GPU_ENTRY(...) \
  static inline __VA_ARGS__ { return TESSERA_ERROR_NO_GPU; }
#define TESSERA_GPU_VOID(...) static inline __VA_ARGS__ { }
#endif
/* F where the GPU backend is built, else NULL (F still counts as used). */
#define TESSERA_GPU(f) (TESSERA_GPU_BUILT ? (f) : NULL)

/* Whether a device can be used (driver present, at least one GPU). */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_probe (void))

TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_box_blur (const TesseraImage *src,
                                       TesseraImage *dst,
                                       const TesseraBoxBlur *params))
/* The same with the kernel shape forced, for tuning runs: THREADS per block
 * (64..256, a multiple of 32) and TILE_ROWS per block; 0 picks the
 * default. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_box_blur_shaped (const TesseraImage *src,
                                              TesseraImage *dst,
                                              const TesseraBoxBlur *params,
                                              int threads, int tile_rows))

/* The exact polyline search of core/trace-line.h on the device: CHOSEN
 * receives the point index on each guide, VALUE the optimum — the same bits
 * as the CPU search. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_trace_line (const TesseraGradient *gradient,
                                         const TesseraTrace *params,
                                         const TesseraTraceGeometry *geometry,
                                         int *chosen, float *value))

/* Fill closed contours (core/fill-contours.h) on the device: FAST, or
 * PAPER_GPU (the paper's fill and merge both on the GPU); PAPER with
 * device images runs as PAPER_GPU, since the CPU cannot fill them. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_fill_contours (const TesseraImage *contours,
                                            TesseraImage *interior,
                                            const TesseraFillContours *params))

/* COUNT host images (sizes may differ): the copies of one image overlap
 * the kernels of its neighbours. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_fill_contours_batch (const TesseraImage *contours,
                                                  TesseraImage *interior,
                                                  int count,
                                                  const TesseraFillContours *params))

/* The GPU merge stage of PAPER (CPU fill + GPU merge), as a pipeline: the
 * CPU fills image i+1 into one label buffer while the GPU turns image i's
 * labels into its mask (interior = value[label]).  Labels are written into
 * the buffer that _labels hands out (MAX_PIXELS entries; pinned memory
 * when IMAGES > 1); _submit queues the merge of those labels into the host
 * image INTERIOR, which is complete after the next _labels or _finish. */
typedef struct TesseraCudaFillMerge TesseraCudaFillMerge;
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_fill_merge_new    (TesseraCudaFillMerge **merge,
                                                size_t max_pixels, int images))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_fill_merge_labels (TesseraCudaFillMerge *merge,
                                                uint32_t **labels))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_fill_merge_submit (TesseraCudaFillMerge *merge,
                                                const uint8_t *value,
                                                uint32_t label_count,
                                                TesseraImage *interior))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_fill_merge_finish (TesseraCudaFillMerge *merge))
TESSERA_GPU_VOID (void          tessera_cuda_fill_merge_free   (TesseraCudaFillMerge *merge))

/* Guo and Hall's thinning of core/skeleton.c: host LINE (W*H, 1: line)
 * thinned into host SKEL, by RULE (2 x 256 entries: 1 where sub-iteration P
 * removes the pixel whose ring is the index): the CPU's skeleton, pixel
 * for pixel. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_skeleton_thin (const uint8_t *line,
                                            uint8_t *skel, int width,
                                            int height, const uint8_t *rule))

/* The Euclidean minimum spanning tree (core/emst.h) of host POINTS into
 * host EDGES, sorted by the edge order: the same tree as the CPU's.  With
 * DEVICE_MS, the time from the points on the device to the edges ready
 * there, by CUDA events (transfers excluded). */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_emst (const float *points, size_t n_points,
                                   TesseraEmstEdge *edges, double *device_ms))

/* Morphological reconstruction (core/reconstruct.h): the CPU's result, bit
 * for bit; PARAMS->method is the CPU's and is ignored here.  CLIPPED (may be
 * NULL) gets the number of marker samples that lay beyond the mask.  Per
 * channel only (PARAMS->colour): tessera_reconstruct runs the luminance
 * option's steps on the CPU around this. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_reconstruct (const TesseraImage *mask,
                                          const TesseraImage *marker,
                                          TesseraImage *dst,
                                          const TesseraReconstruct *params,
                                          size_t *clipped))

#ifdef __cplusplus
}
#endif

#endif
