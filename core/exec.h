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

const char    *tessera_backend_name  (TesseraBackend backend);
/* Parses "auto", "cpu" or "cuda"; returns false for anything else. */
bool           tessera_backend_parse (const char *text, TesseraBackend *backend);

/* The backend actually asked for: TESSERA_BACKEND from the environment
 * wins over EXEC->backend. */
TesseraBackend tessera_exec_requested (const TesseraExec *exec);

/* Whether to try the GPU for an operation on WORK items (pixels, points…),
 * where the GPU pays from AUTO_MIN_WORK items up.  When the GPU was asked for
 * but there is none, reports the fallback and returns false. */
bool           tessera_exec_try_gpu  (TesseraExec *exec, size_t work,
                                      size_t auto_min_work);

/* After a GPU attempt failed with WHY: reports the fallback if WHY is a GPU
 * failure (and returns true: run on the CPU), else returns false. */
bool           tessera_exec_fall_back (TesseraExec *exec, TesseraStatus why);

/* Threads for a parallel region of EXEC (never below 1). */
int            tessera_exec_threads  (const TesseraExec *exec);

/* Reports progress; returns false when the user cancelled. */
bool           tessera_exec_progress (const TesseraExec *exec, double fraction);

/* Whether a usable CUDA device is present (probed once). */
TesseraStatus  tessera_gpu_probe     (void);

#endif
