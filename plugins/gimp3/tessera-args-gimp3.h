/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the arguments of tessera-args.h served to GIMP 3: each becomes
 * an argument of the GimpProcedure (its config property and, through
 * GimpProcedureDialog, its widget), and the procedure's config gives the
 * values struct back.  Choices are GimpChoice arguments, their nicks the
 * table's in lower case ("auto", "cpu", "cuda"), as GIMP 3 scripts name
 * them. */
#ifndef TESSERA_ARGS_GIMP3_H
#define TESSERA_ARGS_GIMP3_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "tessera-args.h"

void tessera_args_add_arguments (GimpProcedure       *procedure,
                                 const TesseraArg    *args,
                                 gint                 n_args);

/* ARGS, numbers (INT or DOUBLE) only, as auxiliary arguments: settings
 * that the dialog shows and GIMP keeps with the others, outside the
 * procedure's signature. */
void tessera_args_add_aux_arguments (GimpProcedure    *procedure,
                                     const TesseraArg *args,
                                     gint              n_args);

/* The values of CONFIG into VALUES: a drawable as its ID (-1 for none), a
 * double array as a TesseraArgCoords whose numbers stay in ARRAYS (made
 * with g_ptr_array_new_with_free_func (gimp_array_free)) until it is
 * freed. */
void tessera_args_from_config   (GimpProcedureConfig *config,
                                 const TesseraArg    *args,
                                 gint                 n_args,
                                 gpointer             values,
                                 GPtrArray           *arrays);

/* Makes DIALOG's rows for ARGS where the generated ones would not do:
 * a number gets a slider over its UI range (its entry takes the whole
 * range) and its unit after it. */
void tessera_args_dialog_sliders (GimpProcedureDialog *dialog,
                                  const TesseraArg    *args,
                                  gint                 n_args);

#endif
