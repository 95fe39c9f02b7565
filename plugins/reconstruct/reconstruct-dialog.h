/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction's GIMP 2.10 dialogs: what the
 * procedure's and the presets' dialogs share (the preview of the whole
 * drawable, the rows of the common arguments). */
#ifndef TESSERA_RECONSTRUCT_DIALOG_H
#define TESSERA_RECONSTRUCT_DIALOG_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "reconstruct-preview.h"

typedef struct _ReconstructDialog ReconstructDialog;

/* What tells the procedure's dialog from the presets' one. */
typedef struct
{
  const gchar              *title;          /* untranslated */
  const gchar              *role;
  const gchar              *help_id;        /* the procedure's name */
  const ReconstructCompute *compute;
  const TesseraArg         *common;         /* the four common arguments */
  gsize                     values_size;
  gsize                     backend_offset; /* in the values */
  /* The procedure's own rows from row 0 of TABLE; returns the next row. */
  gint                    (*add_rows) (ReconstructDialog *dialog,
                                       GtkTable          *table);
  /* Called after any choice of the dialog changed (may be NULL). */
  void                    (*changed)  (ReconstructDialog *dialog);
} ReconstructDialogKind;

struct _ReconstructDialog
{
  const ReconstructDialogKind *kind;
  gint32                       drawable;   /* the mask */
  gpointer                     values;
  TesseraBackend              *backend;    /* in VALUES */
  ReconstructPreview           shown;
  GtkWidget                   *preview;
};

/* Shows DIALOG, a dialog of KIND (a struct that begins with a
 * ReconstructDialog, zeroed), on the mask DRAWABLE with the settings
 * VALUES; TRUE for OK. */
gboolean   reconstruct_dialog_run   (ReconstructDialog           *dialog,
                                     const ReconstructDialogKind *kind,
                                     gint32                       drawable,
                                     gpointer                     values);

/* The row of the choice ARG at ROW of TABLE, redrawing the preview and
 * calling DIALOG's changed. */
GtkWidget *reconstruct_dialog_combo (ReconstructDialog *dialog,
                                     GtkTable          *table,
                                     gint               row,
                                     const TesseraArg  *arg);

#endif
