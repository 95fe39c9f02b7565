/* Tessera — Fill Closed Contours for GIMP 3: the procedure of the GIMP 2.10
 * plug-in (fill-contours.c), from the same declaration
 * (fill-contours-args.h), doing the same work (fill-work.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "fill-work.h"
#include "tessera-args-gimp3.h"
#include "tessera-plugin3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"

/* The dialog GIMP makes from the arguments, proposing the source that
 * suits DRAWABLE as the 2.10 dialog does; FALSE when the user cancels. */
static gboolean
fill_dialog (GimpProcedure       *procedure,
             GimpProcedureConfig *config,
             gint32               drawable)
{
  const TesseraArg       *source = &fill_contours_args[FILL_ARG_SOURCE];
  const TesseraArgChoice *guess;
  GtkWidget              *dialog;
  gchar                  *nick;
  gboolean                ok;

  guess = tessera_arg_choice_of (source, fill_guess_source (drawable));
  nick  = g_ascii_strdown (guess->nick, -1);
  g_object_set (config, source->name, nick, NULL);
  g_free (nick);

  dialog = tessera_dialog3_new (procedure, config, FILL_CONTOURS_LABEL,
                                fill_contours_args,
                                G_N_ELEMENTS (fill_contours_args));
  gimp_procedure_dialog_fill (GIMP_PROCEDURE_DIALOG (dialog), NULL);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  gtk_widget_destroy (dialog);
  return ok;
}

static GimpValueArray *
fill_contours3_run (GimpProcedure        *procedure,
                    GimpRunMode           run_mode,
                    GimpImage            *image,
                    GimpDrawable        **drawables,
                    GimpProcedureConfig  *config,
                    gpointer              run_data)
{
  FillValues     values;
  GError        *error = NULL;
  GeglRectangle  bounds;
  gint32         drawable;

  drawable = tessera_target3 (image, drawables, &error);
  if (drawable < 0 || ! tessera_selection_bounds (drawable, &bounds, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! fill_dialog (procedure, config, drawable))
    return tessera_failure3 (procedure, GIMP_PDB_CANCEL, NULL);

  /* Fill Closed Contours takes no arrays. */
  tessera_args_from_config (config, fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), &values, NULL);
  if (! tessera_args_check (fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), &values,
                            &error)
      || ! fill_check (&values, &error))
    return tessera_failure3 (procedure, GIMP_PDB_CALLING_ERROR, error);

  if (! fill_run (gimp_image_get_id (image), drawable, &values, &error))
    return tessera_failure3 (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

static const gchar * const menu_paths[] =
{
  "<Image>/Filters/Tessera", "<Image>/Edit", NULL
};

static const TesseraProcedure3 fill_contours3 =
{
  .name       = FILL_CONTOURS_PROC,
  .menu_label = FILL_CONTOURS_LABEL,
  .blurb      = FILL_CONTOURS_BLURB,
  .help       = FILL_CONTOURS_HELP,
  .menu_paths = menu_paths,
  .args       = fill_contours_args,
  .n_args     = G_N_ELEMENTS (fill_contours_args),
  .run        = fill_contours3_run
};

TESSERA_PLUGIN3_MAIN (&fill_contours3)
