/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — what the GIMP batch harness compares a procedure's result
 * with: per procedure, a function that runs the core on the pixels GIMP had
 * before the call.  A new procedure adds a check-NAME.c with its function
 * and one line in check-ops.c. */
#ifndef TESSERA_TEST_CHECK_OPS_H
#define TESSERA_TEST_CHECK_OPS_H

#include <stdbool.h>
#include "image.h"

/* Runs the core on SRC into DST (same shape, allocated by the caller).
 * ARGS are the N_ARGS words that follow the operation's name in the case
 * file; HAS_ALPHA says whether SRC's last channel is alpha. */
typedef TesseraStatus (*CheckOpFunc) (char *const        *args,
                                      const TesseraImage *src,
                                      TesseraImage       *dst,
                                      bool                has_alpha);

typedef struct
{
  const char  *name;
  int          n_args;
  const char  *usage;     /* the arguments, for error messages */
  CheckOpFunc  run;
} CheckOp;

/* NULL when there is no operation NAME. */
const CheckOp *check_op_find (const char *name);

/* Parses an integer argument; false (and a line on stderr) if it is not one. */
bool           check_op_int  (const char *text, int *value);

TesseraStatus  check_box_blur (char *const *args, const TesseraImage *src,
                               TesseraImage *dst, bool has_alpha);
TesseraStatus  check_fill_contours (char *const *args,
                                    const TesseraImage *src,
                                    TesseraImage *dst, bool has_alpha);
TesseraStatus  check_mst_segment (char *const *args,
                                  const TesseraImage *src, TesseraImage *dst,
                                  bool has_alpha);
/* mst-segment on the right half alone, the left half kept: what a layer
 * whose left half is transparent must give (gimp-check make's
 * half-hidden). */
TesseraStatus  check_mst_segment_seen (char *const *args,
                                       const TesseraImage *src,
                                       TesseraImage *dst, bool has_alpha);
TesseraStatus  check_reconstruct (char *const *args,
                                  const TesseraImage *src, TesseraImage *dst,
                                  bool has_alpha);
TesseraStatus  check_reconstruct_preset (char *const *args,
                                         const TesseraImage *src,
                                         TesseraImage *dst, bool has_alpha);

#endif
