/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "luminance.h"
#include "reconstruct.h"
#include "reconstruct-preset.h"
#include "square-filter.h"

static double
range_top (TesseraSampleType type)
{
  return type == TESSERA_U8 ? UINT8_MAX : type == TESSERA_U16 ? UINT16_MAX
                                                              : 1.0;
}

/* Every sample VALUE but those of the first and last rows and columns,
 * which are SRC's. */
static void
fill_but_border (const TesseraImage *src, TesseraImage *marker, double value)
{
  int channels = src->channels;

  for (int y = 0; y < src->height; y++)
    for (int i = 0; i < src->width * channels; i++)
      {
        int x = i / channels;
        bool border = y == 0 || y == src->height - 1 || x == 0
                      || x == src->width - 1;
        double v = border ? tessera_image_sample_at (src, y, i) : value;
        tessera_image_set_sample_at (marker, y, i, v);
      }
}

/* SRC lowered by H of the range; integers stop at 0. */
static void
lower (const TesseraImage *src, TesseraImage *marker, double h)
{
  double step = src->type == TESSERA_F32 ? h
                                         : floor (h * range_top (src->type)
                                                  + 0.5);

  for (int y = 0; y < src->height; y++)
    for (int i = 0; i < src->width * src->channels; i++)
      {
        double v = tessera_image_sample_at (src, y, i) - step;
        tessera_image_set_sample_at (marker, y, i,
                                     src->type == TESSERA_F32 || v > 0 ? v : 0);
      }
}

static TesseraStatus
make_marker (const TesseraImage *src, TesseraImage *marker,
             const TesseraReconstructPresetParams *params, TesseraExec *exec)
{
  TesseraExec quiet = *exec;

  switch (params->preset)
    {
    case TESSERA_RECONSTRUCT_FILL_HOLES:
      fill_but_border (src, marker, range_top (src->type));
      return TESSERA_OK;
    case TESSERA_RECONSTRUCT_CLEAR_BORDER:
      fill_but_border (src, marker, 0);
      return TESSERA_OK;
    case TESSERA_RECONSTRUCT_H_DOME:
      lower (src, marker, params->h);
      return TESSERA_OK;
    case TESSERA_RECONSTRUCT_OPENING:
    case TESSERA_RECONSTRUCT_CLOSING:
      /* Quick next to the reconstruction: no progress of its own. */
      quiet.progress = NULL;
      return tessera_square_filter (src, marker, params->radius,
                                    params->preset
                                    == TESSERA_RECONSTRUCT_CLOSING, &quiet);
    default:
      return TESSERA_ERROR_INVALID_ARGUMENT;
    }
}

/* Whether PRESET's result is the image less the reconstruction. */
static bool
is_difference (TesseraReconstructPreset preset)
{
  return preset == TESSERA_RECONSTRUCT_CLEAR_BORDER
         || preset == TESSERA_RECONSTRUCT_H_DOME;
}

/* DST = SRC - RECONSTRUCTION where SUBTRACT, else the reconstruction; alpha
 * is SRC's.  Sample by sample, so DST may be SRC. */
static void
finish (const TesseraImage *src, const TesseraImage *reconstruction,
        TesseraImage *dst, bool subtract, bool has_alpha)
{
  int channels = src->channels;

  for (int y = 0; y < src->height; y++)
    for (int i = 0; i < src->width * channels; i++)
      {
        double v = tessera_image_sample_at (reconstruction, y, i);
        if (has_alpha && i % channels == channels - 1)
          v = tessera_image_sample_at (src, y, i);
        else if (subtract)
          v = tessera_image_sample_at (src, y, i) - v;
        tessera_image_set_sample_at (dst, y, i, v);
      }
}

/* The preset on SRC's luminance, the colours following: see
 * reconstruct-preset.h. */
static TesseraStatus
preset_luminance (const TesseraImage *src, TesseraImage *dst,
                  const TesseraReconstructPresetParams *params,
                  TesseraExec *exec)
{
  TesseraReconstructPresetParams grey = *params;
  TesseraImage                   luminance, result;
  TesseraStatus                  status;

  grey.has_alpha = false;
  grey.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
  status = tessera_luminance_planes (src, &luminance, &result);
  if (status != TESSERA_OK)
    return status;
  tessera_luminance (src, &luminance, exec);
  status = tessera_reconstruct_preset (&luminance, &result, &grey, exec);
  if (status == TESSERA_OK && is_difference (params->preset))
    tessera_luminance_scale (src, &luminance, &result, dst, exec);
  else if (status == TESSERA_OK)
    tessera_luminance_shift (src, &luminance, &result, dst, exec);
  tessera_image_free (&result);
  tessera_image_free (&luminance);
  return status;
}

TesseraStatus
tessera_reconstruct_preset (const TesseraImage *src, TesseraImage *dst,
                            const TesseraReconstructPresetParams *params,
                            TesseraExec *exec)
{
  TesseraExec        defaults = tessera_exec_default ();
  TesseraReconstruct reconstruct = tessera_reconstruct_default ();
  TesseraImage       marker;
  TesseraStatus      status;

  if (params == NULL || (unsigned) params->preset >= TESSERA_RECONSTRUCT_PRESETS
      || !(params->h >= 0.0 && params->h <= 1.0)
      || params->radius < 0 || params->radius > TESSERA_RECONSTRUCT_MAX_RADIUS)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_check (src)) != TESSERA_OK
      || (status = tessera_image_check (dst)) != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (src, dst)
      || src->memory != TESSERA_MEMORY_HOST
      || dst->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (exec == NULL)
    exec = &defaults;

  reconstruct.operation = params->preset == TESSERA_RECONSTRUCT_FILL_HOLES
                          || params->preset == TESSERA_RECONSTRUCT_CLOSING
                          ? TESSERA_RECONSTRUCT_EROSION
                          : TESSERA_RECONSTRUCT_DILATION;
  reconstruct.connectivity = params->connectivity;
  reconstruct.has_alpha = params->has_alpha;
  reconstruct.colour = params->colour;
  if ((status = tessera_reconstruct_check (src, src, dst, &reconstruct))
      != TESSERA_OK)
    return status;
  if (params->colour == TESSERA_RECONSTRUCT_LUMINANCE
      && src->channels - (params->has_alpha ? 1 : 0) == 3)
    return preset_luminance (src, dst, params, exec);

  status = tessera_image_alloc (&marker, src->width, src->height,
                                src->channels, src->type);
  if (status != TESSERA_OK)
    return status;
  status = make_marker (src, &marker, params, exec);
  if (status == TESSERA_OK)
    status = tessera_reconstruct (src, &marker, &marker, &reconstruct, exec,
                                  NULL);
  if (status == TESSERA_OK)
    finish (src, &marker, dst, is_difference (params->preset),
            params->has_alpha);
  tessera_image_free (&marker);
  return status;
}
