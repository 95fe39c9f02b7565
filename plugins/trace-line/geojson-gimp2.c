/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — plug-in-tessera-export-paths-geojson for GIMP 2.10, served by
 * Trace Line's plug-in (trace-line.c): run-mode, image, drawable (unused,
 * as every procedure's third), filename, georeference; returns whether
 * the coordinates are georeferenced.  Interactively a file chooser asks
 * where to write. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args.h"
#include "geojson-export.h"
#include "geojson-gimp2.h"

enum { ARG_RUN_MODE, ARG_IMAGE, ARG_DRAWABLE, ARG_FILENAME, ARG_GEOREF,
       N_ARGS };

void
geojson_install (void)
{
  static const GimpParamDef args[] =
  {
    { GIMP_PDB_INT32,    "run-mode",     "The run mode { RUN-INTERACTIVE (0), "
                                         "RUN-NONINTERACTIVE (1) }" },
    { GIMP_PDB_IMAGE,    "image",        "The image whose paths are written" },
    { GIMP_PDB_DRAWABLE, "drawable",     "Unused" },
    { GIMP_PDB_STRING,   "filename",     "The GeoJSON file to write" },
    { GIMP_PDB_STRING,   "georeference", "The file whose georeference to use: "
                                         "a GeoTIFF, an image with a world "
                                         "file beside it, or a world file "
                                         "(empty: the image's own file)" }
  };
  static const GimpParamDef results[] =
  {
    { GIMP_PDB_INT32, "georeferenced", "1: the coordinates are in the "
                                       "image's georeference; 0: pixels" }
  };

  gimp_install_procedure (GEOJSON_PROC, GEOJSON_BLURB, GEOJSON_HELP,
                          "The Tessera authors", "The Tessera authors",
                          "2026", GEOJSON_LABEL, "*", GIMP_PLUGIN,
                          G_N_ELEMENTS (args), G_N_ELEMENTS (results), args,
                          results);
  gimp_plugin_menu_register (GEOJSON_PROC, TESSERA_MENU);
}

/* Where to write IMAGE's GeoJSON, asked in a file chooser that starts
 * beside the image's file; NULL when cancelled. */
static gchar *
ask_filename (gint32 image)
{
  GtkWidget *chooser;
  gchar     *source = geojson_source_file (image, NULL);
  gchar     *chosen = NULL;

  gimp_ui_init ("tessera-trace-line", FALSE);
  chooser = gtk_file_chooser_dialog_new (_("Export Paths as GeoJSON"), NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Cancel"), GTK_RESPONSE_CANCEL,
                                         _("_Export"), GTK_RESPONSE_ACCEPT,
                                         NULL);
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (chooser),
                                                  TRUE);
  if (source != NULL)
    {
      gchar *dot = strrchr (source, '.');
      gchar *name;

      if (dot != NULL && strchr (dot, G_DIR_SEPARATOR) == NULL)
        *dot = '\0';
      name = g_strconcat (source, ".geojson", NULL);
      gtk_file_chooser_set_filename (GTK_FILE_CHOOSER (chooser), name);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser),
                                         strrchr (name, G_DIR_SEPARATOR)
                                         != NULL
                                         ? strrchr (name, G_DIR_SEPARATOR) + 1
                                         : name);
      g_free (name);
    }
  if (gtk_dialog_run (GTK_DIALOG (chooser)) == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
  gtk_widget_destroy (chooser);
  g_free (source);
  return chosen;
}

/* The run's status, and its message or result in RESULTS[1]. */
static GimpPDBStatusType
run_export (gint             n_params,
            const GimpParam *param,
            GimpParam       *results)
{
  GimpRunMode  mode  = param[ARG_RUN_MODE].data.d_int32;
  gint32       image = param[ARG_IMAGE].data.d_image;
  gchar       *filename = NULL, *source, *message = NULL;
  GError      *error = NULL;
  gboolean     georeferenced = FALSE, ok;

  if (mode == GIMP_RUN_INTERACTIVE)
    {
      filename = ask_filename (image);
      if (filename == NULL)
        return GIMP_PDB_CANCEL;
    }
  else if (n_params != N_ARGS)
    return GIMP_PDB_CALLING_ERROR;
  else
    filename = g_strdup (param[ARG_FILENAME].data.d_string);

  source = geojson_source_file (image, mode == GIMP_RUN_INTERACTIVE ? NULL
                                       : param[ARG_GEOREF].data.d_string);
  ok = geojson_export (image, filename, source, &georeferenced, &message,
                       &error);
  g_free (source);
  g_free (filename);
  if (message != NULL)
    g_message ("%s", message);
  g_free (message);
  if (! ok)
    {
      results[1].type          = GIMP_PDB_STRING;
      results[1].data.d_string = g_strdup (error->message);
      if (mode == GIMP_RUN_INTERACTIVE)
        g_message ("%s", error->message);
      g_error_free (error);
      return GIMP_PDB_EXECUTION_ERROR;
    }
  results[1].type         = GIMP_PDB_INT32;
  results[1].data.d_int32 = georeferenced;
  return GIMP_PDB_SUCCESS;
}

void
geojson_run (gint              n_params,
             const GimpParam  *param,
             gint             *n_return_vals,
             GimpParam       **return_vals)
{
  static GimpParam results[2];

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  results[0].type          = GIMP_PDB_STATUS;
  results[0].data.d_status = run_export (n_params, param, results);
  *n_return_vals = results[0].data.d_status == GIMP_PDB_SUCCESS
                   || results[0].data.d_status == GIMP_PDB_EXECUTION_ERROR
                   ? 2 : 1;
  *return_vals = results;
}
