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
#include "tessera-filter3.h"
#include "tessera-drawable.h"
#include "tessera-gimp.h"
#include "tessera-region.h"

#define TESSERA_TYPE_MST_SEGMENT3 (tessera_mst_segment3_get_type ())
G_DECLARE_FINAL_TYPE (TesseraMstSegment3, tessera_mst_segment3, TESSERA,
                      MST_SEGMENT3, GimpPlugIn)

struct _TesseraMstSegment3
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraMstSegment3, tessera_mst_segment3, GIMP_TYPE_PLUG_IN)

/* The ID of the one drawable of IMAGE in DRAWABLES that Tessera can work
 * on, or -1 with *ERROR saying why not (as in GIMP 2.10). */
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

  gimp_ui_init (MST_SEGMENT_PROC);
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
failure (GimpProcedure     *procedure,
         GimpPDBStatusType  status,
         GError            *error)
{
  return gimp_procedure_new_return_values (procedure, status, error);
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

  drawable = target_of (image, drawables, &error);
  if (drawable < 0 || ! tessera_selection_bounds (drawable, &bounds, &error))
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! segment_dialog3 (procedure, config))
    return failure (procedure, GIMP_PDB_CANCEL, NULL);

  /* The arguments hold no arrays. */
  tessera_args_from_config (config, segment_args, G_N_ELEMENTS (segment_args),
                            &values, NULL);
  if (! tessera_args_check (segment_args, G_N_ELEMENTS (segment_args),
                            &values, &error))
    return failure (procedure, GIMP_PDB_CALLING_ERROR, error);
  if (! segment_run (run_mode, drawable, &bounds, &values, &error))
    return failure (procedure, GIMP_PDB_EXECUTION_ERROR, error);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS, NULL);
}

static const gchar * const menu_paths[] =
{
  "<Image>/Filters/Tessera", "<Image>/Colors", NULL
};

static GList *
query_procedures (GimpPlugIn *plug_in)
{
  return g_list_append (NULL, g_strdup (MST_SEGMENT_PROC));
}

static GimpProcedure *
create_procedure (GimpPlugIn  *plug_in,
                  const gchar *name)
{
  GimpProcedure       *procedure;
  const gchar * const *path;

  if (g_strcmp0 (name, MST_SEGMENT_PROC) != 0)
    return NULL;
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* For ngettext (), which has no domain of its own. */
  textdomain (GETTEXT_PACKAGE);
  procedure = gimp_image_procedure_new (plug_in, name,
                                        GIMP_PDB_PROC_TYPE_PLUGIN, run, NULL,
                                        NULL);
  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (procedure, _(MST_SEGMENT_LABEL));
  for (path = menu_paths; *path != NULL; path++)
    gimp_procedure_add_menu_path (procedure, *path);
  gimp_procedure_set_documentation (procedure, _(MST_SEGMENT_BLURB),
                                    MST_SEGMENT_HELP, name);
  gimp_procedure_set_attribution (procedure, "The Tessera authors",
                                  "The Tessera authors", "2025");
  tessera_args_add_arguments (procedure, segment_args,
                              G_N_ELEMENTS (segment_args));
  return procedure;
}

/* Our catalogs are installed with the system's, not in the plug-in's
 * folder: the plug-in binds its domain itself (create_procedure). */
static gboolean
set_i18n (GimpPlugIn   *plug_in,
          const gchar  *procedure_name,
          gchar       **gettext_domain,
          gchar       **catalog_dir)
{
  return FALSE;
}

static void
tessera_mst_segment3_class_init (TesseraMstSegment3Class *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = query_procedures;
  plug_in_class->create_procedure = create_procedure;
  plug_in_class->set_i18n         = set_i18n;
}

static void
tessera_mst_segment3_init (TesseraMstSegment3 *self)
{
}

GIMP_MAIN (TESSERA_TYPE_MST_SEGMENT3)
