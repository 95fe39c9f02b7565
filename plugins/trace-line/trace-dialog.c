/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-args-gimp2.h"
#include "trace-dialog.h"
#include "trace-follow.h"
#include "trace-line-args.h"
#include "trace-picker.h"

#define PLUG_IN_BINARY "tessera-trace-line"

/* GIMP 2.10's part of the dialog: the settings, the basic ones in a table
 * of their own and the rest under Advanced, closed; the view and its
 * controls are the picker's (trace-picker.c). */
typedef struct
{
  TraceValues   *values;
  TracePicker   *picker;
  GtkObject     *threshold;
  GtkAdjustment *line_width;
  GtkWidget     *follow;
  GtkWidget     *keep_path;  /* Output: the path kept once stroked */
  gboolean       keep;
  gdouble        width;      /* the centre line's, kept while on an edge */
  gboolean       syncing;    /* Follow and Line width setting each other */
} TraceDialog;

static void
retrace_all (TraceDialog *dialog)
{
  trace_picker_retrace (dialog->picker);
}

/* ---- the settings --------------------------------------------------- */

/* A slider for ARG (trace-line-args.h) at ROW of TABLE that retraces every
 * link when it moves (unless it is the stroke's width, which plays no
 * part in the trace); narrower than tessera_arg_scale_new's, beside the
 * preview. */
static GtkAdjustment *
add_scale (TraceDialog *dialog,
           GtkTable    *table,
           gint         row,
           gint         index)
{
  const TesseraArg *arg = &trace_settings_args[index];
  gint              digits = arg->type != TESSERA_ARG_DOUBLE ? 0
                             : arg->ui_max <= 10.0 ? 2 : 1;
  GtkAdjustment    *adjustment;

  adjustment = tessera_arg_scale_new_sized (table, row, arg, dialog->values,
                                            120, digits);
  /* After the setting has taken the new value. */
  if (index != TRACE_ARG_STROKE_WIDTH)
    g_signal_connect_data (adjustment, "value-changed",
                           G_CALLBACK (retrace_all), dialog, NULL,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  return adjustment;
}

/* A check button for ARG in VBOX; unless it is the stroke, which plays no
 * part in the trace, it retraces every link when toggled. */
static GtkWidget *
add_option (GtkWidget   *vbox,
            gint         index,
            TraceDialog *dialog)
{
  GtkWidget *toggle = tessera_arg_toggle_new (&trace_settings_args[index],
                                              dialog->values);

  if (index != TRACE_ARG_STROKE)
    g_signal_connect_data (toggle, "toggled", G_CALLBACK (retrace_all),
                           dialog, NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gtk_box_pack_start (GTK_BOX (vbox), toggle, FALSE, FALSE, 0);
  return toggle;
}

/* Keep the path counts once it is stroked. */
static void
keep_path_sensitive (TraceDialog *dialog)
{
  gtk_widget_set_sensitive (dialog->keep_path, dialog->values->stroke);
}

/* The Output: Stroke the path, then Keep the path (the dialog's own, not
 * the PDB's), so that the path, the stroke or both are made. */
static void
add_output (GtkWidget   *vbox,
            TraceDialog *dialog)
{
  GtkWidget *row    = gtk_hbox_new (FALSE, 0);
  GtkWidget *stroke = add_option (row, TRACE_ARG_STROKE, dialog);
  GtkWidget *align  = gtk_alignment_new (0.0, 0.5, 0.0, 0.0);

  dialog->keep_path = gtk_check_button_new_with_label (_(TRACE_KEEP_PATH_LABEL));
  gimp_help_set_help_data (dialog->keep_path, _(TRACE_KEEP_PATH_HELP), NULL);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (dialog->keep_path),
                                dialog->keep);
  g_signal_connect (dialog->keep_path, "toggled",
                    G_CALLBACK (gimp_toggle_button_update), &dialog->keep);
  gtk_alignment_set_padding (GTK_ALIGNMENT (align), 0, 0, 12, 0);
  gtk_container_add (GTK_CONTAINER (align), dialog->keep_path);
  gtk_box_pack_start (GTK_BOX (row), align, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (vbox), row, FALSE, FALSE, 0);
  g_signal_connect_data (stroke, "toggled", G_CALLBACK (keep_path_sensitive),
                         dialog, NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  keep_path_sensitive (dialog);
}

static GtkTable *
new_table (gint rows)
{
  GtkTable *table = GTK_TABLE (gtk_table_new (rows, 4, FALSE));

  gtk_table_set_col_spacings (table, 6);
  gtk_table_set_row_spacings (table, 6);
  return table;
}

/* The line width counts for a centre line only. */
static void
line_width_sensitive (TraceDialog *dialog)
{
  gimp_scale_entry_set_sensitive (GTK_OBJECT (dialog->line_width),
                                  dialog->values->line_width > 0.0);
}

static void
follow_changed (GtkWidget   *combo,
                TraceDialog *dialog)
{
  gint follow;

  if (dialog->syncing
      || ! gimp_int_combo_box_get_active (GIMP_INT_COMBO_BOX (combo), &follow))
    return;
  dialog->syncing = TRUE;
  trace_follow_set (dialog->values, follow, &dialog->width);
  gtk_adjustment_set_value (dialog->line_width, dialog->values->line_width);
  dialog->syncing = FALSE;
  line_width_sensitive (dialog);
  trace_follow_note (dialog->values);
  retrace_all (dialog);
}

/* A line width of 0 is an edge again. */
static void
line_width_changed (TraceDialog *dialog)
{
  if (dialog->syncing)
    return;
  dialog->syncing = TRUE;
  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (dialog->follow),
                                 trace_follow_of_values (dialog->values));
  dialog->syncing = FALSE;
  line_width_sensitive (dialog);
}

static GtkWidget *
follow_combo (TraceDialog *dialog)
{
  GtkWidget *combo;

  combo = gimp_int_combo_box_new (_(trace_follow_labels[0]),
                                  TRACE_FOLLOW_EDGE_KEPT_SIDE,
                                  _(trace_follow_labels[1]),
                                  TRACE_FOLLOW_EDGE_EITHER_SIDE,
                                  _(trace_follow_labels[2]),
                                  TRACE_FOLLOW_CENTRE_LINE, NULL);
  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo),
                                 trace_follow_of_values (dialog->values));
  gimp_help_set_help_data (combo, _(TRACE_FOLLOW_HELP), NULL);
  g_signal_connect (combo, "changed", G_CALLBACK (follow_changed), dialog);
  return combo;
}

/* Basic: what to follow and how wide, how far a click snaps, the
 * smoothing (the blur before the gradient), the output; the points'
 * controls under them. */
static GtkWidget *
make_basic (TraceDialog *dialog)
{
  GtkWidget *vbox  = gtk_vbox_new (FALSE, 6);
  GtkTable  *table = new_table (5);
  gchar     *label = g_strconcat (_(TRACE_FOLLOW_LABEL), ":", NULL);

  dialog->follow = follow_combo (dialog);
  gimp_table_attach_aligned (table, 0, 0, label, 0.0, 0.5, dialog->follow, 2,
                             FALSE);
  g_free (label);
  dialog->line_width = add_scale (dialog, table, 1, TRACE_ARG_LINE_WIDTH);
  g_signal_connect_data (dialog->line_width, "value-changed",
                         G_CALLBACK (line_width_changed), dialog, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  line_width_sensitive (dialog);
  add_scale (dialog, table, 2, TRACE_ARG_SNAP_RADIUS);
  add_scale (dialog, table, 3, TRACE_ARG_SIGMA);
  add_scale (dialog, table, 4, TRACE_ARG_STROKE_WIDTH);
  gtk_box_pack_start (GTK_BOX (vbox), GTK_WIDGET (table), FALSE, FALSE, 0);

  add_output (vbox, dialog);
  gtk_box_pack_start (GTK_BOX (vbox),
                      trace_picker_closed_toggle (dialog->picker),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (vbox), trace_picker_buttons (dialog->picker),
                      FALSE, FALSE, 0);
  return vbox;
}

static void
objective_changed (TraceDialog *dialog)
{
  gimp_scale_entry_set_sensitive (dialog->threshold,
                                  dialog->values->objective
                                  == TESSERA_TRACE_THRESHOLDED_SINE);
  retrace_all (dialog);
}

/* Advanced's rows, in the table's order. */
static const gint advanced_rows[] =
{
  TRACE_ARG_NODES, TRACE_ARG_POINTS, TRACE_ARG_HALF_WIDTH,
  TRACE_ARG_MAX_ANGLE, TRACE_ARG_OBJECTIVE, TRACE_ARG_THRESHOLD,
  TRACE_ARG_REACH, TRACE_ARG_MIN_REACH, TRACE_ARG_TOLERANCE
};

/* Advanced: the search, the objective, the path's tolerance, the
 * backend, the links' mean and their smoothness through the points; in
 * an expander, closed. */
static GtkWidget *
make_advanced (TraceDialog *dialog)
{
  GtkWidget *vbox     = gtk_vbox_new (FALSE, 6);
  GtkTable  *table    = new_table (G_N_ELEMENTS (advanced_rows) + 1);
  GtkWidget *combo, *toggles;
  guint      row;

  for (row = 0; row < G_N_ELEMENTS (advanced_rows); row++)
    {
      gint index = advanced_rows[row];

      if (index == TRACE_ARG_OBJECTIVE)
        {
          combo = tessera_arg_combo_new (table, row,
                                         &trace_settings_args[index],
                                         dialog->values);
          g_signal_connect_data (combo, "changed",
                                 G_CALLBACK (objective_changed), dialog,
                                 NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
        }
      else if (index == TRACE_ARG_THRESHOLD)
        dialog->threshold = GTK_OBJECT (add_scale (dialog, table, row, index));
      else
        add_scale (dialog, table, row, index);
    }
  gimp_scale_entry_set_sensitive (dialog->threshold,
                                  dialog->values->objective
                                  == TESSERA_TRACE_THRESHOLDED_SINE);

  combo = tessera_backend_combo_new (&dialog->values->backend);
  gimp_table_attach_aligned (table, 0, row, _("_Backend:"), 0.0, 0.5,
                             combo, 2, FALSE);
  g_signal_connect_data (combo, "changed", G_CALLBACK (retrace_all), dialog,
                         NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gtk_box_pack_start (GTK_BOX (vbox), GTK_WIDGET (table), FALSE, FALSE, 6);
  /* The two options side by side: the dialog fits 768 pixels open. */
  toggles = gtk_hbox_new (FALSE, 12);
  add_option (toggles, TRACE_ARG_MEAN, dialog);
  add_option (toggles, TRACE_ARG_SMOOTH, dialog);
  gtk_box_pack_start (GTK_BOX (vbox), toggles, FALSE, FALSE, 0);
  return trace_picker_advanced (vbox);
}

static GtkWidget *
make_window (TraceDialog *dialog,
             gboolean     from_path)
{
  GtkWidget *window;
  GtkWidget *hbox;
  GtkWidget *right;

  hbox   = gtk_hbox_new (FALSE, 12);
  window = tessera_dialog_new (from_path ? _("Trace Line from Path")
                                         : _("Trace Line"),
                               PLUG_IN_BINARY,
                               from_path ? "plug-in-tessera-trace-line-from-path"
                                         : "plug-in-tessera-trace-line",
                               hbox);

  gtk_box_pack_start (GTK_BOX (hbox), trace_picker_view (dialog->picker),
                      TRUE, TRUE, 0);
  right = gtk_vbox_new (FALSE, 12);
  gtk_box_pack_start (GTK_BOX (hbox), right, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right), make_basic (dialog), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right), make_advanced (dialog),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right), trace_picker_hint (), FALSE, FALSE, 0);
  return window;
}

gboolean
trace_dialog_run (gint32       image,
                  gint32       drawable,
                  TraceValues *values,
                  gboolean     from_path,
                  GArray      *clicks,
                  gboolean    *closed,
                  gboolean    *keep_path)
{
  TraceDialog  dialog = { values, NULL, NULL, NULL, NULL, NULL, *keep_path,
                          0.0, FALSE };
  GError      *error  = NULL;
  GtkWidget   *window;
  gboolean     ok;

  dialog.picker = trace_picker_new (image, drawable, values, from_path,
                                    clicks, *closed, &error);
  if (dialog.picker == NULL)
    {
      g_message ("%s", error->message);
      g_error_free (error);
      return FALSE;
    }

  window = make_window (&dialog, from_path);
  trace_picker_start (dialog.picker, window);
  gtk_widget_show_all (window);
  ok = gimp_dialog_run (GIMP_DIALOG (window)) == GTK_RESPONSE_OK;
  if (ok)
    {
      trace_picker_result (dialog.picker, clicks, closed);
      *keep_path = dialog.keep;
    }
  gtk_widget_destroy (window);
  trace_picker_free (dialog.picker);
  return ok;
}
