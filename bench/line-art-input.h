/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench fill-contours — generated line art with known regions
 * (tests/reference/line-art.h) as the input, for scoring gap closing,
 * edge regions and hatching against peers (bench/peers/line_art_score.py). */
#ifndef BENCH_LINE_ART_INPUT_H
#define BENCH_LINE_ART_INPUT_H

#include <stdbool.h>
#include "op.h"
#include "pnm.h"

typedef enum
{
  LINE_ART_NONE = 0,
  LINE_ART_CLOSED,     /* closed shapes */
  LINE_ART_GAPS,       /* the same with CUTS cuts of 1..GAP_MAX px */
  LINE_ART_BLEED,      /* strokes that run off the canvas */
  LINE_ART_HATCHING    /* cross-hatching inside some shapes */
} LineArtKind;

/* "closed", "gaps", "bleed", "hatching", in that order from 1. */
extern const char *const line_art_kind_names[];

typedef struct
{
  LineArtKind kind;
  bool        antialiased;
  int         cuts;       /* LINE_ART_GAPS */
  int         gap_max;    /* pixels of arc per cut, 1..GAP_MAX */
  const char *truth_path; /* --save-truth: 16-bit PGM of the known regions */
} LineArtInput;

/* Draws the line art into INK (u8, 255 full ink; allocated here) for
 * CONFIG's size and seed (640x480 by default), writes INK to --save-input
 * and the known regions to TRUTH_PATH when given. */
TesseraStatus line_art_input (const LineArtInput *art,
                              const BenchConfig *config, TesseraImage *ink);

/* Writes the region numbers LABEL (W*H) as a 16-bit PGM; false (said on
 * stderr) when there are more than 65535. */
TesseraStatus line_art_write_labels (const char *path, const uint32_t *label,
                                     int width, int height, uint32_t count);

#endif
