/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "marker-beyond.h"
#include "reconstruct-beyond.h"
#include "tessera-gimp.h"

gboolean
reconstruct_count_beyond (const TesseraRegion      *mask,
                          const ReconstructValues  *values,
                          gsize                    *count,
                          GError                  **error)
{
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraExec        exec   = tessera_exec_default ();
  TesseraImage       marker;
  size_t             n = 0;
  TesseraStatus      status;

  params.operation = values->operation;
  params.colour    = values->colour_mode;
  params.has_alpha = babl_format_has_alpha (mask->format);
  if (! reconstruct_read_marker (mask, values->marker, params.operation,
                                 &marker, error))
    return FALSE;
  status = tessera_reconstruct_count_beyond (&mask->image, &marker, &params,
                                             &exec, &n);
  tessera_image_free (&marker);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  *count = n;
  return TRUE;
}

gchar *
reconstruct_beyond_text (gsize                       count,
                         TesseraReconstructOperation operation)
{
  if (count == 0)
    return NULL;
  if (operation == TESSERA_RECONSTRUCT_EROSION)
    return g_strdup_printf (ngettext ("The marker lies below the mask at %lu "
                                      "point; it is raised to the mask "
                                      "first.",
                                      "The marker lies below the mask at %lu "
                                      "points; it is raised to the mask "
                                      "first.", count),
                            (gulong) count);
  return g_strdup_printf (ngettext ("The marker lies above the mask at %lu "
                                    "point; it is lowered to the mask first.",
                                    "The marker lies above the mask at %lu "
                                    "points; it is lowered to the mask "
                                    "first.", count),
                          (gulong) count);
}
