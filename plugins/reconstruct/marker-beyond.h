/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction: where the marker lies beyond the
 * mask (above it for a dilation, below it for an erosion), counted before
 * the run for the dialogs of both GIMPs (core/reconstruct-beyond.h), and
 * said in the same words before and after it. */
#ifndef TESSERA_MARKER_BEYOND_H
#define TESSERA_MARKER_BEYOND_H

#include "reconstruct-work.h"

/* *COUNT = the samples of VALUES' marker beyond MASK (the whole mask, as
 * read for the run), as the run will count them; FALSE with *ERROR set when
 * the marker cannot be used. */
gboolean reconstruct_count_beyond (const TesseraRegion      *mask,
                                   const ReconstructValues  *values,
                                   gsize                    *count,
                                   GError                  **error);

/* What COUNT samples beyond the mask mean for OPERATION, translated (free
 * it); NULL for none. */
gchar   *reconstruct_beyond_text  (gsize                        count,
                                   TesseraReconstructOperation  operation);

#endif
