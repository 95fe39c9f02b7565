/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale morphological reconstruction.
 *
 * Everything is done as a reconstruction by dilation on unsigned "keys"
 * whose integer order is the order wanted: u8 and u16 samples are their own
 * keys, floats become the usual totalOrder integers, and erosion flips all
 * bits (which reverses the order and turns it into a dilation).
 *
 * The algorithm is Vincent's fast hybrid one (IEEE TIP 2(2), 1993): a raster
 * scan and an anti-raster scan propagate along monotone paths, the
 * anti-raster scan queues every pixel that could still raise a neighbour,
 * and a FIFO queue finishes the job.  It runs on horizontal strips, each
 * with a private copy of its neighbours' border rows (the halo rows): a
 * strip runs to its own fixed point with its halo rows held fixed, then the
 * strips swap border rows, and the strips whose halo rose run their queue
 * again from there, until no border row changes.  Every value written is a
 * lower bound of the result that some path reaches, and at the end no
 * pixel can be raised by any neighbour, so the result is exact whatever
 * the number of strips.  One strip is the plain serial algorithm.
 * reconstruct-private.h lists the files. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "luminance.h"
#include "reconstruct-private.h"
#include "gpu-backend.h"

/* Each backend's time per sample on the benchmark's h-dome (values travel
 * far): the CPU's on one thread, the GPU's with the images on the device
 * (bench/RESULTS.md, Morphological reconstruction). */
#define CPU_NS_PER_SAMPLE 6.8
#define GPU_NS_PER_SAMPLE 0.13

/* The least pixels worth a thread of their own: below, the barriers
 * between rounds cost more than the threads win (much more on a busy
 * machine, where a thread waits for a descheduled partner). */
#define MIN_STRIP_PIXELS ((size_t) 1 << 18)

TesseraReconstruct
tessera_reconstruct_default (void)
{
  TesseraReconstruct params = { TESSERA_RECONSTRUCT_DILATION, 8,
                                TESSERA_RECONSTRUCT_METHOD_AUTO, false,
                                TESSERA_RECONSTRUCT_PER_CHANNEL };
  return params;
}

static int
colour_channels (const TesseraImage *mask, const TesseraReconstruct *params)
{
  return mask->channels - (params->has_alpha ? 1 : 0);
}

TesseraStatus
tessera_reconstruct_check (const TesseraImage *mask,
                           const TesseraImage *marker,
                           const TesseraImage *dst,
                           const TesseraReconstruct *params)
{
  TesseraStatus status;

  if (params == NULL
      || (params->operation != TESSERA_RECONSTRUCT_DILATION
          && params->operation != TESSERA_RECONSTRUCT_EROSION)
      || (params->connectivity != 0 && params->connectivity != 4
          && params->connectivity != 8)
      || (unsigned) params->method > TESSERA_RECONSTRUCT_METHOD_PARALLEL
      || (unsigned) params->colour > TESSERA_RECONSTRUCT_LUMINANCE)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_check (mask)) != TESSERA_OK
      || (status = tessera_image_check (marker)) != TESSERA_OK
      || (status = tessera_image_check (dst)) != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (mask, marker)
      || !tessera_image_same_shape (mask, dst)
      || mask->memory != marker->memory || mask->memory != dst->memory
      || (params->has_alpha && mask->channels < 2))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (params->colour == TESSERA_RECONSTRUCT_LUMINANCE
      && (mask->memory != TESSERA_MEMORY_HOST
          || (colour_channels (mask, params) != 1
              && colour_channels (mask, params) != 3)))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

/* DST's alpha (the last channel) becomes MASK's. */
static void
copy_alpha (const TesseraImage *mask, TesseraImage *dst)
{
  size_t sample = tessera_sample_size (mask->type);
  size_t pixel = tessera_pixel_size (mask);

  for (int y = 0; y < mask->height; y++)
    {
      const uint8_t *from = tessera_image_row (mask, y);
      uint8_t       *to = tessera_image_row (dst, y);
      for (int x = 0; x < mask->width; x++)
        memmove (to + x * pixel + pixel - sample,
                 from + x * pixel + pixel - sample, sample);
    }
}

static TesseraStatus
reconstruct_cpu (const TesseraImage *mask, const TesseraImage *marker,
                 TesseraImage *dst, const TesseraReconstruct *params,
                 TesseraExec *exec, size_t *clipped)
{
  const KeySteps *steps = reconstruct_key_steps (mask->type);
  int             colours = colour_channels (mask, params);
  Run             run = { 0 };
  TesseraStatus   status = TESSERA_OK;

  run.mask = mask;
  run.marker = marker;
  run.dst = dst;
  run.flip = params->operation == TESSERA_RECONSTRUCT_EROSION ? 0xffffffffu : 0;
  run.conn8 = params->connectivity != 4;
  run.n_strips = reconstruct_count_strips (mask, params->method,
                               tessera_exec_threads (exec));
  /* Threads only pay from some work each: small images have their strips
   * run one after the other. */
  run.threads = (int) MIN ((size_t) run.n_strips,
                           MAX ((size_t) 1, (size_t) mask->width
                                            * mask->height
                                            / MIN_STRIP_PIXELS));
  run.exec = exec;
  run.share = 1.0 / colours;
  atomic_init (&run.cancelled, false);
  run.strips = reconstruct_strips_new (mask, run.n_strips, steps->key_size);
  if (run.strips == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;

  *clipped = 0;
  for (int c = 0; c < colours && status == TESSERA_OK; c++)
    {
      run.channel = c;
      run.done = (double) c / colours;
      status = reconstruct_channel (&run, steps);
      for (int s = 0; s < run.n_strips; s++)
        {
          *clipped += run.strips[s].clipped;
          run.strips[s].clipped = 0;
        }
    }
  reconstruct_strips_free (run.strips, run.n_strips);
  if (status == TESSERA_OK && params->has_alpha)
    copy_alpha (mask, dst);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}

/* The luminance of MARKER reconstructed under MASK's, and MASK's colours
 * shifted by the change: see reconstruct.h. */
static TesseraStatus
reconstruct_luminance (const TesseraImage *mask, const TesseraImage *marker,
                       TesseraImage *dst, const TesseraReconstruct *params,
                       TesseraExec *exec, size_t *clipped)
{
  TesseraReconstruct grey = *params;
  TesseraImage       mask_luminance, result;
  TesseraStatus      status;

  grey.has_alpha = false;
  grey.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
  status = tessera_luminance_planes (mask, &mask_luminance, &result);
  if (status != TESSERA_OK)
    return status;
  tessera_luminance (mask, &mask_luminance, exec);
  tessera_luminance (marker, &result, exec);
  status = tessera_reconstruct (&mask_luminance, &result, &result, &grey,
                                exec, clipped);
  if (status == TESSERA_OK)
    tessera_luminance_shift (mask, &mask_luminance, &result, dst, exec);
  tessera_image_free (&result);
  tessera_image_free (&mask_luminance);
  return status;
}

/* The arguments of one reconstruction, for the backends. */
typedef struct
{
  const TesseraImage       *mask, *marker;
  TesseraImage             *dst;
  const TesseraReconstruct *params;
  size_t                   *clipped;
} ReconstructArgs;

static TesseraStatus
reconstruct_on_cpu (void *data, TesseraExec *exec)
{
  const ReconstructArgs *a = data;
  return reconstruct_cpu (a->mask, a->marker, a->dst, a->params, exec,
                          a->clipped);
}

static TesseraStatus
reconstruct_on_gpu (void *data, TesseraExec *exec)
{
  const ReconstructArgs *a = data;
  return tessera_cuda_reconstruct (a->mask, a->marker, a->dst, a->params,
                                   a->clipped);
}

TesseraStatus
tessera_reconstruct (const TesseraImage *mask, const TesseraImage *marker,
                     TesseraImage *dst, const TesseraReconstruct *params,
                     TesseraExec *exec, size_t *clipped)
{
  TesseraExec        defaults = tessera_exec_default ();
  TesseraReconstruct per_channel;
  size_t             ignored;
  TesseraStatus      status = tessera_reconstruct_check (mask, marker, dst,
                                                         params);

  if (status != TESSERA_OK)
    return status;
  if (exec == NULL)
    exec = &defaults;
  if (clipped == NULL)
    clipped = &ignored;
  if (params->colour == TESSERA_RECONSTRUCT_LUMINANCE)
    {
      if (colour_channels (mask, params) == 3)
        return reconstruct_luminance (mask, marker, dst, params, exec,
                                      clipped);
      /* Grey: its own luminance. */
      per_channel = *params;
      per_channel.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
      params = &per_channel;
    }

  ReconstructArgs args = { mask, marker, dst, params, clipped };
  double samples = (double) mask->width * mask->height * mask->channels;
  TesseraExecOp op = {
    .cpu = reconstruct_on_cpu, .gpu = TESSERA_GPU (reconstruct_on_gpu),
    .args = &args, .on_device = mask->memory == TESSERA_MEMORY_CUDA,
    .cost = { .items = samples, .cpu_ns = CPU_NS_PER_SAMPLE,
              .gpu_ns = GPU_NS_PER_SAMPLE,
              .transfer_bytes = 3.0 * samples
                                * tessera_sample_size (mask->type) }
  };
  return tessera_exec_run (exec, &op);
}
