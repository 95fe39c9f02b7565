/* SPDX-License-Identifier: GPL-3.0-or-later */
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


/* Gap closing's limits, shared with the GPU: the longest walk along the
 * skeleton, the widest half-width looked at, and the samples of the ring
 * about an end, of which CAP_SAMPLES (150 degrees) must be free for it to
 * open like a cap. */
#define MAX_WALK 160
#define MAX_HALF_WIDTH (MAX_WALK / 8)
#define RING_SAMPLES 48
#define CAP_SAMPLES 20

/* Pixel indices (skeleton.h calls them Candidates). */
typedef struct
{
  size_t *at;
  size_t  count, capacity;
} RegionIndices;

/* The arguments of one call of tessera_fill_regions. */
typedef struct
{
  const TesseraImage       *contours;
  TesseraLabels            *labels;
  TesseraImage             *closures;   /* may be NULL */
  const TesseraFillRegions *params;
} RegionsCall;

/* A skeleton end as the GPU describes it for gap closing (gap-closing.c):
 * its half-width R, the walk back along the skeleton (STEPS cells, up to
 * 2R + 3, ending at TAIL), and whether it opens like a cap (CAP 1 or 0;
 * 2 where the end's own stroke must be looked at, on the host). */
typedef struct
{
  int32_t x, y, r, steps, tail_x, tail_y, cap;
} RegionEnd;

/* A branch that pruning removed (skeleton.h's Branch), and whether its
 * fork is an end of the pruned skeleton. */
typedef struct
{
  size_t  end, junction;
  int32_t fork_is_end;
} RegionFork;

/* TABLE ((MAX_HALF_WIDTH + 1) x RING_SAMPLES x 2) gets the offsets (x, y)
 * of the ring's samples about an end of each half-width. */
void          gap_cap_offsets (int8_t *table);

/* Gap closing from the ends the GPU found (FOUND, in raster order, then
 * the ends of the forks that pruning made, FORKS), on the line BLOCKED:
 * the closures are listed in DRAWN and set in BLOCKED. */
TesseraStatus gap_close_ends (uint8_t *blocked, int width, int height,
                              int gap, bool edge, int threads,
                              const RegionEnd *found, size_t n_found,
                              const RegionFork *forks, size_t n_forks,
                              RegionIndices *drawn);

/* The contour map as 0 (free) / 1 (line), rows packed. */
uint8_t      *region_blocked_from (const TesseraImage *contours, int threads);

/* MAP[s] for the sets: their final numbers 1..count in set order, 0 for
 * the outside; with MIN_REGION, after the small ones were absorbed (which
 * reads LABEL, the sets grown back; otherwise LABEL is not read). */
TesseraStatus region_final_numbers (const uint32_t *label,
                                    const uint8_t *blocked,
                                    const uint8_t *keep, uint32_t sets,
                                    int width, int height,
                                    const TesseraFillRegions *params,
                                    int threads, uint32_t *map,
                                    uint32_t *count);

/* CLOSURES (u8, BLOCKED's size) gets 255 on BLOCKED's closure pixels. */
void          region_closures_out (const uint8_t *blocked,
                                   TesseraImage *closures);

/* The whole call on the GPU (fill-regions-gpu.c): the thinning, pruning
 * and ends, the labelling, the grow-back and the numbering on the device;
 * the ends' headings, the rays and the absorbing of small regions on the
 * host. */
TesseraStatus regions_on_gpu (void *args, TesseraExec *exec);

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

/* The CPU's rules that the device applies too. */
#ifdef __CUDACC__
#define REGION_RULE __host__ __device__
#else
#define REGION_RULE
#endif

/* The closure pixels in a blocked map (gap_close). */
#define CLOSURE_PIXEL 2

/* grow_back's rule for one pixel of BLOCKED value B in set S (KEEP: the
 * sets' fates): its state, and *LABEL set to 0 where the pixel loses its
 * number (a target, or outside). */
static inline REGION_RULE uint8_t
grow_back_state (uint8_t b, uint32_t s, const uint8_t *keep, uint32_t *label)
{
  if (b == CLOSURE_PIXEL || (s != 0 && keep[s] == 2))
    {
      *label = 0;
      return GROW_TARGET;
    }
  if (b != 0)
    return GROW_IDLE;
  if (keep[s] == 0)
    *label = 0;
  return GROW_SOURCE;
}

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
 * On the CPU, on THREADS threads. */
TesseraStatus gap_close (uint8_t *blocked, int width, int height, int gap,
                         bool edge, int threads);

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
