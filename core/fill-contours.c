/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — fill closed contours: the entry points (see fill-contours.h
 * for the semantics): the checks, the backend and the method, batches.
 * The methods are in fill-contours-*.c (fill-contours-private.h). */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include "fill-contours-private.h"
#include "gpu-backend.h"

/* Each backend's time per pixel for FAST on the benchmark's 8K contour
 * map: the CPU's on one thread, the GPU's with the map on the device; host
 * maps cross the bus as a byte a pixel each way (bench/RESULTS.md, Fill
 * Closed Contours). */
#define CPU_NS_PER_PIXEL 0.35
#define GPU_NS_PER_PIXEL 0.0084

TesseraFillContours
tessera_fill_contours_defaults (void)
{
  TesseraFillContours params = { 4, TESSERA_FILL_CONTOURS_METHOD_AUTO, 0 };
  return params;
}

static const char *const method_names[] =
  { "auto", "serial", "paper", "paper-gpu", "fast" };

const char *
tessera_fill_contours_method_name (TesseraFillContoursMethod method)
{
  if ((unsigned) method > TESSERA_FILL_CONTOURS_METHOD_FAST)
    return "?";
  return method_names[method];
}

bool
tessera_fill_contours_method_parse (const char *text,
                                    TesseraFillContoursMethod *method)
{
  for (int i = 0; text != NULL && i <= TESSERA_FILL_CONTOURS_METHOD_FAST; i++)
    if (strcmp (text, method_names[i]) == 0)
      {
        *method = (TesseraFillContoursMethod) i;
        return true;
      }
  return false;
}

TesseraStatus
tessera_fill_contours_check (const TesseraImage *contours,
                             const TesseraImage *interior,
                             const TesseraFillContours *params)
{
  TesseraStatus status;

  if (params == NULL
      || (params->connectivity != 4 && params->connectivity != 8)
      || (unsigned) params->method > TESSERA_FILL_CONTOURS_METHOD_FAST
      || params->seeds < 0 || params->seeds > (1 << 24))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((status = tessera_image_check (contours)) != TESSERA_OK
      || (status = tessera_image_check (interior)) != TESSERA_OK)
    return status;
  if (contours->type != TESSERA_U8 || contours->channels != 1)
    return TESSERA_ERROR_UNSUPPORTED_FORMAT;
  if (!tessera_image_same_shape (contours, interior)
      || contours->memory != interior->memory)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

/* ------------------------------------------------------------------ */

static TesseraStatus
fill_cpu (const TesseraImage *contours, TesseraImage *interior,
          const TesseraFillContours *params, TesseraExec *exec)
{
  TesseraStatus status;

  if (contours->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  switch (params->method)
    {
    case TESSERA_FILL_CONTOURS_METHOD_SERIAL:
      status = fill_contours_serial (contours, interior, params->connectivity);
      break;
    case TESSERA_FILL_CONTOURS_METHOD_PAPER:
    case TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU:
      status = fill_contours_paper (contours, interior, params, exec);
      break;
    default:
      status = fill_contours_fast (contours, interior, params->connectivity, exec);
      /* Too many runs to number or hold: the flood needs no extra memory. */
      if (status == TESSERA_ERROR_OUT_OF_MEMORY)
        status = fill_contours_serial (contours, interior, params->connectivity);
      break;
    }
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}

/* PAPER on the GPU backend, the paper's pipeline: the CPU fills image i+1
 * while the GPU merges image i. */
static TesseraStatus
batch_paper_cuda_merge (const TesseraImage *contours, TesseraImage *interior,
                        int count, const TesseraFillContours *params,
                        TesseraExec *exec)
{
  TesseraCudaFillMerge *merge = NULL;
  size_t most = 0;
  TesseraStatus status;

  for (int i = 0; i < count; i++)
    if ((size_t) contours[i].width * contours[i].height > most)
      most = (size_t) contours[i].width * contours[i].height;
  status = tessera_cuda_fill_merge_new (&merge, most, count);
  for (int i = 0; i < count && status == TESSERA_OK; i++)
    {
      uint32_t *labels;
      uint8_t *value = NULL;
      uint32_t label_count;

      status = tessera_cuda_fill_merge_labels (merge, &labels);
      if (status == TESSERA_OK)
        status = fill_contours_paper_stage (&contours[i],
                                            params->connectivity,
                                            fill_contours_paper_seeds (params),
                                            tessera_exec_threads (exec),
                                            (_Atomic uint32_t *) labels,
                                            &value, &label_count);
      if (status == TESSERA_OK)
        status = tessera_cuda_fill_merge_submit (merge, value, label_count,
                                                 &interior[i]);
      free (value);
      if (status == TESSERA_OK
          && !tessera_exec_progress (exec, (i + 1.0) / count))
        status = TESSERA_ERROR_CANCELLED;
    }
  if (status == TESSERA_OK)
    status = tessera_cuda_fill_merge_finish (merge);
  tessera_cuda_fill_merge_free (merge);
  return status;
}

static TesseraStatus
batch_cuda (const TesseraImage *contours, TesseraImage *interior, int count,
            const TesseraFillContours *params, TesseraExec *exec)
{
  if (params->method == TESSERA_FILL_CONTOURS_METHOD_PAPER
      && contours[0].memory == TESSERA_MEMORY_HOST)
    return batch_paper_cuda_merge (contours, interior, count, params, exec);
  if (count > 1 && contours[0].memory == TESSERA_MEMORY_HOST)
    return tessera_cuda_fill_contours_batch (contours, interior, count,
                                             params);
  /* One image, or images already on the device: no copies to overlap. */
  for (int i = 0; i < count; i++)
    {
      TesseraStatus status = tessera_cuda_fill_contours (&contours[i],
                                                         &interior[i], params);
      if (status != TESSERA_OK)
        return status;
    }
  return TESSERA_OK;
}


/* One image after another, each reporting its progress as its share of
 * the batch's. */
static TesseraStatus
batch_cpu (const TesseraImage *contours, TesseraImage *interior, int count,
           const TesseraFillContours *params, TesseraExec *exec)
{
  TesseraStatus status = TESSERA_OK;

  for (int i = 0; i < count && status == TESSERA_OK; i++)
    {
      TesseraExecPart part;
      TesseraExec one = tessera_exec_part (exec, (double) i / count,
                                           1.0 / count, &part);
      status = fill_cpu (&contours[i], &interior[i], params, &one);
    }
  return status;
}

/* The arguments of one batch, for the backends. */
typedef struct
{
  const TesseraImage        *contours;
  TesseraImage              *interior;
  int                        count;
  const TesseraFillContours *params;
} FillBatch;

static TesseraStatus
fill_batch_cpu (void *data, TesseraExec *exec)
{
  const FillBatch *b = data;
  return batch_cpu (b->contours, b->interior, b->count, b->params, exec);
}

static TesseraStatus
fill_batch_gpu (void *data, TesseraExec *exec)
{
  const FillBatch *b = data;
  return batch_cuda (b->contours, b->interior, b->count, b->params, exec);
}

TesseraStatus
tessera_fill_contours_batch (const TesseraImage *contours,
                             TesseraImage *interior, int count,
                             const TesseraFillContours *params,
                             TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = TESSERA_OK;
  size_t pixels = 0;

  if (count < 0 || (count > 0 && (contours == NULL || interior == NULL)))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  for (int i = 0; i < count && status == TESSERA_OK; i++)
    {
      status = tessera_fill_contours_check (&contours[i], &interior[i],
                                            params);
      if (contours[i].memory != contours[0].memory)
        status = TESSERA_ERROR_INVALID_ARGUMENT;
      pixels += (size_t) contours[i].width * contours[i].height;
    }
  if (status != TESSERA_OK || count == 0)
    return status;
  if (exec == NULL)
    exec = &defaults;
  FillBatch batch = { contours, interior, count, params };
  TesseraExecOp op = {
    .cpu = fill_batch_cpu, .gpu = TESSERA_GPU (fill_batch_gpu),
    .args = &batch, .on_device = contours[0].memory == TESSERA_MEMORY_CUDA,
    /* SERIAL is the one-thread CPU baseline by definition. */
    .cpu_only = params->method == TESSERA_FILL_CONTOURS_METHOD_SERIAL,
    .cost = { .items = (double) pixels, .cpu_ns = CPU_NS_PER_PIXEL,
              .gpu_ns = GPU_NS_PER_PIXEL, .transfer_bytes = 2.0 * pixels }
  };
  return tessera_exec_run (exec, &op);
}

TesseraStatus
tessera_fill_contours (const TesseraImage *contours, TesseraImage *interior,
                       const TesseraFillContours *params, TesseraExec *exec)
{
  return tessera_fill_contours_batch (contours, interior, 1, params, exec);
}
