/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line: the settings of a trace, and a chain of clicks
 * traced link by link (a -> b, b -> c, …) into one polyline.
 *
 * Clicks and traced points here are in drawable coordinates (pixel (0, 0)
 * covers [0, 1) x [0, 1)); the procedures take and give image coordinates,
 * and move them by the drawable's offsets. */
#ifndef TESSERA_TRACE_CHAIN_H
#define TESSERA_TRACE_CHAIN_H

#include <libgimp/gimp.h>
#include "trace-line.h"
#include "trace-clicks.h"

/* What is kept between runs. */
typedef struct
{
  gint           nodes;        /* guides between two clicks */
  gint           points;       /* points per guide */
  gdouble        half_width;   /* pixels */
  gdouble        max_angle;    /* degrees */
  gdouble        sigma;
  gint           objective;    /* TesseraTraceObjective */
  gdouble        threshold;    /* of TESSERA_TRACE_THRESHOLDED_SINE */
  gboolean       stroke;       /* stroke the new path */
  TesseraBackend backend;
  /* Appended after the first nine arguments (core/trace-clicks.h,
   * core/trace-line.h). */
  gdouble        reach;        /* the guides' reach, a share of the link */
  gdouble        min_reach;    /* pixels */
  gboolean       mean;         /* links score their mean, not their sum */
  gboolean       keep_side;    /* the contrast seen at the clicks */
  gdouble        snap_radius;  /* pixels; 0: clicks stay */
  gboolean       smooth;       /* links bounded across the clicks */
  gdouble        stroke_width; /* pixels; 0: the current brush */
  gdouble        line_width;   /* > 0: the centre line of a line this wide */
  gdouble        tolerance;    /* of the path's curves, pixels; 0: polyline */
} TraceValues;

TesseraTrace trace_values_params   (const TraceValues   *values);

/* Checks what the settings' ranges (trace-line-args.h, checked before)
 * cannot say: a centre line needs the gradient objective, and the search
 * must fit in memory. */
gboolean     trace_values_check    (const TraceValues   *values,
                                    GError             **error);

/* Links of a chain of N_CLICKS clicks: one fewer, or as many if it is
 * closed (the last click links back to the first). */
gint         trace_chain_links     (gint                 n_clicks,
                                    gboolean             closed);

/* The ends of link LINK. */
void         trace_chain_link_ends (const TesseraPoint  *clicks,
                                    gint                 n_clicks,
                                    gint                 link,
                                    TesseraPoint        *a,
                                    TesseraPoint        *b);

/* Whether CLICKS can be traced: two at least, each at least a pixel from
 * the one before (and the last from the first when CLOSED). */
gboolean     trace_chain_check     (const TesseraPoint  *clicks,
                                    gint                 n_clicks,
                                    gboolean             closed,
                                    GError             **error);

/* Whether CLICKS all lie in EXTENT (a drawable's, edges included). */
gboolean     trace_chain_inside    (const TesseraPoint  *clicks,
                                    gint                 n_clicks,
                                    const GeglRectangle *extent,
                                    GError             **error);

/* Whether CLICK may follow LAST: at least a pixel away. */
gboolean     trace_click_apart     (TesseraPoint         last,
                                    TesseraPoint         click);

/* Appends the traced points of a link (its N_POINTS points, a to b) to
 * POLYLINE (TesseraPoint), whose last point is a unless it is empty. */
void         trace_polyline_append (GArray              *polyline,
                                    const TesseraPoint  *link,
                                    gint                 n_points);

/* Sets *ERROR to why link LINK (0-based) could not be traced: VALUES (for
 * the angle) may be NULL unless STATUS is TESSERA_ERROR_NO_SOLUTION. */
void         trace_link_error      (TesseraStatus        status,
                                    gint                 link,
                                    gint                 n_clicks,
                                    const TraceValues   *values,
                                    GError             **error);

/* Traces the chain of CLICKS on DRAWABLE (core/trace-clicks.h), reading
 * only the part of it that the search needs: POLYLINE (TesseraPoint)
 * receives the path, a closed chain's first point once. */
gboolean     trace_chain_drawable  (gint32               drawable,
                                    const TesseraPoint  *clicks,
                                    gint                 n_clicks,
                                    gboolean             closed,
                                    const TraceValues   *values,
                                    TesseraExec         *exec,
                                    GArray              *polyline,
                                    GError             **error);

#endif
