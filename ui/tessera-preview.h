/* Tessera — showing a filter's result in a GimpDrawablePreview.
 *
 * A preview computes only what it shows: read tessera_preview_area (grown
 * by the filter's reach), filter those pixels, and hand them to
 * tessera_preview_draw. */
#ifndef TESSERA_PREVIEW_H
#define TESSERA_PREVIEW_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "image.h"

/* The rectangle of the drawable that PREVIEW shows now. */
GeglRectangle tessera_preview_area (GimpPreview         *preview);

/* Draws the part of IMAGE that PREVIEW shows: IMAGE lies at RECT on the
 * drawable, which must cover it, in FORMAT. */
void          tessera_preview_draw (GimpPreview         *preview,
                                    const TesseraImage  *image,
                                    const GeglRectangle *rect,
                                    const Babl          *format);

#endif
