/* The Fill Closed Contours plug-in against the core on the CPU: the contour
 * map as the procedure defines it (perceptual RGBA floats, transparent
 * pixels read as the paper), the core's fill, and the black foreground
 * the case file sets, on the drawable or on a new transparent layer of the
 * same layout.  Perceptual drawables only for the lightness sources: the
 * plug-in reads them without a TRC conversion, so the threshold sees the
 * same floats here. */
#include <math.h>
#include <string.h>
#include "check-ops.h"
#include "fill-contours.h"

enum { SOURCE_ALPHA, SOURCE_DARK, SOURCE_BRIGHT, SOURCE_FOREGROUND };

/* Sample I of row Y as a float, the way babl turns it into one. */
static float
sample (const TesseraImage *image, int y, int i)
{
  const void *row = tessera_image_row (image, y);
  switch (image->type)
    {
    case TESSERA_U8:  return (float) (((const uint8_t *) row)[i] / 255.0);
    case TESSERA_U16: return (float) (((const uint16_t *) row)[i] / 65535.0);
    default:          return ((const float *) row)[i];
    }
}

/* Pixel X of row Y as R'G'B'A: grey spread to the three, no alpha as 1. */
static void
pixel_rgba (const TesseraImage *image, bool has_alpha, int x, int y,
            float *rgba)
{
  int colours = image->channels - (has_alpha ? 1 : 0);
  int first = x * image->channels;

  for (int c = 0; c < 3; c++)
    rgba[c] = sample (image, y, first + (colours == 3 ? c : 0));
  rgba[3] = has_alpha ? sample (image, y, first + colours) : 1.0f;
}

static bool
is_contour (const float *rgba, int source, double threshold)
{
  float alpha = rgba[3];
  float luminance = 0.2126f * rgba[0] + 0.7152f * rgba[1] + 0.0722f * rgba[2];

  switch (source)
    {
    case SOURCE_ALPHA:
      return alpha >= threshold;
    case SOURCE_DARK:
      return alpha * luminance + (1 - alpha) <= threshold;
    case SOURCE_BRIGHT:
      return alpha * luminance >= threshold;
    default:   /* distance to the black foreground */
      return alpha >= 0.5f
             && sqrtf ((rgba[0] * rgba[0] + rgba[1] * rgba[1]
                        + rgba[2] * rgba[2]) / 3) <= threshold;
    }
}

static void
set_sample (TesseraImage *image, int y, int i, double level)
{
  void *row = tessera_image_row (image, y);
  switch (image->type)
    {
    case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) (level * 255); break;
    case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) (level * 65535); break;
    case TESSERA_F32: ((float *) row)[i] = (float) level; break;
    }
}

/* ARGS: SOURCE THRESHOLD-PERMILLE CONNECTIVITY NEW-LAYER (0: DST is the
 * drawable, black inside; 1: DST is the new layer, black inside and
 * transparent elsewhere). */
TesseraStatus
check_fill_contours (char *const *args, const TesseraImage *src,
                     TesseraImage *dst, bool has_alpha)
{
  TesseraFillContours params = tessera_fill_contours_defaults ();
  TesseraExec exec = tessera_exec_default ();
  TesseraImage map, mask;
  int source, permille, new_layer;
  TesseraStatus status;

  if (! check_op_int (args[0], &source) || ! check_op_int (args[1], &permille)
      || ! check_op_int (args[2], &params.connectivity)
      || ! check_op_int (args[3], &new_layer))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_alloc (&map, src->width, src->height, 1,
                                     TESSERA_U8)) != TESSERA_OK)
    return status;
  if ((status = tessera_image_alloc (&mask, src->width, src->height, 1,
                                     TESSERA_U8)) != TESSERA_OK)
    {
      tessera_image_free (&map);
      return status;
    }
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      {
        float rgba[4];
        pixel_rgba (src, has_alpha, x, y, rgba);
        ((uint8_t *) tessera_image_row (&map, y))[x]
          = is_contour (rgba, source, permille / 1000.0) ? 255 : 0;
      }
  exec.backend = TESSERA_BACKEND_CPU;
  status = tessera_fill_contours (&map, &mask, &params, &exec);

  for (int y = 0; status == TESSERA_OK && y < src->height; y++)
    {
      size_t bytes = tessera_pixel_size (src) * (size_t) src->width;
      if (new_layer)
        memset (tessera_image_row (dst, y), 0, bytes);
      else
        memcpy (tessera_image_row (dst, y), tessera_image_row (src, y), bytes);
      for (int x = 0; x < src->width; x++)
        if (((const uint8_t *) tessera_image_row (&mask, y))[x] != 0)
          for (int c = 0; c < src->channels; c++)
            set_sample (dst, y, x * src->channels + c,
                        has_alpha && c == src->channels - 1 ? 1.0 : 0.0);
    }
  tessera_image_free (&map);
  tessera_image_free (&mask);
  return status;
}
