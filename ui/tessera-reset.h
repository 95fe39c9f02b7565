/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the Reset button of the GIMP 2.10 dialogs: each settings widget
 * remembers its setting's declared default, and Reset sets every such widget
 * of a dialog back to it.  The widgets' own handlers then update the values
 * and the preview, as when the user moves them, so no dialog needs code of
 * its own for Reset. */
#ifndef TESSERA_RESET_H
#define TESSERA_RESET_H

#include <gtk/gtk.h>

/* The response of the Reset button, as in GIMP's own filter dialogs. */
#define TESSERA_RESPONSE_RESET 1

/* WIDGET (a spin button, a toggle button or a GimpIntComboBox) goes back to
 * VALUE on Reset. */
void tessera_reset_remember (GtkWidget *widget,
                             gdouble    value);

/* Sets every widget inside ROOT that remembers a default back to it. */
void tessera_reset_all      (GtkWidget *root);

#endif
