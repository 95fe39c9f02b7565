/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "reconstruct-args.h"
#include "reconstruct-names.h"

gchar *
reconstruct_marker_name (gconstpointer data)
{
  const ReconstructValues *values = data;

  return g_strdup (values->operation == TESSERA_RECONSTRUCT_EROSION
                   ? _("Reconstruction by erosion")
                   : _("Reconstruction by dilation"));
}

gchar *
reconstruct_preset_name (gconstpointer data)
{
  const PresetValues *values = data;

  switch (values->preset)
    {
    case TESSERA_RECONSTRUCT_CLEAR_BORDER:
      return g_strdup (_("Clear border"));
    case TESSERA_RECONSTRUCT_H_DOME:
      /* TRANSLATORS: %g is h, in percent of the range. */
      return g_strdup_printf (_("h-domes %g %%"), values->h);
    case TESSERA_RECONSTRUCT_OPENING:
      /* TRANSLATORS: %d is the square's radius in pixels. */
      return g_strdup_printf (_("Opening by reconstruction %d px"),
                              values->radius);
    case TESSERA_RECONSTRUCT_CLOSING:
      return g_strdup_printf (_("Closing by reconstruction %d px"),
                              values->radius);
    default:
      return g_strdup (_("Fill holes"));
    }
}
