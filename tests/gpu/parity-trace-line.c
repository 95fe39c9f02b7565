/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — Trace Line: the CUDA search returns the CPU's
 * polyline and value to the bit (both sum with core/trace-sample.h), on
 * synthetic roads, both objectives, every option of issue 23 drawn at
 * random (trace_reference_random_options). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "note-fallback.h"
#include "parity.h"
#include "synthetic-road.h"
#include "trace-line.h"
#include "trace-line-ref.h"

/* The search on BACKEND; a GPU failure is returned, not hidden by the
 * fallback. */
static TesseraStatus
search_on (TesseraBackend backend, const TesseraGradient *g, TesseraPoint a,
           TesseraPoint b, const TesseraTrace *params, TesseraPoint *path,
           double *value)
{
  TesseraStatus fallback = TESSERA_OK, status;
  TesseraExec exec = tessera_exec_default ();

  exec.backend = backend;
  exec.fallback = note_fallback;
  exec.user_data = &fallback;
  status = tessera_trace_line (g, a, b, params, path, value, &exec);
  return fallback != TESSERA_OK ? fallback : status;
}

static TesseraStatus
road_gradient (TestRandom *r, TesseraGradient *g, TesseraPoint *a,
               TesseraPoint *b)
{
  TesseraImage image;
  SyntheticRoad road;
  TesseraStatus status = tessera_image_alloc (&image, test_random_int (r, 200, 700),
                                              test_random_int (r, 120, 400), 3,
                                              TESSERA_U8);
  if (status != TESSERA_OK)
    return status;
  road = synthetic_road_new (r, image.width, image.height);
  synthetic_road_draw (&road, r, &image);
  a->x = 0.05 * image.width;
  b->x = 0.95 * image.width;
  a->y = synthetic_road_edge (&road, a->x);
  b->y = synthetic_road_edge (&road, b->x);
  status = tessera_gradient_compute (&image, 0, 0, image.width, image.height,
                                     1.5, g, NULL);
  tessera_image_free (&image);
  return status;
}

void
parity_trace_line (Parity *p)
{
  for (int c = 0; c < p->cases; c++)
    {
      TestRandom *r = &p->random;
      TesseraTrace params = { 0 };
      TesseraPoint a, b, cpu_path[TESSERA_TRACE_MAX_NODES + 2],
                   gpu_path[TESSERA_TRACE_MAX_NODES + 2];
      TesseraGradient g;
      double cpu_value = 0.0, gpu_value = 0.0;
      TesseraStatus cpu, gpu;
      bool same;

      params.nodes = test_random_int (r, 2, 10);
      params.points = test_random_int (r, 1, 400);
      params.half_width = 40.0 * test_random_double (r);
      params.max_angle = test_random_int (r, 0, 3)
                         ? 10.0 + 60.0 * test_random_double (r) : 180.0;
      params.objective = test_random_int (r, 0, 1);
      params.threshold = 0.05 * test_random_double (r);
      trace_reference_random_options (r, &params);
      if (road_gradient (r, &g, &a, &b) != TESSERA_OK)
        {
          parity_result (p, false, "", "trace case %d: no memory", c);
          continue;
        }
      cpu = search_on (TESSERA_BACKEND_CPU, &g, a, b, &params, cpu_path, &cpu_value);
      gpu = search_on (TESSERA_BACKEND_CUDA, &g, a, b, &params, gpu_path, &gpu_value);
      same = cpu == gpu && (cpu != TESSERA_OK || cpu_value == gpu_value);
      for (int i = 0; same && cpu == TESSERA_OK && i < params.nodes + 2; i++)
        same = cpu_path[i].x == gpu_path[i].x && cpu_path[i].y == gpu_path[i].y;
      {
        char detail[160];
        snprintf (detail, sizeof detail,
                  "cpu status %d value %.9g, gpu status %d value %.9g",
                  cpu, cpu_value, gpu, gpu_value);
        parity_result (p, same, same ? "" : detail,
                       "trace %d guides x %d points, L %.1f, angle %.0f, %s, "
                       "reach %.2f, mean %d, polarity %d, ends %d%d, "
                       "line width %.1f",
                       params.nodes, params.points, params.half_width,
                       params.max_angle,
                       params.objective ? "sine" : "gradient", params.reach,
                       params.mean, params.ends.polarity, params.ends.bound_a,
                       params.ends.bound_b, params.line_width);
      }
      tessera_gradient_free (&g);
    }
}
