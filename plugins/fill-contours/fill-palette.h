/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours' flat colours (fill-palette.c): GLib only,
 * so that the GEGL operation (gegl/fill-contours-op.c) paints the same. */
#ifndef TESSERA_FILL_PALETTE_H
#define TESSERA_FILL_PALETTE_H

#include <glib.h>

/* The flat colours of regions 1..COUNT as R'G'B'A u8, 4 bytes a region
 * from region 0 on (0: no region, transparent): GUIDE's colour (0x01RRGGBB)
 * where GUIDE (by region, 0: none; may be NULL) has one, else the
 * palette's, greys on a GREY image, starting where SEED says; the same
 * every run.  Free with g_free. */
guint8 *fill_flat_colours (gboolean       grey,
                           guint          seed,
                           const guint32 *guide,
                           guint          count);

#endif
