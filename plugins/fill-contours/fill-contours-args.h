/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours' settings and their declaration, shared
 * by the GIMP 2.10 plug-in (fill-contours.c) and the GIMP 3 one
 * (fill-contours3.c). */
#ifndef TESSERA_FILL_CONTOURS_ARGS_H
#define TESSERA_FILL_CONTOURS_ARGS_H

#include "fill-regions.h"
#include "tessera-args.h"

#define FILL_CONTOURS_PROC  "plug-in-tessera-fill-contours"
#define FILL_CONTOURS_LABEL N_("Fill Closed _Contours…")
#define FILL_CONTOURS_BLURB N_("Fill the inside of every closed contour")
#define FILL_CONTOURS_MENUS TESSERA_MENU, "<Image>/Edit"
#define FILL_CONTOURS_HELP                                                   \
  "Fills every region that a closed contour encloses, nested ones too, "    \
  "with no seed to pick: what cannot reach the edge of the layer through "  \
  "non-contour pixels is inside.  The contour comes from the alpha "        \
  "channel, the lightness or the foreground colour.  For real line art, "   \
  "gaps in the lines can be closed, the layer's edge can close regions, "   \
  "small regions can join their neighbours, the line can be coloured up "  \
  "to its centre, and a guide layer's dabs can give regions their colours."

/* Which pixels are contour: the "contour-source" values. */
typedef enum
{
  FILL_SOURCE_ALPHA = 0,    /* alpha >= threshold: line art on transparency */
  FILL_SOURCE_DARK,         /* luminance <= threshold: ink on paper */
  FILL_SOURCE_BRIGHT,       /* luminance >= threshold: light lines on black */
  FILL_SOURCE_FOREGROUND    /* within threshold of the foreground colour */
} FillSource;

/* Where the fill goes: the "output" values.  The new layers lie under line
 * art on transparency; over ink on paper (Multiply) or light lines
 * (Screen), which would hide them. */
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

/* The settings, in the order of the arguments. */
typedef struct
{
  gint           source;        /* FillSource */
  gdouble        threshold;     /* 0 .. 1 */
  gint           connectivity;  /* 4 or 8 */
  gint           output;        /* FillOutput */
  TesseraBackend backend;
  gint           bleed;         /* pixels under the contour */
  gboolean       all_layers;
  /* The regions of line art (core/fill-regions.h). */
  gint           gap;           /* largest gap closed */
  gboolean       edge_regions;  /* the layer's edge closes regions */
  gint           min_region;    /* pixels */
  gboolean       to_centre;     /* colour the line to its centre */
  gint32         guide;         /* a layer of colour dabs; -1 (or 0, from
                                   callers that predate it): none */
  gint           seed;          /* which flat colours (0 without it) */
} FillValues;

enum
{
  FILL_ARG_SOURCE, FILL_ARG_THRESHOLD, FILL_ARG_CONNECTIVITY, FILL_ARG_OUTPUT,
  FILL_ARG_BACKEND, FILL_ARG_BLEED, FILL_ARG_ALL_LAYERS, FILL_ARG_GAP,
  FILL_ARG_EDGE_REGIONS, FILL_ARG_MIN_REGION, FILL_ARG_TO_CENTRE,
  FILL_ARG_GUIDE, FILL_ARG_SEED
};

static const TesseraArgChoice fill_source_choices[] =
{
  { FILL_SOURCE_ALPHA,      "ALPHA",
    N_("Opaque pixels (line art on a transparent layer)") },
  { FILL_SOURCE_DARK,       "DARK",   N_("Dark pixels (ink on paper)") },
  { FILL_SOURCE_BRIGHT,     "BRIGHT",
    N_("Light pixels (light lines on black)") },
  { FILL_SOURCE_FOREGROUND, "FOREGROUND",
    N_("Pixels near the foreground colour") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice fill_connectivity_choices[] =
{
  { 4, "4", N_("Diagonal lines close regions") },
  { 8, "8", N_("Diagonal neighbours (fill leaks through diagonal lines)") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice fill_output_choices[] =
{
  { FILL_OUTPUT_FOREGROUND, "FOREGROUND",
    N_("Foreground colour on this layer") },
  { FILL_OUTPUT_LAYER,      "LAYER",  N_("Foreground colour on a new layer") },
  { FILL_OUTPUT_SELECTION,  "SELECTION", N_("Selection of the interior") },
  { FILL_OUTPUT_FLAT,       "FLAT",   N_("Flat colours on a new layer") },
  { 0, NULL, NULL }
};

/* The defaults are the 2.10 dialog's first values (it then proposes the
 * source that suits the layer). */
static const TesseraArg fill_contours_args[] =
{
  TESSERA_ARG_CHOICE ("contour-source", FillValues, source,
                      N_("Co_ntour source"),
                      N_("Which pixels are contour: alpha >= threshold; "
                         "luminance <= threshold (transparent counts as "
                         "white); luminance >= threshold (transparent counts "
                         "as black); or within threshold of the foreground "
                         "colour"),
                      fill_source_choices, FILL_SOURCE_DARK),
  TESSERA_ARG_DOUBLE ("threshold", FillValues, threshold, N_("Thr_eshold"),
                      N_("Opacity, lightness or distance to the foreground "
                         "colour (RGB distance / sqrt (3)) that separates "
                         "contour from the rest"),
                      0.0, 1.0, 0.0, 1.0, 0.5, NULL),
  TESSERA_ARG_CHOICE ("connectivity", FillValues, connectivity,
                      N_("Connecti_vity"),
                      N_("4: pixels touch through edges only, so lines with "
                         "diagonal steps close a region; 8: through corners "
                         "too, so only 4-connected lines do"),
                      fill_connectivity_choices, 4),
  TESSERA_ARG_CHOICE ("output", FillValues, output, N_("Ou_tput"),
                      N_("Where the fill goes.  A new layer lies under the "
                         "drawable for the alpha and foreground sources, "
                         "over it in Multiply mode for dark lines and in "
                         "Screen mode for light ones; flat colours differ up "
                         "to 32768 regions (78 greys on a grey image); the "
                         "selection is intersected with the current one"),
                      fill_output_choices, FILL_OUTPUT_LAYER),
  TESSERA_ARG_BACKEND_OF (FillValues, backend),
  /* Options beyond the procedure's specified form come after the
   * backend. */
  TESSERA_ARG_INT ("bleed", FillValues, bleed, N_("Fill _under the line by"),
                   N_("How many pixels the fill runs under the contour, so "
                      "that no gap shows at anti-aliased edges"),
                   0, FILL_MAX_BLEED, 0, 8, 0, N_("px")),
  TESSERA_ARG_BOOLEAN ("all-layers", FillValues, all_layers,
                       N_("All layers o_f the image (the preview shows this "
                          "one)"),
                       N_("Fill every layer of the image (TRUE) or the "
                          "drawable only (FALSE)"), FALSE),
  /* The regions of line art; 0 (and -1 for the guide) as before them. */
  TESSERA_ARG_INT ("gap", FillValues, gap, N_("Close g_aps up to"),
                   N_("Lines that end this many pixels or less from another "
                      "line (or from themselves) are joined for finding the "
                      "regions; the joins show in the preview.  0: only "
                      "closed contours"),
                   0, FILL_MAX_GAP, 0, 16, 3, N_("px")),
  TESSERA_ARG_BOOLEAN ("edge-regions", FillValues, edge_regions,
                       N_("The la_yer's edge closes regions"),
                       N_("Fill art that runs off the layer: regions that "
                          "touch the edge are filled too, except the one "
                          "that touches all four sides (the paper around a "
                          "drawing)"), FALSE),
  TESSERA_ARG_INT ("min-region", FillValues, min_region,
                   N_("S_mallest region"),
                   N_("Regions of fewer pixels (hatching, specks) join the "
                      "neighbour they share most line with.  0: keep every "
                      "region"),
                   0, FILL_MAX_MIN_REGION, 0, 500, 16, N_("px")),
  TESSERA_ARG_BOOLEAN ("bleed-to-centre", FillValues, to_centre,
                       N_("Colour the line up to _its centre"),
                       N_("Each pixel of the line takes the colour of the "
                          "nearest region, so that the line is coloured up "
                          "to its centre from both sides (instead of the "
                          "pixels above)"), FALSE),
  TESSERA_ARG_DRAWABLE_OR_NONE ("guide", FillValues, guide,
                                N_("Colour _guide"),
                                N_("A layer with dabs of colour: with flat "
                                   "colours, each region a dab touches takes "
                                   "its colour; the others get the automatic "
                                   "ones")),
  TESSERA_ARG_INT ("seed", FillValues, seed, N_("Colour see_d"),
                   N_("Which flat colour each region gets: 0 the usual "
                      "ones, any other number another set, the same every "
                      "time for the same image"),
                   0, G_MAXINT, 0, 1000, 0, NULL)
};

#endif
