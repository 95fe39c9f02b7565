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

#include "colour-histogram.h"
#include "segment-dialog.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-progress.h"
#include "tessera-region.h"
#include "tessera-reset.h"

/* Swatches shown at most (the largest classes), and per row. */
#define MAX_SWATCHES     32
#define SWATCHES_PER_ROW 16

typedef struct
{
  SegmentValues          *values;
  const TesseraTarget    *target;
  GtkWidget              *preview;
  GtkWidget              *summary;
  GtkWidget              *swatches;     /* a table, refilled */
  GtkAdjustment          *sensitivity;
  /* Kept while the dialog is open: the tree only changes with the colour
   * space; classes and minimum share only re-cut it. */
  gboolean                read;          /* REGION was read: TRUE */
  gboolean                read_ok;       /* and that worked */
  gboolean                loaded;        /* and its histogram made */
  TesseraRegion           region;
  TesseraRegion           shown;
  TesseraColourHistogram  histogram;
  TesseraEmstEdge        *edges;
  gint                    edges_space;   /* -1: no tree yet */
  /* The preview's: the values at its start, the classes it found. */
  SegmentValues           asked;
  TesseraMstClasses       classes;
  gboolean                have_classes;
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
      || tessera_colour_histogram (in, &dialog->histogram, exec)
         != TESSERA_OK)
    {
      tessera_region_clear (&dialog->shown);
      return FALSE;
    }
  dialog->edges = g_new (TesseraEmstEdge, dialog->histogram.n_colours);
  dialog->edges_space = -1;
  dialog->loaded = TRUE;
  return TRUE;
}

/* "N classes from M colours", each number with its own plural. */
static void
show_summary (SegmentDialog           *dialog,
              const TesseraMstClasses *classes)
{
  const gulong colours = (gulong) dialog->histogram.n_colours;
  gchar *class_text  = g_strdup_printf (ngettext ("%d class", "%d classes",
                                                  classes->n_classes),
                                        classes->n_classes);
  gchar *colour_text = g_strdup_printf (ngettext ("%lu colour",
                                                  "%lu colours", colours),
                                        colours);
  /* TRANSLATORS: "8 classes" from "51234 colours". */
  gchar *text = g_strdup_printf (_("%s from %s"), class_text, colour_text);

  gtk_label_set_text (GTK_LABEL (dialog->summary), text);
  g_free (text);
  g_free (colour_text);
  g_free (class_text);
}

/* One class: its colour, and its share of the pixels below it. */
static GtkWidget *
swatch_new (const TesseraMstClasses *classes,
            gint                     c,
            guint64                  total)
{
  const gdouble *mean  = classes->mean[c];
  gdouble        share = 100.0 * classes->pixels[c] / (gdouble) total;
  GtkWidget     *box   = gtk_vbox_new (FALSE, 2);
  GtkWidget     *area, *label;
  GimpRGB        colour;
  gchar         *text, *tip;

  gimp_rgba_set (&colour, mean[0] / 255.0, mean[1] / 255.0, mean[2] / 255.0,
                 1.0);
  area = gimp_color_area_new (&colour, GIMP_COLOR_AREA_FLAT, 0);
  gtk_widget_set_size_request (area, 28, 20);
  text = g_strdup_printf ("%.*f %%", share < 10.0 ? 1 : 0, share);
  label = gtk_label_new (text);
  gimp_label_set_attributes (GTK_LABEL (label), PANGO_ATTR_SCALE,
                             PANGO_SCALE_SMALL, -1);
  /* TRANSLATORS: a class's colour and its share of the pixels. */
  tip = g_strdup_printf (_("#%02x%02x%02x: %.1f %% of the pixels"),
                         (guint) (mean[0] + 0.5), (guint) (mean[1] + 0.5),
                         (guint) (mean[2] + 0.5), share);
  gimp_help_set_help_data (box, tip, NULL);
  gtk_box_pack_start (GTK_BOX (box), area, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);
  g_free (tip);
  g_free (text);
  return box;
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

/* The classes (numbered by size) as swatches, the largest first. */
static void
show_swatches (SegmentDialog           *dialog,
               const TesseraMstClasses *classes)
{
  const gint shown = MIN (classes->n_classes, MAX_SWATCHES);
  guint64    total = 0;
  gint       c;

  clear_container (dialog->swatches);
  for (c = 0; c < classes->n_classes; c++)
    total += classes->pixels[c];
  for (c = 0; c < shown && total > 0; c++)
    gtk_table_attach (GTK_TABLE (dialog->swatches),
                      swatch_new (classes, c, total),
                      c % SWATCHES_PER_ROW, c % SWATCHES_PER_ROW + 1,
                      c / SWATCHES_PER_ROW, c / SWATCHES_PER_ROW + 1,
                      GTK_FILL, GTK_FILL, 0, 0);
  if (classes->n_classes > shown)
    {
      gint   more = classes->n_classes - shown;
      gchar *text = g_strdup_printf (ngettext ("and %d more class",
                                               "and %d more classes", more),
                                     more);
      gtk_table_attach (GTK_TABLE (dialog->swatches), gtk_label_new (text),
                        0, SWATCHES_PER_ROW, 2, 3, GTK_FILL, GTK_FILL, 0, 0);
      g_free (text);
    }
  gtk_widget_show_all (dialog->swatches);
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
  SegmentDialog     *dialog = data;
  TesseraMstSegment  params = segment_params_of (&dialog->asked);
  TesseraExec        exec   = tessera_live_exec (live,
                                                 dialog->asked.backend);

  if (! dialog_load (dialog, &exec))
    return FALSE;
  if (dialog->edges_space != dialog->asked.colour_space)
    {
      if (tessera_mst_segment_tree (&dialog->histogram, params.colour_space,
                                    dialog->edges, &exec) != TESSERA_OK)
        return FALSE;
      dialog->edges_space = dialog->asked.colour_space;
    }
  if (dialog->have_classes)
    tessera_mst_classes_free (&dialog->classes);
  dialog->have_classes = FALSE;
  if (tessera_mst_segment_cut (&dialog->histogram, dialog->edges, &params,
                               &dialog->classes, &exec) != TESSERA_OK)
    return FALSE;
  dialog->have_classes = TRUE;
  return tessera_mst_segment_recolour (&dialog->region.image,
                                       &dialog->histogram, &dialog->classes,
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
  show_summary (dialog, &dialog->classes);
  show_swatches (dialog, &dialog->classes);
  return TRUE;
}

static void
dialog_free (SegmentDialog *dialog)
{
  if (dialog->have_classes)
    tessera_mst_classes_free (&dialog->classes);
  g_free (dialog->edges);
  tessera_colour_histogram_free (&dialog->histogram);
  tessera_region_clear (&dialog->shown);
  tessera_region_clear (&dialog->region);
}

static void
share_update (GtkAdjustment *adjustment,
              gdouble       *share)
{
  *share = gtk_adjustment_get_value (adjustment) / 100.0;
}

/* Sensitivity only matters when the classes are found automatically. */
static void
sensitivity_update (GtkAdjustment *classes,
                    SegmentDialog *dialog)
{
  gimp_scale_entry_set_sensitive (GTK_OBJECT (dialog->sensitivity),
                                  gtk_adjustment_get_value (classes) == 0.0);
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
  dialog.summary = gtk_label_new ("");
  gtk_box_pack_start (GTK_BOX (vbox), dialog.summary, FALSE, FALSE, 0);
  dialog.swatches = gtk_table_new (1, SWATCHES_PER_ROW, FALSE);
  gtk_table_set_col_spacings (GTK_TABLE (dialog.swatches), 4);
  gtk_table_set_row_spacings (GTK_TABLE (dialog.swatches), 4);
  gtk_box_pack_start (GTK_BOX (vbox), dialog.swatches, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog),
                      FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  dialog_free (&dialog);
  return ok;
}
