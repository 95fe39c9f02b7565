#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "exec.h"
#include "tessera-args.h"
#include "tessera-plugin.h"

/* Choices live in the plug-ins' enum fields. */
G_STATIC_ASSERT (sizeof (TesseraBackend) == sizeof (gint));

const TesseraArgChoice tessera_backend_choices[] =
{
  { TESSERA_BACKEND_AUTO, "AUTO", N_("Automatic") },
  { TESSERA_BACKEND_CPU,  "CPU",  N_("CPU") },
  { TESSERA_BACKEND_CUDA, "CUDA", N_("GPU (CUDA)") },
  { 0, NULL, NULL }
};

static gint *
int_field (const TesseraArg *arg,
           gpointer          values)
{
  return G_STRUCT_MEMBER_P (values, arg->offset);
}

static gdouble *
double_field (const TesseraArg *arg,
              gpointer          values)
{
  return G_STRUCT_MEMBER_P (values, arg->offset);
}

void
tessera_arg_choice_range (const TesseraArg *arg,
                          gint             *min,
                          gint             *max)
{
  const TesseraArgChoice *c;

  *min = G_MAXINT;
  *max = G_MININT;
  for (c = arg->choices; c->nick != NULL; c++)
    {
      *min = MIN (*min, c->value);
      *max = MAX (*max, c->value);
    }
}

void
tessera_args_defaults (const TesseraArg *args,
                       gint              n_args,
                       gpointer          values)
{
  gint i;

  for (i = 0; i < n_args; i++)
    if (args[i].type == TESSERA_ARG_DOUBLE)
      *double_field (&args[i], values) = args[i].value;
    else
      *int_field (&args[i], values) = (gint) args[i].value;
}

static gboolean
is_choice (const TesseraArg *arg,
           gint              value)
{
  const TesseraArgChoice *c;

  for (c = arg->choices; c->nick != NULL; c++)
    if (c->value == value)
      return TRUE;
  return FALSE;
}

/* "AUTO (0), CPU (1), CUDA (2)" */
static gchar *
choice_list (const TesseraArg *arg)
{
  GString                *list = g_string_new (NULL);
  const TesseraArgChoice *c;

  for (c = arg->choices; c->nick != NULL; c++)
    g_string_append_printf (list, "%s%s (%d)", c == arg->choices ? "" : ", ",
                            c->nick, c->value);
  return g_string_free (list, FALSE);
}

static gboolean
check_choice (const TesseraArg  *arg,
              gint               value,
              GError           **error)
{
  gchar *list;

  if (is_choice (arg, value))
    return TRUE;
  list = choice_list (arg);
  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: the argument's name as in the PDB, its
                  possible values, then the value it had. */
               _("%s must be one of %s, not %d."), arg->name, list, value);
  g_free (list);
  return FALSE;
}

gboolean
tessera_args_check (const TesseraArg *args,
                    gint              n_args,
                    gconstpointer     values,
                    GError          **error)
{
  gpointer data = (gpointer) values;
  gint     i;

  for (i = 0; i < n_args; i++)
    {
      const TesseraArg *arg = &args[i];
      gboolean          ok;

      switch (arg->type)
        {
        case TESSERA_ARG_INT:
          ok = tessera_check_range (arg->name, *int_field (arg, data),
                                    (gint) arg->min, (gint) arg->max, error);
          break;
        case TESSERA_ARG_DOUBLE:
          ok = tessera_check_range_double (arg->name,
                                           *double_field (arg, data),
                                           arg->min, arg->max, error);
          break;
        default:
          ok = check_choice (arg, *int_field (arg, data), error);
          break;
        }
      if (! ok)
        return FALSE;
    }
  return TRUE;
}

GtkAdjustment *
tessera_arg_scale_new (GtkTable         *table,
                       gint              row,
                       const TesseraArg *arg,
                       gpointer          values)
{
  gboolean   whole  = arg->type == TESSERA_ARG_DOUBLE;
  gdouble    value  = whole ? *double_field (arg, values)
                            : *int_field (arg, values);
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

static gchar *
describe (const TesseraArg *arg)
{
  gchar *list, *text;

  switch (arg->type)
    {
    case TESSERA_ARG_INT:
      return g_strdup_printf ("%s (%d..%d)", arg->description,
                              (gint) arg->min, (gint) arg->max);
    case TESSERA_ARG_DOUBLE:
      return g_strdup_printf ("%s (%g..%g)", arg->description,
                              arg->min, arg->max);
    default:
      list = choice_list (arg);
      text = g_strdup_printf ("%s { %s }", arg->description, list);
      g_free (list);
      return text;
    }
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
      defs[3 + i].description = describe (&args[i]);
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
      *double_field (&args[i], values) = param[3 + i].data.d_float;
    else
      *int_field (&args[i], values) = param[3 + i].data.d_int32;
}
