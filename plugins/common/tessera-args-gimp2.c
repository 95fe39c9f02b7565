#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-args-gimp2.h"

GtkAdjustment *
tessera_arg_scale_new (GtkTable         *table,
                       gint              row,
                       const TesseraArg *arg,
                       gpointer          values)
{
  gboolean   whole  = arg->type == TESSERA_ARG_DOUBLE;
  gdouble    value  = whole ? *tessera_arg_double (arg, values)
                            : *tessera_arg_int (arg, values);
  gchar     *label  = g_strdup_printf ("%s:", _(arg->label));
  GtkObject *adjustment;

  adjustment = gimp_scale_entry_new (table, 0, row, label, 200, 6, value,
                                     arg->ui_min, arg->ui_max,
                                     whole ? 0.1 : 1, whole ? 1 : 10,
                                     whole ? 2 : 0,
                                     arg->ui_min == arg->min
                                     && arg->ui_max == arg->max,
                                     arg->min, arg->max,
                                     _(arg->description), NULL);
  g_free (label);
  if (arg->unit != NULL)
    gtk_table_attach (table, gtk_label_new (_(arg->unit)), 3, 4, row, row + 1,
                      GTK_SHRINK | GTK_FILL, GTK_SHRINK, 0, 0);
  g_signal_connect (adjustment, "value-changed",
                    whole ? G_CALLBACK (gimp_double_adjustment_update)
                          : G_CALLBACK (gimp_int_adjustment_update),
                    G_STRUCT_MEMBER_P (values, arg->offset));
  return GTK_ADJUSTMENT (adjustment);
}

GimpParamDef *
tessera_args_param_defs (const TesseraArg *args,
                         gint              n_args)
{
  static const GimpParamDef first[] =
  {
    { GIMP_PDB_INT32, "run-mode",
      "The run mode { RUN-INTERACTIVE (0), RUN-NONINTERACTIVE (1), "
      "RUN-WITH-LAST-VALS (2) }" },
    { GIMP_PDB_IMAGE,    "image",    "Input image" },
    { GIMP_PDB_DRAWABLE, "drawable", "Input drawable (layer, layer mask or "
                                     "channel)" }
  };
  GimpParamDef *defs = g_new0 (GimpParamDef, 3 + n_args);
  gint          i;

  for (i = 0; i < 3; i++)
    {
      defs[i] = first[i];
      defs[i].name        = g_strdup (first[i].name);
      defs[i].description = g_strdup (first[i].description);
    }
  for (i = 0; i < n_args; i++)
    {
      defs[3 + i].type = args[i].type == TESSERA_ARG_DOUBLE ? GIMP_PDB_FLOAT
                                                            : GIMP_PDB_INT32;
      defs[3 + i].name        = g_strdup (args[i].name);
      defs[3 + i].description = tessera_arg_describe (&args[i]);
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
  gint i;

  for (i = 0; i < n_args; i++)
    if (args[i].type == TESSERA_ARG_DOUBLE)
      *tessera_arg_double (&args[i], values) = param[3 + i].data.d_float;
    else
      *tessera_arg_int (&args[i], values) = param[3 + i].data.d_int32;
}
