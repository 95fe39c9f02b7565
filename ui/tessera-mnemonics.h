/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a dialog's mnemonics told to the dialog tests, for GIMP 2.10
 * (GTK 2) and GIMP 3 (GTK 3) alike.  Where TESSERA_TEST_HOOK names a file
 * (ui/tessera-test-hook.h), once the dialog is on screen each label shown
 * in it that has a mnemonic is noted as "mnemonic: KEY TEXT" (TEXT with
 * its underscore, as the source or GIMP wrote it), after a line
 * "mnemonic-dialog: TITLE", and each key that two labels share as
 * "mnemonic-clash: KEY TEXT / TEXT": Alt+KEY would then only cycle
 * between them.  tests/gimp/mnemonics.sh checks those lines, and the
 * labels' German from the catalogues.  Without the hook nothing is
 * done. */
#ifndef TESSERA_MNEMONICS_H
#define TESSERA_MNEMONICS_H

#include <gtk/gtk.h>

/* Notes DIALOG's mnemonics each time it is mapped. */
void tessera_mnemonics_watch (GtkWidget *dialog);

#endif
