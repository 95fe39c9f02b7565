/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdint.h>
#include <stdlib.h>
#include "fill-contours-ref.h"

static const int step_x[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int step_y[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

static int
is_free (const TesseraImage *contours, int x, int y)
{
  return ((const uint8_t *) tessera_image_row (contours, y))[x] == 0;
}

int
test_fill_contours_ref (const TesseraImage *contours, TesseraImage *interior,
                        int connectivity)
{
  int width = contours->width, height = contours->height;
  size_t pixels = (size_t) width * height, head = 0, tail = 0;
  uint8_t *outside = calloc (pixels, 1);
  size_t *queue = malloc (pixels * sizeof *queue);

  if (outside == NULL || queue == NULL)
    {
      free (outside);
      free (queue);
      return 0;
    }
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if ((x == 0 || y == 0 || x == width - 1 || y == height - 1)
          && is_free (contours, x, y))
        {
          outside[(size_t) y * width + x] = 1;
          queue[tail++] = (size_t) y * width + x;
        }
  while (head < tail)
    {
      size_t at = queue[head++];
      int x = (int) (at % width), y = (int) (at / width);
      for (int k = 0; k < connectivity; k++)
        {
          int nx = x + step_x[k], ny = y + step_y[k];
          size_t next = (size_t) ny * width + nx;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height
              || outside[next] || !is_free (contours, nx, ny))
            continue;
          outside[next] = 1;
          queue[tail++] = next;
        }
    }
  for (int y = 0; y < height; y++)
    {
      uint8_t *out = tessera_image_row (interior, y);
      for (int x = 0; x < width; x++)
        out[x] = is_free (contours, x, y) && !outside[(size_t) y * width + x]
                 ? 255 : 0;
    }
  free (outside);
  free (queue);
  return 1;
}
