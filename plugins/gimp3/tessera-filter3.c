/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "tessera-live-region.h"
#include "tessera-region.h"

/* The backend asked for: the argument named "backend". */
static TesseraBackend
backend_of (const TesseraFilter3 *filter,
            gpointer              values)
{
  return tessera_args_int_named (filter->procedure.args,
                                 filter->procedure.n_args, values, "backend",
                                 TESSERA_BACKEND_AUTO);
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

/* The dialog's preview (tessera-live-region.h) and where its settings
 * come from. */
typedef struct
{
  const TesseraFilter3 *filter;
  GimpProcedureConfig  *config;
  TesseraLiveRegion     shown;
} FilterPreview;

static gpointer
preview_values (gpointer        data,
                gint           *reach_x,
                gint           *reach_y,
                TesseraBackend *backend)
{
  FilterPreview *preview = data;
  gpointer       values  = values_of (preview->filter, preview->config,
                                      NULL);

  if (values != NULL)
    {
      preview->filter->reach (values, reach_x, reach_y);
      *backend = backend_of (preview->filter, values);
    }
  return values;
}

/* The dialog made from the arguments, with the preview on the left. */
static gboolean
ask (GimpProcedure        *procedure,
     GimpProcedureConfig  *config,
     const TesseraFilter3 *filter,
     gint32                drawable)
{
  FilterPreview  shown;
  GtkWidget     *dialog;
  GtkWidget     *preview;
  GList         *rows;
  gboolean       ok;

  memset (&shown, 0, sizeof shown);
  shown.filter = filter;
  shown.config = config;
  tessera_live_region_init (&shown.shown, drawable, filter->filter,
                            preview_values, &shown);
  dialog = tessera_dialog3_new (procedure, config,
                                filter->procedure.menu_label,
                                filter->procedure.args,
                                filter->procedure.n_args);
  preview = tessera_dialog3_live (dialog, config, drawable,
                                  tessera_live_region_start,
                                  tessera_live_region_compute,
                                  tessera_live_region_finish, &shown.shown);
  rows = filter->rows != NULL
         ? filter->rows (GIMP_PROCEDURE_DIALOG (dialog), config)
         : tessera_dialog3_rows (filter->procedure.args,
                                 filter->procedure.n_args);
  tessera_dialog3_fill (dialog, preview, rows);
  g_list_free (rows);
  ok = tessera_dialog3_run (dialog);
  tessera_live_region_clear (&shown.shown);
  return ok;
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
  GeglRectangle         bounds;
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
  ok = filter->apply (drawable, &bounds, values, &error);
  g_free (values);
  if (! ok)
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}
