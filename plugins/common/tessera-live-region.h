/* Tessera — what a filter's preview (tessera-live.h) reads and makes, for
 * both GIMPs: the selection's bounds with the filter's reach around them,
 * read on the main thread and kept while a larger reach needs no more
 * pixels, and the filter's result over them, made on the worker thread. */
#ifndef TESSERA_LIVE_REGION_H
#define TESSERA_LIVE_REGION_H

#include "tessera-live.h"
#include "tessera-region.h"

typedef struct
{
  gint32         drawable;
  GeglRectangle  bounds;   /* the selection's, shown */
  GeglRectangle  around;   /* BOUNDS and the reach: the filter's input */
  TesseraRegion  source;   /* covers AROUND */
  TesseraRegion  result;   /* at AROUND once computed */
} TesseraLiveRegion;

/* Sets REGION up for DRAWABLE (nothing read yet); FALSE when the
 * selection misses it. */
gboolean     tessera_live_region_init   (TesseraLiveRegion *region,
                                         gint32             drawable);

/* Main thread: AROUND for a reach of REACH_X, REACH_Y, read unless SOURCE
 * covers it already. */
gboolean     tessera_live_region_read   (TesseraLiveRegion *region,
                                         gint               reach_x,
                                         gint               reach_y);

/* Worker thread: the input (a view of SOURCE at AROUND), and RESULT
 * allocated like it. */
TesseraImage tessera_live_region_input  (TesseraLiveRegion *region);
gboolean     tessera_live_region_alloc  (TesseraLiveRegion *region);

/* Main thread: shows RESULT inside BOUNDS on LIVE, then frees it. */
void         tessera_live_region_show   (TesseraLiveRegion *region,
                                         TesseraLive       *live);

void         tessera_live_region_clear  (TesseraLiveRegion *region);

#endif
