/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — which GIMP drawables a procedure can work on, checked once for
 * every procedure (tessera_plugin_run calls it before anything else).
 *
 * Processed: layers (with or without alpha, at any offsets), text layers
 * (which, as with GIMP's own filters, become pixel layers; undo brings the
 * text back), layer masks and channels, in RGB and grey images of every
 * precision.  Refused with a message naming the item and saying what to do:
 * a drawable ID that is no drawable (e.g. -1), one of another image, a
 * layer group (its pixels are its children's, which GIMP does not let a
 * filter change), and any drawable of an indexed image. */
#ifndef TESSERA_DRAWABLE_H
#define TESSERA_DRAWABLE_H

#include <libgimp/gimp.h>

/* Whether DRAWABLE of IMAGE is something a Tessera procedure can read and
 * change; if not, *ERROR says why and what to do. */
gboolean tessera_drawable_check (gint32   image,
                                 gint32   drawable,
                                 GError **error);

#endif
