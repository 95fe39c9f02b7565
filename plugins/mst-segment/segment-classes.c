/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): the classes as both GIMPs' dialogs show
 * them (segment-classes.h). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "segment-classes.h"

gboolean
segment_classes_init (SegmentClasses     *classes,
                      const TesseraImage *image,
                      TesseraExec        *exec)
{
  if (tessera_colour_histogram (image, &classes->histogram, exec)
      != TESSERA_OK)
    return FALSE;
  /* A tree has one edge less than the colours: room for at least one. */
  classes->edges = g_new (TesseraEmstEdge,
                          MAX (classes->histogram.n_colours, 1));
  classes->edges_space = -1;
  return TRUE;
}

gboolean
segment_classes_cut (SegmentClasses      *classes,
                     const SegmentValues *values,
                     TesseraExec         *exec)
{
  TesseraMstSegment params = segment_params_of (values);

  if (classes->edges == NULL)
    return FALSE;
  if (classes->histogram.n_colours == 0)
    {
      /* Nothing visible: no classes; the recolouring keeps every pixel. */
      if (classes->cut)
        tessera_mst_classes_free (&classes->classes);
      memset (&classes->classes, 0, sizeof classes->classes);
      classes->cut = TRUE;
      return TRUE;
    }
  if (classes->edges_space != values->colour_space)
    {
      if (tessera_mst_segment_tree (&classes->histogram, params.colour_space,
                                    classes->edges, exec) != TESSERA_OK)
        return FALSE;
      classes->edges_space = values->colour_space;
    }
  if (classes->cut)
    tessera_mst_classes_free (&classes->classes);
  classes->cut = tessera_mst_segment_cut (&classes->histogram,
                                          classes->edges, &params,
                                          &classes->classes, exec)
                 == TESSERA_OK;
  return classes->cut;
}

void
segment_classes_clear (SegmentClasses *classes)
{
  if (classes->cut)
    tessera_mst_classes_free (&classes->classes);
  g_free (classes->edges);
  tessera_colour_histogram_free (&classes->histogram);
  memset (classes, 0, sizeof *classes);
}

/* "N classes from M colours", each number with its own plural. */
static gchar *
summary_text (gint  n_classes,
              gsize n_colours)
{
  const gulong colours = (gulong) n_colours;
  gchar *class_text  = g_strdup_printf (ngettext ("%d class", "%d classes",
                                                  n_classes),
                                        n_classes);
  gchar *colour_text = g_strdup_printf (ngettext ("%lu colour",
                                                  "%lu colours", colours),
                                        colours);
  /* TRANSLATORS: "8 classes" from "51234 colours". */
  gchar *text = g_strdup_printf (_("%s from %s"), class_text, colour_text);

  g_free (colour_text);
  g_free (class_text);
  return text;
}

/* Class C of CLASSES, which hold TOTAL pixels, as a swatch. */
static void
swatch_of (const TesseraMstClasses *classes,
           gint                     c,
           guint64                  total,
           SegmentSwatch           *swatch)
{
  const gdouble *mean  = classes->mean[c];
  gdouble        share = 100.0 * classes->pixels[c] / (gdouble) total;
  gint           i;

  for (i = 0; i < 3; i++)
    swatch->rgb[i] = (guchar) CLAMP (mean[i] + 0.5, 0.0, 255.0);
  swatch->label = g_strdup_printf ("%.*f %%", share < 10.0 ? 1 : 0, share);
  /* TRANSLATORS: a class's colour and its share of the pixels. */
  swatch->tip = g_strdup_printf (_("#%02x%02x%02x: %.1f %% of the pixels"),
                                 swatch->rgb[0], swatch->rgb[1],
                                 swatch->rgb[2], share);
}

void
segment_swatches_of (const SegmentClasses *classes,
                     SegmentSwatches      *swatches)
{
  const TesseraMstClasses *cut   = &classes->classes;
  guint64                  total = 0;
  gint                     c, more;

  memset (swatches, 0, sizeof *swatches);
  if (! classes->cut)
    return;
  if (classes->histogram.n_colours == 0)
    {
      swatches->summary = g_strdup (_("Every pixel of the selection is "
                                      "transparent: there are no colours "
                                      "to segment."));
      return;
    }
  swatches->summary = summary_text (cut->n_classes,
                                    classes->histogram.n_colours);
  for (c = 0; c < cut->n_classes; c++)
    total += cut->pixels[c];
  /* The classes are numbered by size: the first are the largest. */
  for (c = 0; c < MIN (cut->n_classes, SEGMENT_MAX_SWATCHES) && total > 0;
       c++)
    swatch_of (cut, c, total, &swatches->swatches[c]);
  swatches->n_swatches = c;
  more = cut->n_classes - c;
  if (more > 0)
    swatches->more = g_strdup_printf (ngettext ("and %d more class",
                                                "and %d more classes", more),
                                      more);
}

void
segment_swatches_clear (SegmentSwatches *swatches)
{
  gint i;

  for (i = 0; i < swatches->n_swatches; i++)
    {
      g_free (swatches->swatches[i].label);
      g_free (swatches->swatches[i].tip);
    }
  g_free (swatches->summary);
  g_free (swatches->more);
  memset (swatches, 0, sizeof *swatches);
}
