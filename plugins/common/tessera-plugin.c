/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-display.h"
#include "tessera-drawable.h"
#include "tessera-help-domain.h"
#include "tessera-plugin.h"
#include "tessera-region.h"

#define AUTHOR    "The Tessera authors"
#define COPYRIGHT "The Tessera authors"
#define DATE      "2025"

static void
init_i18n (void)
{
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* For ngettext (), which has no domain of its own. */
  textdomain (GETTEXT_PACKAGE);
}

/* The number of PDB arguments, the first three included. */
static gint
pdb_arguments (const TesseraPlugin *plugin)
{
  return 3 + tessera_args_n_pdb (plugin->arguments, plugin->n_arguments);
}

/* The help pages next to the program (tessera-help-domain.h): the
 * dialogs' Help button opens the procedure's, its name being its help ID. */
static void
register_help (void)
{
  gchar *domain = tessera_help_domain ();
  gchar *folder = tessera_help_folder ();
  gchar *uri    = g_filename_to_uri (folder, NULL, NULL);

  if (uri != NULL)
    gimp_plugin_help_register (domain, uri);
  g_free (uri);
  g_free (folder);
  g_free (domain);
}

void
tessera_plugin_install (const TesseraPlugin *plugin)
{
  const gchar * const *path;
  GimpParamDef        *defs;

  defs = tessera_args_param_defs (plugin->arguments, plugin->n_arguments,
                                  plugin->drawable_name,
                                  plugin->drawable_description);
  gimp_install_procedure (plugin->name, plugin->blurb, plugin->help,
                          AUTHOR, COPYRIGHT, DATE, plugin->menu_label,
                          plugin->image_types, GIMP_PLUGIN,
                          pdb_arguments (plugin), plugin->n_return_vals,
                          defs, plugin->return_vals);
  tessera_param_defs_free (defs, pdb_arguments (plugin));

  register_help ();
  /* GIMP translates the blurb, the label and the menus in our domain. */
  gimp_plugin_domain_register (GETTEXT_PACKAGE, LOCALEDIR);
  gimp_plugin_menu_branch_register ("<Image>/Filters", N_("Tessera"));
  for (path = plugin->menu_paths; *path != NULL; path++)
    gimp_plugin_menu_register (plugin->name, *path);
}

static void
load_last_values (const TesseraPlugin *plugin,
                  gpointer             values)
{
  /* Values stored by another version of the plug-in do not fit. */
  if (gimp_get_data_size (plugin->name) == (gint) plugin->values_size)
    gimp_get_data (plugin->name, values);
}

/* Fills TARGET from the three standard arguments; FALSE with *STATUS set
 * when there is nothing PLUGIN can work on. */
static gboolean
find_target (const TesseraPlugin *plugin,
             TesseraTarget      *target,
             gint                n_params,
             const GimpParam    *param,
             GimpPDBStatusType  *status,
             GError            **error)
{
  if (n_params < 3)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The run mode, the image and the drawable are "
                             "needed."));
      *status = GIMP_PDB_CALLING_ERROR;
      return FALSE;
    }

  target->run_mode = param[0].data.d_int32;
  target->image    = param[1].data.d_image;
  target->drawable = param[2].data.d_drawable;

  *status = GIMP_PDB_EXECUTION_ERROR;
  if (! tessera_drawable_check (target->image, target->drawable, error))
    return FALSE;
  if (plugin->ignores_selection)
    {
      gegl_rectangle_set (&target->bounds, 0, 0,
                          gimp_drawable_width (target->drawable),
                          gimp_drawable_height (target->drawable));
      return TRUE;
    }
  return tessera_selection_bounds (target->drawable, &target->bounds, error);
}

/* Starts GTK+ for a dialog; FALSE with *ERROR set when there is no
 * display to show it on (gimp-console, a batch run): gimp_ui_init would
 * abort the plug-in there. */
static gboolean
ui_init (const TesseraPlugin  *plugin,
         GError              **error)
{
  if (! tessera_display_open (plugin->name, error))
    return FALSE;
  gimp_ui_init (g_get_prgname (), FALSE);
  return TRUE;
}

/* Where the values come from, by run mode. */
static GimpPDBStatusType
get_values (const TesseraPlugin *plugin,
            const TesseraTarget *target,
            gpointer             values,
            gint                 n_params,
            const GimpParam     *param,
            GError             **error)
{
  switch (target->run_mode)
    {
    case GIMP_RUN_INTERACTIVE:
      load_last_values (plugin, values);
      if (! ui_init (plugin, error))
        return GIMP_PDB_CALLING_ERROR;
      if (! plugin->dialog (target, values))
        return GIMP_PDB_CANCEL;
      break;

    case GIMP_RUN_NONINTERACTIVE:
      if (n_params != pdb_arguments (plugin))
        {
          g_set_error (error, TESSERA_PLUGIN_ERROR,
                       TESSERA_ERROR_INVALID_ARGUMENT,
                       /* TRANSLATORS: %s is the procedure's name. */
                       _("%s takes %d arguments, not %d."),
                       plugin->name, pdb_arguments (plugin), n_params);
          return GIMP_PDB_CALLING_ERROR;
        }
      tessera_args_parse (plugin->arguments, plugin->n_arguments, param,
                          values);
      if (plugin->parse != NULL)
        plugin->parse (param, values);
      break;

    case GIMP_RUN_WITH_LAST_VALS:
      load_last_values (plugin, values);
      break;

    default:
      tessera_check_range ("run-mode", target->run_mode,
                           GIMP_RUN_INTERACTIVE, GIMP_RUN_WITH_LAST_VALS,
                           error);
      return GIMP_PDB_CALLING_ERROR;
    }

  if (plugin->precheck != NULL && ! plugin->precheck (values, error))
    return GIMP_PDB_CALLING_ERROR;
  if (! tessera_args_check (plugin->arguments, plugin->n_arguments, values,
                           error))
    return GIMP_PDB_CALLING_ERROR;
  if (plugin->check != NULL && ! plugin->check (values, error))
    return GIMP_PDB_CALLING_ERROR;
  return GIMP_PDB_SUCCESS;
}

static GimpPDBStatusType
run_plugin (const TesseraPlugin *plugin,
            gpointer             values,
            gint                 n_params,
            const GimpParam     *param,
            GimpParam           *results,
            GError             **error)
{
  TesseraTarget     target;
  GimpPDBStatusType status;

  if (! find_target (plugin, &target, n_params, param, &status, error))
    return status;
  target.results = plugin->n_return_vals > 0 ? results : NULL;

  status = get_values (plugin, &target, values, n_params, param, error);
  if (status != GIMP_PDB_SUCCESS)
    return status;

  if (! plugin->apply (&target, values, error))
    return GIMP_PDB_EXECUTION_ERROR;

  if (target.run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  if (target.run_mode == GIMP_RUN_INTERACTIVE)
    gimp_set_data (plugin->name, values, plugin->values_size);
  return GIMP_PDB_SUCCESS;
}

void
tessera_plugin_run (const TesseraPlugin *plugin,
                    gpointer             values,
                    gint                 n_params,
                    const GimpParam     *param,
                    gint                *n_return_vals,
                    GimpParam          **return_vals)
{
  /* GIMP reads these after run () returns: the status, then the
   * procedure's values, or the error message in their place. */
  GimpParam *results = g_new0 (GimpParam, 2 + plugin->n_return_vals);
  GError    *error   = NULL;
  gint       i;

  init_i18n ();
  gegl_init (NULL, NULL);

  for (i = 0; i < plugin->n_return_vals; i++)
    results[1 + i].type = plugin->return_vals[i].type;
  results[0].type          = GIMP_PDB_STATUS;
  results[0].data.d_status = run_plugin (plugin, values, n_params, param,
                                         results + 1, &error);
  *n_return_vals = 1;
  if (results[0].data.d_status == GIMP_PDB_SUCCESS)
    *n_return_vals += plugin->n_return_vals;
  else if (error != NULL)
    {
      results[1].type          = GIMP_PDB_STRING;
      results[1].data.d_string = g_strdup (error->message);
      *n_return_vals = 2;
      g_error_free (error);
    }
  *return_vals = results;
}
