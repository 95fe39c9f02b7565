#include <stdlib.h>
#include "colour-lloyd.h"
#include "mst-ward.h"
#include "mst-weighted.h"

/* The colours in the method's space, fixed point. */
static int32_t (*
fixed_points (const TesseraColourHistogram *histogram,
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
  int n_used = 0;

  for (size_t i = 0; i < n; i++)
    used[label[i]] = true;
  for (int c = 0; c < k; c++)
    renumber[c] = used[c] ? (uint32_t) n_used++ : 0;
  for (size_t i = 0; i < n; i++)
    label[i] = renumber[label[i]];
  return n_used;
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
  int32_t (*points)[3] = fixed_points (histogram, params->colour_space,
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
  if (status == TESSERA_OK)
    status = tessera_mst_ward_cut (edges, histogram->counts,
                                   (const int32_t (*)[3]) points, n, k,
                                   params->min_share * total, colour_class,
                                   n_classes, NULL);
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
