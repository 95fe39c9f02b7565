/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST) for GIMP 3: the classes in the dialog
 * (segment-swatches3.h).  The swatches flow into as many rows as the
 * dialog's width needs. */
#include "config.h"

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "segment-swatch.h"
#include "segment-swatches3.h"
#include "tessera-test-hook.h"

#define SUMMARY "segment-swatches3-summary"
#define FLOW    "segment-swatches3-flow"
#define MORE    "segment-swatches3-more"

GtkWidget *
segment_swatches3_new (GimpProcedureDialog *dialog,
                       const gchar         *id)
{
  gchar     *summary_id = g_strconcat (id, "-summary", NULL);
  GtkWidget *summary, *box, *flow, *more;

  summary = gimp_procedure_dialog_get_label (dialog, summary_id, "", FALSE,
                                             FALSE);
  box = gimp_procedure_dialog_fill_box (dialog, id, summary_id, NULL);
  g_free (summary_id);
  flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow),
                                          SEGMENT_SWATCHES_PER_ROW);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 4);
  /* A row's room from the start: nothing moves when the first result
   * comes. */
  gtk_widget_set_size_request (flow, -1, SEGMENT_SWATCH_ROW_HEIGHT);
  gtk_box_pack_start (GTK_BOX (box), flow, FALSE, FALSE, 0);
  more = gtk_label_new (NULL);
  gtk_box_pack_start (GTK_BOX (box), more, FALSE, FALSE, 0);
  gtk_widget_show (flow);
  g_object_set_data (G_OBJECT (box), SUMMARY, summary);
  g_object_set_data (G_OBJECT (box), FLOW, flow);
  g_object_set_data (G_OBJECT (box), MORE, more);
  return box;
}

void
segment_swatches3_show (GtkWidget             *box,
                        const SegmentSwatches *swatches)
{
  GtkWidget *flow = g_object_get_data (G_OBJECT (box), FLOW);
  GtkWidget *more = g_object_get_data (G_OBJECT (box), MORE);
  GList     *children, *child;
  gint       c;

  gtk_label_set_text (g_object_get_data (G_OBJECT (box), SUMMARY),
                      swatches->summary != NULL ? swatches->summary : "");
  tessera_test_hook_note ("classes", swatches->summary);
  children = gtk_container_get_children (GTK_CONTAINER (flow));
  for (child = children; child != NULL; child = child->next)
    gtk_widget_destroy (child->data);
  g_list_free (children);
  for (c = 0; c < swatches->n_swatches; c++)
    gtk_container_add (GTK_CONTAINER (flow),
                       segment_swatch_new (&swatches->swatches[c]));
  gtk_label_set_text (GTK_LABEL (more),
                      swatches->more != NULL ? swatches->more : "");
  gtk_widget_set_visible (more, swatches->more != NULL);
}
