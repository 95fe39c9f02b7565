/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — core/stage-clock.h for the CUDA steps: a mark waits for the
 * device first, so that each step's time is its own. */
#ifndef TESSERA_CUDA_STAGE_MARK_CUH
#define TESSERA_CUDA_STAGE_MARK_CUH

#include <cuda_runtime.h>
#include "stage-clock.h"

/* With TESSERA_STAGE_TIMES, the time of the step just done. */
static inline void
tessera_cuda_stage_mark (const char *name)
{
  if (!tessera_stage_enabled ())
    return;
  cudaDeviceSynchronize ();
  tessera_stage_mark (name);
}

#endif
