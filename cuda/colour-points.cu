/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the distinct colours as points on the device: L*a*b* by the
 * very arithmetic of the host (core/srgb-lab.h), or the 8-bit values, as
 * floats for the EMST and in fixed point for the classes. */
#include "colour-pipeline.cuh"
#include "srgb-lab.h"

namespace {

const int BLOCK = 256;
const int32_t FIXED_SCALE = 256;      /* TESSERA_MST_FIXED_SCALE */

__constant__ double srgb_linear[256];

/* tessera_mst_fixed: V * scale is exact, then one rounded addition and a
 * truncation, as on the host. */
__device__ inline int32_t
fixed (float v)
{
  return __float2int_rz (__fadd_rn (__fmul_rn (v, (float) FIXED_SCALE),
                                    v >= 0.0f ? 0.5f : -0.5f));
}

__global__ void
points_kernel (const uint8_t *colours, size_t n, bool lab, float *xyz,
               int32_t (*fixed_points)[3])
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const uint8_t *rgb = colours + 3 * i;
  float p[3];
  if (lab)
    tessera_linear_to_lab (srgb_linear[rgb[0]], srgb_linear[rgb[1]],
                           srgb_linear[rgb[2]], p);
  for (int ch = 0; ch < 3; ch++)
    {
      if (!lab)
        p[ch] = rgb[ch];
      xyz[3 * i + ch] = p[ch];
      fixed_points[i][ch] = lab ? fixed (p[ch]) : rgb[ch] * FIXED_SCALE;
    }
}

} /* namespace */

TesseraStatus
tessera_cuda_colour_points (const uint8_t *colours, size_t n,
                            TesseraColourSpace space, float *xyz,
                            int32_t (*fixed_points)[3])
{
  const bool lab = space == TESSERA_COLOUR_SPACE_CIELAB;
  if (n == 0)
    return TESSERA_OK;
  if (lab)
    TESSERA_CUDA_CHECK (cudaMemcpyToSymbolAsync (
      srgb_linear, tessera_srgb_linear_table (), sizeof srgb_linear, 0,
      cudaMemcpyHostToDevice));
  points_kernel<<<tessera_cuda_blocks (n, BLOCK), BLOCK>>> (
    colours, n, lab, xyz, fixed_points);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}
