#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-drawable.h"
#include "tessera-filter3.h"
#include "tessera-plugin3.h"
#include "tessera-gimp.h"
#include "tessera-preview.h"
#include "tessera-progress.h"
#include "tessera-region.h"

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

  tessera_progress_start (&progress, _(filter->procedure.menu_label));
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

  for (i = 0; i < filter->procedure.n_args; i++)
    if (strcmp (filter->procedure.args[i].name, "backend") == 0)
      return *tessera_arg_int (&filter->procedure.args[i], values);
  return TESSERA_BACKEND_AUTO;
}

/* CONFIG's values in a new values struct, checked; NULL with *ERROR set
 * when one is out of range.  Filters take no arrays. */
static gpointer
values_of (const TesseraFilter3 *filter,
           GimpProcedureConfig  *config,
           GError              **error)
{
  const TesseraProcedure3 *described = &filter->procedure;
  gpointer                 values    = g_malloc0 (filter->values_size);

  tessera_args_from_config (config, described->args, described->n_args,
                            values, NULL);
  if (tessera_args_check (described->args, described->n_args, values, error))
    return values;
  g_free (values);
  return NULL;
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
  gpointer              values = values_of (filter, shown->config, NULL);
  GeglRectangle         area   = tessera_preview_area (preview);
  GeglRectangle         around;
  TesseraRegion         source, result;
  TesseraExec           exec;
  gint                  reach_x, reach_y;

  if (values == NULL)
    return;
  filter->reach (values, &reach_x, &reach_y);
  around = tessera_rect_grow (shown->drawable, &area, reach_x, reach_y);
  exec = tessera_preview_exec (backend_of (filter, values));
  if (tessera_region_read (&source, shown->drawable, &around, NULL, NULL))
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
  GtkWidget     *dialog;
  GList         *rows;

  dialog = tessera_dialog3_new (procedure, config,
                                filter->procedure.menu_label,
                                filter->procedure.args,
                                filter->procedure.n_args);
  tessera_dialog3_preview (dialog, config, drawable,
                           G_CALLBACK (preview_update), &shown);
  rows = tessera_dialog3_rows (filter->procedure.args,
                               filter->procedure.n_args);
  gimp_procedure_dialog_fill_list (GIMP_PROCEDURE_DIALOG (dialog), rows);
  g_list_free (rows);
  return tessera_dialog3_run (dialog);
}

GimpValueArray *
tessera_filter3_run (GimpProcedure        *procedure,
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

  drawable = tessera_target3 (image, drawables, &error);
  if (drawable < 0
      || ! tessera_selection_bounds (drawable, &bounds, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! ask (procedure, config, filter, drawable))
    return tessera_failure3 (procedure, GIMP_PDB_CANCEL, NULL);

  values = values_of (filter, config, &error);
  if (values == NULL)
    return tessera_failure3 (procedure, GIMP_PDB_CALLING_ERROR, error);
  filter->reach (values, &reach_x, &reach_y);
  around = tessera_rect_grow (drawable, &bounds, reach_x, reach_y);
  ok = filter_drawable (filter, drawable, &bounds, &around, values,
                        backend_of (filter, values), &error);
  g_free (values);
  if (! ok)
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}
