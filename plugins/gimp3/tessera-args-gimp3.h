/* Tessera — the arguments of tessera-args.h served to GIMP 3: each becomes
 * an argument of the GimpProcedure (its config property and, through
 * GimpProcedureDialog, its widget), and the procedure's config gives the
 * values struct back.  Choices are GimpChoice arguments, their nicks the
 * table's in lower case ("auto", "cpu", "cuda"), as GIMP 3 scripts name
 * them. */
#ifndef TESSERA_ARGS_GIMP3_H
#define TESSERA_ARGS_GIMP3_H

#include <libgimp/gimp.h>
#include "tessera-args.h"

void tessera_args_add_arguments (GimpProcedure       *procedure,
                                 const TesseraArg    *args,
                                 gint                 n_args);

void tessera_args_from_config   (GimpProcedureConfig *config,
                                 const TesseraArg    *args,
                                 gint                 n_args,
                                 gpointer             values);

#endif
