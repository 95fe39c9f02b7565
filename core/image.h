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

static inline void *
tessera_image_row (const TesseraImage *image, int y)
{
  return (uint8_t *) image->data + (size_t) y * image->stride;
}

/* Packed host image, 64-byte aligned rows; free with tessera_image_free. */
TesseraStatus tessera_image_alloc (TesseraImage *image, int width, int height,
                                   int channels, TesseraSampleType type);
void          tessera_image_free  (TesseraImage *image);

#endif
