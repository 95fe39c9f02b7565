/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — tessera_exec_run, the one place that picks a backend:
 * what runs for each request, the fallback and its report, device data,
 * CPU-only methods, the cost model of auto, the environment's override and
 * the last progress report after a GPU run.  Fake operations stand in for
 * the real ones, so no GPU is needed: where a GPU would be used (a CUDA
 * build on a GPU machine) the checks accept either backend's trail. */
#include <glib.h>
#include <stdlib.h>
#include "exec.h"
#include "gpu-backend.h"

typedef struct
{
  int           cpu_runs, gpu_runs, fallbacks, progress_calls;
  TesseraStatus gpu_answer, fallback_why;
  bool          cancel;
} Trail;

static TesseraStatus
fake_cpu (void *data, TesseraExec *exec)
{
  ((Trail *) data)->cpu_runs++;
  return TESSERA_OK;
}

static TesseraStatus
fake_gpu (void *data, TesseraExec *exec)
{
  Trail *trail = data;
  trail->gpu_runs++;
  return trail->gpu_answer;
}

static void
on_fallback (TesseraStatus why, void *data)
{
  Trail *trail = data;
  trail->fallbacks++;
  trail->fallback_why = why;
}

static bool
on_progress (double fraction, void *data)
{
  Trail *trail = data;
  trail->progress_calls++;
  return !trail->cancel;
}

static TesseraExec
exec_for (TesseraBackend backend, Trail *trail)
{
  return tessera_exec_reporting (backend, on_progress, on_fallback, trail);
}

/* A fake operation of ITEMS items where the GPU is a thousand times
 * faster and copies nothing. */
static TesseraExecOp
fake_op (Trail *trail, double items)
{
  TesseraExecOp op = {
    .cpu = fake_cpu, .gpu = TESSERA_GPU (fake_gpu), .args = trail,
    .cost = { .items = items, .cpu_ns = 1.0, .gpu_ns = 0.001 }
  };
  return op;
}

static void
test_cpu_asked (void)
{
  Trail trail = { 0 };
  TesseraExec exec = exec_for (TESSERA_BACKEND_CPU, &trail);
  TesseraExecOp op = fake_op (&trail, 1e12);

  g_assert_cmpint (tessera_exec_run (&exec, &op), ==, TESSERA_OK);
  g_assert_cmpint (trail.cpu_runs, ==, 1);
  g_assert_cmpint (trail.gpu_runs, ==, 0);
  g_assert_cmpint (trail.fallbacks, ==, 0);
  g_assert_cmpint (exec.backend_used, ==, TESSERA_BACKEND_CPU);
}

/* CUDA asked for: the GPU runs, or (no GPU here, or none built) the CPU
 * does after one report that says why. */
static void
test_cuda_asked (void)
{
  Trail trail = { 0 };
  TesseraExec exec = exec_for (TESSERA_BACKEND_CUDA, &trail);
  TesseraExecOp op = fake_op (&trail, 10.0);

  g_assert_cmpint (tessera_exec_run (&exec, &op), ==, TESSERA_OK);
  g_assert_cmpint (trail.cpu_runs + trail.gpu_runs, ==, 1);
  if (trail.cpu_runs == 1)
    {
      g_assert_cmpint (trail.fallbacks, ==, 1);
      g_assert_true (tessera_status_is_gpu_failure (trail.fallback_why));
      g_assert_cmpint (exec.backend_used, ==, TESSERA_BACKEND_CPU);
    }
  else
    g_assert_cmpint (exec.backend_used, ==, TESSERA_BACKEND_CUDA);
}

/* A GPU that fails for lack of memory hands over to the CPU; one that
 * fails for a bad argument does not. */
static void
test_gpu_failures (void)
{
  for (int i = 0; i < 2; i++)
    {
      Trail trail = { 0 };
      TesseraExec exec = exec_for (TESSERA_BACKEND_CUDA, &trail);
      TesseraExecOp op = fake_op (&trail, 10.0);
      TesseraStatus status;

      trail.gpu_answer = i == 0 ? TESSERA_ERROR_GPU_OUT_OF_MEMORY
                                : TESSERA_ERROR_INVALID_ARGUMENT;
      status = tessera_exec_run (&exec, &op);
      if (trail.gpu_runs == 0)
        continue;   /* no GPU here: test_cuda_asked covers it */
      g_assert_cmpint (trail.fallbacks, ==, i == 0 ? 1 : 0);
      g_assert_cmpint (trail.cpu_runs, ==, i == 0 ? 1 : 0);
      g_assert_cmpint (status, ==, i == 0 ? TESSERA_OK
                                          : TESSERA_ERROR_INVALID_ARGUMENT);
    }
}

/* Device data runs on the GPU or nowhere: never on the CPU, no fallback,
 * and without a GPU backend it is TESSERA_ERROR_NO_GPU.  After the GPU,
 * one last progress report, which may still cancel. */
static void
test_device_data (void)
{
  for (int cancel = 0; cancel < 2; cancel++)
    {
      Trail trail = { 0 };
      TesseraExec exec = exec_for (TESSERA_BACKEND_CPU, &trail);
      TesseraExecOp op = fake_op (&trail, 10.0);
      TesseraStatus status;

      op.on_device = true;
      trail.cancel = cancel;
      status = tessera_exec_run (&exec, &op);
      g_assert_cmpint (trail.cpu_runs, ==, 0);
      g_assert_cmpint (trail.fallbacks, ==, 0);
      if (!TESSERA_GPU_BUILT)
        {
          g_assert_cmpint (status, ==, TESSERA_ERROR_NO_GPU);
          continue;
        }
      g_assert_cmpint (trail.gpu_runs, ==, 1);
      g_assert_cmpint (trail.progress_calls, ==, 1);
      g_assert_cmpint (status, ==, cancel ? TESSERA_ERROR_CANCELLED
                                          : TESSERA_OK);
      g_assert_cmpint (exec.backend_used, ==, TESSERA_BACKEND_CUDA);
    }
}

/* A CPU-only method stays on the CPU whatever is asked, silently. */
static void
test_cpu_only (void)
{
  Trail trail = { 0 };
  TesseraExec exec = exec_for (TESSERA_BACKEND_CUDA, &trail);
  TesseraExecOp op = fake_op (&trail, 1e12);

  op.cpu_only = true;
  g_assert_cmpint (tessera_exec_run (&exec, &op), ==, TESSERA_OK);
  g_assert_cmpint (trail.cpu_runs, ==, 1);
  g_assert_cmpint (trail.fallbacks, ==, 0);
}

/* Auto: a small job, or one whose copies cost more than the CPU takes,
 * stays on the CPU without a word. */
static void
test_auto_weighs_costs (void)
{
  for (int i = 0; i < 2; i++)
    {
      Trail trail = { 0 };
      TesseraExec exec = exec_for (TESSERA_BACKEND_AUTO, &trail);
      TesseraExecOp op = fake_op (&trail, i == 0 ? 1000.0 : 1e9);

      if (i == 1)
        op.cost.transfer_bytes = 1e12;
      g_assert_cmpint (tessera_exec_run (&exec, &op), ==, TESSERA_OK);
      g_assert_cmpint (trail.cpu_runs, ==, 1);
      g_assert_cmpint (trail.gpu_runs, ==, 0);
      g_assert_cmpint (trail.fallbacks, ==, 0);
    }
}

/* TESSERA_BACKEND in the environment wins over the caller's choice. */
static void
test_environment_wins (void)
{
  Trail trail = { 0 };
  TesseraExec exec = exec_for (TESSERA_BACKEND_CUDA, &trail);
  TesseraExecOp op = fake_op (&trail, 1e12);

  g_setenv ("TESSERA_BACKEND", "cpu", TRUE);
  g_assert_cmpint (tessera_exec_run (&exec, &op), ==, TESSERA_OK);
  g_unsetenv ("TESSERA_BACKEND");
  g_assert_cmpint (trail.cpu_runs, ==, 1);
  g_assert_cmpint (trail.fallbacks, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_unsetenv ("TESSERA_BACKEND");
  g_test_add_func ("/exec/cpu-asked", test_cpu_asked);
  g_test_add_func ("/exec/cuda-asked", test_cuda_asked);
  g_test_add_func ("/exec/gpu-failures", test_gpu_failures);
  g_test_add_func ("/exec/device-data", test_device_data);
  g_test_add_func ("/exec/cpu-only", test_cpu_only);
  g_test_add_func ("/exec/auto-weighs-costs", test_auto_weighs_costs);
  g_test_add_func ("/exec/environment-wins", test_environment_wins);
  return g_test_run ();
}
