/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — a progress bar on the terminal (stderr), drawn
 * only when stderr is one; SIGINT and SIGTERM cancel the operation. */
#ifndef TESSERA_CLI_PROGRESS_BAR_H
#define TESSERA_CLI_PROGRESS_BAR_H

#include <stdbool.h>

typedef struct
{
  const char *label;
  bool        shown;      /* drawing (stderr is a terminal, not quiet) */
  int         drawn;      /* per mille last drawn, -1: none yet */
  double      from, to;   /* the part of the whole this step covers */
} CliProgress;

void cli_progress_start (CliProgress *progress, const char *label,
                         bool quiet);
/* The next step covers FROM..TO of the whole (0..1). */
void cli_progress_step  (CliProgress *progress, double from, double to);
/* A TesseraProgressFunc: FRACTION of the current step; false once
 * cancelled by a signal. */
bool cli_progress_report (double fraction, void *progress);
void cli_progress_end   (CliProgress *progress);
/* Whether SIGINT or SIGTERM came. */
bool cli_cancelled      (void);

#endif
