/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench box-blur: the summed-area-table box blur (core/box-blur.h). */
#include <stdlib.h>
#include <string.h>
#include "box-blur.h"
#include "input.h"
#include "op.h"
#include "options.h"
#ifdef TESSERA_HAVE_CUDA
#include "tessera-cuda.h"
#endif

typedef struct
{
  TesseraBoxBlur params;
  TesseraImage   src;
  TesseraImage   dst;
  PnmFormat      format;
#ifdef TESSERA_HAVE_CUDA
  TesseraImage   device_src;
  TesseraImage   device_dst;
#endif
} BoxBlurBench;

/* In the order of TesseraBoxBlurMethod. */
static const char *const method_names[] = { "auto", "sat-tiles", "fused",
                                            NULL };

static void *
box_blur_create (void)
{
  BoxBlurBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    {
      bench->params.radius_x = 25;
      bench->params.radius_y = 25;
      bench->params.iterations = 1;
      bench->params.method = TESSERA_BOX_BLUR_METHOD_AUTO;
    }
  return bench;
}

static BenchOptionResult
box_blur_parse (void *state, const char *option, const char *value)
{
  BoxBlurBench *bench = state;
  int *radius = NULL;
  int method = 0;
  bool valid;

  if (strcmp (option, "--rx") == 0)
    radius = &bench->params.radius_x;
  else if (strcmp (option, "--ry") == 0)
    radius = &bench->params.radius_y;

  if (radius != NULL)
    valid = bench_int_value (option, value, 0, TESSERA_BOX_BLUR_MAX_RADIUS,
                             radius);
  else if (strcmp (option, "--iterations") == 0)
    valid = bench_int_value (option, value, 1,
                             TESSERA_BOX_BLUR_MAX_ITERATIONS,
                             &bench->params.iterations);
  else if (strcmp (option, "--method") == 0)
    {
      valid = bench_choice_value (option, value, method_names, &method);
      if (valid)
        bench->params.method = (TesseraBoxBlurMethod) method;
    }
  else
    return BENCH_OPTION_UNKNOWN;
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

static TesseraStatus
box_blur_prepare (void *state, const BenchConfig *config, BenchSize *size)
{
  BoxBlurBench *bench = state;
  TesseraImage *src = &bench->src;
  TesseraStatus status;

  status = bench_input_image (config, 4, TESSERA_U8, src, &bench->format);
  if (status != TESSERA_OK)
    return status;
  status = tessera_image_alloc (&bench->dst, src->width, src->height,
                                src->channels, src->type);
  if (status != TESSERA_OK)
    return status;

  /* GRAYA and RGBA: the last channel is alpha. */
  bench->params.has_alpha = src->channels == 2 || src->channels == 4;
  size->width = src->width;
  size->height = src->height;
  return tessera_box_blur_check (src, &bench->dst, &bench->params);
}

static TesseraStatus
box_blur_run (void *state, TesseraExec *exec)
{
  BoxBlurBench *bench = state;
  return tessera_box_blur (&bench->src, &bench->dst, &bench->params, exec);
}

#ifdef TESSERA_HAVE_CUDA
static TesseraStatus
box_blur_device_prepare (void *state)
{
  BoxBlurBench *bench = state;
  const TesseraImage *src = &bench->src;
  TesseraStatus status;

  status = tessera_cuda_image_alloc (&bench->device_src, src->width,
                                     src->height, src->channels, src->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_alloc (&bench->device_dst, src->width,
                                       src->height, src->channels, src->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (src, &bench->device_src);
  return status;
}

static TesseraStatus
box_blur_device_run (void *state)
{
  BoxBlurBench *bench = state;
  return tessera_cuda_box_blur (&bench->device_src, &bench->device_dst,
                                &bench->params);
}
#endif

static TesseraStatus
box_blur_write_output (void *state, const char *path)
{
  BoxBlurBench *bench = state;
  return bench_write_image (path, &bench->dst, &bench->format);
}

static void
box_blur_destroy (void *state)
{
  BoxBlurBench *bench = state;
#ifdef TESSERA_HAVE_CUDA
  if (bench->device_src.data != NULL)
    tessera_cuda_image_free (&bench->device_src);
  if (bench->device_dst.data != NULL)
    tessera_cuda_image_free (&bench->device_dst);
#endif
  tessera_image_free (&bench->src);
  tessera_image_free (&bench->dst);
  free (bench);
}

const BenchOp bench_op_box_blur = {
  .name = "box-blur",
  .synopsis = "[--rx R] [--ry R] [--iterations K] "
              "[--method auto|sat-tiles|fused]",
  .help =
    "  --rx R, --ry R     radii, 0 to 1048576 (default 25 each)\n"
    "  --iterations K     passes, 1 to 16; 3 approximates a Gaussian "
    "(default 1)\n"
    "  --method M         the GPU's way: auto, sat-tiles (the paper's tiled "
    "SAT)\n"
    "                     or fused (default auto; the CPU has one way)\n"
    "  Without --input: random RGBA u8 noise (--channels, --type change it).\n",
  .create = box_blur_create,
  .parse = box_blur_parse,
  .prepare = box_blur_prepare,
  .run = box_blur_run,
#ifdef TESSERA_HAVE_CUDA
  .device_prepare = box_blur_device_prepare,
  .device_run = box_blur_device_run,
#endif
  .write_output = box_blur_write_output,
  .destroy = box_blur_destroy,
};
