/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — what every verb does around the core call: the
 * exec from the common options, whole rasters in and out, errors as one
 * line and an exit code. */
#ifndef TESSERA_CLI_RUN_H
#define TESSERA_CLI_RUN_H

#include "cli-options.h"
#include "exec.h"
#include "image.h"
#include "progress-bar.h"
#include "raster.h"

/* An exec with COMMON's threads and backend, reporting to PROGRESS. */
TesseraExec cli_exec (const CliCommon *common, CliProgress *progress);

/* Opens PATH into *RASTER; CLI_EXIT_OK or CLI_EXIT_IO (said). */
int cli_open (const char *verb, const char *path, TesseraRaster **raster);

/* Reads all of RASTER into a new IMAGE of TYPE. */
int cli_read_all (const char *verb, TesseraRaster *raster,
                  TesseraSampleType type, TesseraImage *image);

/* Opens PATH into *RASTER and reads all of it, in its own sample type,
 * into a new IMAGE; on failure (said) *RASTER is closed. */
int cli_load (const char *verb, const char *path, TesseraRaster **raster,
              TesseraImage *image);

/* Writes IMAGE to PATH, shaped as IMAGE with HAS_ALPHA, with LIKE's
 * georeference. */
int cli_write_all (const char *verb, const char *path,
                   const TesseraImage *image, bool has_alpha,
                   const TesseraRaster *like);

/* Rows of a band of a raster shaped SHAPE: about 32 MiB of its pixels, at
 * least MIN_ROWS, at most the raster's height (TESSERA_CLI_BAND_ROWS sets
 * it, for tests that want many bands). */
int cli_band_rows (const TesseraRasterShape *shape, int min_rows);

/* CLI_EXIT_OK for TESSERA_OK, else the status said and CLI_EXIT_FAILED. */
int cli_status (const char *verb, TesseraStatus status);

/* The two file arguments IN and OUT of a verb that takes them, with
 * --help handled: CLI_EXIT_OK to go on, or the code to exit with (and
 * *DONE set). */
int cli_in_out (const char *verb, int argc, char **argv,
                const CliOption *options, CliCommon *common,
                const char *usage, const char *summary, const char **in,
                const char **out, bool *done);

#endif
