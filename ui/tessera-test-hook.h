/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what a dialog shows, told to the dialog tests: GTK 2 under
 * Xvfb has no accessibility bus for a test to read a label with, so where
 * TESSERA_TEST_HOOK names a file, a dialog appends to it each text it shows
 * that a test must see (tests/gimp/dialog.sh passes it to GIMP, whose
 * plug-ins inherit it).  Without it nothing is written. */
#ifndef TESSERA_TEST_HOOK_H
#define TESSERA_TEST_HOOK_H

#include <glib.h>

/* Appends "WHAT: TEXT" as a line, TEXT NULL standing for nothing shown. */
void tessera_test_hook_note (const gchar *what,
                             const gchar *text);

#endif
