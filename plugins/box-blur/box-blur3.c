/* Tessera — Box Blur (SAT) for GIMP 3: the procedure of the GIMP 2.10
 * plug-in (plugins/box-blur), from the same declaration. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "box-blur-args.h"
#include "tessera-filter3.h"

#define TESSERA_TYPE_BOX_BLUR3 (tessera_box_blur3_get_type ())
G_DECLARE_FINAL_TYPE (TesseraBoxBlur3, tessera_box_blur3, TESSERA, BOX_BLUR3,
                      GimpPlugIn)

struct _TesseraBoxBlur3
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraBoxBlur3, tessera_box_blur3, GIMP_TYPE_PLUG_IN)

/* Each pass adds one radius. */
static void
reach (gconstpointer  data,
       gint          *x,
       gint          *y)
{
  const BoxBlurValues *values = data;

  *x = values->radius_x * values->iterations;
  *y = values->radius_y * values->iterations;
}

static TesseraStatus
blur (const TesseraImage *src,
      TesseraImage       *dst,
      gboolean            has_alpha,
      gconstpointer       data,
      TesseraExec        *exec)
{
  TesseraBoxBlur params = box_blur_params (data, has_alpha);

  return tessera_box_blur (src, dst, &params, exec);
}

static const gchar * const menu_paths[] =
{
  "<Image>/Filters/Blur", "<Image>/Filters/Tessera", NULL
};

static const TesseraFilter3 box_blur3 =
{
  .name        = BOX_BLUR_PROC,
  .menu_label  = BOX_BLUR_LABEL,
  .blurb       = BOX_BLUR_BLURB,
  .help        = BOX_BLUR_HELP,
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .args        = box_blur_args,
  .n_args      = G_N_ELEMENTS (box_blur_args),
  .values_size = sizeof (BoxBlurValues),
  .reach       = reach,
  .filter      = blur
};

static GList *
query_procedures (GimpPlugIn *plug_in)
{
  return g_list_append (NULL, g_strdup (BOX_BLUR_PROC));
}

static GimpProcedure *
create_procedure (GimpPlugIn  *plug_in,
                  const gchar *name)
{
  if (g_strcmp0 (name, BOX_BLUR_PROC) != 0)
    return NULL;
  return tessera_filter3_procedure (plug_in, &box_blur3);
}

/* GIMP 3 looks for catalogs inside the plug-in's folder; ours are
 * installed with the system's, so the plug-in binds its domain itself
 * (tessera_filter3_procedure) and GIMP translates nothing of its own. */
static gboolean
set_i18n (GimpPlugIn   *plug_in,
          const gchar  *procedure_name,
          gchar       **gettext_domain,
          gchar       **catalog_dir)
{
  return FALSE;
}

static void
tessera_box_blur3_class_init (TesseraBoxBlur3Class *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = query_procedures;
  plug_in_class->create_procedure = create_procedure;
  plug_in_class->set_i18n         = set_i18n;
}

static void
tessera_box_blur3_init (TesseraBoxBlur3 *self)
{
}

GIMP_MAIN (TESSERA_TYPE_BOX_BLUR3)
