/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "mst-merge.h"
#include "mst-segment.h"

int
tessera_mst_over_split (int k)
{
  int parts = k + (k < 16 ? k : 16);
  return parts < TESSERA_MST_SEGMENT_MAX_CLASSES
         ? parts : TESSERA_MST_SEGMENT_MAX_CLASSES;
}

/* The cheapest pair of live parts, first in (A, B) order on ties; false
 * when fewer than two live. */
static bool
cheapest_pair (const TesseraMstMoments *m, const bool *alive, int k,
               int *best_a, int *best_b)
{
  double best = 0.0;

  *best_a = -1;
  for (int a = 0; a < k; a++)
    for (int b = a + 1; b < k && alive[a]; b++)
      if (alive[b])
        {
          double cost = tessera_mst_ward_cost (&m[a], &m[b]);
          if (*best_a < 0 || cost < best)
            {
              best = cost;
              *best_a = a;
              *best_b = b;
            }
        }
  return *best_a >= 0;
}

void
tessera_mst_ward_merge (TesseraMstMoments *m, int k, int wanted,
                        uint32_t *into)
{
  bool alive[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int left = k;

  for (int c = 0; c < k; c++)
    {
      into[c] = (uint32_t) c;
      alive[c] = m[c].w > 0;
    }
  while (left > wanted)
    {
      int a, b;
      if (!cheapest_pair (m, alive, k, &a, &b))
        break;
      m[a].w += m[b].w;
      for (int ch = 0; ch < 3; ch++)
        m[a].s[ch] += m[b].s[ch];
      alive[b] = false;
      for (int c = 0; c < k; c++)
        if (into[c] == (uint32_t) b)
          into[c] = (uint32_t) a;
      left--;
    }
}

int
tessera_mst_renumber (const bool *used, int k, uint32_t *renumber)
{
  int n_used = 0;

  for (int c = 0; c < k; c++)
    renumber[c] = used[c] ? (uint32_t) n_used++ : 0;
  return n_used;
}
