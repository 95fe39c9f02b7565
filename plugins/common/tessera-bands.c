/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>   /* defines __GLIBC__ where it is glibc */
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "tessera-bands.h"
#include "tessera-gimp.h"

GeglRectangle
tessera_band_at (const GeglRectangle *bounds,
                 gint                 y,
                 gint                 rows)
{
  gint          end  = MIN ((y / rows + 1) * rows, bounds->y + bounds->height);
  GeglRectangle band = { bounds->x, y, bounds->width, end - y };

  return band;
}

void
tessera_bands_limit_cache (gint32 drawable,
                           gint   width,
                           gint   rows)
{
  g_object_set (gegl_config (), "tile-cache-size",
                (guint64) rows * width
                * babl_format_get_bytes_per_pixel (
                    gimp_drawable_get_format (TESSERA_DRAWABLE (drawable))),
                NULL);
}

/* A slot's work in its thread. */
typedef struct
{
  const TesseraBandPass *pass;
  gpointer               data;
  gint                   slot;
  TesseraStatus          status;
  GThread               *thread;
} Worker;

static gpointer
worker_run (gpointer data)
{
  Worker *worker = data;

  worker->status = worker->pass->work (worker->slot, worker->data);
  return NULL;
}

static void
worker_start (Worker *worker,
              gint    slot)
{
  worker->slot   = slot;
  worker->thread = g_thread_new ("tessera-band", worker_run, worker);
}

static TesseraStatus
worker_join (Worker *worker)
{
  if (worker->thread != NULL)
    g_thread_join (worker->thread);
  worker->thread = NULL;
  return worker->status;
}

/* The memory the finished band freed, back to the system: the band threads'
 * malloc arenas otherwise keep it, and the plug-in's peak grew by hundreds
 * of MiB in some runs. */
static void
give_back_freed (void)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
}

TesseraStatus
tessera_bands_overlap (const TesseraBandPass *pass,
                       gpointer               data)
{
  Worker        worker[2] = { { pass, data, 0, TESSERA_OK, NULL },
                              { pass, data, 1, TESSERA_OK, NULL } };
  TesseraStatus status;
  gint          slot = 0;
  gboolean      more;

  if (! pass->read (slot, data))
    return TESSERA_OK;
  worker_start (&worker[slot], slot);
  do
    {
      /* The next band is read while this one's work runs... */
      more = pass->read (1 - slot, data);
      if (more && pass->independent)
        worker_start (&worker[1 - slot], 1 - slot);
      status = worker_join (&worker[slot]);
      if (status != TESSERA_OK)
        {
          worker_join (&worker[1 - slot]);
          return status;
        }
      /* ...and its work runs while this one is finished. */
      if (more && ! pass->independent)
        worker_start (&worker[1 - slot], 1 - slot);
      if (pass->finish != NULL)
        status = pass->finish (slot, data);
      give_back_freed ();
      if (status != TESSERA_OK)
        {
          worker_join (&worker[1 - slot]);
          return status;
        }
      slot = 1 - slot;
    }
  while (more);
  return TESSERA_OK;
}
