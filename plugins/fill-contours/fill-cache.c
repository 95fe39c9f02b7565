/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — pass 1's pixels kept for pass 2, run-length coded (see
 * fill-cache.h).  A run is its length (a guint32) and its pixel, unaligned,
 * over the band's pixels in raster order, across the ends of rows. */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "fill-cache.h"

struct FillCache
{
  gint      width, bpp, count;
  gsize     budget;   /* bytes left for the codes */
  gboolean  closed;   /* a band was not kept: nor are those after it */
  guint8  **codes;    /* by band, NULL: not kept */
  gsize    *sizes;
};

FillCache *
fill_cache_new (gint  width,
                gint  bpp,
                gint  count,
                gsize budget)
{
  FillCache *cache = g_new0 (FillCache, 1);

  cache->width  = width;
  cache->bpp    = bpp;
  cache->count  = count;
  cache->budget = budget;
  cache->codes  = g_new0 (guint8 *, count);
  cache->sizes  = g_new0 (gsize, count);
  return cache;
}

/* The code of N pixels of BPP bytes at PIXELS into CODE (LIMIT bytes);
 * its size, or 0 when it does not fit. */
static gsize
encode (const guint8 *pixels,
        gsize         n,
        gint          bpp,
        guint8       *code,
        gsize         limit)
{
  gsize size = 0;

  for (gsize i = 0; i < n; )
    {
      const guint8 *pixel = pixels + i * bpp;
      guint32       run   = 1;

      /* Four-byte pixels (R'G'B'A u8, the usual line art) compare as
       * words. */
      if (bpp == 4)
        {
          guint32 word;

          memcpy (&word, pixel, 4);
          while (i + run < n && run < G_MAXUINT32
                 && memcmp (&word, pixel + run * 4, 4) == 0)
            run++;
        }
      else
        while (i + run < n && run < G_MAXUINT32
               && memcmp (pixel, pixel + run * bpp, bpp) == 0)
          run++;
      if (size + sizeof (run) + bpp > limit)
        return 0;
      memcpy (code + size, &run, sizeof (run));
      memcpy (code + size + sizeof (run), pixel, bpp);
      size += sizeof (run) + bpp;
      i += run;
    }
  return size;
}

void
fill_cache_add (FillCache    *cache,
                gint          index,
                const guint8 *pixels,
                gint          rows)
{
  gsize   n     = (gsize) cache->width * rows;
  /* Worth keeping only well below the pixels' own bytes. */
  gsize   limit = MIN (cache->budget, n * cache->bpp / 4);
  guint8 *code;
  gsize   size  = 0;

  if (cache->closed || index < 0 || index >= cache->count)
    return;
  code = limit > 0 ? g_try_malloc (limit) : NULL;
  if (code != NULL)
    size = encode (pixels, n, cache->bpp, code, limit);
  if (size == 0)
    {
      g_free (code);
      cache->closed = TRUE;
      return;
    }
  cache->codes[index] = g_realloc (code, size);
  cache->sizes[index] = size;
  cache->budget -= size;
}

/* Pixels FIRST..FIRST+RUN-1 of a band (raster order) that lie within
 * WINDOW set to PIXEL in OUT. */
static void
decode_run (const FillCache     *cache,
            gsize                first,
            gsize                run,
            const guint8        *pixel,
            const GeglRectangle *window,
            guint8              *out,
            gsize                stride)
{
  gsize width = cache->width;
  gint  bpp   = cache->bpp;

  for (gsize p = first; p < first + run; )
    {
      gint  y    = p / width;
      gint  x    = p % width;
      gsize stop = MIN (first + run, (gsize) (y + 1) * width);
      gint  from = MAX (x, window->x);
      gint  to   = MIN (x + (gint) (stop - p), window->x + window->width);

      if (y >= window->y + window->height)
        return;
      if (y >= window->y)
        for (gint i = from; i < to; i++)
          memcpy (out + (gsize) (y - window->y) * stride
                  + (gsize) (i - window->x) * bpp, pixel, bpp);
      p = stop;
    }
}

gboolean
fill_cache_get (const FillCache     *cache,
                gint                 index,
                const GeglRectangle *window,
                guint8              *out,
                gsize                stride)
{
  const guint8 *code;
  gsize         first = 0;
  gsize         end;

  if (index < 0 || index >= cache->count || cache->codes[index] == NULL)
    return FALSE;
  code = cache->codes[index];
  end  = (gsize) (window->y + window->height) * cache->width;
  for (gsize at = 0; at < cache->sizes[index] && first < end;
       at += sizeof (guint32) + cache->bpp)
    {
      guint32 run;

      memcpy (&run, code + at, sizeof (run));
      decode_run (cache, first, run, code + at + sizeof (run), window, out,
                  stride);
      first += run;
    }
  return TRUE;
}

void
fill_cache_free (FillCache *cache)
{
  if (cache == NULL)
    return;
  for (gint i = 0; i < cache->count; i++)
    g_free (cache->codes[i]);
  g_free (cache->codes);
  g_free (cache->sizes);
  g_free (cache);
}
