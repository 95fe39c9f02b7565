/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "tessera-live-region.h"

gboolean
tessera_live_region_init (TesseraLiveRegion *region,
                          gint32             drawable,
                          TesseraLiveFilter  filter,
                          gpointer         (*values_of) (gpointer        dialog,
                                                         gint           *reach_x,
                                                         gint           *reach_y,
                                                         TesseraBackend *backend),
                          gpointer           dialog)
{
  memset (region, 0, sizeof (*region));
  region->drawable  = drawable;
  region->filter    = filter;
  region->values_of = values_of;
  region->dialog    = dialog;
  return tessera_selection_bounds (drawable, &region->bounds, NULL);
}

gboolean
tessera_live_region_start (TesseraLive *live,
                           gpointer     data)
{
  TesseraLiveRegion *region = data;
  gint               reach_x, reach_y;

  g_free (region->values);
  region->values = region->values_of (region->dialog, &reach_x, &reach_y,
                                      &region->backend);
  if (region->values == NULL)
    return FALSE;
  region->around = tessera_rect_grow (region->drawable, &region->bounds,
                                      reach_x, reach_y);
  if (region->source.image.data != NULL
      && gegl_rectangle_contains (&region->source.rect, &region->around))
    return TRUE;
  tessera_region_clear (&region->source);
  return tessera_region_read (&region->source, region->drawable,
                              &region->around, NULL, NULL);
}

gboolean
tessera_live_region_compute (TesseraLive *live,
                             gpointer     data)
{
  TesseraLiveRegion *region = data;
  TesseraRegion      like   = region->source;
  TesseraImage       input  = tessera_region_view (&region->source,
                                                   &region->around);
  TesseraExec        exec   = tessera_live_exec (live, region->backend);

  tessera_region_clear (&region->result);
  like.rect = region->around;
  return tessera_region_alloc_like (&region->result, &like, NULL)
         && region->filter (&input, &region->result.image,
                            babl_format_has_alpha (like.format),
                            region->values, &exec) == TESSERA_OK;
}

gboolean
tessera_live_region_finish (TesseraLive *live,
                            gpointer     data)
{
  TesseraLiveRegion *region = data;
  TesseraImage       shown  = tessera_region_view (&region->result,
                                                   &region->bounds);

  tessera_live_show (live, &shown, &region->bounds, region->result.format);
  tessera_region_clear (&region->result);
  return TRUE;
}

void
tessera_live_region_clear (TesseraLiveRegion *region)
{
  tessera_region_clear (&region->source);
  tessera_region_clear (&region->result);
  g_clear_pointer (&region->values, g_free);
}
