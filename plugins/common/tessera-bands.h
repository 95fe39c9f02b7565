/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a drawable's rectangle cut into bands of rows, for procedures
 * that stream it through a bounded amount of memory (Box Blur, Segment
 * Colours; the rows of a band: tessera_band_rows in tessera-region.h).
 * Bands begin on GIMP's tile rows, so that each tile travels between GIMP
 * and the plug-in once per pass. */
#ifndef TESSERA_BANDS_H
#define TESSERA_BANDS_H

#include <libgimp/gimp.h>

/* The band of BOUNDS that starts at row Y: up to the next multiple of
 * ROWS (tessera_band_rows), so that bands begin on GIMP's tile rows. */
GeglRectangle tessera_band_at           (const GeglRectangle *bounds,
                                         gint                 y,
                                         gint                 rows);

/* GEGL's tile cache need not hold more than a band (ROWS of WIDTH pixels
 * of DRAWABLE) when each tile is read once per pass: a smaller one keeps
 * the plug-in's memory to its bands. */
void          tessera_bands_limit_cache (gint32               drawable,
                                         gint                 width,
                                         gint                 rows);

#endif
