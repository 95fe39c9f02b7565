/* tessera-bench mst-segment: the whole colour segmentation of an image
 * (core/mst-segment.h): distinct colours, their EMST, the cut, and the
 * image recoloured by class means, all timed. */
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"
#include "input.h"
#include "mst-segment.h"
#include "op.h"
#include "options.h"
#include "timing.h"

typedef struct
{
  TesseraMstSegment params;
  TesseraImage      src;
  TesseraImage      dst;
  PnmFormat         format;
  size_t            n_colours;     /* of the last run */
  int               n_classes;
  double            stage_ms[3];   /* histogram, segment, recolour */
} SegmentBench;

static const char *const space_names[] = { "rgb", "lab", NULL };

static void *
segment_create (void)
{
  SegmentBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    {
      bench->params.classes = 8;
      bench->params.min_share = 0.01;
      bench->params.sensitivity = 1.0;
      bench->params.colour_space = TESSERA_COLOUR_SPACE_RGB;
    }
  return bench;
}

static BenchOptionResult
segment_parse (void *state, const char *option, const char *value)
{
  SegmentBench *bench = state;
  int space = 0;
  bool valid;

  if (strcmp (option, "--classes") == 0)
    valid = bench_int_value (option, value, 0,
                             TESSERA_MST_SEGMENT_MAX_CLASSES,
                             &bench->params.classes);
  else if (strcmp (option, "--min-share") == 0)
    valid = bench_double_value (option, value, 0.0, 0.5,
                                &bench->params.min_share);
  else if (strcmp (option, "--sensitivity") == 0)
    valid = bench_double_value (option, value, 1e-3, 1e3,
                                &bench->params.sensitivity);
  else if (strcmp (option, "--space") == 0)
    {
      valid = bench_choice_value (option, value, space_names, &space);
      bench->params.colour_space = (TesseraColourSpace) space;
    }
  else
    return BENCH_OPTION_UNKNOWN;
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

static TesseraStatus
segment_prepare (void *state, const BenchConfig *config, BenchSize *size)
{
  SegmentBench *bench = state;
  TesseraImage *src = &bench->src;
  TesseraStatus status = bench_input_image (config, 3, TESSERA_U8, src,
                                            &bench->format);

  if (status != TESSERA_OK)
    return status;
  size->width = src->width;
  size->height = src->height;
  status = tessera_image_alloc (&bench->dst, src->width, src->height,
                                src->channels, src->type);
  if (status != TESSERA_OK)
    return status;
  return tessera_mst_segment_check (&bench->params);
}

static TesseraStatus
segment_run (void *state, TesseraExec *exec)
{
  SegmentBench *bench = state;
  TesseraColourHistogram histogram;
  TesseraMstClasses classes;
  double start = bench_clock_ms (), histogram_done, segment_done;
  TesseraStatus status;

  status = tessera_colour_histogram (&bench->src, &histogram, exec);
  if (status != TESSERA_OK)
    return status;
  histogram_done = bench_clock_ms ();
  status = tessera_mst_segment (&histogram, &bench->params, &classes, exec);
  segment_done = bench_clock_ms ();
  if (status == TESSERA_OK)
    {
      status = tessera_mst_segment_recolour (&bench->src, &histogram,
                                             &classes, &bench->dst, exec);
      bench->n_colours = histogram.n_colours;
      bench->n_classes = classes.n_classes;
      tessera_mst_classes_free (&classes);
    }
  bench->stage_ms[0] = histogram_done - start;
  bench->stage_ms[1] = segment_done - histogram_done;
  bench->stage_ms[2] = bench_clock_ms () - segment_done;
  tessera_colour_histogram_free (&histogram);
  return status;
}

static void
segment_print_fields (void *state, FILE *out)
{
  SegmentBench *bench = state;
  fprintf (out, " space=%s colours=%zu classes=%d histogram_ms=%.1f "
           "segment_ms=%.1f recolour_ms=%.1f",
           space_names[bench->params.colour_space], bench->n_colours,
           bench->n_classes, bench->stage_ms[0], bench->stage_ms[1],
           bench->stage_ms[2]);
}

static TesseraStatus
segment_write_output (void *state, const char *path)
{
  SegmentBench *bench = state;
  return bench_write_image (path, &bench->dst, &bench->format);
}

static void
segment_destroy (void *state)
{
  SegmentBench *bench = state;
  tessera_image_free (&bench->src);
  tessera_image_free (&bench->dst);
  free (bench);
}

const BenchOp bench_op_mst_segment = {
  .name = "mst-segment",
  .synopsis = "[--classes K] [--min-share S] [--sensitivity X] "
              "[--space rgb|lab]",
  .help =
    "  --classes K        classes, 0 for automatic (default 8)\n"
    "  --min-share S      no class below this share of the pixels (default\n"
    "                     0.01)\n"
    "  --sensitivity X    automatic: cut edges longer than 1 + 1/X times\n"
    "                     their neighbourhood's mean (default 1)\n"
    "  --space S          rgb (default) or lab\n"
    "  Times histogram + EMST + cut + recolour; the fields give the last\n"
    "  run's stages.  --output: the image recoloured by class means.\n",
  .create = segment_create,
  .parse = segment_parse,
  .prepare = segment_prepare,
  .run = segment_run,
  .print_fields = segment_print_fields,
  .write_output = segment_write_output,
  .destroy = segment_destroy,
};
