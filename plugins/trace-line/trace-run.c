/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera-gimp.h"
#include "tessera-progress.h"
#include "trace-path.h"
#include "trace-run.h"

void
trace_run_init (TraceRun *run,
                gboolean  from_path)
{
  memset (run, 0, sizeof *run);
  tessera_args_defaults (trace_line_args, G_N_ELEMENTS (trace_line_args),
                         run);
  run->from_path = from_path;
  run->keep_path = TRUE;
  run->clicks    = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
}

void
trace_run_clear (TraceRun *run)
{
  g_clear_pointer (&run->clicks, g_array_unref);
}

/* A chain whose last point repeats the first is closed. */
static void
close_if_looped (TraceRun *run)
{
  GArray       *clicks = run->clicks;
  TesseraPoint *first, *last;

  if (clicks->len < 3)
    return;
  first = &g_array_index (clicks, TesseraPoint, 0);
  last = &g_array_index (clicks, TesseraPoint, clicks->len - 1);
  if (first->x == last->x && first->y == last->y)
    {
      g_array_set_size (clicks, clicks->len - 1);
      run->closed = TRUE;
    }
}

void
trace_run_take_coords (TraceRun *run)
{
  gint i;

  g_array_set_size (run->clicks, 0);
  run->closed = FALSE;
  for (i = 0; run->coords.values != NULL && i + 1 < run->coords.n; i += 2)
    {
      TesseraPoint click = { run->coords.values[i],
                             run->coords.values[i + 1] };
      g_array_append_val (run->clicks, click);
    }
  close_if_looped (run);
}

void
trace_run_give_coords (TraceRun *run)
{
  /* A TesseraPoint is x then y: the clicks are x1 y1 x2 y2 … */
  G_STATIC_ASSERT (sizeof (TesseraPoint) == 2 * sizeof (gdouble));

  run->coords.n      = 2 * run->clicks->len;
  run->coords.values = (const gdouble *) run->clicks->data;
}

gboolean
trace_run_check (const TraceRun  *run,
                 GError         **error)
{
  if (! trace_values_check (&run->values, error))
    return FALSE;
  if (run->from_path)
    return TRUE;
  return trace_chain_check ((const TesseraPoint *) run->clicks->data,
                            run->clicks->len, run->closed, error);
}

/* POINTS moved by (DX, DY). */
static void
move_points (GArray  *points,
             gdouble  dx,
             gdouble  dy)
{
  guint i;

  for (i = 0; i < points->len; i++)
    {
      g_array_index (points, TesseraPoint, i).x += dx;
      g_array_index (points, TesseraPoint, i).y += dy;
    }
}

/* Traces the chain of CLICKS (drawable coordinates) on DRAWABLE into
 * POLYLINE, with GIMP's progress bar. */
static gboolean
trace_with_progress (gint32              drawable,
                     const TraceValues  *values,
                     GArray             *clicks,
                     gboolean            closed,
                     GArray             *polyline,
                     GError            **error)
{
  TesseraProgress  progress;
  TesseraExec      exec;

  tessera_progress_start (&progress, _("Tracing the line"));
  exec = tessera_progress_exec (&progress, values->backend);
  return trace_chain_drawable (drawable, (const TesseraPoint *) clicks->data,
                               clicks->len, closed, values, &exec, polyline,
                               error);
}

/* The clicks in image coordinates, and whether they close.  They become
 * the new path's anchors, which GIMP holds in single precision: the line
 * is traced between the points that the path will hold. */
static gboolean
chain_of_run (gint32           image,
              const TraceRun  *run,
              GArray          *clicks,
              gboolean        *closed,
              GError         **error)
{
  *closed = run->closed;
  if (run->from_path && run->clicks->len == 0)
    {
      if (! trace_path_anchors (image, clicks, closed, error))
        return FALSE;
    }
  else
    g_array_append_vals (clicks, run->clicks->data, run->clicks->len);
  trace_path_round (clicks);
  return TRUE;
}

/* The traced POLYLINE as a path of curves, an anchor on each click. */
static gint32
new_path (gint32              image,
          gint32              drawable,
          GArray             *polyline,
          gboolean            closed,
          const TraceValues  *values,
          gboolean            keep_path)
{
  gint          n_control;
  TesseraPoint *control;
  gint32        path;

  control = trace_path_fit ((const TesseraPoint *) polyline->data,
                            polyline->len, closed, values->nodes + 1,
                            values->tolerance, &n_control);
  path = trace_path_new (image, drawable, control, n_control, closed,
                         values->stroke, values->stroke_width, keep_path);
  g_free (control);
  return path;
}

gboolean
trace_run_apply (gint32           image,
                 gint32           drawable,
                 const TraceRun  *run,
                 gint32          *path,
                 GError         **error)
{
  GArray        *clicks   = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  GArray        *polyline = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  GeglRectangle  extent;
  gboolean       closed;
  gboolean       ok;

  tessera_gimp_drawable_offsets (drawable, &extent.x, &extent.y);
  extent.width  = tessera_gimp_drawable_width (drawable);
  extent.height = tessera_gimp_drawable_height (drawable);

  ok = chain_of_run (image, run, clicks, &closed, error)
       && trace_chain_check ((const TesseraPoint *) clicks->data, clicks->len,
                             closed, error)
       && trace_chain_inside ((const TesseraPoint *) clicks->data,
                              clicks->len, &extent, error);
  if (ok)
    {
      move_points (clicks, -extent.x, -extent.y);
      ok = trace_with_progress (drawable, &run->values, clicks, closed,
                                polyline, error);
    }
  if (ok)
    {
      move_points (polyline, extent.x, extent.y);
      *path = new_path (image, drawable, polyline, closed, &run->values,
                        run->keep_path);
    }
  g_array_free (clicks, TRUE);
  g_array_free (polyline, TRUE);
  return ok;
}
