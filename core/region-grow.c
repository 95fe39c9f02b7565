/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — growing region numbers into pixels that have none, in rounds
 * (see region_grow in fill-regions-private.h): the bleed under the line,
 * the line split at its centre, and the gaps' closing segments given back
 * to the regions around them.  A round reads only what earlier rounds
 * wrote, so the result does not depend on the order of the pixels. */
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"

static const int step_x[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int step_y[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

/* The pixels a round gave a value. */
#define GROW_TAKEN 3

bool
region_grow (uint32_t *label, uint8_t *state, int width, int height,
             int steps, int connectivity)
{
  size_t pixels = (size_t) width * height, pending = 0, capacity = 0;
  size_t *todo = NULL;

  if (!array_reserve ((void **) &todo, &capacity, 0, sizeof *todo))
    return false;
  /* Eight states at a time: most words hold no target. */
  for (size_t i = 0; i < pixels; i++)
    {
      uint64_t word;
      if (i % 8 == 0 && i + 8 <= pixels)
        {
          memcpy (&word, state + i, 8);
          /* No byte equal to GROW_TARGET (2): skip the eight. */
          uint64_t x = word ^ 0x0202020202020202ull;
          if (((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull) == 0)
            {
              i += 7;
              continue;
            }
        }
      if (state[i] != GROW_TARGET)
        continue;
      if (!array_reserve ((void **) &todo, &capacity, pending, sizeof *todo))
        {
          free (todo);
          return false;
        }
      todo[pending++] = i;
    }

  for (int round = 0; pending > 0 && (steps < 0 || round < steps); round++)
    {
      size_t kept = 0, taken = 0;

      /* Takers move to the front, in order; the rest stay behind them. */
      for (size_t i = 0; i < pending; i++)
        {
          size_t at = todo[i];
          int x = (int) (at % (size_t) width), y = (int) (at / (size_t) width);
          int k;

          for (k = 0; k < connectivity; k++)
            {
              int nx = x + step_x[k], ny = y + step_y[k];
              size_t n;
              if (nx < 0 || ny < 0 || nx >= width || ny >= height)
                continue;
              n = (size_t) ny * width + nx;
              if (state[n] == GROW_SOURCE)
                {
                  label[at] = label[n];
                  state[at] = GROW_TAKEN;
                  break;
                }
            }
          if (k < connectivity)
            taken++;
        }
      if (taken == 0)
        break;
      for (size_t i = 0; i < pending; i++)
        {
          size_t at = todo[i];
          if (state[at] == GROW_TAKEN)
            state[at] = GROW_SOURCE;
          else
            todo[kept++] = at;
        }
      pending = kept;
    }
  free (todo);
  return true;
}
