/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what Trace Line follows, as its dialogs offer it at the top of
 * their basic settings: an edge keeping the clicked side (dark on one
 * hand, light on the other), an edge on either side, or the centre of a
 * line of a given width.  The choice is the dialog's, not the PDB's: it
 * stands for the keep-side and line-width arguments, which scripts give. */
#ifndef TESSERA_TRACE_FOLLOW_H
#define TESSERA_TRACE_FOLLOW_H

#include <glib.h>
#include "trace-chain.h"

typedef enum
{
  TRACE_FOLLOW_EDGE_KEPT_SIDE,
  TRACE_FOLLOW_EDGE_EITHER_SIDE,
  TRACE_FOLLOW_CENTRE_LINE
} TraceFollow;

/* The width a centre line starts with when the dialog's line width was 0
 * (an edge): a narrow road on an aerial photo, in pixels. */
#define TRACE_FOLLOW_DEFAULT_WIDTH 6.0

/* The choices' labels, N_() (a TraceFollow indexes them), and the label
 * of the row. */
extern const gchar * const trace_follow_labels[3];
#define TRACE_FOLLOW_LABEL N_("Follo_w")
#define TRACE_FOLLOW_HELP  N_("An edge, with its dark side kept on the hand " \
                              "it was clicked on (or either side), or the " \
                              "centre line of a road, track or river of the " \
                              "line width")
/* The Output's second half, after Stroke the path: the dialog's own (no
 * argument of the PDB's), so that the stroke alone can be had. */
#define TRACE_KEEP_PATH_LABEL N_("Keep the path")
#define TRACE_KEEP_PATH_HELP  N_("Off: the path is removed once stroked, " \
                                 "only the stroke is left")

/* The expander of the settings that are seldom changed. */
#define TRACE_ADVANCED_LABEL N_("Ad_vanced")

/* What VALUES follow. */
TraceFollow trace_follow_of_values (const TraceValues *values);

/* VALUES set to follow FOLLOW: the keep-side, and the line width, which a
 * centre line takes from *WIDTH (the last one it had) and an edge keeps
 * there as it sets it to 0. */
void        trace_follow_set       (TraceValues       *values,
                                    TraceFollow        follow,
                                    gdouble           *width);

/* Tells the dialog tests what VALUES follow (ui/tessera-test-hook.h). */
void        trace_follow_note      (const TraceValues *values);

#endif
