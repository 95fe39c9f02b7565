/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — tessera:reconstruct-preset, the presets of the Morphological
 * Reconstruction plug-in that need no second layer (core/reconstruct-
 * preset.h), as a global GEGL filter: a reconstruction reaches across the
 * whole layer, so the whole input is read and the whole output made at
 * once, as GEGL's own distance transform does. */
#include "config.h"

#include <glib/gi18n-lib.h>

#ifdef GEGL_PROPERTIES

enum_start (tessera_reconstruct_preset_kind)
  enum_value (TESSERA_GEGL_FILL_HOLES,   "fill-holes",   N_("Fill holes"))
  enum_value (TESSERA_GEGL_CLEAR_BORDER, "clear-border",
              N_("Remove objects touching the border"))
  enum_value (TESSERA_GEGL_H_DOME,       "h-dome",
              N_("H-domes (regional maxima)"))
  enum_value (TESSERA_GEGL_OPENING,      "opening",
              N_("Opening by reconstruction"))
  enum_value (TESSERA_GEGL_CLOSING,      "closing",
              N_("Closing by reconstruction"))
enum_end (TesseraGeglReconstructPresetKind)

enum_start (tessera_reconstruct_connectivity)
  enum_value (TESSERA_GEGL_RECONSTRUCT_8, "8",
              N_("8 (the square around each pixel)"))
  enum_value (TESSERA_GEGL_RECONSTRUCT_4, "4",
              N_("4 (the cross around each pixel)"))
enum_end (TesseraGeglReconstructConnectivity)

enum_start (tessera_reconstruct_colour_mode)
  enum_value (TESSERA_GEGL_PER_CHANNEL, "per-channel",
              N_("Each channel on its own"))
  enum_value (TESSERA_GEGL_LUMINANCE,   "luminance",
              N_("On luminance, the colours following"))
enum_end (TesseraGeglReconstructColourMode)

property_enum (preset, _("Preset"), TesseraGeglReconstructPresetKind,
               tessera_reconstruct_preset_kind, TESSERA_GEGL_FILL_HOLES)
  description (_("Fill holes: the regional minima that do not touch the "
                 "border filled; clear border: the objects touching the "
                 "border removed; h-domes: what rises more than h above its "
                 "surroundings (regional maxima for a small h); opening and "
                 "closing by reconstruction from the drawable eroded "
                 "(dilated) by a square"))

property_double (h, _("Dome height h"), 10.0)
  description (_("How far below the drawable the marker lies, in percent of "
                 "the range: domes lower than this vanish"))
  value_range (0.0, 100.0)
  ui_meta     ("unit", "percent")
  ui_meta     ("visible", "preset {h-dome}")

property_int (radius, _("Radius"), 5)
  description (_("Half the side of the square the marker is eroded or "
                 "dilated by, in pixels"))
  value_range (0, 10000)
  ui_range    (0, 100)
  ui_gamma    (1.5)
  ui_meta     ("unit", "pixel-distance")
  ui_meta     ("visible", "preset {opening, closing}")

property_enum (connectivity, _("Connectivity"),
               TesseraGeglReconstructConnectivity,
               tessera_reconstruct_connectivity, TESSERA_GEGL_RECONSTRUCT_8)
  description (_("The neighbours of a pixel: the square of 8 around it, or "
                 "the cross of 4"))

property_enum (colour_mode, _("Colour"), TesseraGeglReconstructColourMode,
               tessera_reconstruct_colour_mode, TESSERA_GEGL_PER_CHANNEL)
  description (_("Each channel on its own, or an RGB drawable on its "
                 "luminance (Rec. 709 weights on the stored values) with the "
                 "colours following it; a grey drawable is its own "
                 "luminance, so both are the same there"))

#else

#define GEGL_OP_FILTER
#define GEGL_OP_NAME     tessera_reconstruct_preset
#define GEGL_OP_C_SOURCE reconstruct-op.c
#define GEGL_OP_BUNDLE

#include "gegl-op.h"
#include "reconstruct-preset.h"
#include "tessera-gegl.h"

static void
prepare (GeglOperation *operation)
{
  tessera_gegl_prepare (operation);
}

/* The core's parameters for O on pixels of FORMAT, as the plug-in makes
 * them (plugins/reconstruct/reconstruct-work.c). */
static TesseraReconstructPresetParams
preset_params (const GeglProperties *o,
               const Babl           *format)
{
  static const TesseraReconstructPreset presets[] =
  {
    [TESSERA_GEGL_FILL_HOLES]   = TESSERA_RECONSTRUCT_FILL_HOLES,
    [TESSERA_GEGL_CLEAR_BORDER] = TESSERA_RECONSTRUCT_CLEAR_BORDER,
    [TESSERA_GEGL_H_DOME]       = TESSERA_RECONSTRUCT_H_DOME,
    [TESSERA_GEGL_OPENING]      = TESSERA_RECONSTRUCT_OPENING,
    [TESSERA_GEGL_CLOSING]      = TESSERA_RECONSTRUCT_CLOSING
  };
  TesseraReconstructPresetParams params;

  params.preset       = presets[o->preset];
  params.h            = o->h / 100.0;
  params.radius       = o->radius;
  params.connectivity = o->connectivity == TESSERA_GEGL_RECONSTRUCT_4 ? 4 : 8;
  params.has_alpha    = babl_format_has_alpha (format);
  params.colour       = o->colour_mode == TESSERA_GEGL_LUMINANCE
                        ? TESSERA_RECONSTRUCT_LUMINANCE
                        : TESSERA_RECONSTRUCT_PER_CHANNEL;
  return params;
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  const Babl                     *format =
    gegl_operation_get_format (operation, "output");
  GeglRectangle                   whole =
    tessera_gegl_whole_input (operation, result);
  TesseraReconstructPresetParams  params =
    preset_params (GEGL_PROPERTIES (operation), format);
  TesseraExec                     exec;
  TesseraImage                    image;
  TesseraStatus                   status;

  if (whole.width <= 0 || whole.height <= 0)
    return TRUE;
  gegl_operation_progress (operation, 0.0, "");
  if (! tessera_gegl_read (input, &whole, format, &image))
    return FALSE;
  exec   = tessera_gegl_exec (operation, TRUE);
  /* In place: the layer's pixels are held once. */
  status = tessera_reconstruct_preset (&image, &image, &params, &exec);
  tessera_gegl_write (operation, input, output, &whole, format, &image,
                      status);
  g_free (image.data);
  return TRUE;
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass       *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);

  operation_class->prepare                 = prepare;
  operation_class->get_required_for_output = tessera_gegl_whole_required;
  operation_class->get_cached_region       = tessera_gegl_whole_input;
  /* One run over the whole layer, on GEGL's threads (tessera_gegl_exec). */
  operation_class->threaded                = FALSE;
  filter_class->process                    = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "tessera:reconstruct-preset",
    "title",           _("Morphological Reconstruction Presets"),
    "categories",      "morphology",
    "description",     _("Fill holes, clear the border, find domes, open or "
                         "close by reconstruction: the same pixels as "
                         "Tessera's Morphological Reconstruction Presets "
                         "plug-in"),
    "gimp:menu-path",  TESSERA_GEGL_MENU,
    "gimp:menu-label", _("Morp_hological Reconstruction Presets (on canvas)…"),
    NULL);
}

#endif
