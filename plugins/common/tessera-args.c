#include "config.h"

#include <glib/gi18n-lib.h>

#include "exec.h"
#include "tessera-args.h"

/* Choices live in the plug-ins' enum fields. */
G_STATIC_ASSERT (sizeof (TesseraBackend) == sizeof (gint));

G_DEFINE_QUARK (tessera-plugin-error-quark, tessera_plugin_error)

gboolean
tessera_check_range (const gchar  *name,
                     gint          value,
                     gint          min,
                     gint          max,
                     GError      **error)
{
  if (value >= min && value <= max)
    return TRUE;

  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: %s is an argument's name, as in the PDB. */
               _("%s must be between %d and %d, not %d."),
               name, min, max, value);
  return FALSE;
}

gboolean
tessera_check_range_double (const gchar  *name,
                            gdouble       value,
                            gdouble       min,
                            gdouble       max,
                            GError      **error)
{
  if (value >= min && value <= max)
    return TRUE;

  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: %s is an argument's name, as in the PDB. */
               _("%s must be between %g and %g, not %g."),
               name, min, max, value);
  return FALSE;
}

const TesseraArgChoice tessera_backend_choices[] =
{
  { TESSERA_BACKEND_AUTO, "AUTO", N_("Automatic") },
  { TESSERA_BACKEND_CPU,  "CPU",  N_("CPU") },
  { TESSERA_BACKEND_CUDA, "CUDA", N_("GPU (CUDA)") },
  { 0, NULL, NULL }
};

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
      *tessera_arg_double (&args[i], values) = args[i].value;
    else
      *tessera_arg_int (&args[i], values) = (gint) args[i].value;
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
          ok = tessera_check_range (arg->name, *tessera_arg_int (arg, data),
                                    (gint) arg->min, (gint) arg->max, error);
          break;
        case TESSERA_ARG_DOUBLE:
          ok = tessera_check_range_double (arg->name,
                                           *tessera_arg_double (arg, data),
                                           arg->min, arg->max, error);
          break;
        default:
          ok = check_choice (arg, *tessera_arg_int (arg, data), error);
          break;
        }
      if (! ok)
        return FALSE;
    }
  return TRUE;
}

gchar *
tessera_arg_describe (const TesseraArg *arg)
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
