/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench reconstruct: morphological reconstruction
 * (core/reconstruct.h).
 *
 * --input is the mask and --marker the marker.  Without --marker the marker
 * is the mask moved by --h towards the operation's bottom (mask - h for
 * dilation, mask + h for erosion, clamped): the h-dome (h-basin) case.
 * Without --input the mask is smooth noise (features of --scale pixels) of
 * --width x --height, 4096x4096 u8 unless given: a case where values
 * travel far.  --save-input and --save-marker write what was used, for the
 * peers (bench/peers/reconstruct_peers.py).  --luminance reconstructs an RGB
 * image (3 channels unless --channels says) on its luminance. */
#include <stdlib.h>
#include <string.h>
#include "input.h"
#include "luminance.h"
#include "op.h"
#include "options.h"
#include "reconstruct.h"
#include "smooth-noise.h"
#ifdef TESSERA_HAVE_CUDA
#include "tessera-cuda.h"
#endif

typedef struct
{
  TesseraReconstruct params;
  const char        *marker_path;
  const char        *save_marker_path;
  double             h;            /* in sample units (floats: as given) */
  int                scale;
  TesseraImage       mask;
  TesseraImage       marker;
  TesseraImage       dst;
  PnmFormat          format;
  size_t             clipped;
#ifdef TESSERA_HAVE_CUDA
  TesseraReconstruct device_params;  /* per channel: on luminance, the
                                        device gets the luminance */
  TesseraImage       device_mask;
  TesseraImage       device_marker;
  TesseraImage       device_dst;
#endif
} ReconstructBench;

/* In the order of the enums. */
static const char *const method_names[] = { "auto", "hybrid", "parallel",
                                            NULL };
static const char *const operation_names[] = { "dilation", "erosion", NULL };
static const char *const colour_names[] = { "per-channel", "luminance",
                                            NULL };

static void *
reconstruct_create (void)
{
  ReconstructBench *bench = calloc (1, sizeof *bench);
  if (bench != NULL)
    {
      bench->params = tessera_reconstruct_default ();
      bench->h = 40;
      bench->scale = 64;
    }
  return bench;
}

static BenchOptionResult
reconstruct_parse (void *state, const char *option, const char *value)
{
  ReconstructBench *bench = state;
  int choice = 0;
  bool valid;

  if (strcmp (option, "--method") == 0)
    {
      valid = bench_choice_value (option, value, method_names, &choice);
      bench->params.method = (TesseraReconstructMethod) choice;
    }
  else if (strcmp (option, "--operation") == 0)
    {
      valid = bench_choice_value (option, value, operation_names, &choice);
      bench->params.operation = (TesseraReconstructOperation) choice;
    }
  else if (strcmp (option, "--connectivity") == 0)
    {
      static const char *const connectivities[] = { "4", "8", NULL };
      valid = bench_choice_value (option, value, connectivities, &choice);
      bench->params.connectivity = choice == 0 ? 4 : 8;
    }
  else if (strcmp (option, "--h") == 0)
    valid = bench_double_value (option, value, 0, 1e30, &bench->h);
  else if (strcmp (option, "--scale") == 0)
    valid = bench_int_value (option, value, 1, 1 << 20, &bench->scale);
  else if (strcmp (option, "--marker") == 0)
    valid = (bench->marker_path = value) != NULL;
  else if (strcmp (option, "--save-marker") == 0)
    valid = (bench->save_marker_path = value) != NULL;
  else if (strcmp (option, "--luminance") == 0)
    {
      bench->params.colour = TESSERA_RECONSTRUCT_LUMINANCE;
      return BENCH_OPTION_FLAG;
    }
  else
    return BENCH_OPTION_UNKNOWN;
  if (!valid && value == NULL)
    fprintf (stderr, "tessera-bench: %s needs a value\n", option);
  return valid ? BENCH_OPTION_VALUE : BENCH_OPTION_INVALID;
}

static TesseraStatus
make_mask (ReconstructBench *bench, const BenchConfig *config)
{
  int width = config->width > 0 ? config->width : 4096;
  int height = config->height > 0 ? config->height : 4096;
  int channels = config->channels > 0 ? config->channels
                 : bench->params.colour == TESSERA_RECONSTRUCT_LUMINANCE ? 3
                 : 1;
  TesseraSampleType type = config->type >= 0 ? config->type : TESSERA_U8;
  TesseraStatus status = tessera_image_alloc (&bench->mask, width, height,
                                              channels, type);

  if (status != TESSERA_OK)
    return status;
  smooth_noise_fill (&bench->mask, config->seed, bench->scale);
  /* PGM where one channel fits, as the peers read it most simply. */
  bench->format = pnm_format_like (&bench->mask,
                                   &(PnmFormat) { PNM_PGM, 255 });
  return bench_save_input (config, &bench->mask, &bench->format);
}

/* The h-dome marker: each sample moved by H towards the bottom. */
static double
shifted (double v, double h, double bottom)
{
  if (bottom < v)
    return v - h > bottom ? v - h : bottom;
  return v + h < bottom ? v + h : bottom;
}

static TesseraStatus
make_marker (ReconstructBench *bench)
{
  const TesseraImage *mask = &bench->mask;
  bool erosion = bench->params.operation == TESSERA_RECONSTRUCT_EROSION;
  int samples = mask->width * mask->channels;
  TesseraStatus status = tessera_image_alloc (&bench->marker, mask->width,
                                              mask->height, mask->channels,
                                              mask->type);
  if (status != TESSERA_OK)
    return status;
  for (int y = 0; y < mask->height; y++)
    {
      const void *in = tessera_image_row (mask, y);
      void *out = tessera_image_row (&bench->marker, y);
      for (int i = 0; i < samples; i++)
        switch (mask->type)
          {
          case TESSERA_U8:
            ((uint8_t *) out)[i] = (uint8_t) shifted (((const uint8_t *) in)[i],
                                                      bench->h,
                                                      erosion ? 255 : 0);
            break;
          case TESSERA_U16:
            ((uint16_t *) out)[i] =
              (uint16_t) shifted (((const uint16_t *) in)[i], bench->h,
                                  erosion ? 65535 : 0);
            break;
          case TESSERA_F32:
            ((float *) out)[i] = (float) (((const float *) in)[i]
                                          + (erosion ? bench->h : -bench->h));
            break;
          }
    }
  if (bench->save_marker_path == NULL)
    return TESSERA_OK;
  return bench_write_image (bench->save_marker_path, &bench->marker,
                            &bench->format);
}

static TesseraStatus
reconstruct_prepare (void *state, const BenchConfig *config, BenchSize *size)
{
  ReconstructBench *bench = state;
  const TesseraImage *mask = &bench->mask;
  TesseraStatus status;
  PnmFormat marker_format;

  if (config->input_path != NULL)
    status = bench_input_image (config, 1, TESSERA_U8, &bench->mask,
                                &bench->format);
  else
    status = make_mask (bench, config);
  if (status != TESSERA_OK)
    return status;
  if (bench->marker_path != NULL)
    status = bench_read_image (bench->marker_path, &bench->marker,
                               &marker_format);
  else
    status = make_marker (bench);
  if (status != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (mask, &bench->marker))
    {
      fprintf (stderr, "tessera-bench: the marker and the mask differ in "
               "size, channels or depth\n");
      return TESSERA_ERROR_INVALID_ARGUMENT;
    }
  status = tessera_image_alloc (&bench->dst, mask->width, mask->height,
                                mask->channels, mask->type);
  if (status != TESSERA_OK)
    return status;
  size->width = mask->width;
  size->height = mask->height;
  return tessera_reconstruct_check (mask, &bench->marker, &bench->dst,
                                    &bench->params);
}

static TesseraStatus
reconstruct_run (void *state, TesseraExec *exec)
{
  ReconstructBench *bench = state;
  return tessera_reconstruct (&bench->mask, &bench->marker, &bench->dst,
                              &bench->params, exec, &bench->clipped);
}

#ifdef TESSERA_HAVE_CUDA
/* HOST[0] and HOST[1] become the luminance of the mask and the marker. */
static TesseraStatus
luminance_inputs (const ReconstructBench *bench, TesseraImage host[2])
{
  const TesseraImage *inputs[] = { &bench->mask, &bench->marker };
  TesseraStatus status = TESSERA_OK;

  for (int i = 0; i < 2 && status == TESSERA_OK; i++)
    {
      status = tessera_image_alloc (&host[i], inputs[i]->width,
                                    inputs[i]->height, 1, inputs[i]->type);
      if (status == TESSERA_OK)
        tessera_luminance (inputs[i], &host[i], NULL);
    }
  return status;
}

/* On luminance the device part is the luminance's reconstruction: the
 * CPU's steps around it only count in e2e_ms. */
static TesseraStatus
reconstruct_device_prepare (void *state)
{
  ReconstructBench *bench = state;
  TesseraImage *images[] = { &bench->device_mask, &bench->device_marker,
                             &bench->device_dst };
  TesseraImage luminance[2] = { { 0 }, { 0 } };
  const TesseraImage *mask = &bench->mask, *marker = &bench->marker;
  TesseraStatus status = TESSERA_OK;

  bench->device_params = bench->params;
  bench->device_params.colour = TESSERA_RECONSTRUCT_PER_CHANNEL;
  if (bench->params.colour == TESSERA_RECONSTRUCT_LUMINANCE
      && mask->channels - bench->params.has_alpha == 3)
    {
      status = luminance_inputs (bench, luminance);
      mask = &luminance[0];
      marker = &luminance[1];
    }
  for (int i = 0; i < 3 && status == TESSERA_OK; i++)
    status = tessera_cuda_image_alloc (images[i], mask->width, mask->height,
                                       mask->channels, mask->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (mask, &bench->device_mask);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (marker, &bench->device_marker);
  tessera_image_free (&luminance[0]);
  tessera_image_free (&luminance[1]);
  return status;
}

static TesseraStatus
reconstruct_device_run (void *state)
{
  ReconstructBench *bench = state;
  return tessera_cuda_reconstruct (&bench->device_mask, &bench->device_marker,
                                   &bench->device_dst, &bench->device_params,
                                   NULL);
}
#endif

static void
reconstruct_print_fields (void *state, FILE *out)
{
  ReconstructBench *bench = state;
  uint64_t checksum = 0;
  size_t row = tessera_pixel_size (&bench->dst) * bench->dst.width;

  /* FNV-1a of the result, to compare runs and backends at a glance. */
  for (int y = 0; y < bench->dst.height; y++)
    {
      const uint8_t *bytes = tessera_image_row (&bench->dst, y);
      for (size_t i = 0; i < row; i++)
        checksum = (checksum ^ bytes[i]) * 0x100000001b3ull;
    }
  fprintf (out, " method=%s operation=%s connectivity=%d colour=%s "
           "clipped=%zu checksum=%016llx", method_names[bench->params.method],
           operation_names[bench->params.operation],
           bench->params.connectivity, colour_names[bench->params.colour],
           bench->clipped, (unsigned long long) checksum);
}

static TesseraStatus
reconstruct_write_output (void *state, const char *path)
{
  ReconstructBench *bench = state;
  return bench_write_image (path, &bench->dst, &bench->format);
}

static void
reconstruct_destroy (void *state)
{
  ReconstructBench *bench = state;
#ifdef TESSERA_HAVE_CUDA
  TesseraImage *images[] = { &bench->device_mask, &bench->device_marker,
                             &bench->device_dst };
  for (int i = 0; i < 3; i++)
    if (images[i]->data != NULL)
      tessera_cuda_image_free (images[i]);
#endif
  tessera_image_free (&bench->mask);
  tessera_image_free (&bench->marker);
  tessera_image_free (&bench->dst);
  free (bench);
}

const BenchOp bench_op_reconstruct = {
  .name = "reconstruct",
  .synopsis = "[--marker FILE] [--operation dilation|erosion] "
              "[--connectivity 4|8] [--method auto|hybrid|parallel] [--h H] "
              "[--scale S] [--save-marker FILE] [--luminance]",
  .help =
    "  --input FILE       the mask (without it: smooth noise, 4096x4096 u8\n"
    "                     unless --width, --height, --type, --channels say)\n"
    "  --marker FILE      the marker (without it: the mask moved by --h\n"
    "                     towards the bottom, the h-dome case)\n"
    "  --operation OP     dilation or erosion (default dilation)\n"
    "  --connectivity C   4 or 8 (default 8)\n"
    "  --method M         the CPU's way: hybrid (Vincent's, serial),\n"
    "                     parallel (strips, one per thread) or auto\n"
    "                     (default auto; the GPU has one way)\n"
    "  --h H              the marker's depth below the mask (default 40)\n"
    "  --scale S          the smooth noise's feature size (default 64)\n"
    "  --save-marker FILE writes the marker used (with --save-input, the\n"
    "                     inputs for bench/peers/reconstruct_peers.py)\n"
    "  --luminance        an RGB image on its luminance (made inputs get 3\n"
    "                     channels); on the GPU the device-resident time is\n"
    "                     the luminance's reconstruction, the CPU's steps\n"
    "                     around it count in e2e_ms\n",
  .create = reconstruct_create,
  .parse = reconstruct_parse,
  .prepare = reconstruct_prepare,
  .run = reconstruct_run,
#ifdef TESSERA_HAVE_CUDA
  .device_prepare = reconstruct_device_prepare,
  .device_run = reconstruct_device_run,
#endif
  .print_fields = reconstruct_print_fields,
  .write_output = reconstruct_write_output,
  .destroy = reconstruct_destroy,
};
