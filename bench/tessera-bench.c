/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — times one operation of the core and prints one line:
 *   OP BACKEND WxH median_ms=… min_ms=… mpix_s=…[ e2e_ms=… | simd=…][ op fields]
 * Exit status: 0 done, 1 the operation failed, 2 a usage error. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "input.h"
#include "op.h"
#include "options.h"
#include "simd.h"
#include "timing.h"
#ifdef TESSERA_HAVE_CUDA
#include "tessera-cuda.h"
#endif

enum { EXIT_USAGE = 2 };

/* The GPU's clocks ramp up over the first launches. */
enum { DEVICE_WARMUP = 3 };

static const BenchOp *const ops[] = {
#define BENCH_OP(id) &bench_op_##id,
#include "op-list.h"
#undef BENCH_OP
};

typedef struct
{
  BenchConfig    config;
  TesseraBackend backend;
  int            threads;
  int            repeat;
  const char    *output_path;
} Options;

/* One timed run, and whether the backend stayed the same across runs. */
typedef struct
{
  const BenchOp *op;
  void          *state;
  TesseraExec   *exec;
  int            runs;
  TesseraBackend first_backend;
  bool           backend_changed;
} Run;

static const char *const type_names[] = { "u8", "u16", "f32", NULL };

static void
print_usage (FILE *out, const BenchOp *only)
{
  fprintf (out,
    "Usage: tessera-bench OP [--input FILE | --width W --height H] "
    "[--backend auto|cpu|cuda]\n"
    "                        [--threads N] [--repeat N] [--output FILE] "
    "[OP options]\n"
    "  --input FILE       binary PGM, PPM or PAM, 8 or 16 bit\n"
    "  --width W, --height H\n"
    "                     size of the random image made without --input\n"
    "  --channels C, --type u8|u16|f32, --seed S\n"
    "                     shape and seed of the random image (defaults: "
    "the op's, 1)\n"
    "  --backend B        auto, cpu or cuda (default auto; TESSERA_BACKEND "
    "overrides)\n"
    "  --threads N        CPU threads (default: OpenMP's)\n"
    "  --repeat N         timed runs after one warm-up run (default 10)\n"
    "  --output FILE      the result, in the input's format (PAM for random "
    "input)\n"
    "  --save-input FILE  the input too, so that peers can read the same "
    "pixels\n"
    "Prints: OP BACKEND WxH median_ms=… min_ms=… mpix_s=… (on the GPU "
    "median_ms is\n"
    "device-resident and e2e_ms includes the transfers; on the CPU simd= "
    "names\nthe instruction set the kernels ran: TESSERA_SIMD=avx512|avx2|"
    "plain caps it).\n");
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (only == NULL || only == ops[i])
      {
        fprintf (out, "\ntessera-bench %s %s\n", ops[i]->name,
                 ops[i]->synopsis);
        if (only != NULL)
          fputs (ops[i]->help, out);
      }
}

static int
usage_error (const char *op_name)
{
  fprintf (stderr, "Try 'tessera-bench %s%s--help'.\n",
           op_name != NULL ? op_name : "", op_name != NULL ? " " : "");
  return EXIT_USAGE;
}

static const BenchOp *
find_op (const char *name)
{
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp (ops[i]->name, name) == 0)
      return ops[i];
  return NULL;
}

static BenchOptionResult
parse_common (Options *options, const char *option, const char *value)
{
  BenchConfig *config = &options->config;
  bool valid;

  if (strcmp (option, "--input") == 0)
    config->input_path = value;
  else if (strcmp (option, "--output") == 0)
    options->output_path = value;
  else if (strcmp (option, "--save-input") == 0)
    config->save_input_path = value;
  else if (strcmp (option, "--width") == 0)
    return bench_int_value (option, value, 1, TESSERA_MAX_SIDE,
                            &config->width)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--height") == 0)
    return bench_int_value (option, value, 1, TESSERA_MAX_SIDE,
                            &config->height)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--channels") == 0)
    return bench_int_value (option, value, 1, 4, &config->channels)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--type") == 0)
    return bench_choice_value (option, value, type_names, &config->type)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--seed") == 0)
    return bench_uint64_value (option, value, &config->seed)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--threads") == 0)
    return bench_int_value (option, value, 1, 4096, &options->threads)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--repeat") == 0)
    return bench_int_value (option, value, 1, 1000000, &options->repeat)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--backend") == 0)
    {
      valid = value != NULL && tessera_backend_parse (value, &options->backend);
      if (!valid)
        fprintf (stderr, "tessera-bench: --backend wants auto, cpu or cuda\n");
      return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
    }
  else
    return BENCH_OPTION_UNKNOWN;

  /* The file options. */
  if (value == NULL)
    {
      fprintf (stderr, "tessera-bench: %s needs a file name\n", option);
      return BENCH_OPTION_INVALID;
    }
  return BENCH_OPTION_VALUE;
}

/* Parses ARGV[2..] into OPTIONS and the op's STATE.  Returns -1 to go on,
 * else the exit status (0 after --help). */
static int
parse_arguments (const BenchOp *op, void *state, int argc, char **argv,
                 Options *options)
{
  for (int i = 2; i < argc; i++)
    {
      char option[64];
      const char *equals = strchr (argv[i], '=');
      const char *value;
      size_t length;
      BenchOptionResult result;

      if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          print_usage (stdout, op);
          return 0;
        }
      /* "--name value" or "--name=value". */
      length = equals != NULL ? (size_t) (equals - argv[i]) : strlen (argv[i]);
      if (strncmp (argv[i], "--", 2) != 0 || length >= sizeof option)
        {
          fprintf (stderr, "tessera-bench: unexpected argument '%s'\n",
                   argv[i]);
          return usage_error (op->name);
        }
      memcpy (option, argv[i], length);
      option[length] = '\0';
      value = equals != NULL ? equals + 1 : i + 1 < argc ? argv[i + 1] : NULL;

      result = parse_common (options, option, value);
      if (result == BENCH_OPTION_UNKNOWN)
        result = op->parse (state, option, value);
      switch (result)
        {
        case BENCH_OPTION_UNKNOWN:
          fprintf (stderr, "tessera-bench: %s has no option %s\n", op->name,
                   option);
          return usage_error (op->name);
        case BENCH_OPTION_INVALID:
          return usage_error (op->name);
        case BENCH_OPTION_VALUE:
          if (equals == NULL)
            i++;
          break;
        case BENCH_OPTION_FLAG:
          if (equals != NULL)
            {
              fprintf (stderr, "tessera-bench: %s takes no value\n", option);
              return usage_error (op->name);
            }
          break;
        }
    }
  return -1;
}

/* The combinations that cannot mean anything. */
static bool
check_options (const Options *options)
{
  const BenchConfig *config = &options->config;

  if (config->input_path != NULL
      && (config->width != 0 || config->height != 0 || config->channels != 0
          || config->type >= 0))
    {
      fprintf (stderr, "tessera-bench: --width, --height, --channels and "
               "--type shape the random image; the --input file has its "
               "own\n");
      return false;
    }
  if ((config->width == 0) != (config->height == 0))
    {
      fprintf (stderr, "tessera-bench: give both --width and --height\n");
      return false;
    }
  return true;
}

static void
say_fallback_once (TesseraStatus why, void *user_data)
{
  bool *said = user_data;
  if (!*said)
    fprintf (stderr, "tessera-bench: %s; running on the CPU instead.\n",
             tessera_status_message (why));
  *said = true;
}

static TesseraStatus
run_once (void *arg)
{
  Run *run = arg;
  TesseraStatus status = run->op->run (run->state, run->exec);

  if (run->runs++ == 0)
    run->first_backend = run->exec->backend_used;
  else if (run->exec->backend_used != run->first_backend)
    run->backend_changed = true;
  return status;
}

/* Times the device-resident runs of the op, when its runs went to the GPU
 * and it has them; else leaves TIMING as it is. */
static TesseraStatus
time_on_device (const BenchOp *op, void *state, const Options *options,
                BenchTiming *timing)
{
#ifdef TESSERA_HAVE_CUDA
  TesseraStatus status;

  if (op->device_prepare == NULL
      || (op->host_only != NULL && op->host_only (state)))
    return TESSERA_OK;
  status = op->device_prepare (state);
  if (status == TESSERA_OK)
    status = tessera_cuda_time (op->device_run, state, DEVICE_WARMUP,
                                options->repeat, &timing->median_ms,
                                &timing->min_ms);
  return status;
#else
  return TESSERA_OK;
#endif
}

static void
print_line (const BenchOp *op, void *state, TesseraBackend backend,
            const BenchSize *size, const BenchTiming *timing,
            const BenchTiming *host)
{
  double pixels = (double) size->width * size->height;

  printf ("%s %s %dx%d median_ms=%.4f min_ms=%.4f mpix_s=%.1f", op->name,
          tessera_backend_name (backend), size->width, size->height,
          timing->median_ms, timing->min_ms,
          pixels / (timing->median_ms * 1e3));
  if (backend == TESSERA_BACKEND_CUDA)
    printf (" e2e_ms=%.4f", host->median_ms);
  else
    printf (" simd=%s", tessera_simd_name (tessera_simd_level ()));
  if (op->print_fields != NULL)
    op->print_fields (state, stdout);
  printf ("\n");
}

static int
failure (const BenchOp *op, TesseraStatus status)
{
  fprintf (stderr, "tessera-bench: %s: %s\n", op->name,
           tessera_status_message (status));
  return status == TESSERA_ERROR_INVALID_ARGUMENT ? usage_error (op->name)
                                                  : EXIT_FAILURE;
}

static int
bench (const BenchOp *op, void *state, const Options *options)
{
  bool fallback_said = false;
  TesseraExec exec = tessera_exec_default ();
  Run run = { .op = op, .state = state, .exec = &exec };
  BenchSize size = { 0, 0 };
  BenchTiming host, timing;
  TesseraStatus status;

  exec.backend = options->backend;
  exec.threads = options->threads;
  exec.fallback = say_fallback_once;
  exec.user_data = &fallback_said;

  status = op->prepare (state, &options->config, &size);
  if (status != TESSERA_OK)
    return failure (op, status);
  if (options->config.save_input_path != NULL && !bench_input_saved ())
    {
      fprintf (stderr, "tessera-bench: %s has no input image to save\n",
               op->name);
      return usage_error (op->name);
    }

  status = bench_time_wall (run_once, &run, 1, options->repeat, &host);
  if (status != TESSERA_OK)
    return failure (op, status);
  if (run.backend_changed)
    fprintf (stderr, "tessera-bench: warning: the runs did not all use the "
             "same backend; the times mix them\n");

  timing = host;
  if (exec.backend_used == TESSERA_BACKEND_CUDA)
    {
      status = time_on_device (op, state, options, &timing);
      if (status != TESSERA_OK)
        return failure (op, status);
    }

  if (options->output_path != NULL)
    {
      status = op->write_output (state, options->output_path);
      if (status != TESSERA_OK)
        return failure (op, status);
    }
  print_line (op, state, exec.backend_used, &size, &timing, &host);
  return EXIT_SUCCESS;
}

int
main (int argc, char **argv)
{
  Options options = { .config = { .type = -1, .seed = 1 },
                      .backend = TESSERA_BACKEND_AUTO, .repeat = 10 };
  const BenchOp *op;
  void *state;
  int status;

  if (argc < 2 || strcmp (argv[1], "--help") == 0
      || strcmp (argv[1], "-h") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout, NULL);
      return argc < 2 ? EXIT_USAGE : EXIT_SUCCESS;
    }
  op = find_op (argv[1]);
  if (op == NULL)
    {
      fprintf (stderr, "tessera-bench: no operation '%s'\n", argv[1]);
      return usage_error (NULL);
    }
  state = op->create ();
  if (state == NULL)
    return failure (op, TESSERA_ERROR_OUT_OF_MEMORY);

  status = parse_arguments (op, state, argc, argv, &options);
  if (status < 0 && !check_options (&options))
    status = usage_error (op->name);
  if (status < 0 && options.output_path != NULL && op->write_output == NULL)
    {
      fprintf (stderr, "tessera-bench: %s writes no image for --output\n",
               op->name);
      status = usage_error (op->name);
    }
  if (status < 0)
    status = bench (op, state, &options);
  op->destroy (state);
  return status;
}
