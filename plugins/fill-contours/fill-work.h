/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: what the procedure does around the core
 * (core/fill-contours.h): the contour map from a layer's pixels, the fill,
 * the bleed under the line, and the four outputs; built for GIMP 2.10 and
 * GIMP 3 alike (tessera-gimp.h).  One file a step: fill-read.c (the map
 * and the guide), fill-paint.c (the fill and its colours, with
 * fill-palette.c), fill-write.c (the outputs), fill-run.c (the run over
 * the drawables); what they share besides is in fill-work-private.h. */
#ifndef TESSERA_FILL_WORK_H
#define TESSERA_FILL_WORK_H

#include <libgimp/gimp.h>
#include "fill-contours.h"
#include "fill-contours-args.h"
#include "tessera-progress.h"
#include "tessera-region.h"

/* Whether VALUES need the regions of line art, not only the interior. */
gboolean fill_wants_regions (const FillValues *values);

/* The source that suits DRAWABLE's pixels: alpha when much of it is
 * transparent, else dark lines on a light layer or light on a dark one. */
FillSource fill_guess_source (gint32 drawable);

/* What one drawable becomes: its contour map, then what to write.  What
 * the map and the paint need from GIMP is read first (fill_job_read), so
 * that both can be made off the main thread. */
typedef struct
{
  gint32        drawable;
  gchar        *name;     /* the drawable's, for the errors */
  gboolean      grey;     /* its image is grey: so are the flat colours */
  const Babl   *rgba;     /* R'G'B'A float in the drawable's space */
  gfloat        foreground[4];   /* the foreground colour in RGBA */
  gint          band;     /* rows converted at a time: GIMP's tile height */
  TesseraImage  guide;    /* the guide over the drawable, R'G'B'A u8; only
                           * with a guide and flat colours */
  TesseraImage  map;      /* u8, 255: contour */
  TesseraImage  paint;    /* the interior in the output's colours, see below */
  TesseraRegion pixels;   /* the whole drawable, kept for output on it */
  gboolean      pixels_borrowed;  /* PIXELS are fill_job_read's LAYER, the
                                   * caller's: never freed here */
  gboolean      map_from_pixels;  /* else from the drawable, where the
                                   * pixels are not in its own format */
  TesseraImage  closures; /* u8, 255 on the gaps' closing segments; only
                           * with a gap */
} FillJob;

/* Reads into JOB what its map and paint need from DRAWABLE and GIMP (main
 * thread); its PIXELS when they are used (the output goes on DRAWABLE, or
 * they are in its own format).  LAYER, when not NULL, is the whole of
 * DRAWABLE read already (tessera_region_read, by a preview that keeps it):
 * JOB borrows it for the map instead of reading the layer again, and LAYER
 * must outlive JOB's map; then fill_job_map and fill_paint call no GIMP
 * function. */
gboolean fill_job_read (FillJob             *job,
                        gint32               drawable,
                        const FillValues    *values,
                        const TesseraRegion *layer,
                        TesseraProgress     *progress,
                        GError             **error);

/* JOB's MAP by VALUES's source and threshold, from its PIXELS when read,
 * else (main thread) straight from the drawable; the PIXELS are dropped
 * (or, borrowed, let go) unless the output goes on the drawable. */
void     fill_job_map  (FillJob          *job,
                        const FillValues *values,
                        TesseraProgress  *progress);

/* Both of the above: MAP of DRAWABLE by VALUES's source and threshold; its
 * PIXELS too when the output goes on DRAWABLE, so they are read once. */
gboolean fill_read_map (FillJob          *job,
                        gint32            drawable,
                        const FillValues *values,
                        TesseraProgress  *progress,
                        GError          **error);

/* Fills the COUNT jobs' maps in one batch and makes their PAINT: for
 * FILL_OUTPUT_FLAT "R'G'B'A u8" with a colour per enclosed region, else one
 * channel, 255 inside; grown BLEED pixels into the contour.  A map with no
 * contour, only contour or no enclosed region is an error that names the
 * drawable. */
gboolean fill_paint    (FillJob          *jobs,
                        gint              count,
                        const FillValues *values,
                        TesseraExec      *exec,
                        GError          **error);

/* Writes the jobs' PAINT as VALUES's output on IMAGE, inside the
 * selection, as one undo step. */
void     fill_write    (const FillJob       *jobs,
                        gint                 count,
                        const FillValues    *values,
                        gint32               image,
                        TesseraProgress     *progress);

/* The whole run on DRAWABLE of IMAGE (every layer of IMAGE with
 * all-layers), with progress: the image changes only on success. */
gboolean fill_run      (gint32               image,
                        gint32               drawable,
                        const FillValues    *values,
                        GError             **error);

/* What the declaration cannot check: the guide is none (-1, or 0 from
 * callers that predate it) or a layer. */
gboolean fill_check    (gconstpointer        values,
                        GError             **error);

/* The foreground colour as one pixel of FORMAT (at most 64 bytes). */
void     fill_foreground_pixel (const Babl  *format,
                                gpointer     pixel);

void     fill_job_clear (FillJob *job);

#endif
