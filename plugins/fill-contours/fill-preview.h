/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the dialog's preview, for the GIMP 2.10
 * dialog (fill-contours.c) and the GIMP 3 one (fill-contours3.c) alike.
 *
 * The fill is computed on the whole layer, as an enclosed region may reach
 * far beyond what the preview shows, and kept while only the backend or
 * the layers change.  It is painted over the layer so that it reads
 * whatever the colours: the foreground colour hatched, flat colours as
 * they will be, the lines (the contour) over either; the selection as a
 * tint inside marching ants; the gaps' closing segments in magenta.  The
 * steps of the dialog's preview (tessera-live.h) call the three functions
 * below in turn: what the fill needs from GIMP (the layer's pixels and
 * name, the guide, the image's mode) is read on the main thread; the fill
 * and its painting, which visit every pixel of the layer, are made on the
 * worker. */
#ifndef TESSERA_FILL_PREVIEW_H
#define TESSERA_FILL_PREVIEW_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "fill-work.h"
#include "tessera-live.h"

typedef struct
{
  /* Set by the dialog: the layer, the settings now (FALSE: not valid) and
   * the label that says why nothing is filled. */
  gint32      drawable;
  gboolean  (*values_of) (gpointer dialog, FillValues *values);
  gpointer    dialog;
  GtkWidget  *status;

  FillValues  filled_with;
  gboolean    have_fill;
  FillJob     job;
  gchar      *problem;   /* why there is nothing to show, or NULL */
  gboolean    refilled;  /* by the last start */
  gboolean    to_fill;   /* JOB is read, its fill not yet made */
  gfloat      foreground[4];   /* R'G'B'A float, in the layer's space */
  TesseraRegion original;      /* the whole layer, read once; the fill's
                                * map is made from it too */
  TesseraRegion painted;       /* ORIGINAL with the fill painted over */
} FillPreview;

/* The preview's steps (tessera-live.h), on a FillPreview: the fill made
 * again when the settings changed it (main thread); the fill painted over
 * a copy of the layer (worker); shown, with the problem in the status
 * label. */
gboolean fill_preview_start   (TesseraLive *live,
                               gpointer     shown);
gboolean fill_preview_compute (TesseraLive *live,
                               gpointer     shown);
gboolean fill_preview_finish  (TesseraLive *live,
                               gpointer     shown);

void     fill_preview_clear  (FillPreview      *shown);

/* The settings (FILL_ARG_*) that apply only to some outputs, in the
 * order the dialogs grey them out. */
extern const gint fill_output_settings[3];

/* Whether setting ARG (FILL_ARG_*) does anything with VALUES; if not,
 * *WHY_NOT (translated) says why. */
gboolean fill_setting_applies (const FillValues  *values,
                               gint               arg,
                               const gchar      **why_not);

#endif
