/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — morphological reconstruction: the CUDA backend
 * through the core API (host images) and device-resident in place, against
 * the CPU's serial hybrid algorithm and, on small images, the naive
 * reference; pixels and the clipped count exactly.  RGB cases also on
 * their luminance (through the core API only: the luminance steps are the
 * CPU's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "note-fallback.h"
#include "parity.h"
#include "reconstruct.h"
#include "reconstruct-ref.h"
#include "tessera-cuda.h"

/* The naive reference is quadratic: only below this many pixels. */
#define REFERENCE_MAX_PIXELS 4096

/* The reconstruction on BACKEND; a GPU failure is returned, not hidden by
 * the CPU fallback. */
static TesseraStatus
reconstruct_on (TesseraBackend backend, const TesseraImage *mask,
                const TesseraImage *marker, TesseraImage *dst,
                const TesseraReconstruct *params, size_t *clipped)
{
  TesseraStatus fallback = TESSERA_OK;
  TesseraExec exec = tessera_exec_default ();
  TesseraStatus status;

  exec.backend = backend;
  exec.fallback = note_fallback;
  exec.user_data = &fallback;
  status = tessera_reconstruct (mask, marker, dst, params, &exec, clipped);
  if (status == TESSERA_OK && backend == TESSERA_BACKEND_CUDA
      && exec.backend_used != TESSERA_BACKEND_CUDA)
    status = TESSERA_ERROR_NO_GPU;
  return fallback != TESSERA_OK ? fallback : status;
}

/* The marker uploaded, reconstructed in place on the device, downloaded. */
static TesseraStatus
reconstruct_in_place_on_device (const TesseraImage *mask,
                                const TesseraImage *marker, TesseraImage *dst,
                                const TesseraReconstruct *params,
                                size_t *clipped)
{
  TesseraImage device_mask = { 0 }, device_marker = { 0 };
  TesseraStatus status;

  status = tessera_cuda_image_alloc (&device_mask, mask->width, mask->height,
                                     mask->channels, mask->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_alloc (&device_marker, mask->width,
                                       mask->height, mask->channels,
                                       mask->type);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (mask, &device_mask);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_upload (marker, &device_marker);
  if (status == TESSERA_OK)
    status = tessera_cuda_reconstruct (&device_mask, &device_marker,
                                       &device_marker, params, clipped);
  if (status == TESSERA_OK)
    status = tessera_cuda_image_download (&device_marker, dst);
  if (device_mask.data != NULL)
    tessera_cuda_image_free (&device_mask);
  if (device_marker.data != NULL)
    tessera_cuda_image_free (&device_marker);
  return status;
}

static void
check (Parity *p, TesseraStatus status, const TesseraImage *got,
       size_t got_clipped, const TesseraImage *want, size_t want_clipped,
       const char *way, const char *what)
{
  char detail[160] = "";
  bool ok = status == TESSERA_OK;

  if (!ok)
    snprintf (detail, sizeof detail, "%s", tessera_status_message (status));
  else if (got_clipped != want_clipped)
    {
      snprintf (detail, sizeof detail, "clipped %zu, want %zu", got_clipped,
                want_clipped);
      ok = false;
    }
  else
    ok = parity_images_equal (got, want, detail, sizeof detail);
  parity_result (p, ok, detail, "reconstruct %s %s", way, what);
}

static const char *const type_names[] = { "u8", "u16", "f32" };
static const char *const kind_names[] = {
  "noise", "plateaus", "h-dome", "smooth", "equal", "above", "seeds"
};

static void
one_case (Parity *p, int width, int height, int channels,
          TesseraSampleType type, TestReconstructKind kind, bool padded)
{
  TesseraImage mask, marker, want, got;
  TesseraReconstruct params = tessera_reconstruct_default ();
  size_t want_clipped = 0, got_clipped = 0;
  char what[120];
  bool erosion = test_random_int (&p->random, 0, 1);
  TesseraStatus status;

  if (parity_image_alloc (&mask, width, height, channels, type, padded)
      != TESSERA_OK
      || parity_image_alloc (&marker, width, height, channels, type, padded)
         != TESSERA_OK
      || parity_image_alloc (&want, width, height, channels, type, false)
         != TESSERA_OK
      || parity_image_alloc (&got, width, height, channels, type, padded)
         != TESSERA_OK)
    {
      parity_result (p, false, "out of memory", "reconstruct allocation");
      return;
    }
  test_reconstruct_fill (&p->random, kind, erosion, &mask, &marker);
  params.operation = erosion ? TESSERA_RECONSTRUCT_EROSION
                             : TESSERA_RECONSTRUCT_DILATION;
  params.connectivity = test_random_int (&p->random, 0, 1) ? 8 : 4;
  params.method = TESSERA_RECONSTRUCT_METHOD_HYBRID;
  params.has_alpha = channels > 1 && test_random_int (&p->random, 0, 1);
  if (channels == 3 && !params.has_alpha
      && test_random_int (&p->random, 0, 1))
    params.colour = TESSERA_RECONSTRUCT_LUMINANCE;
  snprintf (what, sizeof what, "%dx%dx%d%s %s %s %s %d-connected%s", width,
            height, channels, params.has_alpha ? " (alpha)" : "",
            type_names[type], kind_names[kind],
            erosion ? "erosion" : "dilation", params.connectivity,
            params.colour == TESSERA_RECONSTRUCT_LUMINANCE
            ? " on luminance" : "");

  /* The reference knows no alpha. */
  if ((size_t) width * height <= REFERENCE_MAX_PIXELS && !params.has_alpha)
    {
      want_clipped = params.colour == TESSERA_RECONSTRUCT_LUMINANCE
        ? test_reconstruct_luminance_ref (&mask, &marker, &want, erosion,
                                          params.connectivity)
        : test_reconstruct_ref (&mask, &marker, &want, erosion,
                                params.connectivity);
      status = want_clipped == (size_t) -1 ? TESSERA_ERROR_OUT_OF_MEMORY
                                           : TESSERA_OK;
    }
  else
    status = reconstruct_on (TESSERA_BACKEND_CPU, &mask, &marker, &want,
                             &params, &want_clipped);
  if (status != TESSERA_OK)
    parity_result (p, false, tessera_status_message (status),
                   "reconstruct expected result %s", what);
  else
    {
      status = reconstruct_on (TESSERA_BACKEND_CUDA, &mask, &marker, &got,
                               &params, &got_clipped);
      check (p, status, &got, got_clipped, &want, want_clipped, "cuda",
             what);
      /* Device images are reconstructed per channel only. */
      if (params.colour == TESSERA_RECONSTRUCT_PER_CHANNEL)
        {
          memset (got.data, 0xA5, got.stride * (size_t) height);
          status = reconstruct_in_place_on_device (&mask, &marker, &got,
                                                   &params, &got_clipped);
          check (p, status, &got, got_clipped, &want, want_clipped,
                 "device in place", what);
        }
    }
  free (mask.data);
  free (marker.data);
  free (want.data);
  free (got.data);
}

void
parity_reconstruct (Parity *p)
{
  static const int large[][2] = { { 4096, 4096 }, { 1000, 3 }, { 2, 2000 },
                                  { 1023, 777 } };
  TesseraSampleType type;

  for (int i = 0; i < p->cases; i++)
    {
      int big = test_random_int (&p->random, 0, 3) == 0;
      int width = test_random_side (&p->random, big ? 700 : 64);
      int height = test_random_side (&p->random, big ? 500 : 64);
      int channels = test_random_int (&p->random, 1, 3);

      type = (TesseraSampleType) test_random_int (&p->random, 0, 2);
      one_case (p, width, height, channels, type,
                (TestReconstructKind) (i % TEST_RECONSTRUCT_KINDS),
                test_random_int (&p->random, 0, 1));
    }
  /* The benchmark's case, and long thin ones that cross many tiles. */
  for (size_t i = 0; i < sizeof large / sizeof large[0]; i++)
    for (type = TESSERA_U8; type <= TESSERA_F32; type++)
      one_case (p, large[i][0], large[i][1], 1, type,
                i == 0 ? TEST_RECONSTRUCT_SMOOTH : TEST_RECONSTRUCT_SEEDS,
                false);
}
