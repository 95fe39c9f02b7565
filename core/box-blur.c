/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU; box-blur.h has the definition.
 *
 * Each pass streams through the image in bands of rows, a few per thread,
 * taken as threads come free (the last band bottom up, so that its first
 * window is, like the first band's, half clamped rows).  In each band, a row
 * buffer V holds the column sums: V(x) = the sum of the (premultiplied)
 * samples of rows [y-ry, y+ry].  Moving one row on adds the row that enters
 * the window and subtracts the one that leaves it.
 * Each row of V is then summed horizontally through its running sums,
 * H(x) = PRE(x+rx+1) - PRE(x-rx): the summed-area table, differenced as it
 * is built so that it is never stored.  The clamped edges are padding
 * pixels, copies of the edge pixels, that the running sums walk over; a
 * radius beyond the width adds its extra copies to the padding pixel next
 * to the image, which every window then contains.  So the cost per pixel
 * does not depend on the radius.
 *
 * Integers are exact.  Sums live in unsigned integers whose wrap-around is
 * harmless: a difference of wrapped sums is exact whenever the true result
 * fits.  Column sums use 32 bits when a full column window provably fits,
 * else 64; row sums use 64 bits, turned into doubles (exact below 2^52) for
 * the rounding division, which one correction step makes exact where sums
 * are too large for the plain double quotient to round right.  Sums that
 * may reach 2^52 (16-bit samples with alpha and windows of a million pixels
 * or more) take a plain 128-bit path instead.
 *
 * Floats are summed in doubles, in blocks as long as the window (van Herk /
 * Gil-Werman): every window is the tail of one block plus the head of the
 * next, so rounding errors never travel further than a block and cannot
 * drift down a 524288-pixel side.  Horizontally the tail is a true suffix
 * sum; vertically it is the block total minus a prefix (no row buffers).
 * The bound, for one pass, with u = 2^-53, Lx = 2rx+1, Ly = 2ry+1:
 *
 *   |computed sum - exact sum| <= (Lx + Ly + 4) u  *  sum of |p| over the
 *                                 columns [x-rx, x+rx] x rows [y-3ry-1, y+ry]
 *
 * (p = premultiplied samples, edges counted as often as they are clamped
 * to; rows [y-ry, y+3ry+1] for the bottom-up band), so the mean is off by at
 * most 2 (Lx + Ly + 4) u times the largest |p| there; it is then divided and
 * rounded to float (2^-24 relative).  A window of zeros sums to exactly zero
 * (a transparent window gives colour 0).  NaN and infinities spread to the
 * whole block pair.
 *
 * The inner loops use GCC/Clang vector types, and on x86-64 with glibc the
 * per-band functions are also compiled for x86-64-v3 (AVX2) and -v4
 * (AVX-512) and picked at run time (core/simd.h), since the build uses
 * the distribution's baseline flags.  The vector shapes are the ones GCC 12
 * turns into good code for both: see the types in box-blur-private.h.
 *
 * One file per step (box-blur-private.h lists them); this one holds the
 * entry point and the iterations.  The per-band functions are cloned for
 * each instruction set and inline every kernel of their type, so each
 * kind of sample keeps its kernels in its own band file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur-private.h"
#include "gpu-backend.h"

/* Each backend's time per sample and pass, 8-bit RGBA at radius 25 (the
   cost does not depend on the radius): the CPU's on one thread, the GPU's
   with the image on the device (bench/RESULTS.md, Box blur). */
#define CPU_NS_PER_SAMPLE 0.4
#define GPU_NS_PER_SAMPLE 0.0035

/* ---- iterations ------------------------------------------------------------ */

static void
copy_pixels (const TesseraImage *from, TesseraImage *to)
{
  size_t row_bytes = tessera_pixel_size (from) * (size_t) from->width;
  for (int y = 0; y < from->height; y++)
    memcpy (tessera_image_row (to, y), tessera_image_row (from, y), row_bytes);
}

/* Runs the passes, alternating between DST and a scratch image so that the
   last one lands in DST; in place with an odd count, the source is copied to
   the scratch image first. */
static TesseraStatus
blur_on_cpu (const TesseraImage *src, TesseraImage *dst,
             const TesseraBoxBlur *params, TesseraExec *exec)
{
  TesseraImage scratch = { 0 };
  const TesseraImage *from = src;
  bool in_place = tessera_images_overlap (src, dst);
  int passes = params->iterations;
  int threads = tessera_exec_threads (exec);
  Progress progress = { exec, 0, passes, 0, 0 };
  /* For the buffer sizes. */
  BlurPass plan = box_blur_plan_pass (src, dst, params);
  Workspace *workspaces;
  TesseraStatus status = TESSERA_OK;

  if (threads > src->height)
    threads = src->height;
  workspaces = box_blur_workspaces_new (&plan, threads);
  if (workspaces == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  if (passes > 1 || in_place)
    status = tessera_image_alloc (&scratch, src->width, src->height,
                                  src->channels, src->type);
  if (status == TESSERA_OK && in_place && passes % 2 == 1)
    {
      copy_pixels (src, &scratch);
      from = &scratch;
    }
  for (int k = 0; k < passes && status == TESSERA_OK; k++)
    {
      TesseraImage *to = (passes - 1 - k) % 2 == 0 ? dst : &scratch;
      BlurPass pass = box_blur_plan_pass (from, to, params);
      progress.pass = k;
      status = box_blur_run_pass (&pass, workspaces, threads, &progress);
      from = to;
    }
  tessera_image_free (&scratch);
  free (workspaces);
  return status;
}

/* The arguments of one box blur, for the backends. */
typedef struct
{
  const TesseraImage   *src;
  TesseraImage         *dst;
  const TesseraBoxBlur *params;
} BoxBlurArgs;

static TesseraStatus
box_blur_cpu (void *data, TesseraExec *exec)
{
  const BoxBlurArgs *args = data;
  return blur_on_cpu (args->src, args->dst, args->params, exec);
}

static TesseraStatus
box_blur_gpu (void *data, TesseraExec *exec)
{
  const BoxBlurArgs *args = data;
  return tessera_cuda_box_blur (args->src, args->dst, args->params);
}

TesseraStatus
tessera_box_blur (const TesseraImage *src, TesseraImage *dst,
                  const TesseraBoxBlur *params, TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = tessera_box_blur_check (src, dst, params);
  BoxBlurArgs args = { src, dst, params };

  if (status != TESSERA_OK)
    return status;
  double samples = (double) src->width * src->height * src->channels;
  TesseraExecOp op = {
    .cpu = box_blur_cpu, .gpu = TESSERA_GPU (box_blur_gpu), .args = &args,
    .on_device = src->memory == TESSERA_MEMORY_CUDA,
    .cost = { .items = samples * params->iterations,
              .cpu_ns = CPU_NS_PER_SAMPLE, .gpu_ns = GPU_NS_PER_SAMPLE,
              .transfer_bytes = 2.0 * samples * tessera_sample_size (src->type) }
  };
  return tessera_exec_run (exec != NULL ? exec : &defaults, &op);
}
