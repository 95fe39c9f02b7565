/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what Trace Line follows (trace-follow.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "tessera-test-hook.h"
#include "trace-follow.h"

const gchar * const trace_follow_labels[3] =
{
  N_("An edge, keeping its clicked side"),
  N_("An edge, either side"),
  N_("The centre of a line")
};

TraceFollow
trace_follow_of_values (const TraceValues *values)
{
  if (values->line_width > 0.0)
    return TRACE_FOLLOW_CENTRE_LINE;
  return values->keep_side ? TRACE_FOLLOW_EDGE_KEPT_SIDE
                           : TRACE_FOLLOW_EDGE_EITHER_SIDE;
}

void
trace_follow_set (TraceValues *values,
                  TraceFollow  follow,
                  gdouble     *width)
{
  if (values->line_width > 0.0)
    *width = values->line_width;
  switch (follow)
    {
    case TRACE_FOLLOW_CENTRE_LINE:
      values->line_width = *width > 0.0 ? *width : TRACE_FOLLOW_DEFAULT_WIDTH;
      break;
    case TRACE_FOLLOW_EDGE_KEPT_SIDE:
    case TRACE_FOLLOW_EDGE_EITHER_SIDE:
      values->line_width = 0.0;
      values->keep_side  = follow == TRACE_FOLLOW_EDGE_KEPT_SIDE;
      break;
    }
}

void
trace_follow_note (const TraceValues *values)
{
  static const gchar * const nicks[] = { "edge, clicked side", "edge",
                                         "centre line" };
  gchar *text = g_strdup_printf ("%s, line width %g",
                                 nicks[trace_follow_of_values (values)],
                                 values->line_width);

  tessera_test_hook_note ("follow", text);
  g_free (text);
}
