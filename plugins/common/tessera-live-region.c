#include "config.h"

#include <string.h>

#include "tessera-live-region.h"

gboolean
tessera_live_region_init (TesseraLiveRegion *region,
                          gint32             drawable)
{
  memset (region, 0, sizeof (*region));
  region->drawable = drawable;
  return tessera_selection_bounds (drawable, &region->bounds, NULL);
}

gboolean
tessera_live_region_read (TesseraLiveRegion *region,
                          gint               reach_x,
                          gint               reach_y)
{
  region->around = tessera_rect_grow (region->drawable, &region->bounds,
                                      reach_x, reach_y);
  if (region->source.image.data != NULL
      && gegl_rectangle_contains (&region->source.rect, &region->around))
    return TRUE;
  tessera_region_clear (&region->source);
  return tessera_region_read (&region->source, region->drawable,
                              &region->around, NULL, NULL);
}

TesseraImage
tessera_live_region_input (TesseraLiveRegion *region)
{
  return tessera_region_view (&region->source, &region->around);
}

gboolean
tessera_live_region_alloc (TesseraLiveRegion *region)
{
  TesseraRegion like = region->source;

  tessera_region_clear (&region->result);
  like.rect = region->around;
  return tessera_region_alloc_like (&region->result, &like, NULL);
}

void
tessera_live_region_show (TesseraLiveRegion *region,
                          TesseraLive       *live)
{
  TesseraImage shown = tessera_region_view (&region->result,
                                            &region->bounds);

  tessera_live_show (live, &shown, &region->bounds, region->result.format);
  tessera_region_clear (&region->result);
}

void
tessera_live_region_clear (TesseraLiveRegion *region)
{
  tessera_region_clear (&region->source);
  tessera_region_clear (&region->result);
}
