/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdbool.h>
#include <stdlib.h>
#include "colour-lloyd.h"
#include "mst-merge.h"
#include "mst-ward.h"
#include "mst-weighted.h"

int32_t (*
tessera_mst_fixed_points (const TesseraColourHistogram *histogram,
                          TesseraColourSpace space, int threads))[3]
{
  const size_t n = histogram->n_colours;
  int32_t (*points)[3] = malloc (sizeof *points * n + 1);

  if (points == NULL)
    return NULL;
  #pragma omp parallel for schedule (static) num_threads (threads)
  for (size_t i = 0; i < n; i++)
    {
      const uint8_t *rgb = histogram->colours + 3 * i;
      float lab[3];
      if (space == TESSERA_COLOUR_SPACE_CIELAB)
        tessera_srgb_to_lab (rgb, lab);
      for (int ch = 0; ch < 3; ch++)
        points[i][ch] = space == TESSERA_COLOUR_SPACE_CIELAB
                        ? tessera_mst_fixed (lab[ch])
                        : rgb[ch] * TESSERA_MST_FIXED_SCALE;
    }
  return points;
}

/* Renumbers the classes that kept colours 0, 1, ... in order. */
static int
drop_empty (uint32_t *label, size_t n, int k)
{
  bool used[TESSERA_MST_SEGMENT_MAX_CLASSES] = { false };
  uint32_t renumber[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int n_used;

  for (size_t i = 0; i < n; i++)
    used[label[i]] = true;
  n_used = tessera_mst_renumber (used, k, renumber);
  for (size_t i = 0; i < n; i++)
    label[i] = renumber[label[i]];
  return n_used;
}

/* Merges the K classes of LABEL by Ward's cost down to WANTED (see
 * core/mst-merge.h).  Returns the number left, renumbered 0 ... */
static int
ward_merge (const int32_t (*points)[3], const uint32_t *weights, size_t n,
            uint32_t *label, int k, int wanted)
{
  TesseraMstMoments m[TESSERA_MST_SEGMENT_MAX_CLASSES] =
    { { 0, { 0, 0, 0 } } };
  uint32_t into[TESSERA_MST_SEGMENT_MAX_CLASSES];

  for (size_t i = 0; i < n; i++)
    {
      m[label[i]].w += weights[i];
      for (int ch = 0; ch < 3; ch++)
        m[label[i]].s[ch] += (int64_t) weights[i] * points[i][ch];
    }
  tessera_mst_ward_merge (m, k, wanted, into);
  for (size_t i = 0; i < n; i++)
    label[i] = into[label[i]];
  return drop_empty (label, n, k);
}

/* How many classes: asked for, or where the error curve bends. */
static TesseraStatus
choose_classes (const TesseraColourHistogram *histogram,
                const TesseraEmstEdge *edges, const int32_t (*points)[3],
                const TesseraMstSegment *params, double min_weight,
                uint32_t *label, int *k)
{
  double sse[TESSERA_MST_AUTO_MAX_CLASSES];
  TesseraStatus status;

  *k = params->classes;
  if (*k > 0)
    return TESSERA_OK;
  status = tessera_mst_ward_cut (edges, histogram->counts, points,
                                 histogram->n_colours,
                                 TESSERA_MST_AUTO_MAX_CLASSES, min_weight,
                                 label, k, sse);
  if (status == TESSERA_OK)
    *k = tessera_mst_elbow (sse, TESSERA_MST_AUTO_MAX_CLASSES,
                            params->sensitivity);
  return status;
}

TesseraStatus
tessera_mst_weighted (const TesseraColourHistogram *histogram,
                      const TesseraEmstEdge *edges,
                      const TesseraMstSegment *params, bool refine,
                      uint32_t *colour_class, int *n_classes,
                      TesseraExec *exec)
{
  const size_t n = histogram->n_colours;
  int32_t (*points)[3] = tessera_mst_fixed_points (histogram,
                                                  params->colour_space,
                                                  tessera_exec_threads (exec));
  double total = 0.0;
  TesseraStatus status;
  int k;

  *n_classes = 0;
  if (points == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (size_t i = 0; i < n; i++)
    total += histogram->counts[i];
  status = choose_classes (histogram, edges, (const int32_t (*)[3]) points,
                           params, params->min_share * total, colour_class,
                           &k);
  /* Refined, the tree is split further and the parts merged back by
   * Ward's criterion, which undoes an early split that a later one made
   * needless; then Lloyd. */
  if (status == TESSERA_OK)
    status = tessera_mst_ward_cut (edges, histogram->counts,
                                   (const int32_t (*)[3]) points, n,
                                   refine ? tessera_mst_over_split (k) : k,
                                   params->min_share * total, colour_class,
                                   n_classes, NULL);
  if (status == TESSERA_OK && refine && *n_classes > k)
    *n_classes = ward_merge ((const int32_t (*)[3]) points, histogram->counts,
                             n, colour_class, *n_classes, k);
  if (status == TESSERA_OK && refine && *n_classes > 1)
    {
      status = tessera_colour_lloyd ((const int32_t (*)[3]) points,
                                     histogram->counts, n, *n_classes,
                                     TESSERA_MST_LLOYD_ITERATIONS,
                                     colour_class, NULL, exec);
      if (status == TESSERA_OK)
        *n_classes = drop_empty (colour_class, n, *n_classes);
    }
  free (points);
  return status;
}
