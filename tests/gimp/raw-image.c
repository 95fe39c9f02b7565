/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raw-image.h"

#define RAW_MAGIC "TESSERA-RAW"

static const char *const type_names[] =
  { "u8", "u16", "u32", "half", "float", "double" };

bool
raw_sample_type_parse (const char *name, RawSampleType *type)
{
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (strcmp (name, type_names[i]) == 0)
      {
        *type = (RawSampleType) i;
        return true;
      }
  return false;
}

const char *
raw_sample_type_name (RawSampleType type)
{
  return type_names[type];
}

size_t
raw_sample_size (RawSampleType type)
{
  static const size_t sizes[] = { 1, 2, 4, 2, 4, 8 };
  return sizes[type];
}

bool
raw_sample_is_integer (RawSampleType type)
{
  return type == RAW_U8 || type == RAW_U16 || type == RAW_U32;
}

size_t
raw_image_samples (const RawImage *image)
{
  return (size_t) image->width * image->height * image->channels;
}

size_t
raw_image_size (const RawImage *image)
{
  return raw_image_samples (image) * raw_sample_size (image->type);
}

bool
raw_image_same_layout (const RawImage *a, const RawImage *b)
{
  return a->width == b->width && a->height == b->height
      && a->channels == b->channels && a->has_alpha == b->has_alpha
      && a->type == b->type;
}

bool
raw_image_alloc (RawImage *image)
{
  image->data = malloc (raw_image_size (image) + 1);
  return image->data != NULL;
}

void
raw_image_free (RawImage *image)
{
  free (image->data);
  image->data = NULL;
}

bool
raw_image_write (const char *path, const RawImage *image, const char *comment)
{
  FILE *file = fopen (path, "wb");
  bool  ok;

  if (file == NULL)
    return false;
  fprintf (file, RAW_MAGIC "\n%d %d %d %s %d\n# %s\n", image->width,
           image->height, image->channels, raw_sample_type_name (image->type),
           image->has_alpha ? 1 : 0, comment ? comment : "");
  ok = fwrite (image->data, 1, raw_image_size (image), file)
       == raw_image_size (image);
  return (fclose (file) == 0) && ok;
}

static bool
read_header (FILE *file, RawImage *image)
{
  char magic[16];
  char type[16];
  int  alpha;
  int  c;

  if (fscanf (file, "%15s %d %d %d %15s %d", magic, &image->width,
              &image->height, &image->channels, type, &alpha) != 6
      || strcmp (magic, RAW_MAGIC) != 0
      || ! raw_sample_type_parse (type, &image->type)
      || image->width < 1 || image->height < 1
      || image->channels < 1 || image->channels > 4)
    return false;
  image->has_alpha = alpha != 0;
  /* Skips the rest of the line and the comment line. */
  for (int lines = 0; lines < 2 && (c = fgetc (file)) != EOF; )
    if (c == '\n')
      lines++;
  return ! feof (file);
}

bool
raw_image_read (const char *path, RawImage *image)
{
  FILE *file = fopen (path, "rb");
  bool  ok;

  if (file == NULL)
    {
      perror (path);
      return false;
    }
  ok = read_header (file, image) && raw_image_alloc (image);
  if (ok)
    {
      ok = fread (image->data, 1, raw_image_size (image), file)
           == raw_image_size (image);
      if (! ok)
        raw_image_free (image);
    }
  fclose (file);
  if (! ok)
    fprintf (stderr, "%s: not a whole raw image\n", path);
  return ok;
}

static double
half_to_double (uint16_t h)
{
  int    exponent = (h >> 10) & 31;
  int    mantissa = h & 1023;
  double sign = (h & 0x8000) ? -1.0 : 1.0;

  if (exponent == 0)
    return sign * ldexp (mantissa, -24);
  if (exponent == 31)
    return mantissa ? NAN : sign * INFINITY;
  return sign * ldexp (1024 + mantissa, exponent - 25);
}

/* Round to nearest even, through nearbyint's default rounding mode. */
static uint16_t
half_from_double (double v)
{
  uint16_t sign = signbit (v) ? 0x8000 : 0;
  double   a = fabs (v);
  int      exponent;
  double   mantissa;

  if (isnan (v))
    return 0x7e00;
  if (a < ldexp (1.0, -14))
    return sign | (uint16_t) nearbyint (ldexp (a, 24));
  frexp (a, &exponent);
  exponent--;                       /* a = 1.m * 2^exponent */
  mantissa = nearbyint ((ldexp (a, -exponent) - 1.0) * 1024.0);
  if (mantissa == 1024.0)
    {
      mantissa = 0;
      exponent++;
    }
  if (exponent > 15)
    return sign | 0x7c00;
  return sign | (uint16_t) ((exponent + 15) << 10) | (uint16_t) mantissa;
}

static double
quantize (double v, double max)
{
  if (! (v > 0.0))
    return 0.0;
  return v >= 1.0 ? max : floor (v * max + 0.5);
}

double
raw_image_get (const RawImage *image, size_t i)
{
  switch (image->type)
    {
    case RAW_U8:     return ((const uint8_t *) image->data)[i] / 255.0;
    case RAW_U16:    return ((const uint16_t *) image->data)[i] / 65535.0;
    case RAW_U32:    return ((const uint32_t *) image->data)[i] / 4294967295.0;
    case RAW_HALF:
      return half_to_double (((const uint16_t *) image->data)[i]);
    case RAW_FLOAT:  return ((const float *) image->data)[i];
    case RAW_DOUBLE: return ((const double *) image->data)[i];
    }
  return 0.0;
}

void
raw_image_set (RawImage *image, size_t i, double v)
{
  switch (image->type)
    {
    case RAW_U8:
      ((uint8_t *) image->data)[i] = (uint8_t) quantize (v, 255.0);
      break;
    case RAW_U16:
      ((uint16_t *) image->data)[i] = (uint16_t) quantize (v, 65535.0);
      break;
    case RAW_U32:
      ((uint32_t *) image->data)[i] = (uint32_t) quantize (v, 4294967295.0);
      break;
    case RAW_HALF:
      ((uint16_t *) image->data)[i] = half_from_double (v);
      break;
    case RAW_FLOAT:
      ((float *) image->data)[i] = (float) v;
      break;
    case RAW_DOUBLE:
      ((double *) image->data)[i] = v;
      break;
    }
}
