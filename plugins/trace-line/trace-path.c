#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-args.h"
#include "tessera-gimp.h"
#include "trace-path.h"

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

gint32
trace_path_new (gint32              image,
                gint32              drawable,
                const TesseraPoint *points,
                gint                n_points,
                gboolean            closed,
                gboolean            stroke,
                gdouble             stroke_width)
{
  gdouble *coords = g_new (gdouble, (gsize) n_points * COORDS_PER_ANCHOR);
  gint32   path;
  gint     i, j;

  /* Straight segments: both handles of each anchor lie on it. */
  for (i = 0; i < n_points; i++)
    for (j = 0; j < COORDS_PER_ANCHOR; j += 2)
      {
        coords[i * COORDS_PER_ANCHOR + j]     = points[i].x;
        coords[i * COORDS_PER_ANCHOR + j + 1] = points[i].y;
      }

  gimp_image_undo_group_start (TESSERA_IMAGE (image));
  path = tessera_gimp_path_new (image, _("Traced line"));
  tessera_gimp_path_add_bezier (path, n_points * COORDS_PER_ANCHOR, coords,
                                closed);
  tessera_gimp_image_add_path (image, path, 0);
  gimp_item_set_visible (TESSERA_ITEM (path), TRUE);
  if (stroke)
    stroke_with_brush (drawable, path, stroke_width);
  gimp_image_undo_group_end (TESSERA_IMAGE (image));

  g_free (coords);
  return path;
}
