/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours on an image that arrives in bands of rows
 * (core/mst-segment-bands.h), on the device: each band is uploaded into
 * the whole image kept there and counted into the colour table as it
 * comes; the classes are made from the table as for a whole image
 * (cuda/mst-segment-image.cu); then each band is numbered, recoloured and
 * downloaded, so that the caller reads its image once.  Everything the
 * bands need is allocated at the start, so that a layer that does not fit
 * fails there, before the caller has let its first band go. */
#include <new>
#include <stdlib.h>
#include <string.h>
#include "colour-keys.h"
#include "colour-pipeline.cuh"

struct TesseraCudaMstBands
{
  TesseraImage             image;         /* the whole layer, kept */
  TesseraImage             out;           /* a band recoloured */
  TesseraDeviceBuffer      band_colours;  /* a band's colour numbers */
  TesseraDeviceColourTable table;
  TesseraDeviceHistogram   histogram;     /* its pixel_colour unused */
  TesseraDeviceBuffer      colour_class;
  uint8_t                  palette[TESSERA_MST_SEGMENT_MAX_CLASSES][3];
  int                      n_classes;
  int                      rows;          /* added so far */
  int                      max_rows;      /* of a band */
};

namespace {

/* Room for the colours' steps after the bands (histogram, points, EMST,
 * classes): generously per colour, as many colours as pixels at worst,
 * and never more than 2^24. */
const size_t BYTES_PER_COLOUR = 160;
const size_t SPARE_BYTES = 256u << 20;

size_t
bytes_needed (size_t stride, int height, int width, int max_rows)
{
  const size_t pixels = (size_t) width * height;
  const size_t colours = pixels < (1u << 24) ? pixels : (1u << 24);
  return stride * height + (stride + 4 * (size_t) width) * max_rows
         + 2 * sizeof (uint32_t) * TESSERA_COLOUR_KEYS
         + BYTES_PER_COLOUR * colours + SPARE_BYTES;
}

/* Whether the device has room for the whole of a layer's work. */
TesseraStatus
check_room (int width, int height, int channels, int max_rows)
{
  size_t free_bytes = 0, total = 0;
  TESSERA_CUDA_CHECK (cudaMemGetInfo (&free_bytes, &total));
  /* cudaMallocPitch's rows are aligned to at most 512 bytes. */
  const size_t stride = ((size_t) width * channels + 511) / 512 * 512;
  if (bytes_needed (stride, height, width, max_rows) > free_bytes)
    return TESSERA_ERROR_GPU_OUT_OF_MEMORY;
  return TESSERA_OK;
}

/* Rows Y .. Y + ROWS - 1 of the device IMAGE. */
TesseraImage
rows_of (const TesseraImage &image, int y, int rows)
{
  TesseraImage band = image;
  band.data = (uint8_t *) image.data + (size_t) y * image.stride;
  band.height = rows;
  return band;
}

TesseraStatus
allocate (TesseraCudaMstBands *b, int width, int height, int channels)
{
  TESSERA_CUDA_CHECK (tessera_cuda_image_alloc (&b->image, width, height,
                                                channels, TESSERA_U8));
  TESSERA_CUDA_CHECK (tessera_cuda_image_alloc (&b->out, width, b->max_rows,
                                                channels, TESSERA_U8));
  TESSERA_CUDA_CHECK (b->band_colours.allocate (sizeof (uint32_t) * width
                                                * (size_t) b->max_rows));
  return tessera_cuda_colour_table_start (&b->table);
}

/* The host copy of the device histogram's colours and counts. */
TesseraStatus
download_histogram (const TesseraDeviceHistogram &device,
                    TesseraColourHistogram *host)
{
  const size_t n = device.n_colours;
  host->n_colours = n;
  host->colours = (uint8_t *) malloc (3 * n + 1);
  host->counts = (uint32_t *) malloc (sizeof (uint32_t) * n + 1);
  if (host->colours == NULL || host->counts == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  TESSERA_CUDA_CHECK (cudaMemcpy (host->colours,
                                  device.colours.as<void> (), 3 * n,
                                  cudaMemcpyDeviceToHost));
  TESSERA_CUDA_CHECK (cudaMemcpy (host->counts, device.counts.as<void> (),
                                  sizeof (uint32_t) * n,
                                  cudaMemcpyDeviceToHost));
  return TESSERA_OK;
}

} /* namespace */

TesseraStatus
tessera_cuda_mst_bands_new (TesseraCudaMstBands **bands, int width,
                            int height, int channels, int max_rows)
{
  TesseraCudaMstBands *b;
  TesseraStatus status;

  *bands = NULL;
  if (width < 1 || height < 1 || channels < 1 || channels > 4
      || max_rows < 1 || (size_t) width * height >= UINT32_MAX)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (check_room (width, height, channels, max_rows));
  b = new (std::nothrow) TesseraCudaMstBands ();
  if (b == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  b->max_rows = max_rows < height ? max_rows : height;
  status = allocate (b, width, height, channels);
  if (status != TESSERA_OK)
    {
      tessera_cuda_mst_bands_free (b);
      return status;
    }
  *bands = b;
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_mst_bands_add (TesseraCudaMstBands *b, const TesseraImage *band)
{
  if (band->height > b->image.height - b->rows)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TesseraImage kept = rows_of (b->image, b->rows, band->height);
  TESSERA_CUDA_CHECK (tessera_cuda_image_upload (band, &kept));
  tessera_cuda_stage_mark ("bands: upload");
  TESSERA_CUDA_CHECK (tessera_cuda_colour_count (&kept, NULL, &b->table));
  tessera_cuda_stage_mark ("bands: count");
  b->rows += band->height;
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_mst_bands_finish (TesseraCudaMstBands *b,
                               const TesseraMstSegment *params,
                               TesseraMstClasses *classes,
                               TesseraColourHistogram *histogram)
{
  const size_t pixels = (size_t) b->image.width * b->image.height;

  if (b->rows != b->image.height)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (tessera_cuda_colour_collect (&b->table, pixels,
                                                   &b->histogram));
  tessera_cuda_stage_mark ("bands: histogram");
  TESSERA_CUDA_CHECK (download_histogram (b->histogram, histogram));
  histogram->width = b->image.width;
  histogram->height = b->image.height;
  TESSERA_CUDA_CHECK (tessera_cuda_colour_classes (&b->histogram, params,
                                                   classes, &b->colour_class,
                                                   b->palette));
  b->n_classes = classes->n_classes;
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_mst_bands_recolour (TesseraCudaMstBands *b, int y,
                                 TesseraImage *dst)
{
  if (b->n_classes == 0 || y < 0 || dst->height > b->max_rows
      || dst->height > b->image.height - y)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TesseraImage src = rows_of (b->image, y, dst->height);
  TesseraImage out = rows_of (b->out, 0, dst->height);
  TESSERA_CUDA_CHECK (tessera_cuda_colour_index (
    &src, &b->table, b->band_colours.as<uint32_t> ()));
  TESSERA_CUDA_CHECK (tessera_cuda_recolour (
    &src, b->band_colours.as<uint32_t> (), b->colour_class.as<uint32_t> (),
    (const uint8_t (*)[3]) b->palette, b->n_classes, &out));
  tessera_cuda_stage_mark ("bands: recolour");
  TESSERA_CUDA_CHECK (tessera_cuda_image_download (&out, dst));
  tessera_cuda_stage_mark ("bands: download");
  return TESSERA_OK;
}

void
tessera_cuda_mst_bands_free (TesseraCudaMstBands *b)
{
  if (b == NULL)
    return;
  if (b->image.data != NULL)
    tessera_cuda_image_free (&b->image);
  if (b->out.data != NULL)
    tessera_cuda_image_free (&b->out);
  delete b;
}
