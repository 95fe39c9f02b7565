/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <stdint.h>
#include "image.h"

size_t
tessera_sample_size (TesseraSampleType type)
{
  switch (type)
    {
    case TESSERA_U8:  return 1;
    case TESSERA_U16: return 2;
    case TESSERA_F32: return 4;
    }
  return 0;
}

size_t
tessera_pixel_size (const TesseraImage *image)
{
  return tessera_sample_size (image->type) * (size_t) image->channels;
}

TesseraImage
tessera_image_view (void *data, int width, int height, int channels,
                    TesseraSampleType type)
{
  TesseraImage image = { data, width, height, 0, channels, type,
                         TESSERA_MEMORY_HOST };
  image.stride = tessera_pixel_size (&image) * (size_t) width;
  return image;
}

TesseraStatus
tessera_image_check (const TesseraImage *image)
{
  if (image == NULL || tessera_sample_size (image->type) == 0
      || image->channels < 1 || image->channels > 4)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (image->width <= 0 || image->height <= 0)
    return TESSERA_ERROR_EMPTY_IMAGE;
  if (image->width > TESSERA_MAX_SIDE || image->height > TESSERA_MAX_SIDE)
    return TESSERA_ERROR_TOO_LARGE;
  if (image->data == NULL
      || image->stride < tessera_pixel_size (image) * (size_t) image->width)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((size_t) image->height > SIZE_MAX / image->stride)
    return TESSERA_ERROR_TOO_LARGE;
  return TESSERA_OK;
}

int
tessera_image_same_shape (const TesseraImage *a, const TesseraImage *b)
{
  return a->width == b->width && a->height == b->height
      && a->channels == b->channels && a->type == b->type;
}

int
tessera_images_overlap (const TesseraImage *a, const TesseraImage *b)
{
  uintptr_t a_start = (uintptr_t) a->data, b_start = (uintptr_t) b->data;
  uintptr_t a_end = a_start + (size_t) (a->height - 1) * a->stride
                    + tessera_pixel_size (a) * (size_t) a->width;
  uintptr_t b_end = b_start + (size_t) (b->height - 1) * b->stride
                    + tessera_pixel_size (b) * (size_t) b->width;
  return a_start < b_end && b_start < a_end;
}

TesseraStatus
tessera_image_alloc (TesseraImage *image, int width, int height, int channels,
                     TesseraSampleType type)
{
  TesseraImage probe = tessera_image_view ((void *) 1, width, height,
                                           channels, type);
  TesseraStatus status = tessera_image_check (&probe);
  if (status != TESSERA_OK)
    return status;

  /* Rows start on 64-byte boundaries so vector loops never straddle lines. */
  probe.stride = (probe.stride + 63) & ~(size_t) 63;
  probe.data = aligned_alloc (64, probe.stride * (size_t) height);
  if (probe.data == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  *image = probe;
  return TESSERA_OK;
}

void
tessera_image_free (TesseraImage *image)
{
  free (image->data);
  image->data = NULL;
}
