/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a filter dialog's preview, for GIMP 2.10 (GTK 2) and GIMP 3
 * (GTK 3) alike: a TesseraView of the drawable (it opens on the whole of
 * it or the selection's bounds, zooms, pans and grows with the dialog),
 * the "Preview" toggle (off: the drawable as it is) and a "Computing…"
 * note, and a thread of its own that computes the result, so that the
 * dialog answers while a big layer is filtered.
 *
 * A result is made in three steps, all on the caller's DATA and never two
 * at once: START on the main thread reads what the result needs (the
 * pixels, a copy of the settings: GIMP is called here only) and returns
 * FALSE when there is nothing to compute; COMPUTE on the worker thread
 * makes the result from what START kept, and nothing else; FINISH, back on
 * the main thread, shows it (tessera_live_show) and updates the dialog's
 * labels.  FINISH runs only when COMPUTE returned TRUE.
 *
 * A change of the settings while a result is computed asks the core to
 * stop (through tessera_live_exec) and starts the next one when it ends;
 * the view shows the last result meanwhile.  Once the widget is destroyed
 * no step runs any more (the thread is waited for), so that the caller may
 * then free DATA. */
#ifndef TESSERA_LIVE_H
#define TESSERA_LIVE_H

#include <gtk/gtk.h>
#include <gegl.h>
#include "exec.h"
#include "image.h"

typedef struct _TesseraLive TesseraLive;

typedef gboolean (*TesseraLiveStep) (TesseraLive *live,
                                     gpointer     data);

/* A preview of the drawable DRAWABLE (an ID) made by the three steps. */
GtkWidget   *tessera_live_new    (gint32               drawable,
                                  TesseraLiveStep      start,
                                  TesseraLiveStep      compute,
                                  TesseraLiveStep      finish,
                                  gpointer             data);

/* The settings changed: compute again (PREVIEW: from tessera_live_new;
 * a gpointer, to connect it to any signal with g_signal_connect_swapped). */
void         tessera_live_update (gpointer             preview);

/* For COMPUTE: how the core runs on BACKEND for the preview (no progress
 * shown, the GPU's absence silent), stopping when the result is no longer
 * wanted. */
TesseraExec  tessera_live_exec   (TesseraLive         *live,
                                  TesseraBackend       backend);

/* For FINISH: shows IMAGE, which lies at RECT on the drawable in FORMAT
 * (the view keeps its own copy). */
void         tessera_live_show   (TesseraLive         *live,
                                  const TesseraImage  *image,
                                  const GeglRectangle *rect,
                                  const Babl          *format);

#endif
