/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a GIMP 3 procedure that filters one drawable in place: the
 * drawable checked as GIMP 2.10's plug-ins check it, the dialog made from
 * the arguments with a preview of the exact result, then the filter's own
 * apply on the selection's bounds (in bands of rows, as the GIMP 2.10
 * plug-in does: the memory does not grow with the layer). */
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
  /* SRC (a region and the reach around it) into DST (SRC's shape): the
   * preview's. */
  TesseraStatus (*filter) (const TesseraImage *src, TesseraImage *dst,
                           gboolean has_alpha, gconstpointer values,
                           TesseraExec *exec);
  /* The dialog's rows of settings (widget IDs of DIALOG, a new list), when
   * not one row per argument; may be NULL. */
  GList        *(*rows)   (GimpProcedureDialog *dialog,
                           GimpProcedureConfig *config);
  /* The run's: BOUNDS of DRAWABLE (an ID) filtered with VALUES, written
   * through the shadow buffer in one undo group, with progress; on failure
   * (*ERROR set) the drawable is as it was. */
  gboolean      (*apply)  (gint32 drawable, const GeglRectangle *bounds,
                           gconstpointer values, GError **error);
} TesseraFilter3;

GimpValueArray *tessera_filter3_run (GimpProcedure        *procedure,
                                     GimpRunMode           run_mode,
                                     GimpImage            *image,
                                     GimpDrawable        **drawables,
                                     GimpProcedureConfig  *config,
                                     gpointer              run_data);

#endif
