/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench mst-segment: the whole colour segmentation of an image
 * (core/mst-segment-image.h): distinct colours, their EMST, the cut, and
 * the image recoloured by class means, all timed; on the CUDA backend also
 * with the image already on the device.  TESSERA_STAGE_TIMES=1 breaks a
 * run down by step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "band-sequence.h"
#include "colour-histogram.h"
#include "input.h"
#include "mst-segment-image.h"
#include "op.h"
#include "options.h"
#ifdef TESSERA_HAVE_CUDA
#include "tessera-cuda.h"
#endif
#include "timing.h"

typedef struct
{
  TesseraMstSegment params;
  TesseraImage      src;
  TesseraImage      dst;
  TesseraImage      device_src;
  TesseraImage      device_dst;
  PnmFormat         format;
  TesseraMstClasses classes;       /* of the last run */
  int               band_rows;     /* --bands: -1 auto, 0 the whole image */
  int               enlarge[2];    /* --enlarge-to W x H, or 0 */
  bool              alpha;         /* --alpha */
  BenchBandTimes    band_times;    /* of the last run, with --bands */
} SegmentBench;

static const char *const space_names[] = { "rgb", "lab", NULL };
/* In the order of TesseraMstMethod. */
static const char *const method_names[] = { "weighted", "single",
                                            "weighted-tree", NULL };

static void *
segment_create (void)
{
  SegmentBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    {
      bench->params.classes = 8;
      bench->params.min_share = 0.01;
      bench->params.sensitivity = 1.0;
      bench->params.colour_space = TESSERA_COLOUR_SPACE_CIELAB;
      bench->params.method = TESSERA_MST_METHOD_WEIGHTED;
    }
  return bench;
}

static BenchOptionResult
segment_parse (void *state, const char *option, const char *value)
{
  SegmentBench *bench = state;
  int space = 0, method = 0;
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
  else if (strcmp (option, "--method") == 0)
    {
      valid = bench_choice_value (option, value, method_names, &method);
      bench->params.method = (TesseraMstMethod) method;
    }
  else if (strcmp (option, "--bands") == 0)
    {
      valid = value != NULL && strcmp (value, "auto") == 0;
      if (valid)
        bench->band_rows = -1;
      else
        valid = bench_int_value (option, value, 1, 1 << 20, &bench->band_rows);
    }
  else if (strcmp (option, "--enlarge-to") == 0)
    {
      valid = value != NULL
              && sscanf (value, "%dx%d", &bench->enlarge[0],
                         &bench->enlarge[1]) == 2
              && bench->enlarge[0] > 0 && bench->enlarge[1] > 0;
      if (!valid)
        fprintf (stderr, "tessera-bench: --enlarge-to takes WxH\n");
    }
  else if (strcmp (option, "--alpha") == 0)
    {
      bench->alpha = true;
      return BENCH_OPTION_FLAG;
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

  if (status == TESSERA_OK && (bench->enlarge[0] > 0 || bench->alpha))
    {
      TesseraImage photo = *src;
      status = bench_enlarge (&photo,
                              bench->enlarge[0] > 0 ? bench->enlarge[0]
                                                    : photo.width,
                              bench->enlarge[1] > 0 ? bench->enlarge[1]
                                                    : photo.height,
                              bench->alpha ? 4 : 3, src);
      tessera_image_free (&photo);
    }
  if (status != TESSERA_OK)
    return status;
  if (bench->band_rows < 0)
    bench->band_rows = bench_band_rows (src->width,
                                        (int) tessera_pixel_size (src),
                                        src->height);
  size->width = src->width;
  size->height = src->height;
  status = tessera_image_alloc (&bench->dst, src->width, src->height,
                                src->channels, src->type);
  if (status != TESSERA_OK)
    return status;
  return tessera_mst_segment_check (&bench->params);
}

/* Mean CIE76 colour difference between the input and the recoloured
 * output, over the pixels: each distinct colour once, weighted by its
 * pixels (the output colour of a pixel depends on its colour alone). */
static double
mean_delta_e (const TesseraColourHistogram *histogram,
              const TesseraMstClasses *classes)
{
  float (*class_lab)[3] = malloc (sizeof *class_lab
                                  * (size_t) (classes->n_classes + 1));
  double sum = 0.0, pixels = 0.0;

  if (class_lab == NULL)
    return -1.0;
  for (int c = 0; c < classes->n_classes; c++)
    {
      uint8_t rgb[3];
      for (int ch = 0; ch < 3; ch++)
        rgb[ch] = (uint8_t) lrint (classes->mean[c][ch]);
      tessera_srgb_to_lab (rgb, class_lab[c]);
    }
  for (size_t i = 0; i < histogram->n_colours; i++)
    {
      const float *out = class_lab[classes->colour_class[i]];
      float lab[3];
      double d2 = 0.0;
      tessera_srgb_to_lab (histogram->colours + 3 * i, lab);
      for (int ch = 0; ch < 3; ch++)
        d2 += ((double) lab[ch] - out[ch]) * ((double) lab[ch] - out[ch]);
      sum += histogram->counts[i] * sqrt (d2);
      pixels += histogram->counts[i];
    }
  free (class_lab);
  return sum / pixels;
}

static TesseraStatus
segment_run (void *state, TesseraExec *exec)
{
  SegmentBench *bench = state;

  tessera_mst_classes_free (&bench->classes);
  if (bench->band_rows > 0)
    return bench_segment_bands (&bench->src, bench->band_rows,
                                &bench->params, &bench->classes,
                                &bench->dst, exec, &bench->band_times);
  return tessera_mst_segment_image (&bench->src, &bench->params,
                                    &bench->classes, &bench->dst, exec);
}

/* The bands come from the host and go back to it: no device-resident
 * form. */
static bool
segment_host_only (void *state)
{
  SegmentBench *bench = state;
  return bench->band_rows > 0;
}

#ifdef TESSERA_HAVE_CUDA
static TesseraStatus
segment_device_prepare (void *state)
{
  SegmentBench *bench = state;
  const TesseraImage *src = &bench->src;
  TesseraStatus status;

  status = tessera_cuda_image_alloc (&bench->device_src, src->width,
                                     src->height, src->channels, src->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_alloc (&bench->device_dst, src->width,
                                       src->height, src->channels,
                                       src->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (src, &bench->device_src);
  return status;
}

/* The image stays on the device; the classes come to the host. */
static TesseraStatus
segment_device_run (void *state)
{
  SegmentBench *bench = state;
  TesseraExec exec = tessera_exec_default ();

  exec.backend = TESSERA_BACKEND_CUDA;
  tessera_mst_classes_free (&bench->classes);
  return tessera_mst_segment_image (&bench->device_src, &bench->params,
                                    &bench->classes, &bench->device_dst,
                                    &exec);
}
#endif

/* The colours' count and the error, from the CPU's histogram (untimed). */
static void
segment_print_fields (void *state, FILE *out)
{
  SegmentBench *bench = state;
  TesseraColourHistogram histogram;
  TesseraExec exec = tessera_exec_default ();
  double delta_e = -1.0;

  exec.backend = TESSERA_BACKEND_CPU;
  if (tessera_colour_histogram (&bench->src, &histogram, &exec) != TESSERA_OK)
    memset (&histogram, 0, sizeof histogram);
  else if (bench->classes.colour_class != NULL)
    delta_e = mean_delta_e (&histogram, &bench->classes);
  fprintf (out, " method=%s space=%s colours=%zu classes=%d delta_e=%.3f",
           method_names[bench->params.method],
           space_names[bench->params.colour_space], histogram.n_colours,
           bench->classes.n_classes, delta_e);
  if (bench->band_rows > 0)
    bench_band_times_print (&bench->band_times, out, stderr);
  tessera_colour_histogram_free (&histogram);
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
  tessera_mst_classes_free (&bench->classes);
  bench_band_times_free (&bench->band_times);
  tessera_image_free (&bench->src);
  tessera_image_free (&bench->dst);
#ifdef TESSERA_HAVE_CUDA
  if (bench->device_src.data != NULL)
    tessera_cuda_image_free (&bench->device_src);
  if (bench->device_dst.data != NULL)
    tessera_cuda_image_free (&bench->device_dst);
#endif
  free (bench);
}

const BenchOp bench_op_mst_segment = {
  .name = "mst-segment",
  .synopsis = "[--classes K] [--method weighted|single|weighted-tree] "
              "[--min-share S] [--sensitivity X] [--space rgb|lab] "
              "[--bands auto|ROWS] [--enlarge-to WxH] [--alpha]",
  .help =
    "  --classes K        classes, 0 for automatic (default 8)\n"
    "  --method M         weighted (default: tree split by pixel-weighted\n"
    "                     error, then Lloyd), single (single linkage: the\n"
    "                     longest edges), weighted-tree (the split alone)\n"
    "  --min-share S      no class below this share of the pixels (default\n"
    "                     0.01)\n"
    "  --sensitivity X    automatic: higher finds more classes (default 1)\n"
    "  --space S          lab (default) or rgb\n"
    "  Times histogram + EMST + cut + recolour (--backend cuda: all on the\n"
    "  device, also timed with the image already there); delta_e is the\n"
    "  mean CIE76 difference between input and output (not timed).\n"
    "  TESSERA_STAGE_TIMES=1 prints each step's time.  --output: the image\n"
    "  recoloured by class means.\n"
    "  --bands R          the plug-in's band sequence (core/mst-segment-\n"
    "                     bands.h): bands of R rows (auto: the plug-in's\n"
    "                     32 MiB in GIMP tile rows) in from host memory,\n"
    "                     the classes, each band recoloured out to host\n"
    "                     memory; each step timed (the last run's), and\n"
    "                     each band's on stderr\n"
    "  --enlarge-to WxH   the input photo enlarged (nearest neighbour)\n"
    "  --alpha            an opaque alpha channel added (a GIMP layer)\n",
  .create = segment_create,
  .parse = segment_parse,
  .prepare = segment_prepare,
  .run = segment_run,
#ifdef TESSERA_HAVE_CUDA
  .device_prepare = segment_device_prepare,
  .device_run = segment_device_run,
#endif
  .host_only = segment_host_only,
  .print_fields = segment_print_fields,
  .write_output = segment_write_output,
  .destroy = segment_destroy,
};
