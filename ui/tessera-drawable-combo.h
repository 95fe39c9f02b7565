/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a combo box of one image's layers and channels, each shown by
 * its thumbnail and its name alone: GIMP 2.10's own drawable combo names
 * each "IMAGE-ID/NAME-ID" for every open image, which a dialog's width cuts
 * off before the layer's name. */
#ifndef TESSERA_DRAWABLE_COMBO_H
#define TESSERA_DRAWABLE_COMBO_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

/* The layers (those inside layer groups too, not the groups) and channels
 * of IMAGE, top first, the first chosen; long names are cut in the
 * middle. */
GtkWidget *tessera_drawable_combo_new (gint32 image);

#endif
