/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-gtk.h"
#include "tessera-live.h"
#include "tessera-view.h"

/* A result that comes sooner than this shows no "Computing…" note, so
 * that quick previews do not flicker. */
#define NOTE_DELAY_MS 150

struct _TesseraLive
{
  gint             refs;       /* the widget's, and the running thread's */
  GtkWidget       *view;
  GtkWidget       *toggle;
  GtkWidget       *note;
  TesseraLiveStep  start, compute, finish;
  gpointer         data;

  GThread         *thread;     /* computing now; NULL: idle */
  gboolean         computed;   /* COMPUTE's answer */
  gint             stop;       /* atomic: the running result is unwanted */
  gboolean         again;      /* the settings changed while computing */
  gboolean         closed;     /* the widget is gone */
  guint            start_idle;
  guint            note_timeout;
};

static void
live_unref (TesseraLive *live)
{
  if (g_atomic_int_dec_and_test (&live->refs))
    g_free (live);
}

static TesseraLive *
live_of (gpointer preview)
{
  return g_object_get_data (G_OBJECT (preview), "tessera-live");
}

static bool
wanted (double  fraction,
        void   *user_data)
{
  TesseraLive *live = user_data;

  return ! g_atomic_int_get (&live->stop);
}

static void
fall_back_silently (TesseraStatus  why,
                    void          *user_data)
{
}

TesseraExec
tessera_live_exec (TesseraLive    *live,
                   TesseraBackend  backend)
{
  return tessera_exec_reporting (backend, wanted, fall_back_silently, live);
}

void
tessera_live_show (TesseraLive         *live,
                   const TesseraImage  *image,
                   const GeglRectangle *rect,
                   const Babl          *format)
{
  tessera_view_set_image (TESSERA_VIEW (live->view), image, rect, format);
}

static gboolean
show_note (gpointer data)
{
  TesseraLive *live = data;

  live->note_timeout = 0;
  gtk_label_set_text (GTK_LABEL (live->note), _("Computing…"));
  return G_SOURCE_REMOVE;
}

static void
hide_note (TesseraLive *live)
{
  if (live->note_timeout != 0)
    g_source_remove (live->note_timeout);
  live->note_timeout = 0;
  gtk_label_set_text (GTK_LABEL (live->note), "");
}

static gboolean
showing (TesseraLive *live)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (live->toggle));
}

static void schedule (TesseraLive *live);

/* Back on the main thread after COMPUTE: FINISH, then the next result if
 * the settings changed meanwhile. */
static gboolean
deliver (gpointer data)
{
  TesseraLive *live = data;

  if (! live->closed)
    {
      g_thread_join (live->thread);
      live->thread = NULL;
      hide_note (live);
      if (live->computed && showing (live))
        live->finish (live, live->data);
      if (live->again)
        schedule (live);
    }
  live_unref (live);
  return G_SOURCE_REMOVE;
}

static gpointer
compute_thread (gpointer data)
{
  TesseraLive *live = data;

  live->computed = live->compute (live, live->data);
  g_idle_add (deliver, live);
  return NULL;
}

static gboolean
start (gpointer data)
{
  TesseraLive *live = data;

  live->start_idle = 0;
  live->again = FALSE;
  if (! showing (live) || ! live->start (live, live->data))
    return G_SOURCE_REMOVE;
  g_atomic_int_set (&live->stop, 0);
  g_atomic_int_inc (&live->refs);
  live->note_timeout = g_timeout_add (NOTE_DELAY_MS, show_note, live);
  live->thread = g_thread_new ("tessera-preview", compute_thread, live);
  return G_SOURCE_REMOVE;
}

/* Starts a result once the burst of changes that asked for it is over
 * (a slider dragged, a spin button typed in). */
static void
schedule (TesseraLive *live)
{
  if (live->start_idle == 0)
    live->start_idle = g_idle_add (start, live);
}

void
tessera_live_update (gpointer preview)
{
  TesseraLive *live = live_of (preview);

  if (live == NULL || live->closed)
    return;
  if (live->thread != NULL)
    {
      g_atomic_int_set (&live->stop, 1);
      live->again = TRUE;
    }
  else
    schedule (live);
}

/* Off: the drawable as it is, and nothing computed. */
static void
toggled (GtkToggleButton *toggle,
         TesseraLive     *live)
{
  if (gtk_toggle_button_get_active (toggle))
    {
      tessera_live_update (live->view);
      return;
    }
  g_atomic_int_set (&live->stop, 1);
  live->again = FALSE;
  tessera_view_set_image (TESSERA_VIEW (live->view), NULL, NULL, NULL);
}

/* No step runs after this: the caller may free its data. */
static void
destroyed (GtkWidget   *preview,
           TesseraLive *live)
{
  /* GTK 3 may emit "destroy" more than once, and the settings may still
   * change (GIMP 3's config) until the widgets are finalised. */
  g_signal_handlers_disconnect_by_func (preview, destroyed, live);
  g_object_set_data (G_OBJECT (preview), "tessera-live", NULL);
  g_object_set_data (G_OBJECT (live->view), "tessera-live", NULL);
  live->closed = TRUE;
  g_atomic_int_set (&live->stop, 1);
  if (live->start_idle != 0)
    g_source_remove (live->start_idle);
  if (live->note_timeout != 0)
    g_source_remove (live->note_timeout);
  live->start_idle = live->note_timeout = 0;
  if (live->thread != NULL)
    g_thread_join (live->thread);
  live->thread = NULL;
  live_unref (live);
}

/* The preview's size until the dialog is made larger. */
#define LIVE_DEFAULT_WIDTH  320
#define LIVE_DEFAULT_HEIGHT 260

static GtkWidget *
make_bar (TesseraLive *live)
{
  GtkWidget *bar = tessera_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  live->toggle = gtk_check_button_new_with_mnemonic (_("_Preview"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (live->toggle), TRUE);
  g_signal_connect (live->toggle, "toggled", G_CALLBACK (toggled), live);
  live->note = gtk_label_new ("");
  gimp_label_set_attributes (GTK_LABEL (live->note), PANGO_ATTR_STYLE,
                             PANGO_STYLE_ITALIC, -1);
  gtk_box_pack_start (GTK_BOX (bar), live->toggle, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), live->note, FALSE, FALSE, 0);
  return bar;
}

GtkWidget *
tessera_live_new (gint32          drawable,
                  TesseraLiveStep start_step,
                  TesseraLiveStep compute,
                  TesseraLiveStep finish,
                  gpointer        data)
{
  TesseraLive *live = g_new0 (TesseraLive, 1);
  GtkWidget   *box  = tessera_box_new (GTK_ORIENTATION_VERTICAL, 4);

  live->refs    = 1;
  live->start   = start_step;
  live->compute = compute;
  live->finish  = finish;
  live->data    = data;
  live->view    = tessera_view_new (drawable, FALSE);
  /* A preview of a filter is looked at, not worked in: the dialog opens
   * sized to its settings, about as GIMP's own filters' do, and grows the
   * preview when it is made larger. */
  tessera_view_set_default_size (TESSERA_VIEW (live->view),
                                 LIVE_DEFAULT_WIDTH, LIVE_DEFAULT_HEIGHT);
  gtk_box_pack_start (GTK_BOX (box), live->view, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (box), make_bar (live), FALSE, FALSE, 0);
  g_object_set_data (G_OBJECT (box), "tessera-live", live);
  g_object_set_data (G_OBJECT (live->view), "tessera-live", live);
  g_signal_connect (box, "destroy", G_CALLBACK (destroyed), live);
  /* The first result, once the dialog is up. */
  schedule (live);
  return box;
}
