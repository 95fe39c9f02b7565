/* Tessera — Morphological Reconstruction's GIMP 2.10 dialogs: what the
 * procedure's and the presets' dialogs share (the preview of the whole
 * drawable, the rows of the common arguments). */
#ifndef TESSERA_RECONSTRUCT_DIALOG_H
#define TESSERA_RECONSTRUCT_DIALOG_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "reconstruct-preview.h"

typedef struct _ReconstructDialog ReconstructDialog;

struct _ReconstructDialog
{
  gint32              drawable;   /* the mask */
  gpointer            values;
  gsize               values_size;
  TesseraBackend     *backend;    /* in VALUES */
  const TesseraArg   *common;     /* the four common arguments */
  /* The procedure's own rows from row 0 of TABLE; returns the next row. */
  gint              (*add_rows) (ReconstructDialog *dialog,
                                 GtkTable          *table);
  /* Called after any choice of the dialog changed (may be NULL). */
  void              (*changed)  (ReconstructDialog *dialog);
  ReconstructPreview  shown;      /* its prepare and solve set */
  GtkWidget          *preview;
};

/* Shows DIALOG (filled in up to ADD_ROWS) titled TITLE; TRUE for OK. */
gboolean   reconstruct_dialog_run   (ReconstructDialog *dialog,
                                     const gchar       *title,
                                     const gchar       *role,
                                     const gchar       *help_id);

/* The row of the choice ARG at ROW of TABLE, redrawing the preview and
 * calling DIALOG's changed. */
GtkWidget *reconstruct_dialog_combo (ReconstructDialog *dialog,
                                     GtkTable          *table,
                                     gint               row,
                                     const TesseraArg  *arg);

#endif
