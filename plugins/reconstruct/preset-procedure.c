#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "preset-procedure.h"
#include "reconstruct-preset.h"
#include "reconstruct-work.h"
#include "tessera-dialog.h"
#include "tessera-progress.h"

#define PLUG_IN_PROC "plug-in-tessera-reconstruct-preset"

typedef struct
{
  gint           preset;
  gdouble        h;              /* percent of the sample range */
  gint           radius;         /* pixels */
  gint           connectivity;
  gint           output;
  TesseraBackend backend;
  gint           colour_mode;    /* TesseraReconstructColour */
  gdouble        radius_given;   /* the PDB's radius, NAN when from the
                                  * dialog: checked as given */
} PresetValues;

typedef struct
{
  PresetValues  *values;
  TesseraRegion  mask;
  GtkWidget     *preview;
  GtkObject     *h;
  GtkObject     *radius;
} PresetDialog;

/* The preset on the whole of MASK into RESULT. */
static gboolean
run_preset (const TesseraRegion  *mask,
            const PresetValues   *values,
            TesseraExec          *exec,
            TesseraImage         *result,
            GError              **error)
{
  TesseraReconstructPresetParams params;
  TesseraStatus                  status;

  params.preset       = values->preset;
  params.h            = values->h / 100.0;
  params.radius       = values->radius;
  params.connectivity = values->connectivity;
  params.has_alpha    = babl_format_has_alpha (mask->format);
  params.colour       = values->colour_mode;
  if (! reconstruct_image_like (mask, result, error))
    return FALSE;
  status = tessera_reconstruct_preset (&mask->image, result, &params, exec);
  if (status == TESSERA_OK)
    return TRUE;
  tessera_set_error (error, status);
  tessera_image_free (result);
  return FALSE;
}

static void
preview_update (GimpPreview  *preview,
                PresetDialog *dialog)
{
  TesseraExec  exec = tessera_preview_exec (dialog->values->backend);
  TesseraImage result;

  if (run_preset (&dialog->mask, dialog->values, &exec, &result, NULL))
    {
      reconstruct_preview (preview, &dialog->mask, &result);
      tessera_image_free (&result);
    }
}

/* Only the preset's own parameter can be changed. */
static void
preset_changed (GtkWidget    *combo,
                PresetDialog *dialog)
{
  gint preset = dialog->values->preset;

  gimp_scale_entry_set_sensitive (dialog->h,
                                  preset == TESSERA_RECONSTRUCT_H_DOME);
  gimp_scale_entry_set_sensitive (dialog->radius,
                                  preset == TESSERA_RECONSTRUCT_OPENING
                                  || preset == TESSERA_RECONSTRUCT_CLOSING);
}

static GtkWidget *
make_controls (PresetDialog        *dialog,
               const TesseraTarget *target)
{
  PresetValues *values = dialog->values;
  GtkWidget    *table  = gtk_table_new (7, 3, FALSE);
  GtkWidget    *combo;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);

  combo = tessera_dialog_add_combo (GTK_TABLE (table), 0, _("_Preset:"), 1,
                                    &values->preset, dialog->preview,
                                    _("Fill holes"),
                                    TESSERA_RECONSTRUCT_FILL_HOLES,
                                    _("Remove objects touching the border"),
                                    TESSERA_RECONSTRUCT_CLEAR_BORDER,
                                    _("H-domes (regional maxima)"),
                                    TESSERA_RECONSTRUCT_H_DOME,
                                    _("Opening by reconstruction"),
                                    TESSERA_RECONSTRUCT_OPENING,
                                    _("Closing by reconstruction"),
                                    TESSERA_RECONSTRUCT_CLOSING, NULL);

  dialog->h = gimp_scale_entry_new (GTK_TABLE (table), 0, 1, _("_h (%):"),
                                    200, 6, values->h, 0.0, 100.0, 0.1, 1.0,
                                    1, TRUE, 0, 0,
                                    _("How far below the drawable the "
                                      "marker lies, in percent of the "
                                      "range: domes lower than this "
                                      "vanish"), NULL);
  g_signal_connect (dialog->h, "value-changed",
                    G_CALLBACK (gimp_double_adjustment_update), &values->h);
  dialog->radius = gimp_scale_entry_new (GTK_TABLE (table), 0, 2,
                                         _("_Radius:"), 200, 6,
                                         values->radius, 0, 100, 1, 10, 0,
                                         FALSE, 0,
                                         TESSERA_RECONSTRUCT_MAX_RADIUS,
                                         _("Half the side of the square "
                                           "the marker is eroded or dilated "
                                           "by, in pixels"), NULL);
  g_signal_connect (dialog->radius, "value-changed",
                    G_CALLBACK (gimp_int_adjustment_update),
                    &values->radius);
  g_signal_connect_swapped (dialog->h, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  g_signal_connect_swapped (dialog->radius, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);

  reconstruct_add_controls (GTK_TABLE (table), 3, target->drawable,
                            &values->connectivity, &values->colour_mode,
                            &values->output, &values->backend,
                            dialog->preview);
  g_signal_connect (combo, "changed", G_CALLBACK (preset_changed), dialog);
  preset_changed (combo, dialog);
  return table;
}

static gboolean
preset_dialog (const TesseraTarget *target,
               gpointer             data)
{
  PresetDialog  dialog = { 0 };
  GtkWidget    *window;
  GtkWidget    *vbox;
  gboolean      ok;

  dialog.values = data;
  dialog.values->radius_given = NAN;
  if (! reconstruct_read_whole (target->drawable, &dialog.mask, NULL, NULL))
    return FALSE;

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_("Morphological Reconstruction Presets"),
                               "tessera-reconstruct-preset", PLUG_IN_PROC, vbox);
  dialog.preview = tessera_dialog_add_preview (vbox, target->drawable,
                                               G_CALLBACK (preview_update),
                                               &dialog);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog, target),
                      FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  tessera_region_clear (&dialog.mask);
  return ok;
}

/* "parameter" is h for the h-domes and the radius for opening and
 * closing; the other presets ignore it. */
static void
preset_parse (const GimpParam *param,
              gpointer         data)
{
  PresetValues *values = data;
  gdouble       parameter = param[4].data.d_float;

  values->preset = param[3].data.d_int32;
  if (values->preset == TESSERA_RECONSTRUCT_H_DOME)
    values->h = parameter;
  else if (values->preset == TESSERA_RECONSTRUCT_OPENING
           || values->preset == TESSERA_RECONSTRUCT_CLOSING)
    {
      values->radius_given = parameter;
      values->radius = parameter >= 0
                       && parameter <= TESSERA_RECONSTRUCT_MAX_RADIUS
                       ? (gint) parameter : -1;
    }
  values->connectivity = param[5].data.d_int32;
  values->output       = param[6].data.d_int32;
  values->backend      = param[7].data.d_int32;
  values->colour_mode  = param[8].data.d_int32;
}

static gboolean
preset_check (gconstpointer   data,
              GError        **error)
{
  const PresetValues *values = data;

  if (! tessera_check_range ("preset", values->preset, 0,
                             TESSERA_RECONSTRUCT_PRESETS - 1, error))
    return FALSE;
  if (! isnan (values->radius_given))
    {
      if (! tessera_check_range_double ("radius", values->radius_given, 0,
                                        TESSERA_RECONSTRUCT_MAX_RADIUS,
                                        error))
        return FALSE;
      if (values->radius_given != floor (values->radius_given))
        {
          g_set_error (error, TESSERA_PLUGIN_ERROR,
                       TESSERA_ERROR_INVALID_ARGUMENT,
                       _("The radius must be a whole number of pixels, "
                         "not %g."), values->radius_given);
          return FALSE;
        }
    }
  if (! tessera_check_range ("radius", values->radius, 0,
                             TESSERA_RECONSTRUCT_MAX_RADIUS, error))
    return FALSE;
  if (! (values->h >= 0.0 && values->h <= 100.0))
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   _("h must be between 0 and 100 (percent), not %g."),
                   values->h);
      return FALSE;
    }
  return reconstruct_check_common (values->connectivity, values->output,
                                   values->backend, values->colour_mode,
                                   error);
}

static gboolean
preset_apply (const TesseraTarget *target,
              gconstpointer        data,
              GError             **error)
{
  const PresetValues *values = data;
  TesseraProgress     progress;
  TesseraRegion       mask;
  TesseraImage        result;
  TesseraExec         exec;
  gboolean            ok;

  tessera_progress_start (&progress, _("Morphological Reconstruction"));
  tessera_progress_stage (&progress, 0.3);
  if (! reconstruct_read_whole (target->drawable, &mask, &progress, error))
    return FALSE;

  tessera_progress_stage (&progress, 0.4);
  exec = tessera_progress_exec (&progress, values->backend);
  ok = run_preset (&mask, values, &exec, &result, error);
  if (ok)
    {
      tessera_progress_stage (&progress, 0.3);
      reconstruct_write (&mask, &result, target, values->output, &progress);
      tessera_image_free (&result);
    }
  tessera_region_clear (&mask);
  return ok;
}

static const GimpParamDef args[] =
{
  TESSERA_ARGS_RUN_MODE_IMAGE_DRAWABLE,
  { GIMP_PDB_INT32, "preset",
    "{ FILL-HOLES (0): regional minima not touching the border filled, "
    "CLEAR-BORDER (1): objects touching the border removed, "
    "H-DOME (2): what rises more than h above its surroundings (regional "
    "maxima for a small h), OPENING (3) and CLOSING (4) by reconstruction "
    "from the drawable eroded (dilated) by a square }" },
  { GIMP_PDB_FLOAT, "parameter",
    "H-DOME: h in percent of the sample range (0..100); OPENING, CLOSING: "
    "the square's radius in pixels (0..10000); ignored by the others" },
  { GIMP_PDB_INT32, "connectivity", "4 or 8 (neighbours of a pixel)" },
  { GIMP_PDB_INT32, "output",       "{ NEW-LAYER (0), IN-PLACE (1) }" },
  TESSERA_ARG_BACKEND,
  RECONSTRUCT_ARG_COLOUR_MODE
};

static const gchar * const menu_paths[] = { TESSERA_MENU, NULL };

const TesseraPlugin reconstruct_preset_plugin =
{
  PLUG_IN_PROC,
  N_("Fill holes, clear the border, find domes, open or close by "
     "reconstruction"),
  "Presets of greyscale morphological reconstruction (see "
  "plug-in-tessera-reconstruct) whose marker is made from the drawable: "
  "fill holes (the top, the border as it is, by erosion), remove objects "
  "touching the border (the drawable minus the dilation of its border), "
  "h-domes (the drawable minus the dilation of the drawable lowered by h), "
  "opening and closing by reconstruction (the drawable eroded or dilated by "
  "a square of the given radius, then dilated or eroded under it).  Each "
  "channel on its own, or (colour-mode LUMINANCE) the preset on the "
  "luminance of an RGB drawable with the colours following: fill holes, "
  "opening and closing move each colour channel by the change of "
  "luminance (a filled hole takes its rim's light and keeps its hue), "
  "clear border and h-domes scale the colours by the share of luminance "
  "kept (what stays keeps its colour, what goes turns black).  Alpha "
  "stays.",
  N_("Morphological Reconstruction _Presets…"),
  "RGB*, GRAY*",
  menu_paths,
  args,
  G_N_ELEMENTS (args),

  sizeof (PresetValues),
  preset_parse,
  preset_check,
  preset_dialog,
  preset_apply,

  NULL, 0, FALSE, NULL, 0
};

void
reconstruct_preset_run (gint              n_params,
                        const GimpParam  *param,
                        gint             *n_return_vals,
                        GimpParam       **return_vals)
{
  PresetValues values = { TESSERA_RECONSTRUCT_FILL_HOLES, 10.0, 5, 8,
                          RECONSTRUCT_OUTPUT_NEW_LAYER, TESSERA_BACKEND_AUTO,
                          TESSERA_RECONSTRUCT_PER_CHANNEL, NAN };

  tessera_plugin_run (&reconstruct_preset_plugin, &values, n_params, param,
                      n_return_vals, return_vals);
}
