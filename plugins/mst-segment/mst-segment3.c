/* Tessera — Segment Colours (MST) for GIMP 3: the procedure of the GIMP
 * 2.10 plug-in (mst-segment.c), from the same declaration
 * (mst-segment-args.h), doing the same work (segment-work.c), with the
 * dialog GIMP 3 makes from the arguments (no preview or swatches yet). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "segment-work.h"
#include "tessera-args-gimp3.h"
#include "tessera-plugin3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "tessera-region.h"

/* The dialog made from the arguments; the sensitivity is greyed while the
 * number of classes is given, since it then has no effect. */
static gboolean
segment_dialog3 (GimpProcedure       *procedure,
                 GimpProcedureConfig *config)
{
  GtkWidget      *dialog;
  GimpValueArray *automatic = gimp_value_array_new (1);
  GValue          zero      = G_VALUE_INIT;
  gboolean        ok;

  dialog = tessera_dialog3_new (procedure, config, MST_SEGMENT_LABEL,
                                segment_args,
                                G_N_ELEMENTS (segment_args));
  gimp_procedure_dialog_fill (GIMP_PROCEDURE_DIALOG (dialog), NULL);
  g_value_init (&zero, G_TYPE_INT);
  g_value_set_int (&zero, 0);
  gimp_value_array_append (automatic, &zero);
  g_value_unset (&zero);
  /* The dialog keeps AUTOMATIC. */
  gimp_procedure_dialog_set_sensitive_if_in (GIMP_PROCEDURE_DIALOG (dialog),
                                             "sensitivity", NULL, "classes",
                                             automatic, TRUE);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  gtk_widget_destroy (dialog);
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
      && ! segment_dialog3 (procedure, config))
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
  "<Image>/Filters/Tessera", "<Image>/Colors", NULL
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
