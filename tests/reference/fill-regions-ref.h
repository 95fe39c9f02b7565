/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the obvious references for core/fill-regions.h: the
 * regions by a breadth-first flood from each unlabelled free pixel in
 * raster order, and the score of a labelling against known regions. */
#ifndef TESSERA_TEST_FILL_REGIONS_REF_H
#define TESSERA_TEST_FILL_REGIONS_REF_H

#include <stdbool.h>
#include <stdint.h>
#include "image.h"

/* LABEL (W*H) of the free (zero) pixels of MAP, 1..count in the raster
 * order of each region's first pixel, 0 on the line and outside: a region
 * touching the edge is outside, or with EDGE_REGIONS one touching all four
 * sides.  Returns count. */
uint32_t test_fill_regions_ref (const TesseraImage *map, int connectivity,
                                bool edge_regions, uint32_t *label);

typedef struct
{
  int regions;   /* known regions of at least the minimum size */
  int correct;   /* one label covers >= 95% of it, and no other region */
  int merged;    /* its main label is also the main label of another */
  int empty;     /* mostly unlabelled */
  int split;     /* a second label covers >= 5% (and 10 px) of it */
  int extra;     /* labels that are no known region's main label (of
                  * any size) */
} RegionScore;

/* Scores LABEL against TRUTH (both W*H; TRUTH numbered 1..TRUTH_COUNT,
 * LABEL 1..COUNT) over the pixels free in MAP; known regions smaller than
 * MIN_SIZE are left out. */
RegionScore test_score_regions (const uint32_t *truth, uint32_t truth_count,
                                const uint32_t *label, uint32_t count,
                                const TesseraImage *map, int min_size);

#endif
