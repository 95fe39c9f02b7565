/* Tessera — a drawable's rectangle cut into bands of rows, for procedures
 * that stream it through a bounded amount of memory (Box Blur, Segment
 * Colours).  Bands begin on GIMP's tile rows, so that each tile travels
 * between GIMP and the plug-in once per pass. */
#ifndef TESSERA_BANDS_H
#define TESSERA_BANDS_H

#include <libgimp/gimp.h>

/* Pixels of a band, about: large enough that reading a band costs little
 * more per pixel than reading the whole layer, small enough that a few
 * bands are far less than a huge layer. */
#define TESSERA_BAND_BYTES (32 << 20)

/* Rows per band for rows of WIDTH pixels of DRAWABLE: about
 * TESSERA_BAND_BYTES of them (TESSERA_BAND_BYTES in the environment sets
 * another size, for the tests), at least MIN_ROWS, at most the drawable's
 * height, rounded up to whole tile rows. */
gint          tessera_band_rows (gint32               drawable,
                                 gint                 width,
                                 gint                 min_rows);

/* The band of BOUNDS that starts at row Y: up to the next multiple of
 * ROWS (tessera_band_rows), so that bands begin on GIMP's tile rows. */
GeglRectangle tessera_band_at   (const GeglRectangle *bounds,
                                 gint                 y,
                                 gint                 rows);

/* GEGL's tile cache need not hold more than a band when each tile is read
 * once per pass: a smaller one keeps the plug-in's memory to its bands. */
void          tessera_bands_limit_cache (void);

#endif
