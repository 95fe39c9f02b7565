/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: fills what every closed contour of a
 * layer encloses, with no seed from the user (core/fill-contours.h): with
 * the foreground colour, on a new layer under the line art, as a
 * selection, or as flat colours, one per region. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "fill-preview.h"
#include "fill-work.h"
#include "tessera-applies.h"
#include "tessera-args-gimp2.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-plugin.h"
#include "tessera-progress.h"
#include "tessera-reset.h"

typedef struct
{
  FillValues          *values;
  const TesseraTarget *target;
  GtkWidget           *preview;
  FillPreview          shown;
  /* The widgets of the settings that apply to some outputs only
   * (fill_output_settings), NULL-terminated. */
  GtkWidget           *rows[G_N_ELEMENTS (fill_output_settings)][4];
} FillDialog;

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* The preview's settings: the dialog's, which are always valid. */
static gboolean
values_of (gpointer    data,
           FillValues *values)
{
  FillDialog *dialog = data;

  *values = *dialog->values;
  return TRUE;
}

/* Where the widgets of ARG's row are kept, if it applies to some outputs
 * only; else NULL. */
static GtkWidget **
kept_widgets (FillDialog *dialog,
              gint        arg)
{
  for (guint i = 0; i < G_N_ELEMENTS (fill_output_settings); i++)
    if (fill_output_settings[i] == arg)
      return dialog->rows[i];
  return NULL;
}

/* Greys out the settings that do nothing with the output chosen, their
 * tooltips saying why. */
static void
applies_update (FillDialog *dialog)
{
  for (guint i = 0; i < G_N_ELEMENTS (fill_output_settings); i++)
    {
      const TesseraArg *arg = &fill_contours_args[fill_output_settings[i]];
      GtkWidget       **row = dialog->rows[i];
      const gchar      *why_not;
      gboolean          applies;

      applies = fill_setting_applies (dialog->values, fill_output_settings[i],
                                      &why_not);
      tessera_applies_set (arg->name, applies, _(arg->description), why_not,
                           row[0], row[1], row[2], NULL);
    }
}

/* The declared argument ARG's row on ROW of TABLE, refreshing the
 * preview: a combo, a slider or a check button by its type. */
static GtkWidget *
add_row (FillDialog *dialog,
         GtkWidget  *table,
         gint        row,
         gint        arg)
{
  const TesseraArg *declared = &fill_contours_args[arg];
  GtkWidget        *widget;
  GtkWidget       **kept = kept_widgets (dialog, arg);

  switch (declared->type)
    {
    case TESSERA_ARG_CHOICE:
      widget = tessera_arg_combo_new (GTK_TABLE (table), row, declared,
                                      dialog->values);
      g_signal_connect_swapped (widget, "changed",
                                G_CALLBACK (tessera_live_update),
                                dialog->preview);
      break;
    case TESSERA_ARG_BOOLEAN:
      widget = tessera_arg_toggle_new (declared, dialog->values);
      gtk_table_attach (GTK_TABLE (table), widget, 0, 4, row, row + 1,
                        GTK_FILL, GTK_FILL, 0, 0);
      g_signal_connect_swapped (widget, "toggled",
                                G_CALLBACK (tessera_live_update),
                                dialog->preview);
      if (kept != NULL)
        kept[0] = widget;
      break;
    default:
      widget = GTK_WIDGET (tessera_arg_scale_new (GTK_TABLE (table), row,
                                                  declared, dialog->values));
      g_signal_connect_swapped (widget, "value-changed",
                                G_CALLBACK (tessera_live_update),
                                dialog->preview);
      if (kept != NULL)
        {
          kept[0] = GIMP_SCALE_ENTRY_LABEL (widget);
          kept[1] = GIMP_SCALE_ENTRY_SCALE (widget);
          kept[2] = GIMP_SCALE_ENTRY_SPINBUTTON (widget);
        }
      break;
    }
  return widget;
}

/* Layers of the drawable's image, for the colour guide. */
static gboolean
same_image (gint32   image,
            gint32   item,
            gpointer data)
{
  return image == GPOINTER_TO_INT (data);
}

/* The colour guide: none, or a layer of the image. */
static void
add_guide (FillDialog *dialog,
           GtkWidget  *table,
           gint        row)
{
  const TesseraArg *guide = &fill_contours_args[FILL_ARG_GUIDE];
  GtkWidget        *combo = gimp_layer_combo_box_new (same_image,
                                                      GINT_TO_POINTER
                                                        (dialog->target->image));
  gchar            *label = g_strdup_printf ("%s:", _(guide->label));
  GtkWidget       **kept;

  gimp_int_combo_box_prepend (GIMP_INT_COMBO_BOX (combo),
                              GIMP_INT_STORE_VALUE, -1,
                              GIMP_INT_STORE_LABEL, _("None"), -1);
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (combo),
                              dialog->values->guide,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              &dialog->values->guide);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  kept = kept_widgets (dialog, FILL_ARG_GUIDE);
  kept[0] = gimp_table_attach_aligned (GTK_TABLE (table), 0, row, label, 0.0,
                                       0.5, combo, 2, FALSE);
  kept[1] = combo;
  gimp_help_set_help_data (combo, _(guide->description), NULL);
  tessera_reset_remember (combo, guide->value);
  g_free (label);
}

static GtkWidget *
make_controls (FillDialog *dialog)
{
  static const gint rows[] =
  {
    FILL_ARG_SOURCE, FILL_ARG_THRESHOLD, FILL_ARG_CONNECTIVITY,
    FILL_ARG_OUTPUT, FILL_ARG_BLEED, FILL_ARG_TO_CENTRE, FILL_ARG_GAP,
    FILL_ARG_EDGE_REGIONS, FILL_ARG_MIN_REGION, FILL_ARG_SEED
  };
  FillValues *values = dialog->values;
  GtkWidget  *table  = gtk_table_new (13, 4, FALSE);
  GtkWidget  *toggle, *combo;
  gint        row;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);
  for (row = 0; row < (gint) G_N_ELEMENTS (rows); row++)
    {
      GtkWidget *widget = add_row (dialog, table, row, rows[row]);

      if (rows[row] == FILL_ARG_OUTPUT)
        g_signal_connect_swapped (widget, "changed",
                                  G_CALLBACK (applies_update), dialog);
    }
  add_guide (dialog, table, row++);
  applies_update (dialog);

  toggle = tessera_arg_toggle_new (&fill_contours_args[FILL_ARG_ALL_LAYERS],
                                   values);
  gtk_table_attach (GTK_TABLE (table), toggle, 0, 4, row, row + 1,
                    GTK_FILL, GTK_FILL, 0, 0);
  row++;

  combo = tessera_backend_combo_new (&values->backend);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, row++, _("_Backend:"),
                             0.0, 0.5, combo, 2, FALSE);

  dialog->shown.status = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (dialog->shown.status), TRUE);
  gtk_misc_set_alignment (GTK_MISC (dialog->shown.status), 0.0, 0.5);
  gtk_table_attach (GTK_TABLE (table), dialog->shown.status, 0, 4, row,
                    row + 1,
                    GTK_FILL, GTK_FILL, 0, 0);
  return table;
}

static gboolean
fill_dialog (const TesseraTarget *target,
             gpointer             data)
{
  FillDialog  dialog = { 0 };
  GtkWidget  *window, *vbox;
  gboolean    ok;

  dialog.values = data;
  dialog.target = target;
  /* Propose the source that suits this layer. */
  dialog.values->source = fill_guess_source (target->drawable);

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_("Fill Closed Contours"),
                               "tessera-fill-contours", FILL_CONTOURS_PROC,
                               vbox);
  dialog.shown.drawable  = target->drawable;
  dialog.shown.values_of = values_of;
  dialog.shown.dialog    = &dialog;
  dialog.preview = tessera_dialog_add_live (window, target->drawable,
                                            fill_preview_start,
                                            fill_preview_compute,
                                            fill_preview_finish,
                                            &dialog.shown);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog),
                      FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  fill_preview_clear (&dialog.shown);
  return ok;
}

/* What 2.10 calls passed and were accepted before the declaration: any
 * all-layers other than 0 is TRUE, any guide below 0 is none. */
static void
fill_parse (const GimpParam *param,
            gpointer         data)
{
  FillValues *values = data;

  values->all_layers = values->all_layers != 0;
  values->guide      = MAX (values->guide, -1);
}

/* The messages 2.10 scripts and tests have matched since before the
 * declaration: a choice out of its range "must be between", and the
 * connectivity "must be 4 or 8". */
static gboolean
fill_precheck (gconstpointer   data,
               GError        **error)
{
  gint i;

  for (i = 0; i < (gint) G_N_ELEMENTS (fill_contours_args); i++)
    {
      const TesseraArg *arg = &fill_contours_args[i];
      gint              value, min, max;

      if (arg->type != TESSERA_ARG_CHOICE)
        continue;
      value = *tessera_arg_int (arg, (gpointer) data);
      if (tessera_arg_choice_of (arg, value) != NULL)
        continue;
      if (i == FILL_ARG_CONNECTIVITY)
        {
          g_set_error (error, TESSERA_PLUGIN_ERROR,
                       TESSERA_ERROR_INVALID_ARGUMENT,
                       _("connectivity must be 4 or 8, not %d."), value);
          return FALSE;
        }
      tessera_arg_choice_range (arg, &min, &max);
      return tessera_check_range (arg->name, value, min, max, error);
    }
  return TRUE;
}

static gboolean
fill_apply (const TesseraTarget *target,
            gconstpointer        values,
            GError             **error)
{
  return fill_run (target->image, target->drawable, values, error);
}

static const gchar * const menu_paths[] =
{
  FILL_CONTOURS_MENUS, NULL
};

static const TesseraPlugin fill_contours =
{
  .name        = FILL_CONTOURS_PROC,
  .blurb       = FILL_CONTOURS_BLURB,
  .help        = FILL_CONTOURS_HELP,
  .menu_label  = FILL_CONTOURS_LABEL,
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .arguments   = fill_contours_args,
  .n_arguments = G_N_ELEMENTS (fill_contours_args),
  .values_size = sizeof (FillValues),
  .parse       = fill_parse,
  .precheck    = fill_precheck,
  .check       = fill_check,
  .dialog      = fill_dialog,
  .apply       = fill_apply
};

static void
query (void)
{
  tessera_plugin_install (&fill_contours);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  FillValues values;

  tessera_args_defaults (fill_contours_args,
                         G_N_ELEMENTS (fill_contours_args), &values);
  tessera_plugin_run (&fill_contours, &values, n_params, param,
                      n_return_vals, return_vals);
}
