/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours in bands: pass 1's pixels kept for pass 2
 * (fill-bands.c), run-length coded, while they stay small.  Line art is
 * long runs of one colour (paper, transparency, ink), so the fill on the
 * layer need not read the layer from GIMP a second time; a band whose code
 * would not be small (a photo, noise) ends the keeping, and pass 2 reads
 * that band and those after it from GIMP as before.  The plug-in's memory
 * stays bounded: the code of all bands at most a budget, a band's at most
 * a quarter of its pixels' bytes while it is made. */
#ifndef TESSERA_FILL_CACHE_H
#define TESSERA_FILL_CACHE_H

#include <gegl.h>

typedef struct FillCache FillCache;

/* A cache for COUNT bands of rows WIDTH pixels of BPP bytes wide, their
 * codes BUDGET bytes at most together. */
FillCache *fill_cache_new  (gint   width,
                            gint   bpp,
                            gint   count,
                            gsize  budget);

/* Keeps band INDEX, ROWS rows of PIXELS (rows WIDTH * BPP bytes apart),
 * where its code is small; the bands come in order, and after one that is
 * not kept none is.  Safe in another thread than fill_cache_get's, not at
 * the same time. */
void       fill_cache_add  (FillCache    *cache,
                            gint          index,
                            const guint8 *pixels,
                            gint          rows);

/* The pixels of band INDEX within WINDOW (x and y from the band's first
 * row) into OUT, rows STRIDE bytes apart; FALSE when the band was not
 * kept. */
gboolean   fill_cache_get  (const FillCache     *cache,
                            gint                 index,
                            const GeglRectangle *window,
                            guint8              *out,
                            gsize                stride);

void       fill_cache_free (FillCache    *cache);

#endif
