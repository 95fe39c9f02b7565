/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — times the CUDA box blur's two methods and the fused kernel's
 * shapes on device-resident images (CUDA events, median and minimum of
 * --repeat runs after 3 warm-ups), for tuning and for bench/RESULTS.md.
 * Prints one line per configuration:
 *
 *   box-blur-timing TYPExCHANNELS[ alpha] WxH rx=R ry=R it=K METHOD
 *     threads=T rows=R median_ms=… min_ms=… gb_s=…
 *
 * where gb_s counts one read of the input and one write of the output.
 *
 *   box-blur-timing [--width W] [--height H] [--repeat N] [--sweep] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur.h"
#include "random.h"
#include "tessera-cuda.h"

typedef struct
{
  TesseraSampleType type;
  int               channels;
  bool              alpha;
  int               radius;
  int               iterations;
  TesseraBoxBlurMethod method;
  int               threads;     /* 0: the default shape */
  int               tile_rows;
  bool              host;        /* host images: transfers included */
} Config;

typedef struct
{
  TesseraImage   src, dst;
  TesseraBoxBlur params;
  int            threads, tile_rows;
} Run;

static TesseraStatus
run_blur (void *arg)
{
  Run *run = arg;
  return tessera_cuda_box_blur_shaped (&run->src, &run->dst, &run->params,
                                       run->threads, run->tile_rows);
}

static const char *const type_names[] = { "u8", "u16", "f32" };
static const char *const method_names[] = { "auto", "sat-tiles", "fused" };

static int
time_config (const Config *config, int width, int height, int repeat)
{
  TestRandom random = test_random_new (42);
  TesseraImage host_src, host_dst;
  Run run;
  double median = 0.0, least = 0.0;
  TesseraStatus status;

  memset (&run, 0, sizeof run);
  status = tessera_image_alloc (&host_src, width, height, config->channels,
                                config->type);
  if (status == TESSERA_OK)
    status = tessera_image_alloc (&host_dst, width, height, config->channels,
                                  config->type);
  if (status != TESSERA_OK)
    {
      fprintf (stderr, "box-blur-timing: %s\n", tessera_status_message (status));
      return 1;
    }
  test_random_fill (&random, &host_src, 0);
  run.params.radius_x = run.params.radius_y = config->radius;
  run.params.iterations = config->iterations;
  run.params.has_alpha = config->alpha;
  run.params.method = config->method;
  run.threads = config->threads;
  run.tile_rows = config->tile_rows;
  if (config->host)
    {
      run.src = host_src;
      run.dst = host_dst;
    }
  else
    {
      status = tessera_cuda_image_alloc (&run.src, width, height,
                                         config->channels, config->type);
      if (status == TESSERA_OK)
        status = tessera_cuda_image_alloc (&run.dst, width, height,
                                           config->channels, config->type);
      if (status == TESSERA_OK)
        status = tessera_cuda_image_upload (&host_src, &run.src);
    }
  if (status == TESSERA_OK)
    status = tessera_cuda_time (run_blur, &run, 3, repeat, &median, &least);

  printf ("box-blur-timing %sx%d%s %dx%d rx=%d ry=%d it=%d %s threads=%d "
          "rows=%d%s", type_names[config->type], config->channels,
          config->alpha ? " alpha" : "", width, height, config->radius,
          config->radius, config->iterations, method_names[config->method],
          config->threads, config->tile_rows, config->host ? " e2e" : "");
  if (status == TESSERA_OK)
    printf (" median_ms=%.4f min_ms=%.4f gb_s=%.1f\n", median, least,
            2.0 * tessera_pixel_size (&host_src) * width * height
            / (median * 1e6));
  else
    printf (" error=\"%s\"\n", tessera_status_message (status));
  fflush (stdout);

  if (!config->host)
    {
      if (run.src.data != NULL)
        tessera_cuda_image_free (&run.src);
      if (run.dst.data != NULL)
        tessera_cuda_image_free (&run.dst);
    }
  tessera_image_free (&host_src);
  tessera_image_free (&host_dst);
  return status == TESSERA_OK ? 0 : 1;
}

int
main (int argc, char **argv)
{
  const TesseraBoxBlurMethod FUSED = TESSERA_BOX_BLUR_METHOD_FUSED;
  const TesseraBoxBlurMethod SAT = TESSERA_BOX_BLUR_METHOD_SAT_TILES;
  const Config main_configs[] = {
    { TESSERA_U8, 4, true, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, true, 25, 1, SAT, 0, 0, false },
    { TESSERA_F32, 4, true, 25, 1, FUSED, 0, 0, false },
    { TESSERA_F32, 4, true, 25, 1, SAT, 0, 0, false },
    /* Floats: the row ring against the register walk (a shape forces it). */
    { TESSERA_F32, 4, true, 25, 1, FUSED, 256, 0, false },
    { TESSERA_F32, 4, true, 5, 1, FUSED, 0, 0, false },
    { TESSERA_F32, 4, true, 5, 1, FUSED, 256, 0, false },
    { TESSERA_F32, 4, true, 15, 1, FUSED, 0, 0, false },
    { TESSERA_F32, 4, true, 15, 1, FUSED, 256, 0, false },
    { TESSERA_F32, 4, true, 30, 1, FUSED, 0, 0, false },
    { TESSERA_F32, 4, true, 30, 1, FUSED, 256, 0, false },
    { TESSERA_F32, 4, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_F32, 4, true, 25, 3, FUSED, 0, 0, false },
    { TESSERA_F32, 4, true, 100, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, true, 5, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, true, 100, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, true, 500, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, true, 500, 1, SAT, 0, 0, false },
    { TESSERA_U8, 4, true, 25, 3, FUSED, 0, 0, false },
    { TESSERA_U8, 3, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 1, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U16, 4, true, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U16, 4, true, 100, 1, FUSED, 0, 0, false },
    { TESSERA_U16, 3, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U16, 1, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_F32, 1, false, 25, 1, FUSED, 0, 0, false },
    { TESSERA_U8, 4, true, 25, 1, FUSED, 0, 0, true },
  };
  static const int sweep_threads[] = { 128, 256 };
  static const int sweep_rows[] = { 0, 96, 192 };
  int width = 7680, height = 4320, repeat = 30, failures = 0;
  bool sweep = false;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--width") == 0 && i + 1 < argc)
        width = atoi (argv[++i]);
      else if (strcmp (argv[i], "--height") == 0 && i + 1 < argc)
        height = atoi (argv[++i]);
      else if (strcmp (argv[i], "--repeat") == 0 && i + 1 < argc)
        repeat = atoi (argv[++i]);
      else if (strcmp (argv[i], "--sweep") == 0)
        sweep = true;
      else
        {
          fprintf (stderr, "usage: %s [--width W] [--height H] [--repeat N] "
                   "[--sweep]\n", argv[0]);
          return 2;
        }
    }
  if (tessera_cuda_probe () != TESSERA_OK)
    {
      fprintf (stderr, "box-blur-timing: %s\n",
               tessera_status_message (tessera_cuda_probe ()));
      return 77;
    }

  for (size_t i = 0; i < sizeof main_configs / sizeof main_configs[0]; i++)
    failures += time_config (&main_configs[i], width, height, repeat);
  if (sweep)
    for (size_t t = 0; t < sizeof sweep_threads / sizeof sweep_threads[0]; t++)
      for (size_t r = 0; r < sizeof sweep_rows / sizeof sweep_rows[0]; r++)
        {
          static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_F32 };
          for (int k = 0; k < 2; k++)
            {
              Config c = { types[k], 4, true, 25, 1, FUSED, sweep_threads[t],
                           sweep_rows[r], false };
              failures += time_config (&c, width, height, repeat);
            }
        }
  return failures > 0 ? 1 : 0;
}
