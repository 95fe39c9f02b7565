/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur (SAT) for GIMP 3: the procedure of the GIMP 2.10
 * plug-in (plugins/box-blur), from the same declaration, blurring in the
 * same bands (box-blur-bands.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "box-blur-args.h"
#include "box-blur-bands.h"
#include "tessera-filter3.h"

/* Each pass adds one radius. */
static void
reach (gconstpointer  data,
       gint          *x,
       gint          *y)
{
  const BoxBlurValues *values = data;

  *x = values->radius_x * values->iterations;
  *y = values->radius_y * values->iterations;
}

/* With the chain closed, a change of one radius is the other's too. */
static void
radius_changed (GObject    *config,
                GParamSpec *pspec,
                GtkWidget  *chain)
{
  const gchar *other = strcmp (pspec->name, "radius-x") == 0 ? "radius-y"
                                                             : "radius-x";
  gint         changed, kept;

  if (! gimp_chain_button_get_active (GIMP_CHAIN_BUTTON (chain)))
    return;
  g_object_get (config, pspec->name, &changed, other, &kept, NULL);
  if (kept != changed)
    g_object_set (config, other, changed, NULL);
}

/* The two radii with a chain beside them, as in GIMP 2.10's dialog (and
 * GIMP's own size dialogs), closed when they are equal; then the other
 * arguments. */
static GList *
dialog_rows (GimpProcedureDialog *dialog,
             GimpProcedureConfig *config)
{
  GtkWidget *radii, *row, *chain;
  GList     *rows = NULL;
  gint       x, y, i;

  radii = gimp_procedure_dialog_fill_box (dialog, "tessera-radii",
                                          "radius-x", "radius-y", NULL);
  row   = gimp_procedure_dialog_fill_box (dialog, "tessera-radii-row",
                                          "tessera-radii", NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (row),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_child_packing (GTK_BOX (row), radii, TRUE, TRUE, 0,
                             GTK_PACK_START);
  chain = gimp_chain_button_new (GIMP_CHAIN_RIGHT);
  g_object_get (config, "radius-x", &x, "radius-y", &y, NULL);
  gimp_chain_button_set_active (GIMP_CHAIN_BUTTON (chain), x == y);
  gtk_box_pack_start (GTK_BOX (row), chain, FALSE, FALSE, 0);
  gtk_widget_show (chain);
  g_signal_connect_object (config, "notify::radius-x",
                           G_CALLBACK (radius_changed), chain, 0);
  g_signal_connect_object (config, "notify::radius-y",
                           G_CALLBACK (radius_changed), chain, 0);
  for (i = G_N_ELEMENTS (box_blur_args) - 1; i >= 0; i--)
    if (strcmp (box_blur_args[i].name, "radius-x") != 0
        && strcmp (box_blur_args[i].name, "radius-y") != 0)
      rows = g_list_prepend (rows, (gpointer) box_blur_args[i].name);
  return g_list_prepend (rows, (gpointer) "tessera-radii-row");
}

/* Band by band, as in GIMP 2.10 (box-blur-bands.h). */
static gboolean
apply (gint32               drawable,
       const GeglRectangle *bounds,
       gconstpointer        values,
       GError             **error)
{
  return box_blur_bands (drawable, bounds, values, error);
}

static const gchar * const menu_paths[] =
{
  BOX_BLUR_MENUS, NULL
};

static const TesseraFilter3 box_blur3 =
{
  .procedure =
  {
    .name       = BOX_BLUR_PROC,
    .menu_label = BOX_BLUR_LABEL,
    .blurb      = BOX_BLUR_BLURB,
    .help       = BOX_BLUR_HELP,
    .menu_paths = menu_paths,
    .args       = box_blur_args,
    .n_args     = G_N_ELEMENTS (box_blur_args),
    .run        = tessera_filter3_run,
    .run_data   = &box_blur3
  },
  .values_size = sizeof (BoxBlurValues),
  .reach       = reach,
  .filter      = box_blur_filter,
  .rows        = dialog_rows,
  .apply       = apply
};

TESSERA_PLUGIN3_MAIN (&box_blur3.procedure)
