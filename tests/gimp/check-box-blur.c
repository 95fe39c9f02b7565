/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The box blur plug-in runs the core on the CPU or the GPU, which must agree;
 * the reference here is the core on the CPU. */
#include "box-blur.h"
#include "check-ops.h"

TesseraStatus
check_box_blur (char *const *args, const TesseraImage *src, TesseraImage *dst,
                bool has_alpha)
{
  TesseraBoxBlur params = { 0 };
  TesseraExec    exec = tessera_exec_default ();

  if (! check_op_int (args[0], &params.radius_x)
      || ! check_op_int (args[1], &params.radius_y)
      || ! check_op_int (args[2], &params.iterations))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  params.has_alpha = has_alpha;
  params.method = TESSERA_BOX_BLUR_METHOD_AUTO;
  exec.backend = TESSERA_BACKEND_CPU;
  return tessera_box_blur (src, dst, &params, &exec);
}
