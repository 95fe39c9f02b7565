/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the bottom-up half of the weighted method (core/mst-weighted.c):
 * the tree over-split into more parts than asked for, then the parts
 * merged back by Ward's cost, cheapest pair first.  On the classes'
 * moments alone, so that the CPU and the GPU (which keeps its labels on
 * the device) merge alike. */
#ifndef TESSERA_MST_MERGE_H
#define TESSERA_MST_MERGE_H

#include <stdbool.h>
#include <stdint.h>
#include "mst-ward.h"

/* How many parts to split the tree into before merging down to K. */
int  tessera_mst_over_split  (int k);

/* Merges the K parts of MOMENTS (changed), cheapest pair first, down to
 * WANTED; a merged pair keeps the lower number, and parts without pixels
 * are never merged.  INTO gets, per part, the part it ended in. */
void tessera_mst_ward_merge  (TesseraMstMoments *moments, int k, int wanted,
                              uint32_t *into);

/* Numbers the K classes marked USED 0, 1, ... in order into RENUMBER (0 for
 * the others) and returns how many there are. */
int  tessera_mst_renumber    (const bool *used, int k, uint32_t *renumber);

#endif
