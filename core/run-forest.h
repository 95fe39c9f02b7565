/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the runs of free (zero) pixels of a u8 map as the nodes of a
 * union-find forest, built in strips of rows on their own threads.
 * Private to the core: FAST (fill-contours-fast.c) asks only whether a run
 * reaches the border, region_label (region-label.c) numbers every set.
 *
 * Each strip numbers its nodes in a range of its own, reserved for the
 * most runs its rows can hold (one per two pixels) after EXTRA nodes of
 * the caller's: the strips fill one array without waiting for each other's
 * counts, and only the pages in use are ever touched.  Unions keep the
 * smaller node as root (union-find.h). */
#ifndef TESSERA_RUN_FOREST_H
#define TESSERA_RUN_FOREST_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "union-find.h"

typedef struct
{
  int32_t x0, x1;   /* free pixels [x0, x1) of one row */
} Run;

typedef struct
{
  Run      *runs;       /* by node */
  uint32_t *parent;     /* by node */
  uint32_t *row_first;  /* node of each row's first run */
  uint32_t *row_end;    /* one past each row's last run */
  size_t    nodes;      /* reserved */
} RunForest;

typedef struct
{
  int      y0, y1;      /* rows [y0, y1) */
  uint32_t first;       /* the strip's first node (its EXTRA ones first) */
} RunStrip;

/* The index of the first non-zero byte of WORD in memory order. */
static inline int
first_nonzero_byte (uint64_t word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return __builtin_clzll (word) >> 3;
#else
  return __builtin_ctzll (word) >> 3;
#endif
}

/* The first free (zero) sample of ROW in [X, WIDTH), or WIDTH.  Contour
 * lines are thin: memchr is quick to the next free sample. */
static inline int
next_free (const uint8_t *row, int x, int width)
{
  const uint8_t *hit = memchr (row + x, 0, (size_t) (width - x));
  return hit != NULL ? (int) (hit - row) : width;
}

/* The first non-zero sample of ROW in [X, WIDTH), or WIDTH.  Free runs
 * are long, so this looks at 32 samples at a time. */
static inline int
next_nonzero (const uint8_t *row, int x, int width)
{
  for (; x + 32 <= width; x += 32)
    {
      uint64_t w[4];
      memcpy (w, row + x, sizeof w);
      if ((w[0] | w[1] | w[2] | w[3]) != 0)
        break;
    }
  for (; x + 8 <= width; x += 8)
    {
      uint64_t word;
      memcpy (&word, row + x, sizeof word);
      if (word != 0)
        return x + first_nonzero_byte (word);
    }
  for (; x < width; x++)
    if (row[x] != 0)
      return x;
  return width;
}

/* How many strips of rows for THREADS threads: a few per thread even out
 * uneven rows; each seam costs a row. */
static inline int
run_strip_count (int threads, int height)
{
  return 4 * threads < height ? 4 * threads : height;
}

/* Cuts HEIGHT rows into COUNT strips and reserves their node ranges, EXTRA
 * nodes first in each; false when the nodes do not fit in 32 bits or in
 * memory. */
bool run_forest_new  (RunForest *forest, RunStrip *strips, int count,
                      int width, int height, int extra);
void run_forest_free (RunForest *forest);

/* Unites the runs of row Y-1 with the touching runs of row Y: their
 * columns overlap, or, with SLACK 1 (8-connectivity), they are diagonal
 * neighbours. */
void run_forest_unite_rows (const RunForest *forest, int slack, int y);

#endif
