/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "exec.h"
#include "tessera-args.h"

/* Choices live in the plug-ins' enum fields. */
G_STATIC_ASSERT (sizeof (TesseraBackend) == sizeof (gint));

G_DEFINE_QUARK (tessera-plugin-error-quark, tessera_plugin_error)

void
tessera_set_error (GError        **error,
                   TesseraStatus   status)
{
  g_set_error_literal (error, TESSERA_PLUGIN_ERROR, status,
                       _(tessera_status_message (status)));
}

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

const TesseraArgChoice *
tessera_arg_choice_of (const TesseraArg *arg,
                       gint              value)
{
  const TesseraArgChoice *c;

  for (c = arg->choices; c->nick != NULL; c++)
    if (c->value == value)
      return c;
  return NULL;
}

gint
tessera_args_int_named (const TesseraArg *args,
                        gint              n_args,
                        gconstpointer     values,
                        const gchar      *name,
                        gint              fallback)
{
  gint i;

  for (i = 0; i < n_args; i++)
    if (strcmp (args[i].name, name) == 0)
      return *tessera_arg_int (&args[i], (gpointer) values);
  return fallback;
}

gint
tessera_args_n_pdb (const TesseraArg *args,
                    gint              n_args)
{
  gint i, n = n_args;

  for (i = 0; i < n_args; i++)
    n += args[i].type == TESSERA_ARG_COORDS;
  return n;
}

void
tessera_args_defaults (const TesseraArg *args,
                       gint              n_args,
                       gpointer          values)
{
  static const TesseraArgCoords none = { 0, NULL };
  gint                          i;

  for (i = 0; i < n_args; i++)
    if (args[i].type == TESSERA_ARG_DOUBLE)
      *tessera_arg_double (&args[i], values) = args[i].value;
    else if (args[i].type == TESSERA_ARG_COORDS)
      *tessera_arg_coords (&args[i], values) = none;
    else
      *tessera_arg_int (&args[i], values) = (gint) args[i].value;
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

  if (tessera_arg_choice_of (arg, value) != NULL)
    return TRUE;
  list = choice_list (arg);
  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: the argument's name as in the PDB, its
                  possible values, then the value it had. */
               _("%s must be one of %s, not %d."), arg->name, list, value);
  g_free (list);
  return FALSE;
}

static gboolean
check_coords (const TesseraArg        *arg,
              const TesseraArgCoords  *coords,
              GError                 **error)
{
  gint step = (gint) arg->value;

  if (coords->n >= arg->min && coords->n % step == 0
      && (coords->n == 0 || coords->values != NULL))
    return TRUE;
  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: the argument's name as in the PDB, the least
                  number of values, how many make one item (2: x and y),
                  then the number it had. */
               _("%s must hold at least %d numbers, a multiple of %d; it "
                 "holds %d."), arg->name, (gint) arg->min, step, coords->n);
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
        case TESSERA_ARG_CHOICE:
          ok = check_choice (arg, *tessera_arg_int (arg, data), error);
          break;
        case TESSERA_ARG_COORDS:
          ok = check_coords (arg, tessera_arg_coords (arg, data), error);
          break;
        case TESSERA_ARG_DRAWABLE:
          ok = *tessera_arg_int (arg, data) >= 0;
          if (! ok)
            g_set_error (error, TESSERA_PLUGIN_ERROR,
                         TESSERA_ERROR_INVALID_ARGUMENT,
                         /* TRANSLATORS: %s is the argument's name. */
                         _("%s: no drawable was given; pass a layer or "
                           "channel of the image."), arg->name);
          break;
        default:
          /* GIMP has checked a drawable's ID; the plug-in checks what it
           * must be. */
          ok = tessera_check_range (arg->name, *tessera_arg_int (arg, data),
                                    (gint) arg->min, (gint) arg->max, error);
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
    case TESSERA_ARG_BOOLEAN:
      return g_strdup_printf ("%s { FALSE (0), TRUE (1) }",
                              arg->description);
    case TESSERA_ARG_DRAWABLE_ID:
      return g_strdup_printf ("%s, or -1 for none", arg->description);
    case TESSERA_ARG_DRAWABLE:
    case TESSERA_ARG_COORDS:
      return g_strdup (arg->description);
    default:
      list = choice_list (arg);
      text = g_strdup_printf ("%s { %s }", arg->description, list);
      g_free (list);
      return text;
    }
}
