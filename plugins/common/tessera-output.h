/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — new items (layers, layer groups, channels) that a procedure
 * adds to the image as its result.
 *
 * GIMP kills a plug-in whose progress the user cancels (and a plug-in may
 * crash or be killed at any time); it then closes the undo group the
 * plug-in left open, but keeps what was inserted.  So a new item is
 * inserted named "NAME (incomplete)" and only gets its real name once its
 * pixels are all written: a kill never leaves an item that looks like a
 * result, and one undo removes it. */
#ifndef TESSERA_OUTPUT_H
#define TESSERA_OUTPUT_H

#include <libgimp/gimp.h>

/* The name an item carries until it is complete: "NAME (incomplete)";
 * free it with g_free. */
gchar *tessera_output_incomplete_name (const gchar *name);

/* Inserts LAYER (a new layer or layer group of DRAWABLE's image) above
 * DRAWABLE: in its layer group just above it, above the layer of a layer
 * mask, at the top of the image for a channel; named as incomplete. */
void   tessera_output_insert_above    (gint32       layer,
                                       gint32       drawable,
                                       const gchar *name);

/* Takes ITEM (a layer, layer group or channel that
 * tessera_output_insert_above or a procedure inserted) out of its image
 * again: its pixels could not be completed. */
void   tessera_output_discard         (gint32       item);

/* ITEM is complete: gives it its name NAME. */
void   tessera_output_complete        (gint32       item,
                                       const gchar *name);

#endif
