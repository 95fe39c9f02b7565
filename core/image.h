/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a view on pixels owned by someone else (or by tessera_image_alloc). */
#ifndef TESSERA_IMAGE_H
#define TESSERA_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

typedef enum
{
  TESSERA_U8,
  TESSERA_U16,
  TESSERA_F32
} TesseraSampleType;

/* Where the pixels live.  Core (CPU) functions take host images only; the
 * CUDA backend takes either, and keeps device images on the device. */
typedef enum
{
  TESSERA_MEMORY_HOST = 0,
  TESSERA_MEMORY_CUDA
} TesseraMemory;

/* The largest side we accept: GIMP's own limit is 524288. */
#define TESSERA_MAX_SIDE 524288

typedef struct
{
  void              *data;
  int                width;
  int                height;
  size_t             stride;    /* bytes from one row to the next */
  int                channels;  /* 1..4; with alpha, alpha is the last */
  TesseraSampleType  type;
  TesseraMemory      memory;
} TesseraImage;

size_t        tessera_sample_size (TesseraSampleType type);
size_t        tessera_pixel_size  (const TesseraImage *image);

/* A host view on DATA with rows packed one after the other. */
TesseraImage  tessera_image_view  (void *data, int width, int height,
                                   int channels, TesseraSampleType type);

/* Checks the fields, and that width*height*channels fits in memory sizes. */
TesseraStatus tessera_image_check (const TesseraImage *image);

/* True when A and B have the same size, channels and sample type. */
int           tessera_image_same_shape (const TesseraImage *a,
                                        const TesseraImage *b);

/* True when the bytes of A and B overlap (the same memory, or parts of
 * it): an operation from A to B must then not write what it still reads. */
int           tessera_images_overlap   (const TesseraImage *a,
                                        const TesseraImage *b);

static inline void *
tessera_image_row (const TesseraImage *image, int y)
{
  return (uint8_t *) image->data + (size_t) y * image->stride;
}

/* Sample I of row Y (I counts samples from the row's start), whatever the
 * type: for code off the hot paths (set-up, references, tests). */
static inline double
tessera_image_sample_at (const TesseraImage *image, int y, size_t i)
{
  const void *row = tessera_image_row (image, y);

  switch (image->type)
    {
    case TESSERA_U8:  return ((const uint8_t *) row)[i];
    case TESSERA_U16: return ((const uint16_t *) row)[i];
    case TESSERA_F32: return ((const float *) row)[i];
    }
  return 0.0;
}

/* Stores VALUE, which must be exact in the type (an integer in range for
 * u8 and u16), as sample I of row Y. */
static inline void
tessera_image_set_sample_at (TesseraImage *image, int y, size_t i,
                             double value)
{
  void *row = tessera_image_row (image, y);

  switch (image->type)
    {
    case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) value; break;
    case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) value; break;
    case TESSERA_F32: ((float *) row)[i] = (float) value; break;
    }
}

/* A sample's nominal largest value: 255, 65535, or 1 for floats. */
static inline double
tessera_sample_max (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 255.0 : type == TESSERA_U16 ? 65535.0 : 1.0;
}

/* Sample I of row Y on the nominal scale 0..1 (floats as they are). */
static inline double
tessera_image_unit_sample_at (const TesseraImage *image, int y, size_t i)
{
  return tessera_image_sample_at (image, y, i)
         / tessera_sample_max (image->type);
}

/* Stores VALUE, on the nominal scale 0..1 (clamped to it), as sample I of
 * row Y: rounded to the nearest integer for u8 and u16. */
static inline void
tessera_image_set_unit_sample_at (TesseraImage *image, int y, size_t i,
                                  double value)
{
  double top = tessera_sample_max (image->type);

  value = value < 0.0 ? 0.0 : value > 1.0 ? 1.0 : value;
  tessera_image_set_sample_at (image, y, i,
                               image->type == TESSERA_F32
                               ? value : (double) (long) (value * top + 0.5));
}

/* Channel C of pixel (X, Y). */
static inline double
tessera_image_sample (const TesseraImage *image, int x, int y, int c)
{
  return tessera_image_sample_at (image, y,
                                  (size_t) x * image->channels + c);
}

static inline void
tessera_image_set_sample (TesseraImage *image, int x, int y, int c,
                          double value)
{
  tessera_image_set_sample_at (image, y, (size_t) x * image->channels + c,
                               value);
}

/* Packed host image, 64-byte aligned rows; free with tessera_image_free. */
TesseraStatus tessera_image_alloc (TesseraImage *image, int width, int height,
                                   int channels, TesseraSampleType type);
void          tessera_image_free  (TesseraImage *image);

#endif
