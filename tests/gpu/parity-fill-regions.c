/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — the regions of line art (core/fill-regions.h):
 * the skeleton of gap closing thinned on the GPU against the CPU's, on
 * thick strokes, noise and edge sizes, and the whole call (every option,
 * gap closing alone, none; 4- or 8-connected), exactly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fill-regions.h"
#include "line-art.h"
#include "parity.h"
#include "skeleton.h"
#include "synthetic-contours.h"
#include "tessera-cuda.h"

/* One random map thinned by the CPU and by the GPU. */
static void
skeleton_case (Parity *p, int width, int height)
{
  size_t pixels = (size_t) width * height;
  TesseraImage contours;
  uint8_t *line = malloc (pixels), *want = malloc (pixels),
          *got = malloc (pixels);
  Map cpu_map = { line, want, width, height },
      gpu_map = { line, got, width, height };
  Candidates cpu_list = { NULL, 0, 0 }, gpu_list = { NULL, 0, 0 };
  TesseraExec cpu = tessera_exec_default (), gpu = tessera_exec_default ();
  TesseraStatus status = TESSERA_ERROR_OUT_OF_MEMORY;
  char detail[160] = "";
  bool ok;

  cpu.backend = TESSERA_BACKEND_CPU;
  gpu.backend = TESSERA_BACKEND_CUDA;
  if (line != NULL && want != NULL && got != NULL
      && parity_image_alloc (&contours, width, height, 1, TESSERA_U8, false)
           == TESSERA_OK)
    {
      if (test_random_int (&p->random, 0, 3) == 0)
        synthetic_contours_noise (&p->random, &contours,
                                  0.2 + 0.6 * test_random_double (&p->random));
      else
        synthetic_contours_draw (&p->random, &contours,
                                 test_random_int (&p->random, 1, 40),
                                 test_random_int (&p->random, 1, 9));
      for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
          line[(size_t) y * width + x]
            = ((const uint8_t *) contours.data)[(size_t) y * contours.stride
                                                + x] != 0;
      free (contours.data);
      status = skeleton_thin (&cpu_map, &cpu, &cpu_list);
      if (status == TESSERA_OK)
        status = skeleton_thin (&gpu_map, &gpu, &gpu_list);
    }
  ok = status == TESSERA_OK && gpu.backend_used == TESSERA_BACKEND_CUDA
       && memcmp (want, got, pixels) == 0 && cpu_list.count == gpu_list.count
       && memcmp (cpu_list.at, gpu_list.at,
                  cpu_list.count * sizeof *cpu_list.at) == 0;
  if (!ok)
    snprintf (detail, sizeof detail, "%s, backend used %s, %zu/%zu pixels",
              tessera_status_message (status),
              tessera_backend_name (gpu.backend_used), gpu_list.count,
              cpu_list.count);
  parity_result (p, ok, detail, "skeleton %dx%d", width, height);
  free (cpu_list.at);
  free (gpu_list.at);
  free (line);
  free (want);
  free (got);
}

/* The whole call: a CUDA request runs on the GPU (backend_used says so)
 * and gives the CPU's labels exactly; OPTIONS as the bench's: every option
 * on (the absorbing then runs on the host), gap closing alone (every
 * step after the ends on the device), or none. */
enum { EVERY_OPTION, GAP_ONLY, NO_OPTION };

static void
regions_case (Parity *p, int width, int height, int options)
{
  LineArtParams art_params = { 1, 5, true, width / 8, 1, 4, true, true };
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraExec cpu = tessera_exec_default (), gpu = tessera_exec_default ();
  TesseraImage ink, map;
  TesseraLabels want, got;
  TesseraStatus status;
  LineArt *art;
  char detail[160] = "";
  bool ok;

  params.gap = options != NO_OPTION ? 5 : 0;
  params.edge_regions = options == EVERY_OPTION;
  params.min_region = options == EVERY_OPTION ? 30 : 0;
  params.to_centre = options == EVERY_OPTION;
  params.connectivity = test_random_int (&p->random, 0, 3) == 0 ? 8 : 4;
  cpu.backend = TESSERA_BACKEND_CPU;
  gpu.backend = TESSERA_BACKEND_CUDA;
  if (parity_image_alloc (&ink, width, height, 1, TESSERA_U8, false)
        != TESSERA_OK
      || parity_image_alloc (&map, width, height, 1, TESSERA_U8, true)
           != TESSERA_OK
      || tessera_labels_alloc (&want, width, height) != TESSERA_OK
      || tessera_labels_alloc (&got, width, height) != TESSERA_OK)
    {
      parity_result (p, false, "out of memory", "fill-regions %dx%d", width,
                     height);
      return;
    }
  art = line_art_new (&p->random, width, height, &art_params);
  line_art_render (art, &ink, true);
  line_art_threshold (&ink, &map);
  line_art_free (art);
  status = tessera_fill_regions (&map, &want, NULL, &params, &cpu);
  if (status == TESSERA_OK)
    status = tessera_fill_regions_under_line (&map, &want, &params);
  if (status == TESSERA_OK)
    status = tessera_fill_regions (&map, &got, NULL, &params, &gpu);
  if (status == TESSERA_OK)
    status = tessera_fill_regions_under_line (&map, &got, &params);
  ok = status == TESSERA_OK && gpu.backend_used == TESSERA_BACKEND_CUDA
       && want.count == got.count
       && memcmp (want.label, got.label,
                  (size_t) width * height * sizeof *want.label) == 0;
  if (!ok)
    snprintf (detail, sizeof detail, "%s, backend used %s, %u/%u regions",
              tessera_status_message (status),
              tessera_backend_name (gpu.backend_used), got.count, want.count);
  parity_result (p, ok, detail, "fill-regions %dx%d, %s, %d-connected",
                 width, height, options == EVERY_OPTION ? "every option"
                 : options == GAP_ONLY ? "gap 5" : "no option",
                 params.connectivity);
  tessera_labels_free (&want);
  tessera_labels_free (&got);
  free (ink.data);
  free (map.data);
}

void
parity_fill_regions (Parity *p)
{
  static const int edge_sizes[][2] = {
    { 1, 1 }, { 1, 40 }, { 40, 1 }, { 2, 2 }, { 3, 3 }, { 31, 33 },
    { 33, 31 }, { 65, 97 }
  };

  for (size_t i = 0; i < sizeof edge_sizes / sizeof edge_sizes[0]; i++)
    skeleton_case (p, edge_sizes[i][0], edge_sizes[i][1]);
  for (int i = 0; i < p->cases; i++)
    skeleton_case (p, test_random_side (&p->random, 700),
                   test_random_side (&p->random, 500));
  for (int options = EVERY_OPTION; options <= NO_OPTION; options++)
    {
      regions_case (p, 640, 480, options);
      regions_case (p, test_random_int (&p->random, 64, 700),
                    test_random_int (&p->random, 64, 500), options);
    }
  regions_case (p, 4000, 3000, EVERY_OPTION);
  regions_case (p, 4000, 3000, GAP_ONLY);
}
