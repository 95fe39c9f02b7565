/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours on a whole image in one call: the distinct
 * colours, their tree, the classes and the image recoloured by the
 * classes' mean colours, on EXEC's backend (the CUDA backend does every
 * step on the device, the CPU's classes exactly). */
#ifndef TESSERA_MST_SEGMENT_IMAGE_H
#define TESSERA_MST_SEGMENT_IMAGE_H

#include "mst-segment.h"

/* DST = SRC with each pixel's colour replaced by its class's mean colour
 * (alpha kept), as tessera_colour_histogram, tessera_mst_segment and
 * tessera_mst_segment_recolour make it; CLASSES (host memory, freed with
 * tessera_mst_classes_free) as tessera_mst_segment gives them.  SRC and
 * DST have one shape and may be one image; both on the host, or both on
 * the device (8 bits per channel; then on the GPU alone).  EXEC may be
 * NULL.  With TESSERA_STAGE_TIMES set, each step's time goes to stderr. */
TesseraStatus tessera_mst_segment_image (const TesseraImage *src,
                                         const TesseraMstSegment *params,
                                         TesseraMstClasses *classes,
                                         TesseraImage *dst,
                                         TesseraExec *exec);

#endif
