/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "tessera-args.h"
#include "tessera-gimp.h"
#include "tessera-region.h"
#include "trace-chain.h"

TesseraTrace
trace_values_params (const TraceValues *values)
{
  TesseraTrace params = { 0 };

  params.nodes      = values->nodes;
  params.points     = values->points;
  params.half_width = values->half_width;
  params.max_angle  = values->max_angle;
  params.sigma      = values->sigma;
  params.objective  = (TesseraTraceObjective) values->objective;
  params.threshold  = values->threshold;
  params.reach       = values->reach;
  params.min_reach   = values->min_reach;
  params.mean        = values->mean;
  params.keep_side   = values->keep_side;
  params.bound_ends  = values->smooth;
  params.snap_radius = values->snap_radius;
  params.line_width  = values->line_width;
  return params;
}

gboolean
trace_values_check (const TraceValues  *values,
                    GError            **error)
{
  TesseraTrace params = trace_values_params (values);
  TesseraPoint a = { 0.0, 0.0 }, b = { 1.0, 0.0 };

  if (values->line_width > 0.0
      && values->objective != TESSERA_TRACE_ORTHOGONAL_GRADIENT)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("A centre line (line-width above 0) is traced "
                             "with the gradient objective only."));
      return FALSE;
    }
  /* The ranges are right; what is left is the size of the search. */
  if (tessera_trace_check (&params, a, b) != TESSERA_OK)
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_TOO_LARGE,
                   _("%d guides of %d points need more memory than the "
                     "search may take; use fewer points per guide."),
                   values->nodes, values->points);
      return FALSE;
    }
  return TRUE;
}

gint
trace_chain_links (gint     n_clicks,
                   gboolean closed)
{
  return tessera_trace_chain_links (n_clicks, closed);
}

void
trace_chain_link_ends (const TesseraPoint *clicks,
                       gint                n_clicks,
                       gint                link,
                       TesseraPoint       *a,
                       TesseraPoint       *b)
{
  *a = clicks[link];
  *b = clicks[(link + 1) % n_clicks];
}

gboolean
trace_click_apart (TesseraPoint last,
                   TesseraPoint click)
{
  /* The core's own bound on a link's length. */
  return hypot (click.x - last.x, click.y - last.y) >= 1.0;
}

gboolean
trace_chain_check (const TesseraPoint  *clicks,
                   gint                 n_clicks,
                   gboolean             closed,
                   GError             **error)
{
  gint i;

  if (n_clicks < 2)
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   _("Tracing needs at least two points, not %d."),
                   n_clicks);
      return FALSE;
    }

  for (i = 0; i < n_clicks; i++)
    if (! (isfinite (clicks[i].x) && isfinite (clicks[i].y)))
      {
        g_set_error (error, TESSERA_PLUGIN_ERROR,
                     TESSERA_ERROR_INVALID_ARGUMENT,
                     /* TRANSLATORS: a point's number and coordinates. */
                     _("Point %d (%g, %g) is not a number: coordinates must "
                       "be finite."), i + 1, clicks[i].x, clicks[i].y);
        return FALSE;
      }

  for (i = 0; i < trace_chain_links (n_clicks, closed); i++)
    {
      TesseraPoint a, b;

      trace_chain_link_ends (clicks, n_clicks, i, &a, &b);
      if (! trace_click_apart (a, b))
        {
          trace_link_error (TESSERA_ERROR_INVALID_ARGUMENT, i, n_clicks,
                            NULL, error);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
trace_chain_inside (const TesseraPoint  *clicks,
                    gint                 n_clicks,
                    const GeglRectangle *extent,
                    GError             **error)
{
  gint i;

  for (i = 0; i < n_clicks; i++)
    {
      const TesseraPoint *p = &clicks[i];

      if (! (p->x >= extent->x && p->x <= extent->x + extent->width
             && p->y >= extent->y && p->y <= extent->y + extent->height))
        {
          g_set_error (error, TESSERA_PLUGIN_ERROR,
                       TESSERA_ERROR_INVALID_ARGUMENT,
                       /* TRANSLATORS: a point's number and coordinates. */
                       _("Point %d (%g, %g) lies outside the layer or "
                         "channel."),
                       i + 1, p->x, p->y);
          return FALSE;
        }
    }
  return TRUE;
}

void
trace_polyline_append (GArray             *polyline,
                       const TesseraPoint *link,
                       gint                n_points)
{
  /* The link starts where the polyline ends. */
  if (polyline->len > 0)
    {
      link++;
      n_points--;
    }
  g_array_append_vals (polyline, link, n_points);
}

void
trace_link_error (TesseraStatus       status,
                  gint                link,
                  gint                n_clicks,
                  const TraceValues  *values,
                  GError            **error)
{
  gint from = link + 1, to = (link + 1) % n_clicks + 1;

  /* At 180° every turn is allowed: raising the angle cannot help. */
  if (status == TESSERA_ERROR_NO_SOLUTION && values->max_angle >= 180.0)
    g_set_error (error, TESSERA_PLUGIN_ERROR, status,
                 /* TRANSLATORS: two point numbers. */
                 _("No line from point %d to point %d could be traced; "
                   "add a point between them."), from, to);
  else if (status == TESSERA_ERROR_NO_SOLUTION)
    g_set_error (error, TESSERA_PLUGIN_ERROR, status,
                 /* TRANSLATORS: two point numbers and an angle. */
                 _("No line from point %d to point %d turns by at most "
                   "%g° at every node; raise the maximum angle or add a "
                   "point between them."),
                 from, to, values->max_angle);
  /* The settings are checked before: what is left is the link's length. */
  else if (status == TESSERA_ERROR_INVALID_ARGUMENT)
    g_set_error (error, TESSERA_PLUGIN_ERROR, status,
                 _("Points %d and %d are less than a pixel apart."),
                 from, to);
  else
    tessera_set_error (error, status);
}

/* The part of the drawable the chain's search reads (core/trace-clicks.h). */
static GeglRectangle
chain_window (gint32              drawable,
              const TesseraPoint *clicks,
              gint                n_clicks,
              const TraceValues  *values)
{
  TesseraTrace  params = trace_values_params (values);
  gint          window[4];

  tessera_trace_chain_window (clicks, n_clicks, &params,
                              tessera_gimp_drawable_width (drawable),
                              tessera_gimp_drawable_height (drawable),
                              window);
  return (GeglRectangle) { window[0], window[1], window[2], window[3] };
}

gboolean
trace_chain_drawable (gint32              drawable,
                      const TesseraPoint *clicks,
                      gint                n_clicks,
                      gboolean            closed,
                      const TraceValues  *values,
                      TesseraExec        *exec,
                      GArray             *polyline,
                      GError            **error)
{
  TesseraTrace    params = trace_values_params (values);
  gint            links = trace_chain_links (n_clicks, closed);
  TesseraPoint   *path = g_new (TesseraPoint,
                                (gsize) links * (values->nodes + 1) + 1);
  TesseraGradient gradient;
  TesseraRegion   region;
  TesseraStatus   status;
  GeglRectangle   window = chain_window (drawable, clicks, n_clicks, values);
  GeglRectangle   read;
  gint            reach = tessera_gradient_reach (values->sigma);
  gint            n_path = 0, failed = 0;

  /* The gradient of the window needs the pixels around it, and where they
   * are cut off it is at the drawable's edge, as on the whole drawable:
   * the result is the same as from the whole drawable's gradient. */
  read = tessera_rect_grow (drawable, &window, reach, reach);
  if (! tessera_region_read (&region, drawable, &read, NULL, error))
    {
      g_free (path);
      return FALSE;
    }
  status = tessera_gradient_compute (&region.image, window.x - read.x,
                                     window.y - read.y, window.width,
                                     window.height, values->sigma,
                                     &gradient, exec);
  tessera_region_clear (&region);
  if (status == TESSERA_OK)
    {
      gradient.x0 = window.x;
      gradient.y0 = window.y;
      status = tessera_trace_chain (&gradient, clicks, n_clicks, closed,
                                    &params, path, &n_path, &failed, exec);
      tessera_gradient_free (&gradient);
    }
  if (status != TESSERA_OK)
    {
      trace_link_error (status, failed, n_clicks, values, error);
      g_free (path);
      return FALSE;
    }
  g_array_append_vals (polyline, path, n_path - (closed ? 1 : 0));
  g_free (path);
  return TRUE;
}
