/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests and bench — generated line art with known regions, for
 * the gap closing of Fill Closed Contours (core/fill-regions.h).
 *
 * A drawing is a list of strokes (polylines, closed or open) laid out on a
 * grid of cells, one shape per cell: ellipses, sharp stars, crowns,
 * rectangles, rings (nested), peanuts with a narrow neck (2-5 px of free
 * pixels), spirals joined to a frame, and optionally hatching inside some
 * shapes, or large strokes that run off the canvas (full bleed).  It is
 * rendered as ink (u8, 0 paper .. 255 full ink), binary or anti-aliased,
 * with round caps and joins; GAPS cuts remove GAP_MIN..GAP_MAX pixels of
 * arc at random places of closed strokes, away from their corners and
 * from other strokes.  The regions are those of the same drawing rendered
 * without cuts and without hatching. */
#ifndef TESSERA_TEST_LINE_ART_H
#define TESSERA_TEST_LINE_ART_H

#include <stdbool.h>
#include "random.h"

typedef struct
{
  int    thickness_min, thickness_max;  /* pixels */
  bool   antialiased;
  int    gaps;                          /* cuts */
  int    gap_min, gap_max;              /* pixels of arc per cut */
  bool   full_bleed;                    /* strokes run off the canvas */
  bool   hatching;                      /* hatched shapes */
} LineArtParams;

typedef struct LineArt LineArt;

/* A drawing for a WIDTH x HEIGHT canvas. */
LineArt *line_art_new    (TestRandom *r, int width, int height,
                          const LineArtParams *params);
void     line_art_free   (LineArt *art);

/* Renders the drawing into INK (u8, one channel, the canvas size); with
 * CUT, with its gaps and hatching, else closed and bare. */
void     line_art_render (const LineArt *art, TesseraImage *ink, bool cut);

/* The contour map of INK: 255 where the ink is at least half. */
void     line_art_threshold (const TesseraImage *ink, TesseraImage *map);

#endif
