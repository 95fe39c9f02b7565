/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of a contour map from bands of its rows (see
 * fill-stream.h).
 *
 * A band's sets get the ids BASE + 1.. in the order region_label numbers
 * them, the raster order of their first pixel in the band; the bands' ids
 * follow each other.  So a smaller id means an earlier first pixel, the
 * union-find's root of a region (its smallest id) is the set holding the
 * region's first pixel, and the roots in id order are the regions in the
 * raster order of their first pixel: the whole map's numbering. */
#include <stdlib.h>
#include <string.h>
#include "array-reserve.h"
#include "fill-regions-private.h"
#include "fill-stream.h"
#include "union-find.h"

typedef struct
{
  int      y0, rows;
  uint32_t base;     /* the band's sets are BASE + 1 .. */
} StreamBand;

struct TesseraFillStream
{
  int         width, height, connectivity;
  bool        edge_regions;
  size_t      words;        /* uint64_t a row of BITS */
  uint64_t   *bits;         /* the map, 1: line */
  StreamBand *bands;
  size_t      n_bands, bands_capacity;
  uint32_t   *parent;       /* by id; after finish, the region number */
  uint8_t    *sides;        /* by id: the sides of the map its set reaches */
  size_t      ids_capacity;
  uint32_t    ids;          /* ids in use, 1..IDS */
  uint32_t   *seam;         /* the id of each pixel of the last row, 0: line */
  uint32_t   *label;        /* a band's labels, kept from band to band: a
                             * fresh block would fault in every page again */
  size_t      label_size;   /* pixels */
  int         rows_added;
  uint64_t    free_pixels;
  uint32_t    count;
  bool        finished;
};

TesseraStatus
tessera_fill_stream_new (int width, int height, int connectivity,
                         bool edge_regions, TesseraFillStream **stream)
{
  TesseraFillStream *s;

  if (stream == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  *stream = NULL;
  if (width <= 0 || height <= 0 || width > TESSERA_MAX_SIDE
      || height > TESSERA_MAX_SIDE || (connectivity != 4 && connectivity != 8))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  s = calloc (1, sizeof *s);
  if (s == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  s->width = width;
  s->height = height;
  s->connectivity = connectivity;
  s->edge_regions = edge_regions;
  s->words = ((size_t) width + 63) / 64;
  s->bits = malloc (s->words * (size_t) height * sizeof *s->bits);
  s->seam = calloc ((size_t) width, sizeof *s->seam);
  if (s->bits == NULL || s->seam == NULL)
    {
      tessera_fill_stream_free (s);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  *stream = s;
  return TESSERA_OK;
}

void
tessera_fill_stream_free (TesseraFillStream *stream)
{
  if (stream == NULL)
    return;
  free (stream->bits);
  free (stream->bands);
  free (stream->parent);
  free (stream->sides);
  free (stream->seam);
  free (stream->label);
  free (stream);
}

/* Bit I of the result: whether byte I of EIGHT (in memory order) is
 * non-zero.  Each byte becomes 0 or 1, then one multiplication gathers
 * the eight low bits into the top byte. */
static inline uint64_t
pack_eight (uint64_t eight)
{
  eight |= eight >> 4;
  eight |= eight >> 2;
  eight |= eight >> 1;
  eight &= 0x0101010101010101u;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  eight = __builtin_bswap64 (eight);
#endif
  return (eight * 0x0102040810204080u) >> 56;
}

/* Eight bytes in memory order, byte I non-zero where bit I of BITS is. */
static inline uint64_t
unpack_eight (uint64_t bits)
{
  uint64_t eight = ((bits & 255) * 0x0101010101010101u)
                   & 0x8040201008040201u;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  eight = __builtin_bswap64 (eight);
#endif
  return eight;
}

/* ROWS rows of BLOCKED (packed, non-zero: line) into the bits from row
 * Y0 on. */
static void
pack_rows (TesseraFillStream *s, const uint8_t *blocked, int y0, int rows,
           int threads)
{
  int width = s->width;

  #pragma omp parallel for schedule(static) num_threads(threads)
  for (int y = 0; y < rows; y++)
    {
      const uint8_t *in = blocked + (size_t) y * width;
      uint64_t *out = s->bits + (size_t) (y0 + y) * s->words;
      int x = 0;

      memset (out, 0, s->words * sizeof *out);
      for (; x + 8 <= width; x += 8)
        {
          uint64_t eight;
          memcpy (&eight, in + x, sizeof eight);
          if (eight != 0)
            out[x / 64] |= pack_eight (eight) << (x % 64);
        }
      for (; x < width; x++)
        out[x / 64] |= (uint64_t) (in[x] != 0) << (x % 64);
    }
}

/* Rows Y0.. of the bits as bytes, 0 where free and non-zero on the line,
 * packed. */
static void
unpack_rows (const TesseraFillStream *s, uint8_t *blocked, int y0, int rows,
             int threads)
{
  int width = s->width;

  #pragma omp parallel for schedule(static) num_threads(threads)
  for (int y = 0; y < rows; y++)
    {
      const uint64_t *in = s->bits + (size_t) (y0 + y) * s->words;
      uint8_t *out = blocked + (size_t) y * width;
      int x = 0;

      for (; x + 8 <= width; x += 8)
        {
          uint64_t eight = unpack_eight (in[x / 64] >> (x % 64));
          memcpy (out + x, &eight, sizeof eight);
        }
      for (; x < width; x++)
        out[x] = (uint8_t) (in[x / 64] >> (x % 64) & 1);
    }
}

static bool
is_band (const TesseraFillStream *s, const TesseraImage *band)
{
  return band != NULL && tessera_image_check (band) == TESSERA_OK
         && band->memory == TESSERA_MEMORY_HOST && band->channels == 1
         && band->type == TESSERA_U8 && band->width == s->width
         && band->height <= s->height - s->rows_added;
}

/* The band's rows packed: BAND's own memory when it is, else a copy. */
static const uint8_t *
packed_band (const TesseraImage *band, uint8_t **copy)
{
  *copy = NULL;
  if (band->stride == (size_t) band->width || band->height == 1)
    return band->data;
  *copy = malloc ((size_t) band->width * band->height);
  if (*copy == NULL)
    return NULL;
  for (int y = 0; y < band->height; y++)
    memcpy (*copy + (size_t) y * band->width, tessera_image_row (band, y),
            (size_t) band->width);
  return *copy;
}

/* Room for PIXELS labels in the stream's block. */
static bool
reserve_label (TesseraFillStream *s, size_t pixels)
{
  uint32_t *label;

  if (pixels <= s->label_size)
    return true;
  label = realloc (s->label, pixels * sizeof *label);
  if (label == NULL)
    return false;
  s->label = label;
  s->label_size = pixels;
  return true;
}

/* Room for the sets of one more band: COUNT ids, and its entry. */
static bool
reserve_band (TesseraFillStream *s, uint32_t count)
{
  size_t last = (size_t) s->ids + count, capacity = s->ids_capacity;

  if (last >= UINT32_MAX)
    return false;
  if (!array_reserve ((void **) &s->parent, &capacity, last, sizeof *s->parent))
    return false;
  capacity = s->ids_capacity;
  if (!array_reserve ((void **) &s->sides, &capacity, last, sizeof *s->sides))
    return false;
  s->ids_capacity = capacity;
  return array_reserve ((void **) &s->bands, &s->bands_capacity, s->n_bands,
                        sizeof *s->bands);
}

/* The band's SETS (numbered by region_label in LABEL) become ids after
 * the last ones; each keeps the sides of the map it reaches. */
static void
add_sets (TesseraFillStream *s, const RegionSets *sets, int y0, int rows)
{
  uint8_t kept = REGION_LEFT | REGION_RIGHT
                 | (y0 == 0 ? REGION_TOP : 0)
                 | (y0 + rows == s->height ? REGION_BOTTOM : 0);

  for (uint32_t k = 1; k <= sets->count; k++)
    {
      s->parent[s->ids + k] = s->ids + k;
      s->sides[s->ids + k] = sets->sides[k] & kept;
      s->free_pixels += sets->area[k];
    }
}

/* Unites the sets of the band's first row (LABEL, numbered from BASE)
 * with those of the last row above that they touch. */
static void
unite_seam (TesseraFillStream *s, const uint32_t *label, uint32_t base)
{
  int slack = s->connectivity == 8;

  for (int x = 0; x < s->width; x++)
    {
      if (label[x] == 0)
        continue;
      for (int dx = -slack; dx <= slack; dx++)
        if (x + dx >= 0 && x + dx < s->width && s->seam[x + dx] != 0)
          unite (s->parent, base + label[x], s->seam[x + dx]);
    }
}

TesseraStatus
tessera_fill_stream_add (TesseraFillStream *stream, const TesseraImage *band,
                         TesseraExec *exec)
{
  int threads = tessera_exec_threads (exec), y0, rows;
  uint8_t *copy;
  const uint8_t *blocked;
  uint32_t *label, base;
  RegionSets sets;
  TesseraStatus status;

  if (stream == NULL || stream->finished || !is_band (stream, band))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  y0 = stream->rows_added;
  rows = band->height;
  blocked = packed_band (band, &copy);
  if (blocked == NULL || !reserve_label (stream, (size_t) stream->width * rows))
    {
      free (copy);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  label = stream->label;
  pack_rows (stream, blocked, y0, rows, threads);
  status = region_label (blocked, stream->width, rows, stream->connectivity,
                         threads, label, &sets);
  free (copy);
  if (status == TESSERA_OK && !reserve_band (stream, sets.count))
    status = TESSERA_ERROR_OUT_OF_MEMORY;
  if (status == TESSERA_OK)
    {
      const uint32_t *last = label + (size_t) (rows - 1) * stream->width;

      base = stream->ids;
      add_sets (stream, &sets, y0, rows);
      if (y0 > 0)
        unite_seam (stream, label, base);
      for (int x = 0; x < stream->width; x++)
        stream->seam[x] = last[x] != 0 ? base + last[x] : 0;
      stream->bands[stream->n_bands++] = (StreamBand) { y0, rows, base };
      stream->ids += sets.count;
      stream->rows_added += rows;
    }
  region_sets_free (&sets);
  return status;
}

/* Whether a set reaching SIDES is outside (as fill-regions.c decides). */
static bool
outside (uint8_t sides, bool edge_regions)
{
  return edge_regions ? sides == REGION_ALL_SIDES : sides != 0;
}

TesseraStatus
tessera_fill_stream_finish (TesseraFillStream *stream)
{
  uint32_t *parent;

  if (stream == NULL || stream->finished
      || stream->rows_added != stream->height)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  parent = stream->parent;
  /* A parent comes before its child: one sweep in id order points every
   * id at its root and gathers the sides there. */
  for (uint32_t id = 1; id <= stream->ids; id++)
    if (parent[id] != id)
      {
        parent[id] = parent[parent[id]];
        stream->sides[parent[id]] |= stream->sides[id];
      }
  /* The roots in id order are the regions in raster order; a child takes
   * its root's number, given before it. */
  for (uint32_t id = 1; id <= stream->ids; id++)
    if (parent[id] == id)
      parent[id] = outside (stream->sides[id], stream->edge_regions)
                   ? 0 : ++stream->count;
    else
      parent[id] = parent[parent[id]];
  free (stream->sides);
  stream->sides = NULL;
  stream->finished = true;
  return TESSERA_OK;
}

uint32_t
tessera_fill_stream_count (const TesseraFillStream *stream)
{
  return stream->count;
}

bool
tessera_fill_stream_has_line (const TesseraFillStream *stream)
{
  return stream->free_pixels < (uint64_t) stream->width * stream->height;
}

bool
tessera_fill_stream_has_free (const TesseraFillStream *stream)
{
  return stream->free_pixels > 0;
}

int
tessera_fill_stream_bands (const TesseraFillStream *stream)
{
  return (int) stream->n_bands;
}

void
tessera_fill_stream_band (const TesseraFillStream *stream, int i, int *y0,
                          int *rows)
{
  *y0 = stream->bands[i].y0;
  *rows = stream->bands[i].rows;
}

TesseraStatus
tessera_fill_stream_labels (const TesseraFillStream *stream, int i,
                            uint32_t *labels, TesseraExec *exec)
{
  int threads = tessera_exec_threads (exec);
  const StreamBand *band;
  const uint32_t *number;
  uint8_t *blocked;
  size_t pixels;
  RegionSets sets;
  TesseraStatus status;

  if (stream == NULL || !stream->finished || labels == NULL || i < 0
      || (size_t) i >= stream->n_bands)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  band = &stream->bands[i];
  number = stream->parent;
  pixels = (size_t) stream->width * band->rows;
  blocked = malloc (pixels);
  if (blocked == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  unpack_rows (stream, blocked, band->y0, band->rows, threads);
  /* The same rows labelled again: the same sets in the same order. */
  status = region_label (blocked, stream->width, band->rows,
                         stream->connectivity, threads, labels, &sets);
  free (blocked);
  if (status != TESSERA_OK)
    return status;
  region_sets_free (&sets);
  #pragma omp parallel for schedule(static) num_threads(threads)
  for (size_t p = 0; p < pixels; p++)
    labels[p] = labels[p] != 0 ? number[band->base + labels[p]] : 0;
  return TESSERA_OK;
}
