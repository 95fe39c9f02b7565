/* Tessera — Fill Closed Contours for GIMP 3: the procedure of the GIMP 2.10
 * plug-in (fill-contours.c), from the same declaration
 * (fill-contours-args.h), doing the same work (fill-work.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "fill-work.h"
#include "tessera-args-gimp3.h"
#include "tessera-filter3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"

#define TESSERA_TYPE_FILL_CONTOURS3 (tessera_fill_contours3_get_type ())
G_DECLARE_FINAL_TYPE (TesseraFillContours3, tessera_fill_contours3, TESSERA,
                      FILL_CONTOURS3, GimpPlugIn)

struct _TesseraFillContours3
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraFillContours3, tessera_fill_contours3,
               GIMP_TYPE_PLUG_IN)

static GimpValueArray *
failure (GimpProcedure     *procedure,
         GimpPDBStatusType  status,
         GError            *error)
{
  return gimp_procedure_new_return_values (procedure, status, error);
}

/* The one drawable of IMAGE to fill, checked as in 2.10 (no group, no
 * indexed image); -1 with *ERROR set when there is none. */
static gint32
target_of (GimpImage     *image,
           GimpDrawable **drawables,
           GError       **error)
{
  gint32 drawable;

  if (drawables == NULL || drawables[0] == NULL || drawables[1] != NULL)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_INVALID_ARGUMENT,
                           _("Choose one layer, mask or channel."));
      return -1;
    }
  drawable = TESSERA_ID (drawables[0]);
  if (! tessera_drawable_check (gimp_image_get_id (image), drawable, error))
    return -1;
  return drawable;
}

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

  gimp_ui_init (FILL_CONTOURS_PROC);
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

  drawable = target_of (image, drawables, &error);
  if (drawable < 0 || ! tessera_selection_bounds (drawable, &bounds, &error))
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! fill_dialog (procedure, config, drawable))
    return failure (procedure, GIMP_PDB_CANCEL, NULL);

  /* Fill Closed Contours takes no arrays. */
  tessera_args_from_config (config, fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), &values, NULL);
  if (! tessera_args_check (fill_contours_args,
                            G_N_ELEMENTS (fill_contours_args), &values,
                            &error)
      || ! fill_check (&values, &error))
    return failure (procedure, GIMP_PDB_CALLING_ERROR, error);

  if (! fill_run (gimp_image_get_id (image), drawable, &values, &error))
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

static GList *
query_procedures (GimpPlugIn *plug_in)
{
  return g_list_append (NULL, g_strdup (FILL_CONTOURS_PROC));
}

static GimpProcedure *
create_procedure (GimpPlugIn  *plug_in,
                  const gchar *name)
{
  static const gchar * const menu_paths[] =
  {
    "<Image>/Filters/Tessera", "<Image>/Edit", NULL
  };
  GimpProcedure       *procedure;
  const gchar * const *path;

  if (g_strcmp0 (name, FILL_CONTOURS_PROC) != 0)
    return NULL;

  /* Our catalogs are installed with the system's (set_i18n). */
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  procedure = gimp_image_procedure_new (plug_in, name,
                                        GIMP_PDB_PROC_TYPE_PLUGIN,
                                        fill_contours3_run, NULL, NULL);
  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (procedure, _(FILL_CONTOURS_LABEL));
  for (path = menu_paths; *path != NULL; path++)
    gimp_procedure_add_menu_path (procedure, *path);
  gimp_procedure_set_documentation (procedure, _(FILL_CONTOURS_BLURB),
                                    FILL_CONTOURS_HELP, name);
  gimp_procedure_set_attribution (procedure, "The Tessera authors",
                                  "The Tessera authors", "2025");
  tessera_args_add_arguments (procedure, fill_contours_args,
                              G_N_ELEMENTS (fill_contours_args));
  return procedure;
}

/* GIMP 3 looks for catalogs inside the plug-in's folder; ours are
 * installed with the system's, so the plug-in binds its domain itself
 * (create_procedure) and GIMP translates nothing of its own. */
static gboolean
set_i18n (GimpPlugIn   *plug_in,
          const gchar  *procedure_name,
          gchar       **gettext_domain,
          gchar       **catalog_dir)
{
  return FALSE;
}

static void
tessera_fill_contours3_class_init (TesseraFillContours3Class *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = query_procedures;
  plug_in_class->create_procedure = create_procedure;
  plug_in_class->set_i18n         = set_i18n;
}

static void
tessera_fill_contours3_init (TesseraFillContours3 *self)
{
}

GIMP_MAIN (TESSERA_TYPE_FILL_CONTOURS3)
