/* Tessera — Box Blur (SAT): the mean over a box around each pixel, at the
 * same cost for any radius (core/box-blur.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "box-blur.h"
#include "tessera-backend-combo.h"
#include "tessera-dialog.h"
#include "tessera-plugin.h"
#include "tessera-preview.h"
#include "tessera-progress.h"
#include "tessera-region.h"

#define PLUG_IN_PROC   "plug-in-tessera-box-blur"
#define DEFAULT_RADIUS 5

typedef struct
{
  gint           radius_x;
  gint           radius_y;
  gint           iterations;
  TesseraBackend backend;
} BoxBlurValues;

typedef struct
{
  BoxBlurValues   *values;
  gint32           drawable;
  GtkWidget       *preview;
  GtkWidget       *chain;
  GtkAdjustment   *radius_x;
  GtkAdjustment   *radius_y;
} BoxBlurDialog;

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

/* How far from a pixel its result reaches: each pass adds one radius. */
static gint
reach (gint radius,
       gint iterations)
{
  return radius * iterations;
}

/* Blurs SOURCE into a new region *RESULT, not in place (the core would
 * copy the source first); SOURCE is freed. */
static gboolean
blur_region (TesseraRegion        *source,
             TesseraRegion        *result,
             const BoxBlurValues  *values,
             TesseraExec          *exec,
             GError              **error)
{
  TesseraBoxBlur params = { 0 };
  TesseraStatus  status;

  params.radius_x   = values->radius_x;
  params.radius_y   = values->radius_y;
  params.iterations = values->iterations;
  params.has_alpha  = babl_format_has_alpha (source->format);
  params.method     = TESSERA_BOX_BLUR_METHOD_AUTO;

  if (! tessera_region_alloc_like (result, source, error))
    {
      tessera_region_clear (source);
      return FALSE;
    }
  status = tessera_box_blur (&source->image, &result->image, &params, exec);
  tessera_region_clear (source);
  if (status != TESSERA_OK)
    {
      tessera_region_clear (result);
      tessera_set_error (error, status);
    }
  return status == TESSERA_OK;
}

/* Reads the region around what is shown (so the edges are exact), blurs it
 * and draws the part shown. */
static void
preview_update (GimpPreview   *preview,
                BoxBlurDialog *dialog)
{
  const BoxBlurValues *values = dialog->values;
  GeglRectangle        shown  = tessera_preview_area (preview);
  TesseraExec          exec   = tessera_preview_exec (values->backend);
  GeglRectangle        around;
  TesseraRegion        source;
  TesseraRegion        result;

  around = tessera_rect_grow (dialog->drawable, &shown,
                              reach (values->radius_x, values->iterations),
                              reach (values->radius_y, values->iterations));
  if (tessera_region_read (&source, dialog->drawable, &around, NULL, NULL)
      && blur_region (&source, &result, values, &exec, NULL))
    {
      tessera_preview_draw (preview, &result);
      tessera_region_clear (&result);
    }
}

/* With the chain closed, both radii move together. */
static void
radius_changed (GtkAdjustment *changed,
                BoxBlurDialog *dialog)
{
  GtkAdjustment *other = changed == dialog->radius_x ? dialog->radius_y
                                                     : dialog->radius_x;

  if (gimp_chain_button_get_active (GIMP_CHAIN_BUTTON (dialog->chain)))
    gtk_adjustment_set_value (other, gtk_adjustment_get_value (changed));
}

static GtkAdjustment *
add_scale (GtkTable    *table,
           gint         row,
           const gchar *label,
           gint        *value,
           gint         lower,
           gint         scale_upper,
           gint         upper,
           const gchar *tooltip)
{
  GtkObject *adjustment;

  adjustment = gimp_scale_entry_new (table, 0, row, label, 200, 6,
                                     *value, lower, scale_upper, 1, 10, 0,
                                     scale_upper == upper, lower, upper,
                                     tooltip, NULL);
  g_signal_connect (adjustment, "value-changed",
                    G_CALLBACK (gimp_int_adjustment_update), value);
  return GTK_ADJUSTMENT (adjustment);
}

static GtkWidget *
make_controls (BoxBlurDialog *dialog)
{
  BoxBlurValues *values = dialog->values;
  GtkWidget     *table  = gtk_table_new (4, 4, FALSE);
  GtkAdjustment *iterations;
  GtkWidget     *combo;

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);

  dialog->radius_x = add_scale (GTK_TABLE (table), 0, _("Radius _X:"),
                                &values->radius_x, 0, 100,
                                TESSERA_BOX_BLUR_MAX_RADIUS,
                                _("Half the width of the box, in pixels"));
  dialog->radius_y = add_scale (GTK_TABLE (table), 1, _("Radius _Y:"),
                                &values->radius_y, 0, 100,
                                TESSERA_BOX_BLUR_MAX_RADIUS,
                                _("Half the height of the box, in pixels"));

  dialog->chain = gimp_chain_button_new (GIMP_CHAIN_RIGHT);
  gimp_chain_button_set_active (GIMP_CHAIN_BUTTON (dialog->chain),
                                values->radius_x == values->radius_y);
  gtk_table_attach (GTK_TABLE (table), dialog->chain, 3, 4, 0, 2,
                    GTK_SHRINK | GTK_FILL, GTK_SHRINK | GTK_FILL, 0, 0);
  g_signal_connect (dialog->radius_x, "value-changed",
                    G_CALLBACK (radius_changed), dialog);
  g_signal_connect (dialog->radius_y, "value-changed",
                    G_CALLBACK (radius_changed), dialog);

  iterations = add_scale (GTK_TABLE (table), 2, _("_Iterations:"),
                          &values->iterations, 1,
                          TESSERA_BOX_BLUR_MAX_ITERATIONS,
                          TESSERA_BOX_BLUR_MAX_ITERATIONS,
                          _("How many times to blur; 3 looks like a "
                            "Gaussian blur"));

  combo = tessera_backend_combo_new (&values->backend);
  gimp_table_attach_aligned (GTK_TABLE (table), 0, 3, _("_Backend:"),
                             0.0, 0.5, combo, 2, FALSE);

  g_signal_connect_swapped (dialog->radius_x, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  g_signal_connect_swapped (dialog->radius_y, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  g_signal_connect_swapped (iterations, "value-changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  g_signal_connect_swapped (combo, "changed",
                            G_CALLBACK (gimp_preview_invalidate),
                            dialog->preview);
  return table;
}

static gboolean
box_blur_dialog (const TesseraTarget *target,
                 gpointer             data)
{
  BoxBlurDialog  dialog = { 0 };
  GtkWidget     *window;
  GtkWidget     *vbox;

  dialog.values   = data;
  dialog.drawable = target->drawable;

  vbox   = gtk_vbox_new (FALSE, 12);
  window = tessera_dialog_new (_("Box Blur (SAT)"), "tessera-box-blur",
                               PLUG_IN_PROC, vbox);
  dialog.preview = tessera_dialog_add_preview (vbox, target->drawable,
                                               G_CALLBACK (preview_update),
                                               &dialog);
  gtk_box_pack_start (GTK_BOX (vbox), make_controls (&dialog),
                      FALSE, FALSE, 0);
  return tessera_dialog_run (window);
}

static void
box_blur_parse (const GimpParam *param,
                gpointer         data)
{
  BoxBlurValues *values = data;

  values->radius_x   = param[3].data.d_int32;
  values->radius_y   = param[4].data.d_int32;
  values->iterations = param[5].data.d_int32;
  values->backend    = param[6].data.d_int32;
}

static gboolean
box_blur_check (gconstpointer   data,
                GError        **error)
{
  const BoxBlurValues *values = data;

  return tessera_check_range ("radius-x", values->radius_x,
                              0, TESSERA_BOX_BLUR_MAX_RADIUS, error)
      && tessera_check_range ("radius-y", values->radius_y,
                              0, TESSERA_BOX_BLUR_MAX_RADIUS, error)
      && tessera_check_range ("iterations", values->iterations,
                              1, TESSERA_BOX_BLUR_MAX_ITERATIONS, error)
      && tessera_check_range ("backend", values->backend,
                              TESSERA_BACKEND_AUTO, TESSERA_BACKEND_CUDA,
                              error);
}

/* The layer is blurred in bands of rows, each read with a halo of the
 * blur's reach above and below (and beside), blurred, and its own rows
 * written to the shadow buffer: the result is the same as from the whole
 * layer at once, and the plug-in holds two bands, not two layers.  A band
 * holds about BAND_BYTES of pixels, and at least HALO_SHARE times the halo's
 * rows so that reading the halo twice costs little; so the memory grows
 * with a tall blur's reach (radius-y x iterations), never with the layer. */
#define BAND_BYTES (32 << 20)
#define HALO_SHARE 4

/* Rows of result per band: a whole number of GIMP's tile rows. */
static gint
band_rows (gint32 drawable,
           gint   width,
           gint   halo)
{
  const gint  tile = gimp_tile_height ();
  const gsize row  = (gsize) MAX (width, 1)
                     * babl_format_get_bytes_per_pixel (
                         gimp_drawable_get_format (drawable));
  /* The tests set smaller bands, to have many on small layers. */
  const gchar *bytes = g_getenv ("TESSERA_BAND_BYTES");
  gsize       rows = MAX ((bytes != NULL ? g_ascii_strtoull (bytes, NULL, 10)
                                         : BAND_BYTES) / row,
                          (gsize) HALO_SHARE * halo);

  rows = CLAMP (rows, 1, (gsize) gimp_drawable_height (drawable));
  return (gint) ((rows + tile - 1) / tile * tile);
}

/* The band of BOUNDS that starts at row Y: up to the next multiple of
 * ROWS, so that bands begin on GIMP's tile rows. */
static GeglRectangle
band_at (const GeglRectangle *bounds,
         gint                 y,
         gint                 rows)
{
  gint          end  = MIN ((y / rows + 1) * rows, bounds->y + bounds->height);
  GeglRectangle band = { bounds->x, y, bounds->width, end - y };

  return band;
}

/* One band in flight: its pixels, and its blur, which runs in a thread of
 * its own while the plug-in's main thread, the only one that may talk to
 * GIMP, writes the band before and reads the band after. */
typedef struct
{
  TesseraRegion         source;   /* the band with its halo */
  TesseraRegion         result;
  GeglRectangle         rows;     /* the band's own rows: what is written */
  const TesseraBoxBlur *params;
  TesseraExec           exec;     /* no progress: GIMP is not to be called */
  TesseraStatus         status;
  TesseraStatus         fallback; /* why the GPU was not used, or OK */
  GThread              *thread;
} Band;

static void
band_fallback (TesseraStatus why,
               void         *user_data)
{
  ((Band *) user_data)->fallback = why;
}

static gpointer
band_blur (gpointer data)
{
  Band *band = data;

  band->status = tessera_box_blur (&band->source.image, &band->result.image,
                                   band->params, &band->exec);
  return NULL;
}

/* Where a band's pixels go, as large as the largest band needs. */
static gboolean
band_alloc (Band                 *band,
            const TesseraTarget  *target,
            gint                  halo_x,
            gint                  halo_y,
            gint                  rows,
            const TesseraBoxBlur *params,
            TesseraBackend        backend,
            GError              **error)
{
  GeglRectangle largest = tessera_rect_grow (target->drawable,
                                             &target->bounds, halo_x, 0);

  memset (band, 0, sizeof *band);
  largest.height = MIN (rows + 2 * halo_y,
                        gimp_drawable_height (target->drawable));
  if (! tessera_region_alloc (&band->source, target->drawable, &largest,
                              error))
    return FALSE;
  if (! tessera_region_alloc_like (&band->result, &band->source, error))
    {
      tessera_region_clear (&band->source);
      return FALSE;
    }
  band->params         = params;
  band->exec           = tessera_exec_default ();
  band->exec.backend   = backend;
  band->exec.fallback  = band_fallback;
  band->exec.user_data = band;
  return TRUE;
}

/* Reads ROWS of the drawable, with the halo, into BAND and starts its
 * blur. */
static void
band_start (Band                *band,
            const TesseraTarget *target,
            const GeglRectangle *rows,
            gint                 halo_x,
            gint                 halo_y)
{
  GeglRectangle around = tessera_rect_grow (target->drawable, rows, halo_x,
                                            halo_y);

  band->rows = *rows;
  tessera_region_retarget (&band->source, &around);
  tessera_region_retarget (&band->result, &around);
  tessera_region_load (&band->source, NULL);
  band->thread = g_thread_new ("tessera-box-blur", band_blur, band);
}

/* Waits for BAND's blur; writes its rows to the shadow buffer. */
static TesseraStatus
band_finish (Band *band,
             gint  drawable)
{
  GeglBuffer *shadow;

  g_thread_join (band->thread);
  band->thread = NULL;
  if (band->status != TESSERA_OK)
    return band->status;
  /* A buffer of the shadow per band: its tiles, sent to GIMP, leave the
   * plug-in's cache with it. */
  shadow = gimp_drawable_get_shadow_buffer (drawable);
  tessera_region_store (&band->result, &band->rows, shadow, NULL);
  g_object_unref (shadow);
  return TESSERA_OK;
}

static void
band_clear (Band *band)
{
  if (band->thread != NULL)
    g_thread_join (band->thread);
  tessera_region_clear (&band->source);
  tessera_region_clear (&band->result);
}

/* Blurs the selection's bounds band by band into the shadow buffer, then
 * merges it as one undo step.  Two bands are in flight: while one is
 * blurred, the one before is written and the one after read. */
static gboolean
box_blur_apply (const TesseraTarget *target,
                gconstpointer        data,
                GError             **error)
{
  const BoxBlurValues *values = data;
  const GeglRectangle *bounds = &target->bounds;
  const gint           bottom = bounds->y + bounds->height;
  /* Margins beyond the drawable's size change nothing. */
  const gint           halo_x = MIN (reach (values->radius_x,
                                            values->iterations),
                                     gimp_drawable_width (target->drawable));
  const gint           halo_y = MIN (reach (values->radius_y,
                                            values->iterations),
                                     gimp_drawable_height (target->drawable));
  const gint           rows   = band_rows (target->drawable, bounds->width,
                                           halo_y);
  TesseraBoxBlur       params = { 0 };
  TesseraStatus        status = TESSERA_OK;
  TesseraStatus        fallback = TESSERA_OK;
  TesseraProgress      progress;
  Band                 bands[2];
  GeglRectangle        next;
  gint                 i;

  params.radius_x   = values->radius_x;
  params.radius_y   = values->radius_y;
  params.iterations = values->iterations;
  params.method     = TESSERA_BOX_BLUR_METHOD_AUTO;
  if (! band_alloc (&bands[0], target, halo_x, halo_y, rows, &params,
                    values->backend, error))
    return FALSE;
  if (! band_alloc (&bands[1], target, halo_x, halo_y, rows, &params,
                    values->backend, error))
    {
      band_clear (&bands[0]);
      return FALSE;
    }
  params.has_alpha = babl_format_has_alpha (bands[0].source.format);

  /* GEGL's tile cache need not hold more than a band: each is read once. */
  g_object_set (gegl_config (), "tile-cache-size", (guint64) BAND_BYTES,
                NULL);
  tessera_progress_start (&progress, _("Box Blur (SAT)"));
  next = band_at (bounds, bounds->y, rows);
  band_start (&bands[0], target, &next, halo_x, halo_y);
  for (i = 0; status == TESSERA_OK; i++)
    {
      Band *band  = &bands[i % 2];
      Band *after = &bands[(i + 1) % 2];

      next.y += next.height;
      if (next.y < bottom)
        {
          next = band_at (bounds, next.y, rows);
          band_start (after, target, &next, halo_x, halo_y);
        }
      status = band_finish (band, target->drawable);
      if (band->fallback != TESSERA_OK)
        fallback = band->fallback;
      tessera_progress_update (&progress,
                               (gdouble) (band->rows.y + band->rows.height
                                          - bounds->y) / bounds->height);
      if (after->thread == NULL)
        break;
    }
  band_clear (&bands[0]);
  band_clear (&bands[1]);

  /* Said once, from the main thread: it may talk to GIMP. */
  if (fallback != TESSERA_OK && values->backend == TESSERA_BACKEND_CUDA)
    g_message (_("%s; running on the CPU instead."),
               _(tessera_status_message (fallback)));
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  tessera_region_merge (target->drawable, bounds);
  return TRUE;
}

static const GimpParamDef args[] =
{
  TESSERA_ARGS_RUN_MODE_IMAGE_DRAWABLE,
  { GIMP_PDB_INT32, "radius-x",
    "Horizontal radius: the box is 2 radius-x + 1 pixels wide (0..1048576)" },
  { GIMP_PDB_INT32, "radius-y",
    "Vertical radius: the box is 2 radius-y + 1 pixels high (0..1048576)" },
  { GIMP_PDB_INT32, "iterations",
    "How many times to blur (1..16); 3 approximates a Gaussian" },
  TESSERA_ARG_BACKEND
};

static const gchar * const menu_paths[] =
{
  "<Image>/Filters/Blur", TESSERA_MENU, NULL
};

static const TesseraPlugin box_blur =
{
  .name        = PLUG_IN_PROC,
  .blurb       = N_("Blur with the mean of a box, in the same time for any "
                    "radius"),
  .help        = "The mean of the (2 radius-x + 1) x (2 radius-y + 1) box "
                 "around each pixel, computed through a summed-area table, "
                 "so the cost per pixel does not grow with the radius.  "
                 "Pixels beyond the edge repeat the edge.  Several "
                 "iterations approach a Gaussian blur.  Colours are "
                 "averaged weighted by alpha, so transparent pixels leave "
                 "no fringes.",
  .menu_label  = N_("_Box Blur (SAT)…"),
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .args        = args,
  .n_args      = G_N_ELEMENTS (args),
  .values_size = sizeof (BoxBlurValues),
  .parse       = box_blur_parse,
  .check       = box_blur_check,
  .dialog      = box_blur_dialog,
  .apply       = box_blur_apply
};

static void
query (void)
{
  tessera_plugin_install (&box_blur);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  BoxBlurValues values = { DEFAULT_RADIUS, DEFAULT_RADIUS, 1,
                           TESSERA_BACKEND_AUTO };

  tessera_plugin_run (&box_blur, &values, n_params, param,
                      n_return_vals, return_vals);
}
