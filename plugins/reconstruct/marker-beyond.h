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

/* The marker a dialog proposes for MASK when none (or the mask itself, with
 * which the result is the mask unchanged) was given: the image's first
 * layer, from the top, that is not the mask; the mask if it has none. */
gint32   reconstruct_default_marker (gint32                     mask);

/* What the dialog says of MARKER as the marker of MASK when that does
 * nothing (the marker is the mask: the result is the mask unchanged), or
 * NULL; translated, free it. */
gchar   *reconstruct_marker_text  (gint32                       mask,
                                   gint32                       marker);

/* The mask's row of the dialogs: "NAME (the active layer)", free it. */
gchar   *reconstruct_mask_text    (gint32                       mask);

/* The samples MASK's reconstruction compares: a colour channel's each, or
 * a pixel's luminance with COLOUR_MODE luminance on an RGB mask. */
gsize    reconstruct_samples      (const TesseraRegion         *mask,
                                   gint                         colour_mode);

/* What SHARE (0..1) of the samples beyond the mask means for OPERATION,
 * translated (free it): the share of the image, not a count of samples
 * that can exceed its pixels; NULL for none. */
gchar   *reconstruct_beyond_text  (gdouble                      share,
                                   TesseraReconstructOperation  operation);

#endif
