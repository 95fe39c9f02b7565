/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — whether a plug-in can show its dialog.  GIMP without its GUI
 * (gimp-console, a batch run) gives its plug-ins no display; GTK started
 * there aborts the plug-in (GIMP 3's gimp_ui_init does), so a run that
 * asks for a dialog is refused with a message instead. */
#ifndef TESSERA_DISPLAY_H
#define TESSERA_DISPLAY_H

#include <libgimp/gimp.h>

/* Starts GTK on GIMP's display; FALSE, with *ERROR saying that PROCEDURE
 * (its PDB name) cannot show its dialog and how to call it instead, when
 * GIMP has none. */
gboolean tessera_display_open (const gchar  *procedure,
                               GError      **error);

#endif
