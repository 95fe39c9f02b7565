/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — Segment Colours: the whole segmentation (distinct
 * colours, EMST, classes, recolouring) asked of the CUDA backend must give
 * the CPU's classes and class colours exactly, for both methods, automatic
 * and fixed numbers of classes, both colour spaces, on random images of
 * smooth colour fields plus noise, small ones and photo-sized ones (the
 * EMST runs on the GPU from TESSERA_EMST_GPU_MIN_POINTS colours up). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"
#include "mst-segment.h"
#include "parity.h"

/* Smooth colour gradients with noise of random strength: many colours,
 * some structure. */
void
parity_colour_field (TestRandom *r, TesseraImage *image)
{
  const int noise = test_random_int (r, 0, 40);
  double base[3], gx[3], gy[3];

  for (int ch = 0; ch < 3; ch++)
    {
      base[ch] = test_random_int (r, 0, 255);
      gx[ch] = (test_random_double (r) - 0.5) * 400.0 / (image->width + 1);
      gy[ch] = (test_random_double (r) - 0.5) * 400.0 / (image->height + 1);
    }
  for (int y = 0; y < image->height; y++)
    {
      uint8_t *p = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++, p += image->channels)
        for (int ch = 0; ch < 3; ch++)
          {
            int v = (int) (base[ch] + gx[ch] * x + gy[ch] * y)
                    + test_random_int (r, -noise, noise);
            v = ((v % 512) + 512) % 512;
            p[ch] = (uint8_t) (v > 255 ? 511 - v : v);
          }
    }
}

bool
parity_same_classes (const TesseraMstClasses *a, const TesseraMstClasses *b,
                     size_t n_colours, char *detail, size_t size)
{
  if (a->n_classes != b->n_classes)
    {
      snprintf (detail, size, "%d classes vs %d", a->n_classes, b->n_classes);
      return false;
    }
  for (size_t i = 0; i < n_colours; i++)
    if (a->colour_class[i] != b->colour_class[i])
      {
        snprintf (detail, size, "colour %zu: class %u vs %u", i,
                  a->colour_class[i], b->colour_class[i]);
        return false;
      }
  for (int c = 0; c < a->n_classes; c++)
    if (a->pixels[c] != b->pixels[c]
        || memcmp (a->mean[c], b->mean[c], sizeof a->mean[c]) != 0)
      {
        snprintf (detail, size, "class %d: mean or pixels differ", c);
        return false;
      }
  return true;
}

static void
check_image (Parity *p, const TesseraImage *image, const char *what)
{
  TesseraColourHistogram histogram;
  TesseraExec exec = tessera_exec_default ();

  exec.backend = TESSERA_BACKEND_CPU;
  if (tessera_colour_histogram (image, &histogram, &exec) != TESSERA_OK)
    {
      parity_result (p, false, "", "mst-segment %s: histogram", what);
      return;
    }
  for (int m = 0; m < 2; m++)
    {
      TesseraMstSegment params = { 0, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                                   (TesseraMstMethod) m };
      TesseraMstClasses cpu, gpu;
      TesseraStatus cpu_status, gpu_status;
      TesseraExec cuda = tessera_exec_default ();
      char detail[200] = "";
      bool ok;

      params.classes = test_random_int (&p->random, 0, 2) == 0
                       ? 0 : test_random_int (&p->random, 1, 24);
      params.colour_space = (TesseraColourSpace)
                            test_random_int (&p->random, 0, 1);
      cuda.backend = TESSERA_BACKEND_CUDA;
      cpu_status = tessera_mst_segment (&histogram, &params, &cpu, &exec);
      gpu_status = tessera_mst_segment (&histogram, &params, &gpu, &cuda);
      ok = cpu_status == TESSERA_OK && gpu_status == TESSERA_OK;
      if (!ok)
        snprintf (detail, sizeof detail, "status cpu %d, gpu %d", cpu_status,
                  gpu_status);
      else
        ok = parity_same_classes (&cpu, &gpu, histogram.n_colours, detail,
                           sizeof detail);
      parity_result (p, ok, detail,
                     "mst-segment %s %dx%d, %zu colours, method %d, space %d, "
                     "classes %d (backend used: %s)", what, image->width,
                     image->height, histogram.n_colours, m,
                     params.colour_space, params.classes,
                     tessera_backend_name (cuda.backend_used));
      if (cpu_status == TESSERA_OK)
        tessera_mst_classes_free (&cpu);
      if (gpu_status == TESSERA_OK)
        tessera_mst_classes_free (&gpu);
    }
  tessera_colour_histogram_free (&histogram);
}

void
parity_mst_segment (Parity *p)
{
  for (int c = 0; c < p->cases; c++)
    {
      bool big = c % 10 == 9;
      int width = big ? 3000 : test_random_int (&p->random, 1, 600);
      int height = big ? 2000 : test_random_int (&p->random, 1, 400);
      TesseraImage image;

      if (tessera_image_alloc (&image, width, height, 3, TESSERA_U8)
          != TESSERA_OK)
        {
          parity_result (p, false, "", "mst-segment: out of memory");
          continue;
        }
      parity_colour_field (&p->random, &image);
      check_image (p, &image, big ? "photo-sized" : "random");
      tessera_image_free (&image);
    }
}
