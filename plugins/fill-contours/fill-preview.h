/* Tessera — Fill Closed Contours: the dialog's preview, for the GIMP 2.10
 * dialog (fill-contours.c) and the GIMP 3 one (fill-contours3.c) alike.
 *
 * The fill is computed on the whole layer, as an enclosed region may reach
 * far beyond what the preview shows, and kept while only the view moves.
 * It is painted over the part shown so that it reads whatever the colours:
 * the foreground colour hatched, flat colours as they will be, the lines
 * (the contour) over either; the selection as a tint inside marching ants;
 * the gaps' closing segments in magenta. */
#ifndef TESSERA_FILL_PREVIEW_H
#define TESSERA_FILL_PREVIEW_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "fill-work.h"

typedef struct
{
  FillValues  filled_with;
  gboolean    have_fill;
  FillJob     job;
  gchar      *problem;   /* why there is nothing to show, or NULL */
} FillPreview;

/* Draws on PREVIEW the part of DRAWABLE it shows, filled by VALUES; fills
 * the whole layer again only when VALUES changed the fill since the last
 * time.  TRUE when it did, so that the caller shows SHOWN->problem. */
gboolean fill_preview_update (FillPreview      *shown,
                              GimpPreview      *preview,
                              gint32            drawable,
                              const FillValues *values);

void     fill_preview_clear  (FillPreview      *shown);

#endif
