/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours: the fill of the jobs' contour maps
 * (fill-work.h): the interior, or the regions of line art with their gaps
 * closed, the line coloured and the guide's colours, made into the paint
 * that the output writes; and why a map has nothing to fill. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "contour-map.h"
#include "fill-work.h"
#include "fill-work-private.h"
#include "tessera-args.h"

#define CONTOUR TESSERA_CONTOUR
#define INSIDE  TESSERA_FILL_CONTOURS_INTERIOR

/* Whether IMAGE has a pixel equal to VALUE (EQUAL) or one that differs
 * from it: the search stops at the first, where counting read them all. */
static gboolean
has_value (const TesseraImage *image,
           guint8              value,
           gboolean            equal)
{
  for (gint y = 0; y < image->height; y++)
    {
      const guint8 *row = tessera_image_row (image, y);
      for (gint x = 0; x < image->width; x++)
        if ((row[x] == value) == equal)
          return TRUE;
    }
  return FALSE;
}

gchar *
fill_nothing_reason (const gchar *name,
                     gboolean     line,
                     gboolean     free,
                     gboolean     inside)
{
  gchar *why = NULL;

  if (! line)
    why = g_strdup_printf (_("“%s” has no contour with this contour source "
                             "and threshold; try another source or "
                             "threshold."), name);
  else if (! free)
    why = g_strdup_printf (_("Every pixel of “%s” is contour with this "
                             "contour source and threshold, so nothing can "
                             "be inside; try another source or threshold."),
                           name);
  else if (! inside)
    why = g_strdup_printf (_("“%s” has no closed contour: every free pixel "
                             "reaches the edge of the layer, so nothing was "
                             "filled."), name);
  return why;
}

/* Why JOB has nothing to fill, or NULL; INSIDE: whether anything of its
 * map is inside. */
static gchar *
nothing_to_fill (const FillJob *job,
                 gboolean       inside)
{
  return fill_nothing_reason (job->name, has_value (&job->map, CONTOUR, TRUE),
                              has_value (&job->map, CONTOUR, FALSE), inside);
}

gboolean
fill_wants_regions (const FillValues *values)
{
  return values->gap > 0 || values->edge_regions || values->min_region > 0
         || values->to_centre;
}

/* The core's settings for VALUES. */
static TesseraFillRegions
regions_params (const FillValues *values)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();

  params.connectivity = values->connectivity;
  params.gap          = values->gap;
  params.edge_regions = values->edge_regions;
  params.min_region   = values->min_region;
  params.bleed        = values->bleed;
  params.to_centre    = values->to_centre;
  return params;
}

/* The regions of JOB's map (core/fill-regions.h) into LABELS, the closing
 * segments into JOB's closures. */
static TesseraStatus
job_regions (FillJob            *job,
             const FillValues   *values,
             TesseraExec        *exec,
             TesseraLabels      *labels)
{
  TesseraFillRegions params = regions_params (values);
  gint               width = job->map.width, height = job->map.height;
  TesseraStatus      status;

  status = tessera_labels_alloc (labels, width, height);
  if (status == TESSERA_OK && values->gap > 0)
    status = tessera_image_alloc (&job->closures, width, height, 1,
                                  TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_fill_regions (&job->map, labels,
                                   values->gap > 0 ? &job->closures : NULL,
                                   &params, exec);
  return status;
}

/* The guide's colour for each region of LABELS (0: none), or NULL when
 * JOB has no guide (VALUES have none or no flat colours). */
static guint32 *
guide_colours (const FillJob        *job,
               const TesseraLabels  *labels,
               TesseraStatus        *status)
{
  guint32 *colour_of;

  *status = TESSERA_OK;
  if (job->guide.data == NULL)
    return NULL;
  colour_of = g_new (guint32, (gsize) labels->count + 1);
  *status = tessera_fill_regions_guide (labels, &job->guide, colour_of);
  return colour_of;
}

/* Turns LABELS (of JOB's map, the line coloured by VALUES already) into
 * the paint VALUES ask for: the flat colours, COLOUR_OF each region
 * (fill_flat_colours, or NULL), or the mask of the numbered pixels. */
static gboolean
paint_from_labels (FillJob              *job,
                   const TesseraLabels  *labels,
                   const FillValues     *values,
                   const guint8         *colour_of,
                   GError              **error)
{
  gboolean       flat = values->output == FILL_OUTPUT_FLAT;
  TesseraImage   paint;
  TesseraStatus  status = tessera_image_alloc (&paint, labels->width,
                                              labels->height, flat ? 4 : 1,
                                              TESSERA_U8);

  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
#pragma omp parallel for schedule(static)
  for (gint y = 0; y < labels->height; y++)
    {
      guint8        *out = tessera_image_row (&paint, y);
      const guint32 *in  = labels->label + (gsize) y * labels->width;
      if (! flat)
        for (gint x = 0; x < labels->width; x++)
          out[x] = in[x] != 0 ? INSIDE : 0;
      else
        for (gint x = 0; x < labels->width; x++)
          memcpy (out + 4 * x, colour_of + 4 * (gsize) in[x], 4);
    }
  tessera_image_free (&job->paint);
  job->paint = paint;
  return TRUE;
}

/* The regions path: every job through the core's regions of line art
 * (flat colours, a bleed or the options of line art need the numbers). */
static gboolean
paint_regions_jobs (FillJob          *jobs,
                    gint              count,
                    const FillValues *values,
                    TesseraExec      *exec,
                    gchar           **why,
                    gint             *filled,
                    GError          **error)
{
  TesseraFillRegions params = regions_params (values);

  for (gint i = 0; i < count; i++)
    {
      TesseraLabels  labels;
      TesseraStatus  status = job_regions (&jobs[i], values, exec, &labels);
      guint32       *guide = NULL;
      guint8        *colours = NULL;
      gchar         *reason;
      gboolean       ok;

      /* The dabs count where they lie, before the line is coloured. */
      if (status == TESSERA_OK)
        guide = guide_colours (&jobs[i], &labels, &status);
      /* Its colours by region are all that is used of the guide.  A
       * colour a region, not a pixel; by its first pixel before the line
       * is coloured, so that colouring the line keeps the colours. */
      tessera_image_free (&jobs[i].guide);
      if (status == TESSERA_OK && values->output == FILL_OUTPUT_FLAT)
        colours = fill_flat_colours (jobs[i].grey, values->seed, guide,
                                     labels.label, labels.width,
                                     labels.height, labels.count);
      g_free (guide);
      if (status == TESSERA_OK)
        status = tessera_fill_regions_under_line (&jobs[i].map, &labels,
                                                  &params);
      if (status != TESSERA_OK)
        {
          g_free (colours);
          tessera_labels_free (&labels);
          tessera_set_error (error, status);
          return FALSE;
        }
      /* A region has pixels: the paint is made only where it is used. */
      reason = nothing_to_fill (&jobs[i], labels.count > 0);
      if (reason != NULL)
        {
          if (*why == NULL)
            *why = reason;
          else
            g_free (reason);
          tessera_labels_free (&labels);
          g_free (colours);
          continue;
        }
      (*filled)++;
      ok = paint_from_labels (&jobs[i], &labels, values, colours, error);
      g_free (colours);
      tessera_labels_free (&labels);
      if (! ok)
        return FALSE;
    }
  return TRUE;
}

/* The plain path: the interior of every job's map in one batch (on the
 * GPU where it pays), the paint the mask itself. */
static gboolean
paint_interior_jobs (FillJob          *jobs,
                     gint              count,
                     const FillValues *values,
                     TesseraExec      *exec,
                     gchar           **why,
                     gint             *filled,
                     GError          **error)
{
  TesseraFillContours  params = tessera_fill_contours_defaults ();
  TesseraImage        *maps   = g_new (TesseraImage, count);
  TesseraImage        *masks  = g_new0 (TesseraImage, count);
  TesseraStatus        status = TESSERA_OK;

  params.connectivity = values->connectivity;
  for (gint i = 0; i < count && status == TESSERA_OK; i++)
    {
      maps[i] = jobs[i].map;
      status = tessera_image_alloc (&masks[i], maps[i].width, maps[i].height,
                                    1, TESSERA_U8);
    }
  if (status == TESSERA_OK)
    status = tessera_fill_contours_batch (maps, masks, count, &params, exec);
  /* The jobs own the masks from here on, whatever happens. */
  for (gint i = 0; i < count; i++)
    jobs[i].paint = masks[i];
  g_free (maps);
  g_free (masks);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  for (gint i = 0; i < count; i++)
    {
      gchar *reason = nothing_to_fill (&jobs[i], has_value (&jobs[i].paint,
                                                            INSIDE, TRUE));
      if (reason == NULL)
        {
          (*filled)++;
          continue;
        }
      tessera_image_free (&jobs[i].paint);
      if (*why == NULL)
        *why = reason;
      else
        g_free (reason);
    }
  return TRUE;
}

gboolean
fill_paint (FillJob          *jobs,
            gint              count,
            const FillValues *values,
            TesseraExec      *exec,
            GError          **error)
{
  gchar    *why = NULL;
  gint      filled = 0;
  gboolean  ok;

  /* A layer with nothing to fill is left alone; an error only when no
   * layer has anything. */
  if (fill_wants_regions (values) || values->output == FILL_OUTPUT_FLAT
      || values->bleed > 0)
    ok = paint_regions_jobs (jobs, count, values, exec, &why, &filled, error);
  else
    ok = paint_interior_jobs (jobs, count, values, exec, &why, &filled,
                              error);
  if (ok && filled == 0)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_EMPTY_IMAGE, why);
      ok = FALSE;
    }
  g_free (why);
  return ok;
}
