/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): the work of a run, shared by the GIMP
 * 2.10 plug-in (mst-segment.c) and the GIMP 3 one (mst-segment3.c): it
 * holds item IDs and calls libgimp through tessera-gimp.h, so it builds
 * against either. */
#ifndef TESSERA_SEGMENT_WORK_H
#define TESSERA_SEGMENT_WORK_H

#include <libgimp/gimp.h>
#include "mst-segment-args.h"
#include "tessera-region.h"

/* Finds the classes of BOUNDS (the selection's bounds, in DRAWABLE's
 * coordinates) of DRAWABLE, a drawable Tessera can work on, and makes
 * VALUES' output: on success the image has changed (or a new image is
 * there, shown when RUN_MODE is interactive); on failure nothing has. */
gboolean segment_run (GimpRunMode          run_mode,
                      gint32               drawable,
                      const GeglRectangle *bounds,
                      const SegmentValues *values,
                      GError             **error);

#endif
