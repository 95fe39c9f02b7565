/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours' flat colours (fill-palette.c): GLib only,
 * so that the GEGL operation (gegl/fill-contours-op.c) paints the same. */
#ifndef TESSERA_FILL_PALETTE_H
#define TESSERA_FILL_PALETTE_H

#include <glib.h>

/* The flat colours (R'G'B'A u8 by region, 0 transparent): a region's
 * colour is where GUIDE (by region, 0: none; may be NULL) has one, else
 * the palette's, greys on a GREY image, chosen by SEED and the region's
 * first pixel in raster order, so that it stays as long as that pixel
 * does; the same every run.  The regions are met row by row, top to
 * bottom (fill_flat_meet_row: row Y's LABELS, WIDTH of them, from x 0),
 * then fill_flat_finish gives the colours (free with g_free). */
typedef struct _FillFlat FillFlat;

FillFlat *fill_flat_new      (gboolean       grey,
                              guint          seed,
                              const guint32 *guide,
                              guint          count);
void      fill_flat_meet_row (FillFlat      *flat,
                              const guint32 *labels,
                              gint           width,
                              gint           y);
guint8   *fill_flat_finish   (FillFlat      *flat);
/* The colours so far, by region (FLAT's: valid until fill_flat_finish). */
guint8   *fill_flat_rgba     (FillFlat      *flat);

/* All of it for a whole map of LABELS, WIDTH x HEIGHT. */
guint8   *fill_flat_colours  (gboolean       grey,
                              guint          seed,
                              const guint32 *guide,
                              const guint32 *labels,
                              gint           width,
                              gint           height,
                              guint          count);

#endif
