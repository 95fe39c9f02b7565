/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — how an operation runs: backend, threads, progress and cancel. */
#ifndef TESSERA_EXEC_H
#define TESSERA_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include "status.h"

typedef enum
{
  TESSERA_BACKEND_AUTO = 0,   /* the GPU where it pays, else the CPU */
  TESSERA_BACKEND_CPU,
  TESSERA_BACKEND_CUDA
} TesseraBackend;

/* Called from the calling thread with the fraction done (0..1); returns
 * false to cancel, after which the operation ends with TESSERA_ERROR_CANCELLED
 * and leaves its output unspecified. */
typedef bool (*TesseraProgressFunc) (double fraction, void *user_data);

/* Told when the GPU was asked for (or chosen by auto) but could not be used,
 * just before the CPU takes over. */
typedef void (*TesseraFallbackFunc) (TesseraStatus why, void *user_data);

typedef struct
{
  TesseraBackend       backend;        /* asked for; TESSERA_BACKEND env overrides */
  int                  threads;        /* 0: OpenMP's default */
  TesseraProgressFunc  progress;       /* may be NULL */
  TesseraFallbackFunc  fallback;       /* NULL: a line on stderr */
  void                *user_data;      /* for progress and fallback */
  TesseraBackend       backend_used;   /* set by the operation: CPU or CUDA */
} TesseraExec;

/* All defaults: auto backend, default threads, no progress. */
TesseraExec    tessera_exec_default (void);

/* The defaults but for BACKEND, and PROGRESS and FALLBACK told with
 * USER_DATA: how a caller that shows progress or can stop a run asks. */
TesseraExec    tessera_exec_reporting (TesseraBackend       backend,
                                       TesseraProgressFunc  progress,
                                       TesseraFallbackFunc  fallback,
                                       void                *user_data);

const char    *tessera_backend_name  (TesseraBackend backend);
/* Parses "auto", "cpu" or "cuda"; returns false for anything else. */
bool           tessera_backend_parse (const char *text, TesseraBackend *backend);

/* The backend actually asked for: TESSERA_BACKEND from the environment
 * wins over EXEC->backend. */
TesseraBackend tessera_exec_requested (const TesseraExec *exec);

/* What the automatic backend weighs: each backend's expected time for the
 * data at hand, from the operation's measured costs (bench/RESULTS.md).
 * The GPU's includes the copies of host data to and from the device, so a
 * GPU that computes faster but waits longer for its copies is not taken. */
typedef struct
{
  double items;           /* work items: pixel passes, points, links… */
  double cpu_ns;          /* CPU time per item on one thread */
  double gpu_ns;          /* GPU time per item, data on the device */
  double gpu_call_ns;     /* the GPU's fixed cost a call (0: a default) */
  double transfer_bytes;  /* bytes copied host -> device -> host */
} TesseraExecCost;

typedef TesseraStatus (*TesseraExecFunc) (void *args, TesseraExec *exec);

/* An operation's ways to run, for tessera_exec_run. */
typedef struct
{
  TesseraExecFunc cpu;        /* the CPU path */
  TesseraExecFunc gpu;        /* TESSERA_GPU (f) (core/gpu-backend.h): NULL
                                 in a build without CUDA */
  void           *args;
  bool            on_device;  /* the data is on the GPU: it runs there or
                                 nowhere, with no fallback */
  bool            cpu_only;   /* a method only the CPU has */
  TesseraExecCost cost;
} TesseraExecOp;

/* Runs OP on the backend EXEC asks for (TESSERA_BACKEND in the environment
 * wins): CPU; CUDA, falling back to the CPU with a report when the GPU is
 * missing or fails (out of memory…), once: the operations OP's CPU path
 * runs inside it then stay on the CPU and report nothing; or auto, the GPU
 * only where its expected time, copies included, is clearly below the
 * CPU's on EXEC's threads.  Device data runs on the GPU alone (TESSERA_ERROR_NO_GPU in a
 * build without CUDA).  After a GPU run, one last progress report, which
 * may still cancel.  Sets EXEC->backend_used. */
TesseraStatus  tessera_exec_run      (TesseraExec *exec,
                                      const TesseraExecOp *op);

/* A part of an operation that reports under a share of its progress (a
 * step of the whole, one image of a batch): what tessera_exec_part's exec
 * points its user data at. */
typedef struct
{
  const TesseraExec *whole;
  double             start;   /* the whole's fraction where the part starts */
  double             span;    /* the whole's fraction the part covers */
} TesseraExecPart;

/* WHOLE's backend and threads for a part of its work: the part's progress
 * (0..1) goes to WHOLE's as START + SPAN * fraction, and a fallback report
 * to WHOLE's fallback with WHOLE's own user data.  PART (filled in here)
 * must outlive the returned exec's use.  An exec copied with its
 * user_data changed by hand would hand the caller's fallback the wrong
 * data. */
TesseraExec    tessera_exec_part     (const TesseraExec *whole, double start,
                                      double span, TesseraExecPart *part);

/* Threads for a parallel region of EXEC (never below 1). */
int            tessera_exec_threads  (const TesseraExec *exec);

/* Reports progress; returns false when the user cancelled. */
bool           tessera_exec_progress (const TesseraExec *exec, double fraction);

/* Whether a usable CUDA device is present (probed once). */
TesseraStatus  tessera_gpu_probe     (void);

#endif
