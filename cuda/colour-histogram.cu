/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the distinct colours of an 8-bit image on the device: a count
 * per 24-bit colour (the whole table, as the CPU's core/colour-keys.c),
 * its used entries numbered by a scan, so the colours come out in the
 * CPU's order, then each pixel's key replaced by its colour's number.  A
 * pixel of alpha 0 keeps TESSERA_COLOUR_TRANSPARENT and is not counted. */
#include <cub/cub.cuh>
#include "colour-keys.h"
#include "colour-pipeline.cuh"

namespace {

const int BLOCK = 256;
const int PIXELS_PER_THREAD = 8;

const uint32_t NO_KEY = 0xfffffffeu;    /* beyond the row: no colour */
const uint32_t TRANSPARENT = TESSERA_COLOUR_TRANSPARENT;

/* A warp's PIXELS_PER_THREAD x 32 pixels of row Y from X0, 32 side by side
 * at a time: their keys written, and each key counted once per step by
 * the lowest lane that holds it (a photo's neighbours share colours). */
__device__ void
count_row_keys (const TesseraImage &image, int y, int x0, uint32_t *keys,
                uint32_t *table, unsigned long long *transparent)
{
  const int c = image.channels, lane = threadIdx.x % 32;
  const uint8_t *row = (const uint8_t *) image.data + (size_t) y * image.stride;
  uint32_t *out = keys + (size_t) y * image.width;

  for (int step = 0; step < PIXELS_PER_THREAD; step++)
    {
      const int x = x0 + 32 * step + lane;
      uint32_t key = NO_KEY;
      if (x < image.width)
        {
          const uint8_t *p = row + (size_t) x * c;
          key = c >= 3 ? (uint32_t) p[0] << 16 | (uint32_t) p[1] << 8 | p[2]
                       : p[0] * 0x010101u;
          if ((c == 2 || c == 4) && p[c - 1] == 0)
            key = TRANSPARENT;
          out[x] = key;
        }
      const unsigned same = __match_any_sync (0xffffffffu, key);
      if (key < TESSERA_COLOUR_KEYS && lane == __ffs (same) - 1)
        atomicAdd (&table[key], (uint32_t) __popc (same));
      else if (key == TRANSPARENT && lane == __ffs (same) - 1)
        atomicAdd (transparent, (unsigned long long) __popc (same));
    }
}

/* Each warp takes PIXELS_PER_THREAD x 32 pixels of a row; rows beyond the
 * grid's 65535 take turns.  TRANSPARENT_PIXELS counts those of alpha 0. */
__global__ void
count_keys_kernel (TesseraImage image, uint32_t *keys, uint32_t *table,
                   unsigned long long *transparent_pixels)
{
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int x0 = warp * 32 * PIXELS_PER_THREAD;
  if (x0 < image.width)
    for (int y = blockIdx.y; y < image.height; y += gridDim.y)
      count_row_keys (image, y, x0, keys, table, transparent_pixels);
}

__global__ void
used_kernel (const uint32_t *table, uint32_t *index)
{
  uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < TESSERA_COLOUR_KEYS)
    index[k] = table[k] != 0;
}

__global__ void
count_used_kernel (const uint32_t *table, const uint32_t *index,
                   unsigned long long *n_used)
{
  const uint32_t last = TESSERA_COLOUR_KEYS - 1;
  *n_used = index[last] + (table[last] != 0);
}

__global__ void
collect_kernel (const uint32_t *table, const uint32_t *index,
                uint8_t *colours, uint32_t *counts)
{
  uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= TESSERA_COLOUR_KEYS || table[k] == 0)
    return;
  uint32_t i = index[k];
  colours[3 * (size_t) i] = (uint8_t) (k >> 16);
  colours[3 * (size_t) i + 1] = (uint8_t) (k >> 8);
  colours[3 * (size_t) i + 2] = (uint8_t) k;
  counts[i] = table[k];
}

__global__ void
number_pixels_kernel (const uint32_t *index, uint32_t *pixel_colour,
                      size_t n_pixels)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i < n_pixels && pixel_colour[i] != TRANSPARENT)
    pixel_colour[i] = index[pixel_colour[i]];
}

} /* namespace */

TesseraStatus
tessera_cuda_colour_histogram (const TesseraImage *image,
                               TesseraDeviceHistogram *histogram)
{
  const size_t n_pixels = (size_t) image->width * image->height;
  const unsigned key_blocks = tessera_cuda_blocks (TESSERA_COLOUR_KEYS, BLOCK);
  TesseraDeviceBuffer table, index, scratch, n_used;
  size_t scratch_bytes = 0;
  /* The colours, then the pixels of alpha 0. */
  unsigned long long n_colours[2] = { 0, 0 };

  if (image->type != TESSERA_U8 || n_pixels == 0 || n_pixels >= UINT32_MAX)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (table.allocate (sizeof (uint32_t) * TESSERA_COLOUR_KEYS));
  TESSERA_CUDA_CHECK (index.allocate (sizeof (uint32_t) * TESSERA_COLOUR_KEYS));
  TESSERA_CUDA_CHECK (n_used.allocate (sizeof n_colours));
  TESSERA_CUDA_CHECK (histogram->pixel_colour.allocate (sizeof (uint32_t)
                                                        * n_pixels));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (table.as<void> (), 0, table.bytes ()));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (n_used.as<void> (), 0, n_used.bytes ()));

  dim3 grid (tessera_cuda_blocks (image->width,
                                  BLOCK * PIXELS_PER_THREAD),
             image->height < 65535 ? image->height : 65535);
  count_keys_kernel<<<grid, BLOCK>>> (*image,
                                      histogram->pixel_colour.as<uint32_t> (),
                                      table.as<uint32_t> (),
                                      n_used.as<unsigned long long> () + 1);
  used_kernel<<<key_blocks, BLOCK>>> (table.as<uint32_t> (),
                                      index.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  tessera_cuda_stage_mark ("histogram: count");
  TESSERA_CUDA_CHECK (cub::DeviceScan::ExclusiveSum (
    NULL, scratch_bytes, index.as<uint32_t> (), index.as<uint32_t> (),
    TESSERA_COLOUR_KEYS));
  TESSERA_CUDA_CHECK (scratch.allocate (scratch_bytes));
  TESSERA_CUDA_CHECK (cub::DeviceScan::ExclusiveSum (
    scratch.as<void> (), scratch_bytes, index.as<uint32_t> (),
    index.as<uint32_t> (), TESSERA_COLOUR_KEYS));
  count_used_kernel<<<1, 1>>> (table.as<uint32_t> (), index.as<uint32_t> (),
                               n_used.as<unsigned long long> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  /* The one wait: the arrays' sizes. */
  TESSERA_CUDA_CHECK (cudaMemcpy (n_colours, n_used.as<void> (),
                                  sizeof n_colours, cudaMemcpyDeviceToHost));
  histogram->n_colours = (size_t) n_colours[0];
  histogram->visible = n_pixels - n_colours[1];
  tessera_cuda_stage_mark ("histogram: scan");
  TESSERA_CUDA_CHECK (histogram->colours.allocate (3 * n_colours[0]));
  TESSERA_CUDA_CHECK (histogram->counts.allocate (sizeof (uint32_t)
                                                  * n_colours[0]));
  collect_kernel<<<key_blocks, BLOCK>>> (table.as<uint32_t> (),
                                         index.as<uint32_t> (),
                                         histogram->colours.as<uint8_t> (),
                                         histogram->counts.as<uint32_t> ());
  number_pixels_kernel<<<tessera_cuda_blocks (n_pixels, BLOCK), BLOCK>>> (
    index.as<uint32_t> (), histogram->pixel_colour.as<uint32_t> (), n_pixels);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}
