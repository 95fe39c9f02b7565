/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the classes' statistics and the recoloured image on the
 * device: integer sums (exact in any order, so the host's means), and
 * each pixel's colour through its colour's class to the palette. */
#include "colour-pipeline.cuh"

namespace {

const int BLOCK = 256;
const int MAX_CLASSES = TESSERA_MST_SEGMENT_MAX_CLASSES;

/* Per class: pixels, then the sums of R, G, B. */
__global__ void
class_sums_kernel (const uint8_t *colours, const uint32_t *counts,
                   const uint32_t *colour_class, size_t n, int k,
                   unsigned long long *sums)
{
  __shared__ unsigned long long part[MAX_CLASSES * 4];
  for (int i = threadIdx.x; i < 4 * k; i += blockDim.x)
    part[i] = 0;
  __syncthreads ();
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    {
      unsigned long long w = counts[i];
      unsigned long long *s = part + 4 * colour_class[i];
      atomicAdd (s, w);
      for (int ch = 0; ch < 3; ch++)
        atomicAdd (s + 1 + ch, w * colours[3 * i + ch]);
    }
  __syncthreads ();
  for (int i = threadIdx.x; i < 4 * k; i += blockDim.x)
    if (part[i] != 0)
      atomicAdd (&sums[i], part[i]);
}

__global__ void
renumber_kernel (uint32_t *colour_class, size_t n, const uint32_t *renumber)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i < n)
    colour_class[i] = renumber[colour_class[i]];
}

struct Palette
{
  uint8_t rgb[MAX_CLASSES][3];
};

__device__ void
recolour_pixel (const TesseraImage &src, int x, int y,
                const uint32_t *pixel_colour, const uint32_t *colour_class,
                const Palette &palette, const TesseraImage &dst)
{
  const int c = src.channels, colour_channels = c >= 3 ? 3 : 1;
  const uint8_t *in = (const uint8_t *) src.data + (size_t) y * src.stride
                      + (size_t) x * c;
  uint8_t *out = (uint8_t *) dst.data + (size_t) y * dst.stride
                 + (size_t) x * c;
  const uint32_t i = pixel_colour[(size_t) y * src.width + x];
  /* An invisible pixel has no class: it stays as it is. */
  if (i == TESSERA_COLOUR_TRANSPARENT)
    {
      for (int ch = 0; ch < c; ch++)
        out[ch] = in[ch];
      return;
    }
  const uint8_t *colour = palette.rgb[colour_class[i]];
  /* Grey images have grey classes: any channel of the mean will do. */
  for (int ch = 0; ch < c; ch++)
    out[ch] = ch < colour_channels ? colour[ch] : in[ch];
}

/* Rows beyond the grid's 65535 take turns. */
__global__ void
recolour_kernel (TesseraImage src, const uint32_t *pixel_colour,
                 const uint32_t *colour_class, Palette palette,
                 TesseraImage dst)
{
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < src.width)
    for (int y = blockIdx.y; y < src.height; y += gridDim.y)
      recolour_pixel (src, x, y, pixel_colour, colour_class, palette, dst);
}

} /* namespace */

TesseraStatus
tessera_cuda_class_sums (const uint8_t *colours, const uint32_t *counts,
                         const uint32_t *colour_class, size_t n, int k,
                         uint64_t *pixels, uint64_t (*sum)[3])
{
  TesseraDeviceBuffer sums;
  unsigned long long host[MAX_CLASSES * 4];
  unsigned blocks = tessera_cuda_blocks (n, BLOCK);

  if (k < 1 || k > MAX_CLASSES)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (blocks > 1024)
    blocks = 1024;
  TESSERA_CUDA_CHECK (sums.allocate (sizeof host));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (sums.as<void> (), 0, sizeof host));
  class_sums_kernel<<<blocks, BLOCK>>> (colours, counts, colour_class, n, k,
                                        sums.as<unsigned long long> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpy (host, sums.as<void> (),
                                  sizeof (unsigned long long) * 4 * k,
                                  cudaMemcpyDeviceToHost));
  for (int c = 0; c < k; c++)
    {
      pixels[c] = host[4 * c];
      for (int ch = 0; ch < 3; ch++)
        sum[c][ch] = host[4 * c + 1 + ch];
    }
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_class_renumber (uint32_t *colour_class, size_t n,
                             const uint32_t *renumber, int k)
{
  TesseraDeviceBuffer table;
  TESSERA_CUDA_CHECK (table.allocate (sizeof (uint32_t) * k));
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (table.as<void> (), renumber,
                                       sizeof (uint32_t) * k,
                                       cudaMemcpyHostToDevice));
  renumber_kernel<<<tessera_cuda_blocks (n, BLOCK), BLOCK>>> (
    colour_class, n, table.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_recolour (const TesseraImage *src, const uint32_t *pixel_colour,
                       const uint32_t *colour_class,
                       const uint8_t (*palette)[3], int k, TesseraImage *dst)
{
  Palette p;
  memset (&p, 0, sizeof p);
  memcpy (p.rgb, palette, sizeof p.rgb[0] * k);
  dim3 grid (tessera_cuda_blocks (src->width, BLOCK),
             src->height < 65535 ? src->height : 65535);
  recolour_kernel<<<grid, BLOCK>>> (*src, pixel_colour, colour_class, p, *dst);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}
