/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "fill-regions-private.h"
#include "image.h"
#include "mst-segment.h"
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

/* The regions of line art (core/fill-regions.h) on the device, step by
 * step, for core/fill-regions-gpu.c; each step matches the CPU's pixel
 * for pixel.  _new uploads BLOCKED (W*H, 0 free, 1 line); _thin thins the
 * line by RULE (as tessera_cuda_skeleton_thin); _ends prunes the skeleton
 * twice (skeleton_prune) and describes its ends (RegionEnd, in raster
 * order; OFFSETS: gap_cap_offsets's table) and the pruned branches
 * (RegionFork), into malloc'd arrays for the caller to free; _label marks
 * the N closure pixels AT, numbers the free pixels' connected sets in
 * raster order (region_label; SETS gets their count), decides their fates
 * (outside 0, region 1, or 2: a pocket of at most POCKET pixels beside a
 * closure, with POCKET > 0) and grows the closures and pockets back
 * (fill-regions.c); _keep copies the fates (SETS + 1 bytes) to the host,
 * _download the set numbers as grown back; _finish maps set numbers
 * through MAP (SETS + 1 entries), with RENUMBER in the raster order of
 * each number's first pixel, into host LABEL. */
typedef struct TesseraCudaRegions TesseraCudaRegions;
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_new (TesseraCudaRegions **regions,
                                          const uint8_t *blocked, int width,
                                          int height))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_thin (TesseraCudaRegions *regions,
                                           const uint8_t *rule))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_ends (TesseraCudaRegions *regions,
                                           const int8_t *offsets,
                                           RegionEnd **ends, size_t *n_ends,
                                           RegionFork **forks, size_t *n_forks))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_label (TesseraCudaRegions *regions,
                                            const size_t *at, size_t n,
                                            int connectivity, bool edge_regions,
                                            uint64_t pocket, uint32_t *sets))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_keep (TesseraCudaRegions *regions,
                                           uint8_t *keep))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_download (TesseraCudaRegions *regions,
                                               uint32_t *label))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_regions_finish (TesseraCudaRegions *regions,
                                             const uint32_t *map, uint32_t sets,
                                             bool renumber, uint32_t *label))
TESSERA_GPU_VOID (void          tessera_cuda_regions_free (TesseraCudaRegions *regions))

/* The Euclidean minimum spanning tree (core/emst.h) of host POINTS into
 * host EDGES, sorted by the edge order: the same tree as the CPU's.  With
 * DEVICE_MS, the time from the points on the device to the edges ready
 * there, by CUDA events (transfers excluded). */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_emst (const float *points, size_t n_points,
                                   TesseraEmstEdge *edges, double *device_ms))

/* The EMST of N_POINTS device POINTS into device EDGES (room for
 * N_POINTS - 1), as tessera_cuda_emst; queued on the default stream. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_emst_device (const float *points,
                                          size_t n_points,
                                          TesseraEmstEdge *edges))

/* Segment Colours on a whole 8-bit image (core/mst-segment-image.h), every
 * step on the device: SRC and DST on the host (copied) or the device;
 * CLASSES on the host, the CPU's exactly. */
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_mst_segment_image (const TesseraImage *src,
                                                const TesseraMstSegment *params,
                                                TesseraMstClasses *classes,
                                                TesseraImage *dst))

/* Segment Colours on an 8-bit image that arrives in bands of rows
 * (core/mst-segment-bands.h), every step on the device, the image kept
 * there: _new allocates all it needs for WIDTH x HEIGHT pixels of CHANNELS
 * and bands of at most MAX_ROWS (TESSERA_ERROR_GPU_OUT_OF_MEMORY when the
 * device has no room); _add uploads and counts the next rows (host BAND);
 * _finish makes the host CLASSES (the CPU's exactly) and HISTOGRAM's
 * colours and counts (malloc'd; no pixel_colour); _recolour writes rows
 * Y .. Y + DST->height - 1 recoloured into host DST. */
typedef struct TesseraCudaMstBands TesseraCudaMstBands;
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_mst_bands_new (TesseraCudaMstBands **bands,
                                            int width, int height,
                                            int channels, int max_rows))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_mst_bands_add (TesseraCudaMstBands *bands,
                                            const TesseraImage *band))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_mst_bands_finish (TesseraCudaMstBands *bands,
                                               const TesseraMstSegment *params,
                                               TesseraMstClasses *classes,
                                               TesseraColourHistogram *histogram))
TESSERA_GPU_ENTRY (TesseraStatus tessera_cuda_mst_bands_recolour (TesseraCudaMstBands *bands,
                                                 int y, TesseraImage *dst))
TESSERA_GPU_VOID (void          tessera_cuda_mst_bands_free (TesseraCudaMstBands *bands))

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
