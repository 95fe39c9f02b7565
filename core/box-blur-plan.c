/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU: checking the arguments, and planning a
 * pass (which sums, how wide, whether the division needs its correction). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur-private.h"

/* ---- checking ---------------------------------------------------------- */

static uint64_t
largest_sample (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 255 : 65535;
}

/* The largest summand: alpha times a colour, or a plain sample. */
static uint64_t
largest_summand (TesseraSampleType type, bool premultiplied)
{
  uint64_t max = largest_sample (type);
  return premultiplied ? max * max : max;
}

static bool
premultiplies (const TesseraImage *image, const TesseraBoxBlur *params)
{
  /* With one channel, alpha is just averaged like any sample. */
  return params->has_alpha && image->channels > 1;
}

static uint64_t
window_size (const TesseraBoxBlur *params)
{
  return (2 * (uint64_t) params->radius_x + 1)
       * (2 * (uint64_t) params->radius_y + 1);
}

static SumsKind
sums_kind (const TesseraImage *image, const TesseraBoxBlur *params)
{
  uint64_t summand;
  if (image->type == TESSERA_F32)
    return SUMS_FLOAT;
  summand = largest_summand (image->type, premultiplies (image, params));
  if (window_size (params) <= ((UINT64_C (1) << 52) - 1) / summand)
    return SUMS_INTEGER;
  return SUMS_INTEGER_HUGE;
}

TesseraStatus
tessera_box_blur_check (const TesseraImage *src, const TesseraImage *dst,
                        const TesseraBoxBlur *params)
{
  TesseraStatus status;

  if (src == NULL || dst == NULL || params == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  status = tessera_image_check (src);
  if (status == TESSERA_OK)
    status = tessera_image_check (dst);
  if (status != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (src, dst) || src->memory != dst->memory)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (params->radius_x < 0 || params->radius_x > TESSERA_BOX_BLUR_MAX_RADIUS
      || params->radius_y < 0 || params->radius_y > TESSERA_BOX_BLUR_MAX_RADIUS
      || params->iterations < 1
      || params->iterations > TESSERA_BOX_BLUR_MAX_ITERATIONS
      || (unsigned) params->method > TESSERA_BOX_BLUR_METHOD_FUSED)
    return TESSERA_ERROR_INVALID_ARGUMENT;
#ifndef __SIZEOF_INT128__
  if (src->memory == TESSERA_MEMORY_HOST
      && sums_kind (src, params) == SUMS_INTEGER_HUGE)
    return TESSERA_ERROR_TOO_LARGE;
#endif
  return TESSERA_OK;
}

BlurPass
box_blur_plan_pass (const TesseraImage *src, TesseraImage *dst,
                    const TesseraBoxBlur *params)
{
  BlurPass pass;
  bool premultiplied = premultiplies (src, params);
  uint64_t summand = src->type == TESSERA_F32
                     ? 1 : largest_summand (src->type, premultiplied);

  pass.src = src;
  pass.dst = dst;
  pass.type = src->type;
  pass.width = src->width;
  pass.height = src->height;
  pass.channels = src->channels;
  pass.lanes = premultiplied && src->channels == 3 ? 4 : src->channels;
  pass.alpha_lanes = premultiplied ? (src->channels == 2 ? 2 : 4) : 0;
  pass.rx = params->radius_x;
  pass.ry = params->radius_y;
  pass.reach = params->radius_x < src->width ? params->radius_x : src->width;
  pass.heavy = 1 + (uint64_t) (params->radius_x - pass.reach);
  pass.samples = (size_t) src->width * pass.lanes;
  pass.kind = sums_kind (src, params);
  pass.wide_columns = 2 * (uint64_t) params->radius_y + 1
                      > (UINT64_C (0xffffffff)) / summand;
  pass.window = window_size (params);
  pass.correct = pass.window >= (UINT64_C (1) << 50) / summand;
  return pass;
}
