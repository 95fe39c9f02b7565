#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-format.h"
#include "tessera-filter3.h"

static GimpValueArray *
failure (GimpProcedure     *procedure,
         GimpPDBStatusType  status,
         GError            *error)
{
  return gimp_procedure_new_return_values (procedure, status, error);
}

static GError *
error_new (TesseraStatus  code,
           const gchar   *message)
{
  return g_error_new_literal (TESSERA_PLUGIN_ERROR, code, message);
}

/* FORMAT with its sample type replaced by what the core holds: the same
 * model, TRC and space, so no colour conversion happens. */
static const Babl *
core_format (const Babl        *format,
             TesseraSampleType *type)
{
  const Babl *sample = babl_format_get_type (format, 0);

  if (sample == babl_type ("u8"))
    *type = TESSERA_U8;
  else if (sample == babl_type ("u16"))
    *type = TESSERA_U16;
  else
    *type = TESSERA_F32;
  return *type == TESSERA_F32 ? tessera_format_with_type (format, "float")
                              : format;
}

static bool
progress_to_gimp (double fraction,
                  void  *data)
{
  gimp_progress_update (fraction);
  return TRUE;
}

/* Reads AROUND, filters it, writes BOUNDS back through the shadow. */
static TesseraStatus
filter_drawable (const TesseraFilter3 *filter,
                 GimpDrawable         *drawable,
                 const GeglRectangle  *bounds,
                 const GeglRectangle  *around,
                 gconstpointer         values,
                 TesseraBackend        backend)
{
  const Babl        *format;
  TesseraSampleType  type;
  TesseraImage       src, dst;
  TesseraExec        exec = tessera_exec_default ();
  GeglBuffer        *buffer;
  TesseraStatus      status;

  format = core_format (gimp_drawable_get_format (drawable), &type);
  status = tessera_image_alloc (&src, around->width, around->height,
                                babl_format_get_n_components (format), type);
  if (status != TESSERA_OK)
    return status;
  status = tessera_image_alloc (&dst, around->width, around->height,
                                src.channels, type);
  if (status != TESSERA_OK)
    {
      tessera_image_free (&src);
      return status;
    }
  buffer = gimp_drawable_get_buffer (drawable);
  gegl_buffer_get (buffer, around, 1.0, format, src.data, src.stride,
                   GEGL_ABYSS_NONE);
  g_object_unref (buffer);

  exec.backend  = backend;
  exec.progress = progress_to_gimp;
  status = filter->filter (&src, &dst, babl_format_has_alpha (format),
                           values, &exec);
  if (status == TESSERA_OK)
    {
      guchar *first = (guchar *) dst.data
                      + (gsize) (bounds->y - around->y) * dst.stride
                      + (gsize) (bounds->x - around->x)
                        * tessera_pixel_size (&dst);

      buffer = gimp_drawable_get_shadow_buffer (drawable);
      gegl_buffer_set (buffer, bounds, 0, format, first, dst.stride);
      g_object_unref (buffer);
      gimp_drawable_merge_shadow (drawable, TRUE);
      gimp_drawable_update (drawable, bounds->x, bounds->y, bounds->width,
                            bounds->height);
    }
  tessera_image_free (&src);
  tessera_image_free (&dst);
  return status;
}

/* The backend asked for: the argument named "backend". */
static TesseraBackend
backend_of (const TesseraFilter3 *filter,
            gpointer              values)
{
  gint i;

  for (i = 0; i < filter->n_args; i++)
    if (strcmp (filter->args[i].name, "backend") == 0)
      return *tessera_arg_int (&filter->args[i], values);
  return TESSERA_BACKEND_AUTO;
}

/* The one drawable a filter works on, or an error saying why not. */
static GimpDrawable *
target_of (GimpDrawable **drawables,
           GError       **error)
{
  GimpDrawable *drawable;

  if (drawables == NULL || drawables[0] == NULL || drawables[1] != NULL)
    {
      *error = error_new (TESSERA_ERROR_INVALID_ARGUMENT,
                          _("Choose one layer, mask or channel."));
      return NULL;
    }
  drawable = drawables[0];
  if (gimp_item_is_group (GIMP_ITEM (drawable)))
    {
      *error = g_error_new (TESSERA_PLUGIN_ERROR,
                            TESSERA_ERROR_UNSUPPORTED_FORMAT,
                            _("“%s” is a layer group, whose pixels cannot be "
                              "modified; choose a layer inside it, or merge "
                              "the group first (Layer ▸ Merge Layer Group)."),
                            gimp_item_get_name (GIMP_ITEM (drawable)));
      return NULL;
    }
  if (gimp_drawable_is_indexed (drawable))
    {
      *error = g_error_new (TESSERA_PLUGIN_ERROR,
                            TESSERA_ERROR_UNSUPPORTED_FORMAT,
                            _("Indexed images are not supported (“%s” is in "
                              "one); convert the image to RGB or Grayscale "
                              "first (Image ▸ Mode)."),
                            gimp_item_get_name (GIMP_ITEM (drawable)));
      return NULL;
    }
  return drawable;
}

static GimpValueArray *
run (GimpProcedure        *procedure,
     GimpRunMode           run_mode,
     GimpImage            *image,
     GimpDrawable        **drawables,
     GimpProcedureConfig  *config,
     gpointer              run_data)
{
  const TesseraFilter3 *filter = run_data;
  gpointer              values = g_malloc0 (filter->values_size);
  GError               *error  = NULL;
  GimpDrawable         *drawable;
  GeglRectangle         bounds, around;
  gint                  reach_x, reach_y;
  TesseraStatus         status;

  drawable = target_of (drawables, &error);
  if (drawable == NULL)
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (! gimp_drawable_mask_intersect (drawable, &bounds.x, &bounds.y,
                                      &bounds.width, &bounds.height))
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR,
                    error_new (TESSERA_ERROR_EMPTY_IMAGE,
                               _("The selection does not touch this layer "
                                 "or channel; nothing was changed.")));

  if (run_mode == GIMP_RUN_INTERACTIVE)
    {
      GtkWidget *dialog;
      gboolean   ok;

      gimp_ui_init (filter->name);
      dialog = gimp_procedure_dialog_new (procedure, config,
                                          _(filter->menu_label));
      gimp_procedure_dialog_fill (GIMP_PROCEDURE_DIALOG (dialog), NULL);
      ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
      gtk_widget_destroy (dialog);
      if (! ok)
        return failure (procedure, GIMP_PDB_CANCEL, NULL);
    }

  /* A filter takes no arrays. */
  tessera_args_from_config (config, filter->args, filter->n_args, values,
                            NULL);
  if (! tessera_args_check (filter->args, filter->n_args, values, &error))
    {
      g_free (values);
      return failure (procedure, GIMP_PDB_CALLING_ERROR, error);
    }

  filter->reach (values, &reach_x, &reach_y);
  around.x = MAX (bounds.x - reach_x, 0);
  around.y = MAX (bounds.y - reach_y, 0);
  around.width  = MIN ((gint64) bounds.x + bounds.width + reach_x,
                       gimp_drawable_get_width (drawable)) - around.x;
  around.height = MIN ((gint64) bounds.y + bounds.height + reach_y,
                       gimp_drawable_get_height (drawable)) - around.y;

  gimp_progress_init (_(filter->menu_label));
  gimp_image_undo_group_start (image);
  status = filter_drawable (filter, drawable, &bounds, &around, values,
                            backend_of (filter, values));
  gimp_image_undo_group_end (image);
  g_free (values);
  if (status != TESSERA_OK)
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR,
                    error_new (status, _(tessera_status_message (status))));
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

GimpProcedure *
tessera_filter3_procedure (GimpPlugIn           *plug_in,
                           const TesseraFilter3 *filter)
{
  GimpProcedure       *procedure;
  const gchar * const *path;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  procedure = gimp_image_procedure_new (plug_in, filter->name,
                                        GIMP_PDB_PROC_TYPE_PLUGIN, run,
                                        (gpointer) filter, NULL);
  gimp_procedure_set_image_types (procedure, filter->image_types);
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (procedure, _(filter->menu_label));
  for (path = filter->menu_paths; *path != NULL; path++)
    gimp_procedure_add_menu_path (procedure, *path);
  gimp_procedure_set_documentation (procedure, _(filter->blurb),
                                    filter->help, filter->name);
  gimp_procedure_set_attribution (procedure, "The Tessera authors",
                                  "The Tessera authors", "2025");
  tessera_args_add_arguments (procedure, filter->args, filter->n_args);
  return procedure;
}
