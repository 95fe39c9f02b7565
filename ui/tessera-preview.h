/* Tessera — showing a filter's result in a GimpDrawablePreview.
 *
 * A preview computes only what it shows: read tessera_preview_area (grown
 * by the filter's reach with tessera_rect_grow) with tessera_region_read,
 * filter the region, and hand it to tessera_preview_draw. */
#ifndef TESSERA_PREVIEW_H
#define TESSERA_PREVIEW_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "tessera-region.h"

/* The rectangle of the drawable that PREVIEW shows now. */
GeglRectangle tessera_preview_area (GimpPreview         *preview);

/* Draws the part of REGION that PREVIEW shows; REGION must cover it. */
void          tessera_preview_draw (GimpPreview         *preview,
                                    const TesseraRegion *region);

#endif
