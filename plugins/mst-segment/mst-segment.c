/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours (MST) for GIMP 2.10: the procedure, from its
 * declaration (mst-segment-args.h); the work is segment-work.c's, the
 * dialog segment-dialog.c's. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "mst-segment-args.h"
#include "segment-dialog.h"
#include "segment-work.h"
#include "tessera-plugin.h"

static void query (void);
static void run   (const gchar      *name,
                   gint              n_params,
                   const GimpParam  *param,
                   gint             *n_return_vals,
                   GimpParam       **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

static gboolean
segment_apply (const TesseraTarget *target,
               gconstpointer        data,
               GError             **error)
{
  return segment_run (target->run_mode, target->drawable, &target->bounds,
                      data, error);
}

static const gchar * const menu_paths[] =
{
  MST_SEGMENT_MENUS, NULL
};

static const TesseraPlugin mst_segment =
{
  .name        = MST_SEGMENT_PROC,
  .blurb       = MST_SEGMENT_BLURB,
  .help        = MST_SEGMENT_HELP,
  .menu_label  = MST_SEGMENT_LABEL,
  .image_types = "RGB*, GRAY*",
  .menu_paths  = menu_paths,
  .arguments   = segment_args,
  .n_arguments = G_N_ELEMENTS (segment_args),
  .values_size = sizeof (SegmentValues),
  .dialog      = segment_dialog,
  .apply       = segment_apply
};

static void
query (void)
{
  tessera_plugin_install (&mst_segment);
}

static void
run (const gchar      *name,
     gint              n_params,
     const GimpParam  *param,
     gint             *n_return_vals,
     GimpParam       **return_vals)
{
  SegmentValues values;

  tessera_args_defaults (segment_args, G_N_ELEMENTS (segment_args), &values);
  tessera_plugin_run (&mst_segment, &values, n_params, param,
                      n_return_vals, return_vals);
}
