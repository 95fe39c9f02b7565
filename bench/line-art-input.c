/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include "fill-regions-ref.h"
#include "input.h"
#include "line-art-input.h"
#include "line-art.h"

const char *const line_art_kind_names[] = { "closed", "gaps", "bleed",
                                            "hatching", NULL };

TesseraStatus
line_art_write_labels (const char *path, const uint32_t *label, int width,
                       int height, uint32_t count)
{
  TesseraImage image;
  PnmFormat format = { PNM_PGM, 65535 };
  TesseraStatus status;

  if (count > 65535)
    {
      fprintf (stderr, "tessera-bench: %u regions do not fit a 16-bit PGM\n",
               count);
      return TESSERA_ERROR_TOO_LARGE;
    }
  status = tessera_image_alloc (&image, width, height, 1, TESSERA_U16);
  if (status != TESSERA_OK)
    return status;
  for (int y = 0; y < height; y++)
    {
      uint16_t *row = tessera_image_row (&image, y);
      for (int x = 0; x < width; x++)
        row[x] = (uint16_t) label[(size_t) y * width + x];
    }
  status = bench_write_image (path, &image, &format);
  tessera_image_free (&image);
  return status;
}

/* The known regions: those of the closed art without hatching, with the
 * canvas edge as a line for full-bleed art. */
static TesseraStatus
write_truth (const LineArtInput *art, LineArt *drawing, int width, int height)
{
  TesseraImage closed, map;
  uint32_t *truth = malloc ((size_t) width * height * sizeof *truth);
  uint32_t count;
  TesseraStatus status = tessera_image_alloc (&closed, width, height, 1,
                                              TESSERA_U8);

  if (status != TESSERA_OK || truth == NULL)
    {
      free (truth);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  status = tessera_image_alloc (&map, width, height, 1, TESSERA_U8);
  if (status == TESSERA_OK)
    {
      line_art_render (drawing, &closed, false);
      line_art_threshold (&closed, &map);
      count = test_fill_regions_ref (&map, 4, art->kind == LINE_ART_BLEED,
                                     truth);
      status = line_art_write_labels (art->truth_path, truth, width, height,
                                      count);
      tessera_image_free (&map);
    }
  tessera_image_free (&closed);
  free (truth);
  return status;
}

TesseraStatus
line_art_input (const LineArtInput *art, const BenchConfig *config,
                TesseraImage *ink)
{
  int width = config->width > 0 ? config->width : 640;
  int height = config->height > 0 ? config->height : 480;
  TestRandom random = test_random_new (config->seed);
  LineArtParams params = { 1, 5, art->antialiased, 0, 1, art->gap_max,
                           art->kind == LINE_ART_BLEED,
                           art->kind == LINE_ART_HATCHING };
  PnmFormat format = { PNM_PGM, 255 };
  LineArt *drawing;
  TesseraStatus status;

  if (art->kind == LINE_ART_GAPS)
    params.gaps = art->cuts;
  status = tessera_image_alloc (ink, width, height, 1, TESSERA_U8);
  if (status != TESSERA_OK)
    return status;
  drawing = line_art_new (&random, width, height, &params);
  if (art->truth_path != NULL)
    status = write_truth (art, drawing, width, height);
  line_art_render (drawing, ink, true);
  line_art_free (drawing);
  if (status == TESSERA_OK)
    status = bench_save_input (config, ink, &format);
  return status;
}
