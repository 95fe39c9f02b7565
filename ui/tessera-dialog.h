/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the frame every filter's dialog shares: GIMP's dialog with
 * Reset (every setting back to its default, tessera-reset.h), Cancel and
 * OK in the desktop's order, transient for the image window, and a
 * preview of the drawable (tessera-live.h) left of the settings. */
#ifndef TESSERA_DIALOG_H
#define TESSERA_DIALOG_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "tessera-live.h"

/* A dialog titled TITLE (ROLE names its window, HELP_ID its help page)
 * showing CONTENT, a box the caller fills, inside a 12-pixel border. */
GtkWidget *tessera_dialog_new         (const gchar *title,
                                       const gchar *role,
                                       const gchar *help_id,
                                       GtkWidget   *content);

/* A preview of DRAWABLE (tessera_live_new with START, COMPUTE, FINISH
 * and DATA) packed on the left of DIALOG's content, taking what the
 * dialog grows by; tessera_live_update it when the settings change. */
GtkWidget *tessera_dialog_add_live    (GtkWidget       *dialog,
                                       gint32           drawable,
                                       TesseraLiveStep  start,
                                       TesseraLiveStep  compute,
                                       TesseraLiveStep  finish,
                                       gpointer         data);

/* A combo box of the NULL-terminated LABEL, VALUE pairs that follow, at
 * ROW of TABLE after the mnemonic LABEL and spanning COLUMNS columns; it
 * keeps *VALUE up to date and updates PREVIEW (tessera-live.h). */
GtkWidget *tessera_dialog_add_combo   (GtkTable    *table,
                                       gint         row,
                                       const gchar *label,
                                       gint         columns,
                                       gint        *value,
                                       GtkWidget   *preview,
                                       const gchar *first_label,
                                       ...) G_GNUC_NULL_TERMINATED;

/* Shows DIALOG and waits for the user; DIALOG is destroyed.  TRUE for OK. */
gboolean   tessera_dialog_run         (GtkWidget   *dialog);

#endif
