/* Tessera — Morphological Reconstruction: the marker, a layer or channel
 * of the image, dilated (or eroded) again and again under the mask, the
 * active drawable, until nothing changes (core/reconstruct.h).  The
 * plug-in also holds the presets built on it (preset-procedure.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "preset-procedure.h"
#include "reconstruct-dialog.h"
#include "tessera-plugin.h"

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* Markers come from the mask's own image. */
static gboolean
same_image (gint32   image,
            gint32   item,
            gpointer data)
{
  return image == GPOINTER_TO_INT (data);
}

/* The marker chooser (GIMP 2.10 has no row for a drawable argument) and
 * the operation. */
static gint
add_rows (ReconstructDialog *dialog,
          GtkTable          *table)
{
  ReconstructValues *values = dialog->values;
  const TesseraArg  *arg    = &reconstruct_args[RECONSTRUCT_ARG_MARKER];
  gchar             *label  = g_strdup_printf ("%s:", _(arg->label));
  GtkWidget         *marker;

  marker = gimp_drawable_combo_box_new (same_image, GINT_TO_POINTER (
                                          gimp_item_get_image (
                                            dialog->drawable)));
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (marker), values->marker,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              &values->marker);
  g_signal_connect_swapped (marker, "changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  gimp_table_attach_aligned (table, 0, 0, label, 0.0, 0.5, marker, 2, FALSE);
  gimp_help_set_help_data (marker, _(arg->description), NULL);
  g_free (label);

  reconstruct_dialog_combo (dialog, table, 1,
                            &reconstruct_args[RECONSTRUCT_ARG_OPERATION]);
  return 2;
}

static gboolean
reconstruct_dialog (const TesseraTarget *target,
                    gpointer             data)
{
  ReconstructValues *values = data;
  ReconstructDialog  dialog = { 0 };

  dialog.drawable = target->drawable;
  dialog.values   = values;
  dialog.compute  = reconstruct_compute_marker;
  dialog.backend  = &values->backend;
  dialog.common   = &reconstruct_args[RECONSTRUCT_ARG_CONNECTIVITY];
  dialog.add_rows = add_rows;
  return reconstruct_dialog_run (&dialog, _(RECONSTRUCT_TITLE),
                                 "tessera-reconstruct", RECONSTRUCT_PROC);
}

static gboolean
reconstruct_apply_2 (const TesseraTarget *target,
                     gconstpointer        data,
                     GError             **error)
{
  const ReconstructValues *values = data;

  return reconstruct_apply (target->drawable, &target->bounds,
                            values->output, values->backend,
                            reconstruct_compute_marker, values,
                            values->operation, error);
}

static const gchar * const menu_paths[] = { RECONSTRUCT_MENUS, NULL };

static const TesseraPlugin reconstruct =
{
  .name                 = RECONSTRUCT_PROC,
  .blurb                = RECONSTRUCT_BLURB,
  .help                 = RECONSTRUCT_HELP,
  .menu_label           = RECONSTRUCT_LABEL,
  .image_types          = "RGB*, GRAY*",
  .menu_paths           = menu_paths,
  .arguments            = reconstruct_args,
  .n_arguments          = G_N_ELEMENTS (reconstruct_args),
  .drawable_name        = RECONSTRUCT_MASK_NAME,
  .drawable_description = RECONSTRUCT_MASK_DESCRIPTION,
  .values_size          = sizeof (ReconstructValues),
  .dialog               = reconstruct_dialog,
  .apply                = reconstruct_apply_2
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
  ReconstructValues values;

  if (g_strcmp0 (name, reconstruct_preset_plugin.name) == 0)
    {
      reconstruct_preset_run (n_params, param, n_return_vals, return_vals);
      return;
    }
  tessera_args_defaults (reconstruct_args, G_N_ELEMENTS (reconstruct_args),
                         &values);
  /* The default marker, 0, is no drawable: until a dialog picks one, a
   * run with the last values is refused for want of a marker. */
  tessera_plugin_run (&reconstruct, &values, n_params, param,
                      n_return_vals, return_vals);
}
