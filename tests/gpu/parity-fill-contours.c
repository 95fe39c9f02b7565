/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — Fill Closed Contours: every GPU way (FAST, the
 * paper's GPU fill + GPU merge, the paper's CPU fill + GPU merge, the
 * batch pipeline, device-resident and in place) against the breadth-first
 * reference, exactly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fill-contours.h"
#include "fill-contours-ref.h"
#include "note-fallback.h"
#include "parity.h"
#include "synthetic-contours.h"
#include "tessera-cuda.h"

/* CONTOURS through the core API on the CUDA backend into MASK; the status,
 * or the GPU's failure when the CPU took over. */
static TesseraStatus
fill_on_gpu (const TesseraImage *contours, TesseraImage *mask, int count,
             const TesseraFillContours *params)
{
  TesseraStatus fallback = TESSERA_OK;
  TesseraExec exec = tessera_exec_default ();
  TesseraStatus status;

  exec.backend = TESSERA_BACKEND_CUDA;
  exec.fallback = note_fallback;
  exec.user_data = &fallback;
  status = tessera_fill_contours_batch (contours, mask, count, params, &exec);
  return fallback != TESSERA_OK ? fallback : status;
}

static void
draw_case (TestRandom *r, TesseraImage *contours)
{
  switch (test_random_int (r, 0, 4))
    {
    case 0:
      synthetic_contours_noise (r, contours, 0.1 + 0.5 * test_random_double (r));
      break;
    case 1:
      synthetic_contours_noise (r, contours, test_random_int (r, 0, 1));
      break;
    default:
      synthetic_contours_draw (r, contours, test_random_int (r, 1, 60),
                               test_random_int (r, 1, 3));
      break;
    }
}

static void
check (Parity *p, TesseraStatus status, const TesseraImage *got,
       const TesseraImage *want, const char *way, int connectivity)
{
  char detail[160] = "";
  bool ok = status == TESSERA_OK;

  if (!ok)
    snprintf (detail, sizeof detail, "%s", tessera_status_message (status));
  else
    ok = parity_images_equal (got, want, detail, sizeof detail);
  parity_result (p, ok, detail, "fill-contours %s %dx%d %d-connected", way,
                 want->width, want->height, connectivity);
}

/* The device-resident path the benchmark times, in place. */
static TesseraStatus
fill_in_place_on_device (const TesseraImage *contours, TesseraImage *mask,
                         const TesseraFillContours *params)
{
  TesseraImage device;
  TesseraStatus status = tessera_cuda_image_alloc (&device, contours->width,
                                                   contours->height, 1,
                                                   TESSERA_U8);
  if (status != TESSERA_OK)
    return status;
  status = tessera_cuda_image_upload (contours, &device);
  if (status == TESSERA_OK)
    status = tessera_cuda_fill_contours (&device, &device, params);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_download (&device, mask);
  tessera_cuda_image_free (&device);
  return status;
}

static void
one_case (Parity *p, int width, int height, bool padded)
{
  static const struct
  {
    TesseraFillContoursMethod method;
    const char *way;
  } ways[] = {
    { TESSERA_FILL_CONTOURS_METHOD_FAST, "fast" },
    { TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU, "paper-gpu (GPU fill + merge)" },
    { TESSERA_FILL_CONTOURS_METHOD_PAPER, "paper (CPU fill + GPU merge)" },
  };
  TesseraImage contours, want, got;
  TesseraFillContours params = tessera_fill_contours_defaults ();

  if (parity_image_alloc (&contours, width, height, 1, TESSERA_U8, padded)
      != TESSERA_OK
      || parity_image_alloc (&want, width, height, 1, TESSERA_U8, false)
         != TESSERA_OK
      || parity_image_alloc (&got, width, height, 1, TESSERA_U8, padded)
         != TESSERA_OK)
    {
      parity_result (p, false, "out of memory", "fill-contours allocation");
      return;
    }
  draw_case (&p->random, &contours);
  params.connectivity = test_random_int (&p->random, 0, 1) ? 8 : 4;
  params.seeds = test_random_int (&p->random, 0, 3) == 0
                 ? test_random_int (&p->random, 1, 5000) : 0;
  test_fill_contours_ref (&contours, &want, params.connectivity);

  for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++)
    {
      params.method = ways[w].method;
      memset (got.data, 0xA5, got.stride * (size_t) height);
      check (p, fill_on_gpu (&contours, &got, 1, &params), &got, &want,
             ways[w].way, params.connectivity);
    }
  params.method = TESSERA_FILL_CONTOURS_METHOD_FAST;
  memset (got.data, 0xA5, got.stride * (size_t) height);
  check (p, fill_in_place_on_device (&contours, &got, &params), &got, &want,
         "fast on the device, in place", params.connectivity);

  free (contours.data);
  free (want.data);
  free (got.data);
}

/* Images of different sizes through both batch pipelines. */
static void
batch_case (Parity *p)
{
  enum { COUNT = 5 };
  TesseraImage contours[COUNT], want[COUNT], got[COUNT];
  TesseraFillContours params = tessera_fill_contours_defaults ();
  static const TesseraFillContoursMethod methods[] = {
    TESSERA_FILL_CONTOURS_METHOD_FAST, TESSERA_FILL_CONTOURS_METHOD_PAPER
  };

  for (int i = 0; i < COUNT; i++)
    {
      int width = test_random_int (&p->random, 1, 1500);
      int height = test_random_int (&p->random, 1, 1100);
      parity_image_alloc (&contours[i], width, height, 1, TESSERA_U8, i % 2);
      parity_image_alloc (&want[i], width, height, 1, TESSERA_U8, false);
      parity_image_alloc (&got[i], width, height, 1, TESSERA_U8, i % 2 == 0);
      draw_case (&p->random, &contours[i]);
      test_fill_contours_ref (&contours[i], &want[i], 4);
    }
  for (int m = 0; m < 2; m++)
    {
      TesseraStatus status;
      params.method = methods[m];
      status = fill_on_gpu (contours, got, COUNT, &params);
      for (int i = 0; i < COUNT; i++)
        check (p, status, &got[i], &want[i],
               m == 0 ? "fast batch" : "paper batch (pipeline)", 4);
    }
  for (int i = 0; i < COUNT; i++)
    {
      free (contours[i].data);
      free (want[i].data);
      free (got[i].data);
    }
}

void
parity_fill_contours (Parity *p)
{
  static const int edge_sizes[][2] = {
    { 1, 1 }, { 1, 40 }, { 40, 1 }, { 2, 2 }, { 31, 33 }, { 32, 32 },
    { 33, 31 }, { 64, 64 }, { 65, 97 }
  };

  for (size_t i = 0; i < sizeof edge_sizes / sizeof edge_sizes[0]; i++)
    one_case (p, edge_sizes[i][0], edge_sizes[i][1], i % 2);
  for (int i = 0; i < p->cases; i++)
    {
      int large = i % 10 == 0;
      one_case (p, test_random_side (&p->random, large ? 2000 : 300),
                test_random_side (&p->random, large ? 1500 : 300), i % 3 == 0);
    }
  batch_case (p);
  one_case (p, 7680, 4320, false);
}
