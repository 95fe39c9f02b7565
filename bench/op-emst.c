/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench emst: the exact Euclidean minimum spanning tree
 * (core/emst.h) of distinct colours.
 *
 * --points N makes N distinct random colours of the 256^3 lattice (--seed);
 * --input PHOTO takes the photo's distinct colours (the histogram is not
 * timed).  --save-input writes the colours as a PPM (or the photo as it
 * was) for the peers, which take the distinct colours of what they read. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"
#include "emst.h"
#include "emst-ref.h"
#include "input.h"
#include "mst-segment.h"
#include "op.h"
#include "options.h"
#ifdef TESSERA_HAVE_CUDA
#include "tessera-cuda.h"
#endif

#define MAX_RUNS 100000

typedef struct
{
  int                 n_asked;      /* --points */
  TesseraColourSpace  space;
  size_t              n;
  float              *points;
  TesseraEmstEdge    *edges;
  double             *device_ms;    /* per GPU run */
  int                 gpu_runs;
} EmstBench;

static const char *const space_names[] = { "rgb", "lab", NULL };

static void *
emst_create (void)
{
  EmstBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    bench->n_asked = 100000;
  return bench;
}

static BenchOptionResult
emst_parse (void *state, const char *option, const char *value)
{
  EmstBench *bench = state;
  int space = 0;
  bool valid;

  if (strcmp (option, "--points") == 0)
    valid = bench_int_value (option, value, 2, 1 << 24, &bench->n_asked);
  else if (strcmp (option, "--space") == 0)
    {
      valid = bench_choice_value (option, value, space_names, &space);
      bench->space = (TesseraColourSpace) space;
    }
  else
    return BENCH_OPTION_UNKNOWN;
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

/* N_ASKED random distinct colours, saved for the peers as a near-square
 * image (a row could be wider than images may be), the last row padded
 * with the first colour. */
static TesseraStatus
make_colours (const BenchConfig *config, int n_asked, uint8_t **colours,
              size_t *n)
{
  TestRandom random = test_random_new (config->seed);
  PnmFormat format = { PNM_PPM, 255 };
  int width = (int) ceil (sqrt ((double) n_asked));
  int height = (n_asked + width - 1) / width;
  size_t padded = (size_t) width * height;
  TesseraImage image;

  *n = (size_t) n_asked;
  *colours = malloc (3 * padded);
  if (*colours == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  emst_ref_random_colours (&random, *n, *colours);
  for (size_t i = *n; i < padded; i++)
    memcpy (*colours + 3 * i, *colours, 3);
  image = tessera_image_view (*colours, width, height, 3, TESSERA_U8);
  return bench_save_input (config, &image, &format);
}

/* The distinct colours of the --input photo. */
static TesseraStatus
photo_colours (const BenchConfig *config, uint8_t **colours, size_t *n)
{
  TesseraColourHistogram histogram;
  PnmFormat format;
  TesseraImage image;
  TesseraStatus status = bench_input_image (config, 3, TESSERA_U8, &image,
                                            &format);

  if (status != TESSERA_OK)
    return status;
  status = tessera_colour_histogram (&image, &histogram, NULL);
  tessera_image_free (&image);
  if (status != TESSERA_OK)
    return status;
  *colours = histogram.colours;
  *n = histogram.n_colours;
  histogram.colours = NULL;
  tessera_colour_histogram_free (&histogram);
  return TESSERA_OK;
}

static TesseraStatus
emst_prepare (void *state, const BenchConfig *config, BenchSize *size)
{
  EmstBench *bench = state;
  uint8_t *colours = NULL;
  TesseraStatus status = config->input_path != NULL
                         ? photo_colours (config, &colours, &bench->n)
                         : make_colours (config, bench->n_asked, &colours,
                                         &bench->n);

  if (status == TESSERA_OK && bench->n < 2)
    {
      fprintf (stderr, "tessera-bench: emst needs at least 2 colours\n");
      status = TESSERA_ERROR_INVALID_ARGUMENT;
    }
  if (status == TESSERA_OK)
    {
      bench->points = malloc (sizeof (float) * 3 * bench->n);
      bench->edges = malloc (sizeof *bench->edges * bench->n);
      bench->device_ms = malloc (sizeof (double) * MAX_RUNS);
      if (bench->points == NULL || bench->edges == NULL
          || bench->device_ms == NULL)
        status = TESSERA_ERROR_OUT_OF_MEMORY;
    }
  for (size_t i = 0; status == TESSERA_OK && i < bench->n; i++)
    if (bench->space == TESSERA_COLOUR_SPACE_CIELAB)
      tessera_srgb_to_lab (colours + 3 * i, bench->points + 3 * i);
    else
      for (int c = 0; c < 3; c++)
        bench->points[3 * i + c] = colours[3 * i + c];
  free (colours);
  size->width = (int) bench->n;
  size->height = 1;
  return status;
}

/* The core's own choice of backend, but calling the GPU here keeps each
 * run's device time (points on the device to edges ready there). */
static TesseraStatus
emst_run (void *state, TesseraExec *exec)
{
  EmstBench *bench = state;
  TesseraEmstRun run = { bench->points, bench->n, bench->edges,
                         &bench->device_ms[bench->gpu_runs % MAX_RUNS] };
  TesseraExecOp op = tessera_emst_op (&run);
  TesseraStatus status = tessera_exec_run (exec, &op);
  bench->gpu_runs += status == TESSERA_OK
                     && exec->backend_used == TESSERA_BACKEND_CUDA;
  return status;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
emst_print_fields (void *state, FILE *out)
{
  EmstBench *bench = state;
  int runs = bench->gpu_runs < MAX_RUNS ? bench->gpu_runs : MAX_RUNS;

  fprintf (out, " space=%s vertices=%zu total_weight=%.10f",
           space_names[bench->space], bench->n,
           tessera_emst_total_length (bench->edges, bench->n - 1));
  if (runs > 0)
    {
      qsort (bench->device_ms, (size_t) runs, sizeof (double),
             compare_doubles);
      fprintf (out, " device_ms=%.4f device_min_ms=%.4f",
               bench->device_ms[runs / 2], bench->device_ms[0]);
    }
}

static void
emst_destroy (void *state)
{
  EmstBench *bench = state;
  free (bench->points);
  free (bench->edges);
  free (bench->device_ms);
  free (bench);
}

const BenchOp bench_op_emst = {
  .name = "emst",
  .synopsis = "[--points N] [--space rgb|lab]",
  .help =
    "  --points N         N distinct random lattice colours (default 100000;\n"
    "                     --seed); with --input, the photo's distinct colours\n"
    "  --space S          rgb (the lattice, default) or lab (CIE L*a*b*)\n"
    "  Prints vertices=, total_weight= (sum of the Euclidean lengths), and on\n"
    "  the GPU device_ms= (median over the runs, transfers excluded).\n",
  .create = emst_create,
  .parse = emst_parse,
  .prepare = emst_prepare,
  .run = emst_run,
  .print_fields = emst_print_fields,
  .destroy = emst_destroy,
};
