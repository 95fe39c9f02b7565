/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the arguments of tessera-args.h served to GIMP 2.10: the PDB's
 * definitions, the parsing of a non-interactive call, the dialog's rows. */
#ifndef TESSERA_ARGS_GIMP2_H
#define TESSERA_ARGS_GIMP2_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "tessera-args.h"

/* The dialog's row for the number ARG (INT or DOUBLE) of
 * VALUES in TABLE at ROW: its label, a slider over the UI range (the entry
 * takes the whole range), its unit and its description as the tooltip; the
 * slider keeps the value up to date, Reset puts back the default.  Returns the adjustment. */
GtkAdjustment *tessera_arg_scale_new  (GtkTable         *table,
                                       gint              row,
                                       const TesseraArg *arg,
                                       gpointer          values);

/* The same with a slider WIDTH pixels wide and DIGITS decimals. */
GtkAdjustment *tessera_arg_scale_new_sized (GtkTable         *table,
                                            gint              row,
                                            const TesseraArg *arg,
                                            gpointer          values,
                                            gint              width,
                                            gint              digits);

/* What every number's row of ARG at ROW of TABLE has besides its scale
 * entry ADJUSTMENT: the unit after it, and its default for Reset
 * (tessera-reset.h).  For rows made otherwise than by
 * tessera_arg_scale_new. */
void          tessera_arg_scale_finish (GtkTable         *table,
                                        gint              row,
                                        const TesseraArg *arg,
                                        GtkAdjustment    *adjustment);

/* A check button for the BOOLEAN ARG of VALUES, its description as the
 * tooltip; it keeps the value up to date.  The caller places it. */
GtkWidget    *tessera_arg_toggle_new  (const TesseraArg *arg,
                                       gpointer          values);

/* The dialog's row for the CHOICE ARG of VALUES in TABLE at ROW: its label
 * and a combo of the choices' labels, the description as the tooltip; the
 * combo keeps the value up to date.  Returns the combo. */
GtkWidget    *tessera_arg_combo_new   (GtkTable         *table,
                                       gint              row,
                                       const TesseraArg *arg,
                                       gpointer          values);

/* The PDB's definitions of run-mode, image, the drawable (named
 * DRAWABLE_NAME with DRAWABLE_DESCRIPTION, or NULL for "drawable") and
 * then ARGS, in a new array of 3 + tessera_args_n_pdb () (free with
 * tessera_param_defs_free). */
GimpParamDef *tessera_args_param_defs (const TesseraArg *args,
                                       gint              n_args,
                                       const gchar      *drawable_name,
                                       const gchar      *drawable_description);
void          tessera_param_defs_free (GimpParamDef     *defs,
                                       gint              n_defs);

/* The values of a non-interactive call, PARAM[3 ..], into
 * VALUES. */
void          tessera_args_parse      (const TesseraArg *args,
                                       gint              n_args,
                                       const GimpParam  *param,
                                       gpointer          values);

#endif
