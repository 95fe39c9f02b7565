/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur (SAT): the mean over a box around each pixel, at the
 * same cost for any radius (core/box-blur.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "box-blur.h"
#include "box-blur-args.h"
#include "box-blur-bands.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-plugin.h"
#include "tessera-live-region.h"
#include "tessera-progress.h"

#define PLUG_IN_PROC   BOX_BLUR_PROC


typedef struct
{
  BoxBlurValues     *values;
  gint32             drawable;
  GtkWidget         *preview;
  TesseraLiveRegion  shown;
  GtkWidget       *chain;
  GtkAdjustment   *radius_x;
  GtkAdjustment   *radius_y;
} BoxBlurDialog;

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* How far from a pixel its result reaches: each pass adds one radius. */
static gint
reach (gint radius,
       gint iterations)
{
  return radius * iterations;
}

/* The preview's settings (tessera-live-region.h): a copy of the
 * dialog's. */
static gpointer
preview_values (gpointer        data,
                gint           *reach_x,
                gint           *reach_y,
                TesseraBackend *backend)
{
  BoxBlurDialog       *dialog = data;
  const BoxBlurValues *values = dialog->values;

  *reach_x = reach (values->radius_x, values->iterations);
  *reach_y = reach (values->radius_y, values->iterations);
  *backend = values->backend;
  return g_memdup2 (values, sizeof (*values));
}

/* With the chain closed, both radii move together. */
static void
radius_changed (GtkAdjustment *changed,
                BoxBlurDialog *dialog)
{
  GtkAdjustment *other = changed == dialog->radius_x ? dialog->radius_y
                                                     : dialog->radius_x;

  if (gimp_chain_button_get_active (GIMP_CHAIN_BUTTON (dialog->chain)))
    gtk_adjustment_set_value (other, gtk_adjustment_get_value (changed));
}

static GtkWidget *
make_controls (BoxBlurDialog *dialog)
{
  BoxBlurValues *values = dialog->values;
  GtkWidget     *table  = gtk_table_new (4, 5, FALSE);
  GtkAdjustment *iterations;
  GtkWidget     *combo;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);

  dialog->radius_x = tessera_arg_scale_new (GTK_TABLE (table), 0,
                                            &box_blur_args[ARG_RADIUS_X],
                                            values);
  dialog->radius_y = tessera_arg_scale_new (GTK_TABLE (table), 1,
                                            &box_blur_args[ARG_RADIUS_Y],
                                            values);

  dialog->chain = gimp_chain_button_new (GIMP_CHAIN_RIGHT);
  gimp_chain_button_set_active (GIMP_CHAIN_BUTTON (dialog->chain),
                                values->radius_x == values->radius_y);
  gtk_table_attach (GTK_TABLE (table), dialog->chain, 4, 5, 0, 2,
                    GTK_SHRINK | GTK_FILL, GTK_SHRINK | GTK_FILL, 0, 0);
  g_signal_connect (dialog->radius_x, "value-changed",
                    G_CALLBACK (radius_changed), dialog);
  g_signal_connect (dialog->radius_y, "value-changed",
                    G_CALLBACK (radius_changed), dialog);

  iterations = tessera_arg_scale_new (GTK_TABLE (table), 2,
                                      &box_blur_args[ARG_ITERATIONS], values);

  combo = tessera_backend_combo_new (&values->backend);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, 3, _("_Backend:"),
                             0.0, 0.5, combo, 2, FALSE);

  g_signal_connect_swapped (dialog->radius_x, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  g_signal_connect_swapped (dialog->radius_y, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  g_signal_connect_swapped (iterations, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  return table;
}

static gboolean
box_blur_dialog (const TesseraTarget *target,
                 gpointer             data)
{
  BoxBlurDialog  dialog = { 0 };
  GtkWidget     *window;
  GtkWidget     *vbox;
  gboolean       ok;

  dialog.values   = data;
  dialog.drawable = target->drawable;
  tessera_live_region_init (&dialog.shown, target->drawable,
                            box_blur_filter, preview_values, &dialog);

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_(BOX_BLUR_TITLE), "tessera-box-blur",
                               PLUG_IN_PROC, vbox);
  dialog.preview = tessera_dialog_add_live (window, target->drawable,
                                            tessera_live_region_start,
                                            tessera_live_region_compute,
                                            tessera_live_region_finish,
                                            &dialog.shown);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog),
                      FALSE, FALSE, 0);
  ok = tessera_dialog_run (window);
  tessera_live_region_clear (&dialog.shown);
  return ok;
}

/* Blurs the selection's bounds band by band, each read with the blur's
 * reach around it (box-blur-bands.c). */
static gboolean
box_blur_apply (const TesseraTarget *target,
                gconstpointer        data,
                GError             **error)
{
  return box_blur_bands (target->drawable, &target->bounds, data, error);
}

static const gchar * const menu_paths[] =
{
  BOX_BLUR_MENUS, NULL
};

static const TesseraPlugin box_blur =
{
  .name        = PLUG_IN_PROC,
  .blurb       = BOX_BLUR_BLURB,
  .help        = BOX_BLUR_HELP,
  .menu_label  = BOX_BLUR_LABEL,
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .arguments   = box_blur_args,
  .n_arguments = G_N_ELEMENTS (box_blur_args),
  .values_size = sizeof (BoxBlurValues),
  .dialog      = box_blur_dialog,
  .apply       = box_blur_apply
};

static void
query (void)
{
  tessera_plugin_install (&box_blur);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  BoxBlurValues values;

  tessera_args_defaults (box_blur_args, G_N_ELEMENTS (box_blur_args),
                         &values);
  tessera_plugin_run (&box_blur, &values, n_params, param,
                      n_return_vals, return_vals);
}
