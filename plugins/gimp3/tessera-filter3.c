#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-drawable.h"
#include "tessera-filter3.h"
#include "tessera-gimp.h"
#include "tessera-preview.h"
#include "tessera-progress.h"
#include "tessera-region.h"

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

/* Reads AROUND, filters it, writes BOUNDS back through the shadow in one
 * undo step. */
static gboolean
filter_drawable (const TesseraFilter3  *filter,
                 gint32                 drawable,
                 const GeglRectangle   *bounds,
                 const GeglRectangle   *around,
                 gconstpointer          values,
                 TesseraBackend         backend,
                 GError               **error)
{
  TesseraProgress progress;
  TesseraExec     exec;
  TesseraRegion   source, result;
  TesseraStatus   status;

  tessera_progress_start (&progress, _(filter->menu_label));
  tessera_progress_stage (&progress, 0.1);
  if (! tessera_region_read (&source, drawable, around, &progress, error))
    return FALSE;
  if (! tessera_region_alloc_like (&result, &source, error))
    {
      tessera_region_clear (&source);
      return FALSE;
    }
  tessera_progress_stage (&progress, 0.8);
  exec = tessera_progress_exec (&progress, backend);
  status = filter->filter (&source.image, &result.image,
                           babl_format_has_alpha (source.format), values,
                           &exec);
  tessera_region_clear (&source);
  if (status == TESSERA_OK)
    {
      tessera_progress_stage (&progress, 0.1);
      tessera_region_apply (&result, bounds, &progress);
    }
  else
    tessera_set_error (error, status);
  tessera_region_clear (&result);
  return status == TESSERA_OK;
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

/* The one drawable a filter works on, checked as the 2.10 plug-ins check
 * theirs; -1 with *ERROR set when there is none it can work on. */
static gint32
target_of (GimpImage     *image,
           GimpDrawable **drawables,
           GError       **error)
{
  gint32 drawable;

  if (drawables == NULL || drawables[0] == NULL || drawables[1] != NULL)
    {
      *error = error_new (TESSERA_ERROR_INVALID_ARGUMENT,
                          _("Choose one layer, mask or channel."));
      return -1;
    }
  drawable = TESSERA_ID (drawables[0]);
  if (! tessera_drawable_check (gimp_image_get_id (image), drawable, error))
    return -1;
  return drawable;
}

/* The dialog's preview: what the filter makes of the part shown, from the
 * part and the reach around it, so that it is exact. */
typedef struct
{
  const TesseraFilter3 *filter;
  GimpProcedureConfig  *config;
  gint32                drawable;
} FilterPreview;

static void
preview_update (GimpPreview   *preview,
                FilterPreview *shown)
{
  const TesseraFilter3 *filter = shown->filter;
  gpointer              values = g_malloc0 (filter->values_size);
  GeglRectangle         area   = tessera_preview_area (preview);
  GeglRectangle         around;
  TesseraRegion         source, result;
  TesseraExec           exec;
  gint                  reach_x, reach_y;

  tessera_args_from_config (shown->config, filter->args, filter->n_args,
                            values, NULL);
  filter->reach (values, &reach_x, &reach_y);
  around = tessera_rect_grow (shown->drawable, &area, reach_x, reach_y);
  exec = tessera_preview_exec (backend_of (filter, values));
  if (tessera_args_check (filter->args, filter->n_args, values, NULL)
      && tessera_region_read (&source, shown->drawable, &around, NULL, NULL))
    {
      if (tessera_region_alloc_like (&result, &source, NULL))
        {
          if (filter->filter (&source.image, &result.image,
                              babl_format_has_alpha (source.format), values,
                              &exec) == TESSERA_OK)
            tessera_preview_draw (preview, &result.image, &result.rect,
                                  result.format);
          tessera_region_clear (&result);
        }
      tessera_region_clear (&source);
    }
  g_free (values);
}

/* The dialog made from the arguments, with the preview first. */
static gboolean
ask (GimpProcedure        *procedure,
     GimpProcedureConfig  *config,
     const TesseraFilter3 *filter,
     gint32                drawable)
{
  FilterPreview  shown = { filter, config, drawable };
  GtkWidget     *dialog, *preview;
  GList         *rows;
  gboolean       ok;

  gimp_ui_init (filter->name);
  dialog = tessera_dialog3_new (procedure, config, filter->menu_label,
                                filter->args, filter->n_args);
  preview = gimp_procedure_dialog_get_drawable_preview (
              GIMP_PROCEDURE_DIALOG (dialog), "preview",
              TESSERA_DRAWABLE (drawable));
  g_signal_connect (preview, "invalidated", G_CALLBACK (preview_update),
                    &shown);
  g_signal_connect_swapped (config, "notify",
                            G_CALLBACK (gimp_preview_invalidate), preview);
  rows = NULL;
  for (gint i = filter->n_args - 1; i >= 0; i--)
    rows = g_list_prepend (rows, (gpointer) filter->args[i].name);
  rows = g_list_prepend (rows, "preview");
  gimp_procedure_dialog_fill_list (GIMP_PROCEDURE_DIALOG (dialog), rows);
  g_list_free (rows);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  g_signal_handlers_disconnect_by_func (config, gimp_preview_invalidate,
                                        preview);
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
  const TesseraFilter3 *filter = run_data;
  GError               *error  = NULL;
  gpointer              values;
  gint32                drawable;
  GeglRectangle         bounds, around;
  gint                  reach_x, reach_y;
  gboolean              ok;

  drawable = target_of (image, drawables, &error);
  if (drawable < 0
      || ! tessera_selection_bounds (drawable, &bounds, &error))
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! ask (procedure, config, filter, drawable))
    return failure (procedure, GIMP_PDB_CANCEL, NULL);

  values = g_malloc0 (filter->values_size);
  tessera_args_from_config (config, filter->args, filter->n_args, values,
                            NULL);
  if (! tessera_args_check (filter->args, filter->n_args, values, &error))
    {
      g_free (values);
      return failure (procedure, GIMP_PDB_CALLING_ERROR, error);
    }
  filter->reach (values, &reach_x, &reach_y);
  around = tessera_rect_grow (drawable, &bounds, reach_x, reach_y);
  ok = filter_drawable (filter, drawable, &bounds, &around, values,
                        backend_of (filter, values), &error);
  g_free (values);
  if (! ok)
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

GtkWidget *
tessera_dialog3_new (GimpProcedure        *procedure,
                     GimpProcedureConfig  *config,
                     const gchar          *menu_label,
                     const TesseraArg     *args,
                     gint                  n_args)
{
  gchar     *title = gimp_strip_uline (_(menu_label));
  gsize      length = strlen (title);
  GtkWidget *dialog;

  if (g_str_has_suffix (title, "…"))
    title[length - strlen ("…")] = '\0';
  dialog = gimp_procedure_dialog_new (procedure, config, title);
  g_free (title);
  g_list_free (tessera_args_dialog_rows (GIMP_PROCEDURE_DIALOG (dialog),
                                         args, n_args));
  return dialog;
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
