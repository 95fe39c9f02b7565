/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "status.h"

static const char *const messages[TESSERA_STATUS_COUNT] = {
  [TESSERA_OK]                      = TESSERA_N_("Success"),
  [TESSERA_ERROR_INVALID_ARGUMENT]  = TESSERA_N_("A parameter is out of range"),
  [TESSERA_ERROR_UNSUPPORTED_FORMAT]= TESSERA_N_("This pixel format is not supported"),
  [TESSERA_ERROR_EMPTY_IMAGE]       = TESSERA_N_("The image or selection is empty"),
  [TESSERA_ERROR_TOO_LARGE]         = TESSERA_N_("The image is too large for this operation"),
  [TESSERA_ERROR_OUT_OF_MEMORY]     = TESSERA_N_("Not enough memory"),
  [TESSERA_ERROR_CANCELLED]         = TESSERA_N_("Cancelled"),
  [TESSERA_ERROR_NO_GPU]            = TESSERA_N_("No usable NVIDIA GPU was found"),
  [TESSERA_ERROR_GPU_OUT_OF_MEMORY] = TESSERA_N_("Not enough GPU memory"),
  [TESSERA_ERROR_GPU]               = TESSERA_N_("The GPU reported an error"),
  [TESSERA_ERROR_IO]                = TESSERA_N_("A file could not be read or written"),
  [TESSERA_ERROR_NO_SOLUTION]       = TESSERA_N_("No result satisfies the given constraints"),
};

const char *
tessera_status_message (TesseraStatus status)
{
  if ((unsigned) status >= TESSERA_STATUS_COUNT)
    return TESSERA_N_("Unknown error");
  return messages[status];
}

bool
tessera_status_is_gpu_failure (TesseraStatus status)
{
  return status == TESSERA_ERROR_NO_GPU
      || status == TESSERA_ERROR_GPU_OUT_OF_MEMORY
      || status == TESSERA_ERROR_GPU;
}
