/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gdk/gdkkeysyms.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-gimp.h"
#include "tessera-gtk.h"
#include "tessera-region.h"
#include "tessera-test-hook.h"
#include "tessera-view.h"
#include "trace-follow.h"
#include "trace-path.h"
#include "trace-picker.h"
#include "trace-worker.h"

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

struct _TracePicker
{
  TraceValues   *values;
  gint32         drawable;
  TesseraRegion  pixels;     /* the whole drawable */
  TraceWorker   *worker;

  GArray        *clicks;     /* TesseraPoint, drawable coordinates */
  gboolean       closed;
  GArray        *links;      /* TraceLink */
  gchar         *note;       /* said once, about the path's anchors */

  GtkWidget     *dialog;     /* NULL until started */
  GtkWidget     *view;
  GtkWidget     *status;
};

/* ---- the chain of links ---------------------------------------------- */

static void
link_forget (TraceLink *link)
{
  g_clear_pointer (&link->points, g_free);
  link->n_points = 0;
}

static void
link_ask (TracePicker *picker,
          gint         index)
{
  TraceLink    *link   = &g_array_index (picker->links, TraceLink, index);
  TesseraTrace  params = trace_values_params (picker->values);

  link_forget (link);
  link->state = LINK_PENDING;
  trace_worker_trace (picker->worker, index,
                      (const TesseraPoint *) picker->clicks->data,
                      picker->clicks->len, picker->closed, &params,
                      picker->values->backend);
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

static void update_status (TracePicker *picker);

/* After the clicks changed: the links that still join the same clicks
 * stay, the others are traced anew.  The worker only restarts when a link
 * it is tracing is no longer wanted; then it is asked again for the links
 * it had not done. */
static void
sync_links (TracePicker *picker)
{
  const TesseraPoint *clicks = (const TesseraPoint *) picker->clicks->data;
  gint                n_clicks = picker->clicks->len;
  gint                n_links = trace_chain_links (n_clicks, picker->closed);
  gint                old_links = picker->links->len;
  gboolean            restart = FALSE;
  TesseraPoint        around[LINK_CONTEXT];
  gint                i;

  for (i = 0; i < old_links; i++)
    {
      TraceLink *link = &g_array_index (picker->links, TraceLink, i);

      if (i < n_links)
        link_context (clicks, n_clicks, picker->closed, i, around);
      if (link->state == LINK_PENDING
          && (i >= n_links || ! link_joins (link, around)))
        restart = TRUE;
      if (i >= n_links)
        link_forget (link);
    }
  g_array_set_size (picker->links, n_links);
  if (restart)
    trace_worker_restart (picker->worker);

  for (i = 0; i < n_links; i++)
    {
      TraceLink *link = &g_array_index (picker->links, TraceLink, i);

      link_context (clicks, n_clicks, picker->closed, i, around);
      if (i >= old_links || ! link_joins (link, around)
          || (restart && link->state == LINK_PENDING))
        {
          memcpy (link->around, around, sizeof link->around);
          link_ask (picker, i);
        }
    }
  /* Zooming keeps the last point in view, where the user traces on. */
  tessera_view_set_focus (TESSERA_VIEW (picker->view), n_clicks > 0,
                          n_clicks > 0 ? clicks[n_clicks - 1].x : 0.0,
                          n_clicks > 0 ? clicks[n_clicks - 1].y : 0.0);
  update_status (picker);
  tessera_view_redraw (TESSERA_VIEW (picker->view));
}

void
trace_picker_retrace (TracePicker *picker)
{
  guint i;

  trace_worker_restart (picker->worker);
  for (i = 0; i < picker->links->len; i++)
    link_ask (picker, i);
  update_status (picker);
  tessera_view_redraw (TESSERA_VIEW (picker->view));
}

static void
link_traced (gint                index,
             TesseraStatus       status,
             const TesseraPoint *path,
             gint                n_points,
             gpointer            data)
{
  TracePicker *picker = data;
  TraceLink   *link   = &g_array_index (picker->links, TraceLink, index);

  link->status = status;
  link->state  = status == TESSERA_OK ? LINK_TRACED : LINK_FAILED;
  if (status == TESSERA_OK)
    {
      link->points   = g_memdup2 (path, sizeof (TesseraPoint) * n_points);
      link->n_points = n_points;
    }
  update_status (picker);
  tessera_view_redraw (TESSERA_VIEW (picker->view));
}

static void
add_click (TesseraView *preview,
           gdouble      x,
           gdouble      y,
           TracePicker *picker)
{
  TesseraPoint click = { x, y };
  guint        n     = picker->clicks->len;

  /* A double click, or a click on the last point, adds nothing. */
  if (n > 0 && ! trace_click_apart (g_array_index (picker->clicks,
                                                   TesseraPoint, n - 1),
                                    click))
    return;
  g_array_append_val (picker->clicks, click);
  g_clear_pointer (&picker->note, g_free);
  sync_links (picker);
}

static void
remove_last_click (TracePicker *picker)
{
  if (picker->clicks->len == 0)
    return;
  g_array_set_size (picker->clicks, picker->clicks->len - 1);
  sync_links (picker);
}

static void
clear_clicks (TracePicker *picker)
{
  g_array_set_size (picker->clicks, 0);
  sync_links (picker);
}

/* ---- what the user sees --------------------------------------------- */

static gint
links_in_state (TracePicker *picker,
                LinkState    state,
                gint        *first)
{
  gint count = 0;
  gint i;

  for (i = picker->links->len - 1; i >= 0; i--)
    if (g_array_index (picker->links, TraceLink, i).state == state)
      {
        count++;
        *first = i;
      }
  return count;
}

static void
update_status (TracePicker *picker)
{
  gint    n_clicks = picker->clicks->len;
  gint    n_links  = picker->links->len;
  gint    failed_link = 0, pending_link = 0;
  gint    failed  = links_in_state (picker, LINK_FAILED, &failed_link);
  gint    pending = links_in_state (picker, LINK_PENDING, &pending_link);
  GError *error = NULL;
  gchar  *text;

  if (failed > 0)
    {
      trace_link_error (g_array_index (picker->links, TraceLink,
                                       failed_link).status,
                        failed_link, n_clicks, picker->values, &error);
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

  if (picker->note != NULL)
    {
      gchar *both = g_strconcat (picker->note, "\n", text, NULL);
      g_free (text);
      text = both;
    }
  gtk_label_set_text (GTK_LABEL (picker->status), text);
  g_free (text);

  if (picker->dialog != NULL)
    gtk_dialog_set_response_sensitive (GTK_DIALOG (picker->dialog),
                                       GTK_RESPONSE_OK,
                                       n_clicks >= 2 && failed == 0);
}

static void
path_to_widget (TracePicker        *picker,
                cairo_t            *cr,
                const TesseraPoint *points,
                gint                n_points)
{
  TesseraView *preview = TESSERA_VIEW (picker->view);
  gint         i;

  cairo_new_path (cr);
  for (i = 0; i < n_points; i++)
    {
      gdouble x, y;

      tessera_view_to_widget (preview, points[i].x, points[i].y,
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
draw_link (TracePicker     *picker,
           cairo_t         *cr,
           const TraceLink *link)
{
  TesseraPoint ends[2] = { link->around[1], link->around[2] };

  switch (link->state)
    {
    case LINK_TRACED:
      path_to_widget (picker, cr, link->points, link->n_points);
      stroke_twice (cr, 1.0, 0.85, 0.0, FALSE);
      break;
    case LINK_PENDING:
      path_to_widget (picker, cr, ends, 2);
      stroke_twice (cr, 1.0, 1.0, 1.0, TRUE);
      break;
    case LINK_FAILED:
      path_to_widget (picker, cr, ends, 2);
      stroke_twice (cr, 1.0, 0.2, 0.2, TRUE);
      break;
    }
}

static void
draw_click (TracePicker  *picker,
            cairo_t      *cr,
            TesseraPoint  click,
            gboolean      last)
{
  gdouble x, y;

  tessera_view_to_widget (TESSERA_VIEW (picker->view),
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
draw_overlay (TesseraView *preview,
              gpointer     cairo,
              TracePicker *picker)
{
  cairo_t *cr = cairo;
  guint    i;

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (i = 0; i < picker->links->len; i++)
    draw_link (picker, cr, &g_array_index (picker->links, TraceLink, i));
  for (i = 0; i < picker->clicks->len; i++)
    draw_click (picker, cr, g_array_index (picker->clicks, TesseraPoint, i),
                i + 1 == picker->clicks->len);
}

static gboolean
window_key_press (GtkWidget   *window,
                  GdkEventKey *event,
                  TracePicker *picker)
{
  /* In a text entry Backspace edits the text. */
  if (event->keyval != GDK_KEY_BackSpace
      || GTK_IS_EDITABLE (gtk_window_get_focus (GTK_WINDOW (window))))
    return FALSE;
  remove_last_click (picker);
  return TRUE;
}

/* ---- the start and the end ------------------------------------------ */

/* The first clicks: the active path's anchors (those that can be traced)
 * or CLICKS, moved into drawable coordinates. */
static void
initial_clicks (TracePicker  *picker,
                gint32        image,
                gboolean      from_path,
                const GArray *clicks)
{
  GArray  *given = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  GError  *error = NULL;
  gint     x, y;
  gint     width  = tessera_gimp_drawable_width (picker->drawable);
  gint     height = tessera_gimp_drawable_height (picker->drawable);
  gint     left_out = 0;
  guint    i;

  if (! from_path)
    g_array_append_vals (given, clicks->data, clicks->len);
  else if (! trace_path_anchors (image, given, &picker->closed, &error))
    {
      picker->note = g_strdup (error->message);
      g_error_free (error);
    }

  tessera_gimp_drawable_offsets (picker->drawable, &x, &y);
  for (i = 0; i < given->len; i++)
    {
      TesseraPoint p = g_array_index (given, TesseraPoint, i);
      guint        n = picker->clicks->len;

      p.x -= x;
      p.y -= y;
      if (p.x < 0.0 || p.x > width || p.y < 0.0 || p.y > height
          || (n > 0 && ! trace_click_apart (g_array_index (picker->clicks,
                                                           TesseraPoint,
                                                           n - 1), p)))
        left_out++;
      else
        g_array_append_val (picker->clicks, p);
    }
  if (left_out > 0)
    picker->note = g_strdup_printf (ngettext ("%d anchor of the path was "
                                              "left out: it lies outside the "
                                              "layer or on the one before.",
                                              "%d anchors of the path were "
                                              "left out: they lie outside "
                                              "the layer or on the one "
                                              "before.", left_out),
                                    left_out);
  g_array_free (given, TRUE);
}


TracePicker *
trace_picker_new (gint32         image,
                  gint32         drawable,
                  TraceValues   *values,
                  gboolean       from_path,
                  const GArray  *clicks,
                  gboolean       closed,
                  GError       **error)
{
  TracePicker   *picker = g_new0 (TracePicker, 1);
  GeglRectangle  whole  = { 0, 0, tessera_gimp_drawable_width (drawable),
                            tessera_gimp_drawable_height (drawable) };

  /* The worker traces anywhere on the drawable: it holds all of it. */
  if (! tessera_region_read (&picker->pixels, drawable, &whole, NULL, error))
    {
      g_free (picker);
      return NULL;
    }
  picker->values   = values;
  picker->drawable = drawable;
  picker->closed   = closed;
  picker->clicks   = g_array_new (FALSE, FALSE, sizeof (TesseraPoint));
  picker->links    = g_array_new (FALSE, TRUE, sizeof (TraceLink));
  picker->worker   = trace_worker_new (&picker->pixels.image, link_traced,
                                       picker);
  initial_clicks (picker, image, from_path, clicks);
  return picker;
}

GtkWidget *
trace_picker_view (TracePicker *picker)
{
  GtkWidget     *vbox  = tessera_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GeglRectangle  whole = { 0, 0, G_MAXINT, G_MAXINT };

  picker->view = tessera_view_new (picker->drawable, TRUE);
  /* Trace Line ignores the selection: show the whole layer. */
  tessera_view_set_region (TESSERA_VIEW (picker->view), &whole);
  gtk_box_pack_start (GTK_BOX (vbox), picker->view, TRUE, TRUE, 0);
  g_signal_connect (picker->view, "clicked", G_CALLBACK (add_click), picker);
  g_signal_connect (picker->view, "draw-overlay", G_CALLBACK (draw_overlay),
                    picker);

  picker->status = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (picker->status), TRUE);
  /* As wide as the view, so that the lines keep their length. */
  gtk_widget_set_size_request (picker->status, STATUS_WIDTH, -1);
  tessera_label_align (picker->status, 0.0);
  gtk_box_pack_start (GTK_BOX (vbox), picker->status, FALSE, FALSE, 0);
  return vbox;
}

static void
closed_toggled (GtkToggleButton *toggle,
                TracePicker     *picker)
{
  picker->closed = gtk_toggle_button_get_active (toggle);
  sync_links (picker);
}

GtkWidget *
trace_picker_closed_toggle (TracePicker *picker)
{
  GtkWidget *toggle = gtk_check_button_new_with_label (_("Closed path"));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), picker->closed);
  gimp_help_set_help_data (toggle, _("Trace from the last point back to "
                                     "the first"), NULL);
  g_signal_connect (toggle, "toggled", G_CALLBACK (closed_toggled), picker);
  return toggle;
}

GtkWidget *
trace_picker_buttons (TracePicker *picker)
{
  GtkWidget *hbox = tessera_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *button;

  /* No mnemonics: the settings took every letter left (trace-line-args.h);
   * Backspace removes the last point. */
  button = gtk_button_new_with_label (_("Remove Last Point"));
  gimp_help_set_help_data (button, _("Backspace"), NULL);
  g_signal_connect_swapped (button, "clicked",
                            G_CALLBACK (remove_last_click), picker);
  gtk_box_pack_start (GTK_BOX (hbox), button, FALSE, FALSE, 0);
  button = gtk_button_new_with_label (_("Clear"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (clear_clicks),
                            picker);
  gtk_box_pack_start (GTK_BOX (hbox), button, FALSE, FALSE, 0);
  return hbox;
}

GtkWidget *
trace_picker_hint (void)
{
  GtkWidget *hint = gtk_label_new (_("Drag or turn the wheel to move the "
                                     "view; Ctrl+wheel zooms."));

  gtk_label_set_line_wrap (GTK_LABEL (hint), TRUE);
  tessera_label_align (hint, 0.0);
  gimp_label_set_attributes (GTK_LABEL (hint), PANGO_ATTR_STYLE,
                             PANGO_STYLE_ITALIC, -1);
  return hint;
}

void
trace_picker_start (TracePicker *picker,
                    GtkWidget   *dialog)
{
  picker->dialog = dialog;
  g_signal_connect (dialog, "key-press-event",
                    G_CALLBACK (window_key_press), picker);
  sync_links (picker);
}

void
trace_picker_result (TracePicker *picker,
                     GArray      *clicks,
                     gboolean    *closed)
{
  gint  x, y;
  guint i;

  tessera_gimp_drawable_offsets (picker->drawable, &x, &y);
  g_array_set_size (clicks, 0);
  for (i = 0; i < picker->clicks->len; i++)
    {
      TesseraPoint p = g_array_index (picker->clicks, TesseraPoint, i);

      p.x += x;
      p.y += y;
      g_array_append_val (clicks, p);
    }
  *closed = picker->closed;
}

void
trace_picker_free (TracePicker *picker)
{
  guint i;

  trace_worker_free (picker->worker);
  for (i = 0; i < picker->links->len; i++)
    link_forget (&g_array_index (picker->links, TraceLink, i));
  g_array_free (picker->links, TRUE);
  g_array_free (picker->clicks, TRUE);
  g_free (picker->note);
  tessera_region_clear (&picker->pixels);
  g_free (picker);
}

/* GIMP 3's Advanced, open, at most this high (pixels): its rows scroll. */
#define ADVANCED_HEIGHT 200

/* Tells the dialog tests whether Advanced is open. */
static void
note_expanded (GtkExpander *expander)
{
  tessera_test_hook_note ("advanced", gtk_expander_get_expanded (expander)
                                      ? "open" : "closed");
}

GtkWidget *
trace_picker_advanced (GtkWidget *contents)
{
  GtkWidget *expander;

  expander = gtk_expander_new_with_mnemonic (_(TRACE_ADVANCED_LABEL));
#if TESSERA_GTK3
  {
    /* GIMP 3's rows are taller than GIMP 2.10's: opened, the settings
     * scroll, so that the dialog still fits a 768-pixel screen. */
    GtkWidget *scrolled = gtk_scrolled_window_new (NULL, NULL);

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                    GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled),
                                                ADVANCED_HEIGHT);
    gtk_scrolled_window_set_propagate_natural_width (
      GTK_SCROLLED_WINDOW (scrolled), TRUE);
    gtk_container_add (GTK_CONTAINER (scrolled), contents);
    contents = scrolled;
  }
#endif
  gtk_container_add (GTK_CONTAINER (expander), contents);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), FALSE);
  note_expanded (GTK_EXPANDER (expander));
  g_signal_connect (expander, "notify::expanded", G_CALLBACK (note_expanded),
                    NULL);
  return expander;
}
