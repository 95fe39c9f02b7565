/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the whole run over the drawables
 * (fill-work.h): the argument the declaration cannot check, the layers of
 * a run, and read, fill and write in turn. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "fill-bands.h"
#include "fill-work.h"
#include "tessera-args.h"
#include "tessera-gimp.h"

gboolean
fill_check (gconstpointer   data,
            GError        **error)
{
  const FillValues *values = data;

  if (values->guide <= 0 || tessera_gimp_item_is_layer (values->guide))
    return TRUE;
  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               _("guide must be a layer or -1, not %d."), values->guide);
  return FALSE;
}

/* Appends to LAYERS the layers of IMAGE at the top (GROUP -1) or in
 * GROUP that are not groups, those inside groups too. */
static void
collect_layers (gint32  image,
                gint32  group,
                GArray *layers)
{
  gint    n_items;
  gint32 *items = tessera_gimp_layers (image, group, &n_items);

  for (gint i = 0; i < n_items; i++)
    if (gimp_item_is_group (TESSERA_ITEM (items[i])))
      collect_layers (image, items[i], layers);
    else
      g_array_append_val (layers, items[i]);
  g_free (items);
}

/* The drawables of a run: DRAWABLE, or every layer of IMAGE. */
static GArray *
run_drawables (gint32            image,
               gint32            drawable,
               const FillValues *values)
{
  GArray *drawables = g_array_new (FALSE, FALSE, sizeof (gint32));

  if (values->all_layers)
    collect_layers (image, -1, drawables);
  else
    g_array_append_val (drawables, drawable);
  return drawables;
}

/* Reads every drawable's contour map, fills them in one batch (the GPU
 * overlaps one layer's copies with another's work), writes the outputs. */
gboolean
fill_run (gint32             image,
          gint32             drawable,
          const FillValues  *values,
          GError           **error)
{
  GArray          *drawables;
  gint             count;
  FillJob         *jobs;
  TesseraProgress  progress;
  TesseraExec      exec;
  gboolean         ok = TRUE;

  /* A large drawable whose fill needs no whole-map step streams. */
  if (fill_bands_suit (drawable, values))
    return fill_bands_run (image, drawable, values, error);
  drawables = run_drawables (image, drawable, values);
  count = drawables->len;
  jobs = g_new0 (FillJob, count);
  tessera_progress_start (&progress, _("Fill Closed Contours"));
  for (gint i = 0; i < count && ok; i++)
    {
      tessera_progress_stage (&progress, 0.3 / count);
      ok = fill_read_map (&jobs[i], g_array_index (drawables, gint32, i),
                          values, &progress, error);
    }
  if (ok)
    {
      tessera_progress_stage (&progress, 0.3);
      exec = tessera_progress_exec (&progress, values->backend);
      ok = fill_paint (jobs, count, values, &exec, error);
    }
  if (ok)
    {
      tessera_progress_stage (&progress, 0.4);
      fill_write (jobs, count, values, image, &progress);
    }
  for (gint i = 0; i < count; i++)
    fill_job_clear (&jobs[i]);
  g_free (jobs);
  g_array_free (drawables, TRUE);
  return ok;
}
