/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST) for GIMP 3: the procedure of the GIMP
 * 2.10 plug-in (mst-segment.c), from the same declaration
 * (mst-segment-args.h), doing the same work (segment-work.c), with the
 * dialog GIMP 3 makes from the arguments, a preview of the recoloured
 * classes and their swatches (segment-swatches3.c). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "segment-swatches3.h"
#include "tessera-applies.h"
#include "segment-work.h"
#include "tessera-args-gimp3.h"
#include "tessera-plugin3.h"
#include "tessera-progress.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "tessera-region.h"

/* The dialog's preview (tessera-live.h): the selection's bounds read
 * once on the main thread; on the worker their colours found once and
 * their classes cut again only when the values change, the selection
 * recoloured; shown with the classes as swatches. */
typedef struct
{
  GimpProcedureConfig *config;
  GtkWidget           *swatches;
  TesseraRegion        region;
  gboolean             read;        /* REGION was read */
  SegmentClasses       classes;
  gboolean             loaded;      /* CLASSES holds REGION's colours */
  gboolean             computed;    /* RESULT holds LAST's */
  SegmentValues        last;
  SegmentValues        asked;       /* at the start, for the worker */
  TesseraImage         result;
} SegmentPreview;

/* The values in CONFIG now, for the worker. */
static gboolean
preview_start (TesseraLive *live,
               gpointer     data)
{
  SegmentPreview *shown = data;

  if (! shown->read)
    return FALSE;
  memset (&shown->asked, 0, sizeof shown->asked);
  tessera_args_from_config (shown->config, segment_args,
                            G_N_ELEMENTS (segment_args), &shown->asked,
                            NULL);
  return tessera_args_check (segment_args, G_N_ELEMENTS (segment_args),
                             &shown->asked, NULL);
}

/* RESULT for ASKED: the tree cut, the selection recoloured. */
static gboolean
recolour (SegmentPreview *shown,
          TesseraExec    *exec)
{
  const TesseraImage *in = &shown->region.image;

  if (! segment_classes_cut (&shown->classes, &shown->asked, exec)
      || tessera_image_alloc (&shown->result, in->width, in->height,
                              in->channels, in->type) != TESSERA_OK)
    return FALSE;
  if (tessera_mst_segment_recolour (in, &shown->classes.histogram,
                                    &shown->classes.classes, &shown->result,
                                    exec) == TESSERA_OK)
    return TRUE;
  tessera_image_free (&shown->result);
  return FALSE;
}

static gboolean
preview_compute (TesseraLive *live,
                 gpointer     data)
{
  SegmentPreview *shown = data;
  TesseraExec     exec;

  if (shown->computed
      && memcmp (&shown->asked, &shown->last, sizeof shown->asked) == 0)
    return TRUE;
  if (shown->computed)
    tessera_image_free (&shown->result);
  shown->computed = FALSE;
  exec = tessera_live_exec (live, shown->asked.backend);
  if (! shown->loaded)
    shown->loaded = segment_classes_init (&shown->classes,
                                          &shown->region.image, &exec);
  if (! shown->loaded)
    return FALSE;
  shown->computed = recolour (shown, &exec);
  shown->last = shown->asked;
  return shown->computed;
}

/* On the main thread: the result and its classes as swatches. */
static gboolean
preview_finish (TesseraLive *live,
                gpointer     data)
{
  SegmentPreview  *shown = data;
  SegmentSwatches  swatches;

  tessera_live_show (live, &shown->result, &shown->region.rect,
                     shown->region.format);
  segment_swatches_of (&shown->classes, &swatches);
  segment_swatches3_show (shown->swatches, &swatches);
  segment_swatches_clear (&swatches);
  return TRUE;
}

/* The sensitivity is greyed while the number of classes is given, since it
 * then has no effect, and its tooltip says so. */
static void
sensitivity_update (GObject    *config,
                    GParamSpec *pspec,
                    gpointer    dialog)
{
  const TesseraArg *arg = &segment_args[SEGMENT_ARG_SENSITIVITY];
  gint              classes;

  g_object_get (config, "classes", &classes, NULL);
  tessera_applies_set (arg->name, classes == 0, _(arg->description),
                       _("Used only when Classes is 0 (the number of "
                         "classes found automatically)."),
                       gimp_procedure_dialog_get_widget (
                         GIMP_PROCEDURE_DIALOG (dialog), arg->name,
                         G_TYPE_NONE),
                       NULL);
}

/* The dialog made from the arguments, the preview left, the classes
 * under the settings. */
static gboolean
segment_dialog3 (GimpProcedure       *procedure,
                 GimpProcedureConfig *config,
                 gint32               drawable,
                 const GeglRectangle *bounds)
{
  GtkWidget      *dialog;
  GtkWidget      *preview;
  SegmentPreview  shown;
  GList          *rows;
  gboolean        ok;

  memset (&shown, 0, sizeof shown);
  shown.config = config;
  shown.read   = tessera_region_read (&shown.region, drawable, bounds, NULL,
                                      NULL);
  dialog = tessera_dialog3_new (procedure, config, MST_SEGMENT_LABEL,
                                segment_args,
                                G_N_ELEMENTS (segment_args));
  shown.swatches = segment_swatches3_new (GIMP_PROCEDURE_DIALOG (dialog),
                                          "classes-shown");
  preview = tessera_dialog3_live (dialog, config, drawable, preview_start,
                                  preview_compute, preview_finish, &shown);
  rows = tessera_dialog3_rows (segment_args, G_N_ELEMENTS (segment_args));
  /* The summary and swatches under the settings, in room kept for them:
   * nothing moves when the first result comes. */
  rows = g_list_append (rows, (gpointer) "classes-shown");
  tessera_dialog3_fill (dialog, preview, rows);
  g_list_free (rows);
  g_signal_connect_object (config, "notify::classes",
                           G_CALLBACK (sensitivity_update), dialog, 0);
  sensitivity_update (G_OBJECT (config), NULL, dialog);
  ok = tessera_dialog3_run (dialog);
  if (shown.computed)
    tessera_image_free (&shown.result);
  if (shown.loaded)
    segment_classes_clear (&shown.classes);
  if (shown.read)
    tessera_region_clear (&shown.region);
  return ok;
}

static GimpValueArray *
run (GimpProcedure        *procedure,
     GimpRunMode           run_mode,
     GimpImage            *image,
     GimpDrawable        **drawables,
     GimpProcedureConfig  *config,
     gpointer              run_data)
{
  SegmentValues  values;
  GError        *error = NULL;
  GeglRectangle  bounds;
  gint32         drawable;

  drawable = tessera_target3 (image, drawables, &error);
  if (drawable < 0 || ! tessera_selection_bounds (drawable, &bounds, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! segment_dialog3 (procedure, config, drawable, &bounds))
    return tessera_failure3 (procedure, GIMP_PDB_CANCEL, NULL);

  /* The arguments hold no arrays. */
  tessera_args_from_config (config, segment_args, G_N_ELEMENTS (segment_args),
                            &values, NULL);
  if (! tessera_args_check (segment_args, G_N_ELEMENTS (segment_args),
                            &values, &error))
    return tessera_failure3 (procedure, GIMP_PDB_CALLING_ERROR, error);
  if (! segment_run (run_mode, drawable, &bounds, &values, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS, NULL);
}

static const gchar * const menu_paths[] =
{
  MST_SEGMENT_MENUS, NULL
};

static const TesseraProcedure3 mst_segment3 =
{
  .name       = MST_SEGMENT_PROC,
  .menu_label = MST_SEGMENT_LABEL,
  .blurb      = MST_SEGMENT_BLURB,
  .help       = MST_SEGMENT_HELP,
  .menu_paths = menu_paths,
  .args       = segment_args,
  .n_args     = G_N_ELEMENTS (segment_args),
  .run        = run
};

TESSERA_PLUGIN3_MAIN (&mst_segment3)
