/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-progress.h"

/* Each update is a round trip to GIMP: send one per percent at most. */
#define PROGRESS_STEP 0.01

void
tessera_progress_start (TesseraProgress *progress,
                        const gchar     *text)
{
  progress->stage_start = 0.0;
  progress->stage_share = 0.0;
  progress->shown       = 0.0;
  gimp_progress_init (text);
}

void
tessera_progress_stage (TesseraProgress *progress,
                        gdouble          share)
{
  progress->stage_start += progress->stage_share;
  progress->stage_share  = share;
}

gboolean
tessera_progress_update (TesseraProgress *progress,
                         gdouble          fraction)
{
  gdouble value;

  if (progress == NULL)
    return TRUE;

  value = progress->stage_start
          + progress->stage_share * CLAMP (fraction, 0.0, 1.0);
  if (value < progress->shown + PROGRESS_STEP && value < 1.0)
    return TRUE;

  progress->shown = value;
  return gimp_progress_update (MIN (value, 1.0));
}

static bool
exec_progress (double fraction,
               void  *user_data)
{
  return tessera_progress_update (user_data, fraction);
}

static void
exec_fallback (TesseraStatus why,
               void         *user_data)
{
  /* TRANSLATORS: %s says why the GPU could not be used. */
  g_message (_("%s; running on the CPU instead."),
             _(tessera_status_message (why)));
}

TesseraExec
tessera_progress_exec (TesseraProgress *progress,
                       TesseraBackend   backend)
{
  return tessera_exec_reporting (backend, exec_progress, exec_fallback,
                                 progress);
}
