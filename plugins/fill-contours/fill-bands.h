/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on a large drawable in bands of rows, for
 * bounded memory (core/fill-stream.h).
 *
 * Pass 1 reads the drawable band by band, makes each band's contour map
 * and hands it to the core's stream, which labels it and unites its
 * regions with the band above; pass 2 gets each band's region numbers and
 * writes the output band by band.  The outputs that start empty (a new
 * layer, flat colours, the selection's channel) get only the tiles with
 * some of the interior.  On the drawable the output goes to the shadow
 * buffer, merged at the end as one undo step: pass 1 writes there the
 * tiles that are all line (never filled) as they are, and pass 2 the
 * others, their pixels kept from pass 1 where they were small
 * (fill-cache.h), else read again but for the tiles filled whole.
 * While one band is computed in a thread, the plug-in's main thread, the
 * only one that may talk to GIMP, reads the next band or writes the one
 * before.  The pixels are those of the whole-drawable run; the plug-in
 * holds two bands and the map at one bit a pixel, not the drawable. */
#ifndef TESSERA_FILL_BANDS_H
#define TESSERA_FILL_BANDS_H

#include <libgimp/gimp.h>
#include "fill-contours-args.h"

/* Whether VALUES on DRAWABLE run in bands: one drawable, the fill of
 * closed contours without gap closing, minimum region, colouring under
 * the line or guide (their steps need the whole map at once), and at
 * least FILL_BAND_PIXELS pixels (TESSERA_FILL_BAND_PIXELS in the
 * environment, for the tests), below which the whole drawable costs
 * little. */
gboolean fill_bands_suit (gint32            drawable,
                          const FillValues *values);

/* The whole run on DRAWABLE of IMAGE in bands, with progress: the image
 * changes only on success. */
gboolean fill_bands_run  (gint32            image,
                          gint32            drawable,
                          const FillValues *values,
                          GError          **error);

#endif
