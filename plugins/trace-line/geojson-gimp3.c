/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — plug-in-tessera-export-paths-geojson for GIMP 3: run-mode,
 * image, drawables (unused), file (the GeoJSON to write), georeference
 * (the file whose georeference to use; none: the image's own); returns
 * whether the coordinates are georeferenced.  Interactively GIMP's
 * procedure dialog asks for the file. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args.h"
#include "geojson-export.h"
#include "geojson-gimp3.h"

/* FILE's path (g_free it), or NULL. */
static gchar *
config_path (GimpProcedureConfig *config,
             const gchar         *name)
{
  GFile *file = NULL;
  gchar *path;

  g_object_get (config, name, &file, NULL);
  if (file == NULL)
    return NULL;
  path = g_file_get_path (file);
  g_object_unref (file);
  return path;
}

static gboolean
run_dialog (GimpProcedure       *procedure,
            GimpProcedureConfig *config)
{
  GtkWidget *dialog;
  gboolean   ok;

  gimp_ui_init ("tessera-trace-line");
  dialog = gimp_procedure_dialog_new (procedure, config,
                                      _("Export Paths as GeoJSON"));
  gimp_procedure_dialog_fill (GIMP_PROCEDURE_DIALOG (dialog), "file", NULL);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  gtk_widget_destroy (dialog);
  return ok;
}

static GimpValueArray *
run (GimpProcedure        *procedure,
     GimpRunMode           run_mode,
     GimpImage            *image,
     GimpDrawable        **drawables,
     GimpProcedureConfig  *config,
     gpointer              run_data)
{
  GimpValueArray *results;
  GError         *error = NULL;
  gchar          *filename, *georef, *source, *message = NULL;
  gboolean        georeferenced = FALSE, ok;

  if (run_mode == GIMP_RUN_INTERACTIVE && ! run_dialog (procedure, config))
    return gimp_procedure_new_return_values (procedure, GIMP_PDB_CANCEL,
                                             NULL);
  filename = config_path (config, "file");
  georef   = config_path (config, "georeference");
  source   = geojson_source_file (gimp_image_get_id (image), georef);
  ok = geojson_export (gimp_image_get_id (image), filename, source,
                       &georeferenced, &message, &error);
  g_free (source);
  g_free (georef);
  g_free (filename);
  if (message != NULL)
    g_message ("%s", message);
  g_free (message);
  if (! ok)
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  results = gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                              NULL);
  GIMP_VALUES_SET_BOOLEAN (results, 1, georeferenced);
  return results;
}

static void
add_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_file_argument (procedure, "file", _("_File"),
                                    _("The GeoJSON file to write"),
                                    GIMP_FILE_CHOOSER_ACTION_SAVE, FALSE,
                                    NULL, G_PARAM_READWRITE);
  gimp_procedure_add_file_argument (procedure, "georeference",
                                    _("_Georeference"),
                                    _("The file whose georeference to use: "
                                      "a GeoTIFF, an image with a world file "
                                      "beside it, or a world file (none: the "
                                      "image's own file)"),
                                    GIMP_FILE_CHOOSER_ACTION_OPEN, TRUE,
                                    NULL, G_PARAM_READWRITE);
  gimp_procedure_add_boolean_return_value (procedure, "georeferenced",
                                           _("Georeferenced"),
                                           _("TRUE: the coordinates are in "
                                             "the image's georeference; "
                                             "FALSE: pixels"),
                                           FALSE, G_PARAM_READWRITE);
}

static const gchar * const menu_paths[] = { TESSERA_MENU, NULL };

const TesseraProcedure3 geojson_procedure3 =
{
  GEOJSON_PROC, GEOJSON_LABEL, GEOJSON_BLURB, GEOJSON_HELP, menu_paths,
  NULL, 0, run, NULL, add_arguments
};
