/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>
#include "gpu-backend.h"
#include "mst-segment-image.h"
#include "stage-clock.h"

typedef struct
{
  const TesseraImage      *src;
  const TesseraMstSegment *params;
  TesseraMstClasses       *classes;
  TesseraImage            *dst;
} SegmentImage;

static TesseraStatus
segment_on_cpu (void *data, TesseraExec *exec)
{
  SegmentImage *run = data;
  TesseraColourHistogram histogram;
  TesseraStatus status;

  tessera_stage_start ();
  status = tessera_colour_histogram (run->src, &histogram, exec);
  if (status != TESSERA_OK)
    return status;
  tessera_stage_mark ("histogram");
  status = tessera_mst_segment (&histogram, run->params, run->classes,
                                exec);
  tessera_stage_mark ("segment");
  if (status == TESSERA_OK)
    status = tessera_mst_segment_recolour (run->src, &histogram,
                                           run->classes, run->dst, exec);
  tessera_stage_mark ("recolour");
  if (status != TESSERA_OK)
    tessera_mst_classes_free (run->classes);
  tessera_colour_histogram_free (&histogram);
  return status;
}

static TesseraStatus
segment_on_gpu (void *data, TesseraExec *exec)
{
  SegmentImage *run = data;
  return tessera_cuda_mst_segment_image (run->src, run->params, run->classes,
                                         run->dst);
}

/* Per pixel on one CPU thread and on the GPU (24 Mpix photos,
 * bench/RESULTS.md); the GPU's fixed cost is the EMST's rounds. */
#define CPU_NS_PER_PIXEL 160.0
#define GPU_NS_PER_PIXEL 2.0
#define GPU_NS_PER_CALL 5e6

TesseraStatus
tessera_mst_segment_image (const TesseraImage *src,
                           const TesseraMstSegment *params,
                           TesseraMstClasses *classes, TesseraImage *dst,
                           TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = tessera_mst_segment_check (params);
  SegmentImage run = { src, params, classes, dst };
  const bool on_device = src->memory == TESSERA_MEMORY_CUDA;

  memset (classes, 0, sizeof *classes);
  if (status == TESSERA_OK)
    status = tessera_image_check (src);
  if (status == TESSERA_OK)
    status = tessera_image_check (dst);
  if (status != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (src, dst) || dst->memory != src->memory
      || (on_device && src->type != TESSERA_U8))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (exec == NULL)
    exec = &defaults;

  const double pixels = (double) src->width * src->height;
  TesseraExecOp op = {
    .cpu = segment_on_cpu, .gpu = TESSERA_GPU (segment_on_gpu), .args = &run,
    .on_device = on_device,
    /* The device has the 8-bit histogram only. */
    .cpu_only = src->type != TESSERA_U8,
    .cost = { .items = pixels, .cpu_ns = CPU_NS_PER_PIXEL,
              .gpu_ns = GPU_NS_PER_PIXEL, .gpu_call_ns = GPU_NS_PER_CALL,
              .transfer_bytes = 2.0 * pixels * tessera_pixel_size (src) }
  };
  return tessera_exec_run (exec, &op);
}
