/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of line art on the device: what
 * cuda/fill-regions.cu (labelling, grow-back, numbering) and
 * cuda/skeleton-ends.cu (pruning and the ends of gap closing) share. */
#ifndef TESSERA_CUDA_FILL_REGIONS_PRIVATE_CUH
#define TESSERA_CUDA_FILL_REGIONS_PRIVATE_CUH

#include "common.cuh"
#include "fill-regions-private.h"
#include "stage-clock.h"

/* Threads of the one-dimensional kernels' blocks. */
#define REGION_THREADS 256

struct TesseraCudaRegions
{
  int width, height;
  size_t pixels;
  uint32_t sets;
  TesseraDeviceBuffer blocked;   /* u8: 0 free, 1 line, CLOSURE_PIXEL */
  TesseraDeviceBuffer parent;    /* int by pixel, then the ranks */
  TesseraDeviceBuffer label;     /* u32 by pixel */
  TesseraDeviceBuffer state;     /* u8 by pixel: skeleton, then grow states */
  TesseraDeviceBuffer scratch;   /* u8 by pixel */
  TesseraDeviceBuffer keep;      /* u8 by set */
};

/* Blocks of 32 x 8 over the image: each warp holds 32 pixels of a row. */
static inline dim3
region_row_grid (int width, int height, dim3 block)
{
  return dim3 (tessera_cuda_blocks ((size_t) width, block.x),
               tessera_cuda_blocks ((size_t) height, block.y));
}

/* With TESSERA_STAGE_TIMES, waits for the device and marks the step's
 * time (core/stage-clock.h). */
TesseraStatus region_stage (const char *name);

/* RANK: the inclusive sum of FLAG (PIXELS entries); its last entry is
 * copied to *TOTAL. */
TesseraStatus region_inclusive_sum (const uint32_t *flag, uint32_t *rank,
                                    size_t pixels, uint32_t *total);

#endif
