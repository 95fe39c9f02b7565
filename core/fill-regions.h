/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of line art, for colouring: every free area the
 * lines enclose gets a region number, with the gaps of real drawings
 * closed, full-bleed art filled, specks absorbed, and the lines coloured
 * from the regions on either side.
 *
 * Input: a contour map as in fill-contours.h (u8, one channel, non-zero:
 * line).  Output: TesseraLabels, a region number per pixel, 1..count in
 * the raster order of each region's first pixel, 0 on the lines and
 * outside.  With every option off, the pixels with a number are exactly
 * the interior of tessera_fill_contours (same connectivity).
 *
 * The steps, in order:
 *  1. Gap closing (GAP > 0, gap-closing.c).  The lines are thinned to
 *     one-pixel skeletons; a skeleton end that is not a spur of a thick
 *     line's corner is a line end.  From each line end, rays in a cone of
 *     +-60 degrees about the line's heading, and rays straight at other
 *     line ends nearby, look for a line (or, with edge regions, the canvas
 *     edge) at most GAP free pixels away that is not the end's own stroke
 *     nearby; the shortest becomes a 4-connected closing segment.
 *     Closed lines have no ends, so closed art is never cut (stars, rings,
 *     narrow necks); a spiral's inner end closes only when a line lies
 *     ahead of it within GAP.
 *  2. Labelling of the free pixels of lines + segments.  A region that
 *     touches the canvas edge is outside (0).  With EDGE_REGIONS the edge
 *     counts as a line: only the region that touches all four sides of the
 *     canvas (the paper around a drawing; there is at most one) is outside.
 *  3. The segments' own pixels, and pockets the segments cut off (at most
 *     2 GAP (GAP + 1) pixels), are grown back from the regions around
 *     them, so every free pixel of a region is numbered up to the line,
 *     the gap's mouth included.
 *  4. Minimum region (MIN_REGION > 0): a region of fewer pixels is
 *     absorbed by the neighbour it shares most line with (the outside
 *     counts as a neighbour).  Small regions that touch a large one go
 *     first, then the rest, smallest first, until none is left.
 *
 * Colouring under the line (tessera_fill_regions_under_line) then numbers
 * line pixels too: BLEED steps out from the regions (today's bleed), or
 * TO_CENTRE: every line pixel takes the number of the nearest free pixel
 * (steps of 8-neighbours, ties to the first neighbour in a fixed order),
 * 0 where that is outside, so a line between two regions is split at its
 * centre and the outer contour is coloured on its inner half. */
#ifndef TESSERA_FILL_REGIONS_H
#define TESSERA_FILL_REGIONS_H

#include <stdint.h>
#include "exec.h"
#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TESSERA_FILL_REGIONS_MAX_GAP 64
#define TESSERA_FILL_REGIONS_MAX_BLEED 64

typedef struct
{
  int  connectivity;   /* 4 or 8, of the free pixels (see fill-contours.h) */
  int  gap;            /* largest gap closed, pixels; 0: exact */
  bool edge_regions;   /* the canvas edge closes regions */
  int  min_region;     /* pixels; 0: keep every region */
  int  bleed;          /* under_line: steps into the line, 0..MAX_BLEED */
  bool to_centre;      /* under_line: to the line's centre instead */
} TesseraFillRegions;

/* A region number per pixel, rows packed. */
typedef struct
{
  uint32_t *label;
  int       width;
  int       height;
  uint32_t  count;     /* regions, numbered 1..count */
} TesseraLabels;

/* Defaults: 4-connected, every option off. */
TesseraFillRegions tessera_fill_regions_defaults (void);

TesseraStatus tessera_labels_alloc (TesseraLabels *labels, int width,
                                    int height);
void          tessera_labels_free  (TesseraLabels *labels);

/* Checks PARAMS, and that CONTOURS is a host u8 one-channel image the
 * size of LABELS (CLOSURES too, when not NULL). */
TesseraStatus tessera_fill_regions_check (const TesseraImage *contours,
                                          const TesseraLabels *labels,
                                          const TesseraImage *closures,
                                          const TesseraFillRegions *params);

/* Steps 1-4 above into LABELS.  CLOSURES (u8, may be NULL) gets 255 on the
 * pixels of the closing segments that were free, 0 elsewhere.  EXEC may be
 * NULL.  On the GPU (the backend EXEC asks for), the map stays on
 * the device for the thinning, labelling, grow-back and numbering; gap
 * closing's ends and rays and the absorbing of small regions run on the
 * host (EXEC's threads) in either case; the labels are the same. */
TesseraStatus tessera_fill_regions (const TesseraImage *contours,
                                    TesseraLabels *labels,
                                    TesseraImage *closures,
                                    const TesseraFillRegions *params,
                                    TesseraExec *exec);

/* Numbers CONTOURS' line pixels in LABELS (a result of
 * tessera_fill_regions on the same map) by PARAMS's BLEED or TO_CENTRE. */
TesseraStatus tessera_fill_regions_under_line (const TesseraImage *contours,
                                               TesseraLabels *labels,
                                               const TesseraFillRegions *params);

/* The colour guide: COLOUR_OF (LABELS->count + 1 entries) gets, for each
 * region, the most frequent colour of GUIDE (R'G'B'A u8, the size of
 * LABELS) over the region's numbered pixels where GUIDE is at least half
 * opaque, as 0x01RRGGBB (ties to the smaller RGB), or 0 where no dab
 * touches it.  Call it before colouring under the line, so that a dab
 * counts for the region it lies in, not for the line. */
TesseraStatus tessera_fill_regions_guide (const TesseraLabels *labels,
                                          const TesseraImage *guide,
                                          uint32_t *colour_of);

#ifdef __cplusplus
}
#endif

#endif
