/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of line art.  See fill-regions.h for the steps;
 * each has its file (gap-closing.c, region-label.c, region-grow.c,
 * region-merge.c), this one runs them in order. */
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"
#include "gpu-backend.h"
#include "stage-clock.h"

TesseraFillRegions
tessera_fill_regions_defaults (void)
{
  TesseraFillRegions params = { 4, 0, false, 0, 0, false };
  return params;
}

TesseraStatus
tessera_labels_alloc (TesseraLabels *labels, int width, int height)
{
  memset (labels, 0, sizeof *labels);
  if (width <= 0 || height <= 0 || width > TESSERA_MAX_SIDE
      || height > TESSERA_MAX_SIDE)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  labels->label = calloc ((size_t) width * height, sizeof *labels->label);
  if (labels->label == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  labels->width = width;
  labels->height = height;
  return TESSERA_OK;
}

void
tessera_labels_free (TesseraLabels *labels)
{
  free (labels->label);
  memset (labels, 0, sizeof *labels);
}

static bool
is_map (const TesseraImage *image, int width, int height)
{
  return tessera_image_check (image) == TESSERA_OK
         && image->memory == TESSERA_MEMORY_HOST && image->channels == 1
         && image->type == TESSERA_U8 && image->width == width
         && image->height == height;
}

TesseraStatus
tessera_fill_regions_check (const TesseraImage *contours,
                            const TesseraLabels *labels,
                            const TesseraImage *closures,
                            const TesseraFillRegions *params)
{
  if (contours == NULL || labels == NULL || params == NULL
      || labels->label == NULL)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (!is_map (contours, labels->width, labels->height)
      || (closures != NULL && !is_map (closures, labels->width,
                                       labels->height)))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if ((params->connectivity != 4 && params->connectivity != 8)
      || params->gap < 0 || params->gap > TESSERA_FILL_REGIONS_MAX_GAP
      || params->min_region < 0 || params->bleed < 0
      || params->bleed > TESSERA_FILL_REGIONS_MAX_BLEED)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

uint8_t *
region_blocked_from (const TesseraImage *contours, int threads)
{
  int width = contours->width, height = contours->height;
  uint8_t *blocked = malloc ((size_t) width * height);

  if (blocked == NULL)
    return NULL;
  #pragma omp parallel for schedule(static) num_threads(threads)
  for (int y = 0; y < height; y++)
    {
      const uint8_t *in = tessera_image_row (contours, y);
      uint8_t *out = blocked + (size_t) y * width;
      for (int x = 0; x < width; x++)
        out[x] = in[x] != 0;
    }
  return blocked;
}

/* Whether set S is outside: it touches the edge (all four sides, with
 * edge regions). */
static bool
set_outside (const RegionSets *sets, uint32_t s, bool edge_regions)
{
  return edge_regions ? sets->sides[s] == REGION_ALL_SIDES
                      : sets->sides[s] != 0;
}

/* KEEP[s]: 1 for a region, 0 for the outside, 2 for a pocket that
 * closing segments cut off, to be grown back like the segments
 * themselves: a set next to a segment of at most 2 GAP (GAP + 1) pixels,
 * such as the tip of a sharp wedge between two lines, which a spur of the
 * skeleton may close (a region that small is no gap's doing). */
static uint8_t *
classify_sets (const RegionSets *sets, const uint32_t *label,
               const uint8_t *blocked, int width, int height,
               const TesseraFillRegions *params)
{
  uint8_t *keep = malloc ((size_t) sets->count + 1);
  uint64_t pocket = 2 * (uint64_t) params->gap * (params->gap + 1);

  if (keep == NULL)
    return NULL;
  keep[0] = 0;
  for (uint32_t s = 1; s <= sets->count; s++)
    keep[s] = set_outside (sets, s, params->edge_regions) ? 0 : 1;
  if (params->gap == 0)
    return keep;
  for (int y = 0; y < height; y++)
    for (const uint8_t *row = blocked + (size_t) y * width,
                       *p = memchr (row, CLOSURE_PIXEL, (size_t) width);
         p != NULL;
         p = memchr (p + 1, CLOSURE_PIXEL, (size_t) (row + width - p - 1)))
      {
        /* The closures are few: memchr skips the rest a word at a time. */
        int x = (int) (p - row);
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            {
              int nx = x + dx, ny = y + dy;
              uint32_t s;
              if (nx < 0 || ny < 0 || nx >= width || ny >= height)
                continue;
              s = label[(size_t) ny * width + nx];
              if (s != 0 && sets->area[s] <= pocket)
                keep[s] = 2;
            }
      }
  return keep;
}

/* LABEL: region pixels keep their set number, outside pixels 0; the
 * closing segments' pixels and the pockets are grown back from both. */
static TesseraStatus
grow_back (uint32_t *label, const uint8_t *blocked, const uint8_t *keep,
           int width, int height, const TesseraFillRegions *params,
           int threads)
{
  size_t pixels = (size_t) width * height;
  uint8_t *state = malloc (pixels);
  bool ok;

  if (state == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  #pragma omp parallel for schedule(static) num_threads(threads)
  for (size_t i = 0; i < pixels; i++)
    state[i] = grow_back_state (blocked[i], label[i], keep, &label[i]);
  ok = region_grow (label, state, width, height, -1, params->connectivity);
  free (state);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}

TesseraStatus
region_final_numbers (const uint32_t *label, const uint8_t *blocked,
                      const uint8_t *keep, uint32_t sets, int width,
                      int height, const TesseraFillRegions *params,
                      int threads, uint32_t *map, uint32_t *count)
{
  uint32_t *merged = NULL;
  uint32_t next = 0;

  if (params->min_region > 0)
    {
      TesseraStatus status;
      merged = malloc (((size_t) sets + 1) * sizeof *merged);
      if (merged == NULL)
        return TESSERA_ERROR_OUT_OF_MEMORY;
      status = region_merge (label, blocked, width, height, sets,
                             (uint64_t) params->min_region, threads, merged);
      if (status != TESSERA_OK)
        {
          free (merged);
          return status;
        }
    }
  map[0] = 0;
  for (uint32_t s = 1; s <= sets; s++)
    {
      uint32_t into = merged != NULL ? merged[s] : (keep[s] == 1 ? s : 0);
      /* A set absorbed into an earlier one takes that one's number; a
       * set is never absorbed into a later set that keeps its own. */
      if (into == 0)
        map[s] = 0;
      else if (into == s)
        map[s] = ++next;
      else
        map[s] = into < s ? map[into] : UINT32_MAX;
    }
  /* Absorbed into a later set: that set's number is known now. */
  for (uint32_t s = 1; s <= sets; s++)
    if (map[s] == UINT32_MAX)
      map[s] = map[merged[s]];
  free (merged);
  *count = next;
  return TESSERA_OK;
}

/* Numbers the regions of LABEL, set numbers that MAP turns into 1..COUNT,
 * in the raster order of their first pixel (one pass for both). */
static TesseraStatus
renumber (uint32_t *label, size_t pixels, const uint32_t *map,
          uint32_t count)
{
  uint32_t *order = calloc ((size_t) count + 1, sizeof *order);
  uint32_t next = 0;

  if (order == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (size_t i = 0; i < pixels; i++)
    {
      uint32_t l = map[label[i]];
      label[i] = 0;
      if (l == 0)
        continue;
      if (order[l] == 0)
        order[l] = ++next;
      label[i] = order[l];
    }
  free (order);
  return TESSERA_OK;
}

void
region_closures_out (const uint8_t *blocked, TesseraImage *closures)
{
  for (int y = 0; y < closures->height; y++)
    {
      uint8_t *out = tessera_image_row (closures, y);
      const uint8_t *in = blocked + (size_t) y * closures->width;
      for (int x = 0; x < closures->width; x++)
        out[x] = in[x] == CLOSURE_PIXEL ? 255 : 0;
    }
}

/* Steps 1-4 on the CPU alone. */
static TesseraStatus
regions_on_cpu (void *args, TesseraExec *exec)
{
  const RegionsCall *call = args;
  const TesseraFillRegions *params = call->params;
  TesseraLabels *labels = call->labels;
  int width = labels->width, height = labels->height;
  int threads = tessera_exec_threads (exec);
  size_t pixels = (size_t) width * height;
  uint8_t *blocked = NULL, *keep = NULL;
  uint32_t *map = NULL;
  RegionSets sets = { 0, NULL, NULL };
  TesseraStatus status = TESSERA_OK;

  tessera_stage_start ();
  blocked = region_blocked_from (call->contours, threads);
  if (blocked == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  tessera_stage_mark ("threshold");
  if (params->gap > 0)
    status = gap_close (blocked, width, height, params->gap,
                        params->edge_regions, threads);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.3))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    status = region_label (blocked, width, height, params->connectivity,
                           threads, labels->label, &sets);
  tessera_stage_mark ("label");
  if (status == TESSERA_OK)
    {
      keep = classify_sets (&sets, labels->label, blocked, width, height,
                            params);
      map = malloc (((size_t) sets.count + 1) * sizeof *map);
      if (keep == NULL || map == NULL)
        status = TESSERA_ERROR_OUT_OF_MEMORY;
    }
  tessera_stage_mark ("classify");
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.6))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    status = grow_back (labels->label, blocked, keep, width, height, params,
                        threads);
  tessera_stage_mark ("grow back");
  if (status == TESSERA_OK)
    status = region_final_numbers (labels->label, blocked, keep, sets.count,
                                   width, height, params, threads, map,
                                   &labels->count);
  tessera_stage_mark ("final numbers");
  if (status == TESSERA_OK)
    {
      uint32_t *label = labels->label;
      /* Grown back or absorbed, a region may now start before the set it
       * was numbered by. */
      if (params->gap > 0 || params->min_region > 0)
        status = renumber (label, pixels, map, labels->count);
      else
        {
          #pragma omp parallel for schedule(static) num_threads(threads)
          for (size_t i = 0; i < pixels; i++)
            label[i] = map[label[i]];
        }
      tessera_stage_mark ("renumber");
      if (status == TESSERA_OK && call->closures != NULL)
        region_closures_out (blocked, call->closures);
    }
  free (map);
  free (keep);
  region_sets_free (&sets);
  free (blocked);
  return status;
}

TesseraStatus
tessera_fill_regions (const TesseraImage *contours, TesseraLabels *labels,
                      TesseraImage *closures,
                      const TesseraFillRegions *params, TesseraExec *exec)
{
  RegionsCall call = { contours, labels, closures, params };
  TesseraExec fallback = tessera_exec_default ();
  TesseraStatus status = tessera_fill_regions_check (contours, labels,
                                                      closures, params);
  double pixels;

  if (status != TESSERA_OK)
    return status;
  pixels = (double) labels->width * labels->height;
  {
    /* Costs per pixel as measured on the page of bench/RESULTS.md (gap
     * closing, H100 host): the host's part of the GPU path (threshold,
     * rays) counts as the GPU's; the copies are the map up and the labels
     * down. */
    TesseraExecOp op = { regions_on_cpu, TESSERA_GPU (regions_on_gpu), &call,
                         false, false,
                         { pixels, 16.0, 0.8, 0.0, 5.0 * pixels } };
    status = tessera_exec_run (exec != NULL ? exec : &fallback, &op);
  }
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}

TesseraStatus
tessera_fill_regions_under_line (const TesseraImage *contours,
                                 TesseraLabels *labels,
                                 const TesseraFillRegions *params)
{
  int width = labels->width, height = labels->height;
  size_t pixels = (size_t) width * height;
  uint8_t *state;
  int steps = params->to_centre ? -1 : params->bleed;
  bool ok;
  TesseraStatus status = tessera_fill_regions_check (contours, labels, NULL,
                                                      params);

  if (status != TESSERA_OK)
    return status;
  if (steps == 0)
    return TESSERA_OK;
  state = malloc (pixels);
  if (state == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (int y = 0; y < height; y++)
    {
      const uint8_t *line = tessera_image_row (contours, y);
      const uint32_t *label = labels->label + (size_t) y * width;
      uint8_t *out = state + (size_t) y * width;
      for (int x = 0; x < width; x++)
        /* The bleed grows from the regions only; to the centre, the
         * outside holds its half of the line too. */
        out[x] = line[x] != 0 ? GROW_TARGET
                 : label[x] != 0 || params->to_centre ? GROW_SOURCE
                 : GROW_IDLE;
    }
  ok = region_grow (labels->label, state, width, height, steps,
                    params->to_centre ? 8 : params->connectivity);
  free (state);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}

static int
compare_keys (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

TesseraStatus
tessera_fill_regions_guide (const TesseraLabels *labels,
                            const TesseraImage *guide, uint32_t *colour_of)
{
  size_t n = 0, capacity = 0;
  uint64_t *keys = NULL;

  if (labels == NULL || guide == NULL || colour_of == NULL
      || tessera_image_check (guide) != TESSERA_OK
      || guide->memory != TESSERA_MEMORY_HOST || guide->channels != 4
      || guide->type != TESSERA_U8 || guide->width != labels->width
      || guide->height != labels->height)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  memset (colour_of, 0, ((size_t) labels->count + 1) * sizeof *colour_of);
  /* (region, colour) of every dab pixel; sorted, the runs count them. */
  for (int y = 0; y < guide->height; y++)
    {
      const uint8_t *in = tessera_image_row (guide, y);
      const uint32_t *label = labels->label + (size_t) y * labels->width;
      for (int x = 0; x < guide->width; x++)
        {
          const uint8_t *p = in + 4 * x;
          if (label[x] == 0 || p[3] < 128)
            continue;
          if (!array_reserve ((void **) &keys, &capacity, n, sizeof *keys))
            {
              free (keys);
              return TESSERA_ERROR_OUT_OF_MEMORY;
            }
          keys[n++] = (uint64_t) label[x] << 32
                      | (uint32_t) p[0] << 16 | (uint32_t) p[1] << 8 | p[2];
        }
    }
  qsort (keys, n, sizeof *keys, compare_keys);
  {
    uint32_t region = 0;
    size_t best = 0;
    for (size_t i = 0; i < n;)
      {
        size_t j = i;
        uint32_t r = (uint32_t) (keys[i] >> 32);
        while (j < n && keys[j] == keys[i])
          j++;
        if (r != region)
          {
            region = r;
            best = 0;
          }
        /* Equal counts keep the earlier, smaller colour. */
        if (j - i > best)
          {
            best = j - i;
            colour_of[r] = 0x01000000u | (uint32_t) (keys[i] & 0xFFFFFF);
          }
        i = j;
      }
  }
  free (keys);
  return TESSERA_OK;
}
