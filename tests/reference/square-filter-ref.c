/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdint.h>
#include "square-filter-ref.h"

void
test_square_filter_ref (const TesseraImage *src, TesseraImage *dst,
                        int radius, int maximum)
{
  for (int y = 0; y < src->height; y++)
    for (int x = 0; x < src->width; x++)
      for (int c = 0; c < src->channels; c++)
        {
          double best = NAN;
          void  *row = tessera_image_row (dst, y);
          size_t i = (size_t) x * src->channels + c;

          for (int v = y - radius; v <= y + radius; v++)
            for (int u = x - radius; u <= x + radius; u++)
              {
                double s;
                if (u < 0 || v < 0 || u >= src->width || v >= src->height)
                  continue;
                s = tessera_image_sample (src, u, v, c);
                if (isnan (best) || (maximum ? s > best : s < best))
                  best = s;
              }
          switch (src->type)
            {
            case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) best; break;
            case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) best; break;
            case TESSERA_F32: ((float *) row)[i] = (float) best; break;
            }
        }
}
