/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the execution settings the core tests run under: the CPU
 * backend on a given number of threads, whatever TESSERA_BACKEND says (the
 * GPU is checked against these results by tests/gpu). */
#ifndef TESSERA_TEST_CPU_EXEC_H
#define TESSERA_TEST_CPU_EXEC_H

#include "exec.h"

static inline TesseraExec
test_cpu_exec (int threads)
{
  TesseraExec exec = tessera_exec_default ();
  exec.backend = TESSERA_BACKEND_CPU;
  exec.threads = threads;
  return exec;
}

#endif
