/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — what an operation provides.
 *
 * tessera-bench parses the common options into a BenchConfig and hands every
 * other option to the op's parse.  Then it calls prepare once (load or make
 * the inputs, allocate the outputs), run once to warm up and --repeat times
 * timed by the wall clock (host memory in and out, on the backend EXEC asks
 * for), and, when those runs went to the GPU, device_prepare once and
 * device_run under CUDA events (device-resident timing).  It prints
 *   OP BACKEND WxH median_ms=… min_ms=… mpix_s=…[ e2e_ms=…]
 * followed by the op's own fields, and writes --output through
 * write_output.
 *
 * A new op is one file, bench/op-NAME.c, defining `const BenchOp
 * bench_op_NAME`, and one line in bench/op-list.h. */
#ifndef BENCH_OP_H
#define BENCH_OP_H

#include <stdint.h>
#include <stdio.h>
#include "exec.h"
#include "image.h"

/* The common options that shape an op's input. */
typedef struct
{
  const char *input_path;       /* --input FILE, or NULL: make the input */
  const char *save_input_path;  /* --save-input FILE, or NULL */
  int         width;            /* --width, --height of a made input; */
  int         height;           /* 0 when not given */
  int         channels;         /* --channels; 0 when not given */
  int         type;             /* --type: a TesseraSampleType, -1 if not given */
  uint64_t    seed;             /* --seed for made inputs */
} BenchConfig;

typedef enum
{
  BENCH_OPTION_UNKNOWN,   /* not an option of this op */
  BENCH_OPTION_INVALID,   /* a bad value; the op said why on stderr */
  BENCH_OPTION_VALUE,     /* taken, with its value */
  BENCH_OPTION_FLAG       /* taken, without a value */
} BenchOptionResult;

/* The size the line shows as WxH, and that mpix_s counts (an op on points
 * may show N x 1). */
typedef struct
{
  int width;
  int height;
} BenchSize;

typedef struct
{
  const char *name;       /* as typed: "box-blur" */
  const char *synopsis;   /* its options in one line */
  const char *help;       /* one line per option, with the defaults */

  /* A new state with the defaults; NULL when out of memory. */
  void             *(*create)  (void);
  /* OPTION is "--name"; VALUE is what followed it ("--name=VALUE" or the
   * next argument), NULL when nothing did. */
  BenchOptionResult (*parse)   (void *state, const char *option,
                                const char *value);
  /* Reads or makes the inputs (see input.h), allocates the outputs and sets
   * SIZE.  TESSERA_ERROR_INVALID_ARGUMENT is taken as a usage error. */
  TesseraStatus     (*prepare) (void *state, const BenchConfig *config,
                                BenchSize *size);
  /* The timed work, on host memory. */
  TesseraStatus     (*run)     (void *state, TesseraExec *exec);

  /* Optional (NULL when the op has none): the same work on inputs already on
   * the device, for device-resident timing.  Built only with CUDA. */
  TesseraStatus     (*device_prepare) (void *state);
  TesseraStatus     (*device_run)     (void *state);
  /* Optional: whether this run's settings have no device-resident form
   * (part of the work stays on the CPU): the host timing then stands. */
  bool              (*host_only)      (void *state);

  /* Optional: prints the op's own fields (" value=…") after the timings. */
  void              (*print_fields) (void *state, FILE *out);
  /* Optional (NULL: the op refuses --output): writes the last result. */
  TesseraStatus     (*write_output) (void *state, const char *path);
  /* Frees the state and everything it holds, on the host and device. */
  void              (*destroy) (void *state);
} BenchOp;

#define BENCH_OP(id) extern const BenchOp bench_op_##id;
#include "op-list.h"
#undef BENCH_OP

#endif
