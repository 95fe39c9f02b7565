/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — each operation's CPU and CUDA paths on random inputs,
 * compared exactly (integer results) or within a stated bound (floats).
 *
 * An operation joins with one file, tests/gpu/parity-NAME.c, defining
 *
 *   void parity_NAME (Parity *p);
 *
 * which runs p->cases random cases (drawing from p->random) and reports
 * each through parity_result; and one line, X (NAME, "name"), in
 * PARITY_OPS of parity.c.  Plain C, no GLib: it runs on the GPU machine. */
#ifndef TESSERA_PARITY_H
#define TESSERA_PARITY_H

#include <stdbool.h>
#include <stddef.h>
#include "image.h"
#include "mst-segment.h"
#include "random.h"

typedef struct
{
  TestRandom random;
  int        cases;     /* random cases per operation (--cases) */
  int        passed;
  int        failed;
} Parity;

/* Reports one check as a TAP line, "ok N - WHAT" or "not ok N - WHAT" (WHAT
 * printf-style), followed on failure by the DETAIL line when not empty. */
void parity_result (Parity *p, bool ok, const char *detail,
                    const char *what, ...)
  __attribute__ ((format (printf, 4, 5)));

/* A TAP comment line ("# …"). */
void parity_note (const char *format, ...)
  __attribute__ ((format (printf, 1, 2)));

/* A host image, with rows padded beyond the packed stride when PADDED,
 * filled with 0xA5 bytes so that unwritten pixels show; free with free
 * (image->data). */
TesseraStatus parity_image_alloc (TesseraImage *image, int width, int height,
                                  int channels, TesseraSampleType type,
                                  bool padded);

/* Whether A and B hold the same samples; on a difference, DETAIL (of SIZE
 * bytes) says where and what. */
bool parity_images_equal (const TesseraImage *a, const TesseraImage *b,
                          char *detail, size_t size);

/* Smooth colour gradients with noise of random strength in the first three
 * channels of an 8-bit IMAGE of 3 or more channels: many colours, some
 * structure (tests/gpu/parity-mst-segment.c). */
void parity_colour_field (TestRandom *r, TesseraImage *image);

/* Whether A and B are the same classes of N_COLOURS colours (numbers,
 * pixels, mean bits); DETAIL says where they differ. */
bool parity_same_classes (const TesseraMstClasses *a,
                          const TesseraMstClasses *b, size_t n_colours,
                          char *detail, size_t size);

#endif
