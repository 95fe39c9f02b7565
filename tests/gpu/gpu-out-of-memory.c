/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU test — out of GPU memory.  With all but a sliver of the
 * device's memory taken (device images allocated until none fits), each of
 * the six operations, asked for the CUDA backend through the core API,
 * must still succeed: on the CPU, after telling its fallback callback of a
 * GPU failure, with the CPU's own result.  Once the memory is given back,
 * the same calls must run on the GPU again and agree with the CPU (a failed
 * allocation leaves the device usable).
 *
 *   gpu-out-of-memory          TAP on stdout; exit 77 without a usable GPU */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur.h"
#include "emst-ref.h"
#include "emst.h"
#include "fill-contours.h"
#include "fill-regions.h"
#include "gradient.h"
#include "note-fallback.h"
#include "random.h"
#include "reconstruct.h"
#include "synthetic-contours.h"
#include "synthetic-road.h"
#include "tessera-cuda.h"
#include "trace-line.h"

#define WIDTH 1024
#define HEIGHT 768
#define EMST_POINTS 50000
#define TRACE_NODES 6

/* What the operations read, made once. */
typedef struct
{
  TesseraImage    rgba;       /* RGBA u8 noise */
  TesseraImage    mask;       /* gray u8 noise */
  TesseraImage    marker;     /* the mask, lowered here and there */
  TesseraImage    contours;   /* closed shapes */
  float          *points;     /* EMST_POINTS (x, y, z) */
  TesseraGradient road;       /* the gradient of a synthetic road */
  TesseraPoint    a, b;       /* the road's ends */
} Inputs;

/* What the trace writes. */
typedef struct
{
  TesseraPoint path[TRACE_NODES + 2];
  double       value;
} TraceResult;

typedef struct
{
  const char    *name;
  size_t       (*out_bytes) (void);
  TesseraStatus (*run) (const Inputs *in, void *out, TesseraExec *exec);
} Operation;

static size_t
image_bytes (void)
{
  return (size_t) WIDTH * HEIGHT;
}

static size_t
rgba_bytes (void)
{
  return 4 * image_bytes ();
}

static size_t
edge_bytes (void)
{
  return (EMST_POINTS - 1) * sizeof (TesseraEmstEdge);
}

static size_t
trace_bytes (void)
{
  return sizeof (TraceResult);
}

static TesseraStatus
run_box_blur (const Inputs *in, void *out, TesseraExec *exec)
{
  TesseraBoxBlur params = { 7, 5, 1, true, TESSERA_BOX_BLUR_METHOD_AUTO };
  TesseraImage dst = tessera_image_view (out, WIDTH, HEIGHT, 4, TESSERA_U8);
  return tessera_box_blur (&in->rgba, &dst, &params, exec);
}

static TesseraStatus
run_reconstruct (const Inputs *in, void *out, TesseraExec *exec)
{
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraImage dst = tessera_image_view (out, WIDTH, HEIGHT, 1, TESSERA_U8);
  return tessera_reconstruct (&in->mask, &in->marker, &dst, &params, exec,
                              NULL);
}

static TesseraStatus
run_fill_contours (const Inputs *in, void *out, TesseraExec *exec)
{
  TesseraFillContours params = tessera_fill_contours_defaults ();
  TesseraImage interior = tessera_image_view (out, WIDTH, HEIGHT, 1,
                                              TESSERA_U8);
  return tessera_fill_contours (&in->contours, &interior, &params, exec);
}

/* The regions of the closed shapes with gap closing: the whole chain's
 * device buffers. */
static TesseraStatus
run_fill_regions (const Inputs *in, void *out, TesseraExec *exec)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraLabels labels = { out, WIDTH, HEIGHT, 0 };

  params.gap = 5;
  return tessera_fill_regions (&in->contours, &labels, NULL, &params, exec);
}

static TesseraStatus
run_emst (const Inputs *in, void *out, TesseraExec *exec)
{
  return tessera_emst (in->points, EMST_POINTS, out, exec);
}

static TesseraStatus
run_trace (const Inputs *in, void *out, TesseraExec *exec)
{
  TesseraTrace params = { TRACE_NODES, 200, 10.0, 40.0, 0.0,
                          TESSERA_TRACE_ORTHOGONAL_GRADIENT, 0.0 };
  TraceResult *result = out;
  return tessera_trace_line (&in->road, in->a, in->b, &params, result->path,
                             &result->value, exec);
}

static const Operation operations[] = {
  { "box blur", rgba_bytes, run_box_blur },
  { "reconstruction", image_bytes, run_reconstruct },
  { "fill contours", image_bytes, run_fill_contours },
  { "fill regions", rgba_bytes, run_fill_regions },
  { "EMST", edge_bytes, run_emst },
  { "trace line", trace_bytes, run_trace },
};
#define OPERATIONS ((int) (sizeof operations / sizeof operations[0]))

static TesseraStatus
make_inputs (Inputs *in)
{
  TestRandom r = test_random_new (20261123);
  TesseraImage road_image;
  SyntheticRoad road;
  TesseraStatus status;

  memset (in, 0, sizeof *in);
  if ((status = tessera_image_alloc (&in->rgba, WIDTH, HEIGHT, 4, TESSERA_U8))
      || (status = tessera_image_alloc (&in->mask, WIDTH, HEIGHT, 1, TESSERA_U8))
      || (status = tessera_image_alloc (&in->marker, WIDTH, HEIGHT, 1, TESSERA_U8))
      || (status = tessera_image_alloc (&in->contours, WIDTH, HEIGHT, 1,
                                        TESSERA_U8))
      || (status = tessera_image_alloc (&road_image, WIDTH, HEIGHT, 3,
                                        TESSERA_U8)))
    return status;
  test_random_fill (&r, &in->rgba, 0);
  test_random_fill (&r, &in->mask, 0);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        int v = tessera_image_sample (&in->mask, x, y, 0);
        tessera_image_set_sample (&in->marker, x, y, 0,
                                  test_random_int (&r, 0, 9) ? 0 : v);
      }
  synthetic_contours_draw (&r, &in->contours, 40, 3);
  in->points = emst_ref_random_cloud (&r, EMST_CLOUD_UNIFORM, EMST_POINTS);

  road = synthetic_road_new (&r, WIDTH, HEIGHT);
  synthetic_road_draw (&road, &r, &road_image);
  in->a.x = 0.05 * WIDTH;
  in->b.x = 0.95 * WIDTH;
  in->a.y = synthetic_road_edge (&road, in->a.x);
  in->b.y = synthetic_road_edge (&road, in->b.x);
  status = tessera_gradient_compute (&road_image, 0, 0, WIDTH, HEIGHT, 1.5,
                                     &in->road, NULL);
  tessera_image_free (&road_image);
  if (status == TESSERA_OK && in->points == NULL)
    status = TESSERA_ERROR_OUT_OF_MEMORY;
  return status;
}

/* Device images that hold the device's memory. */
typedef struct
{
  TesseraImage *images;
  int           count;
  int           room;
} Hog;

/* Takes device memory in RGBA float images of falling sides (4 GiB down to
 * 64 KiB), each side until one no longer fits. */
static void
hog_take (Hog *hog)
{
  static const int sides[] = { 16384, 4096, 1024, 256, 64 };

  for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
    for (;;)
      {
        if (hog->count == hog->room)
          {
            int room = hog->room ? 2 * hog->room : 64;
            TesseraImage *more = realloc (hog->images, room * sizeof *more);
            if (more == NULL)
              return;
            hog->images = more;
            hog->room = room;
          }
        if (tessera_cuda_image_alloc (&hog->images[hog->count], sides[i],
                                      sides[i], 4, TESSERA_F32) != TESSERA_OK)
          break;
        hog->count++;
      }
}

static void
hog_give_back (Hog *hog)
{
  for (int i = 0; i < hog->count; i++)
    tessera_cuda_image_free (&hog->images[i]);
  free (hog->images);
  memset (hog, 0, sizeof *hog);
}

/* Runs OP on BACKEND into OUT (cleared first); FALLBACK gets what the
 * fallback callback was told (TESSERA_OK if it was not called). */
static TesseraStatus
run_on (const Operation *op, const Inputs *in, TesseraBackend backend,
        void *out, TesseraStatus *fallback, TesseraBackend *used)
{
  TesseraExec exec = tessera_exec_default ();
  TesseraStatus status;

  *fallback = TESSERA_OK;
  exec.backend = backend;
  exec.fallback = note_fallback;
  exec.user_data = fallback;
  memset (out, 0, op->out_bytes ());
  status = op->run (in, out, &exec);
  *used = exec.backend_used;
  return status;
}

static int test_number = 0;

static bool
report (bool ok, const char *what, const Operation *op, TesseraStatus status,
        TesseraStatus fallback, TesseraBackend used, bool same)
{
  printf ("%s %d - %s, %s", ok ? "ok" : "not ok", ++test_number, op->name,
          what);
  if (!ok)
    printf (" # status: %s; fallback: %s; ran on the %s; %s",
            tessera_status_message (status), tessera_status_message (fallback),
            used == TESSERA_BACKEND_CUDA ? "GPU" : "CPU",
            same ? "same result as the CPU" : "not the CPU's result");
  else if (fallback != TESSERA_OK)
    printf (" # fallback: %s", tessera_status_message (fallback));
  printf ("\n");
  return ok;
}

/* Runs every operation asked for the GPU and checks it against EXPECTED:
 * with the GPU's memory FULL, it must run on the CPU after a GPU failure,
 * otherwise on the GPU.  Returns the failures. */
static int
check_on_gpu (const Inputs *in, void *const *expected, void *out, bool full)
{
  int failed = 0;

  for (int i = 0; i < OPERATIONS; i++)
    {
      const Operation *op = &operations[i];
      TesseraStatus fallback, status;
      TesseraBackend used;
      bool same, ok;

      status = run_on (op, in, TESSERA_BACKEND_CUDA, out, &fallback, &used);
      same = memcmp (out, expected[i], op->out_bytes ()) == 0;
      ok = status == TESSERA_OK && same
           && (full ? tessera_status_is_gpu_failure (fallback)
                      && used == TESSERA_BACKEND_CPU
                    : fallback == TESSERA_OK && used == TESSERA_BACKEND_CUDA);
      failed += !report (ok, full ? "GPU memory full: falls back to the CPU"
                                  : "memory given back: on the GPU again",
                         op, status, fallback, used, same);
    }
  return failed;
}

int
main (void)
{
  TesseraStatus gpu = tessera_cuda_probe ();
  Inputs in;
  Hog hog = { NULL, 0, 0 };
  void *expected[OPERATIONS];
  void *out;
  size_t largest = 0;
  bool have_memory = true;
  int failed = 0;

  if (gpu != TESSERA_OK)
    {
      printf ("1..0 # SKIP %s\n", tessera_status_message (gpu));
      return 77;
    }
  /* The test asks for the GPU itself. */
  unsetenv ("TESSERA_BACKEND");
  if (make_inputs (&in) != TESSERA_OK)
    {
      printf ("Bail out! no memory for the inputs\n");
      return 99;
    }
  for (int i = 0; i < OPERATIONS; i++)
    {
      size_t bytes = operations[i].out_bytes ();
      largest = bytes > largest ? bytes : largest;
      expected[i] = malloc (bytes);
      have_memory = have_memory && expected[i] != NULL;
    }
  out = malloc (largest);
  if (!have_memory || out == NULL)
    {
      printf ("Bail out! no memory for the results\n");
      return 99;
    }
  printf ("1..%d\n", 3 * OPERATIONS);

  for (int i = 0; i < OPERATIONS; i++)
    {
      TesseraStatus fallback, status;
      TesseraBackend used;
      status = run_on (&operations[i], &in, TESSERA_BACKEND_CPU, expected[i],
                       &fallback, &used);
      failed += !report (status == TESSERA_OK, "on the CPU", &operations[i],
                         status, fallback, used, true);
    }

  hog_take (&hog);
  printf ("# %d device images hold the GPU's memory\n", hog.count);
  failed += check_on_gpu (&in, expected, out, true);
  hog_give_back (&hog);
  failed += check_on_gpu (&in, expected, out, false);

  for (int i = 0; i < OPERATIONS; i++)
    free (expected[i]);
  free (out);
  free (in.points);
  tessera_gradient_free (&in.road);
  tessera_image_free (&in.rgba);
  tessera_image_free (&in.mask);
  tessera_image_free (&in.marker);
  tessera_image_free (&in.contours);
  printf ("%d passed, %d failed\n", 3 * OPERATIONS - failed, failed);
  return failed > 0 ? 1 : 0;
}
