/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — Segment Colours on a whole image
 * (core/mst-segment-image.h): the CUDA pipeline (histogram, points, EMST,
 * classes, recolouring, all on the device) must give the CPU's classes and
 * recoloured image exactly: both methods, both colour spaces, automatic and
 * fixed classes, on colour fields with noise, photo-sized ones, and the
 * edge cases (1 x 1, 1 x N, one colour, every colour distinct, alpha, grey,
 * a transparent border, nothing visible), from host images and from device
 * ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mst-segment-image.h"
#include "parity.h"
#include "tessera-cuda.h"

typedef enum
{
  FIELD,          /* colour gradients with noise */
  ONE_COLOUR,
  DISTINCT,       /* every pixel its own colour */
  GREY_FIELD,     /* the field's first channel only */
  HIDDEN_BORDER,  /* the field in a border of alpha 0 over #010102 */
  NOTHING_SEEN    /* the field, every pixel of alpha 0 */
} Content;

/* Alpha 0 over #010102 (a satellite image's black border made
 * transparent) on the pixels within BORDER of an edge of IMAGE (RGBA). */
static void
hide_border (TesseraImage *image, int border)
{
  for (int y = 0; y < image->height; y++)
    {
      uint8_t *p = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++, p += 4)
        if (x < border || y < border || x >= image->width - border
            || y >= image->height - border)
          {
            p[0] = 1;
            p[1] = 1;
            p[2] = 2;
            p[3] = 0;
          }
    }
}

static void
fill (TestRandom *r, TesseraImage *image, Content content)
{
  const int c = image->channels;
  uint8_t one[4];

  for (int ch = 0; ch < 4; ch++)
    one[ch] = (uint8_t) test_random_int (r, 0, 255);
  if (content == FIELD || content == HIDDEN_BORDER || content == NOTHING_SEEN)
    parity_colour_field (r, image);
  for (int y = 0; y < image->height; y++)
    {
      uint8_t *p = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++, p += c)
        {
          uint32_t i = (uint32_t) (y * image->width + x) * 2654435761u;
          for (int ch = 0; ch < c; ch++)
            if (content == ONE_COLOUR)
              p[ch] = one[ch];
            else if (content == DISTINCT && ch < 3)
              p[ch] = (uint8_t) (i >> (8 * ch + 8));
            else if (content == GREY_FIELD && ch == 0)
              p[ch] = (uint8_t) (x + 2 * y + test_random_int (r, 0, 8));
            else if (ch >= 3 || (content == GREY_FIELD && ch > 0))
              p[ch] = (uint8_t) test_random_int (r, 0, 255);  /* alpha */
        }
    }
  if (content == HIDDEN_BORDER)
    hide_border (image, image->height / 6);
  else if (content == NOTHING_SEEN)
    hide_border (image, image->width + image->height);
}

/* Runs the segmentation of SRC on BACKEND (device images when ON_DEVICE)
 * into CLASSES and the host image OUT. */
static TesseraStatus
segment (const TesseraImage *src, const TesseraMstSegment *params,
         TesseraBackend backend, bool on_device, TesseraMstClasses *classes,
         TesseraImage *out)
{
  TesseraExec exec = tessera_exec_default ();
  TesseraImage dsrc, ddst;
  TesseraStatus status;

  exec.backend = backend;
  if (!on_device)
    return tessera_mst_segment_image (src, params, classes, out, &exec);
  status = tessera_cuda_image_alloc (&dsrc, src->width, src->height,
                                     src->channels, src->type);
  if (status != TESSERA_OK)
    return status;
  status = tessera_cuda_image_alloc (&ddst, src->width, src->height,
                                     src->channels, src->type);
  if (status == TESSERA_OK)
    {
      status = tessera_cuda_image_upload (src, &dsrc);
      if (status == TESSERA_OK)
        status = tessera_mst_segment_image (&dsrc, params, classes, &ddst,
                                            &exec);
      if (status == TESSERA_OK)
        status = tessera_cuda_image_download (&ddst, out);
      tessera_cuda_image_free (&ddst);
    }
  tessera_cuda_image_free (&dsrc);
  return status;
}

static void
check (Parity *p, const TesseraImage *src, const TesseraMstSegment *params,
       bool on_device, const char *what)
{
  TesseraImage cpu_out, gpu_out;
  TesseraMstClasses cpu, gpu;
  TesseraStatus cpu_status, gpu_status;
  char detail[200] = "";
  bool ok;

  if (parity_image_alloc (&cpu_out, src->width, src->height, src->channels,
                          TESSERA_U8, false) != TESSERA_OK
      || parity_image_alloc (&gpu_out, src->width, src->height, src->channels,
                             TESSERA_U8, true) != TESSERA_OK)
    {
      parity_result (p, false, "", "mst-segment-image: out of memory");
      return;
    }
  cpu_status = segment (src, params, TESSERA_BACKEND_CPU, false, &cpu,
                        &cpu_out);
  gpu_status = segment (src, params, TESSERA_BACKEND_CUDA, on_device, &gpu,
                        &gpu_out);
  ok = cpu_status == TESSERA_OK && gpu_status == TESSERA_OK;
  if (cpu_status == TESSERA_ERROR_EMPTY_IMAGE && gpu_status == cpu_status)
    ok = true;          /* nothing visible: both refuse alike */
  else if (!ok)
    snprintf (detail, sizeof detail, "status cpu %d, gpu %d", cpu_status,
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
  parity_result (p, ok, detail,
                 "mst-segment-image %s %dx%dx%d%s, method %d, space %d, "
                 "classes %d: %d classes", what, src->width, src->height,
                 src->channels, on_device ? " (device image)" : "",
                 params->method, params->colour_space, params->classes,
                 cpu.n_classes);
  if (cpu_status == TESSERA_OK)
    tessera_mst_classes_free (&cpu);
  if (gpu_status == TESSERA_OK)
    tessera_mst_classes_free (&gpu);
  free (cpu_out.data);
  free (gpu_out.data);
}

static void
one_case (Parity *p, int width, int height, int channels, Content content,
          const char *what)
{
  TesseraMstSegment params = { 0, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };
  TesseraImage image;
  const int draw = test_random_int (&p->random, 0, 9);

  if (parity_image_alloc (&image, width, height, channels, TESSERA_U8,
                          test_random_int (&p->random, 0, 1))
      != TESSERA_OK)
    {
      parity_result (p, false, "", "mst-segment-image: out of memory");
      return;
    }
  fill (&p->random, &image, content);
  /* Mostly the default (weighted, L*a*b*), sometimes the others. */
  params.method = draw == 0 ? TESSERA_MST_METHOD_SINGLE_LINKAGE
                : draw == 1 ? TESSERA_MST_METHOD_WEIGHTED_TREE
                            : TESSERA_MST_METHOD_WEIGHTED;
  params.colour_space = test_random_int (&p->random, 0, 3) == 0
                        ? TESSERA_COLOUR_SPACE_RGB
                        : TESSERA_COLOUR_SPACE_CIELAB;
  params.classes = test_random_int (&p->random, 0, 3) == 0
                   ? 0 : test_random_int (&p->random, 1, 24);
  check (p, &image, &params, test_random_int (&p->random, 0, 2) == 0, what);
  free (image.data);
}

void
parity_mst_segment_image (Parity *p)
{
  one_case (p, 1, 1, 3, FIELD, "1x1");
  one_case (p, 1, 700, 3, FIELD, "1xN");
  one_case (p, 500, 1, 4, FIELD, "Nx1 alpha");
  one_case (p, 300, 200, 3, ONE_COLOUR, "one colour");
  one_case (p, 512, 512, 3, DISTINCT, "all distinct");
  one_case (p, 320, 240, 1, GREY_FIELD, "grey");
  one_case (p, 320, 240, 2, GREY_FIELD, "grey alpha");
  one_case (p, 640, 480, 4, HIDDEN_BORDER, "transparent border");
  one_case (p, 200, 100, 4, NOTHING_SEEN, "nothing visible");
  for (int c = 0; c < p->cases; c++)
    {
      bool big = c % 10 == 9;
      int channels = test_random_int (&p->random, 3, 4);
      one_case (p, big ? 3000 : test_random_int (&p->random, 1, 600),
                big ? 2000 : test_random_int (&p->random, 1, 400), channels,
                FIELD, big ? "photo-sized" : "random");
    }
}
