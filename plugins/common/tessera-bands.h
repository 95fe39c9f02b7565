/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a drawable's rectangle cut into bands of rows, for procedures
 * that stream it through a bounded amount of memory (Box Blur, Segment
 * Colours; the rows of a band: tessera_band_rows in tessera-region.h).
 * Bands begin on GIMP's tile rows, so that each tile travels between GIMP
 * and the plug-in once per pass. */
#ifndef TESSERA_BANDS_H
#define TESSERA_BANDS_H

#include <libgimp/gimp.h>
#include "exec.h"

/* The band of BOUNDS that starts at row Y: up to the next multiple of
 * ROWS (tessera_band_rows), so that bands begin on GIMP's tile rows. */
GeglRectangle tessera_band_at           (const GeglRectangle *bounds,
                                         gint                 y,
                                         gint                 rows);

/* GEGL's tile cache need not hold more than a band (ROWS of WIDTH pixels
 * of DRAWABLE) when each tile is read once per pass: a smaller one keeps
 * the plug-in's memory to its bands. */
void          tessera_bands_limit_cache (gint32               drawable,
                                         gint                 width,
                                         gint                 rows);

/* A pass over bands in which a band's work, in a thread of its own, runs
 * while the plug-in's main thread, the only one that may talk to GIMP,
 * reads the band after it and finishes (e.g. writes) the band before: two
 * bands in hand, in two slots (0 and 1) that the callbacks keep.  One
 * band's work at a time, in the bands' order, so work may add to what the
 * band before it left (a tally); or, for independent bands, a band's work
 * starts as soon as it is read, beside the work of the band before. */
typedef struct
{
  /* Main thread: reads the next band into SLOT; FALSE when none is left. */
  gboolean      (*read)   (gint slot, gpointer data);
  /* Worker thread: SLOT's band's work; must not call GIMP. */
  TesseraStatus (*work)   (gint slot, gpointer data);
  /* Main thread, once SLOT's work succeeded (NULL: nothing to do): e.g.
   * writes the band and shows the progress. */
  TesseraStatus (*finish) (gint slot, gpointer data);
  /* Whether two bands' work may run at once. */
  gboolean        independent;
} TesseraBandPass;

/* Runs PASS over every band that PASS->read reads, with DATA; the first
 * failure stops it (no band after it is finished) and is returned. */
TesseraStatus tessera_bands_overlap     (const TesseraBandPass *pass,
                                         gpointer               data);

#endif
