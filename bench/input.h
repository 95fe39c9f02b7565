/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — the images an op works on: files and made-up noise. */
#ifndef BENCH_INPUT_H
#define BENCH_INPUT_H

#include <stdbool.h>
#include "op.h"
#include "pnm.h"

/* The op's input image: the --input file, or random noise (never all zero)
 * of --width x --height with --channels and --type, else CHANNELS and TYPE.
 * FORMAT gets the format to write results in (PAM for noise).  Writes the
 * image to --save-input when given.  Says what went wrong on stderr; a
 * missing size is TESSERA_ERROR_INVALID_ARGUMENT. */
TesseraStatus bench_input_image (const BenchConfig *config, int channels,
                                 TesseraSampleType type, TesseraImage *image,
                                 PnmFormat *format);

/* Writes an input the op made itself (not noise) to --save-input, when
 * given; bench_input_image does this for its own. */
TesseraStatus bench_save_input  (const BenchConfig *config,
                                 const TesseraImage *image,
                                 const PnmFormat *format);

/* Whether the input was saved for --save-input. */
bool          bench_input_saved (void);

/* Reads a further file that an op's option names (a marker, a mask…);
 * says on stderr what went wrong. */
TesseraStatus bench_read_image  (const char *path, TesseraImage *image,
                                 PnmFormat *format);

/* Writes IMAGE to PATH in the format of its input (see pnm_format_like);
 * says on stderr what went wrong. */
TesseraStatus bench_write_image (const char *path, const TesseraImage *image,
                                 const PnmFormat *input_format);

/* Fills IMAGE with noise over its sample type's range (floats in [0, 1)),
 * the same for the same SEED; the first sample is never zero. */
void          bench_fill_noise  (TesseraImage *image, uint64_t seed);

#endif
