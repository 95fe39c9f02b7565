/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench fill-contours: fill closed contours (core/fill-contours.h),
 * or, with any of --gap, --edge-regions, --min-region, --to-centre,
 * --bleed or --labels, the regions of line art (core/fill-regions.h).
 *
 * The input is a contour map, samples of at least --threshold (1) being
 * contour; without --input a synthetic one (many overlapping closed and
 * open contours) is drawn, or with --line-art generated line art with
 * known regions (bench/line-art-input.h).  --batch N fills N images per
 * timed run through the batch call
 * (the same map N times, into a few masks in turn), so that the GPU
 * pipeline can be compared with one image at a time. */
#include <stdlib.h>
#include <string.h>
#include "fill-contours.h"
#include "fill-regions.h"
#include "input.h"
#include "line-art-input.h"
#include "op.h"
#include "options.h"
#include "synthetic-contours.h"
#ifdef TESSERA_HAVE_CUDA
#include "tessera-cuda.h"
#endif

/* Masks a batch cycles through: enough that the pipeline never writes one
 * that is still in flight, few enough to fit in memory at 8K. */
#define BATCH_MASKS 4
#define MAX_BATCH 100000

typedef struct
{
  TesseraFillContours params;
  int                 batch;
  int                 shapes;      /* of the synthetic map; 0: by its size */
  TesseraImage        contours;
  TesseraImage        masks[BATCH_MASKS];
  TesseraImage       *batch_in;    /* BATCH views */
  TesseraImage       *batch_out;
  PnmFormat           format;
  /* The regions of line art. */
  bool                regions_mode;
  TesseraFillRegions  regions;
  TesseraLabels       labels;
  const char         *labels_path;
  int                 threshold;   /* contour: sample >= threshold */
  LineArtInput        art;
#ifdef TESSERA_HAVE_CUDA
  TesseraImage        device_contours;
  TesseraImage        device_mask;
#endif
} FillBench;

/* In the order of TesseraFillContoursMethod. */
static const char *const method_names[] = { "auto", "serial", "paper",
                                            "paper-gpu", "fast", NULL };

static void *
fill_create (void)
{
  FillBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    {
      bench->params = tessera_fill_contours_defaults ();
      bench->regions = tessera_fill_regions_defaults ();
      bench->batch = 1;
      bench->threshold = 0;
      bench->art.gap_max = 4;
      bench->art.cuts = 9;
    }
  return bench;
}

/* The options of the regions of line art and of generated line art. */
static BenchOptionResult
fill_parse_regions (FillBench *bench, const char *option, const char *value)
{
  int choice = 0;
  bool valid;

  if (strcmp (option, "--edge-regions") == 0
      || strcmp (option, "--to-centre") == 0
      || strcmp (option, "--antialiased") == 0)
    {
      if (option[2] == 'e')
        bench->regions.edge_regions = true;
      else if (option[2] == 't')
        bench->regions.to_centre = true;
      else
        bench->art.antialiased = true;
      bench->regions_mode |= option[2] != 'a';
      return BENCH_OPTION_FLAG;
    }
  if (strcmp (option, "--gap") == 0)
    valid = bench_int_value (option, value, 0, TESSERA_FILL_REGIONS_MAX_GAP,
                             &bench->regions.gap);
  else if (strcmp (option, "--min-region") == 0)
    valid = bench_int_value (option, value, 0, 1 << 30,
                             &bench->regions.min_region);
  else if (strcmp (option, "--bleed") == 0)
    valid = bench_int_value (option, value, 0, TESSERA_FILL_REGIONS_MAX_BLEED,
                             &bench->regions.bleed);
  else if (strcmp (option, "--labels") == 0)
    valid = (bench->labels_path = value) != NULL;
  else if (strcmp (option, "--line-art") == 0)
    {
      valid = bench_choice_value (option, value, line_art_kind_names,
                                  &choice);
      bench->art.kind = (LineArtKind) (choice + 1);
      return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
    }
  else if (strcmp (option, "--cuts") == 0)
    return bench_int_value (option, value, 0, 1 << 20, &bench->art.cuts)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--gap-max") == 0)
    return bench_int_value (option, value, 1, 64, &bench->art.gap_max)
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else if (strcmp (option, "--save-truth") == 0)
    return (bench->art.truth_path = value) != NULL
           ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
  else
    return BENCH_OPTION_UNKNOWN;
  bench->regions_mode = true;
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

static BenchOptionResult
fill_parse (void *state, const char *option, const char *value)
{
  FillBench *bench = state;
  int choice = 0;
  bool valid;

  if (strcmp (option, "--method") == 0)
    {
      valid = bench_choice_value (option, value, method_names, &choice);
      bench->params.method = (TesseraFillContoursMethod) choice;
    }
  else if (strcmp (option, "--connectivity") == 0)
    {
      static const char *const connectivities[] = { "4", "8", NULL };
      valid = bench_choice_value (option, value, connectivities, &choice);
      bench->params.connectivity = choice == 0 ? 4 : 8;
    }
  else if (strcmp (option, "--batch") == 0)
    valid = bench_int_value (option, value, 1, MAX_BATCH, &bench->batch);
  else if (strcmp (option, "--seeds") == 0)
    valid = bench_int_value (option, value, 0, 1 << 24, &bench->params.seeds);
  else if (strcmp (option, "--shapes") == 0)
    valid = bench_int_value (option, value, 1, 1 << 24, &bench->shapes);
  else if (strcmp (option, "--threshold") == 0)
    valid = bench_int_value (option, value, 1, 65535, &bench->threshold);
  else
    return fill_parse_regions (bench, option, value);
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

/* The synthetic map: 1000 shapes on 7680x4320, as many per pixel on
 * other sizes; lines 1 to 3 pixels thick. */
static TesseraStatus
draw_contours (FillBench *bench, const BenchConfig *config)
{
  int width = config->width > 0 ? config->width : 7680;
  int height = config->height > 0 ? config->height : 4320;
  TestRandom random = test_random_new (config->seed);
  int shapes = bench->shapes;
  TesseraStatus status = tessera_image_alloc (&bench->contours, width, height,
                                              1, TESSERA_U8);

  if (status != TESSERA_OK)
    return status;
  if (shapes == 0)
    shapes = 1 + (int) (1000.0 * width * height / (7680.0 * 4320.0));
  synthetic_contours_draw (&random, &bench->contours, shapes, 3);
  bench->format = (PnmFormat) { PNM_PGM, 255 };
  return bench_save_input (config, &bench->contours, &bench->format);
}

/* MAP's samples become 255 from THRESHOLD on, else 0. */
static void
threshold_map (TesseraImage *map, int threshold)
{
  for (int y = 0; y < map->height; y++)
    {
      uint8_t *row = tessera_image_row (map, y);
      for (int x = 0; x < map->width; x++)
        row[x] = row[x] >= threshold ? 255 : 0;
    }
}

static TesseraStatus
fill_prepare (void *state, const BenchConfig *config, BenchSize *size)
{
  FillBench *bench = state;
  const TesseraImage *contours = &bench->contours;
  TesseraStatus status;

  if (config->input_path != NULL)
    status = bench_input_image (config, 1, TESSERA_U8, &bench->contours,
                                &bench->format);
  else if (bench->art.kind != LINE_ART_NONE)
    {
      status = line_art_input (&bench->art, config, &bench->contours);
      bench->format = (PnmFormat) { PNM_PGM, 255 };
      /* Ink from half on is line, as the plug-in's default threshold. */
      if (bench->threshold == 0)
        bench->threshold = 128;
    }
  else
    status = draw_contours (bench, config);
  if (status != TESSERA_OK)
    return status;
  if (bench->threshold > 1)
    threshold_map (&bench->contours, bench->threshold);
  if (contours->channels != 1 || contours->type != TESSERA_U8)
    {
      fprintf (stderr, "tessera-bench: fill-contours wants an 8-bit "
               "one-channel map (a PGM)\n");
      return TESSERA_ERROR_UNSUPPORTED_FORMAT;
    }

  bench->batch_in = calloc ((size_t) bench->batch, sizeof *bench->batch_in);
  bench->batch_out = calloc ((size_t) bench->batch, sizeof *bench->batch_out);
  if (bench->batch_in == NULL || bench->batch_out == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (int i = 0; i < BATCH_MASKS && i < bench->batch; i++)
    if ((status = tessera_image_alloc (&bench->masks[i], contours->width,
                                       contours->height, 1, TESSERA_U8))
        != TESSERA_OK)
      return status;
  for (int i = 0; i < bench->batch; i++)
    {
      bench->batch_in[i] = *contours;
      bench->batch_out[i] = bench->masks[i % BATCH_MASKS];
    }

  size->width = contours->width;
  size->height = contours->height;
  if (bench->regions_mode || bench->labels_path != NULL)
    {
      bench->regions_mode = true;
      bench->regions.connectivity = bench->params.connectivity;
      status = tessera_labels_alloc (&bench->labels, contours->width,
                                     contours->height);
      if (status != TESSERA_OK)
        return status;
      return tessera_fill_regions_check (contours, &bench->labels, NULL,
                                         &bench->regions);
    }
  return tessera_fill_contours_check (contours, &bench->masks[0],
                                      &bench->params);
}

static TesseraStatus
fill_run (void *state, TesseraExec *exec)
{
  FillBench *bench = state;
  TesseraStatus status;

  if (!bench->regions_mode)
    return tessera_fill_contours_batch (bench->batch_in, bench->batch_out,
                                        bench->batch, &bench->params, exec);
  status = tessera_fill_regions (&bench->contours, &bench->labels, NULL,
                                 &bench->regions, exec);
  if (status == TESSERA_OK
      && (bench->regions.to_centre || bench->regions.bleed > 0))
    status = tessera_fill_regions_under_line (&bench->contours,
                                              &bench->labels,
                                              &bench->regions);
  return status;
}

/* The mask of the labelled pixels, for --output and the fields. */
static void
mask_from_labels (FillBench *bench)
{
  const TesseraLabels *labels = &bench->labels;
  for (int y = 0; y < labels->height; y++)
    {
      uint8_t *out = tessera_image_row (&bench->masks[0], y);
      const uint32_t *in = labels->label + (size_t) y * labels->width;
      for (int x = 0; x < labels->width; x++)
        out[x] = in[x] != 0 ? TESSERA_FILL_CONTOURS_INTERIOR : 0;
    }
}

#ifdef TESSERA_HAVE_CUDA
static TesseraStatus
fill_device_prepare (void *state)
{
  FillBench *bench = state;
  const TesseraImage *contours = &bench->contours;
  TesseraStatus status;

  status = tessera_cuda_image_alloc (&bench->device_contours, contours->width,
                                     contours->height, 1, TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_alloc (&bench->device_mask, contours->width,
                                       contours->height, 1, TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (contours, &bench->device_contours);
  return status;
}

/* One image.  PAPER on the GPU is the CPU's fill and the GPU's merge, with
 * no device-resident form: it runs from host memory, transfers included. */
static TesseraStatus
fill_device_run (void *state)
{
  FillBench *bench = state;
  TesseraExec exec = tessera_exec_default ();

  if (bench->params.method != TESSERA_FILL_CONTOURS_METHOD_PAPER)
    return tessera_cuda_fill_contours (&bench->device_contours,
                                       &bench->device_mask, &bench->params);
  exec.backend = TESSERA_BACKEND_CUDA;
  return tessera_fill_contours (&bench->contours, &bench->masks[0],
                                &bench->params, &exec);
}
#endif

#ifdef TESSERA_HAVE_CUDA
/* The regions of line art thin on the GPU and do the rest on the CPU:
 * only their host timing (transfers included) means anything. */
static bool
fill_host_only (void *state)
{
  const FillBench *bench = state;
  return bench->regions_mode;
}
#endif

static void
fill_print_fields (void *state, FILE *out)
{
  FillBench *bench = state;
  const TesseraImage *mask = &bench->masks[0];
  size_t interior = 0;

  if (bench->regions_mode)
    {
      mask_from_labels (bench);
      fprintf (out, " gap=%d edge_regions=%d min_region=%d to_centre=%d "
               "bleed=%d regions=%u", bench->regions.gap,
               bench->regions.edge_regions, bench->regions.min_region,
               bench->regions.to_centre, bench->regions.bleed,
               bench->labels.count);
      /* The labels of the last run, written here, once, after the timing. */
      if (bench->labels_path != NULL
          && line_art_write_labels (bench->labels_path, bench->labels.label,
                                    bench->labels.width, bench->labels.height,
                                    bench->labels.count) != TESSERA_OK)
        fprintf (out, " labels=failed");
    }
  for (int y = 0; y < mask->height; y++)
    {
      const uint8_t *row = tessera_image_row (mask, y);
      for (int x = 0; x < mask->width; x++)
        interior += row[x] == TESSERA_FILL_CONTOURS_INTERIOR;
    }
  fprintf (out, " method=%s connectivity=%d batch=%d interior=%zu",
           method_names[bench->params.method], bench->params.connectivity,
           bench->batch, interior);
}

/* 255 for the interior, the contour samples as they were, 0 elsewhere. */
static TesseraStatus
fill_write_output (void *state, const char *path)
{
  FillBench *bench = state;
  const TesseraImage *contours = &bench->contours;
  const TesseraImage *mask = &bench->masks[0];
  TesseraImage overlay;
  TesseraStatus status = tessera_image_alloc (&overlay, mask->width,
                                              mask->height, 1, TESSERA_U8);

  if (status != TESSERA_OK)
    return status;
  for (int y = 0; y < mask->height; y++)
    {
      const uint8_t *in = tessera_image_row (contours, y);
      const uint8_t *inside = tessera_image_row (mask, y);
      uint8_t *out = tessera_image_row (&overlay, y);
      for (int x = 0; x < mask->width; x++)
        out[x] = in[x] != 0 ? in[x] : inside[x];
    }
  status = bench_write_image (path, &overlay, &bench->format);
  tessera_image_free (&overlay);
  return status;
}

static void
fill_destroy (void *state)
{
  FillBench *bench = state;
#ifdef TESSERA_HAVE_CUDA
  if (bench->device_contours.data != NULL)
    tessera_cuda_image_free (&bench->device_contours);
  if (bench->device_mask.data != NULL)
    tessera_cuda_image_free (&bench->device_mask);
#endif
  for (int i = 0; i < BATCH_MASKS; i++)
    tessera_image_free (&bench->masks[i]);
  tessera_labels_free (&bench->labels);
  tessera_image_free (&bench->contours);
  free (bench->batch_in);
  free (bench->batch_out);
  free (bench);
}

const BenchOp bench_op_fill_contours = {
  .name = "fill-contours",
  .synopsis = "[--method serial|paper|paper-gpu|fast|auto] "
              "[--connectivity 4|8] [--batch N] [--seeds N] [--shapes N] "
              "[--threshold T] [--gap N] [--edge-regions] [--min-region A] "
              "[--to-centre] [--bleed N] [--labels FILE] "
              "[--line-art closed|gaps|bleed|hatching] [--antialiased] "
              "[--cuts N] [--gap-max N] [--save-truth FILE]",
  .help =
    "  --method M         serial (one flood from the border), paper (the\n"
    "                     paper's random-seed fill; on cuda: CPU fill + GPU\n"
    "                     merge), paper-gpu (GPU fill + GPU merge), fast\n"
    "                     (union-find of runs / GPU tiles) or auto (= fast)\n"
    "  --connectivity C   of the free pixels, 4 or 8 (default 4)\n"
    "  --batch N          images per timed run, through the batch call\n"
    "                     (default 1)\n"
    "  --seeds N          paper, paper-gpu: interior seeds (default 110 on\n"
    "                     the CPU, 32768 for the GPU fill)\n"
    "  --shapes N         shapes of the synthetic map (default 1000 on\n"
    "                     7680x4320, as dense on other sizes)\n"
    "  --threshold T      samples from T on are contour (default 1; 128\n"
    "                     for --line-art)\n"
    "  The regions of line art (core/fill-regions.h), with any of:\n"
    "  --gap N            close gaps of up to N pixels (default 0)\n"
    "  --edge-regions     the canvas edge closes regions\n"
    "  --min-region A     absorb regions under A pixels (default 0: off)\n"
    "  --to-centre        colour the line up to its centre (timed)\n"
    "  --bleed N          colour N pixels into the line (timed)\n"
    "  --labels FILE      16-bit PGM of the region numbers, 0 on the line\n"
    "                     and outside (before --to-centre / --bleed)\n"
    "  Generated line art (tests/reference/line-art.h), 640x480 unless\n"
    "  --width and --height say otherwise:\n"
    "  --line-art K       closed, gaps (--cuts N cuts of 1..--gap-max px,\n"
    "                     default 9 of 1..4), bleed (off the canvas) or\n"
    "                     hatching; --antialiased; --save-input writes the\n"
    "                     ink (255: full), --save-truth FILE the known\n"
    "                     regions as a 16-bit PGM\n"
    "  Input: a PGM, non-zero is contour.  Without --input: a synthetic map,\n"
    "  7680x4320 unless --width and --height say otherwise (--seed).\n"
    "  --output: 255 inside, the contour as it was, 0 elsewhere.\n",
  .create = fill_create,
  .parse = fill_parse,
  .prepare = fill_prepare,
  .run = fill_run,
#ifdef TESSERA_HAVE_CUDA
  .device_prepare = fill_device_prepare,
  .host_only = fill_host_only,
  .device_run = fill_device_run,
#endif
  .print_fields = fill_print_fields,
  .write_output = fill_write_output,
  .destroy = fill_destroy,
};
