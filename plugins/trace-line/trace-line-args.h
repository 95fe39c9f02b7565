/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Trace Line's two procedures and their arguments, declared once
 * for the GIMP 2.10 plug-in (trace-line.c) and the GIMP 3 one
 * (trace-line3.c).
 *
 * plug-in-tessera-trace-line takes the points as coordinates, then the
 * settings; plug-in-tessera-trace-line-from-path takes the settings only
 * and traces between the anchors of the active path. */
#ifndef TESSERA_TRACE_LINE_ARGS_H
#define TESSERA_TRACE_LINE_ARGS_H

#include "tessera-args.h"
#include "trace-chain.h"

#define TRACE_PROC           "plug-in-tessera-trace-line"
#define TRACE_FROM_PATH_PROC "plug-in-tessera-trace-line-from-path"

#define TRACE_LABEL           N_("_Trace Line…")
/* Not "Trace Line from Path…": menus sort by label, and that one would
 * come before Trace Line itself. */
#define TRACE_FROM_PATH_LABEL N_("Trace _Path onto the Line…")
#define TRACE_BLURB           N_("Trace a road, river or edge between " \
                                 "clicked points into a path")
#define TRACE_FROM_PATH_BLURB N_("Snap the active path to the road, river " \
                                 "or edge along it")

/* Both procedures' menus. */
#define TRACE_MENUS TESSERA_MENU, "<Image>/Select"
#define TRACE_HELP                                                           \
  "Between each point and the next, finds the polyline that is most "        \
  "filled with image gradient across it, so that it keeps to the edge of "   \
  "a road, a river or a field: nodes guides cross the line between the two " \
  "points, each with points-per-guide candidates over half-width pixels "    \
  "on either side, and of all polylines through one candidate per guide "   \
  "that turn by at most max-angle at each node, dynamic programming finds "  \
  "the best exactly.  The links are joined into one new path, \"Traced "     \
  "line\", as curves within tolerance pixels of the polyline (an anchor "    \
  "on each point; tolerance 0: on every node, straight between), and "       \
  "optionally stroked.  The gradient is Sobel's on the luminance, after a "  \
  "Gaussian blur of sigma.  A polyline's value adds up, along its links, "   \
  "the gradient's magnitude times the sine of its angle with the link, or "  \
  "with objective SINE (the paper's literal variant) the sine alone where "  \
  "the magnitude exceeds threshold.  The selection plays no part.  Returns " \
  "the new path."
#define TRACE_FROM_PATH_HELP                                                 \
  TRACE_HELP "  The points are the anchors of the first stroke of the "      \
  "active path; a closed stroke gives a closed path."

/* The return value, "path". */
#define TRACE_PATH_DESCRIPTION "The new path \"Traced line\""

/* A run: the settings (kept between runs, so first), the call's points,
 * then what the run derives from them. */
typedef struct
{
  TraceValues       values;
  TesseraArgCoords  coords;    /* plug-in-tessera-trace-line's points */
  gboolean          from_path; /* the clicks are the active path's anchors */
  GArray           *clicks;    /* TesseraPoint, image coordinates */
  gboolean          closed;    /* the last click links back to the first */
  gboolean          keep_path; /* FALSE: the dialog's Output is the stroke
                                  alone, the path removed once stroked */
} TraceRun;

/* The tables' offsets are TraceRun's; the settings' are also TraceValues'
 * (the dialog holds only those). */
G_STATIC_ASSERT (G_STRUCT_OFFSET (TraceRun, values) == 0);

static const TesseraArgChoice trace_objective_choices[] =
{
  { TESSERA_TRACE_ORTHOGONAL_GRADIENT, "GRADIENT",
    N_("Gradient across the line") },
  { TESSERA_TRACE_THRESHOLDED_SINE, "SINE",
    N_("Thresholded sine (the paper's)") },
  { 0, NULL, NULL }
};

/* The settings, in the PDB's order: the first nine, then those appended
 * since (core/trace-clicks.h, core/trace-line.h).  Their labels' mnemonics
 * differ from each other and from the dialog buttons' of both GIMPs (GIMP
 * 3's Reset, Cancel, OK, Load and Save Settings, Help), in English and in
 * German (tests/gimp/mnemonics.sh); there are more settings than letters
 * left, so smooth and tolerance (and the picker's Closed path), rarely
 * changed, go without one. */
#define TRACE_SETTINGS_ARGS                                                  \
  TESSERA_ARG_INT ("nodes", TraceRun, values.nodes, N_("_Guides"),           \
                   N_("How many guides cross the line between two points; "  \
                      "the line bends only on them"),                        \
                   1, TESSERA_TRACE_MAX_NODES, 1, 16, 8, NULL),              \
  TESSERA_ARG_INT ("points-per-guide", TraceRun, values.points,              \
                   N_("_Points per guide"),                                  \
                   N_("Candidate points on each guide: more are finer and "  \
                      "slower"),                                             \
                   1, TESSERA_TRACE_MAX_POINTS, 1, 1024, 256, NULL),         \
  TESSERA_ARG_DOUBLE ("half-width", TraceRun, values.half_width,             \
                      N_("Hal_f-width"),                                     \
                      N_("How far the guides reach on either side of the "   \
                         "line between two points, in pixels"),              \
                      0.0, TESSERA_MAX_SIDE, 0.0, 100.0, 20.0, N_("px")),    \
  TESSERA_ARG_DOUBLE ("max-angle", TraceRun, values.max_angle,               \
                      N_("Ma_ximum angle"),                                  \
                      N_("The largest turn at a node, in degrees"),          \
                      0.0, 180.0, 0.0, 180.0, 30.0, N_("°")),                \
  TESSERA_ARG_DOUBLE ("sigma", TraceRun, values.sigma, N_("S_igma"),         \
                      N_("Gaussian blur before the gradient, in pixels: "    \
                         "more ignores fine texture"),                       \
                      0.0, TESSERA_GRADIENT_MAX_SIGMA, 0.0, 10.0, 1.5,       \
                      N_("px")),                                             \
  TESSERA_ARG_BOOLEAN ("stroke", TraceRun, values.stroke,                    \
                       N_("Stro_ke the path"),                               \
                       N_("Also stroke the new path with the paintbrush "    \
                          "and the foreground colour, stroke-width wide"),   \
                       FALSE),                                               \
  TESSERA_ARG_BACKEND_OF (TraceRun, values.backend),                         \
  TESSERA_ARG_CHOICE ("objective", TraceRun, values.objective,               \
                      N_("Ob_jective"),                                      \
                      N_("What a polyline's links add up: the gradient's "   \
                         "magnitude times the sine of its angle with the "   \
                         "link, or the sine alone where the magnitude is "   \
                         "above threshold (the paper's)"),                   \
                      trace_objective_choices,                               \
                      TESSERA_TRACE_ORTHOGONAL_GRADIENT),                    \
  TESSERA_ARG_DOUBLE ("threshold", TraceRun, values.threshold,               \
                      N_("_Threshold"),                                      \
                      N_("For the SINE objective, the gradient magnitude a " \
                         "point must exceed to count (a step from black to " \
                         "white over one pixel gives 0.5)"),                 \
                      0.0, G_MAXFLOAT, 0.0, 1.0, 0.05, NULL),                \
  TESSERA_ARG_DOUBLE ("reach", TraceRun, values.reach, N_("Re_ach"),         \
                      N_("The guides reach this share of the distance "      \
                         "between two points, at least min-reach and at "    \
                         "most half-width pixels (0: always half-width)"),   \
                      0.0, 100.0, 0.0, 1.0, 0.15, NULL),                     \
  TESSERA_ARG_DOUBLE ("min-reach", TraceRun, values.min_reach,               \
                      N_("Minim_um reach"),                                  \
                      N_("The guides' shortest reach, in pixels"),           \
                      0.0, TESSERA_MAX_SIDE, 0.0, 20.0, 3.0, N_("px")),      \
  TESSERA_ARG_BOOLEAN ("mean", TraceRun, values.mean,                        \
                       N_("_Mean per sample"),                               \
                       N_("Each link counts its samples' mean (not their "   \
                          "sum) times the cosine of its angle with the line " \
                          "between the two points, so that detours earn "    \
                          "nothing"),                                        \
                       TRUE),                                                \
  TESSERA_ARG_BOOLEAN ("keep-side", TraceRun, values.keep_side,              \
                       N_("Keep the clicked si_de"),                         \
                       N_("Follow the edge with the contrast seen at the "   \
                          "points: the brighter side stays on the same "     \
                          "hand"),                                           \
                       TRUE),                                                \
  TESSERA_ARG_DOUBLE ("snap-radius", TraceRun, values.snap_radius,           \
                      N_("S_nap radius"),                                    \
                      N_("Each point first moves to the nearest strong edge " \
                         "within this many pixels (0: the points stay)"),    \
                      0.0, 64.0, 0.0, 10.0, 1.5, N_("px")),                  \
  TESSERA_ARG_BOOLEAN ("smooth", TraceRun, values.smooth,                    \
                       N_("Smooth through the points"),                     \
                       N_("The line leaves and enters each inner point "     \
                          "within max-angle of the way it runs there"),      \
                       TRUE),                                                \
  TESSERA_ARG_DOUBLE ("stroke-width", TraceRun, values.stroke_width,         \
                      N_("Stroke wi_dth"),                                   \
                      N_("With stroke, the hard round brush's size in "      \
                         "pixels (0: the current brush as it is)"),          \
                      0.0, 1000.0, 0.0, 50.0, 3.0, N_("px")),                \
  TESSERA_ARG_DOUBLE ("line-width", TraceRun, values.line_width,             \
                      N_("Lin_e width"),                                     \
                      N_("0: trace an edge; above 0: the centre line of a "  \
                         "road, track or river this many pixels wide, "      \
                         "bright or dark (objective GRADIENT only; the "     \
                         "points do not snap)"),                             \
                      0.0, 256.0, 0.0, 30.0, 0.0, N_("px")),                 \
  TESSERA_ARG_DOUBLE ("tolerance", TraceRun, values.tolerance,               \
                      N_("Path tolerance"),                                 \
                      N_("The path's curves keep within this many pixels "   \
                         "of the traced line, with as few anchors as that "  \
                         "allows and one on each point (0: an anchor on "    \
                         "every point of the line, straight between)"),      \
                      0.0, 100.0, 0.0, 5.0, 0.5, N_("px"))

/* plug-in-tessera-trace-line-from-path's arguments, and the dialog's rows:
 * TRACE_ARG_NODES… index them. */
static const TesseraArg trace_settings_args[] = { TRACE_SETTINGS_ARGS };

enum
{
  TRACE_ARG_NODES, TRACE_ARG_POINTS, TRACE_ARG_HALF_WIDTH,
  TRACE_ARG_MAX_ANGLE, TRACE_ARG_SIGMA, TRACE_ARG_STROKE, TRACE_ARG_BACKEND,
  TRACE_ARG_OBJECTIVE, TRACE_ARG_THRESHOLD, TRACE_ARG_REACH,
  TRACE_ARG_MIN_REACH, TRACE_ARG_MEAN, TRACE_ARG_KEEP_SIDE,
  TRACE_ARG_SNAP_RADIUS, TRACE_ARG_SMOOTH, TRACE_ARG_STROKE_WIDTH,
  TRACE_ARG_LINE_WIDTH, TRACE_ARG_TOLERANCE
};

/* plug-in-tessera-trace-line's: the points (x1 y1 x2 y2 …), then the
 * settings. */
static const TesseraArg trace_line_args[] =
{
  TESSERA_ARG_COORDS ("coords", TraceRun, coords, N_("_Points"),
                      N_("The points to trace between, in image "
                         "coordinates: x1 y1 x2 y2 …; when the last repeats "
                         "the first, the path is closed"),
                      4, 2),
  TRACE_SETTINGS_ARGS
};

#endif
