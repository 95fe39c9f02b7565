/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera trace — the clicks read from text, and the traced path written
 * as an SVG path or a GeoJSON LineString (core/geojson-paths.h, the writer
 * Trace Line's Export Paths as GeoJSON uses).  A file is written beside
 * its name and renamed when complete: a failed or killed run leaves none. */
#ifndef TESSERA_CLI_TRACE_PATH_FILE_H
#define TESSERA_CLI_TRACE_PATH_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "georef.h"
#include "trace-line.h"

/* Points "X,Y;X,Y;…" (or separated by spaces, commas, semicolons or line
 * ends: pairs of numbers) into *POINTS (malloc'd) and *N; false with a
 * one-line reason in ERROR when the text holds an odd count, something
 * that is not a number, or fewer than two points. */
bool trace_points_parse    (const char *text, TesseraPoint **points, int *n,
                            char *error, size_t error_size);

/* The same from the file PATH (errno set when it cannot be read). */
bool trace_points_read     (const char *path, TesseraPoint **points, int *n,
                            char *error, size_t error_size);

/* Map coordinates through REF's inverse into pixels; false when REF has
 * no inverse. */
bool trace_points_from_map (const GeoRef *ref, TesseraPoint *points, int n);

/* A fitted path: control points anchor, handle, handle, anchor, … (as
 * core/bezier-fit.h gives them), on a WIDTH x HEIGHT raster read from
 * SOURCE. */
typedef struct
{
  const TesseraPoint *control;
  int                 n_control;
  bool                closed;
  int                 width, height;
  const char         *source;
} TracePathOut;

bool trace_path_write_svg     (const char *path, const TracePathOut *out,
                               char *error, size_t error_size);
/* REF NULL: pixel coordinates, as the file says. */
bool trace_path_write_geojson (const char *path, const TracePathOut *out,
                               const GeoRef *ref, char *error,
                               size_t error_size);

#endif
