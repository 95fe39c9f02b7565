/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur (SAT) for GIMP 3: the procedure of the GIMP 2.10
 * plug-in (plugins/box-blur), from the same declaration, blurring in the
 * same bands (box-blur-bands.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "box-blur-args.h"
#include "box-blur-bands.h"
#include "tessera-filter3.h"

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

/* Band by band, as in GIMP 2.10 (box-blur-bands.h). */
static gboolean
apply (gint32               drawable,
       const GeglRectangle *bounds,
       gconstpointer        values,
       GError             **error)
{
  return box_blur_bands (drawable, bounds, values, error);
}

static const gchar * const menu_paths[] =
{
  BOX_BLUR_MENUS, NULL
};

static const TesseraFilter3 box_blur3 =
{
  .procedure =
  {
    .name       = BOX_BLUR_PROC,
    .menu_label = BOX_BLUR_LABEL,
    .blurb      = BOX_BLUR_BLURB,
    .help       = BOX_BLUR_HELP,
    .menu_paths = menu_paths,
    .args       = box_blur_args,
    .n_args     = G_N_ELEMENTS (box_blur_args),
    .run        = tessera_filter3_run,
    .run_data   = &box_blur3
  },
  .values_size = sizeof (BoxBlurValues),
  .reach       = reach,
  .filter      = box_blur_filter,
  .apply       = apply
};

TESSERA_PLUGIN3_MAIN (&box_blur3.procedure)
