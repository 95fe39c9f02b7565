/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction's GIMP 3 dialog, what GIMP's own
 * rows lack: the chosen marker named on its chooser (GIMP 3.0's says
 * "Browse..." whatever it holds), and the warning that the marker lies
 * beyond the mask, with its count, kept up to date before OK. */
#ifndef TESSERA_MARKER_DIALOG3_H
#define TESSERA_MARKER_DIALOG3_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "tessera-region.h"

/* Adds both to DIALOG (filled) of CONFIG; the marker is the mask MASK when
 * none is chosen.  MASK_READ, the whole mask as a run reads it, must last
 * as long as the dialog (NULL: no warning). */
void marker_dialog3_extend (GimpProcedureDialog *dialog,
                            GimpProcedureConfig *config,
                            GimpDrawable        *mask,
                            const TesseraRegion *mask_read);

#endif
