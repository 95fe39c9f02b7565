/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — Segment Colours in bands (core/mst-segment-bands.h),
 * the Segment Colours plug-in's path: the device's (bands uploaded and
 * counted, kept there, classes, each band recoloured and downloaded) must
 * give the CPU's whole-image classes and recoloured image exactly, for
 * random images of 1 to 4 channels in bands of random heights (one row,
 * the whole image, GIMP's 64-row multiples), recoloured bottom first; and
 * where the device cannot hold the layer (its memory taken), the CPU's
 * tally, told once, with the same result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mst-segment-bands.h"
#include "mst-segment-image.h"
#include "parity.h"
#include "tessera-cuda.h"

static TesseraImage
rows_of (const TesseraImage *image, int y, int rows)
{
  TesseraImage band = *image;
  band.data = (uint8_t *) image->data + (size_t) y * image->stride;
  band.height = image->height - y < rows ? image->height - y : rows;
  return band;
}

static void
count_told (TesseraStatus why, void *user_data)
{
  (*(int *) user_data)++;
}

/* The band sequence of SRC in bands of ROWS into OUT on BACKEND; KEPT
 * gets whether the pixels stayed on the device, TOLD how often the
 * fallback was told. */
static TesseraStatus
run_bands (const TesseraImage *src, int rows, const TesseraMstSegment *params,
           TesseraBackend backend, TesseraMstClasses *classes,
           TesseraImage *out, bool *kept, int *told)
{
  TesseraExec exec = tessera_exec_reporting (backend, NULL, count_told, told);
  TesseraMstBands bands;
  const int n = (src->height + rows - 1) / rows;
  TesseraStatus status;

  *told = 0;
  memset (classes, 0, sizeof *classes);
  status = tessera_mst_bands_start (&bands, src->width, src->height,
                                    src->channels, src->type, rows, &exec);
  if (status != TESSERA_OK)
    return status;
  *kept = tessera_mst_bands_keeps_pixels (&bands);
  for (int i = 0; i < n && status == TESSERA_OK; i++)
    {
      TesseraImage band = rows_of (src, i * rows, rows);
      status = tessera_mst_bands_add (&bands, &band, &exec);
    }
  if (status == TESSERA_OK)
    status = tessera_mst_bands_finish (&bands, params, &exec);
  for (int i = n - 1; i >= 0 && status == TESSERA_OK; i--)
    {
      TesseraImage in = rows_of (src, i * rows, rows);
      TesseraImage to = rows_of (out, i * rows, rows);
      status = tessera_mst_bands_recolour (&bands, i * rows,
                                           *kept ? NULL : &in, &to, &exec);
    }
  if (status == TESSERA_OK)
    {
      *classes = bands.classes;
      memset (&bands.classes, 0, sizeof bands.classes);
    }
  tessera_mst_bands_free (&bands);
  return status;
}

/* The band path on CUDA against the whole image on the CPU; WANT_KEPT:
 * whether the device must have kept the pixels (else the CPU must have,
 * told once). */
static void
check (Parity *p, const TesseraImage *src, int rows,
       const TesseraMstSegment *params, bool want_kept, const char *what)
{
  TesseraExec cpu_exec = tessera_exec_default ();
  TesseraImage cpu_out, gpu_out;
  TesseraMstClasses cpu, gpu;
  TesseraStatus cpu_status, gpu_status;
  char detail[200] = "";
  bool kept = false, ok;
  int told = 0;

  cpu_exec.backend = TESSERA_BACKEND_CPU;
  if (parity_image_alloc (&cpu_out, src->width, src->height, src->channels,
                          TESSERA_U8, false) != TESSERA_OK
      || parity_image_alloc (&gpu_out, src->width, src->height, src->channels,
                             TESSERA_U8, true) != TESSERA_OK)
    {
      parity_result (p, false, "", "mst-segment-bands: out of memory");
      return;
    }
  cpu_status = tessera_mst_segment_image (src, params, &cpu, &cpu_out,
                                          &cpu_exec);
  gpu_status = run_bands (src, rows, params, TESSERA_BACKEND_CUDA, &gpu,
                          &gpu_out, &kept, &told);
  ok = cpu_status == TESSERA_OK && gpu_status == TESSERA_OK;
  if (cpu_status == TESSERA_ERROR_EMPTY_IMAGE && gpu_status == cpu_status)
    ok = true;          /* nothing visible: both refuse alike */
  else if (!ok)
    snprintf (detail, sizeof detail, "status cpu %d, bands %d", cpu_status,
              gpu_status);
  else
    {
      TesseraColourHistogram histogram;
      ok = tessera_colour_histogram (src, &histogram, NULL) == TESSERA_OK
           && parity_same_classes (&cpu, &gpu, histogram.n_colours, detail,
                                   sizeof detail)
           && parity_images_equal (&cpu_out, &gpu_out, detail, sizeof detail);
      tessera_colour_histogram_free (&histogram);
    }
  if (ok && (kept != want_kept || told != (want_kept ? 0 : 1)))
    {
      ok = false;
      snprintf (detail, sizeof detail, "pixels kept %d, fallback told %d "
                "times", kept, told);
    }
  parity_result (p, ok, detail,
                 "mst-segment-bands %s %dx%dx%d in bands of %d, method %d, "
                 "space %d, classes %d: %d classes", what, src->width,
                 src->height, src->channels, rows, params->method,
                 params->colour_space, params->classes, cpu.n_classes);
  if (cpu_status == TESSERA_OK)
    tessera_mst_classes_free (&cpu);
  if (gpu_status == TESSERA_OK)
    tessera_mst_classes_free (&gpu);
  free (cpu_out.data);
  free (gpu_out.data);
}

static TesseraMstSegment
random_params (TestRandom *r)
{
  TesseraMstSegment params = { 0, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };
  const int draw = test_random_int (r, 0, 9);
  params.method = draw == 0 ? TESSERA_MST_METHOD_SINGLE_LINKAGE
                : draw == 1 ? TESSERA_MST_METHOD_WEIGHTED_TREE
                            : TESSERA_MST_METHOD_WEIGHTED;
  params.colour_space = test_random_int (r, 0, 3) == 0
                        ? TESSERA_COLOUR_SPACE_RGB
                        : TESSERA_COLOUR_SPACE_CIELAB;
  params.classes = test_random_int (r, 0, 3) == 0
                   ? 0 : test_random_int (r, 1, 24);
  return params;
}

/* A colour field (grey in the first channel for 1 and 2 channels), with
 * random alpha, now and then 0, in the last of 2 or 4. */
static void
fill (TestRandom *r, TesseraImage *image)
{
  TesseraImage rgb;
  const int c = image->channels;

  if (parity_image_alloc (&rgb, image->width, image->height, 3, TESSERA_U8,
                          false) != TESSERA_OK)
    return;
  parity_colour_field (r, &rgb);
  for (int y = 0; y < image->height; y++)
    {
      const uint8_t *in = tessera_image_row (&rgb, y);
      uint8_t *out = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++, in += 3, out += c)
        {
          for (int ch = 0; ch < c && ch < 3; ch++)
            out[ch] = in[ch];
          if (c == 2 || c == 4)
            out[c - 1] = (uint8_t) (test_random_int (r, 0, 7) == 0
                                    ? 0 : test_random_int (r, 1, 255));
        }
    }
  free (rgb.data);
}

static void
one_case (Parity *p, int width, int height, int channels, int rows,
          bool want_kept, const char *what)
{
  TesseraMstSegment params = random_params (&p->random);
  TesseraImage image;

  if (parity_image_alloc (&image, width, height, channels, TESSERA_U8,
                          test_random_int (&p->random, 0, 1)) != TESSERA_OK)
    {
      parity_result (p, false, "", "mst-segment-bands: out of memory");
      return;
    }
  fill (&p->random, &image);
  check (p, &image, rows, &params, want_kept, what);
  free (image.data);
}

/* Device memory taken in images of falling sizes until none fits. */
typedef struct
{
  TesseraImage images[4096];
  int          count;
} Hog;

static void
hog_take (Hog *hog)
{
  static const int sides[] = { 16384, 4096, 1024, 256 };
  hog->count = 0;
  for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
    while (hog->count < 4096
           && tessera_cuda_image_alloc (&hog->images[hog->count], sides[i],
                                        sides[i], 4, TESSERA_U8)
              == TESSERA_OK)
      hog->count++;
}

static void
hog_give_back (Hog *hog)
{
  for (int i = 0; i < hog->count; i++)
    tessera_cuda_image_free (&hog->images[i]);
  hog->count = 0;
}

void
parity_mst_segment_bands (Parity *p)
{
  static Hog hog;

  one_case (p, 1, 1, 4, 1, true, "1x1");
  one_case (p, 1, 700, 3, 64, true, "1xN");
  one_case (p, 500, 1, 4, 64, true, "Nx1");
  one_case (p, 320, 240, 1, 17, true, "grey");
  one_case (p, 320, 240, 2, 240, true, "grey alpha, one band");
  one_case (p, 640, 481, 4, 1, true, "bands of a row");
  for (int c = 0; c < p->cases; c++)
    {
      const bool big = c % 10 == 9;
      const int width = big ? 3000 : test_random_int (&p->random, 1, 600);
      const int height = big ? 2000 : test_random_int (&p->random, 1, 400);
      const int rows = test_random_int (&p->random, 0, 1)
                       ? 64 * test_random_int (&p->random, 1, 8)
                       : test_random_int (&p->random, 1, height);
      one_case (p, width, height, test_random_int (&p->random, 3, 4), rows,
                true, big ? "photo-sized" : "random");
    }
  /* The layer does not fit: the CPU's tally, said once. */
  hog_take (&hog);
  parity_note ("device memory taken: %d images", hog.count);
  one_case (p, 800, 600, 4, 128, false, "no room on the device");
  hog_give_back (&hog);
}
