/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-args-gimp2.h"
#include "tessera-reset.h"

void
tessera_arg_scale_finish (GtkTable         *table,
                          gint              row,
                          const TesseraArg *arg,
                          GtkAdjustment    *adjustment)
{
  if (arg->unit != NULL)
    gtk_table_attach (table, gtk_label_new (_(arg->unit)), 3, 4, row, row + 1,
                      GTK_SHRINK | GTK_FILL, GTK_SHRINK, 0, 0);
  tessera_reset_remember (GIMP_SCALE_ENTRY_SPINBUTTON (adjustment),
                          arg->value);
}

GtkAdjustment *
tessera_arg_scale_new (GtkTable         *table,
                       gint              row,
                       const TesseraArg *arg,
                       gpointer          values)
{
  return tessera_arg_scale_new_sized (table, row, arg, values, 200,
                                      arg->type == TESSERA_ARG_DOUBLE ? 2 : 0);
}

GtkAdjustment *
tessera_arg_scale_new_sized (GtkTable         *table,
                             gint              row,
                             const TesseraArg *arg,
                             gpointer          values,
                             gint              width,
                             gint              digits)
{
  gboolean   whole  = arg->type == TESSERA_ARG_DOUBLE;
  gdouble    value  = whole ? *tessera_arg_double (arg, values)
                            : *tessera_arg_int (arg, values);
  gchar     *label  = g_strdup_printf ("%s:", _(arg->label));
  GtkObject *adjustment;

  adjustment = gimp_scale_entry_new (table, 0, row, label, width, 6, value,
                                     arg->ui_min, arg->ui_max,
                                     whole ? 0.1 : 1, whole ? 1 : 10, digits,
                                     arg->ui_min == arg->min
                                     && arg->ui_max == arg->max,
                                     arg->min, arg->max,
                                     _(arg->description), NULL);
  g_free (label);
  tessera_arg_scale_finish (table, row, arg, GTK_ADJUSTMENT (adjustment));
  g_signal_connect (adjustment, "value-changed",
                    whole ? G_CALLBACK (gimp_double_adjustment_update)
                          : G_CALLBACK (gimp_int_adjustment_update),
                    G_STRUCT_MEMBER_P (values, arg->offset));
  return GTK_ADJUSTMENT (adjustment);
}

GtkWidget *
tessera_arg_toggle_new (const TesseraArg *arg,
                        gpointer          values)
{
  gint      *value  = tessera_arg_int (arg, values);
  GtkWidget *toggle = gtk_check_button_new_with_mnemonic (_(arg->label));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), *value);
  gimp_help_set_help_data (toggle, _(arg->description), NULL);
  tessera_reset_remember (toggle, arg->value);
  g_signal_connect (toggle, "toggled", G_CALLBACK (gimp_toggle_button_update),
                    value);
  return toggle;
}

GtkWidget *
tessera_arg_combo_new (GtkTable         *table,
                       gint              row,
                       const TesseraArg *arg,
                       gpointer          values)
{
  GtkWidget              *combo = g_object_new (GIMP_TYPE_INT_COMBO_BOX,
                                                NULL);
  const TesseraArgChoice *c;
  gint                   *value = tessera_arg_int (arg, values);
  gchar                  *label = g_strdup_printf ("%s:", _(arg->label));

  for (c = arg->choices; c->nick != NULL; c++)
    gimp_int_combo_box_append (GIMP_INT_COMBO_BOX (combo),
                               GIMP_INT_STORE_VALUE, c->value,
                               GIMP_INT_STORE_LABEL, _(c->label),
                               -1);
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (combo), *value,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              value);
  gimp_help_set_help_data (combo, _(arg->description), NULL);
  tessera_reset_remember (combo, arg->value);
  gimp_table_attach_aligned (table, 0, row, label, 0.0, 0.5, combo, 2,
                             FALSE);
  g_free (label);
  return combo;
}

/* The PDB's definition of the first three arguments. */
static void
first_defs (GimpParamDef *defs,
            const gchar  *drawable_name,
            const gchar  *drawable_description)
{
  defs[0].type        = GIMP_PDB_INT32;
  defs[0].name        = g_strdup ("run-mode");
  defs[0].description = g_strdup ("The run mode { RUN-INTERACTIVE (0), "
                                  "RUN-NONINTERACTIVE (1), "
                                  "RUN-WITH-LAST-VALS (2) }");
  defs[1].type        = GIMP_PDB_IMAGE;
  defs[1].name        = g_strdup ("image");
  defs[1].description = g_strdup ("Input image");
  defs[2].type        = GIMP_PDB_DRAWABLE;
  defs[2].name        = g_strdup (drawable_name != NULL ? drawable_name
                                                        : "drawable");
  defs[2].description = g_strdup (drawable_description != NULL
                                  ? drawable_description
                                  : "Input drawable (layer, layer mask or "
                                    "channel)");
}

static GimpPDBArgType
pdb_type (const TesseraArg *arg)
{
  switch (arg->type)
    {
    case TESSERA_ARG_DOUBLE:   return GIMP_PDB_FLOAT;
    case TESSERA_ARG_DRAWABLE: return GIMP_PDB_DRAWABLE;
    case TESSERA_ARG_COORDS:   return GIMP_PDB_FLOATARRAY;
    default:                   return GIMP_PDB_INT32;
    }
}

GimpParamDef *
tessera_args_param_defs (const TesseraArg *args,
                         gint              n_args,
                         const gchar      *drawable_name,
                         const gchar      *drawable_description)
{
  GimpParamDef *defs = g_new0 (GimpParamDef,
                               3 + tessera_args_n_pdb (args, n_args));
  GimpParamDef *def  = defs + 3;
  gint          i;

  first_defs (defs, drawable_name, drawable_description);
  for (i = 0; i < n_args; i++, def++)
    {
      if (args[i].type == TESSERA_ARG_COORDS)
        {
          def->type        = GIMP_PDB_INT32;
          def->name        = g_strdup_printf ("num-%s", args[i].name);
          def->description = g_strdup_printf ("The number of values in %s",
                                              args[i].name);
          def++;
        }
      def->type        = pdb_type (&args[i]);
      def->name        = g_strdup (args[i].name);
      def->description = tessera_arg_describe (&args[i]);
    }
  return defs;
}

void
tessera_param_defs_free (GimpParamDef *defs,
                         gint          n_defs)
{
  gint i;

  for (i = 0; i < n_defs; i++)
    {
      g_free (defs[i].name);
      g_free (defs[i].description);
    }
  g_free (defs);
}

void
tessera_args_parse (const TesseraArg *args,
                    gint              n_args,
                    const GimpParam  *param,
                    gpointer          values)
{
  const GimpParam *p = param + 3;
  gint             i;

  for (i = 0; i < n_args; i++, p++)
    switch (args[i].type)
      {
      case TESSERA_ARG_DOUBLE:
        *tessera_arg_double (&args[i], values) = p->data.d_float;
        break;
      case TESSERA_ARG_DRAWABLE:
        *tessera_arg_int (&args[i], values) = p->data.d_drawable;
        break;
      case TESSERA_ARG_COORDS:
        tessera_arg_coords (&args[i], values)->n      = p[0].data.d_int32;
        tessera_arg_coords (&args[i], values)->values = p[1].data.d_floatarray;
        p++;
        break;
      default:
        *tessera_arg_int (&args[i], values) = p->data.d_int32;
        break;
      }
}
