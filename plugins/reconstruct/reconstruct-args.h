/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction's two procedures, their settings
 * and their declaration, shared by the GIMP 2.10 plug-in (reconstruct.c,
 * preset-procedure.c) and the GIMP 3 one (reconstruct3.c). */
#ifndef TESSERA_RECONSTRUCT_ARGS_H
#define TESSERA_RECONSTRUCT_ARGS_H

#include "reconstruct.h"
#include "reconstruct-preset.h"
#include "tessera-args.h"

#define RECONSTRUCT_PROC  "plug-in-tessera-reconstruct"
#define RECONSTRUCT_TITLE N_("Morphological Reconstruction")
#define RECONSTRUCT_LABEL N_("_Morphological Reconstruction…")
#define RECONSTRUCT_BLURB N_("Rebuild the parts of the mask that a marker " \
                             "reaches")
/* Both procedures' menus. */
#define RECONSTRUCT_MENUS TESSERA_MENU
#define RECONSTRUCT_HELP                                                      \
  "Greyscale morphological reconstruction: the marker is dilated (4- or "    \
  "8-connected) and clipped by the mask again and again until nothing "      \
  "changes, so each region of the mask keeps the height the marker reaches " \
  "inside it; by erosion the dual.  A marker beyond the mask is clipped to " \
  "it first, and a message says so.  Each channel is reconstructed on its " \
  "own, or (colour-mode LUMINANCE) the luminance of an RGB marker under the " \
  "mask's, each colour channel of the mask then moving by the change of "    \
  "luminance: pixels whose luminance does not change stay as they are, the " \
  "others keep their hue.  Alpha stays the mask's.  The whole drawable "     \
  "takes part; the result is written inside the selection."
/* The procedure's drawable is the mask: GIMP 2.10 names it so. */
#define RECONSTRUCT_MASK_NAME "mask-drawable"
/* The dialogs' tooltip of the mask's row. */
#define RECONSTRUCT_MASK_TIP                                                 \
  N_("The mask is the layer the filter was started on: the marker grows "   \
     "under it (dilation) or shrinks above it (erosion), so the result "     \
     "keeps the parts of the mask the marker reaches")
#define RECONSTRUCT_MASK_DESCRIPTION                                          \
  "The mask (layer, layer mask or channel): the result stays under it "      \
  "(above it, for erosion)"

#define PRESET_PROC  "plug-in-tessera-reconstruct-preset"
#define PRESET_TITLE N_("Morphological Reconstruction Presets")
/* Not "Morphological Reconstruction Presets…": menus sort by label, and
 * that one would come before the reconstruction itself. */
#define PRESET_LABEL N_("Reconstruction _Presets…")
#define PRESET_BLURB N_("Fill holes, clear the border, find domes, open or " \
                        "close by reconstruction")
#define PRESET_HELP                                                           \
  "Presets of greyscale morphological reconstruction (see "                  \
  "plug-in-tessera-reconstruct) whose marker is made from the drawable: "    \
  "fill holes (the top, the border as it is, by erosion), remove objects "   \
  "touching the border (the drawable minus the dilation of its border), "    \
  "h-domes (the drawable minus the dilation of the drawable lowered by h), " \
  "opening and closing by reconstruction (the drawable eroded or dilated by " \
  "a square of the given radius, then dilated or eroded under it).  Each "   \
  "channel on its own, or (colour-mode LUMINANCE) the preset on the "        \
  "luminance of an RGB drawable with the colours following: fill holes, "    \
  "opening and closing move each colour channel by the change of "           \
  "luminance (a filled hole takes its rim's light and keeps its hue), "      \
  "clear border and h-domes scale the colours by the share of luminance "    \
  "kept (what stays keeps its colour, what goes turns black).  Alpha "       \
  "stays."

/* Where the result goes: the "output" values. */
typedef enum
{
  RECONSTRUCT_OUTPUT_NEW_LAYER = 0,
  RECONSTRUCT_OUTPUT_IN_PLACE
} ReconstructOutput;

typedef struct
{
  gint           marker;         /* a drawable's ID */
  gint           operation;      /* TesseraReconstructOperation */
  gint           connectivity;   /* 4 or 8 */
  gint           output;         /* ReconstructOutput */
  TesseraBackend backend;
  gint           colour_mode;    /* TesseraReconstructColour */
} ReconstructValues;

typedef struct
{
  gint           preset;         /* TesseraReconstructPreset */
  gdouble        parameter;      /* h or the radius, by preset */
  gint           connectivity;
  gint           output;
  TesseraBackend backend;
  gint           colour_mode;
  /* The preset's own parameter as the dialogs show it, one each: a run
   * takes them from "parameter" (reconstruct_preset_take_parameter). */
  gdouble        h;              /* percent of the sample range */
  gint           radius;         /* pixels */
} PresetValues;

static const TesseraArgChoice reconstruct_operation_choices[] =
{
  { TESSERA_RECONSTRUCT_DILATION, "DILATION",
    N_("Dilation (the marker rises under the mask)") },
  { TESSERA_RECONSTRUCT_EROSION, "EROSION",
    N_("Erosion (the marker sinks above the mask)") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice reconstruct_connectivity_choices[] =
{
  { 8, "8", N_("8 (the square around each pixel)") },
  { 4, "4", N_("4 (the cross around each pixel)") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice reconstruct_output_choices[] =
{
  { RECONSTRUCT_OUTPUT_NEW_LAYER, "NEW-LAYER", N_("A new layer") },
  { RECONSTRUCT_OUTPUT_IN_PLACE, "IN-PLACE", N_("Replace the drawable") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice reconstruct_colour_choices[] =
{
  { TESSERA_RECONSTRUCT_PER_CHANNEL, "PER-CHANNEL",
    N_("Each channel on its own") },
  { TESSERA_RECONSTRUCT_LUMINANCE, "LUMINANCE",
    N_("On luminance, the colours following") },
  { 0, NULL, NULL }
};

static const TesseraArgChoice reconstruct_preset_choices[] =
{
  { TESSERA_RECONSTRUCT_FILL_HOLES, "FILL-HOLES", N_("Fill holes") },
  { TESSERA_RECONSTRUCT_CLEAR_BORDER, "CLEAR-BORDER",
    N_("Remove objects touching the border") },
  { TESSERA_RECONSTRUCT_H_DOME, "H-DOME", N_("H-domes (regional maxima)") },
  { TESSERA_RECONSTRUCT_OPENING, "OPENING", N_("Opening by reconstruction") },
  { TESSERA_RECONSTRUCT_CLOSING, "CLOSING", N_("Closing by reconstruction") },
  { 0, NULL, NULL }
};

/* The last argument of both procedures. */
#define RECONSTRUCT_ARG_COLOUR_MODE(STRUCT)                                   \
  TESSERA_ARG_CHOICE ("colour-mode", STRUCT, colour_mode, N_("Colo_ur"),     \
                      N_("Each channel on its own, or an RGB drawable on "   \
                         "its luminance (Rec. 709 weights on the stored "    \
                         "values) with the colours following it; a grey "    \
                         "drawable is its own luminance, so both are the "   \
                         "same there"),                                      \
                      reconstruct_colour_choices,                            \
                      TESSERA_RECONSTRUCT_PER_CHANNEL)

/* The four arguments both procedures end with, in this order. */
#define RECONSTRUCT_ARGS_COMMON(STRUCT)                                       \
  TESSERA_ARG_CHOICE ("connectivity", STRUCT, connectivity,                  \
                      N_("Co_nnectivity"),                                   \
                      N_("The neighbours of a pixel: the square of 8 "       \
                         "around it, or the cross of 4"),                    \
                      reconstruct_connectivity_choices, 8),                  \
  TESSERA_ARG_CHOICE ("output", STRUCT, output, N_("Ou_tput"),               \
                      N_("Where the result goes: a new layer above the "     \
                         "drawable, or the drawable itself"),                \
                      reconstruct_output_choices,                            \
                      RECONSTRUCT_OUTPUT_NEW_LAYER),                         \
  TESSERA_ARG_BACKEND_OF (STRUCT, backend),                                  \
  RECONSTRUCT_ARG_COLOUR_MODE (STRUCT)

enum
{
  RECONSTRUCT_ARG_MARKER,
  RECONSTRUCT_ARG_OPERATION,
  RECONSTRUCT_ARG_CONNECTIVITY    /* the common ones from here on */
};

static const TesseraArg reconstruct_args[] =
{
  TESSERA_ARG_DRAWABLE ("marker-drawable", ReconstructValues, marker,
                        N_("_Marker"),
                        N_("The marker, a layer or channel of the same "
                           "image, placed by its offsets; where it does not "
                           "cover the mask it counts as 0 (the maximum, for "
                           "erosion)")),
  TESSERA_ARG_CHOICE ("operation", ReconstructValues, operation,
                      N_("Op_eration"),
                      N_("The marker dilated under the mask, or eroded "
                         "above it"),
                      reconstruct_operation_choices,
                      TESSERA_RECONSTRUCT_DILATION),
  RECONSTRUCT_ARGS_COMMON (ReconstructValues)
};

enum
{
  PRESET_ARG_PRESET,
  PRESET_ARG_PARAMETER,
  PRESET_ARG_CONNECTIVITY         /* the common ones from here on */
};

static const TesseraArg preset_args[] =
{
  TESSERA_ARG_CHOICE ("preset", PresetValues, preset, N_("Pr_eset"),
                      N_("Fill holes: the regional minima that do not touch "
                         "the border filled; clear border: the objects "
                         "touching the border removed; h-domes: what rises "
                         "more than h above its surroundings (regional "
                         "maxima for a small h); opening and closing by "
                         "reconstruction from the drawable eroded (dilated) "
                         "by a square"),
                      reconstruct_preset_choices,
                      TESSERA_RECONSTRUCT_FILL_HOLES),
  TESSERA_ARG_DOUBLE ("parameter", PresetValues, parameter, N_("Para_meter"),
                      N_("H-DOME: h in percent of the sample range (0..100); "
                         "OPENING, CLOSING: the square's radius, a whole "
                         "number of pixels; ignored by the others"),
                      0, TESSERA_RECONSTRUCT_MAX_RADIUS, 0, 100, 0, NULL),
  RECONSTRUCT_ARGS_COMMON (PresetValues)
};

enum { PRESET_DIALOG_H, PRESET_DIALOG_RADIUS };

/* What the dialogs say of the presets' own settings when they do not
 * apply, and of h-domes, whose result is only the domes, at most h high. */
#define COLOUR_MODE_WHY_NOT   N_("A grey layer is its own luminance: both " \
                                 "ways give the same.")
#define PRESET_H_WHY_NOT      N_("Used only by the H-domes preset.")
#define PRESET_RADIUS_WHY_NOT N_("Used only by the opening and closing " \
                                 "presets.")
#define PRESET_DOMES_DARK     N_("The result holds only the domes, at most " \
                                 "h high, so it looks dark: Colors > Auto > " \
                                 "Stretch Contrast shows them.")

/* "parameter" as the dialogs show it: not arguments of the procedure in
 * GIMP 2.10 (GIMP 3: auxiliary ones, kept with the settings). */
static const TesseraArg preset_dialog_args[] =
{
  TESSERA_ARG_DOUBLE ("h", PresetValues, h, N_("_Dome height h"),
                      N_("How far below the drawable the marker lies, in "
                         "percent of the range: domes lower than this "
                         "vanish"),
                      0, 100, 0, 100, 10, N_("%")),
  TESSERA_ARG_INT ("radius", PresetValues, radius, N_("R_adius"),
                   N_("Half the side of the square the marker is eroded or "
                      "dilated by, in pixels"),
                   0, TESSERA_RECONSTRUCT_MAX_RADIUS, 0, 100, 5, N_("px"))
};

#endif
