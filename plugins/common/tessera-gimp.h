/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls the shared glue makes, on item IDs, for
 * GIMP 2.10 and GIMP 3 alike.
 *
 * GIMP 2.10 names images, layers and channels by gint32 IDs; GIMP 3 by
 * objects (GimpImage, GimpDrawable…) that gimp_*_get_by_id finds from the
 * same IDs (libgimp keeps them: no reference to drop).  The glue holds IDs
 * and calls libgimp through these, so the same source builds against
 * either GIMP; a call whose name and arguments are the same in both needs
 * no wrapper.  Add a wrapper here when glue shared by both GIMPs needs a
 * call that differs, in the header of its concept:
 *   tessera-gimp-ids.h       IDs and GIMP 3's objects (TESSERA_IMAGE, …)
 *   tessera-gimp-items.h     items and drawables
 *   tessera-gimp-layers.h    layers
 *   tessera-gimp-images.h    images
 *   tessera-gimp-channels.h  channels and the selection
 *   tessera-gimp-paths.h     paths
 *   tessera-gimp-context.h   the context (foreground colour, brush)
 * This header includes them all. */
#ifndef TESSERA_GIMP_H
#define TESSERA_GIMP_H

#include "tessera-gimp-ids.h"
#include "tessera-gimp-items.h"
#include "tessera-gimp-layers.h"
#include "tessera-gimp-images.h"
#include "tessera-gimp-channels.h"
#include "tessera-gimp-paths.h"
#include "tessera-gimp-context.h"

#endif
