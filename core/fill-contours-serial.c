/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours, SERIAL (fill-contours-private.h): mark
 * every free pixel FREE, flood the border's from the border back to 0;
 * what stays FREE is inside.  One thread: the paper's baseline. */
#include <string.h>
#include "fill-contours-private.h"

#define FREE 255   /* a free pixel the border has not reached yet */

/* Pushes one seed for each run of FREE pixels of ROW in [X0, X1). */
static bool
push_free_runs (SeedStack *stack, const uint8_t *row, int x0, int x1, int y)
{
  for (int x = x0; x < x1; x++)
    if (row[x] == FREE && (x == x0 || row[x - 1] != FREE)
        && !seed_push (stack, x, y))
      return false;
  return true;
}

static bool
flood_outside (TesseraImage *mask, int x, int y, int slack, SeedStack *stack)
{
  int width = mask->width;

  if (!seed_push (stack, x, y))
    return false;
  while (seed_pop (stack, &x, &y))
    {
      uint8_t *row = tessera_image_row (mask, y);
      int left = x, right = x + 1;

      if (row[x] != FREE)
        continue;
      while (left > 0 && row[left - 1] == FREE)
        left--;
      while (right < width && row[right] == FREE)
        right++;
      memset (row + left, 0, (size_t) (right - left));

      left = left - slack > 0 ? left - slack : 0;
      right = right + slack < width ? right + slack : width;
      if ((y > 0 && !push_free_runs (stack, tessera_image_row (mask, y - 1),
                                     left, right, y - 1))
          || (y + 1 < mask->height
              && !push_free_runs (stack, tessera_image_row (mask, y + 1),
                                  left, right, y + 1)))
        return false;
    }
  return true;
}


TesseraStatus
fill_contours_serial (const TesseraImage *contours, TesseraImage *interior,
                      int connectivity)
{
  SeedStack stack = { NULL, 0, 0 };
  size_t border = border_length (contours->width, contours->height);
  bool ok = true;

  for (int y = 0; y < contours->height; y++)
    {
      const uint8_t *in = tessera_image_row (contours, y);
      uint8_t *out = tessera_image_row (interior, y);
      for (int x = 0; x < contours->width; x++)
        out[x] = in[x] ? 0 : FREE;
    }
  for (size_t i = 0; i < border && ok; i++)
    {
      int x, y;
      border_pixel (i, interior->width, interior->height, &x, &y);
      if (((uint8_t *) tessera_image_row (interior, y))[x] == FREE)
        ok = flood_outside (interior, x, y, connectivity == 8, &stack);
    }
  free (stack.seeds);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
