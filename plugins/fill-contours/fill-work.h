/* Tessera — Fill Closed Contours: what the procedure does around the core
 * (core/fill-contours.h): the contour map from a layer's pixels, the fill,
 * the bleed under the line, and the four outputs. */
#ifndef TESSERA_FILL_WORK_H
#define TESSERA_FILL_WORK_H

#include <libgimp/gimp.h>
#include "fill-contours.h"
#include "fill-regions.h"
#include "tessera-plugin.h"
#include "tessera-progress.h"
#include "tessera-region.h"

/* Which pixels are contour: the PDB's "contour-source" values. */
typedef enum
{
  FILL_SOURCE_ALPHA = 0,    /* alpha >= threshold: line art on transparency */
  FILL_SOURCE_DARK,         /* luminance <= threshold: ink on paper */
  FILL_SOURCE_BRIGHT,       /* luminance >= threshold: light lines on black */
  FILL_SOURCE_FOREGROUND    /* within threshold of the foreground colour */
} FillSource;

/* Where the fill goes: the PDB's "output" values.  The new layers lie
 * under line art on transparency; over ink on paper (Multiply) or light
 * lines (Screen), which would hide them. */
typedef enum
{
  FILL_OUTPUT_FOREGROUND = 0,  /* the foreground colour, on the layer */
  FILL_OUTPUT_LAYER,           /* the foreground colour, on a new layer */
  FILL_OUTPUT_SELECTION,       /* the interior becomes the selection */
  FILL_OUTPUT_FLAT             /* a colour per region, on a new layer */
} FillOutput;

#define FILL_MAX_BLEED      TESSERA_FILL_REGIONS_MAX_BLEED
#define FILL_MAX_GAP        TESSERA_FILL_REGIONS_MAX_GAP
#define FILL_MAX_MIN_REGION 1000000

/* The settings, in the order of the PDB's arguments. */
typedef struct
{
  gint           source;        /* FillSource */
  gdouble        threshold;     /* 0 .. 1 */
  gint           connectivity;  /* 4 or 8 */
  gint           output;        /* FillOutput */
  TesseraBackend backend;
  gint           bleed;         /* pixels under the contour, 0 .. FILL_MAX_BLEED */
  gboolean       all_layers;
  /* The regions of line art (core/fill-regions.h). */
  gint           gap;           /* largest gap closed, 0 .. FILL_MAX_GAP */
  gboolean       edge_regions;  /* the layer's edge closes regions */
  gint           min_region;    /* pixels, 0 .. FILL_MAX_MIN_REGION */
  gboolean       to_centre;     /* colour the line to its centre */
  gint32         guide;         /* a layer of colour dabs, or -1 */
} FillValues;

/* Whether VALUES need the regions of line art, not only the interior. */
gboolean fill_wants_regions (const FillValues *values);

/* The source that suits DRAWABLE's pixels: alpha when much of it is
 * transparent, else dark lines on a light layer or light on a dark one. */
FillSource fill_guess_source (gint32 drawable);

/* What one drawable becomes: its contour map, then what to write. */
typedef struct
{
  gint32        drawable;
  TesseraImage  map;      /* u8, 255: contour */
  TesseraImage  paint;    /* the interior in the output's colours, see below */
  TesseraRegion pixels;   /* the whole drawable, kept for output on it */
  TesseraImage  closures; /* u8, 255 on the gaps' closing segments; only
                           * with a gap */
} FillJob;

/* MAP of DRAWABLE by VALUES's source and threshold; its PIXELS too when
 * the output goes on DRAWABLE, so they are read once. */
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

/* Writes the jobs' PAINT as VALUES's output, inside TARGET's selection, as
 * one undo step. */
void     fill_write    (const FillJob       *jobs,
                        gint                 count,
                        const FillValues    *values,
                        const TesseraTarget *target,
                        TesseraProgress     *progress);

void     fill_job_clear (FillJob *job);

#endif
