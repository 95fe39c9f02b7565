/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include "colour-keys.h"
#include "colour-tally.h"
#include "exec.h"
#include "huge-alloc.h"

TesseraStatus
tessera_colour_tally_start (TesseraColourTally *tally, int width, int height)
{
  memset (tally, 0, sizeof *tally);
  if (width <= 0 || height <= 0)
    return TESSERA_ERROR_EMPTY_IMAGE;
  if ((uint64_t) width * (uint64_t) height >= UINT32_MAX)
    return TESSERA_ERROR_TOO_LARGE;
  tally->width = width;
  tally->height = height;
  tally->pixels = (size_t) width * (size_t) height;
  if (tally->pixels >= TESSERA_COLOUR_TALLY_TABLE_PIXELS)
    tally->table = tessera_huge_calloc (sizeof (uint32_t)
                                        * TESSERA_COLOUR_KEYS,
                                        tessera_exec_threads (NULL));
  else
    tally->keys = malloc (sizeof (uint32_t) * tally->pixels);
  if (tally->table == NULL && tally->keys == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  return TESSERA_OK;
}

static TesseraStatus
check_band (const TesseraImage *band, int width)
{
  TesseraStatus status = tessera_image_check (band);

  if (status != TESSERA_OK)
    return status;
  if (band->memory != TESSERA_MEMORY_HOST || band->width != width)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

/* Each thread makes the keys of a row in a row of its own. */
static TesseraStatus
count_rows (uint32_t *table, const TesseraImage *band, int threads)
{
  uint32_t *rows = malloc (sizeof (uint32_t) * (size_t) band->width
                           * (size_t) threads);

  if (rows == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  #pragma omp parallel num_threads (threads)
  {
    uint32_t *keys = rows + (size_t) omp_get_thread_num () * band->width;

    #pragma omp for schedule (static)
    for (int y = 0; y < band->height; y++)
      {
        tessera_colour_row_keys (band, y, keys);
        tessera_colour_count_keys (keys, band->width, table);
      }
  }
  free (rows);
  return TESSERA_OK;
}

TesseraStatus
tessera_colour_tally_add (TesseraColourTally *tally, const TesseraImage *band,
                          TesseraExec *exec)
{
  TesseraStatus status = check_band (band, tally->width);
  const int threads = tessera_exec_threads (exec);
  uint32_t *keys;

  if (status != TESSERA_OK)
    return status;
  if (tally->finished
      || (size_t) band->height * (size_t) band->width
         > tally->pixels - tally->seen)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  tally->quantised |= band->type != TESSERA_U8;
  if (tally->table != NULL)
    status = count_rows (tally->table, band, threads);
  else
    {
      keys = tally->keys + tally->seen;
      #pragma omp parallel for schedule (static) num_threads (threads)
      for (int y = 0; y < band->height; y++)
        tessera_colour_row_keys (band, y, keys + (size_t) y * band->width);
    }
  if (status == TESSERA_OK)
    tally->seen += (size_t) band->width * (size_t) band->height;
  return status;
}

/* Sorts the N 24-bit KEYS, a byte at a time, through SCRATCH (as long);
 * returns which of the two holds them sorted. */
static uint32_t *
sort_keys (uint32_t *keys, uint32_t *scratch, size_t n)
{
  for (int shift = 0; shift < 24; shift += 8)
    {
      size_t start[257] = { 0 };
      uint32_t *swap;

      for (size_t i = 0; i < n; i++)
        start[(keys[i] >> shift & 0xff) + 1]++;
      for (int b = 0; b < 256; b++)
        start[b + 1] += start[b];
      for (size_t i = 0; i < n; i++)
        scratch[start[keys[i] >> shift & 0xff]++] = keys[i];
      swap = keys;
      keys = scratch;
      scratch = swap;
    }
  return keys;
}

/* Keeps the N KEYS that are colours, in their order; returns how many. */
static size_t
drop_transparent (uint32_t *keys, size_t n)
{
  size_t kept = 0;

  for (size_t i = 0; i < n; i++)
    if (keys[i] != TESSERA_COLOUR_TRANSPARENT)
      keys[kept++] = keys[i];
  return kept;
}

/* The small image's colours, counted by sorting its pixels' keys; the
 * distinct keys are kept for tessera_colour_tally_index. */
static TesseraStatus
collect_sorted (TesseraColourTally *tally, TesseraColourHistogram *histogram)
{
  const size_t n = drop_transparent (tally->keys, tally->pixels);
  /* One more: an image with no visible pixel has no keys. */
  uint32_t *scratch = malloc (sizeof (uint32_t) * (n + 1));
  uint32_t *sorted, *distinct;
  size_t used = 0;

  if (scratch == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  sorted = sort_keys (tally->keys, scratch, n);
  distinct = sorted == scratch ? tally->keys : scratch;
  for (size_t i = 0; i < n; i++)
    used += i == 0 || sorted[i] != sorted[i - 1];
  histogram->n_colours = used;
  histogram->colours = malloc (3 * used + 1);
  histogram->counts = calloc (used + 1, sizeof (uint32_t));
  if (histogram->colours == NULL || histogram->counts == NULL)
    {
      free (scratch);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  used = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (i == 0 || sorted[i] != sorted[i - 1])
        {
          uint32_t key = sorted[i];
          histogram->colours[3 * used + 0] = (uint8_t) (key >> 16);
          histogram->colours[3 * used + 1] = (uint8_t) (key >> 8);
          histogram->colours[3 * used + 2] = (uint8_t) key;
          distinct[used++] = key;
        }
      histogram->counts[used - 1]++;
    }
  free (sorted);
  /* The distinct keys are often far fewer than the pixels. */
  tally->keys = realloc (distinct, sizeof (uint32_t) * (used + 1));
  if (tally->keys == NULL)
    tally->keys = distinct;
  tally->n_keys = used;
  return TESSERA_OK;
}

TesseraStatus
tessera_colour_tally_finish (TesseraColourTally *tally,
                             TesseraColourHistogram *histogram,
                             TesseraExec *exec)
{
  TesseraStatus status;

  memset (histogram, 0, sizeof *histogram);
  if (tally->finished || tally->seen != tally->pixels)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (tally->table != NULL)
    status = tessera_colour_table_collect (tally->table, histogram,
                                           tessera_exec_threads (exec));
  else
    status = collect_sorted (tally, histogram);
  if (status != TESSERA_OK)
    {
      tessera_colour_histogram_free (histogram);
      return status;
    }
  histogram->width = tally->width;
  histogram->height = tally->height;
  histogram->quantised = tally->quantised;
  tally->finished = true;
  return TESSERA_OK;
}

/* Where KEY lies among the N sorted DISTINCT keys, or N. */
static size_t
find_key (const uint32_t *distinct, size_t n, uint32_t key)
{
  size_t low = 0, high = n;

  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if (distinct[middle] < key)
        low = middle + 1;
      else
        high = middle;
    }
  return low < n && distinct[low] == key ? low : n;
}

/* Replaces a row's keys by their indices; false if one is not there. */
static bool
index_row (const TesseraColourTally *tally, uint32_t *row, int width)
{
  uint32_t last_key = 0, last = UINT32_MAX;
  bool looked_up = false;

  if (tally->table != NULL)
    {
      for (int x = 0; x < width; x++)
        if (row[x] != TESSERA_COLOUR_TRANSPARENT)
          row[x] = tally->table[row[x]];
      return true;
    }
  /* Runs of one colour look it up once. */
  for (int x = 0; x < width; x++)
    {
      if (row[x] == TESSERA_COLOUR_TRANSPARENT)
        continue;
      if (!looked_up || row[x] != last_key)
        {
          size_t i = find_key (tally->keys, tally->n_keys, row[x]);
          if (i == tally->n_keys)
            return false;
          looked_up = true;
          last_key = row[x];
          last = tally->labels != NULL ? tally->labels[i] : (uint32_t) i;
        }
      row[x] = last;
    }
  return true;
}

TesseraStatus
tessera_colour_tally_index (const TesseraColourTally *tally,
                            const TesseraImage *band, uint32_t *indices,
                            TesseraExec *exec)
{
  TesseraStatus status = check_band (band, tally->width);
  bool found = true;

  if (status != TESSERA_OK)
    return status;
  if (!tally->finished)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  #pragma omp parallel for schedule (static) reduction (&& : found) \
    num_threads (tessera_exec_threads (exec))
  for (int y = 0; y < band->height; y++)
    {
      uint32_t *row = indices + (size_t) y * band->width;
      tessera_colour_row_keys (band, y, row);
      found = index_row (tally, row, band->width) && found;
    }
  return found ? TESSERA_OK : TESSERA_ERROR_INVALID_ARGUMENT;
}

TesseraStatus
tessera_colour_tally_relabel (TesseraColourTally *tally,
                              const TesseraColourHistogram *histogram,
                              const uint32_t *label)
{
  const size_t n = histogram->n_colours;

  if (!tally->finished || tally->relabelled
      || (tally->table == NULL && n != tally->n_keys))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < n; i++)
    if (label[i] == TESSERA_COLOUR_TRANSPARENT)
      return TESSERA_ERROR_INVALID_ARGUMENT;
  if (tally->table == NULL)
    {
      /* One more: a histogram with no colours. */
      tally->labels = malloc (sizeof (uint32_t) * (n + 1));
      if (tally->labels == NULL)
        return TESSERA_ERROR_OUT_OF_MEMORY;
      memcpy (tally->labels, label, sizeof (uint32_t) * n);
      tally->relabelled = true;
      return TESSERA_OK;
    }
  /* The table holds each used colour's index: its label instead, in
   * place (only the histogram's colours are ever looked up). */
  for (size_t i = 0; i < n; i++)
    {
      const uint8_t *c = histogram->colours + 3 * i;
      tally->table[(uint32_t) c[0] << 16 | (uint32_t) c[1] << 8 | c[2]]
        = label[i];
    }
  tally->relabelled = true;
  return TESSERA_OK;
}

void
tessera_colour_tally_free (TesseraColourTally *tally)
{
  free (tally->table);
  free (tally->keys);
  free (tally->labels);
  memset (tally, 0, sizeof *tally);
}
