/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-test-hook.h"

static GimpChoice *
choice_of (const TesseraArg *arg)
{
  GimpChoice             *choice = gimp_choice_new ();
  const TesseraArgChoice *c;

  for (c = arg->choices; c->nick != NULL; c++)
    {
      gchar *nick = g_ascii_strdown (c->nick, -1);
      gimp_choice_add (choice, nick, c->value, _(c->label), NULL);
      g_free (nick);
    }
  return choice;
}

static const gchar *
default_nick (const TesseraArg *arg)
{
  const TesseraArgChoice *c;

  for (c = arg->choices; c->nick != NULL; c++)
    if (c->value == (gint) arg->value)
      return c->nick;
  return arg->choices[0].nick;
}

void
tessera_args_add_arguments (GimpProcedure    *procedure,
                            const TesseraArg *args,
                            gint              n_args)
{
  gint i;

  for (i = 0; i < n_args; i++)
    {
      const TesseraArg *arg   = &args[i];
      const gchar      *label = _(arg->label);
      const gchar      *blurb = _(arg->description);
      gchar            *nick;

      switch (arg->type)
        {
        case TESSERA_ARG_INT:
          gimp_procedure_add_int_argument (procedure, arg->name, label, blurb,
                                           (gint) arg->min, (gint) arg->max,
                                           (gint) arg->value,
                                           G_PARAM_READWRITE);
          break;
        case TESSERA_ARG_DOUBLE:
          gimp_procedure_add_double_argument (procedure, arg->name, label,
                                              blurb, arg->min, arg->max,
                                              arg->value, G_PARAM_READWRITE);
          break;
        case TESSERA_ARG_BOOLEAN:
          gimp_procedure_add_boolean_argument (procedure, arg->name, label,
                                               blurb, arg->value != 0,
                                               G_PARAM_READWRITE);
          break;
        case TESSERA_ARG_DRAWABLE:
        case TESSERA_ARG_DRAWABLE_ID:
          /* None is let through even where a drawable is needed: GIMP
           * refuses a call from the menu whose argument still holds its
           * default, none, before the dialog can propose one;
           * tessera_args_check refuses it after the dialog. */
          gimp_procedure_add_drawable_argument (procedure, arg->name, label,
                                                blurb, TRUE,
                                                G_PARAM_READWRITE);
          break;
        case TESSERA_ARG_COORDS:
          gimp_procedure_add_double_array_argument (procedure, arg->name,
                                                    label, blurb,
                                                    G_PARAM_READWRITE);
          break;
        default:
          nick = g_ascii_strdown (default_nick (arg), -1);
          gimp_procedure_add_choice_argument (procedure, arg->name, label,
                                              blurb, choice_of (arg), nick,
                                              G_PARAM_READWRITE);
          g_free (nick);
          break;
        }
    }
}

void
tessera_args_add_aux_arguments (GimpProcedure    *procedure,
                                const TesseraArg *args,
                                gint              n_args)
{
  gint i;

  for (i = 0; i < n_args; i++)
    {
      const TesseraArg *arg = &args[i];

      if (arg->type == TESSERA_ARG_DOUBLE)
        gimp_procedure_add_double_aux_argument (procedure, arg->name,
                                                _(arg->label),
                                                _(arg->description),
                                                arg->min, arg->max,
                                                arg->value,
                                                G_PARAM_READWRITE);
      else
        gimp_procedure_add_int_aux_argument (procedure, arg->name,
                                             _(arg->label),
                                             _(arg->description),
                                             (gint) arg->min, (gint) arg->max,
                                             (gint) arg->value,
                                             G_PARAM_READWRITE);
    }
}

/* A drawable argument's ID, -1 for none. */
static gint
drawable_id (GimpProcedureConfig *config,
             const gchar         *name)
{
  GimpDrawable *drawable = NULL;
  gint          id;

  g_object_get (config, name, &drawable, NULL);
  id = drawable != NULL ? gimp_item_get_id (GIMP_ITEM (drawable)) : -1;
  g_clear_object (&drawable);
  return id;
}

/* A double array argument's numbers, kept by CONFIG's caller in ARRAYS
 * until the run ends. */
static TesseraArgCoords
coords_of (GimpProcedureConfig *config,
           const gchar         *name,
           GPtrArray           *arrays)
{
  TesseraArgCoords coords = { 0, NULL };
  GimpArray       *array  = NULL;
  gsize            n      = 0;

  g_object_get (config, name, &array, NULL);
  if (array != NULL)
    {
      coords.values = gimp_double_array_get_values (array, &n);
      coords.n      = (gint) MIN (n, (gsize) G_MAXINT);
      g_ptr_array_add (arrays, array);
    }
  return coords;
}

void
tessera_args_from_config (GimpProcedureConfig *config,
                          const TesseraArg    *args,
                          gint                 n_args,
                          gpointer             values,
                          GPtrArray           *arrays)
{
  gint i;

  for (i = 0; i < n_args; i++)
    {
      const TesseraArg *arg = &args[i];

      switch (arg->type)
        {
        case TESSERA_ARG_INT:
          g_object_get (config, arg->name, tessera_arg_int (arg, values),
                        NULL);
          break;
        case TESSERA_ARG_DOUBLE:
          g_object_get (config, arg->name, tessera_arg_double (arg, values),
                        NULL);
          break;
        case TESSERA_ARG_BOOLEAN:
          g_object_get (config, arg->name, tessera_arg_int (arg, values),
                        NULL);
          break;
        case TESSERA_ARG_DRAWABLE:
        case TESSERA_ARG_DRAWABLE_ID:
          *tessera_arg_int (arg, values) = drawable_id (config, arg->name);
          break;
        case TESSERA_ARG_COORDS:
          *tessera_arg_coords (arg, values) = coords_of (config, arg->name,
                                                         arrays);
          break;
        default:
          *tessera_arg_int (arg, values)
            = gimp_procedure_config_get_choice_id (config, arg->name);
          break;
        }
    }
}

/* UNIT after the scale entry ROW's spin button and slider, as in the GIMP
 * 2.10 dialogs (GimpScaleEntry is a grid of one row). */
static void
add_unit (GtkWidget   *row,
          const gchar *unit)
{
  GtkWidget *label = gtk_label_new (unit);

  gtk_grid_attach (GTK_GRID (row), label, 3, 0, 1, 1);
  gtk_widget_show (label);
}

/* Tells the dialog tests how wide the slider SCALE of NAME is, whenever
 * that changes: a slider too narrow to drag is a bug they can see. */
static void
note_slider_width (GtkWidget     *scale,
                   GtkAllocation *allocation,
                   const gchar   *name)
{
  gint   noted = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (scale),
                                                     "tessera-noted-width"));
  gchar *text;

  if (allocation->width == noted)
    return;
  g_object_set_data (G_OBJECT (scale), "tessera-noted-width",
                     GINT_TO_POINTER (allocation->width));
  text = g_strdup_printf ("%s: %d", name, allocation->width);
  tessera_test_hook_note ("slider-width", text);
  g_free (text);
}

void
tessera_args_dialog_sliders (GimpProcedureDialog *dialog,
                             const TesseraArg    *args,
                             gint                 n_args)
{
  gint i;

  for (i = 0; i < n_args; i++)
    {
      const TesseraArg *arg = &args[i];

      if (arg->type == TESSERA_ARG_INT || arg->type == TESSERA_ARG_DOUBLE)
        {
          GtkWidget *row;

          row = gimp_procedure_dialog_get_scale_entry (dialog, arg->name,
                                                       1.0);
          gimp_scale_entry_set_bounds (GIMP_SCALE_ENTRY (row), arg->ui_min,
                                       arg->ui_max, FALSE);
          if (arg->type == TESSERA_ARG_DOUBLE)
            gimp_label_spin_set_digits (GIMP_LABEL_SPIN (row), 2);
          if (arg->unit != NULL)
            add_unit (row, _(arg->unit));
          g_signal_connect (gimp_scale_entry_get_range (GIMP_SCALE_ENTRY (row)),
                            "size-allocate", G_CALLBACK (note_slider_width),
                            (gpointer) arg->name);
        }
    }
}
