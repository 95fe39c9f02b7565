/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-args.h"
#include "tessera-gimp.h"
#include "trace-path.h"
#include "bezier-fit.h"
#include "trace-clicks.h"

/* A Bézier stroke's control points come in threes per anchor: the handle
 * before it, the anchor, the handle after it, each as x, y. */
#define COORDS_PER_ANCHOR 6
#define ANCHOR_OFFSET     2

gboolean
trace_path_anchors (gint32     image,
                    GArray    *anchors,
                    gboolean  *closed,
                    GError   **error)
{
  gint32   path = tessera_gimp_image_active_path (image);
  gint    *strokes;
  gint     n_strokes = 0;
  gdouble *coords;
  gint     n_coords = 0;
  gint     i;

  if (path <= 0)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The image has no active path: click the "
                             "points with the Paths tool first."));
      return FALSE;
    }
  strokes = tessera_gimp_path_strokes (path, &n_strokes);
  if (n_strokes < 1)
    {
      g_free (strokes);
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("The active path is empty: click the points "
                             "with the Paths tool first."));
      return FALSE;
    }

  tessera_gimp_path_stroke_points (path, strokes[0], &n_coords, &coords,
                                   closed);
  for (i = ANCHOR_OFFSET; i + 1 < n_coords; i += COORDS_PER_ANCHOR)
    {
      TesseraPoint anchor = { coords[i], coords[i + 1] };
      g_array_append_val (anchors, anchor);
    }
  g_free (coords);
  g_free (strokes);
  return TRUE;
}

void
trace_path_round (GArray *points)
{
  guint i;

  for (i = 0; i < points->len; i++)
    {
      TesseraPoint *p = &g_array_index (points, TesseraPoint, i);

      p->x = (gfloat) p->x;
      p->y = (gfloat) p->y;
    }
}

/* GIMP's own round brush with a hard edge. */
#define HARD_BRUSH "2. Hardness 100"

static void
stroke_with_brush (gint32  drawable,
                   gint32  path,
                   gdouble width)
{
  /* Our own context: the user's colours, but a paint stroke with the
   * paintbrush whatever tool is active, and WIDTH pixels wide with a hard
   * round brush (the current brush as it is when WIDTH is 0). */
  gimp_context_push ();
  gimp_context_set_stroke_method (GIMP_STROKE_PAINT_METHOD);
  gimp_context_set_paint_method ("gimp-paintbrush");
  if (width > 0.0)
    {
      tessera_gimp_context_set_brush_name (HARD_BRUSH);
      gimp_context_set_brush_size (width);
      gimp_context_set_brush_aspect_ratio (0.0);
      gimp_context_set_brush_angle (0.0);
      tessera_gimp_context_set_dynamics_name ("Dynamics Off");
    }
  gimp_drawable_edit_stroke_item (TESSERA_DRAWABLE (drawable),
                                  TESSERA_ITEM (path));
  gimp_context_pop ();
}

TesseraPoint *
trace_path_fit (const TesseraPoint *polyline,
                gint                n_points,
                gboolean            closed,
                gint                points_per_link,
                gdouble             tolerance,
                gint               *n_control)
{
  TesseraPoint *control = g_new (TesseraPoint,
                                 TESSERA_BEZIER_MAX_OUT (n_points));

  /* The arguments are checked: only memory could fail, and GIMP's own
   * allocations would abort on that first. */
  if (tessera_trace_chain_fit (polyline, n_points, closed, points_per_link,
                               tolerance, control, n_control) != TESSERA_OK)
    *n_control = 0;
  return control;
}

/* The handles of segment anchors: each anchor's handle before, itself and
 * its handle after, the open ends' outer handles on their anchors. */
static gdouble *
control_coords (const TesseraPoint *control,
                gint                n_control,
                gboolean            closed,
                gint               *n_coords)
{
  gint     last = n_control - 1;
  gint     anchors = last / 3 + (closed && last > 0 ? 0 : 1);
  gdouble *coords = g_new (gdouble, (gsize) anchors * COORDS_PER_ANCHOR);
  gint     j;

  for (j = 0; j < anchors; j++)
    {
      gint                at = 3 * j;
      const TesseraPoint *triple[3];
      gint                k;

      triple[0] = at > 0 ? &control[at - 1]
                  : closed && last > 0 ? &control[last - 1] : &control[0];
      triple[1] = &control[at];
      triple[2] = at < last ? &control[at + 1] : &control[last];
      for (k = 0; k < 3; k++)
        {
          coords[j * COORDS_PER_ANCHOR + 2 * k]     = triple[k]->x;
          coords[j * COORDS_PER_ANCHOR + 2 * k + 1] = triple[k]->y;
        }
    }
  *n_coords = anchors * COORDS_PER_ANCHOR;
  return coords;
}

gint32
trace_path_new (gint32              image,
                gint32              drawable,
                const TesseraPoint *control,
                gint                n_control,
                gboolean            closed,
                gboolean            stroke,
                gdouble             stroke_width,
                gboolean            keep_path)
{
  gint     n_coords;
  gdouble *coords = control_coords (control, n_control, closed, &n_coords);
  gint32   path;

  gimp_image_undo_group_start (TESSERA_IMAGE (image));
  path = tessera_gimp_path_new (image, _("Traced line"));
  tessera_gimp_path_add_bezier (path, n_coords, coords, closed);
  tessera_gimp_image_add_path (image, path, 0);
  gimp_item_set_visible (TESSERA_ITEM (path), TRUE);
  if (stroke)
    stroke_with_brush (drawable, path, stroke_width);
  if (stroke && ! keep_path)
    {
#if TESSERA_GIMP3
      gimp_image_remove_path (TESSERA_IMAGE (image), TESSERA_PATH (path));
#else
      gimp_image_remove_vectors (image, path);
#endif
      path = -1;
    }
  gimp_image_undo_group_end (TESSERA_IMAGE (image));

  g_free (coords);
  return path;
}
