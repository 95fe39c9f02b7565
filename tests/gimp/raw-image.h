/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — raw pixel files exchanged with GIMP by the test-only
 * plug-in tessera-test-io: every GIMP 2.10 sample type, packed rows, host
 * byte order, after a short text header.  Plain C so the plug-in and the
 * checker share it. */
#ifndef TESSERA_TEST_RAW_IMAGE_H
#define TESSERA_TEST_RAW_IMAGE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum
{
  RAW_U8,
  RAW_U16,
  RAW_U32,
  RAW_HALF,
  RAW_FLOAT,
  RAW_DOUBLE
} RawSampleType;

typedef struct
{
  void          *data;
  int            width;
  int            height;
  int            channels;   /* with alpha, alpha is the last */
  bool           has_alpha;
  RawSampleType  type;
} RawImage;

/* babl's type names: "u8", "u16", "u32", "half", "float", "double". */
bool        raw_sample_type_parse (const char *name, RawSampleType *type);
const char *raw_sample_type_name  (RawSampleType type);
size_t      raw_sample_size       (RawSampleType type);
bool        raw_sample_is_integer (RawSampleType type);

size_t      raw_image_samples     (const RawImage *image);
size_t      raw_image_size        (const RawImage *image);
bool        raw_image_same_layout (const RawImage *a, const RawImage *b);

/* Allocates IMAGE's data for the fields set; false when out of memory. */
bool        raw_image_alloc       (RawImage *image);
void        raw_image_free        (RawImage *image);

/* COMMENT (may be NULL) goes into the header for people reading it. */
bool        raw_image_write       (const char *path, const RawImage *image,
                                   const char *comment);
/* Allocates; false (and a line on stderr) when PATH is not a raw file. */
bool        raw_image_read        (const char *path, RawImage *image);

/* Sample I as a number where integers are scaled to [0, 1]. */
double      raw_image_get         (const RawImage *image, size_t i);
/* Stores V at sample I, as babl would: integers clamped to [0, 1] and
 * rounded to nearest, half rounded to nearest even. */
void        raw_image_set         (RawImage *image, size_t i, double v);

#endif
