/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the CPU: what its files share (private
 * to core/fill-contours*.c).
 *
 * core/fill-contours.c checks the arguments, picks the backend and the
 * method, and runs batches; one file per way to find the outside, all
 * giving the same mask:
 *   fill-contours-serial.c  SERIAL, a scanline flood from the border over
 *                           a u8 copy (one thread);
 *   fill-contours-paper.c   PAPER, the paper's parallel reverse fill with
 *                           labels and union-find (its fill stage also
 *                           feeds the GPU's merge);
 *   fill-contours-fast.c    FAST, union-find over runs of free pixels
 *                           (run-forest.h), strips of rows in parallel.
 * The border's pixels are numbered by border-pixels.h, as on the GPU. */
#ifndef TESSERA_FILL_CONTOURS_PRIVATE_H
#define TESSERA_FILL_CONTOURS_PRIVATE_H

#include <stdint.h>
#include <stdlib.h>
#include "array-reserve.h"
#include "border-pixels.h"
#include "fill-contours.h"

/* A growable stack of seeds, for the scanline fills. */
typedef struct
{
  int32_t x, y;
} Seed;

typedef struct
{
  Seed   *seeds;
  size_t  count, capacity;
} SeedStack;

static inline bool
seed_push (SeedStack *stack, int x, int y)
{
  /* The call only when full: pushes are the fills' inner loop. */
  if (stack->count == stack->capacity
      && !array_reserve ((void **) &stack->seeds, &stack->capacity,
                         stack->count, sizeof *stack->seeds))
    return false;
  stack->seeds[stack->count++] = (Seed) { x, y };
  return true;
}

static inline bool
seed_pop (SeedStack *stack, int *x, int *y)
{
  if (stack->count == 0)
    return false;
  stack->count--;
  *x = stack->seeds[stack->count].x;
  *y = stack->seeds[stack->count].y;
  return true;
}

/* The methods, from a checked host contour map to its interior mask. */
TesseraStatus fill_contours_serial (const TesseraImage *contours,
                                    TesseraImage *interior,
                                    int connectivity);
TesseraStatus fill_contours_paper  (const TesseraImage *contours,
                                    TesseraImage *interior,
                                    const TesseraFillContours *params,
                                    TesseraExec *exec);
TesseraStatus fill_contours_fast   (const TesseraImage *contours,
                                    TesseraImage *interior,
                                    int connectivity, TesseraExec *exec);

/* PAPER's interior seeds: PARAMS's, or the default. */
int           fill_contours_paper_seeds (const TesseraFillContours *params);

/* The fill stage of PAPER: LABELS (width*height) filled, and the value of
 * each label after the merge in *VALUE (LABEL_COUNT entries, to free). */
TesseraStatus fill_contours_paper_stage (const TesseraImage *contours,
                                         int connectivity, int seeds,
                                         int threads,
                                         _Atomic uint32_t *labels,
                                         uint8_t **value,
                                         uint32_t *label_count);

#endif
