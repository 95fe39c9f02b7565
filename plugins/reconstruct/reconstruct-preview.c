/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "reconstruct-preview.h"

const TesseraRegion *
reconstruct_preview_mask (ReconstructPreview *shown)
{
  if (! shown->read)
    reconstruct_read_whole (shown->drawable, &shown->mask, NULL, NULL);
  shown->read = TRUE;
  return shown->mask.image.data != NULL ? &shown->mask : NULL;
}

gboolean
reconstruct_preview_start (TesseraLive *live,
                           gpointer     data)
{
  ReconstructPreview *shown = data;

  if (reconstruct_preview_mask (shown) == NULL)
    return FALSE;
  g_free (shown->values);
  shown->values = shown->values_of (shown->dialog, &shown->backend);
  tessera_image_free (&shown->result);
  return shown->values != NULL
         && shown->compute->prepare (&shown->mask, shown->values, &shown->result,
                            NULL);
}

gboolean
reconstruct_preview_compute (TesseraLive *live,
                             gpointer     data)
{
  ReconstructPreview *shown = data;
  TesseraExec         exec  = tessera_live_exec (live, shown->backend);

  return shown->compute->solve (&shown->mask, shown->values, &exec, &shown->result,
                       NULL, NULL);
}

gboolean
reconstruct_preview_finish (TesseraLive *live,
                            gpointer     data)
{
  ReconstructPreview *shown = data;

  tessera_live_show (live, &shown->result, &shown->mask.rect,
                     shown->mask.format);
  tessera_image_free (&shown->result);
  return TRUE;
}

void
reconstruct_preview_clear (ReconstructPreview *shown)
{
  tessera_image_free (&shown->result);
  tessera_region_clear (&shown->mask);
  g_clear_pointer (&shown->values, g_free);
}
