/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <string.h>
#include "gpu-backend.h"
#include "mst-segment-bands.h"

/* For the automatic backend, per pixel on one CPU thread: counting,
 * looking up and recolouring a band, and the second read of it that the
 * device spares a plug-in (a guess from the plug-in's stage times, about
 * 6 ns a pixel for a read; not measured on its own).  The GPU's: its
 * kernels, a pixel's bytes crossing the bus counted apart. */
#define CPU_NS_PER_PIXEL 20.0
#define GPU_NS_PER_PIXEL 0.1
#define GPU_NS_PER_CALL 5e6

static TesseraStatus
start_on_cpu (void *data, TesseraExec *exec)
{
  TesseraMstBands *bands = data;
  TesseraStatus status = tessera_colour_tally_start (&bands->tally,
                                                     bands->width,
                                                     bands->height);
  if (status != TESSERA_OK)
    return status;
  bands->indices = malloc (sizeof *bands->indices * bands->width
                           * (size_t) bands->max_rows);
  if (bands->indices != NULL)
    return TESSERA_OK;
  tessera_colour_tally_free (&bands->tally);
  return TESSERA_ERROR_OUT_OF_MEMORY;
}

static TesseraStatus
start_on_gpu (void *data, TesseraExec *exec)
{
  TesseraMstBands *bands = data;
  return tessera_cuda_mst_bands_new (&bands->device, bands->width,
                                     bands->height, bands->channels,
                                     bands->max_rows);
}

/* What the start's choice reports to: the caller's fallback (through a
 * part of its exec, which tells it, or stderr, as the caller would), and
 * that it was told. */
typedef struct
{
  TesseraMstBands *bands;
  TesseraExec      part;
} Choosing;

static void
tell_once (TesseraStatus why, void *user_data)
{
  Choosing *choosing = user_data;
  choosing->bands->told = true;
  choosing->part.fallback (why, choosing->part.user_data);
}

static void
tell_nothing (TesseraStatus why, void *user_data)
{
  (void) why;
  (void) user_data;
}

TesseraStatus
tessera_mst_bands_start (TesseraMstBands *bands, int width, int height,
                         int channels, TesseraSampleType type, int max_rows,
                         TesseraExec *exec)
{
  TesseraExec caller = exec != NULL ? *exec : tessera_exec_default ();
  TesseraExecPart part;
  Choosing choosing = { bands, tessera_exec_part (&caller, 0.0, 0.0, &part) };
  TesseraExec choice = choosing.part;
  const double pixels = (double) width * height;
  TesseraStatus status;

  memset (bands, 0, sizeof *bands);
  if (width < 1 || height < 1 || channels < 1 || channels > 4
      || max_rows < 1 || pixels >= UINT32_MAX)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  bands->width = width;
  bands->height = height;
  bands->channels = channels;
  bands->type = type;
  bands->max_rows = max_rows < height ? max_rows : height;

  TesseraExecOp op = {
    .cpu = start_on_cpu, .gpu = TESSERA_GPU (start_on_gpu), .args = bands,
    /* The device counts 8-bit colours only. */
    .cpu_only = type != TESSERA_U8,
    .cost = { .items = pixels, .cpu_ns = CPU_NS_PER_PIXEL,
              .gpu_ns = GPU_NS_PER_PIXEL, .gpu_call_ns = GPU_NS_PER_CALL,
              .transfer_bytes = 2.0 * pixels * channels }
  };
  /* Only the choice: the progress belongs to the bands to come. */
  choice.progress = NULL;
  choice.fallback = tell_once;
  choice.user_data = &choosing;
  status = tessera_exec_run (&choice, &op);
  bands->backend_used = choice.backend_used;
  if (exec != NULL)
    exec->backend_used = choice.backend_used;
  if (status != TESSERA_OK)
    memset (bands, 0, sizeof *bands);
  return status;
}

bool
tessera_mst_bands_keeps_pixels (const TesseraMstBands *bands)
{
  return bands->device != NULL;
}

TesseraStatus
tessera_mst_bands_add (TesseraMstBands *bands, const TesseraImage *band,
                       TesseraExec *exec)
{
  TesseraStatus status = tessera_image_check (band);

  if (status != TESSERA_OK)
    return status;
  if (band->memory != TESSERA_MEMORY_HOST || band->width != bands->width
      || band->channels != bands->channels || band->type != bands->type
      || band->height > bands->max_rows
      || band->height > bands->height - bands->rows)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  status = bands->device != NULL
           ? tessera_cuda_mst_bands_add (bands->device, band)
           : tessera_colour_tally_add (&bands->tally, band, exec);
  if (status == TESSERA_OK)
    bands->rows += band->height;
  return status;
}

TesseraStatus
tessera_mst_bands_finish (TesseraMstBands *bands,
                          const TesseraMstSegment *params, TesseraExec *exec)
{
  TesseraStatus status = tessera_mst_segment_check (params);

  if (status == TESSERA_OK && bands->rows != bands->height)
    status = TESSERA_ERROR_INVALID_ARGUMENT;
  if (status != TESSERA_OK)
    return status;
  tessera_mst_classes_free (&bands->classes);
  tessera_colour_histogram_free (&bands->histogram);
  if (bands->device != NULL)
    status = tessera_cuda_mst_bands_finish (bands->device, params,
                                            &bands->classes,
                                            &bands->histogram);
  else
    {
      /* The EMST may still fit on the device that could not hold the
       * image, but the user was told of the CPU once already. */
      TesseraExec quiet = exec != NULL ? *exec : tessera_exec_default ();
      if (bands->told)
        quiet.fallback = tell_nothing;
      status = tessera_colour_tally_finish (&bands->tally, &bands->histogram,
                                            &quiet);
      if (status == TESSERA_OK)
        status = tessera_mst_segment (&bands->histogram, params,
                                      &bands->classes, &quiet);
    }
  if (status != TESSERA_OK)
    tessera_mst_classes_free (&bands->classes);
  return status;
}

/* On the CPU: the band's colour numbers, then the histogram's recolouring
 * with them as its pixel_colour. */
static TesseraStatus
recolour_on_cpu (TesseraMstBands *bands, const TesseraImage *src,
                 TesseraImage *dst, TesseraExec *exec)
{
  TesseraColourHistogram band = bands->histogram;
  TesseraStatus status = tessera_colour_tally_index (&bands->tally, src,
                                                     bands->indices, exec);
  if (status != TESSERA_OK)
    return status;
  band.pixel_colour = bands->indices;
  band.width = src->width;
  band.height = src->height;
  return tessera_mst_segment_recolour (src, &band, &bands->classes, dst,
                                       exec);
}

TesseraStatus
tessera_mst_bands_recolour (TesseraMstBands *bands, int y,
                            const TesseraImage *src, TesseraImage *dst,
                            TesseraExec *exec)
{
  TesseraStatus status = tessera_image_check (dst);

  if (status != TESSERA_OK)
    return status;
  if (bands->classes.n_classes == 0 || y < 0 || dst->height > bands->max_rows
      || dst->height > bands->height - y || dst->width != bands->width
      || dst->channels != bands->channels || dst->type != bands->type
      || dst->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (bands->device != NULL)
    return tessera_cuda_mst_bands_recolour (bands->device, y, dst);
  if (src == NULL || !tessera_image_same_shape (src, dst)
      || src->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return recolour_on_cpu (bands, src, dst, exec);
}

void
tessera_mst_bands_free (TesseraMstBands *bands)
{
  tessera_cuda_mst_bands_free (bands->device);
  tessera_colour_tally_free (&bands->tally);
  free (bands->indices);
  tessera_colour_histogram_free (&bands->histogram);
  tessera_mst_classes_free (&bands->classes);
  memset (bands, 0, sizeof *bands);
}
