/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST)'s settings and their declaration, shared
 * by the GIMP 2.10 plug-in (mst-segment.c, segment-dialog.c), the GIMP 3
 * one (mst-segment3.c) and the work both do (segment-work.c). */
#ifndef TESSERA_MST_SEGMENT_ARGS_H
#define TESSERA_MST_SEGMENT_ARGS_H

#include "mst-segment.h"
#include "tessera-args.h"

#define MST_SEGMENT_PROC "plug-in-tessera-mst-segment"
#define MST_SEGMENT_LABEL N_("_Segment Colours (MST)…")
#define MST_SEGMENT_BLURB N_("Split the colours into classes by cutting " \
                             "their minimum spanning tree")
#define MST_SEGMENT_MENUS TESSERA_MENU, "<Image>/Colors"
#define MST_SEGMENT_HELP                                                     \
  "Finds the Euclidean minimum spanning tree of the distinct colours of the " \
  "selection (in RGB or CIE L*a*b*) and cuts it into classes.  WEIGHTED "    \
  "weighs every colour by its pixels: it splits the tree where a split most " \
  "reduces the pixel-weighted squared colour error within the classes, "     \
  "merges needless splits back (Ward), and refines the classes by Lloyd "    \
  "iterations over the distinct colours; with classes = 0 the number is "    \
  "where that error stops falling fast.  SINGLE-LINKAGE cuts the longest "   \
  "edges: with classes = K, the K-1 longest; with classes = 0, the edges "   \
  "much longer than those near them (Zahn's inconsistent edges).  Both skip " \
  "tree cuts that would leave a class with less than min-share of the "      \
  "pixels.  A layer per class holds the class's pixels in its mean colour, " \
  "so that the group looks as the recoloured layer.  "                       \
  "Images deeper than 8 bits are rounded to 8 bits per channel to "          \
  "find the classes.  Transparent pixels (alpha 0) have no colour: they "   \
  "shape no class, count in no share, keep their pixels and belong to no "  \
  "class layer, channel or palette entry; any other alpha counts as a "      \
  "whole pixel (a layer with nothing visible is refused).  Alpha is kept; "  \
  "the statistics use the selection's bounding box."

typedef enum
{
  OUTPUT_RECOLOURED_LAYER,
  OUTPUT_LAYER_PER_CLASS,
  OUTPUT_CHANNEL_PER_CLASS,
  OUTPUT_INDEXED_COPY
} SegmentOutput;

typedef struct
{
  gint           classes;       /* 0: automatic */
  gdouble        min_share;     /* 0 .. 0.5 */
  gdouble        sensitivity;
  gint           colour_space;  /* TesseraColourSpace */
  gint           output;        /* SegmentOutput */
  TesseraBackend backend;
  gint           method;        /* TesseraMstMethod */
} SegmentValues;

enum
{
  SEGMENT_ARG_CLASSES,
  SEGMENT_ARG_MIN_SHARE,
  SEGMENT_ARG_SENSITIVITY,
  SEGMENT_ARG_COLOUR_SPACE,
  SEGMENT_ARG_OUTPUT,
  SEGMENT_ARG_BACKEND,
  SEGMENT_ARG_METHOD
};

static const TesseraArgChoice segment_space_choices[] =
{
  { TESSERA_COLOUR_SPACE_RGB,    "RGB",    N_("RGB") },
  { TESSERA_COLOUR_SPACE_CIELAB, "CIELAB", N_("CIE L*a*b*") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice segment_output_choices[] =
{
  { OUTPUT_RECOLOURED_LAYER,  "RECOLOURED-LAYER",  N_("Recoloured layer") },
  { OUTPUT_LAYER_PER_CLASS,   "LAYER-PER-CLASS",   N_("One layer per class") },
  { OUTPUT_CHANNEL_PER_CLASS, "CHANNEL-PER-CLASS",
    N_("One channel (selection) per class") },
  { OUTPUT_INDEXED_COPY,      "INDEXED-COPY",      N_("Indexed copy") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice segment_method_choices[] =
{
  { TESSERA_MST_METHOD_WEIGHTED,       "WEIGHTED",
    N_("Weighted by pixels (refined)") },
  { TESSERA_MST_METHOD_SINGLE_LINKAGE, "SINGLE-LINKAGE",
    N_("Single linkage (longest edges)") },
  { 0, NULL, NULL }
};

static const TesseraArg segment_args[] =
{
  TESSERA_ARG_INT ("classes", SegmentValues, classes, N_("Cl_asses"),
                   N_("How many classes of colours, or 0 to find them "
                      "automatically"),
                   0, TESSERA_MST_SEGMENT_MAX_CLASSES,
                   0, TESSERA_MST_SEGMENT_MAX_CLASSES, 8, NULL),
  TESSERA_ARG_DOUBLE ("min-share", SegmentValues, min_share,
                      N_("_Minimum share"),
                      N_("No class may have less than this share of the "
                         "pixels"),
                      0.0, 0.5, 0.0, 0.5, 0.01, NULL),
  TESSERA_ARG_DOUBLE ("sensitivity", SegmentValues, sensitivity,
                      N_("Sens_itivity"),
                      N_("With 0 classes: higher finds more classes.  "
                         "Weighted: the knee of the error curve raised to "
                         "the power 1/(2 sensitivity); single linkage: an "
                         "edge is cut when longer than 1 + 1/sensitivity "
                         "times the mean of the tree's edges near it"),
                      0.01, 100.0, 0.1, 10.0, 1.0, NULL),
  TESSERA_ARG_CHOICE ("colour-space", SegmentValues, colour_space,
                      N_("Colo_ur space"),
                      N_("Where the distances between colours are measured"),
                      segment_space_choices, TESSERA_COLOUR_SPACE_CIELAB),
  TESSERA_ARG_CHOICE ("output", SegmentValues, output, N_("Ou_tput"),
                      N_("What the classes become: a copy of the layer in "
                         "the class means, a layer group with a layer per "
                         "class in its mean (together as the copy), a "
                         "channel (selection mask) per class, or a "
                         "new indexed image with the class means as "
                         "palette"),
                      segment_output_choices, OUTPUT_RECOLOURED_LAYER),
  TESSERA_ARG_BACKEND_OF (SegmentValues, backend),
  TESSERA_ARG_CHOICE ("method", SegmentValues, method, N_("M_ethod"),
                      N_("How the tree is cut: weighted splits it where the "
                         "pixel-weighted colour error drops most, then "
                         "refines the classes (Lloyd iterations); single "
                         "linkage cuts the longest edges, so that rare "
                         "colours far from the others get classes of their "
                         "own (the only method of earlier versions)"),
                      segment_method_choices, TESSERA_MST_METHOD_WEIGHTED)
};

/* The core's parameters for VALUES. */
static inline TesseraMstSegment
segment_params_of (const SegmentValues *values)
{
  TesseraMstSegment params;

  params.classes      = values->classes;
  params.min_share    = values->min_share;
  params.sensitivity  = values->sensitivity;
  params.colour_space = (TesseraColourSpace) values->colour_space;
  params.method       = (TesseraMstMethod) values->method;
  return params;
}

#endif
