/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — the progress bar (progress-bar.h). */
#include "progress-bar.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define BAR_WIDTH 40

static volatile sig_atomic_t cancelled;

static void
on_signal (int signal_number)
{
  (void) signal_number;
  cancelled = 1;
}

bool
cli_cancelled (void)
{
  return cancelled != 0;
}

void
cli_progress_start (CliProgress *progress, const char *label, bool quiet)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigaction (SIGINT, &action, NULL);
  sigaction (SIGTERM, &action, NULL);
  progress->label = label;
  progress->shown = ! quiet && isatty (STDERR_FILENO);
  progress->drawn = -1;
  progress->from = 0.0;
  progress->to = 1.0;
}

void
cli_progress_step (CliProgress *progress, double from, double to)
{
  progress->from = from;
  progress->to = to;
  cli_progress_report (0.0, progress);
}

static void
draw (const CliProgress *progress, int per_mille)
{
  char bar[BAR_WIDTH + 1];
  int  filled = per_mille * BAR_WIDTH / 1000;

  memset (bar, '#', (size_t) filled);
  memset (bar + filled, '.', (size_t) (BAR_WIDTH - filled));
  bar[BAR_WIDTH] = '\0';
  fprintf (stderr, "\r%s [%s] %3d%%", progress->label, bar, per_mille / 10);
  fflush (stderr);
}

bool
cli_progress_report (double fraction, void *data)
{
  CliProgress *progress = data;
  double       whole = progress->from
                       + (progress->to - progress->from) * fraction;
  int          per_mille = (int) (whole * 1000.0 + 0.5);

  if (per_mille < 0)
    per_mille = 0;
  if (per_mille > 1000)
    per_mille = 1000;
  if (progress->shown && per_mille / 5 != progress->drawn / 5)
    {
      draw (progress, per_mille);
      progress->drawn = per_mille;
    }
  return ! cancelled;
}

void
cli_progress_end (CliProgress *progress)
{
  if (progress->shown && progress->drawn >= 0)
    fputc ('\n', stderr);
  progress->drawn = -1;
}
