/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Guo and Hall's thinning of core/skeleton.c on the device.
 *
 * The CPU judges every candidate of a sub-iteration on the skeleton as the
 * sub-iteration found it, then removes them together, and a pixel that is
 * no candidate has a full ring, which the rule never removes: a sweep of
 * the whole image per sub-iteration, from one buffer into the other, makes
 * the same skeleton by construction.  The rule comes from the core as a
 * table, so both sides apply the same one. */
#include "common.cuh"
#include "skeleton.cuh"
#include "stage-clock.h"

namespace
{

__constant__ uint8_t thin_rule[2 * 256];

__device__ __forceinline__ unsigned
at_or_zero (const uint8_t *image, int width, int height, int x, int y)
{
  return x >= 0 && y >= 0 && x < width && y < height
         && image[(size_t) y * width + x] != 0;
}

/* One sub-iteration: OUT = IN less the pixels that PASS removes; CHANGED
 * is set when any went. */
__global__ void
thin_pass (const uint8_t *__restrict__ in, uint8_t *__restrict__ out,
           int width, int height, int pass, int *changed)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  bool gone = false;

  if (x < width && y < height)
    {
      size_t at = (size_t) y * width + x;
      uint8_t keep = 0;
      if (in[at] != 0)
        {
          /* The ring clockwise from north, as core/skeleton.h's. */
          unsigned bits = at_or_zero (in, width, height, x, y - 1)
            | at_or_zero (in, width, height, x + 1, y - 1) << 1
            | at_or_zero (in, width, height, x + 1, y) << 2
            | at_or_zero (in, width, height, x + 1, y + 1) << 3
            | at_or_zero (in, width, height, x, y + 1) << 4
            | at_or_zero (in, width, height, x - 1, y + 1) << 5
            | at_or_zero (in, width, height, x - 1, y) << 6
            | at_or_zero (in, width, height, x - 1, y - 1) << 7;
          gone = thin_rule[pass * 256 + bits] != 0;
          keep = !gone;
        }
      out[at] = keep;
    }
  /* One write per warp that removed anything. */
  if (__any_sync (0xffffffffu, gone) && (threadIdx.x & 31) == 0)
    *changed = 1;
}

} /* namespace */

TesseraStatus
tessera_cuda_thin_device (const uint8_t *line, uint8_t *a, uint8_t *b,
                          int *flag, int width, int height,
                          const uint8_t *rule)
{
  size_t pixels = (size_t) width * height;
  dim3 block (32, 8);
  dim3 grid (tessera_cuda_blocks ((size_t) width, block.x),
             tessera_cuda_blocks ((size_t) height, block.y));
  int changed = 1, sweeps = 0;

  TESSERA_CUDA_CHECK (cudaMemcpyToSymbol (thin_rule, rule, 2 * 256));
  if (a != line)
    TESSERA_CUDA_CHECK (cudaMemcpy (a, line, pixels,
                                    cudaMemcpyDeviceToDevice));
  /* As the CPU: both sub-iterations, until a whole iteration removes
   * nothing. */
  while (changed)
    {
      TESSERA_CUDA_CHECK (cudaMemsetAsync (flag, 0, sizeof (int)));
      thin_pass<<<grid, block>>> (a, b, width, height, 0, flag);
      TESSERA_CUDA_CHECK_LAUNCH ();
      thin_pass<<<grid, block>>> (b, a, width, height, 1, flag);
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemcpy (&changed, flag, sizeof (int),
                                      cudaMemcpyDeviceToHost));
      sweeps++;
    }
  tessera_stage_mark (sweeps < 8 ? "thin sweeps (< 8)" : sweeps < 16
                      ? "thin sweeps (8-15)" : "thin sweeps (16+)");
  return TESSERA_OK;
}

extern "C" TesseraStatus
tessera_cuda_skeleton_thin (const uint8_t *line, uint8_t *skel, int width,
                            int height, const uint8_t *rule)
{
  size_t pixels = (size_t) width * height;
  TesseraDeviceBuffer a, b, flag;

  TESSERA_CUDA_CHECK (a.allocate (pixels));
  TESSERA_CUDA_CHECK (b.allocate (pixels));
  TESSERA_CUDA_CHECK (flag.allocate (sizeof (int)));
  TESSERA_CUDA_CHECK (cudaMemcpy (a.as<uint8_t> (), line, pixels,
                                  cudaMemcpyHostToDevice));
  TESSERA_CUDA_CHECK (tessera_cuda_thin_device (a.as<uint8_t> (),
                                                a.as<uint8_t> (),
                                                b.as<uint8_t> (),
                                                flag.as<int> (), width, height,
                                                rule));
  TESSERA_CUDA_CHECK (cudaMemcpy (skel, a.as<uint8_t> (), pixels,
                                  cudaMemcpyDeviceToHost));
  return TESSERA_OK;
}
