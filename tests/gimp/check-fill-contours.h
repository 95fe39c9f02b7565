/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — what the GIMP harnesses compare Fill Closed Contours'
 * outputs with: the core's interior of the contour map the procedure reads
 * from the drawable's pixels, grown under the contour by the bleed; and
 * line art to run it on. */
#ifndef TESSERA_TEST_CHECK_FILL_CONTOURS_H
#define TESSERA_TEST_CHECK_FILL_CONTOURS_H

#include <stdbool.h>
#include "image.h"
#include "random.h"

/* gimp-check make's patterns for the fill (see check_line_art_fill). */
typedef enum
{
  LINE_ART_INK,     /* dark lines on light paper */
  LINE_ART_LIGHT,   /* light lines on dark paper */
  LINE_ART_PAPER    /* the paper alone: no contour for any source */
} LineArt;

/* Parses a pattern name ("ink", "light", "paper"); false for others. */
bool check_line_art_parse (const char *name, LineArt *kind);

/* Paints random closed and open shapes into IMAGE (any type and channels;
 * with 2 or 4 channels the last is alpha): the lines opaque-ish, the paper
 * transparent-ish, the pixels next to a line anything (anti-aliasing).
 * Lines and paper keep clear of the thresholds the case file uses, so
 * every source and output has regions worth filling. */
void check_line_art_fill (TesseraImage *image, TestRandom *random,
                          LineArt kind);

/* Compares RESULT, the procedure's OUTPUT, with what the core makes of
 * BEFORE (the drawable's pixels; alpha last when HAS_ALPHA).  ARGS:
 *   OUTPUT RESULT MASK|- SOURCE THRESHOLD-PERMILLE CONNECTIVITY BLEED
 *   FOREGROUND TRC
 * OUTPUT is one of
 *   layer      RESULT is the new layer: black where filled, with the
 *              selection's opacity, transparent elsewhere;
 *   flat       RESULT is the flat-colour layer: the same opacity, each
 *              enclosed region one colour that no other region has, each
 *              pixel under the line the colour of a pixel painted one step
 *              before it;
 *   selection  RESULT is the selection after the call ("Y float"): the
 *              filled pixels, intersected with MASK.
 * MASK is the selection before the call ("Y float") or - for none;
 * FOREGROUND is the foreground colour as RRGGBB, TRC the drawable's
 * (linear or perceptual).  Says what differs on
 * stdout; returns 0 when nothing does, 1 when something does, 2 for bad
 * arguments or files. */
int  check_fill_output (const TesseraImage *before, bool has_alpha,
                        char *const *args, int n_args);

#endif
