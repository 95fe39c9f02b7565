/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of line art with the GPU (regions_on_gpu, see
 * fill-regions-private.h).  The map goes to the device once and stays
 * there: the thinning, the pruning and the ends of gap closing, the
 * labelling, the grow-back and the numbering run on it, and only the ends,
 * the closure pixels and the final labels cross the bus.  The host decides
 * the ends' headings and casts the rays (doubles, which the device would
 * have to match bit for bit, and a search per end that few ends need),
 * and absorbs small regions (an order-dependent walk over the graph of
 * regions) on the labels brought back. */
#include <stdlib.h>
#include "fill-regions-private.h"
#include "gpu-backend.h"
#include "skeleton.h"
#include "stage-clock.h"

/* Gap closing with the thinning, the pruning and the ends on the device;
 * the host decides the headings and casts the rays on its copy of the
 * line (BLOCKED), the skeleton never comes back.  DRAWN gets the
 * closures. */
static TesseraStatus
close_on_gpu (TesseraCudaRegions *device, uint8_t *blocked, int width,
              int height, const TesseraFillRegions *params, int threads,
              RegionIndices *drawn)
{
  uint8_t rule[2 * 256];
  int8_t offsets[2 * (MAX_HALF_WIDTH + 1) * RING_SAMPLES];
  RegionEnd *ends = NULL;
  RegionFork *forks = NULL;
  size_t n_ends = 0, n_forks = 0;
  TesseraStatus status;

  skeleton_rule (rule);
  gap_cap_offsets (offsets);
  status = tessera_cuda_regions_thin (device, rule);
  if (status == TESSERA_OK)
    status = tessera_cuda_regions_ends (device, offsets, &ends, &n_ends,
                                        &forks, &n_forks);
  tessera_stage_mark ("thin, prune, ends (gpu) to the host");
  if (status == TESSERA_OK)
    status = gap_close_ends (blocked, width, height, params->gap,
                             params->edge_regions, threads, ends, n_ends,
                             forks, n_forks, drawn);
  free (ends);
  free (forks);
  return status;
}

/* Labels, classifies and grows back on DEVICE; MAP and the count from the
 * sets' fates; the final labels into LABELS. */
static TesseraStatus
number_on_gpu (TesseraCudaRegions *device, const uint8_t *blocked,
               const RegionIndices *drawn, TesseraLabels *labels,
               const TesseraFillRegions *params, int threads,
               TesseraExec *exec)
{
  int width = labels->width, height = labels->height;
  uint64_t pocket = 2 * (uint64_t) params->gap * (params->gap + 1);
  uint32_t sets = 0, *map = NULL;
  uint8_t *keep = NULL;
  TesseraStatus status;

  status = tessera_cuda_regions_label (device, drawn->at, drawn->count,
                                       params->connectivity,
                                       params->edge_regions,
                                       params->gap > 0 ? pocket : 0, &sets);
  tessera_stage_mark ("label, classify, grow back (gpu)");
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.6))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    {
      keep = malloc ((size_t) sets + 1);
      map = malloc (((size_t) sets + 1) * sizeof *map);
      status = keep != NULL && map != NULL
               ? tessera_cuda_regions_keep (device, keep)
               : TESSERA_ERROR_OUT_OF_MEMORY;
    }
  /* Absorbing reads the grown labels on the host. */
  if (status == TESSERA_OK && params->min_region > 0)
    status = tessera_cuda_regions_download (device, labels->label);
  if (status == TESSERA_OK)
    status = region_final_numbers (labels->label, blocked, keep, sets, width,
                                   height, params, threads, map,
                                   &labels->count);
  tessera_stage_mark ("final numbers");
  if (status == TESSERA_OK)
    status = tessera_cuda_regions_finish (device, map, sets,
                                          params->gap > 0
                                          || params->min_region > 0,
                                          labels->label);
  tessera_stage_mark ("renumber (gpu) and labels to the host");
  free (keep);
  free (map);
  return status;
}

TesseraStatus
regions_on_gpu (void *args, TesseraExec *exec)
{
  const RegionsCall *call = args;
  const TesseraFillRegions *params = call->params;
  TesseraLabels *labels = call->labels;
  int width = labels->width, height = labels->height;
  int threads = tessera_exec_threads (exec);
  RegionIndices drawn = { NULL, 0, 0 };
  TesseraCudaRegions *device = NULL;
  uint8_t *blocked;
  TesseraStatus status;

  tessera_stage_start ();
  blocked = region_blocked_from (call->contours, threads);
  if (blocked == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  tessera_stage_mark ("threshold");
  status = tessera_cuda_regions_new (&device, blocked, width, height);
  tessera_stage_mark ("map to the device");
  if (status == TESSERA_OK && params->gap > 0)
    status = close_on_gpu (device, blocked, width, height, params, threads,
                           &drawn);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.3))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    status = number_on_gpu (device, blocked, &drawn, labels, params, threads,
                            exec);
  if (status == TESSERA_OK && call->closures != NULL)
    region_closures_out (blocked, call->closures);
  tessera_cuda_regions_free (device);
  free (drawn.at);
  free (blocked);
  return status;
}
