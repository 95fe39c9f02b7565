/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — status codes shared by the core, the CUDA backend and the plug-ins. */
#ifndef TESSERA_STATUS_H
#define TESSERA_STATUS_H

#include <stdbool.h>

typedef enum
{
  TESSERA_OK = 0,
  TESSERA_ERROR_INVALID_ARGUMENT,
  TESSERA_ERROR_UNSUPPORTED_FORMAT,
  TESSERA_ERROR_EMPTY_IMAGE,
  TESSERA_ERROR_TOO_LARGE,
  TESSERA_ERROR_OUT_OF_MEMORY,
  TESSERA_ERROR_CANCELLED,
  TESSERA_ERROR_NO_GPU,
  TESSERA_ERROR_GPU_OUT_OF_MEMORY,
  TESSERA_ERROR_GPU,
  TESSERA_ERROR_IO,
  TESSERA_ERROR_NO_SOLUTION,
  TESSERA_STATUS_COUNT
} TesseraStatus;

/* A short English sentence for STATUS.  The strings are marked for
 * translation (xgettext keyword TESSERA_N_); callers with gettext pass the
 * result through their own text domain. */
const char *tessera_status_message (TesseraStatus status);

/* True for the failures after which the same work can be retried on the CPU. */
bool tessera_status_is_gpu_failure (TesseraStatus status);

#define TESSERA_N_(text) (text)

#endif
