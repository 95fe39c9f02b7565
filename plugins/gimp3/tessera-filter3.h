/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a GIMP 3 procedure that filters one drawable in place: the
 * drawable checked as GIMP 2.10's plug-ins check it, the dialog made from
 * the arguments with a preview of the exact result, the selection's bounds
 * read in the drawable's own format with the filter's reach around them,
 * the filter, the result written through the shadow buffer in one undo
 * group, with progress. */
#ifndef TESSERA_FILTER3_H
#define TESSERA_FILTER3_H

#include "exec.h"
#include "image.h"
#include "tessera-plugin3.h"

typedef struct
{
  /* Its run is tessera_filter3_run, its run data this TesseraFilter3. */
  TesseraProcedure3  procedure;
  gsize              values_size;
  /* How far from a pixel its result reaches, in x and y. */
  void          (*reach)  (gconstpointer values, gint *x, gint *y);
  /* SRC (the bounds and the reach around them) into DST (SRC's shape). */
  TesseraStatus (*filter) (const TesseraImage *src, TesseraImage *dst,
                           gboolean has_alpha, gconstpointer values,
                           TesseraExec *exec);
  /* The dialog's rows of settings (widget IDs of DIALOG, a new list), when
   * not one row per argument; may be NULL. */
  GList        *(*rows)   (GimpProcedureDialog *dialog,
                           GimpProcedureConfig *config);
} TesseraFilter3;

GimpValueArray *tessera_filter3_run (GimpProcedure        *procedure,
                                     GimpRunMode           run_mode,
                                     GimpImage            *image,
                                     GimpDrawable        **drawables,
                                     GimpProcedureConfig  *config,
                                     gpointer              run_data);

#endif
