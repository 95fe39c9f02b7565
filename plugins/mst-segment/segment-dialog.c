/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST): the dialog.  The whole selection is
 * read and its colours' tree built once (again only when the colour space
 * changes); every change of the settings cuts the tree again and
 * recolours, on the preview's worker (tessera-live.h), and shows the
 * result with the classes as swatches of their colours and shares of the
 * pixels. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "segment-classes.h"
#include "segment-dialog.h"
#include "segment-swatch.h"
#include "tessera-applies.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-progress.h"
#include "tessera-region.h"
#include "tessera-reset.h"
#include "tessera-test-hook.h"

typedef struct
{
  SegmentValues          *values;
  const TesseraTarget    *target;
  GtkWidget              *preview;
  GtkWidget              *summary;
  GtkWidget              *swatches;     /* a table, refilled */
  GtkAdjustment          *sensitivity;
  /* Kept while the dialog is open: the selection and its colours
   * (segment-classes.h). */
  gboolean                read;          /* REGION was read: TRUE */
  gboolean                read_ok;       /* and that worked */
  gboolean                loaded;        /* and its colours found */
  TesseraRegion           region;
  TesseraRegion           shown;
  SegmentClasses          classes;
  /* The values at the preview's start. */
  SegmentValues           asked;
} SegmentDialog;

/* The selection's colours, once (again if stopped): FALSE if that failed
 * (then the preview stays blank). */
static gboolean
dialog_load (SegmentDialog *dialog,
             TesseraExec   *exec)
{
  TesseraImage *in = &dialog->region.image;

  if (dialog->loaded)
    return TRUE;
  dialog->shown = dialog->region;
  dialog->shown.image.data = NULL;
  if (tessera_image_alloc (&dialog->shown.image, in->width, in->height,
                           in->channels, in->type) != TESSERA_OK
      || ! segment_classes_init (&dialog->classes, in, exec))
    {
      tessera_region_clear (&dialog->shown);
      return FALSE;
    }
  dialog->loaded = TRUE;
  return TRUE;
}

static void
clear_container (GtkWidget *container)
{
  GList *children = gtk_container_get_children (GTK_CONTAINER (container));
  GList *child;

  for (child = children; child != NULL; child = child->next)
    gtk_widget_destroy (child->data);
  g_list_free (children);
}

/* The summary, and the classes as swatches, the largest first. */
static void
show_swatches (SegmentDialog *dialog)
{
  SegmentSwatches swatches;
  gint            c;

  segment_swatches_of (&dialog->classes, &swatches);
  gtk_label_set_text (GTK_LABEL (dialog->summary), swatches.summary);
  tessera_test_hook_note ("classes", swatches.summary);
  clear_container (dialog->swatches);
  for (c = 0; c < swatches.n_swatches; c++)
    gtk_table_attach (GTK_TABLE (dialog->swatches),
                      segment_swatch_new (&swatches.swatches[c]),
                      c % SEGMENT_SWATCHES_PER_ROW,
                      c % SEGMENT_SWATCHES_PER_ROW + 1,
                      c / SEGMENT_SWATCHES_PER_ROW,
                      c / SEGMENT_SWATCHES_PER_ROW + 1,
                      GTK_FILL, GTK_FILL, 0, 0);
  if (swatches.more != NULL)
    gtk_table_attach (GTK_TABLE (dialog->swatches),
                      gtk_label_new (swatches.more),
                      0, SEGMENT_SWATCHES_PER_ROW, 2, 3,
                      GTK_FILL, GTK_FILL, 0, 0);
  gtk_widget_show_all (dialog->swatches);
  segment_swatches_clear (&swatches);
}

/* The preview's steps (tessera-live.h): the selection read once and the
 * values taken; the classes found and the selection recoloured on the
 * worker; shown with their swatches. */
static gboolean
preview_start (TesseraLive *live,
               gpointer     data)
{
  SegmentDialog *dialog = data;

  if (! dialog->read)
    dialog->read_ok = tessera_region_read (&dialog->region,
                                           dialog->target->drawable,
                                           &dialog->target->bounds, NULL,
                                           NULL);
  dialog->read = TRUE;
  dialog->asked = *dialog->values;
  return dialog->read_ok;
}

static gboolean
preview_compute (TesseraLive *live,
                 gpointer     data)
{
  SegmentDialog *dialog = data;
  TesseraExec    exec   = tessera_live_exec (live, dialog->asked.backend);

  return dialog_load (dialog, &exec)
         && segment_classes_cut (&dialog->classes, &dialog->asked, &exec)
         && tessera_mst_segment_recolour (&dialog->region.image,
                                          &dialog->classes.histogram,
                                          &dialog->classes.classes,
                                          &dialog->shown.image, &exec)
            == TESSERA_OK;
}

static gboolean
preview_finish (TesseraLive *live,
                gpointer     data)
{
  SegmentDialog *dialog = data;

  tessera_live_show (live, &dialog->shown.image, &dialog->shown.rect,
                     dialog->shown.format);
  show_swatches (dialog);
  return TRUE;
}

static void
dialog_free (SegmentDialog *dialog)
{
  segment_classes_clear (&dialog->classes);
  tessera_region_clear (&dialog->shown);
  tessera_region_clear (&dialog->region);
}

static void
share_update (GtkAdjustment *adjustment,
              gdouble       *share)
{
  *share = gtk_adjustment_get_value (adjustment) / 100.0;
}

/* Sensitivity only matters when the classes are found automatically:
 * otherwise greyed out, its tooltip saying so. */
static void
sensitivity_update (GtkAdjustment *classes,
                    SegmentDialog *dialog)
{
  const TesseraArg *arg   = &segment_args[SEGMENT_ARG_SENSITIVITY];
  GtkObject        *entry = GTK_OBJECT (dialog->sensitivity);

  tessera_applies_set (arg->name, gtk_adjustment_get_value (classes) == 0.0,
                       _(arg->description),
                       _("Used only when Classes is 0 (the number of "
                         "classes found automatically)."),
                       GIMP_SCALE_ENTRY_LABEL (entry),
                       GIMP_SCALE_ENTRY_SCALE (entry),
                       GIMP_SCALE_ENTRY_SPINBUTTON (entry), NULL);
}

/* The minimum share's row, in per cent of the pixels where the argument
 * holds a fraction. */
static GtkObject *
add_share_scale (GtkTable      *table,
                 gint           row,
                 SegmentValues *values)
{
  const TesseraArg *arg = &segment_args[SEGMENT_ARG_MIN_SHARE];
  GtkObject        *share;

  share = gimp_scale_entry_new (table, 0, row, _("_Minimum share (%):"), 200,
                                6, 100.0 * values->min_share,
                                100.0 * arg->ui_min, 100.0 * arg->ui_max,
                                1.0, 10.0, 1, TRUE, 0.0, 0.0,
                                _(arg->description), NULL);
  tessera_reset_remember (GIMP_SCALE_ENTRY_SPINBUTTON (share),
                          100.0 * arg->value);
  g_signal_connect (share, "value-changed", G_CALLBACK (share_update),
                    &values->min_share);
  return share;
}

/* The row of ARG, a choice, whose changes redraw the preview. */
static void
add_choice (GtkTable      *table,
            gint           row,
            gint           arg,
            SegmentDialog *dialog)
{
  GtkWidget *combo = tessera_arg_combo_new (table, row, &segment_args[arg],
                                            dialog->values);

  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
}

/* Tells the dialog tests where the settings are, whenever that changes:
 * they must not move when the first result comes. */
static void
note_settings_place (GtkWidget     *settings,
                     GtkAllocation *allocation)
{
  gchar *text = g_strdup_printf ("%d", allocation->y);

  tessera_test_hook_note ("settings-y", text);
  g_free (text);
}

static GtkWidget *
make_controls (SegmentDialog *dialog)
{
  SegmentValues *values  = dialog->values;
  GtkWidget     *table   = gtk_table_new (7, 3, FALSE);
  GtkAdjustment *classes;
  GtkObject     *share;
  GtkWidget     *backend;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);

  add_choice (GTK_TABLE (table), 0, SEGMENT_ARG_METHOD, dialog);
  classes = tessera_arg_scale_new (GTK_TABLE (table), 1,
                                   &segment_args[SEGMENT_ARG_CLASSES],
                                   values);
  share = add_share_scale (GTK_TABLE (table), 2, values);
  dialog->sensitivity
    = tessera_arg_scale_new (GTK_TABLE (table), 3,
                             &segment_args[SEGMENT_ARG_SENSITIVITY], values);
  g_signal_connect (classes, "value-changed", G_CALLBACK (sensitivity_update),
                    dialog);
  sensitivity_update (classes, dialog);
  g_signal_connect_swapped (classes, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  g_signal_connect_swapped (share, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  g_signal_connect_swapped (dialog->sensitivity, "value-changed",
                            G_CALLBACK (tessera_live_update),
                            dialog->preview);
  add_choice (GTK_TABLE (table), 4, SEGMENT_ARG_COLOUR_SPACE, dialog);
  add_choice (GTK_TABLE (table), 5, SEGMENT_ARG_OUTPUT, dialog);

  backend = tessera_backend_combo_new (&values->backend);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, 6, _("_Backend:"),
                             0.0, 0.5, backend, 2, FALSE);
  g_signal_connect (table, "size-allocate", G_CALLBACK (note_settings_place),
                    NULL);
  return table;
}

gboolean
segment_dialog (const TesseraTarget *target,
                gpointer             data)
{
  SegmentDialog  dialog = { 0 };
  GtkWidget     *window;
  GtkWidget     *vbox;
  gboolean       ok;

  dialog.values = data;
  dialog.target = target;

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_("Segment Colours (MST)"),
                               "tessera-mst-segment", MST_SEGMENT_PROC, vbox);
  dialog.preview = tessera_dialog_add_live (window, target->drawable,
                                            preview_start, preview_compute,
                                            preview_finish, &dialog);
  /* The settings first, the summary and swatches under them in room kept
   * for a row of swatches from the start: nothing moves when the first
   * result comes (a click aimed at a setting would hit another). */
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog),
                      FALSE, FALSE, 0);
  dialog.summary = gtk_label_new (_("Computing…"));
  gtk_misc_set_alignment (GTK_MISC (dialog.summary), 0.0, 0.5);
  gtk_box_pack_start (GTK_BOX (vbox), dialog.summary, FALSE, FALSE, 0);
  dialog.swatches = gtk_table_new (1, SEGMENT_SWATCHES_PER_ROW, FALSE);
  gtk_table_set_col_spacings (GTK_TABLE (dialog.swatches), 4);
  gtk_table_set_row_spacings (GTK_TABLE (dialog.swatches), 4);
  gtk_widget_set_size_request (dialog.swatches, -1, SEGMENT_SWATCH_ROW_HEIGHT);
  gtk_box_pack_start (GTK_BOX (vbox), dialog.swatches, FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  dialog_free (&dialog);
  return ok;
}
