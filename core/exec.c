#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "exec.h"
#ifdef TESSERA_HAVE_CUDA
#include "../cuda/tessera-cuda.h"
#endif

TesseraExec
tessera_exec_default (void)
{
  TesseraExec exec = { TESSERA_BACKEND_AUTO, 0, NULL, NULL, NULL,
                       TESSERA_BACKEND_CPU };
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
#ifdef TESSERA_HAVE_CUDA
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
#else
  return TESSERA_ERROR_NO_GPU;
#endif
}

static void
report_fallback (TesseraExec *exec, TesseraStatus why)
{
  exec->backend_used = TESSERA_BACKEND_CPU;
  if (exec->fallback != NULL)
    exec->fallback (why, exec->user_data);
  else
    fprintf (stderr, "tessera: %s; running on the CPU instead.\n",
             tessera_status_message (why));
}

bool
tessera_exec_try_gpu (TesseraExec *exec, size_t work, size_t auto_min_work)
{
  TesseraBackend requested = tessera_exec_requested (exec);
  TesseraStatus gpu;

  exec->backend_used = TESSERA_BACKEND_CPU;
  if (requested == TESSERA_BACKEND_CPU)
    return false;
  if (requested == TESSERA_BACKEND_AUTO && work < auto_min_work)
    return false;

  gpu = tessera_gpu_probe ();
  if (gpu != TESSERA_OK)
    {
      /* Auto silently stays on the CPU when there is no GPU at all. */
      if (requested == TESSERA_BACKEND_CUDA || gpu != TESSERA_ERROR_NO_GPU)
        report_fallback (exec, gpu);
      return false;
    }
  exec->backend_used = TESSERA_BACKEND_CUDA;
  return true;
}

bool
tessera_exec_fall_back (TesseraExec *exec, TesseraStatus why)
{
  if (!tessera_status_is_gpu_failure (why))
    return false;
  report_fallback (exec, why);
  return true;
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
