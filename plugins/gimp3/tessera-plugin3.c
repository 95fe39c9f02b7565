/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-args-gimp3.h"
#include "tessera-display.h"
#include "tessera-drawable.h"
#include "tessera-help-domain.h"
#include "tessera-mnemonics.h"
#include "tessera-gimp.h"
#include "tessera-plugin3.h"

#define TESSERA_TYPE_PLUG_IN3 (tessera_plug_in3_get_type ())
G_DECLARE_FINAL_TYPE (TesseraPlugIn3, tessera_plug_in3, TESSERA, PLUG_IN3,
                      GimpPlugIn)

struct _TesseraPlugIn3
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraPlugIn3, tessera_plug_in3, GIMP_TYPE_PLUG_IN)

/* What this plug-in serves, set by its main. */
static const TesseraProcedure3 * const *served;

/* The help pages next to the program (tessera-help-domain.h): the
 * dialogs' Help button opens the procedure's, its name being its help ID. */
static void
set_help_domain (GimpPlugIn *plug_in)
{
  gchar *domain = tessera_help_domain ();
  gchar *folder = tessera_help_folder ();
  GFile *file   = g_file_new_for_path (folder);

  gimp_plug_in_set_help_domain (plug_in, domain, file);
  g_object_unref (file);
  g_free (folder);
  g_free (domain);
}

static GList *
query_procedures (GimpPlugIn *plug_in)
{
  GList *names = NULL;
  gint   i;

  set_help_domain (plug_in);

  for (i = 0; served[i] != NULL; i++)
    names = g_list_append (names, g_strdup (served[i]->name));
  return names;
}

/* Every procedure's run: RUN-INTERACTIVE where GIMP has no display is
 * refused (tessera-display.h) before the procedure's own run would start
 * GTK for its dialog. */
static GimpValueArray *
run (GimpProcedure        *procedure,
     GimpRunMode           run_mode,
     GimpImage            *image,
     GimpDrawable        **drawables,
     GimpProcedureConfig  *config,
     gpointer              run_data)
{
  const TesseraProcedure3 *described = run_data;
  GError                  *error = NULL;

  if (run_mode == GIMP_RUN_INTERACTIVE
      && ! tessera_display_open (described->name, &error))
    return tessera_failure3 (procedure, GIMP_PDB_CALLING_ERROR, error);
  return described->run (procedure, run_mode, image, drawables, config,
                         (gpointer) described->run_data);
}

static GimpProcedure *
create_procedure (GimpPlugIn  *plug_in,
                  const gchar *name)
{
  const TesseraProcedure3 *described = NULL;
  GimpProcedure           *procedure;
  const gchar * const     *path;
  gint                     i;

  for (i = 0; served[i] != NULL && described == NULL; i++)
    if (strcmp (served[i]->name, name) == 0)
      described = served[i];
  if (described == NULL)
    return NULL;

  procedure = gimp_image_procedure_new (plug_in, name,
                                        GIMP_PDB_PROC_TYPE_PLUGIN,
                                        run, (gpointer) described, NULL);
  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (procedure, _(described->menu_label));
  for (path = described->menu_paths; *path != NULL; path++)
    gimp_procedure_add_menu_path (procedure, *path);
  gimp_procedure_set_documentation (procedure, _(described->blurb),
                                    described->help, name);
  gimp_procedure_set_attribution (procedure, "The Tessera authors",
                                  "The Tessera authors", "2025");
  tessera_args_add_arguments (procedure, described->args,
                              described->n_args);
  if (described->extend != NULL)
    described->extend (procedure);
  return procedure;
}

/* GIMP 3 looks for catalogs inside the plug-in's folder; ours are
 * installed with the system's, so main binds the domain itself and GIMP
 * translates nothing of its own. */
static gboolean
set_i18n (GimpPlugIn   *plug_in,
          const gchar  *procedure_name,
          gchar       **gettext_domain,
          gchar       **catalog_dir)
{
  return FALSE;
}

static void
tessera_plug_in3_class_init (TesseraPlugIn3Class *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = query_procedures;
  plug_in_class->create_procedure = create_procedure;
  plug_in_class->set_i18n         = set_i18n;
}

static void
tessera_plug_in3_init (TesseraPlugIn3 *self)
{
}

int
tessera_plugin3_main (int                              argc,
                      char                           **argv,
                      const TesseraProcedure3 * const *procedures)
{
  served = procedures;
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* For ngettext (), which has no domain of its own. */
  textdomain (GETTEXT_PACKAGE);
  return gimp_main (TESSERA_TYPE_PLUG_IN3, argc, argv);
}

GimpValueArray *
tessera_failure3 (GimpProcedure     *procedure,
                  GimpPDBStatusType  status,
                  GError            *error)
{
  return gimp_procedure_new_return_values (procedure, status, error);
}

gint32
tessera_target3 (GimpImage     *image,
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

/* The settings column's least width, about that of GIMP's own filters'. */
#define TESSERA_SETTINGS_WIDTH 360

GtkWidget *
tessera_dialog3_new (GimpProcedure        *procedure,
                     GimpProcedureConfig  *config,
                     const gchar          *menu_label,
                     const TesseraArg     *args,
                     gint                  n_args)
{
  gchar     *title;
  GtkWidget *dialog;

  gimp_ui_init (gimp_procedure_get_name (procedure));
  title = gimp_strip_uline (_(menu_label));
  if (g_str_has_suffix (title, "…"))
    title[strlen (title) - strlen ("…")] = '\0';
  dialog = gimp_procedure_dialog_new (procedure, config, title);
  g_free (title);
  tessera_mnemonics_watch (dialog);
  tessera_args_dialog_sliders (GIMP_PROCEDURE_DIALOG (dialog), args,
                               n_args);
  return dialog;
}

GtkWidget *
tessera_dialog3_live (GtkWidget           *dialog,
                      GimpProcedureConfig *config,
                      gint32               drawable,
                      TesseraLiveStep      start,
                      TesseraLiveStep      compute,
                      TesseraLiveStep      finish,
                      gpointer             data)
{
  GtkWidget *preview = tessera_live_new (drawable, start, compute, finish,
                                         data);

  /* Until the preview goes with the dialog. */
  g_signal_connect_object (config, "notify",
                           G_CALLBACK (tessera_live_update), preview,
                           G_CONNECT_SWAPPED);
  return preview;
}

GList *
tessera_dialog3_rows (const TesseraArg *args,
                      gint              n_args)
{
  GList *rows = NULL;
  gint   i;

  for (i = n_args - 1; i >= 0; i--)
    rows = g_list_prepend (rows, (gpointer) args[i].name);
  return rows;
}

void
tessera_dialog3_fill (GtkWidget *dialog,
                      GtkWidget *preview,
                      GList     *rows)
{
  GimpProcedureDialog *procedure_dialog = GIMP_PROCEDURE_DIALOG (dialog);
  GtkWidget           *row;
  GtkWidget           *settings;

  settings = gimp_procedure_dialog_fill_box_list (procedure_dialog,
                                                  "tessera-settings", rows);
  gtk_widget_set_valign (settings, GTK_ALIGN_START);
  /* Room for the sliders' tracks: the column is otherwise only as wide as
   * its widest combo, and GIMP's sliders shrink to a knob. */
  gtk_widget_set_size_request (settings, TESSERA_SETTINGS_WIDTH, -1);
  row = gimp_procedure_dialog_fill_box (procedure_dialog, "tessera-row",
                                        "tessera-settings", NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (row),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (row), 12);
  gtk_box_set_child_packing (GTK_BOX (row), settings, FALSE, FALSE, 0,
                             GTK_PACK_START);
  gtk_box_pack_start (GTK_BOX (row), preview, TRUE, TRUE, 0);
  gtk_box_reorder_child (GTK_BOX (row), preview, 0);
  gtk_widget_show_all (preview);
  gimp_procedure_dialog_fill (procedure_dialog, "tessera-row", NULL);
}

gboolean
tessera_dialog3_run (GtkWidget *dialog)
{
  gboolean ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));

  gtk_widget_destroy (dialog);
  return ok;
}
