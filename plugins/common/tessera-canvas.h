/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — writing a layer's pixels into an item of the canvas's size (a
 * channel, the selection).  A layer may lie partly outside the canvas; such
 * an item holds only the canvas's pixels, and a plug-in that writes beyond
 * them is killed by libgimp ("received tile info did not match computed
 * tile info"), so only the part on the canvas is written. */
#ifndef TESSERA_CANVAS_H
#define TESSERA_CANVAS_H

#include <libgimp/gimp.h>

/* Writes the part on IMAGE's canvas of RECT (image coordinates) from DATA
 * (RECT's pixels in FORMAT, rows STRIDE bytes apart) into BUFFER, an item
 * of IMAGE's size. */
void tessera_canvas_set (gint32               image,
                         GeglBuffer          *buffer,
                         const GeglRectangle *rect,
                         const Babl          *format,
                         const guchar        *data,
                         gint                 stride);

#endif
