/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what every Tessera plug-in shares in GIMP 3: the GimpPlugIn
 * class serving a plug-in's procedures, each procedure made from its
 * description and its arguments' declaration (tessera-args.h), the one
 * drawable a procedure works on, checked as in GIMP 2.10, and the dialog's
 * start.  A plug-in describes its procedures in TesseraProcedure3 and ends
 * with TESSERA_PLUGIN3_MAIN; it writes only its run. */
#ifndef TESSERA_PLUGIN3_H
#define TESSERA_PLUGIN3_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "tessera-args.h"
#include "tessera-live.h"

typedef struct
{
  const gchar         *name;         /* the PDB procedure */
  const gchar         *menu_label;   /* N_() */
  const gchar         *blurb;        /* N_() */
  const gchar         *help;
  const gchar * const *menu_paths;   /* NULL-terminated */
  const TesseraArg    *args;         /* after run-mode, image, drawables */
  gint                 n_args;
  GimpRunImageFunc     run;
  gconstpointer        run_data;
  /* Adds what the declaration does not hold (return values); or NULL. */
  void               (*extend) (GimpProcedure *procedure);
} TesseraProcedure3;

/* Serves PROCEDURES (NULL-terminated) to GIMP 3: the plug-in's main. */
int tessera_plugin3_main (int argc, char **argv,
                          const TesseraProcedure3 * const *procedures);

#define TESSERA_PLUGIN3_MAIN(...)                                           \
  int                                                                       \
  main (int argc, char **argv)                                              \
  {                                                                         \
    static const TesseraProcedure3 * const procedures[] =                   \
      { __VA_ARGS__, NULL };                                                \
    return tessera_plugin3_main (argc, argv, procedures);                   \
  }

/* PROCEDURE's values for a failed run: STATUS and ERROR's message. */
GimpValueArray *tessera_failure3     (GimpProcedure        *procedure,
                                      GimpPDBStatusType     status,
                                      GError               *error);

/* The ID of the one drawable of IMAGE in DRAWABLES that a procedure can
 * work on, checked as GIMP 2.10's plug-ins check theirs (no group, no
 * indexed image); -1 with *ERROR saying why not. */
gint32          tessera_target3      (GimpImage            *image,
                                      GimpDrawable        **drawables,
                                      GError              **error);

/* A procedure's dialog, GTK started: titled after MENU_LABEL (N_(), without its
 * mnemonic and ellipsis), with a slider for each number of ARGS
 * (tessera_args_dialog_rows); the caller fills and runs it. */
GtkWidget      *tessera_dialog3_new  (GimpProcedure        *procedure,
                                      GimpProcedureConfig  *config,
                                      const gchar          *menu_label,
                                      const TesseraArg     *args,
                                      gint                  n_args);

/* DIALOG's preview of the drawable DRAWABLE (tessera_live_new with START,
 * COMPUTE, FINISH and DATA), computed again whenever CONFIG changes; pack
 * it with tessera_dialog3_fill. */
GtkWidget      *tessera_dialog3_live (GtkWidget            *dialog,
                                      GimpProcedureConfig  *config,
                                      gint32                drawable,
                                      TesseraLiveStep       start,
                                      TesseraLiveStep       compute,
                                      TesseraLiveStep       finish,
                                      gpointer              data);

/* ARGS' names, the rows of a dialog, for tessera_dialog3_fill (free the
 * list only). */
GList          *tessera_dialog3_rows (const TesseraArg     *args,
                                      gint                  n_args);

/* Fills DIALOG with PREVIEW (from tessera_dialog3_live) on the left,
 * taking what the dialog grows by, and ROWS (names of its properties or
 * of its containers) in a column on the right. */
void            tessera_dialog3_fill (GtkWidget            *dialog,
                                      GtkWidget            *preview,
                                      GList                *rows);

/* Runs DIALOG and destroys it; FALSE when the user cancelled. */
gboolean        tessera_dialog3_run  (GtkWidget            *dialog);

#endif
