/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line: GIMP paths in and out.  Points here are in image
 * coordinates, as paths are. */
#ifndef TESSERA_TRACE_PATH_H
#define TESSERA_TRACE_PATH_H

#include <libgimp/gimp.h>
#include "trace-line.h"

/* The anchors of the first stroke of IMAGE's active path, appended to
 * ANCHORS (TesseraPoint); *CLOSED says whether that stroke is closed.
 * An error when there is no active path or it has no stroke. */
gboolean trace_path_anchors (gint32               image,
                             GArray              *anchors,
                             gboolean            *closed,
                             GError             **error);

/* POINTS rounded as a GIMP path holds them: to single precision. */
void     trace_path_round   (GArray              *points);

/* The traced POLYLINE (N_POINTS, closed or not) as the control points of
 * Bézier segments within TOLERANCE pixels of it (core/bezier-fit.h), with
 * an anchor on each of the N_CLICKS clicks, which the polyline passes every
 * POINTS_PER_LINK points from its first; TOLERANCE 0 keeps every point an
 * anchor, with straight segments. *N_CONTROL receives their number. */
TesseraPoint *trace_path_fit (const TesseraPoint *polyline,
                              gint                n_points,
                              gboolean            closed,
                              gint                points_per_link,
                              gdouble             tolerance,
                              gint               *n_control);

/* A new path "Traced line" in IMAGE made of the Bézier segments of
 * CONTROL (N_CONTROL points: anchor, handle, handle, anchor, …; closed,
 * the last anchor repeats the first), above the others, visible and
 * active; when STROKE, also stroked on DRAWABLE with the paintbrush and
 * the foreground colour, with a hard round brush of STROKE_WIDTH pixels
 * (the current brush when 0), and then removed unless KEEP_PATH (the
 * dialog's Output: the stroke alone).  One undo step.  Returns the path's
 * ID, or -1 when it was removed. */
gint32   trace_path_new     (gint32               image,
                             gint32               drawable,
                             const TesseraPoint  *control,
                             gint                 n_control,
                             gboolean             closed,
                             gboolean             stroke,
                             gdouble              stroke_width,
                              gboolean             keep_path);

#endif
