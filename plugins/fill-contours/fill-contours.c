/* Tessera — Fill Closed Contours: fills what every closed contour of a
 * layer encloses, with no seed from the user (core/fill-contours.h): with
 * the foreground colour, on a new layer under the line art, as a
 * selection, or as flat colours, one per region. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "fill-work.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-plugin.h"
#include "tessera-preview.h"
#include "tessera-progress.h"
#include "tessera-region.h"

#define PLUG_IN_PROC "plug-in-tessera-fill-contours"

typedef struct
{
  FillValues          *values;
  const TesseraTarget *target;
  GtkWidget           *preview;
  GtkWidget           *status;
  /* The whole layer's fill, kept while only the view moves. */
  FillValues           filled_with;
  gboolean             have_fill;
  FillJob              job;
  gchar               *problem;   /* why there is nothing to show, or NULL */
} FillDialog;

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* Whether A and B give the same fill (the backend and the layers do not
 * change the current layer's). */
static gboolean
same_fill (const FillValues *a,
           const FillValues *b)
{
  return a->source == b->source && a->threshold == b->threshold
      && a->connectivity == b->connectivity && a->output == b->output
      && a->bleed == b->bleed && a->gap == b->gap
      && a->edge_regions == b->edge_regions
      && a->min_region == b->min_region && a->to_centre == b->to_centre
      && a->guide == b->guide;
}

/* Fills the whole layer again when the values changed since the last
 * time: an enclosed region may reach far beyond what the preview shows. */
static void
refill (FillDialog *dialog)
{
  TesseraExec  exec  = tessera_preview_exec (dialog->values->backend);
  GError      *error = NULL;

  if (dialog->have_fill && same_fill (&dialog->filled_with, dialog->values))
    return;
  fill_job_clear (&dialog->job);
  g_clear_pointer (&dialog->problem, g_free);
  if (! fill_read_map (&dialog->job, dialog->target->drawable,
                       dialog->values, NULL, &error)
      || ! fill_paint (&dialog->job, 1, dialog->values, &exec, &error))
    {
      dialog->problem = g_strdup (error->message);
      g_error_free (error);
    }
  /* The preview reads the pixels it shows itself. */
  tessera_region_clear (&dialog->job.pixels);
  dialog->filled_with = *dialog->values;
  dialog->have_fill = TRUE;
  gtk_label_set_text (GTK_LABEL (dialog->status),
                      dialog->problem != NULL ? dialog->problem : "");
}

/* Draws the gaps' closing segments over REGION in a colour that shows on
 * any fill: the user sees where lines were joined. */
static void
paint_closures (const FillDialog *dialog,
                TesseraRegion    *region)
{
  static const gdouble marker[4] = { 1.0, 0.0, 1.0, 1.0 };   /* magenta */
  const TesseraImage  *closures = &dialog->job.closures;
  gsize                size = tessera_pixel_size (&region->image);
  guint8               pixel[64];

  if (closures->data == NULL)
    return;
  babl_process (babl_fish (babl_format ("R'G'B'A double"), region->format),
                marker, pixel, 1);
  for (gint y = 0; y < region->rect.height; y++)
    {
      const guint8 *in = (const guint8 *) tessera_image_row (closures,
                                                             region->rect.y + y)
                         + region->rect.x;
      guint8 *out = tessera_image_row (&region->image, y);
      for (gint x = 0; x < region->rect.width; x++)
        if (in[x] != 0)
          memcpy (out + x * size, pixel, size);
    }
}

/* Paints the fill over REGION, in the colours the output will have. */
static void
paint_preview (const FillDialog *dialog,
               TesseraRegion    *region)
{
  const TesseraImage *paint = &dialog->job.paint;
  gsize               size  = tessera_pixel_size (&region->image);
  gboolean            flat  = dialog->values->output == FILL_OUTPUT_FLAT;
  const Babl         *fish;
  GimpRGB             colour;
  gdouble             rgba[4];
  guint8              foreground[64];

  gimp_context_get_foreground (&colour);
  rgba[0] = colour.r;
  rgba[1] = colour.g;
  rgba[2] = colour.b;
  rgba[3] = 1.0;
  babl_process (babl_fish (babl_format ("R'G'B'A double"), region->format),
                rgba, foreground, 1);
  fish = babl_fish (babl_format_with_space ("R'G'B'A u8", region->format),
                    region->format);

  for (gint y = 0; y < region->rect.height; y++)
    {
      const guint8 *in = (const guint8 *) tessera_image_row (paint,
                                                             region->rect.y + y)
                         + (gsize) region->rect.x * (flat ? 4 : 1);
      guint8 *out = tessera_image_row (&region->image, y);
      for (gint x = 0; x < region->rect.width; x++)
        if (flat && in[4 * x + 3] != 0)
          babl_process (fish, in + 4 * x, out + x * size, 1);
        else if (! flat && in[x] != 0)
          memcpy (out + x * size, foreground, size);
    }
  paint_closures (dialog, region);
}

static void
preview_update (GimpPreview *preview,
                FillDialog  *dialog)
{
  GeglRectangle area = tessera_preview_area (preview);
  TesseraRegion region;

  refill (dialog);
  if (! tessera_region_read (&region, dialog->target->drawable, &area, NULL,
                             NULL))
    return;
  if (dialog->problem == NULL)
    paint_preview (dialog, &region);
  tessera_preview_draw (preview, &region.image, &region.rect,
                            region.format);
  tessera_region_clear (&region);
}

/* A check button on ROW of TABLE for VALUE, refreshing PREVIEW. */
static void
add_toggle (GtkWidget   *table,
            gint         row,
            const gchar *label,
            gboolean    *value,
            GtkWidget   *preview,
            const gchar *tooltip)
{
  GtkWidget *toggle = gtk_check_button_new_with_mnemonic (label);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), *value);
  g_signal_connect (toggle, "toggled", G_CALLBACK (gimp_toggle_button_update),
                    value);
  g_signal_connect_swapped (toggle, "toggled",
                            G_CALLBACK (gimp_preview_invalidate), preview);
  gimp_help_set_help_data (toggle, tooltip, NULL);
  gtk_table_attach (GTK_TABLE (table), toggle, 0, 4, row, row + 1,
                    GTK_FILL, GTK_FILL, 0, 0);
}

/* A scale on ROW of TABLE for VALUE: SCALE_MAX on the slider, up to MAX
 * typed in. */
static void
add_int_scale (GtkWidget   *table,
               gint         row,
               const gchar *label,
               gint        *value,
               gint         min,
               gint         scale_max,
               gint         max,
               GtkWidget   *preview,
               const gchar *tooltip)
{
  GtkObject *scale = gimp_scale_entry_new (GTK_TABLE (table), 0, row, label,
                                           200, 6, *value, min, scale_max, 1,
                                           10, 0, FALSE, min, max, tooltip,
                                           NULL);

  g_signal_connect (scale, "value-changed",
                    G_CALLBACK (gimp_int_adjustment_update), value);
  g_signal_connect_swapped (scale, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate), preview);
}

/* Layers of the drawable's image, for the colour guide. */
static gboolean
same_image (gint32   image,
            gint32   item,
            gpointer data)
{
  return image == GPOINTER_TO_INT (data);
}

/* The colour guide: none, or a layer of the image. */
static void
add_guide (FillDialog *dialog,
           GtkWidget  *table,
           gint        row)
{
  GtkWidget *combo = gimp_layer_combo_box_new (same_image,
                                               GINT_TO_POINTER
                                                 (dialog->target->image));

  gimp_int_combo_box_prepend (GIMP_INT_COMBO_BOX (combo),
                              GIMP_INT_STORE_VALUE, -1,
                              GIMP_INT_STORE_LABEL, _("None"), -1);
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (combo),
                              dialog->values->guide,
                              G_CALLBACK (gimp_int_combo_box_get_active),
                              &dialog->values->guide);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, row, _("Colour gu_ide:"),
                             0.0, 0.5, combo, 2, FALSE);
  gimp_help_set_help_data (combo,
                           _("A layer with dabs of colour: with flat "
                             "colours, each region a dab touches takes its "
                             "colour; the others get the automatic ones"),
                           NULL);
}

static GtkWidget *
make_controls (FillDialog *dialog)
{
  FillValues *values  = dialog->values;
  GtkWidget  *preview = dialog->preview;
  GtkWidget  *table   = gtk_table_new (13, 4, FALSE);
  GtkObject  *threshold, *bleed;
  GtkWidget  *toggle, *combo;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);

  tessera_dialog_add_combo (GTK_TABLE (table), 0, _("Contour _source:"), 2,
                            &values->source, preview,
                            _("Opaque pixels (line art on a transparent layer)"),
                            FILL_SOURCE_ALPHA,
                            _("Dark pixels (ink on paper)"), FILL_SOURCE_DARK,
                            _("Light pixels (light lines on black)"),
                            FILL_SOURCE_BRIGHT,
                            _("Pixels near the foreground colour"),
                            FILL_SOURCE_FOREGROUND, NULL);

  threshold = gimp_scale_entry_new (GTK_TABLE (table), 0, 1, _("_Threshold:"),
                                    200, 6, values->threshold, 0.0, 1.0,
                                    0.01, 0.1, 2, TRUE, 0, 0,
                                    _("Opacity, lightness or distance to the "
                                      "foreground colour (0 to 1) that "
                                      "separates contour from the rest"),
                                    NULL);
  g_signal_connect (threshold, "value-changed",
                    G_CALLBACK (gimp_double_adjustment_update),
                    &values->threshold);
  g_signal_connect_swapped (threshold, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate), preview);

  tessera_dialog_add_combo (GTK_TABLE (table), 2, _("Co_nnectivity:"), 2,
                            &values->connectivity, preview,
                            _("4: lines with diagonal steps close a region"),
                            4,
                            _("8: only lines without diagonal steps close a region"),
                            8, NULL);
  tessera_dialog_add_combo (GTK_TABLE (table), 3, _("_Output:"), 2,
                            &values->output, preview,
                            _("Foreground colour on this layer"),
                            FILL_OUTPUT_FOREGROUND,
                            _("Foreground colour on a new layer"),
                            FILL_OUTPUT_LAYER,
                            _("Selection of the interior"),
                            FILL_OUTPUT_SELECTION,
                            _("Flat colours on a new layer"),
                            FILL_OUTPUT_FLAT, NULL);

  bleed = gimp_scale_entry_new (GTK_TABLE (table), 0, 4,
                                _("_Under the line:"), 200, 6, values->bleed,
                                0, 8, 1, 1, 0, FALSE, 0, FILL_MAX_BLEED,
                                _("How many pixels the fill runs under the "
                                  "contour, so that no gap shows at "
                                  "anti-aliased edges"), NULL);
  g_signal_connect (bleed, "value-changed",
                    G_CALLBACK (gimp_int_adjustment_update), &values->bleed);
  g_signal_connect_swapped (bleed, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate), preview);

  add_toggle (table, 5, _("Colour the line up to its _centre"),
              &values->to_centre, preview,
              _("Each pixel of the line takes the colour of the nearest "
                "region, so that the line is coloured up to its centre "
                "from both sides (instead of the pixels above)"));
  add_int_scale (table, 6, _("Close _gaps up to:"), &values->gap, 0, 16,
                 FILL_MAX_GAP, preview,
                 _("Lines that end this many pixels or less from another "
                   "line (or from themselves) are joined for finding the "
                   "regions; the joins show in the preview.  0: only "
                   "closed contours"));
  add_toggle (table, 7, _("The layer's _edge closes regions"),
              &values->edge_regions, preview,
              _("Fill art that runs off the layer: regions that touch the "
                "edge are filled too, except the one that touches all four "
                "sides (the paper around a drawing)"));
  add_int_scale (table, 8, _("S_mallest region:"), &values->min_region, 0,
                 500, FILL_MAX_MIN_REGION, preview,
                 _("Regions of fewer pixels (hatching, specks) join the "
                   "neighbour they share most line with.  0: keep every "
                   "region"));
  add_guide (dialog, table, 9);

  toggle = gtk_check_button_new_with_mnemonic (_("_All layers of the image "
                                                 "(the preview shows this "
                                                 "one)"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle),
                                values->all_layers);
  g_signal_connect (toggle, "toggled",
                    G_CALLBACK (gimp_toggle_button_update),
                    &values->all_layers);
  gtk_table_attach (GTK_TABLE (table), toggle, 0, 4, 10, 11,
                    GTK_FILL, GTK_FILL, 0, 0);

  combo = tessera_backend_combo_new (&values->backend);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, 11, _("_Backend:"),
                             0.0, 0.5, combo, 2, FALSE);

  dialog->status = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (dialog->status), TRUE);
  gtk_misc_set_alignment (GTK_MISC (dialog->status), 0.0, 0.5);
  gtk_table_attach (GTK_TABLE (table), dialog->status, 0, 4, 12, 13,
                    GTK_FILL, GTK_FILL, 0, 0);
  return table;
}

static gboolean
fill_dialog (const TesseraTarget *target,
             gpointer             data)
{
  FillDialog  dialog = { 0 };
  GtkWidget  *window, *vbox;
  gboolean    ok;

  dialog.values = data;
  dialog.target = target;
  /* Propose the source that suits this layer. */
  dialog.values->source = fill_guess_source (target->drawable);

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_("Fill Closed Contours"),
                               "tessera-fill-contours", PLUG_IN_PROC, vbox);
  dialog.preview = tessera_dialog_add_preview (vbox, target->drawable,
                                               G_CALLBACK (preview_update),
                                               &dialog);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog),
                      FALSE, FALSE, 0);

  ok = tessera_dialog_run (window);
  fill_job_clear (&dialog.job);
  g_free (dialog.problem);
  return ok;
}

static void
fill_parse (const GimpParam *param,
            gpointer         data)
{
  FillValues *values = data;

  values->source       = param[3].data.d_int32;
  values->threshold    = param[4].data.d_float;
  values->connectivity = param[5].data.d_int32;
  values->output       = param[6].data.d_int32;
  values->backend      = param[7].data.d_int32;
  values->bleed        = param[8].data.d_int32;
  values->all_layers   = param[9].data.d_int32 != 0;
  values->gap          = param[10].data.d_int32;
  values->edge_regions = param[11].data.d_int32;
  values->min_region   = param[12].data.d_int32;
  values->to_centre    = param[13].data.d_int32;
  values->guide        = param[14].data.d_int32;
}

/* The guide is -1 (none; 0 from callers that predate it) or a layer. */
static gboolean
fill_check_guide (gint32   guide,
                  GError **error)
{
  if (guide <= 0 || gimp_item_is_layer (guide))
    return TRUE;
  g_set_error (error, TESSERA_PLUGIN_ERROR, TESSERA_ERROR_INVALID_ARGUMENT,
               _("guide must be a layer or -1, not %d."), guide);
  return FALSE;
}

static gboolean
fill_check (gconstpointer   data,
            GError        **error)
{
  const FillValues *values = data;

  if (values->connectivity != 4 && values->connectivity != 8)
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   _("connectivity must be 4 or 8, not %d."),
                   values->connectivity);
      return FALSE;
    }
  return tessera_check_range ("contour-source", values->source,
                              FILL_SOURCE_ALPHA, FILL_SOURCE_FOREGROUND, error)
      && tessera_check_range_double ("threshold", values->threshold, 0.0, 1.0,
                                     error)
      && tessera_check_range ("output", values->output,
                              FILL_OUTPUT_FOREGROUND, FILL_OUTPUT_FLAT, error)
      && tessera_check_range ("backend", values->backend,
                              TESSERA_BACKEND_AUTO, TESSERA_BACKEND_CUDA,
                              error)
      && tessera_check_range ("bleed", values->bleed, 0, FILL_MAX_BLEED,
                              error)
      && tessera_check_range ("gap", values->gap, 0, FILL_MAX_GAP, error)
      && tessera_check_range ("edge-regions", values->edge_regions, 0, 1,
                              error)
      && tessera_check_range ("min-region", values->min_region, 0,
                              FILL_MAX_MIN_REGION, error)
      && tessera_check_range ("bleed-to-centre", values->to_centre, 0, 1,
                              error)
      && fill_check_guide (values->guide, error);
}

/* The layers of a run: TARGET's drawable, or every layer of the image that
 * is not a group (inside groups too). */
static void
collect_layers (const gint *items,
                gint        n_items,
                GArray     *layers)
{
  for (gint i = 0; i < n_items; i++)
    if (gimp_item_is_group (items[i]))
      {
        gint  n_children;
        gint *children = gimp_item_get_children (items[i], &n_children);
        collect_layers (children, n_children, layers);
        g_free (children);
      }
    else
      g_array_append_val (layers, items[i]);
}

static GArray *
run_drawables (const TesseraTarget *target,
               const FillValues    *values)
{
  GArray *drawables = g_array_new (FALSE, FALSE, sizeof (gint32));

  if (values->all_layers)
    {
      gint  n_layers;
      gint *layers = gimp_image_get_layers (target->image, &n_layers);
      collect_layers (layers, n_layers, drawables);
      g_free (layers);
    }
  else
    g_array_append_val (drawables, target->drawable);
  return drawables;
}

/* Reads every drawable's contour map, fills them in one batch (the GPU
 * overlaps one layer's copies with another's work), writes the outputs. */
static gboolean
fill_apply (const TesseraTarget *target,
            gconstpointer        data,
            GError             **error)
{
  const FillValues *values = data;
  GArray           *drawables = run_drawables (target, values);
  gint              count = drawables->len;
  FillJob          *jobs = g_new0 (FillJob, count);
  TesseraProgress   progress;
  TesseraExec       exec;
  gboolean          ok = TRUE;

  tessera_progress_start (&progress, _("Fill Closed Contours"));
  for (gint i = 0; i < count && ok; i++)
    {
      tessera_progress_stage (&progress, 0.3 / count);
      ok = fill_read_map (&jobs[i], g_array_index (drawables, gint32, i),
                          values, &progress, error);
    }
  if (ok)
    {
      tessera_progress_stage (&progress, 0.3);
      exec = tessera_progress_exec (&progress, values->backend);
      ok = fill_paint (jobs, count, values, &exec, error);
    }
  if (ok)
    {
      tessera_progress_stage (&progress, 0.4);
      fill_write (jobs, count, values, target, &progress);
    }
  for (gint i = 0; i < count; i++)
    fill_job_clear (&jobs[i]);
  g_free (jobs);
  g_array_free (drawables, TRUE);
  return ok;
}

static const GimpParamDef args[] =
{
  TESSERA_ARGS_RUN_MODE_IMAGE_DRAWABLE,
  { GIMP_PDB_INT32, "contour-source",
    "Which pixels are contour { ALPHA (0): alpha >= threshold, DARK (1): "
    "luminance <= threshold (transparent counts as white), BRIGHT (2): "
    "luminance >= threshold (transparent counts as black), FOREGROUND (3): "
    "within threshold of the foreground colour }" },
  { GIMP_PDB_FLOAT, "threshold",
    "The source's threshold, 0 to 1 (distance to the foreground: RGB "
    "distance / sqrt (3))" },
  { GIMP_PDB_INT32, "connectivity",
    "4: pixels touch through edges only, so lines with diagonal steps close "
    "a region; 8: through corners too, so only 4-connected lines do" },
  { GIMP_PDB_INT32, "output",
    "{ FOREGROUND (0): the foreground colour on the drawable, LAYER (1): the "
    "foreground colour on a new layer, SELECTION (2): the interior "
    "(intersected with the selection), FLAT (3): a colour per region on a "
    "new layer, no two alike up to 32768 regions (78 greys on a grey "
    "image) }.  The new layer lies under the drawable for the ALPHA and "
    "FOREGROUND sources, over it in Multiply mode for DARK and in Screen "
    "mode for BRIGHT (an opaque drawable would hide it)" },
  TESSERA_ARG_BACKEND,
  /* Options beyond the procedure's specified form come after the backend. */
  { GIMP_PDB_INT32, "bleed",
    "Pixels the fill runs under the contour (0..64)" },
  { GIMP_PDB_INT32, "all-layers",
    "Fill every layer of the image (TRUE) or the drawable only (FALSE)" },
  /* The regions of line art; 0 (and -1 for the guide) as before them. */
  { GIMP_PDB_INT32, "gap",
    "Close gaps in the lines of up to this many pixels (0..64; 0: only "
    "closed contours): a line end this near another line, or itself, is "
    "joined to it for finding regions, and the regions are filled up to "
    "the line, the gap's mouth included" },
  { GIMP_PDB_INT32, "edge-regions",
    "TRUE: the drawable's edge closes regions, so art that runs off it is "
    "filled (all regions but the one touching all four sides); FALSE: "
    "regions that touch the edge are outside" },
  { GIMP_PDB_INT32, "min-region",
    "Regions of fewer pixels join the neighbour they share most line with "
    "(0..1000000; 0: keep all)" },
  { GIMP_PDB_INT32, "bleed-to-centre",
    "TRUE: each line pixel takes the colour of the nearest region, up to "
    "the line's centre (bleed is then unused); FALSE: bleed pixels" },
  { GIMP_PDB_INT32, "guide",
    "A layer whose opaque dabs of colour give the regions they touch their "
    "colour, for the FLAT output (the others get the automatic colours), "
    "or -1 for none" }
};

static const gchar * const menu_paths[] =
{
  TESSERA_MENU, "<Image>/Edit", NULL
};

static const TesseraPlugin fill_contours =
{
  .name        = PLUG_IN_PROC,
  .blurb       = N_("Fill the inside of every closed contour"),
  .help        = "Fills every region that a closed contour encloses, nested "
                 "ones too, with no seed to pick: what cannot reach the edge "
                 "of the layer through non-contour pixels is inside.  The "
                 "contour comes from the alpha channel, the lightness or the "
                 "foreground colour.  For real line art, gaps in the lines "
                 "can be closed, the layer's edge can close regions, small "
                 "regions can join their neighbours, the line can be "
                 "coloured up to its centre, and a guide layer's dabs can "
                 "give regions their colours.",
  .menu_label  = N_("Fill Closed _Contours…"),
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .args        = args,
  .n_args      = G_N_ELEMENTS (args),
  .values_size = sizeof (FillValues),
  .parse       = fill_parse,
  .check       = fill_check,
  .dialog      = fill_dialog,
  .apply       = fill_apply
};

static void
query (void)
{
  tessera_plugin_install (&fill_contours);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  /* The dialog's first values; a script gives them all. */
  FillValues values = { FILL_SOURCE_DARK, 0.5, 4, FILL_OUTPUT_LAYER,
                        TESSERA_BACKEND_AUTO, 0, FALSE, 3, FALSE, 16, FALSE,
                        -1 };

  tessera_plugin_run (&fill_contours, &values, n_params, param,
                      n_return_vals, return_vals);
}
