/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The reconstruction plug-in's two procedures against the core on the CPU:
 * the presets from the drawable alone, and the reconstruction under the
 * drawable of a marker the case file saved next to it. */
#include <math.h>
#include <stdio.h>
#include "check-ops.h"
#include "raw-image.h"
#include "reconstruct.h"
#include "reconstruct-preset.h"

TesseraStatus
check_reconstruct_preset (char *const *args, const TesseraImage *src,
                          TesseraImage *dst, bool has_alpha)
{
  TesseraReconstructPresetParams params = { 0 };
  TesseraExec exec = tessera_exec_default ();
  int preset, h_permille, colour;

  if (! check_op_int (args[0], &preset)
      || ! check_op_int (args[1], &h_permille)
      || ! check_op_int (args[2], &params.radius)
      || ! check_op_int (args[3], &params.connectivity)
      || ! check_op_int (args[4], &colour))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  params.preset = (TesseraReconstructPreset) preset;
  params.colour = (TesseraReconstructColour) colour;
  params.h = h_permille / 1000.0;
  params.has_alpha = has_alpha;
  exec.backend = TESSERA_BACKEND_CPU;
  return tessera_reconstruct_preset (src, dst, &params, &exec);
}

/* The raw file at PATH as SRC's type, as gimp-check reads before.raw. */
static TesseraStatus
read_marker (const char *path, const TesseraImage *src, TesseraImage *marker)
{
  RawImage raw;
  TesseraStatus status;
  double top = src->type == TESSERA_U8 ? 255.0
               : src->type == TESSERA_U16 ? 65535.0 : 1.0;

  if (! raw_image_read (path, &raw))
    return TESSERA_ERROR_IO;
  status = raw.width == src->width && raw.height == src->height
           && raw.channels == src->channels
           ? tessera_image_alloc (marker, src->width, src->height,
                                  src->channels, src->type)
           : TESSERA_ERROR_INVALID_ARGUMENT;
  for (int y = 0; status == TESSERA_OK && y < src->height; y++)
    for (int i = 0; i < src->width * src->channels; i++)
      {
        double v = raw_image_get (&raw, (size_t) y * src->width
                                        * src->channels + i) * top;
        void *row = tessera_image_row (marker, y);
        switch (src->type)
          {
          case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) lrint (v); break;
          case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) lrint (v); break;
          case TESSERA_F32: ((float *) row)[i] = (float) v; break;
          }
      }
  raw_image_free (&raw);
  return status;
}

TesseraStatus
check_reconstruct (char *const *args, const TesseraImage *src,
                   TesseraImage *dst, bool has_alpha)
{
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraExec exec = tessera_exec_default ();
  TesseraImage marker;
  int operation, colour;
  TesseraStatus status;

  if (! check_op_int (args[1], &operation)
      || ! check_op_int (args[2], &params.connectivity)
      || ! check_op_int (args[3], &colour))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  params.operation = (TesseraReconstructOperation) operation;
  params.colour = (TesseraReconstructColour) colour;
  params.has_alpha = has_alpha;
  exec.backend = TESSERA_BACKEND_CPU;
  if ((status = read_marker (args[0], src, &marker)) != TESSERA_OK)
    return status;
  status = tessera_reconstruct (src, &marker, dst, &params, &exec, NULL);
  tessera_image_free (&marker);
  return status;
}
