/* Tessera — Morphological Reconstruction: the marker, a layer or channel
 * of the image, dilated (or eroded) again and again under the mask, the
 * active drawable, until nothing changes (core/reconstruct.h).  The
 * plug-in also holds the presets built on it (preset-procedure.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "preset-procedure.h"
#include "reconstruct-work.h"
#include "tessera-dialog.h"
#include "tessera-progress.h"

#define PLUG_IN_PROC "plug-in-tessera-reconstruct"

typedef struct
{
  gint32         marker;
  gint           operation;      /* TesseraReconstructOperation */
  gint           connectivity;   /* 4 or 8 */
  gint           output;         /* ReconstructOutput */
  TesseraBackend backend;
  gint           colour_mode;    /* TesseraReconstructColour */
} ReconstructValues;

typedef struct
{
  ReconstructValues *values;
  TesseraRegion      mask;       /* the whole mask, read once */
  GtkWidget         *preview;
} ReconstructDialog;

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

static TesseraReconstruct
core_params (const ReconstructValues *values)
{
  TesseraReconstruct params = tessera_reconstruct_default ();

  params.operation    = values->operation;
  params.connectivity = values->connectivity;
  params.colour       = values->colour_mode;
  return params;
}

/* Reads the marker and reconstructs it under MASK into RESULT. */
static gboolean
reconstruct_values (const TesseraRegion     *mask,
                    const ReconstructValues *values,
                    TesseraExec             *exec,
                    TesseraImage            *result,
                    gsize                   *clipped,
                    GError                 **error)
{
  TesseraReconstruct params = core_params (values);

  if (! reconstruct_read_marker (mask, values->marker, params.operation,
                                 result, error))
    return FALSE;
  if (reconstruct_run (mask, result, &params, exec, clipped, error))
    return TRUE;
  tessera_image_free (result);
  return FALSE;
}

static void
preview_update (GimpPreview       *preview,
                ReconstructDialog *dialog)
{
  TesseraExec  exec = tessera_preview_exec (dialog->values->backend);
  TesseraImage result;

  if (reconstruct_values (&dialog->mask, dialog->values, &exec, &result,
                          NULL, NULL))
    {
      reconstruct_preview (preview, &dialog->mask, &result);
      tessera_image_free (&result);
    }
}

/* Markers come from the mask's own image. */
static gboolean
same_image (gint32   image,
            gint32   item,
            gpointer data)
{
  return image == GPOINTER_TO_INT (data);
}

static GtkWidget *
make_controls (ReconstructDialog   *dialog,
               const TesseraTarget *target)
{
  ReconstructValues *values = dialog->values;
  GtkWidget         *table  = gtk_table_new (6, 2, FALSE);
  GtkWidget         *marker;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);

  marker = gimp_drawable_combo_box_new (same_image,
                                        GINT_TO_POINTER (target->image));
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (marker), values->marker,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              &values->marker);
  g_signal_connect_swapped (marker, "changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, 0, _("_Marker:"),
                             0.0, 0.5, marker, 1, FALSE);
  gimp_help_set_help_data (marker,
                           _("The layer or channel the reconstruction "
                             "starts from; the active drawable is the "
                             "mask"), NULL);

  tessera_dialog_add_combo (GTK_TABLE (table), 1, _("_Operation:"), 1,
                            &values->operation, dialog->preview,
                            _("Dilation (the marker rises under the mask)"),
                            TESSERA_RECONSTRUCT_DILATION,
                            _("Erosion (the marker sinks above the mask)"),
                            TESSERA_RECONSTRUCT_EROSION, NULL);
  reconstruct_add_controls (GTK_TABLE (table), 2, target->drawable,
                            &values->connectivity, &values->colour_mode,
                            &values->output, &values->backend,
                            dialog->preview);
  return table;
}

static gboolean
reconstruct_dialog (const TesseraTarget *target,
                    gpointer             data)
{
  ReconstructDialog  dialog = { 0 };
  GtkWidget         *window;
  GtkWidget         *vbox;
  gboolean           ok;

  dialog.values = data;
  if (! reconstruct_read_whole (target->drawable, &dialog.mask, NULL, NULL))
    return FALSE;

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_("Morphological Reconstruction"),
                               "tessera-reconstruct", PLUG_IN_PROC, vbox);
  dialog.preview = tessera_dialog_add_preview (vbox, target->drawable,
                                               G_CALLBACK (preview_update),
                                               &dialog);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog, target),
                      FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  tessera_region_clear (&dialog.mask);
  return ok;
}

static void
reconstruct_parse (const GimpParam *param,
                   gpointer         data)
{
  ReconstructValues *values = data;

  values->marker       = param[3].data.d_drawable;
  values->operation    = param[4].data.d_int32;
  values->connectivity = param[5].data.d_int32;
  values->output       = param[6].data.d_int32;
  values->backend      = param[7].data.d_int32;
  values->colour_mode  = param[8].data.d_int32;
}

static gboolean
reconstruct_check (gconstpointer   data,
                   GError        **error)
{
  const ReconstructValues *values = data;

  return tessera_check_range ("operation", values->operation,
                              TESSERA_RECONSTRUCT_DILATION,
                              TESSERA_RECONSTRUCT_EROSION, error)
      && reconstruct_check_common (values->connectivity, values->output,
                                   values->backend, values->colour_mode,
                                   error);
}

/* Says that (and how much of) the marker was beyond the mask. */
static void
tell_clipped (gsize clipped,
              gint  operation)
{
  if (clipped == 0)
    return;
  if (operation == TESSERA_RECONSTRUCT_EROSION)
    g_message (ngettext ("The marker lay below the mask at %lu point; it "
                         "was raised to the mask first.",
                         "The marker lay below the mask at %lu points; it "
                         "was raised to the mask first.", clipped),
               (gulong) clipped);
  else
    g_message (ngettext ("The marker lay above the mask at %lu point; it "
                         "was lowered to the mask first.",
                         "The marker lay above the mask at %lu points; it "
                         "was lowered to the mask first.", clipped),
               (gulong) clipped);
}

static gboolean
reconstruct_apply (const TesseraTarget *target,
                   gconstpointer        data,
                   GError             **error)
{
  const ReconstructValues *values = data;
  TesseraProgress          progress;
  TesseraRegion            mask;
  TesseraImage             result;
  TesseraExec              exec;
  gsize                    clipped = 0;
  gboolean                 ok;

  tessera_progress_start (&progress, _("Morphological Reconstruction"));
  tessera_progress_stage (&progress, 0.3);
  if (! reconstruct_read_whole (target->drawable, &mask, &progress, error))
    return FALSE;

  tessera_progress_stage (&progress, 0.4);
  exec = tessera_progress_exec (&progress, values->backend);
  ok = reconstruct_values (&mask, values, &exec, &result, &clipped, error);
  if (ok)
    {
      tessera_progress_stage (&progress, 0.3);
      reconstruct_write (&mask, &result, target, values->output, &progress);
      tessera_image_free (&result);
      tell_clipped (clipped, values->operation);
    }
  tessera_region_clear (&mask);
  return ok;
}

static const GimpParamDef args[] =
{
  { GIMP_PDB_INT32, "run-mode",
    "The run mode { RUN-INTERACTIVE (0), RUN-NONINTERACTIVE (1), "
    "RUN-WITH-LAST-VALS (2) }" },
  { GIMP_PDB_IMAGE,    "image",           "Input image" },
  { GIMP_PDB_DRAWABLE, "mask-drawable",   "The mask (layer, layer mask or "
                                          "channel): the result stays under "
                                          "it (above it, for erosion)" },
  { GIMP_PDB_DRAWABLE, "marker-drawable", "The marker, a layer or channel of "
                                          "the same image, placed by its "
                                          "offsets; where it does not cover "
                                          "the mask it counts as 0 (the "
                                          "maximum, for erosion)" },
  { GIMP_PDB_INT32, "operation",    "{ DILATION (0), EROSION (1) }" },
  { GIMP_PDB_INT32, "connectivity", "4 or 8 (neighbours of a pixel)" },
  { GIMP_PDB_INT32, "output",       "{ NEW-LAYER (0), IN-PLACE (1) }" },
  TESSERA_ARG_BACKEND,
  RECONSTRUCT_ARG_COLOUR_MODE
};

static const gchar * const menu_paths[] = { TESSERA_MENU, NULL };

static const TesseraPlugin reconstruct =
{
  PLUG_IN_PROC,
  N_("Rebuild the parts of the mask that a marker reaches"),
  "Greyscale morphological reconstruction: the marker is dilated (4- or "
  "8-connected) and clipped by the mask again and again until nothing "
  "changes, so each region of the mask keeps the height the marker reaches "
  "inside it; by erosion the dual.  A marker beyond the mask is clipped to "
  "it first, and a message says so.  Each channel is reconstructed on its "
  "own, or (colour-mode LUMINANCE) the luminance of an RGB marker under the "
  "mask's, each colour channel of the mask then moving by the change of "
  "luminance: pixels whose luminance does not change stay as they are, the "
  "others keep their hue.  Alpha stays the mask's.  The whole drawable "
  "takes part; the result is written inside the selection.",
  N_("_Morphological Reconstruction…"),
  "RGB*, GRAY*",
  menu_paths,
  args,
  G_N_ELEMENTS (args),

  sizeof (ReconstructValues),
  reconstruct_parse,
  reconstruct_check,
  reconstruct_dialog,
  reconstruct_apply,

  NULL, 0, FALSE, NULL, 0
};

static void
query (void)
{
  tessera_plugin_install (&reconstruct);
  tessera_plugin_install (&reconstruct_preset_plugin);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  ReconstructValues values = { -1, TESSERA_RECONSTRUCT_DILATION, 8,
                               RECONSTRUCT_OUTPUT_NEW_LAYER,
                               TESSERA_BACKEND_AUTO,
                               TESSERA_RECONSTRUCT_PER_CHANNEL };

  if (g_strcmp0 (name, reconstruct_preset_plugin.name) == 0)
    reconstruct_preset_run (n_params, param, n_return_vals, return_vals);
  else
    tessera_plugin_run (&reconstruct, &values, n_params, param,
                        n_return_vals, return_vals);
}
