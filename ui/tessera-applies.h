/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a setting that does not apply to the other settings' choice:
 * its widgets are insensitive and their tooltip says why, before what the
 * setting does, so that a greyed-out row is never a riddle.  The dialog
 * tests see it too (ui/tessera-test-hook.h: "insensitive: NAME: WHY" when
 * it goes insensitive, "sensitive: NAME" when it comes back).  For both
 * toolkits. */
#ifndef TESSERA_APPLIES_H
#define TESSERA_APPLIES_H

#include <gtk/gtk.h>

/* Makes WIDGETS (NULL-terminated, the row's label, slider, entry...)
 * sensitive when APPLIES, and their tooltip TIP; else insensitive with
 * the tooltip WHY_NOT and TIP after it.  NAME names the setting for the
 * tests. */
void tessera_applies_set (const gchar *name,
                          gboolean     applies,
                          const gchar *tip,
                          const gchar *why_not,
                          GtkWidget   *first_widget,
                          ...) G_GNUC_NULL_TERMINATED;

#endif
