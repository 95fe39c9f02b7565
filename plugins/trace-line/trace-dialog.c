/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-args-gimp2.h"
#include "trace-dialog.h"
#include "trace-line-args.h"
#include "trace-picker.h"

#define PLUG_IN_BINARY "tessera-trace-line"

/* GIMP 2.10's part of the dialog: the settings, in a table of its own;
 * the rest is the picker's (trace-picker.c). */
typedef struct
{
  TraceValues *values;
  TracePicker *picker;
  GtkObject   *threshold;
} TraceDialog;

static void
retrace_all (TraceDialog *dialog)
{
  trace_picker_retrace (dialog->picker);
}

/* ---- the settings --------------------------------------------------- */

/* A slider for ARG (trace-line-args.h) that retraces every link when it
 * moves; narrower than tessera_arg_scale_new's, beside the preview. */
static GtkObject *
add_scale (TraceDialog      *dialog,
           GtkTable         *table,
           gint              row,
           const TesseraArg *arg)
{
  gint           digits = arg->type != TESSERA_ARG_DOUBLE ? 0
                          : arg->ui_max <= 10.0 ? 2 : 1;
  GtkAdjustment *adjustment;

  adjustment = tessera_arg_scale_new_sized (table, row, arg, dialog->values,
                                            120, digits);
  /* After the setting has taken the new value. */
  g_signal_connect_data (adjustment, "value-changed",
                         G_CALLBACK (retrace_all), dialog, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  return GTK_OBJECT (adjustment);
}

static void
objective_changed (TraceDialog *dialog)
{
  gimp_scale_entry_set_sensitive (dialog->threshold,
                                  dialog->values->objective
                                  == TESSERA_TRACE_THRESHOLDED_SINE);
  retrace_all (dialog);
}

/* The settings' rows, in the table's order: the stroke width, which plays
 * no part in the trace, is in Stroke the path's place below. */
static const gint settings_rows[] =
{
  TRACE_ARG_NODES, TRACE_ARG_POINTS, TRACE_ARG_HALF_WIDTH,
  TRACE_ARG_MAX_ANGLE, TRACE_ARG_SIGMA, TRACE_ARG_OBJECTIVE,
  TRACE_ARG_THRESHOLD, TRACE_ARG_REACH, TRACE_ARG_SNAP_RADIUS,
  TRACE_ARG_STROKE_WIDTH, TRACE_ARG_LINE_WIDTH, TRACE_ARG_TOLERANCE
};

static GtkWidget *
make_settings (TraceDialog *dialog)
{
  GtkTable  *table = GTK_TABLE (gtk_table_new (G_N_ELEMENTS (settings_rows)
                                               + 1, 4, FALSE));
  GtkWidget *combo;
  guint      row;

  gtk_table_set_col_spacings (table, 6);
  gtk_table_set_row_spacings (table, 6);

  for (row = 0; row < G_N_ELEMENTS (settings_rows); row++)
    {
      const TesseraArg *arg = &trace_settings_args[settings_rows[row]];

      if (arg->type == TESSERA_ARG_CHOICE)
        {
          combo = tessera_arg_combo_new (table, row, arg, dialog->values);
          g_signal_connect_data (combo, "changed",
                                 G_CALLBACK (objective_changed), dialog,
                                 NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
        }
      else if (settings_rows[row] == TRACE_ARG_THRESHOLD)
        dialog->threshold = add_scale (dialog, table, row, arg);
      else
        add_scale (dialog, table, row, arg);
    }
  gimp_scale_entry_set_sensitive (dialog->threshold,
                                  dialog->values->objective
                                  == TESSERA_TRACE_THRESHOLDED_SINE);

  combo = tessera_backend_combo_new (&dialog->values->backend);
  gimp_table_attach_aligned (table, 0, row, _("_Backend:"), 0.0, 0.5,
                             combo, 2, FALSE);
  g_signal_connect_data (combo, "changed", G_CALLBACK (retrace_all), dialog,
                         NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  return GTK_WIDGET (table);
}

/* A check button for ARG; unless it is the stroke, which plays no part in
 * the trace, it retraces every link when toggled. */
static void
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
}

static GtkWidget *
make_chain_controls (TraceDialog *dialog)
{
  GtkWidget *vbox = gtk_vbox_new (FALSE, 6);

  gtk_box_pack_start (GTK_BOX (vbox),
                      trace_picker_closed_toggle (dialog->picker),
                      FALSE, FALSE, 0);
  add_option (vbox, TRACE_ARG_STROKE, dialog);
  add_option (vbox, TRACE_ARG_KEEP_SIDE, dialog);
  add_option (vbox, TRACE_ARG_SMOOTH, dialog);
  add_option (vbox, TRACE_ARG_MEAN, dialog);
  gtk_box_pack_start (GTK_BOX (vbox), trace_picker_buttons (dialog->picker),
                      FALSE, FALSE, 0);
  return vbox;
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
  gtk_box_pack_start (GTK_BOX (right), make_settings (dialog),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right), make_chain_controls (dialog),
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
                  gboolean    *closed)
{
  TraceDialog  dialog = { values, NULL, NULL };
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
    trace_picker_result (dialog.picker, clicks, closed);
  gtk_widget_destroy (window);
  trace_picker_free (dialog.picker);
  return ok;
}
