/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on a large drawable in bands of rows (see
 * fill-bands.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "fill-bands.h"
#include "fill-cache.h"
#include "fill-stream.h"
#include "fill-work.h"
#include "fill-work-private.h"
#include "stage-clock.h"
#include "tessera-args.h"
#include "tessera-bands.h"
#include "tessera-canvas.h"
#include "tessera-format.h"
#include "tessera-gimp.h"
#include "tessera-output.h"
#include "tessera-progress.h"
#include "tessera-region.h"

/* Below this many pixels (a 5793 x 5793 layer) the whole drawable is read
 * at once, as the preview does: its map, labels and paint then take less
 * than GEGL's start-up in the plug-in (bench/RESULTS.md, "Huge layers in
 * GIMP"), and the GPU may fill it. */
#define FILL_BAND_PIXELS (1 << 25)

gboolean
fill_bands_suit (gint32            drawable,
                 const FillValues *values)
{
  /* The tests set it low, to have bands on small layers. */
  const gchar *least  = g_getenv ("TESSERA_FILL_BAND_PIXELS");
  guint64      pixels = (guint64) tessera_gimp_drawable_width (drawable)
                        * tessera_gimp_drawable_height (drawable);

  return ! values->all_layers && values->gap == 0 && values->min_region == 0
         && values->bleed == 0 && ! values->to_centre
         && (values->guide <= 0 || values->output != FILL_OUTPUT_FLAT)
         && pixels >= (least != NULL ? g_ascii_strtoull (least, NULL, 10)
                                     : FILL_BAND_PIXELS);
}

/* A band's tiles in pass 2: whether some of its pixels are filled, and
 * whether some are not. */
enum
{
  TILE_FILLED   = 1 << 0,
  TILE_UNFILLED = 1 << 1,
  TILE_DONE     = 1 << 2   /* all line, written by pass 1 (FillBands.done) */
};

typedef struct FillBands FillBands;

/* One band in flight. */
typedef struct
{
  FillBands     *run;
  gint           index;
  GeglRectangle  rows;     /* its whole rows on the drawable */
  GeglRectangle  rect;     /* pass 2: the part of them written */
  guint8        *pixels;   /* pass 1: the rows in the drawable's format */
  TesseraImage   map;      /* pass 1: their contour map */
  guint32       *labels;   /* pass 2: their region numbers */
  guint8        *tiles;    /* pass 2: TILE_ bits of each tile over RECT,
                            * tile rows of run->columns; NULL in pass 1 */
  TesseraRegion  out;      /* pass 2: what is written over RECT */
  gboolean       painted;  /* pass 2 on the drawable: OUT is complete (its
                            * pixels came from pass 1's keeping) */
} Band;

/* A pass over the bands: READ on the main thread before a band's WORK in
 * the bands' thread, WRITE (may be NULL) on the main thread after it
 * (tessera_bands_overlap, one band's work at a time, in order). */
typedef struct
{
  void          (*read)  (Band *band);
  TesseraStatus (*work)  (Band *band);
  void          (*write) (Band *band);
} BandPass;

/* What the bands of a run share. */
struct FillBands
{
  gint32                   drawable;
  const FillValues        *values;
  gint                     width, height;
  gint                     rows;      /* a band's (the last may have fewer) */
  gint                     count;     /* bands */
  gint                     tile;      /* GIMP's tile height: rows of the map
                                       * a thread makes at a time */
  gint                     tile_width;
  gint                     columns;   /* tiles across the widest rect */
  /* The fill on the drawable, where the pixels are worked on in its own
   * format: by tile of the drawable (tiles_across a row), whether the tile
   * (cut to the bounds) is all line, so that pass 1 wrote its pixels to
   * the shadow as they are and pass 2 neither reads nor writes it (a line
   * is never filled).  NULL: pass 2 writes every tile. */
  guint8                  *done;
  gint                     tiles_across;
  const Babl              *own;       /* the drawable's format: read as it is */
  const Babl              *rgba;      /* R'G'B'A float in its space */
  TesseraContourThreshold  threshold;
  TesseraFillStream       *stream;
  FillCache               *cache;     /* pass 1's pixels for pass 2, on the
                                       * drawable; NULL for the other
                                       * outputs */
  /* The core in the bands' thread: the CPU, no progress (GIMP is not to be
   * called from there). */
  TesseraExec              exec;
  /* The pass under way over the two bands in hand, the next band it
   * reads. */
  const BandPass          *pass;
  Band                     band[2];
  gint                     next;
  TesseraProgress         *progress;
  /* Pass 2. */
  gint32                   target;    /* the drawable, new layer or channel */
  GeglRectangle            bounds;    /* what is written, on the drawable */
  guint8                   pixel[64]; /* the foreground in the output's format */
  guint8                  *colours;   /* the flat colours, by region */
  FillFlat                *flat;      /* while they are found */
  GeglBuffer              *layer;     /* a new layer's, while it is written */
  gboolean                 direct;    /* LAYER is its own, not its shadow */
};

/* Points BAND at band I of its run. */
static void
band_at (Band *band,
         gint  i)
{
  FillBands *run = band->run;
  gint       y   = i * run->rows;

  band->index  = i;
  band->rows   = (GeglRectangle) { 0, y, run->width,
                                   MIN (run->rows, run->height - y) };
  if (! gegl_rectangle_intersect (&band->rect, &band->rows, &run->bounds))
    band->rect.height = 0;
}

static gboolean
pass_read (gint     slot,
           gpointer data)
{
  FillBands *run  = data;
  Band      *band = &run->band[slot];

  if (run->next >= run->count)
    return FALSE;
  band_at (band, run->next++);
  run->pass->read (band);
  return TRUE;
}

static TesseraStatus
pass_work (gint     slot,
           gpointer data)
{
  FillBands *run = data;

  return run->pass->work (&run->band[slot]);
}

static TesseraStatus
pass_finish (gint     slot,
             gpointer data)
{
  FillBands *run  = data;
  Band      *band = &run->band[slot];

  if (run->pass->write != NULL)
    run->pass->write (band);
  tessera_progress_update (run->progress,
                           (gdouble) (band->index + 1) / run->count);
  return TESSERA_OK;
}

/* PASS over the run's bands: while one band's work runs, the main thread
 * reads the next one, then writes the band while the next one's runs.
 * One band's work at a time: pass 1 adds the bands to the stream in order,
 * pass 2 meets the flat colours in order. */
static TesseraStatus
run_pass (FillBands      *run,
          const BandPass *pass)
{
  static const TesseraBandPass overlap = { pass_read, pass_work,
                                           pass_finish, FALSE };

  run->pass = pass;
  run->next = 0;
  return tessera_bands_overlap (&overlap, run);
}

static void
band_clear (Band *band)
{
  g_clear_pointer (&band->pixels, g_free);
  g_clear_pointer (&band->labels, g_free);
  g_clear_pointer (&band->tiles, g_free);
  tessera_image_free (&band->map);
  tessera_region_clear (&band->out);
}

/* ------------------------------------------------------------------ */
/* Tiles. */

/* The tiles over BAND's rect, in drawable coordinates: the first tile row
 * and column, and tile (ROW, COLUMN)'s rectangle cut to the rect. */
static gint
tile_row0 (const Band *band)
{
  return band->rect.y / band->run->tile;
}

static gint
tile_column0 (const Band *band)
{
  return band->rect.x / band->run->tile_width;
}

static GeglRectangle
tile_rect (const Band *band,
           gint        row,
           gint        column)
{
  const FillBands *run  = band->run;
  GeglRectangle    tile = { column * run->tile_width, row * run->tile,
                            run->tile_width, run->tile };
  GeglRectangle    cut;

  gegl_rectangle_intersect (&cut, &tile, &band->rect);
  return cut;
}

static guint8 *
band_tile (const Band *band,
           gint        row,
           gint        column)
{
  return band->tiles + (gsize) (row - tile_row0 (band)) * band->run->columns
         + (column - tile_column0 (band));
}

/* Whether pass 1 wrote tile (ROW, COLUMN) of the drawable. */
static gboolean
tile_done (const FillBands *run,
           gint             row,
           gint             column)
{
  return run->done != NULL
         && run->done[(gsize) row * run->tiles_across + column];
}

/* Tile (ROW, COLUMN)'s TILE_ bits: in pass 2 the band's, in pass 1
 * TILE_DONE where it was written. */
static guint8
tile_bits (const Band *band,
           gint        row,
           gint        column)
{
  if (band->tiles != NULL)
    return *band_tile (band, row, column);
  return tile_done (band->run, row, column) ? TILE_DONE : 0;
}

/* FUNC (BAND, RECT, DATA) over each run, along a tile row, of the band's
 * tiles whose bits (tile_bits) within MASK are WANT; AFTER_ROW (may be
 * NULL) after each tile row. */
static void
each_tile_run (Band     *band,
               guint8    mask,
               guint8    want,
               void    (*func) (Band *, const GeglRectangle *, gpointer),
               void    (*after_row) (gpointer),
               gpointer  data)
{
  const FillBands *run     = band->run;
  gint             last    = (band->rect.y + band->rect.height - 1) / run->tile;
  gint             column1 = (band->rect.x + band->rect.width - 1)
                             / run->tile_width;

  for (gint row = tile_row0 (band); row <= last; row++)
    {
      for (gint column = tile_column0 (band); column <= column1; column++)
        {
          GeglRectangle from, to, span;
          gint          end = column;

          if ((tile_bits (band, row, column) & mask) != want)
            continue;
          while (end < column1
                 && (tile_bits (band, row, end + 1) & mask) == want)
            end++;
          from = tile_rect (band, row, column);
          to   = tile_rect (band, row, end);
          gegl_rectangle_bounding_box (&span, &from, &to);
          func (band, &span, data);
          column = end;
        }
      if (after_row != NULL)
        after_row (data);
    }
}

static void
flush_row (gpointer buffer)
{
  /* Its tiles, sent to GIMP as each tile row is done, leave the plug-in's
   * cache. */
  gegl_buffer_flush (buffer);
}

/* ------------------------------------------------------------------ */
/* Pass 1: the map, into the stream. */

static void
map_read (Band *band)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE
                                                  (band->run->drawable));

  gegl_buffer_get (buffer, &band->rows, 1.0, band->run->own, band->pixels,
                   GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
  tessera_stage_mark ("fill band read");
}

/* Marks the tiles of BAND's rect that MAP (the band's rows) has all
 * line in the run's done. */
static void
find_line_tiles (Band               *band,
                 const TesseraImage *map)
{
  FillBands *run     = band->run;
  gint       first   = tile_row0 (band);
  gint       last    = (band->rect.y + band->rect.height - 1) / run->tile;
  gint       column0 = tile_column0 (band);
  gint       column1 = (band->rect.x + band->rect.width - 1) / run->tile_width;

  for (gint row = first; row <= last; row++)
    for (gint column = column0; column <= column1; column++)
      {
        GeglRectangle tile = tile_rect (band, row, column);
        gboolean      line = TRUE;

        for (gint y = tile.y; y < tile.y + tile.height && line; y++)
          {
            const guint8 *pixel = (const guint8 *) tessera_image_row
                                    (map, y - band->rows.y);

            for (gint x = tile.x; x < tile.x + tile.width; x++)
              line = line && pixel[x] != 0;
          }
        run->done[(gsize) row * run->tiles_across + column] = line;
      }
}

static TesseraStatus
map_work (Band *band)
{
  FillBands     *run = band->run;
  TesseraImage   map = band->map;
  TesseraStatus  status;

  tessera_stage_start ();
  map.height = band->rows.height;
  fill_map_pixels (&map, band->pixels,
                   (gsize) run->width
                   * babl_format_get_bytes_per_pixel (run->own),
                   run->own, run->rgba, run->tile, &run->threshold);
  status = tessera_fill_stream_add (run->stream, &map, &run->exec);
  if (run->cache != NULL)
    fill_cache_add (run->cache, band->index, band->pixels, map.height);
  if (run->done != NULL && band->rect.height > 0)
    find_line_tiles (band, &map);
  tessera_stage_mark ("fill band mapped");
  return status;
}

/* SPAN of the band's pixels as read, into BUFFER. */
static void
store_pixels_span (Band                *band,
                   const GeglRectangle *span,
                   gpointer             buffer)
{
  const FillBands *run    = band->run;
  gsize            bpp    = babl_format_get_bytes_per_pixel (run->own);
  gsize            stride = (gsize) run->width * bpp;

  gegl_buffer_set (buffer, span, 0, run->own,
                   band->pixels + (gsize) (span->y - band->rows.y) * stride
                   + (gsize) span->x * bpp, stride);
}

/* The band's tiles that are all line into the drawable's shadow, as they
 * are: the fill leaves them so. */
static void
map_write (Band *band)
{
  FillBands  *run = band->run;
  GeglBuffer *shadow;

  if (run->done == NULL || band->rect.height == 0)
    return;
  shadow = gimp_drawable_get_shadow_buffer (TESSERA_DRAWABLE (run->drawable));
  each_tile_run (band, TILE_DONE, TILE_DONE, store_pixels_span, flush_row,
                 shadow);
  g_object_unref (shadow);
  tessera_stage_mark ("fill band lines written");
}

static const BandPass map_pass = { map_read, map_work, map_write };

/* Pass 1 over RUN; an error when there is nothing to fill. */
static gboolean
map_bands (FillBands *run,
           GError   **error)
{
  gsize         bytes = (gsize) run->width * run->rows
                        * babl_format_get_bytes_per_pixel (run->own);
  TesseraStatus status = TESSERA_OK;
  gchar        *name, *why;

  for (gint i = 0; i < 2 && status == TESSERA_OK; i++)
    {
      run->band[i].pixels = g_try_malloc (bytes);
      status = run->band[i].pixels == NULL ? TESSERA_ERROR_OUT_OF_MEMORY
               : tessera_image_alloc (&run->band[i].map, run->width,
                                      run->rows, 1, TESSERA_U8);
    }
  tessera_stage_start ();
  if (status == TESSERA_OK)
    status = run_pass (run, &map_pass);
  for (gint i = 0; i < 2; i++)
    band_clear (&run->band[i]);
  if (status == TESSERA_OK)
    status = tessera_fill_stream_finish (run->stream);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  if (run->done != NULL && tessera_stage_enabled ())
    {
      gsize tiles = (gsize) run->tiles_across
                    * ((run->height + run->tile - 1) / run->tile);
      gsize lines = 0;

      for (gsize i = 0; i < tiles; i++)
        lines += run->done[i];
      g_printerr ("fill tiles all line, written in pass 1: %" G_GSIZE_FORMAT
                  " of %" G_GSIZE_FORMAT "\n", lines, tiles);
    }
  name = gimp_item_get_name (TESSERA_ITEM (run->drawable));
  why = fill_nothing_reason (name,
                             tessera_fill_stream_has_line (run->stream),
                             tessera_fill_stream_has_free (run->stream),
                             tessera_fill_stream_count (run->stream) > 0);
  g_free (name);
  if (why != NULL)
    {
      g_set_error_literal (error, TESSERA_PLUGIN_ERROR,
                           TESSERA_ERROR_EMPTY_IMAGE, why);
      g_free (why);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Pass 2: the region numbers, painted and written.
 *
 * What a band needs of the drawable's pixels depends on the output: the
 * new layers and the selection none (they start empty: only their tiles
 * with some of the interior are written); the fill on the drawable its
 * pixels where they are not filled, kept from pass 1 (fill-cache.h) or
 * read again, only the tiles that are not filled whole. */

/* Each tile's TILE_ bits from the band's labels. */
static void
classify_tiles (Band *band)
{
  const FillBands *run     = band->run;
  gint             first   = tile_row0 (band);
  gint             last    = (band->rect.y + band->rect.height - 1) / run->tile;
  gint             column0 = tile_column0 (band);
  gint             column1 = (band->rect.x + band->rect.width - 1)
                             / run->tile_width;

#pragma omp parallel for schedule(static)
  for (gint row = first; row <= last; row++)
    for (gint column = column0; column <= column1; column++)
      {
        GeglRectangle tile = tile_rect (band, row, column);
        guint8        bits = 0;

        for (gint y = tile.y; y < tile.y + tile.height && bits != 3; y++)
          {
            const guint32 *labels = band->labels
                                    + (gsize) (y - band->rows.y) * run->width;

            for (gint x = tile.x; x < tile.x + tile.width; x++)
              bits |= labels[x] != 0 ? TILE_FILLED : TILE_UNFILLED;
          }
        if (tile_done (run, row, column))
          bits |= TILE_DONE;
        *band_tile (band, row, column) = bits;
      }
}

static void
paint_read (Band *band)
{
  if (band->rect.height > 0)
    tessera_region_retarget (&band->out, &band->rect);
}

/* Row Y of the band's output from LABELS (the row's numbers from the
 * rect's left edge on). */
static void
paint_row (const Band    *band,
           const guint32 *labels,
           gint           y)
{
  const FillBands *run   = band->run;
  guint8          *out   = tessera_image_row (&band->out.image, y);
  gsize            size  = tessera_pixel_size (&band->out.image);
  gint             width = band->rect.width;

  switch (run->values->output)
    {
    case FILL_OUTPUT_SELECTION:
      for (gint x = 0; x < width; x++)
        out[x] = labels[x] != 0 ? 255 : 0;
      break;
    case FILL_OUTPUT_FLAT:
      for (gint x = 0; x < width; x++)
        memcpy (out + 4 * x, run->colours + 4 * (gsize) labels[x], 4);
      break;
    case FILL_OUTPUT_LAYER:
      /* The new layer is transparent: zeros in every format. */
      memset (out, 0, size * width);
      /* fall through */
    default:
      for (gint x = 0; x < width; x++)
        if (labels[x] != 0)
          memcpy (out + x * size, run->pixel, size);
      break;
    }
}

static void
paint_rows (Band *band)
{
  const FillBands *run = band->run;

#pragma omp parallel for schedule(static)
  for (gint y = 0; y < band->rect.height; y++)
    paint_row (band, band->labels
                     + (gsize) (band->rect.y - band->rows.y + y) * run->width
                     + band->rect.x, y);
}

/* On the drawable: BAND's pixels into its output from pass 1's keeping,
 * where it kept them (fill-cache.h; in the bands' thread: pass 1's adds
 * are over).  They are kept in the drawable's format, and worked on in it
 * but for types the core does not take (as float then). */
static gboolean
kept_pixels (Band *band)
{
  FillBands     *run    = band->run;
  GeglRectangle  window = { band->rect.x, band->rect.y - band->rows.y,
                            band->rect.width, band->rect.height };

  return run->cache != NULL && band->out.format == run->own
         && fill_cache_get (run->cache, band->index, &window,
                            band->out.image.data, band->out.image.stride);
}

static TesseraStatus
paint_work (Band *band)
{
  FillBands     *run = band->run;
  TesseraStatus  status;

  /* The flat colours are found as the regions are met, every band's rows
   * in order, as fill_flat_colours meets them on the whole map. */
  if (band->rect.height == 0 && run->flat == NULL)
    return TESSERA_OK;
  tessera_stage_start ();
  status = tessera_fill_stream_labels (run->stream, band->index,
                                       band->labels, &run->exec);
  if (status != TESSERA_OK)
    return status;
  if (run->flat != NULL)
    {
      for (gint y = 0; y < band->rows.height; y++)
        fill_flat_meet_row (run->flat,
                            band->labels + (gsize) y * run->width,
                            run->width, band->rows.y + y);
    }
  band->painted = FALSE;
  if (band->rect.height == 0)
    return TESSERA_OK;
  classify_tiles (band);
  /* On the drawable the fill goes over the pixels: here where pass 1 kept
   * them, else once they are read, in the write. */
  if (run->values->output != FILL_OUTPUT_FOREGROUND || kept_pixels (band))
    {
      paint_rows (band);
      band->painted = TRUE;
    }
  tessera_stage_mark ("fill band labelled");
  return TESSERA_OK;
}

/* SPAN of the drawable into the band's output. */
static void
load_span (Band                *band,
           const GeglRectangle *span,
           gpointer             buffer)
{
  TesseraImage view = tessera_region_view (&band->out, span);

  gegl_buffer_get (buffer, span, 1.0, band->out.format, view.data,
                   view.stride, GEGL_ABYSS_NONE);
}

/* SPAN of the band's output into BUFFER. */
static void
store_span (Band                *band,
            const GeglRectangle *span,
            gpointer             buffer)
{
  TesseraImage view = tessera_region_view (&band->out, span);

  gegl_buffer_set (buffer, span, 0, band->out.format, view.data,
                   view.stride);
}

/* SPAN of the band's output into the selection's channel, where the
 * drawable lies on the image. */
static void
store_canvas_span (Band                *band,
                   const GeglRectangle *span,
                   gpointer             buffer)
{
  const FillBands *run  = band->run;
  TesseraImage     view = tessera_region_view (&band->out, span);
  GeglRectangle    at   = *span;

  tessera_gimp_drawable_offsets (run->drawable, &at.x, &at.y);
  at.x += span->x;
  at.y += span->y;
  tessera_canvas_set (tessera_gimp_item_image (run->drawable), buffer, &at,
                      band->out.format, view.data, view.stride);
}

/* On the drawable, where pass 2's work did not paint the band: its
 * pixels where it is not filled, read again (the tiles filled whole need
 * none, those pass 1 wrote are done), then the fill over them. */
static void
paint_on_pixels (Band *band)
{
  FillBands  *run = band->run;
  GeglBuffer *buffer;

  if (band->painted)
    return;
  buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (run->drawable));
  each_tile_run (band, TILE_UNFILLED | TILE_DONE, TILE_UNFILLED, load_span,
                 NULL, buffer);
  g_object_unref (buffer);
  tessera_stage_mark ("fill band pixels");
  paint_rows (band);
}

/* The band into the drawable's shadow buffer (every pixel: the shadow is
 * merged whole), or, of the outputs that start empty, the tiles with some
 * of the interior into the new layer's buffer or straight into the
 * channel. */
static void
paint_write (Band *band)
{
  FillBands  *run = band->run;
  GeglBuffer *buffer;

  if (band->rect.height == 0)
    return;
  switch (run->values->output)
    {
    case FILL_OUTPUT_FOREGROUND:
      paint_on_pixels (band);
      /* A buffer of the shadow per band: its tiles, sent to GIMP, leave
       * the plug-in's cache with it.  Those that pass 1 wrote are there. */
      buffer = gimp_drawable_get_shadow_buffer (TESSERA_DRAWABLE
                                                 (run->target));
      each_tile_run (band, TILE_DONE, 0, store_span, flush_row, buffer);
      g_object_unref (buffer);
      break;
    case FILL_OUTPUT_SELECTION:
      buffer = gimp_drawable_get_buffer (TESSERA_DRAWABLE (run->target));
      each_tile_run (band, TILE_FILLED, TILE_FILLED, store_canvas_span,
                     flush_row,
                     buffer);
      g_object_unref (buffer);
      break;
    default:
      each_tile_run (band, TILE_FILLED, TILE_FILLED, store_span, flush_row,
                     run->layer);
      break;
    }
  tessera_stage_mark ("fill band written");
}

static const BandPass paint_pass = { paint_read, paint_work, paint_write };

/* BAND's output pixels: over the widest rect of a band, in the format
 * written (the target's for the foreground colour, R'G'B'A u8 for the
 * flat colours, Y u8 for the selection). */
static gboolean
out_alloc (Band     *band,
           GError  **error)
{
  FillBands     *run     = band->run;
  GeglRectangle  largest = { run->bounds.x, 0, run->bounds.width,
                             run->rows };
  TesseraStatus  status;

  if (run->values->output == FILL_OUTPUT_FOREGROUND
      || run->values->output == FILL_OUTPUT_LAYER)
    return tessera_region_alloc (&band->out, run->target, &largest, error);
  memset (&band->out, 0, sizeof (band->out));
  band->out.drawable = run->target;
  band->out.rect     = largest;
  /* As the whole drawable's outputs write them (fill-write.c). */
  band->out.format   = run->values->output == FILL_OUTPUT_FLAT
                       ? babl_format_with_space ("R'G'B'A u8",
                                                 gimp_drawable_get_format
                                                   (TESSERA_DRAWABLE
                                                     (run->target)))
                       : babl_format ("Y u8");
  status = tessera_image_alloc (&band->out.image, largest.width,
                                largest.height,
                                babl_format_get_n_components
                                  (band->out.format), TESSERA_U8);
  if (status != TESSERA_OK)
    tessera_set_error (error, status);
  return status == TESSERA_OK;
}

/* Pass 2 over RUN into RUN's target. */
static gboolean
paint_bands (FillBands *run,
             GError   **error)
{
  TesseraStatus status = TESSERA_OK;
  gboolean      ok = TRUE;

  run->columns = (run->bounds.x + run->bounds.width - 1) / run->tile_width
                 - run->bounds.x / run->tile_width + 1;
  for (gint i = 0; i < 2 && ok; i++)
    {
      Band *band = &run->band[i];

      band->labels = g_try_new (guint32, (gsize) run->width * run->rows);
      band->tiles  = g_try_new (guint8, (gsize) (run->rows / run->tile + 1)
                                        * run->columns);
      ok = band->labels != NULL && band->tiles != NULL
           && out_alloc (band, error);
      if (band->labels == NULL || band->tiles == NULL)
        tessera_set_error (error, TESSERA_ERROR_OUT_OF_MEMORY);
    }
  if (ok)
    {
      /* The foreground in the format the pixels are written in. */
      fill_foreground_pixel (run->band[0].out.format, run->pixel);
      tessera_stage_start ();
      status = run_pass (run, &paint_pass);
    }
  for (gint i = 0; i < 2; i++)
    band_clear (&run->band[i]);
  if (ok && status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      ok = FALSE;
    }
  return ok;
}

/* ------------------------------------------------------------------ */
/* The outputs. */

/* The foreground colour on the drawable: its shadow buffer, merged as one
 * undo step once every band is written, so that a run cancelled (GIMP
 * kills the plug-in) leaves it as it was. */
static gboolean
paint_on_drawable (FillBands *run,
                   GError   **error)
{
  run->target = run->drawable;
  if (! paint_bands (run, error))
    return FALSE;
  tessera_region_merge (run->drawable, &run->bounds);
  return TRUE;
}

/* A new layer of the foreground colour or of the flat colours, written
 * as the whole drawable's is (fill_new_layer_buffer), named complete once
 * every band is in; removed on failure. */
static gboolean
paint_new_layer (FillBands *run,
                 GError   **error)
{
  gboolean     flat  = run->values->output == FILL_OUTPUT_FLAT;
  const gchar *name  = flat ? _("Flat colours") : _("Fill");
  gint32       image = tessera_gimp_item_image (run->drawable);
  gboolean     ok;

  run->target = fill_new_layer (run->drawable, name, run->values->source);
  if (flat)
    {
      run->flat = fill_flat_new (tessera_gimp_image_base_type (image)
                                 == GIMP_GRAY,
                                 (guint) run->values->seed, NULL,
                                 tessera_fill_stream_count (run->stream));
      run->colours = fill_flat_rgba (run->flat);
    }
  run->layer = fill_new_layer_buffer (run->target, &run->direct);
  ok = paint_bands (run, error);
  if (run->flat != NULL)
    run->colours = fill_flat_finish (run->flat);
  run->flat = NULL;
  fill_new_layer_done (run->target, run->layer, &run->bounds, run->direct);
  run->layer = NULL;
  if (ok)
    tessera_output_complete (run->target, name);
  else
    gimp_image_remove_layer (TESSERA_IMAGE (image),
                             TESSERA_LAYER (run->target));
  return ok;
}

/* The interior, cut to the selection, becomes the selection: a channel
 * written band by band, then selected. */
static gboolean
paint_selection (FillBands *run,
                 GError   **error)
{
  gint32   image = tessera_gimp_item_image (run->drawable);
  gboolean ok;

  run->target = fill_selection_channel (image);
  ok = paint_bands (run, error);
  fill_select_channel (image, run->target, ok);
  return ok;
}

/* Pass 2 into the output VALUES ask for, as one undo step. */
static gboolean
paint_output (FillBands *run,
              GError   **error)
{
  gint32           image  = tessera_gimp_item_image (run->drawable);
  gint             output = run->values->output;
  TesseraSelected  selected;
  gboolean         ok;

  /* The outputs on layers cover the selection's bounds (nothing where the
   * selection does not touch the drawable); the selection, the drawable. */
  if (output != FILL_OUTPUT_SELECTION
      && ! tessera_selection_bounds (run->drawable, &run->bounds, NULL))
    return TRUE;
  if (output == FILL_OUTPUT_FOREGROUND)
    ok = paint_on_drawable (run, error);
  else
    {
      gimp_image_undo_group_start (TESSERA_IMAGE (image));
      tessera_gimp_selected_save (image, &selected);
      ok = output == FILL_OUTPUT_SELECTION
           ? paint_selection (run, error)
           : paint_new_layer (run, error);
      tessera_gimp_selected_restore (image, &selected);
      gimp_image_undo_group_end (TESSERA_IMAGE (image));
    }
  gimp_displays_flush ();
  return ok;
}

/* The most bytes RUN's cache may hold: a thirty-second of the drawable's,
 * so that the plug-in's peak stays well under half the layer's bytes, but
 * at least a MiB, which small layers (the tests') fill with line art
 * (TESSERA_FILL_CACHE_BYTES in the environment sets it, for the tests). */
static gsize
cache_budget (const FillBands *run)
{
  const gchar *bytes = g_getenv ("TESSERA_FILL_CACHE_BYTES");

  if (bytes != NULL)
    return g_ascii_strtoull (bytes, NULL, 10);
  return MAX ((gsize) run->width * run->height
              * babl_format_get_bytes_per_pixel (run->own) / 32, 1 << 20);
}

/* Whether pass 2 works on pixels in OWN itself (tessera_region_alloc's
 * format: OWN for u8 and u16, else OWN's float). */
static gboolean
own_is_worked_on (const Babl *own)
{
  const gchar *type = babl_get_name (babl_format_get_type (own, 0));

  return strcmp (type, "u8") == 0 || strcmp (type, "u16") == 0
         || tessera_format_with_type (own, "float") == own;
}

/* RUN for DRAWABLE by VALUES: its bands, what is read, the threshold, the
 * stream. */
static gboolean
bands_init (FillBands        *run,
            gint32            drawable,
            const FillValues *values,
            GError          **error)
{
  gfloat        foreground[4];
  TesseraStatus status;

  memset (run, 0, sizeof (*run));
  run->drawable = drawable;
  run->values   = values;
  run->own      = gimp_drawable_get_format (TESSERA_DRAWABLE (drawable));
  if (babl_format_is_palette (run->own))
    {
      tessera_set_error (error, TESSERA_ERROR_UNSUPPORTED_FORMAT);
      return FALSE;
    }
  run->width  = tessera_gimp_drawable_width (drawable);
  run->height = tessera_gimp_drawable_height (drawable);
  run->rgba   = fill_rgba_float (drawable);
  run->rows   = tessera_band_rows (drawable, run->width, 1);
  run->count  = (run->height + run->rows - 1) / run->rows;
  run->tile   = gimp_tile_height ();
  run->tile_width = gimp_tile_width ();
  run->bounds = (GeglRectangle) { 0, 0, run->width, run->height };
  run->exec   = tessera_exec_default ();
  if (values->output == FILL_OUTPUT_FOREGROUND)
    {
      run->cache = fill_cache_new (run->width,
                                   babl_format_get_bytes_per_pixel (run->own),
                                   run->count, cache_budget (run));
      /* Pass 1 writes the tiles of line as they are, where pass 2 would
       * write them as read: in the drawable's own format (pass 2 works on
       * other types as float, which may not give the same bytes back). */
      if (own_is_worked_on (run->own)
          && tessera_selection_bounds (drawable, &run->bounds, NULL))
        {
          run->tiles_across = (run->width + run->tile_width - 1)
                              / run->tile_width;
          run->done = g_new0 (guint8, (gsize) run->tiles_across
                                      * ((run->height + run->tile - 1)
                                         / run->tile));
        }
      else
        run->bounds = (GeglRectangle) { 0, 0, run->width, run->height };
    }
  run->exec.backend = TESSERA_BACKEND_CPU;
  fill_foreground_pixel (run->rgba, foreground);
  run->threshold = fill_contour_threshold (values, foreground);
  status = tessera_fill_stream_new (run->width, run->height,
                                    values->connectivity,
                                    values->edge_regions, &run->stream);
  if (status != TESSERA_OK)
    tessera_set_error (error, status);
  return status == TESSERA_OK;
}

gboolean
fill_bands_run (gint32            image,
                gint32            drawable,
                const FillValues *values,
                GError          **error)
{
  FillBands        run;
  TesseraProgress  progress;
  gboolean         ok;

  g_return_val_if_fail (tessera_gimp_item_image (drawable) == image, FALSE);
  if (! bands_init (&run, drawable, values, error))
    return FALSE;
  run.band[0].run = run.band[1].run = &run;
  run.progress    = &progress;
  /* GEGL's tile cache need not hold more than a band: each is read once. */
  tessera_bands_limit_cache (drawable, run.width, run.rows);
  tessera_progress_start (&progress, _("Fill Closed Contours"));
  tessera_progress_stage (&progress, 0.5);
  ok = map_bands (&run, error);
  if (ok)
    {
      tessera_progress_stage (&progress, 0.5);
      ok = paint_output (&run, error);
    }
  g_free (run.colours);
  g_free (run.done);
  fill_cache_free (run.cache);
  tessera_fill_stream_free (run.stream);
  return ok;
}
