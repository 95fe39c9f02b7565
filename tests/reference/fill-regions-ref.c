/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <string.h>
#include "fill-regions-ref.h"

static const int step_x[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int step_y[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

uint32_t
test_fill_regions_ref (const TesseraImage *map, int connectivity,
                       bool edge_regions, uint32_t *label)
{
  int w = map->width, h = map->height;
  size_t pixels = (size_t) w * h;
  size_t *queue = malloc (pixels * sizeof *queue);
  uint32_t *set = calloc (pixels, sizeof *set);
  uint32_t sets = 0, count = 0;
  uint32_t *number = malloc ((pixels + 1) * sizeof *number);

  for (size_t start = 0; start < pixels; start++)
    {
      size_t head = 0, tail = 0;
      int sides = 0;
      if (set[start] != 0
          || ((const uint8_t *) tessera_image_row (map, (int) (start / w)))
                 [start % w] != 0)
        continue;
      set[start] = ++sets;
      queue[tail++] = start;
      while (head < tail)
        {
          size_t at = queue[head++];
          int x = (int) (at % w), y = (int) (at / w);
          sides |= (x == 0) | (x == w - 1) << 1 | (y == 0) << 2
                   | (y == h - 1) << 3;
          for (int k = 0; k < connectivity; k++)
            {
              int nx = x + step_x[k], ny = y + step_y[k];
              size_t n;
              if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
              n = (size_t) ny * w + nx;
              if (set[n] == 0
                  && ((const uint8_t *) tessera_image_row (map, ny))[nx] == 0)
                {
                  set[n] = sets;
                  queue[tail++] = n;
                }
            }
        }
      number[sets] = (edge_regions ? sides == 15 : sides != 0) ? 0 : ++count;
    }
  for (size_t i = 0; i < pixels; i++)
    label[i] = set[i] != 0 ? number[set[i]] : 0;
  free (number);
  free (set);
  free (queue);
  return count;
}

static int
compare_pairs (const void *a, const void *b)
{
  uint64_t p = *(const uint64_t *) a, q = *(const uint64_t *) b;
  return p < q ? -1 : p > q;
}

/* The most frequent label over known region T's pixels: COUNTS holds,
 * per label, the pixels of T with it. */
RegionScore
test_score_regions (const uint32_t *truth, uint32_t truth_count,
                    const uint32_t *label, uint32_t count,
                    const TesseraImage *map, int min_size)
{
  int w = map->width, h = map->height;
  RegionScore score = { 0, 0, 0, 0, 0, 0 };
  /* Pairs (truth, label) counted through a sort of the pairs. */
  size_t pixels = (size_t) w * h, n = 0;
  uint64_t *pairs = malloc (pixels * sizeof *pairs);
  uint64_t *size = calloc ((size_t) truth_count + 1, sizeof *size);
  uint32_t *main_label = calloc ((size_t) truth_count + 1, sizeof *main_label);
  uint64_t *main_count = calloc ((size_t) truth_count + 1, sizeof *main_count);
  uint64_t *second = calloc ((size_t) truth_count + 1, sizeof *second);
  uint64_t *unlabelled = calloc ((size_t) truth_count + 1, sizeof *unlabelled);
  uint32_t *mains = calloc ((size_t) count + 1, sizeof *mains);
  uint8_t *any_main = calloc ((size_t) count + 1, 1);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        size_t at = (size_t) y * w + x;
        if (truth[at] == 0
            || ((const uint8_t *) tessera_image_row (map, y))[x] != 0)
          continue;
        pairs[n++] = (uint64_t) truth[at] << 32 | label[at];
        size[truth[at]]++;
      }
  /* Sorting the pairs groups them by truth, then label. */
  qsort (pairs, n, sizeof *pairs, compare_pairs);
  for (size_t i = 0; i < n;)
    {
      size_t j = i;
      uint32_t t = (uint32_t) (pairs[i] >> 32), l = (uint32_t) pairs[i];
      while (j < n && pairs[j] == pairs[i])
        j++;
      if (l == 0)
        unlabelled[t] += j - i;
      else if (j - i > main_count[t])
        {
          second[t] = main_count[t] > second[t] ? main_count[t] : second[t];
          main_count[t] = j - i;
          main_label[t] = l;
        }
      else if (j - i > second[t])
        second[t] = j - i;
      i = j;
    }
  /* Main labels of the regions scored (merged: two share one), and of
   * every known region, however small (extra: a label is none's). */
  for (uint32_t t = 1; t <= truth_count; t++)
    if (main_count[t] > unlabelled[t])
      {
        mains[main_label[t]] += size[t] >= (uint64_t) min_size;
        any_main[main_label[t]] = 1;
      }
  for (uint32_t t = 1; t <= truth_count; t++)
    {
      if (size[t] < (uint64_t) min_size)
        continue;
      score.regions++;
      if (unlabelled[t] >= main_count[t])
        score.empty++;
      else if (mains[main_label[t]] > 1)
        score.merged++;
      else if (second[t] * 20 >= size[t] && second[t] >= 10)
        score.split++;
      else if (main_count[t] * 20 >= size[t] * 19)
        score.correct++;
      else
        score.empty++;
    }
  for (uint32_t l = 1; l <= count; l++)
    score.extra += any_main[l] == 0;
  free (pairs);
  free (size);
  free (main_label);
  free (main_count);
  free (second);
  free (unlabelled);
  free (mains);
  free (any_main);
  return score;
}
