/* Tessera — what every Tessera filter shares in GIMP 3: the procedure made
 * from its declaration (tessera-args.h), and the run: one drawable, checked
 * as GIMP 2.10's plug-ins check it (no group, no indexed image, a selection
 * that touches it), the dialog GimpProcedureDialog makes from the
 * arguments, the selection's bounds read in the drawable's own format with
 * the filter's reach around them, the filter, the result written through
 * the shadow buffer in one undo group, with progress and cancel. */
#ifndef TESSERA_FILTER3_H
#define TESSERA_FILTER3_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "exec.h"
#include "image.h"
#include "tessera-args.h"

typedef struct
{
  const gchar         *name;         /* the PDB procedure */
  const gchar         *menu_label;   /* N_() */
  const gchar         *blurb;        /* N_() */
  const gchar         *help;
  const gchar         *image_types;
  const gchar * const *menu_paths;   /* NULL-terminated */
  const TesseraArg    *args;
  gint                 n_args;
  gsize                values_size;
  /* How far from a pixel its result reaches, in x and y. */
  void     (*reach)  (gconstpointer values, gint *x, gint *y);
  /* SRC (the bounds and the reach around them) into DST (SRC's shape). */
  TesseraStatus (*filter) (const TesseraImage *src, TesseraImage *dst,
                           gboolean has_alpha, gconstpointer values,
                           TesseraExec *exec);
} TesseraFilter3;

GimpProcedure *tessera_filter3_procedure (GimpPlugIn           *plug_in,
                                          const TesseraFilter3 *filter);

/* A procedure's dialog, for every Tessera plug-in of GIMP 3: titled after
 * MENU_LABEL (N_(), without its mnemonic and ellipsis), with a slider for
 * each number of ARGS (tessera_args_dialog_rows); the caller fills it. */
GtkWidget     *tessera_dialog3_new       (GimpProcedure        *procedure,
                                          GimpProcedureConfig  *config,
                                          const gchar          *menu_label,
                                          const TesseraArg     *args,
                                          gint                  n_args);

#endif
