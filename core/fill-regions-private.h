/* Tessera — the steps of tessera_fill_regions (fill-regions.h), one file
 * each; private to the core (and to the CUDA backend, which must match
 * them pixel for pixel). */
#ifndef TESSERA_FILL_REGIONS_PRIVATE_H
#define TESSERA_FILL_REGIONS_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include "array-reserve.h"
#include "fill-regions.h"

#ifdef __cplusplus
extern "C" {
#endif


/* The sides of the canvas a region touches (RegionSets.sides). */
enum
{
  REGION_LEFT = 1, REGION_RIGHT = 2, REGION_TOP = 4, REGION_BOTTOM = 8,
  REGION_ALL_SIDES = 15
};

/* The connected sets of free (zero) pixels of a blocked map. */
typedef struct
{
  uint32_t  count;   /* sets, numbered 1..count */
  uint8_t  *sides;   /* by set number (count + 1 entries) */
  uint64_t *area;    /* by set number */
} RegionSets;

/* LABEL (W*H) gets the set number of each free pixel of BLOCKED (W*H,
 * non-zero: blocked) and 0 on blocked pixels; sets are numbered in the
 * raster order of their first pixel.  Union-find over runs, in strips of
 * rows on THREADS threads. */
TesseraStatus region_label (const uint8_t *blocked, int width, int height,
                            int connectivity, int threads, uint32_t *label,
                            RegionSets *sets);
void          region_sets_free (RegionSets *sets);

/* The states of region_grow's pixels. */
enum
{
  GROW_IDLE = 0,     /* neither gives nor takes */
  GROW_SOURCE = 1,   /* has its value */
  GROW_TARGET = 2    /* takes a value */
};

/* Grows LABEL into the GROW_TARGET pixels of STATE (both W*H), in rounds:
 * in each, a target with a neighbour that was a source before the round
 * takes the value of the first such neighbour (right, left, down, up, then
 * the diagonals with CONNECTIVITY 8) and becomes a source.  At most STEPS
 * rounds (< 0: until nothing changes).  STATE is changed.  False when out
 * of memory. */
bool          region_grow (uint32_t *label, uint8_t *state, int width,
                           int height, int steps, int connectivity);

/* Adds to BLOCKED (W*H, rows packed; 0 free, else line) the closing
 * segments of gaps of at most GAP free pixels, as CLOSURE_PIXEL on pixels
 * that were free; with EDGE, the canvas edge is a line they may reach.
 * The thinning runs on EXEC's backend (EXEC->backend_used tells which). */
#define CLOSURE_PIXEL 2
TesseraStatus gap_close (uint8_t *blocked, int width, int height, int gap,
                         bool edge, TesseraExec *exec);

/* Absorbs the regions of LABEL (numbers 1..COUNT, 0 outside; W*H) with
 * fewer than MIN_AREA pixels into the neighbour each shares most line with
 * (LINE: W*H, non-zero on line pixels).  MAP (COUNT + 1 entries) gets the
 * number each region ends up as (0: outside); LABEL is not changed. */
TesseraStatus region_merge (const uint32_t *label, const uint8_t *line,
                            int width, int height, uint32_t count,
                            uint64_t min_area, int threads, uint32_t *map);

#ifdef __cplusplus
}
#endif

#endif
