/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a rectangle of a drawable's pixels as a TesseraImage.
 *
 * Pixels are read and written in the drawable's own format with only the
 * sample type swapped where the core has no such type (u32, half and double
 * become float): the same model, the same linear or perceptual TRC, the
 * same colour space, so no colour conversion happens and u8/u16 drawables
 * cost a plain copy. */
#ifndef TESSERA_REGION_H
#define TESSERA_REGION_H

#include <libgimp/gimp.h>
#include "image.h"
#include "tessera-format.h"
#include "tessera-progress.h"

typedef struct
{
  gint32         drawable;
  GeglRectangle  rect;     /* where IMAGE lies on the drawable */
  const Babl    *format;   /* the format of IMAGE's pixels */
  TesseraImage   image;    /* owns its pixels */
} TesseraRegion;


/* Where DRAWABLE's selection lies on it (the whole drawable without a
 * selection); an error when they do not meet. */
gboolean      tessera_selection_bounds  (gint32         drawable,
                                         GeglRectangle *bounds,
                                         GError       **error);

/* RECT grown by MARGIN_X and MARGIN_Y on each side, cut to DRAWABLE: what a
 * filter reaching that far must read to be exact inside RECT. */
GeglRectangle tessera_rect_grow         (gint32               drawable,
                                         const GeglRectangle *rect,
                                         gint                 margin_x,
                                         gint                 margin_y);

/* REGION: RECT of DRAWABLE in the format tessera_region_read reads, with
 * pixels yet to be written (for output that does not depend on what is
 * there, e.g. on a new layer) or loaded (tessera_region_load). */
gboolean      tessera_region_alloc      (TesseraRegion       *region,
                                         gint32               drawable,
                                         const GeglRectangle *rect,
                                         GError             **error);

/* Reads REGION's pixels (from tessera_region_alloc) from its drawable. */
void          tessera_region_load       (TesseraRegion       *region,
                                         TesseraProgress     *progress);

/* Reads RECT of DRAWABLE into REGION. */
gboolean      tessera_region_read       (TesseraRegion       *region,
                                         gint32               drawable,
                                         const GeglRectangle *rect,
                                         TesseraProgress     *progress,
                                         GError             **error);

/* REGION: where LIKE lies, in its format, with pixels yet to be written. */
gboolean      tessera_region_alloc_like (TesseraRegion       *region,
                                         const TesseraRegion *like,
                                         GError             **error);

/* A view of RECT (inside REGION->rect) of REGION's pixels. */
TesseraImage  tessera_region_view       (const TesseraRegion *region,
                                         const GeglRectangle *rect);

/* Writes RECT of REGION to its drawable through the shadow buffer and
 * merges it as one undo step (soft selections blend as in GIMP's own
 * filters), then updates the display. */
void          tessera_region_apply      (const TesseraRegion *region,
                                         const GeglRectangle *rect,
                                         TesseraProgress     *progress);

/* Points REGION (from tessera_region_alloc) at RECT, which must be no
 * wider and no higher than the rect it was allocated for, keeping its
 * pixel memory: one allocation for a layer processed in bands. */
void          tessera_region_retarget   (TesseraRegion       *region,
                                         const GeglRectangle *rect);

/* Writes RECT of REGION into SHADOW (its drawable's shadow buffer), tile
 * row by tile row. */
void          tessera_region_store      (const TesseraRegion *region,
                                         const GeglRectangle *rect,
                                         GeglBuffer          *shadow,
                                         TesseraProgress     *progress);

/* Merges DRAWABLE's shadow buffer as one undo step (soft selections blend
 * as in GIMP's own filters) and updates RECT on the display. */
void          tessera_region_merge      (gint32               drawable,
                                         const GeglRectangle *rect);

void          tessera_region_clear      (TesseraRegion       *region);

/* The rows of a band of DRAWABLE's rows WIDTH pixels wide, for procedures
 * that stream the drawable in bands: about 32 MiB of pixels in its format
 * (TESSERA_BAND_BYTES in the environment, for the tests, sets the bytes),
 * at least MIN_ROWS, at most the drawable's height, rounded up to a whole
 * number of GIMP's tile rows. */
gint          tessera_band_rows         (gint32               drawable,
                                         gint                 width,
                                         gint                 min_rows);

#endif
