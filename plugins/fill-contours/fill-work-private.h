/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: what the files of the procedure's work
 * (fill-read.c, fill-paint.c, fill-palette.c, fill-write.c, fill-run.c,
 * and the run in bands, fill-bands.c) share beyond fill-work.h. */
#ifndef TESSERA_FILL_WORK_PRIVATE_H
#define TESSERA_FILL_WORK_PRIVATE_H

#include <glib.h>
#include <libgimp/gimp.h>
#include "contour-map.h"
#include "fill-contours-args.h"

/* The flat colours (R'G'B'A u8 by region, 0 transparent): a region's
 * colour is where GUIDE (by region, 0: none; may be NULL) has one, else
 * the palette's, greys on a GREY image, chosen by SEED and the region's
 * first pixel in raster order, so that it stays as long as that pixel
 * does; the same every run.  The regions are met row by row, top to
 * bottom (fill_flat_meet_row: row Y's LABELS, WIDTH of them, from x 0),
 * then fill_flat_finish gives the colours (free with g_free). */
typedef struct _FillFlat FillFlat;

FillFlat *fill_flat_new      (gboolean       grey,
                              guint          seed,
                              const guint32 *guide,
                              guint          count);
void      fill_flat_meet_row (FillFlat      *flat,
                              const guint32 *labels,
                              gint           width,
                              gint           y);
guint8   *fill_flat_finish   (FillFlat      *flat);
/* The colours so far, by region (FLAT's: valid until fill_flat_finish). */
guint8   *fill_flat_rgba     (FillFlat      *flat);

/* All of it for a whole map of LABELS, WIDTH x HEIGHT. */
guint8   *fill_flat_colours  (gboolean       grey,
                              guint          seed,
                              const guint32 *guide,
                              const guint32 *labels,
                              gint           width,
                              gint           height,
                              guint          count);

/* The drawable's pixels as perceptual RGBA floats in its own colour space:
 * every type, precision and model reads the same way. */
const Babl *fill_rgba_float (gint32 drawable);

/* The core's threshold for VALUES, FOREGROUND (R'G'B') its colour. */
TesseraContourThreshold fill_contour_threshold (const FillValues *values,
                                                const gfloat     *foreground);

/* MAP (its width and height) from PIXELS (rows STRIDE bytes apart, in
 * FORMAT): converted to RGBA_FORMAT (fill_rgba_float) as GEGL would, BAND
 * rows a thread at a time, then thresholded. */
void        fill_map_pixels (TesseraImage                  *map,
                             gconstpointer                  pixels,
                             gsize                          stride,
                             const Babl                    *format,
                             const Babl                    *rgba_format,
                             gint                           band,
                             const TesseraContourThreshold *threshold);

/* Why the drawable NAME has nothing to fill, or NULL: its map has no LINE
 * pixel, no FREE pixel, or nothing INSIDE.  Free with g_free. */
gchar      *fill_nothing_reason (const gchar *name,
                                 gboolean     line,
                                 gboolean     free,
                                 gboolean     inside);

/* A transparent layer the size of DRAWABLE for the fill, named NAME as
 * incomplete, where SOURCE wants it (fill-write.c says where). */
gint32      fill_new_layer (gint32       drawable,
                            const gchar *name,
                            FillSource   source);

/* Where the pixels of a new LAYER go: straight into its buffer where
 * nothing is selected (its insertion is the undo step, so no shadow buffer
 * and no merge, which would keep its transparent pixels for undo), else
 * into its shadow buffer, whose merge blends a soft selection as GIMP
 * does.  *DIRECT says which, for fill_new_layer_done. */
GeglBuffer *fill_new_layer_buffer (gint32    layer,
                                   gboolean *direct);

/* RECT of the new LAYER is written into BUFFER (fill_new_layer_buffer's):
 * drops BUFFER, then shows RECT or merges the shadow. */
void        fill_new_layer_done   (gint32               layer,
                                   GeglBuffer          *buffer,
                                   const GeglRectangle *rect,
                                   gboolean             direct);

/* A cleared channel of IMAGE for the interior, named as incomplete: it
 * is never a result, and a kill must not leave one that looks like one;
 * then, with SELECT, the interior cut to the selection becomes the
 * selection, and the channel goes. */
gint32      fill_selection_channel (gint32   image);
void        fill_select_channel    (gint32   image,
                                    gint32   channel,
                                    gboolean select);

#endif
