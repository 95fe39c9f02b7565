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

/* The 24-bit key of the pixel at P (C channels), or TRANSPARENT for
 * alpha 0: grey is R = G = B, as on the host. */
__device__ uint32_t
pixel_key (const uint8_t *p, int c)
{
  uint32_t key = c >= 3 ? (uint32_t) p[0] << 16 | (uint32_t) p[1] << 8 | p[2]
                        : p[0] * 0x010101u;
  if ((c == 2 || c == 4) && p[c - 1] == 0)
    key = TRANSPARENT;
  return key;
}

/* A warp's PIXELS_PER_THREAD x 32 pixels of row Y from X0, 32 side by side
 * at a time: their keys written (unless KEYS is NULL: a band kept for
 * later), and each key counted once per step by the lowest lane that
 * holds it (a photo's neighbours share colours). */
__device__ void
count_row_keys (const TesseraImage &image, int y, int x0, uint32_t *keys,
                uint32_t *table, unsigned long long *transparent)
{
  const int c = image.channels, lane = threadIdx.x % 32;
  const uint8_t *row = (const uint8_t *) image.data + (size_t) y * image.stride;

  for (int step = 0; step < PIXELS_PER_THREAD; step++)
    {
      const int x = x0 + 32 * step + lane;
      uint32_t key = NO_KEY;
      if (x < image.width)
        {
          key = pixel_key (row + (size_t) x * c, c);
          if (keys != NULL)
            keys[(size_t) y * image.width + x] = key;
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

/* A band's colour numbers from its pixels and the numbered table: what
 * number_pixels_kernel gives, without the keys kept. */
__global__ void
index_band_kernel (TesseraImage band, const uint32_t *index,
                   uint32_t *pixel_colour)
{
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= band.width)
    return;
  for (int y = blockIdx.y; y < band.height; y += gridDim.y)
    {
      const uint8_t *p = (const uint8_t *) band.data + (size_t) y * band.stride
                         + (size_t) x * band.channels;
      const uint32_t key = pixel_key (p, band.channels);
      pixel_colour[(size_t) y * band.width + x]
        = key == TRANSPARENT ? TRANSPARENT : index[key];
    }
}

} /* namespace */

TesseraStatus
tessera_cuda_colour_table_start (TesseraDeviceColourTable *table)
{
  TESSERA_CUDA_CHECK (table->table.allocate (sizeof (uint32_t)
                                             * TESSERA_COLOUR_KEYS));
  TESSERA_CUDA_CHECK (table->index.allocate (sizeof (uint32_t)
                                             * TESSERA_COLOUR_KEYS));
  TESSERA_CUDA_CHECK (table->counters.allocate (2 * sizeof (unsigned long long)));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (table->table.as<void> (), 0,
                                       table->table.bytes ()));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (table->counters.as<void> (), 0,
                                       table->counters.bytes ()));
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_colour_count (const TesseraImage *image, uint32_t *keys,
                           TesseraDeviceColourTable *table)
{
  if (image->type != TESSERA_U8)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (image->width == 0 || image->height == 0)
    return TESSERA_OK;
  dim3 grid (tessera_cuda_blocks (image->width,
                                  BLOCK * PIXELS_PER_THREAD),
             image->height < 65535 ? image->height : 65535);
  count_keys_kernel<<<grid, BLOCK>>> (*image, keys,
                                      table->table.as<uint32_t> (),
                                      table->counters.as<unsigned long long> ()
                                      + 1);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_colour_collect (TesseraDeviceColourTable *table,
                             size_t n_pixels,
                             TesseraDeviceHistogram *histogram)
{
  const unsigned key_blocks = tessera_cuda_blocks (TESSERA_COLOUR_KEYS, BLOCK);
  TesseraDeviceBuffer scratch;
  size_t scratch_bytes = 0;
  /* The colours, then the pixels of alpha 0. */
  unsigned long long n_colours[2] = { 0, 0 };
  uint32_t *index = table->index.as<uint32_t> ();

  used_kernel<<<key_blocks, BLOCK>>> (table->table.as<uint32_t> (), index);
  TESSERA_CUDA_CHECK_LAUNCH ();
  tessera_cuda_stage_mark ("histogram: count");
  TESSERA_CUDA_CHECK (cub::DeviceScan::ExclusiveSum (
    NULL, scratch_bytes, index, index, TESSERA_COLOUR_KEYS));
  TESSERA_CUDA_CHECK (scratch.allocate (scratch_bytes));
  TESSERA_CUDA_CHECK (cub::DeviceScan::ExclusiveSum (
    scratch.as<void> (), scratch_bytes, index, index, TESSERA_COLOUR_KEYS));
  count_used_kernel<<<1, 1>>> (table->table.as<uint32_t> (), index,
                               table->counters.as<unsigned long long> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  /* The one wait: the arrays' sizes. */
  TESSERA_CUDA_CHECK (cudaMemcpy (n_colours, table->counters.as<void> (),
                                  sizeof n_colours, cudaMemcpyDeviceToHost));
  histogram->n_colours = (size_t) n_colours[0];
  histogram->visible = n_pixels - n_colours[1];
  tessera_cuda_stage_mark ("histogram: scan");
  TESSERA_CUDA_CHECK (histogram->colours.allocate (3 * n_colours[0]));
  TESSERA_CUDA_CHECK (histogram->counts.allocate (sizeof (uint32_t)
                                                  * n_colours[0]));
  collect_kernel<<<key_blocks, BLOCK>>> (table->table.as<uint32_t> (), index,
                                         histogram->colours.as<uint8_t> (),
                                         histogram->counts.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_colour_index (const TesseraImage *band,
                           const TesseraDeviceColourTable *table,
                           uint32_t *pixel_colour)
{
  if (band->width == 0 || band->height == 0)
    return TESSERA_OK;
  dim3 grid (tessera_cuda_blocks (band->width, BLOCK),
             band->height < 65535 ? band->height : 65535);
  index_band_kernel<<<grid, BLOCK>>> (*band, table->index.as<uint32_t> (),
                                      pixel_colour);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_colour_histogram (const TesseraImage *image,
                               TesseraDeviceHistogram *histogram)
{
  const size_t n_pixels = (size_t) image->width * image->height;
  TesseraDeviceColourTable table;

  if (image->type != TESSERA_U8 || n_pixels == 0 || n_pixels >= UINT32_MAX)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (tessera_cuda_colour_table_start (&table));
  TESSERA_CUDA_CHECK (histogram->pixel_colour.allocate (sizeof (uint32_t)
                                                        * n_pixels));
  TESSERA_CUDA_CHECK (tessera_cuda_colour_count (
    image, histogram->pixel_colour.as<uint32_t> (), &table));
  TESSERA_CUDA_CHECK (tessera_cuda_colour_collect (&table, n_pixels,
                                                   histogram));
  number_pixels_kernel<<<tessera_cuda_blocks (n_pixels, BLOCK), BLOCK>>> (
    table.index.as<uint32_t> (), histogram->pixel_colour.as<uint32_t> (),
    n_pixels);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}
