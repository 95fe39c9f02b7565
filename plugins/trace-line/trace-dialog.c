#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gdk/gdkkeysyms.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-backend-combo.h"
#include "tessera-click-preview.h"
#include "tessera-dialog.h"
#include "tessera-args-gimp2.h"
#include "tessera-region.h"
#include "trace-dialog.h"
#include "trace-line-args.h"
#include "trace-path.h"
#include "trace-worker.h"

#define PLUG_IN_BINARY "tessera-trace-line"

/* How the line and the clicks are drawn over the image: a light line on a
 * dark one shows on any background. */
#define LINE_WIDTH     2.0
#define OUTLINE_WIDTH  4.5
#define CLICK_RADIUS   4.5
#define STATUS_WIDTH   560

typedef enum
{
  LINK_PENDING,   /* asked of the worker */
  LINK_TRACED,
  LINK_FAILED
} LinkState;

/* A link depends on its clicks and on the click before and after them (the
 * way the line runs through its ends); the chain's other clicks only count
 * where its own disagree on the contrast, and are not watched. */
#define LINK_CONTEXT 4

typedef struct
{
  TesseraPoint   around[LINK_CONTEXT];  /* before a, a, b, after b */
  LinkState      state;
  TesseraStatus  status;
  TesseraPoint  *points;     /* when traced: nodes + 2 of them */
  gint           n_points;
} TraceLink;

typedef struct
{
  TraceValues   *values;
  gint32         drawable;
  TesseraRegion  pixels;     /* the whole drawable */
  TraceWorker   *worker;

  GArray        *clicks;     /* TesseraPoint, drawable coordinates */
  gboolean       closed;
  GArray        *links;      /* TraceLink */
  gchar         *note;       /* said once, about the path's anchors */

  GtkWidget     *window;
  GtkWidget     *preview;
  GtkWidget     *status;
  GtkObject     *threshold;
} TraceDialog;

/* ---- the chain of links --------------------------------------------- */

static void
link_forget (TraceLink *link)
{
  g_clear_pointer (&link->points, g_free);
  link->n_points = 0;
}

static void
link_ask (TraceDialog *dialog,
          gint         index)
{
  TraceLink    *link   = &g_array_index (dialog->links, TraceLink, index);
  TesseraTrace  params = trace_values_params (dialog->values);

  link_forget (link);
  link->state = LINK_PENDING;
  trace_worker_trace (dialog->worker, index,
                      (const TesseraPoint *) dialog->clicks->data,
                      dialog->clicks->len, dialog->closed, &params,
                      dialog->values->backend);
}

/* The clicks that link LINK depends on; (-1, -1) where there is none. */
static void
link_context (const TesseraPoint *clicks,
              gint                n_clicks,
              gboolean            closed,
              gint                link,
              TesseraPoint       *around)
{
  TesseraPoint none = { -1.0, -1.0 };
  gint         i;

  for (i = 0; i < LINK_CONTEXT; i++)
    {
      gint at = link - 1 + i;

      if (closed)
        around[i] = clicks[(at + n_clicks) % n_clicks];
      else
        around[i] = at >= 0 && at < n_clicks ? clicks[at] : none;
    }
}

static gboolean
link_joins (const TraceLink    *link,
            const TesseraPoint *around)
{
  return memcmp (link->around, around, sizeof link->around) == 0;
}

static void update_status (TraceDialog *dialog);

/* After the clicks changed: the links that still join the same clicks
 * stay, the others are traced anew.  The worker only restarts when a link
 * it is tracing is no longer wanted; then it is asked again for the links
 * it had not done. */
static void
sync_links (TraceDialog *dialog)
{
  const TesseraPoint *clicks = (const TesseraPoint *) dialog->clicks->data;
  gint                n_clicks = dialog->clicks->len;
  gint                n_links = trace_chain_links (n_clicks, dialog->closed);
  gint                old_links = dialog->links->len;
  gboolean            restart = FALSE;
  TesseraPoint        around[LINK_CONTEXT];
  gint                i;

  for (i = 0; i < old_links; i++)
    {
      TraceLink *link = &g_array_index (dialog->links, TraceLink, i);

      if (i < n_links)
        link_context (clicks, n_clicks, dialog->closed, i, around);
      if (link->state == LINK_PENDING
          && (i >= n_links || ! link_joins (link, around)))
        restart = TRUE;
      if (i >= n_links)
        link_forget (link);
    }
  g_array_set_size (dialog->links, n_links);
  if (restart)
    trace_worker_restart (dialog->worker);

  for (i = 0; i < n_links; i++)
    {
      TraceLink *link = &g_array_index (dialog->links, TraceLink, i);

      link_context (clicks, n_clicks, dialog->closed, i, around);
      if (i >= old_links || ! link_joins (link, around)
          || (restart && link->state == LINK_PENDING))
        {
          memcpy (link->around, around, sizeof link->around);
          link_ask (dialog, i);
        }
    }
  update_status (dialog);
  tessera_click_preview_redraw (TESSERA_CLICK_PREVIEW (dialog->preview));
}

/* After the settings changed: every link anew. */
static void
retrace_all (TraceDialog *dialog)
{
  guint i;

  trace_worker_restart (dialog->worker);
  for (i = 0; i < dialog->links->len; i++)
    link_ask (dialog, i);
  update_status (dialog);
  tessera_click_preview_redraw (TESSERA_CLICK_PREVIEW (dialog->preview));
}

static void
link_traced (gint                index,
             TesseraStatus       status,
             const TesseraPoint *path,
             gint                n_points,
             gpointer            data)
{
  TraceDialog *dialog = data;
  TraceLink   *link   = &g_array_index (dialog->links, TraceLink, index);

  link->status = status;
  link->state  = status == TESSERA_OK ? LINK_TRACED : LINK_FAILED;
  if (status == TESSERA_OK)
    {
      link->points   = g_memdup2 (path, sizeof (TesseraPoint) * n_points);
      link->n_points = n_points;
    }
  update_status (dialog);
  tessera_click_preview_redraw (TESSERA_CLICK_PREVIEW (dialog->preview));
}

static void
add_click (TesseraClickPreview *preview,
           gdouble              x,
           gdouble              y,
           TraceDialog         *dialog)
{
  TesseraPoint click = { x, y };
  guint        n     = dialog->clicks->len;

  /* A double click, or a click on the last point, adds nothing. */
  if (n > 0 && ! trace_click_apart (g_array_index (dialog->clicks,
                                                   TesseraPoint, n - 1),
                                    click))
    return;
  g_array_append_val (dialog->clicks, click);
  g_clear_pointer (&dialog->note, g_free);
  sync_links (dialog);
}

static void
remove_last_click (TraceDialog *dialog)
{
  if (dialog->clicks->len == 0)
    return;
  g_array_set_size (dialog->clicks, dialog->clicks->len - 1);
  sync_links (dialog);
}

static void
clear_clicks (TraceDialog *dialog)
{
  g_array_set_size (dialog->clicks, 0);
  sync_links (dialog);
}

/* ---- what the user sees --------------------------------------------- */

static gint
links_in_state (TraceDialog *dialog,
                LinkState    state,
                gint        *first)
{
  gint count = 0;
  gint i;

  for (i = dialog->links->len - 1; i >= 0; i--)
    if (g_array_index (dialog->links, TraceLink, i).state == state)
      {
        count++;
        *first = i;
      }
  return count;
}

static void
update_status (TraceDialog *dialog)
{
  gint    n_clicks = dialog->clicks->len;
  gint    n_links  = dialog->links->len;
  gint    failed_link = 0, pending_link = 0;
  gint    failed  = links_in_state (dialog, LINK_FAILED, &failed_link);
  gint    pending = links_in_state (dialog, LINK_PENDING, &pending_link);
  GError *error = NULL;
  gchar  *text;

  if (failed > 0)
    {
      trace_link_error (g_array_index (dialog->links, TraceLink,
                                       failed_link).status,
                        failed_link, n_clicks, dialog->values, &error);
      text = g_strdup (error->message);
      g_error_free (error);
    }
  else if (pending > 0)
    text = g_strdup_printf (ngettext ("Tracing… %d of %d link done.",
                                      "Tracing… %d of %d links done.",
                                      n_links),
                            n_links - pending, n_links);
  else if (n_clicks == 0)
    text = g_strdup (_("Click on the image where the line starts."));
  else if (n_clicks == 1)
    text = g_strdup (_("Click where the line goes next."));
  else
    {
      gchar *points = g_strdup_printf (ngettext ("%d point", "%d points",
                                                 n_clicks), n_clicks);
      gchar *links  = g_strdup_printf (ngettext ("%d link traced",
                                                 "%d links traced", n_links),
                                       n_links);
      /* TRANSLATORS: the two counts above, "2 points", "1 link traced". */
      text = g_strdup_printf (_("%s, %s.  Click to go on; Backspace takes "
                                "the last point back."), points, links);
      g_free (points);
      g_free (links);
    }

  if (dialog->note != NULL)
    {
      gchar *both = g_strconcat (dialog->note, "\n", text, NULL);
      g_free (text);
      text = both;
    }
  gtk_label_set_text (GTK_LABEL (dialog->status), text);
  g_free (text);

  gtk_dialog_set_response_sensitive (GTK_DIALOG (dialog->window),
                                     GTK_RESPONSE_OK,
                                     n_clicks >= 2 && failed == 0);
}

static void
path_to_widget (TraceDialog        *dialog,
                cairo_t            *cr,
                const TesseraPoint *points,
                gint                n_points)
{
  TesseraClickPreview *preview = TESSERA_CLICK_PREVIEW (dialog->preview);
  gint                 i;

  cairo_new_path (cr);
  for (i = 0; i < n_points; i++)
    {
      gdouble x, y;

      tessera_click_preview_to_widget (preview, points[i].x, points[i].y,
                                       &x, &y);
      cairo_line_to (cr, x, y);
    }
}

/* The path drawn twice, wide and dark then narrow in COLOUR; DASHED for
 * links not traced yet. */
static void
stroke_twice (cairo_t  *cr,
              gdouble   red,
              gdouble   green,
              gdouble   blue,
              gboolean  dashed)
{
  static const gdouble dash[] = { 6.0, 4.0 };

  cairo_set_dash (cr, dash, dashed ? G_N_ELEMENTS (dash) : 0, 0.0);
  cairo_set_source_rgba (cr, 0.0, 0.0, 0.0, 0.8);
  cairo_set_line_width (cr, OUTLINE_WIDTH);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, red, green, blue);
  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_stroke (cr);
}

static void
draw_link (TraceDialog     *dialog,
           cairo_t         *cr,
           const TraceLink *link)
{
  TesseraPoint ends[2] = { link->around[1], link->around[2] };

  switch (link->state)
    {
    case LINK_TRACED:
      path_to_widget (dialog, cr, link->points, link->n_points);
      stroke_twice (cr, 1.0, 0.85, 0.0, FALSE);
      break;
    case LINK_PENDING:
      path_to_widget (dialog, cr, ends, 2);
      stroke_twice (cr, 1.0, 1.0, 1.0, TRUE);
      break;
    case LINK_FAILED:
      path_to_widget (dialog, cr, ends, 2);
      stroke_twice (cr, 1.0, 0.2, 0.2, TRUE);
      break;
    }
}

static void
draw_click (TraceDialog  *dialog,
            cairo_t      *cr,
            TesseraPoint  click,
            gboolean      last)
{
  gdouble x, y;

  tessera_click_preview_to_widget (TESSERA_CLICK_PREVIEW (dialog->preview),
                                   click.x, click.y, &x, &y);
  cairo_new_path (cr);
  cairo_arc (cr, x, y, CLICK_RADIUS, 0.0, 2.0 * G_PI);
  /* The point the chain goes on from stands out. */
  if (last)
    cairo_set_source_rgb (cr, 1.0, 0.35, 0.0);
  else
    cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

static void
draw_overlay (TesseraClickPreview *preview,
              gpointer             cairo,
              TraceDialog         *dialog)
{
  cairo_t *cr = cairo;
  guint    i;

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (i = 0; i < dialog->links->len; i++)
    draw_link (dialog, cr, &g_array_index (dialog->links, TraceLink, i));
  for (i = 0; i < dialog->clicks->len; i++)
    draw_click (dialog, cr, g_array_index (dialog->clicks, TesseraPoint, i),
                i + 1 == dialog->clicks->len);
}

static gboolean
window_key_press (GtkWidget   *window,
                  GdkEventKey *event,
                  TraceDialog *dialog)
{
  /* In a text entry Backspace edits the text. */
  if (event->keyval != GDK_KEY_BackSpace
      || GTK_IS_EDITABLE (gtk_window_get_focus (GTK_WINDOW (window))))
    return FALSE;
  remove_last_click (dialog);
  return TRUE;
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
  gboolean   whole = arg->type == TESSERA_ARG_DOUBLE;
  gpointer   value = G_STRUCT_MEMBER_P (dialog->values, arg->offset);
  gint       digits = ! whole ? 0 : arg->ui_max <= 10.0 ? 2 : 1;
  gchar     *label = g_strdup_printf ("%s:", _(arg->label));
  GtkObject *adjustment;

  adjustment = gimp_scale_entry_new (table, 0, row, label, 120, 6,
                                     whole ? *(gdouble *) value
                                           : *(gint *) value,
                                     arg->ui_min, arg->ui_max,
                                     whole ? 0.1 : 1.0, whole ? 1.0 : 10.0,
                                     digits,
                                     arg->ui_min == arg->min
                                     && arg->ui_max == arg->max,
                                     arg->min, arg->max,
                                     _(arg->description), NULL);
  g_free (label);
  tessera_arg_scale_finish (table, row, arg, GTK_ADJUSTMENT (adjustment));
  g_signal_connect (adjustment, "value-changed",
                    whole ? G_CALLBACK (gimp_double_adjustment_update)
                          : G_CALLBACK (gimp_int_adjustment_update),
                    value);
  /* After the setting has taken the new value. */
  g_signal_connect_data (adjustment, "value-changed",
                         G_CALLBACK (retrace_all), dialog, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  return adjustment;
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
  TRACE_ARG_STROKE_WIDTH, TRACE_ARG_LINE_WIDTH
};

static GtkWidget *
make_settings (TraceDialog *dialog)
{
  GtkTable  *table = GTK_TABLE (gtk_table_new (12, 4, FALSE));
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

static void
closed_toggled (GtkToggleButton *toggle,
                TraceDialog     *dialog)
{
  dialog->closed = gtk_toggle_button_get_active (toggle);
  sync_links (dialog);
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
  GtkWidget *hbox = gtk_hbox_new (FALSE, 6);
  GtkWidget *toggle;
  GtkWidget *button;

  toggle = gtk_check_button_new_with_mnemonic (_("C_losed path"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), dialog->closed);
  gimp_help_set_help_data (toggle, _("Trace from the last point back to "
                                     "the first"), NULL);
  g_signal_connect (toggle, "toggled", G_CALLBACK (closed_toggled), dialog);
  gtk_box_pack_start (GTK_BOX (vbox), toggle, FALSE, FALSE, 0);

  add_option (vbox, TRACE_ARG_STROKE, dialog);
  add_option (vbox, TRACE_ARG_KEEP_SIDE, dialog);
  add_option (vbox, TRACE_ARG_SMOOTH, dialog);
  add_option (vbox, TRACE_ARG_MEAN, dialog);

  button = gtk_button_new_with_mnemonic (_("_Remove Last Point"));
  gimp_help_set_help_data (button, _("Backspace"), NULL);
  g_signal_connect_swapped (button, "clicked",
                            G_CALLBACK (remove_last_click), dialog);
  gtk_box_pack_start (GTK_BOX (hbox), button, FALSE, FALSE, 0);
  button = gtk_button_new_with_mnemonic (_("Cl_ear"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (clear_clicks),
                            dialog);
  gtk_box_pack_start (GTK_BOX (hbox), button, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (vbox), hbox, FALSE, FALSE, 0);
  return vbox;
}

static GtkWidget *
make_window (TraceDialog *dialog,
             gboolean     from_path)
{
  GtkWidget *window;
  GtkWidget *hbox;
  GtkWidget *left;
  GtkWidget *right;
  GtkWidget *hint;

  hbox   = gtk_hbox_new (FALSE, 12);
  window = tessera_dialog_new (from_path ? _("Trace Line from Path")
                                         : _("Trace Line"),
                               PLUG_IN_BINARY,
                               from_path ? "plug-in-tessera-trace-line-from-path"
                                         : "plug-in-tessera-trace-line",
                               hbox);
  dialog->window = window;

  left = gtk_vbox_new (FALSE, 6);
  gtk_box_pack_start (GTK_BOX (hbox), left, TRUE, TRUE, 0);
  dialog->preview = tessera_click_preview_new (dialog->drawable);
  gtk_box_pack_start (GTK_BOX (left), dialog->preview, TRUE, TRUE, 0);
  g_signal_connect (dialog->preview, "clicked", G_CALLBACK (add_click),
                    dialog);
  g_signal_connect (dialog->preview, "draw-overlay",
                    G_CALLBACK (draw_overlay), dialog);

  dialog->status = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (dialog->status), TRUE);
  /* As wide as the preview, so that the lines keep their length. */
  gtk_widget_set_size_request (dialog->status, STATUS_WIDTH, -1);
  gtk_misc_set_alignment (GTK_MISC (dialog->status), 0.0, 0.5);
  gtk_box_pack_start (GTK_BOX (left), dialog->status, FALSE, FALSE, 0);

  right = gtk_vbox_new (FALSE, 12);
  gtk_box_pack_start (GTK_BOX (hbox), right, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right), make_settings (dialog),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right), make_chain_controls (dialog),
                      FALSE, FALSE, 0);
  hint = gtk_label_new (_("Drag or turn the wheel to move the view; "
                          "Ctrl+wheel zooms."));
  gtk_label_set_line_wrap (GTK_LABEL (hint), TRUE);
  gtk_misc_set_alignment (GTK_MISC (hint), 0.0, 0.0);
  gimp_label_set_attributes (GTK_LABEL (hint), PANGO_ATTR_STYLE,
                             PANGO_STYLE_ITALIC, -1);
  gtk_box_pack_start (GTK_BOX (right), hint, FALSE, FALSE, 0);

  g_signal_connect (window, "key-press-event",
                    G_CALLBACK (window_key_press), dialog);
  return window;
}

/* ---- the start and the end ------------------------------------------ */

/* The first clicks: the active path's anchors (those that can be traced)
 * or CLICKS, moved into drawable coordinates. */
static void
initial_clicks (TraceDialog *dialog,
                gint32       image,
                gboolean     from_path,
                GArray      *clicks)
{
  GArray  *given = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  GError  *error = NULL;
  gint     x, y;
  gint     width  = gimp_drawable_width (dialog->drawable);
  gint     height = gimp_drawable_height (dialog->drawable);
  gint     left_out = 0;
  guint    i;

  if (! from_path)
    g_array_append_vals (given, clicks->data, clicks->len);
  else if (! trace_path_anchors (image, given, &dialog->closed, &error))
    {
      dialog->note = g_strdup (error->message);
      g_error_free (error);
    }

  gimp_drawable_offsets (dialog->drawable, &x, &y);
  for (i = 0; i < given->len; i++)
    {
      TesseraPoint p = g_array_index (given, TesseraPoint, i);
      guint        n = dialog->clicks->len;

      p.x -= x;
      p.y -= y;
      if (p.x < 0.0 || p.x > width || p.y < 0.0 || p.y > height
          || (n > 0 && ! trace_click_apart (g_array_index (dialog->clicks,
                                                           TesseraPoint,
                                                           n - 1), p)))
        left_out++;
      else
        g_array_append_val (dialog->clicks, p);
    }
  if (left_out > 0)
    dialog->note = g_strdup_printf (ngettext ("%d anchor of the path was "
                                              "left out: it lies outside the "
                                              "layer or on the one before.",
                                              "%d anchors of the path were "
                                              "left out: they lie outside "
                                              "the layer or on the one "
                                              "before.", left_out),
                                    left_out);
  g_array_free (given, TRUE);
}

gboolean
trace_dialog_run (gint32       image,
                  gint32       drawable,
                  TraceValues *values,
                  gboolean     from_path,
                  GArray      *clicks,
                  gboolean    *closed)
{
  TraceDialog    dialog = { 0 };
  GeglRectangle  whole  = { 0, 0, gimp_drawable_width (drawable),
                            gimp_drawable_height (drawable) };
  GError        *error  = NULL;
  gboolean       ok;
  gint           x, y;
  guint          i;

  /* The worker traces anywhere on the drawable: it holds all of it. */
  if (! tessera_region_read (&dialog.pixels, drawable, &whole, NULL, &error))
    {
      g_message ("%s", error->message);
      g_error_free (error);
      return FALSE;
    }

  dialog.values   = values;
  dialog.drawable = drawable;
  dialog.closed   = *closed;
  dialog.clicks   = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  dialog.links    = g_array_new (FALSE, TRUE, sizeof (TraceLink));
  dialog.worker   = trace_worker_new (&dialog.pixels.image, link_traced,
                                      &dialog);
  initial_clicks (&dialog, image, from_path, clicks);

  make_window (&dialog, from_path);
  sync_links (&dialog);
  gtk_widget_show_all (dialog.window);
  ok = gimp_dialog_run (GIMP_DIALOG (dialog.window)) == GTK_RESPONSE_OK;

  trace_worker_free (dialog.worker);
  if (ok)
    {
      gimp_drawable_offsets (drawable, &x, &y);
      g_array_set_size (clicks, 0);
      for (i = 0; i < dialog.clicks->len; i++)
        {
          TesseraPoint p = g_array_index (dialog.clicks, TesseraPoint, i);
          p.x += x;
          p.y += y;
          g_array_append_val (clicks, p);
        }
      *closed = dialog.closed;
    }

  gtk_widget_destroy (dialog.window);
  for (i = 0; i < dialog.links->len; i++)
    link_forget (&g_array_index (dialog.links, TraceLink, i));
  g_array_free (dialog.links, TRUE);
  g_array_free (dialog.clicks, TRUE);
  g_free (dialog.note);
  tessera_region_clear (&dialog.pixels);
  return ok;
}
