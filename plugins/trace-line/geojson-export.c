/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — plug-in-tessera-export-paths-geojson's run (geojson-export.h),
 * for both GIMPs through tessera-gimp.h's calls and a few of its own. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libgimp/gimp.h>

#include "tessera-args.h"
#include "tessera-gimp.h"
#include "geojson-export.h"
#include "geojson-paths.h"

/* ---- what differs between the GIMPs ------------------------------------ */

/* IMAGE's paths' IDs (g_free them), *N_PATHS of them. */
static gint32 *
image_paths (gint32  image,
             gint   *n_paths)
{
#if TESSERA_GIMP3
  GimpPath **paths = gimp_image_get_paths (TESSERA_IMAGE (image));
  gint32    *ids;
  gint       n = 0;

  while (paths != NULL && paths[n] != NULL)
    n++;
  ids = g_new (gint32, MAX (n, 1));
  for (*n_paths = 0; *n_paths < n; (*n_paths)++)
    ids[*n_paths] = TESSERA_ID (paths[*n_paths]);
  g_free (paths);
  return ids;
#else
  return gimp_image_get_vectors (image, n_paths);
#endif
}

/* IMAGE's file as it was imported, else as it was saved (g_free it), or
 * NULL. */
static gchar *
image_file (gint32 image)
{
#if TESSERA_GIMP3
  GFile *file = gimp_image_get_imported_file (TESSERA_IMAGE (image));
  gchar *path;

  if (file == NULL)
    file = gimp_image_get_file (TESSERA_IMAGE (image));
  if (file == NULL)
    return NULL;
  path = g_file_get_path (file);
  g_object_unref (file);
  return path;
#else
  gchar *uri  = gimp_image_get_imported_uri (image);
  gchar *path = uri != NULL ? g_filename_from_uri (uri, NULL, NULL) : NULL;

  g_free (uri);
  return path != NULL ? path : gimp_image_get_filename (image);
#endif
}

/* ---- the run ------------------------------------------------------------ */

gchar *
geojson_source_file (gint32       image,
                     const gchar *georef_file)
{
  if (georef_file != NULL && *georef_file != '\0')
    return g_strdup (georef_file);
  return image_file (image);
}

/* Every stroke of IMAGE's paths into STROKES (GeoJsonStroke), their
 * control points and names kept alive in KEEP. */
static void
collect_strokes (gint32     image,
                 GArray    *strokes,
                 GPtrArray *keep)
{
  gint    n_paths, p, s;
  gint32 *paths = image_paths (image, &n_paths);

  for (p = 0; p < n_paths; p++)
    {
      gchar *name      = gimp_item_get_name (TESSERA_ITEM (paths[p]));
      gint   n_strokes = 0;
      gint  *ids       = tessera_gimp_path_strokes (paths[p], &n_strokes);

      g_ptr_array_add (keep, name);
      for (s = 0; s < n_strokes; s++)
        {
          GeoJsonStroke  stroke = { name, s, FALSE, 0, NULL };
          gdouble       *coords = NULL;
          gboolean       closed = FALSE;

          tessera_gimp_path_stroke_points (paths[p], ids[s], &stroke.n_coords,
                                           &coords, &closed);
          stroke.closed = closed;
          stroke.coords = coords;
          g_ptr_array_add (keep, coords);
          g_array_append_val (strokes, stroke);
        }
      g_free (ids);
    }
  g_free (paths);
}

/* SOURCE_FILE's georeference into *REF; FALSE when it has none (*MESSAGE
 * then says so) or when it is unusable (*ERROR). */
static gboolean
read_georef (const gchar  *source_file,
             GeoRef       *ref,
             gchar       **source,
             gchar       **message,
             GError      **error)
{
  gchar        found[4096], problem[1024] = "";
  GeoRefStatus status = GEOREF_NONE;

  if (source_file != NULL)
    status = georef_of_image_file (source_file, ref, found, sizeof found,
                                   problem, sizeof problem);
  switch (status)
    {
    case GEOREF_FOUND:
      *source = g_strdup (found);
      return TRUE;
    case GEOREF_BAD:
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT, problem);
      return FALSE;
    default:
      *message = source_file != NULL
        ? g_strdup_printf (_("%s has no georeference (no world file beside "
                             "it, no GeoTIFF tags): the GeoJSON file holds "
                             "pixel coordinates."), source_file)
        : g_strdup (_("The image has no file to find a georeference by: "
                      "the GeoJSON file holds pixel coordinates."));
      return FALSE;
    }
}

/* STROKES into FILENAME, written whole or not at all. */
static gboolean
write_file (const gchar   *filename,
            const GArray  *strokes,
            const GeoRef  *ref,
            const gchar   *source,
            GError       **error)
{
  gchar *partial = g_strconcat (filename, ".part", NULL);
  FILE  *out     = g_fopen (partial, "w");
  int    written;

  if (out != NULL)
    {
      written = geojson_write_strokes (out,
                                       (const GeoJsonStroke *) strokes->data,
                                       (int) strokes->len, ref, source);
      if (fclose (out) == 0 && written == 0
          && g_rename (partial, filename) == 0)
        {
          g_free (partial);
          return TRUE;
        }
      g_unlink (partial);
    }
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
               _("Could not write %s: %s"), filename, g_strerror (errno));
  g_free (partial);
  return FALSE;
}

gboolean
geojson_export (gint32        image,
                const gchar  *filename,
                const gchar  *source_file,
                gboolean     *georeferenced,
                gchar       **message,
                GError      **error)
{
  GArray    *strokes = g_array_new (FALSE, FALSE, sizeof (GeoJsonStroke));
  GPtrArray *keep    = g_ptr_array_new_with_free_func (g_free);
  GeoRef     ref;
  gchar     *source  = NULL;
  gboolean   ok      = FALSE;

  *message = NULL;
  collect_strokes (image, strokes, keep);
  if (strokes->len == 0)
    g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                         TESSERA_ERROR_INVALID_ARGUMENT,
                         _("The image has no path to export."));
  else if (filename == NULL || *filename == '\0')
    g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                         TESSERA_ERROR_INVALID_ARGUMENT,
                         _("No file to write the GeoJSON into."));
  else
    {
      *georeferenced = read_georef (source_file, &ref, &source, message,
                                    error);
      if (*georeferenced || *message != NULL)
        ok = write_file (filename, strokes,
                         *georeferenced ? &ref : NULL, source, error);
    }
  g_free (source);
  g_array_free (strokes, TRUE);
  g_ptr_array_unref (keep);
  return ok;
}
