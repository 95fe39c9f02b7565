/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "exec.h"
#include "gpu-backend.h"

TesseraExec
tessera_exec_default (void)
{
  TesseraExec exec = { TESSERA_BACKEND_AUTO, 0, NULL, NULL, NULL,
                       TESSERA_BACKEND_CPU };
  return exec;
}

TesseraExec
tessera_exec_reporting (TesseraBackend backend, TesseraProgressFunc progress,
                        TesseraFallbackFunc fallback, void *user_data)
{
  TesseraExec exec = tessera_exec_default ();

  exec.backend   = backend;
  exec.progress  = progress;
  exec.fallback  = fallback;
  exec.user_data = user_data;
  return exec;
}

static const char *const backend_names[] = { "auto", "cpu", "cuda" };

const char *
tessera_backend_name (TesseraBackend backend)
{
  if ((unsigned) backend > TESSERA_BACKEND_CUDA)
    return "?";
  return backend_names[backend];
}

bool
tessera_backend_parse (const char *text, TesseraBackend *backend)
{
  for (int i = 0; text != NULL && i <= TESSERA_BACKEND_CUDA; i++)
    if (strcmp (text, backend_names[i]) == 0)
      {
        *backend = (TesseraBackend) i;
        return true;
      }
  return false;
}

TesseraBackend
tessera_exec_requested (const TesseraExec *exec)
{
  TesseraBackend from_env;
  if (tessera_backend_parse (getenv ("TESSERA_BACKEND"), &from_env))
    return from_env;
  return exec->backend;
}

TesseraStatus
tessera_gpu_probe (void)
{
  /* The probe costs a driver load; its answer cannot change while we run. */
  static int probed = 0;
  static TesseraStatus answer;

  #pragma omp critical (tessera_gpu_probe)
  if (!probed)
    {
      answer = tessera_cuda_probe ();
      probed = 1;
    }
  return answer;
}

/* Tells EXEC's caller why the CPU takes over: its fallback, else a line
 * on stderr. */
static void
tell_fallback (const TesseraExec *exec, TesseraStatus why)
{
  if (exec->fallback != NULL)
    exec->fallback (why, exec->user_data);
  else
    fprintf (stderr, "tessera: %s; running on the CPU instead.\n",
             tessera_status_message (why));
}

static void
report_fallback (TesseraExec *exec, TesseraStatus why)
{
  exec->backend_used = TESSERA_BACKEND_CPU;
  tell_fallback (exec, why);
}

static bool
part_progress (double fraction, void *user_data)
{
  const TesseraExecPart *part = user_data;
  return tessera_exec_progress (part->whole,
                                part->start + part->span * fraction);
}

static void
part_fallback (TesseraStatus why, void *user_data)
{
  tell_fallback (((const TesseraExecPart *) user_data)->whole, why);
}

TesseraExec
tessera_exec_part (const TesseraExec *whole, double start, double span,
                   TesseraExecPart *part)
{
  TesseraExec exec = *whole;

  part->whole = whole;
  part->start = start;
  part->span = span;
  /* The user data is now the part's, for the fallback as for the
   * progress: the whole's fallback must still get the whole's. */
  exec.progress = whole->progress != NULL ? part_progress : NULL;
  exec.fallback = part_fallback;
  exec.user_data = part;
  return exec;
}

/* Copies between pageable host memory and the device, and the fixed cost
 * of a GPU call (launches, scratch, synchronisation), as measured end to
 * end on the H100 (bench/RESULTS.md): box blur and fill contours on 8K
 * images both move about 11 GB/s.  The GPU must win by a clear margin, since
 * a plug-in's first GPU call also pays for the driver. */
#define TRANSFER_BYTES_PER_NS 11.0
#define GPU_CALL_NS 100000.0
#define GPU_MARGIN 0.8
/* The first GPU call of a process also creates the CUDA context
 * (bench/RESULTS.md, Choosing the backend): a plug-in that runs once pays
 * it, a dialog's worker only for its first result. */
#define GPU_FIRST_CALL_NS 300.0e6

static _Atomic bool gpu_warm = false;

static bool
gpu_pays (const TesseraExec *exec, const TesseraExecCost *cost)
{
  double cpu = cost->items * cost->cpu_ns / tessera_exec_threads (exec);
  double gpu = (gpu_warm ? 0.0 : GPU_FIRST_CALL_NS)
               + (cost->gpu_call_ns > 0.0 ? cost->gpu_call_ns : GPU_CALL_NS)
               + cost->items * cost->gpu_ns
               + cost->transfer_bytes / TRANSFER_BYTES_PER_NS;
  return gpu < GPU_MARGIN * cpu;
}

/* Whether to run OP (host data) on the GPU; reports the fallback where the
 * GPU was asked for but cannot be had, and then sets *REPORTED. */
static bool
choose_gpu (TesseraExec *exec, const TesseraExecOp *op, bool *reported)
{
  TesseraBackend requested = tessera_exec_requested (exec);
  TesseraStatus gpu;

  if (requested == TESSERA_BACKEND_CPU || op->cpu_only)
    return false;
  if (op->gpu == NULL)
    {
      if (requested == TESSERA_BACKEND_CUDA)
        {
          report_fallback (exec, TESSERA_ERROR_NO_GPU);
          *reported = true;
        }
      return false;
    }
  if (requested == TESSERA_BACKEND_AUTO && !gpu_pays (exec, &op->cost))
    return false;
  gpu = tessera_gpu_probe ();
  if (gpu != TESSERA_OK)
    {
      /* Auto silently stays on the CPU when there is no GPU at all. */
      if (requested == TESSERA_BACKEND_CUDA || gpu != TESSERA_ERROR_NO_GPU)
        {
          report_fallback (exec, gpu);
          *reported = true;
        }
      return false;
    }
  return true;
}

static TesseraStatus
run_gpu (TesseraExec *exec, const TesseraExecOp *op)
{
  TesseraStatus status;

  exec->backend_used = TESSERA_BACKEND_CUDA;
  status = op->gpu (op->args, exec);
  if (status == TESSERA_OK)
    gpu_warm = true;
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}

/* Where the caller was already told that the GPU cannot be had. */
static void
told_already (TesseraStatus why, void *user_data)
{
  (void) why;
  (void) user_data;
}

/* OP's CPU path.  When the GPU was asked for and could not be had
 * (REPORTED: the caller was told once), the operations inside it (the
 * EMST of Segment Colours, the thinning of a fill with gaps…) stay on the
 * CPU too, telling nothing more. */
static TesseraStatus
run_cpu (TesseraExec *exec, const TesseraExecOp *op, bool reported)
{
  TesseraExec on_cpu;
  TesseraStatus status;

  exec->backend_used = TESSERA_BACKEND_CPU;
  if (!reported)
    return op->cpu (op->args, exec);
  on_cpu = *exec;
  on_cpu.backend = TESSERA_BACKEND_CPU;
  on_cpu.fallback = told_already;
  status = op->cpu (op->args, &on_cpu);
  exec->backend_used = TESSERA_BACKEND_CPU;
  return status;
}

TesseraStatus
tessera_exec_run (TesseraExec *exec, const TesseraExecOp *op)
{
  bool reported = false;

  if (op->on_device)
    return op->gpu != NULL ? run_gpu (exec, op) : TESSERA_ERROR_NO_GPU;
  if (choose_gpu (exec, op, &reported))
    {
      TesseraStatus status = run_gpu (exec, op);
      if (!tessera_status_is_gpu_failure (status))
        return status;
      report_fallback (exec, status);
      reported = true;
    }
  return run_cpu (exec, op, reported);
}

int
tessera_exec_threads (const TesseraExec *exec)
{
  if (exec != NULL && exec->threads > 0)
    return exec->threads;
#ifdef _OPENMP
  return omp_get_max_threads ();
#else
  return 1;
#endif
}

bool
tessera_exec_progress (const TesseraExec *exec, double fraction)
{
  if (exec == NULL || exec->progress == NULL)
    return true;
  return exec->progress (fraction, exec->user_data);
}
