/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — private to the weighted classes on the device
 * (cuda/mst-tree.cu, cuda/mst-ward.cu, cuda/colour-lloyd.cu,
 * cuda/mst-weighted.cu): the steps of core/mst-weighted.c, each giving the
 * CPU's result. */
#ifndef TESSERA_CUDA_MST_PRIVATE_CUH
#define TESSERA_CUDA_MST_PRIVATE_CUH

#include "common.cuh"
extern "C" {
#include "mst-merge.h"
#include "mst-ward.h"
}

#define MST_NONE 0xffffffffu
#define MST_THREADS 256

static inline unsigned
mst_blocks (size_t n)
{
  return (unsigned) ((n + MST_THREADS - 1) / MST_THREADS);
}

/* Pixels and pixel-weighted coordinate sums, as TesseraMstMoments. */
struct MstMoments
{
  long long w, s[3];
};

/* The tree of core/mst-tree.c rooted at vertex 0, per preorder position:
 * its vertex (ORDER) and the last position of its subtree (LAST); the
 * same preorder as tessera_mst_tree_build's stack walk.  From the device
 * EDGES (N - 1 of them, any order); TESSERA_ERROR_INVALID_ARGUMENT when
 * they do not span the N vertices. */
struct MstLayout
{
  TesseraDeviceBuffer order, last;
};
TesseraStatus mst_layout (const TesseraEmstEdge *edges, size_t n,
                          MstLayout *layout, cudaStream_t stream);

/* Ward's top-down splits of core/mst-ward.c, driven from the host one
 * split at a time: the classes are heads (preorder positions) and every
 * class keeps its head, so the classes after any number of splits are the
 * first ones made. */
struct MstWardClass
{
  uint32_t          head, end;     /* its subtree range's first and last */
  int               parent;        /* the class its head's parent is in */
  TesseraMstMoments total;
  uint32_t          best, best_end; /* where it splits best, or MST_NONE */
  TesseraMstMoments best_part;      /* and the part that split cuts off */
  double            gain;
};

/* A class to scan: positions HEAD + 1 .. END less its children's ranges. */
struct MstWardJob
{
  uint32_t   head, end;
  int        n_children;
  MstMoments total;
  uint32_t   child_head[TESSERA_MST_SEGMENT_MAX_CLASSES];
  uint32_t   child_end[TESSERA_MST_SEGMENT_MAX_CLASSES];
};

struct MstWardResult
{
  double     gain;
  uint32_t   position, end;
  MstMoments part;
};

struct MstWardCut
{
  /* Device: per position, the whole subtree's moments. */
  TesseraDeviceBuffer subtree, partial, jobs, results;
  const uint32_t     *last;
  size_t              n;
  double              min_weight;
  cudaStream_t        stream;
  /* Pageable: pinning memory on every call would cost more than the few
   * kilobytes copied per split, and the stream is idle at each copy. */
  MstWardJob             host_jobs[2];
  MstWardResult          host_results[2];
  int                 count;      /* classes made */
  bool                stopped;    /* no split left */
  MstWardClass        classes[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int                 creator[TESSERA_MST_SEGMENT_MAX_CLASSES];
  TesseraMstMoments   made[TESSERA_MST_SEGMENT_MAX_CLASSES];
  double              gains[TESSERA_MST_SEGMENT_MAX_CLASSES];
};

/* One class holding the tree of LAYOUT, with its best split found. */
TesseraStatus mst_ward_start  (MstWardCut *cut, const MstLayout *layout,
                               const uint32_t *weights,
                               const int32_t (*points)[3], size_t n,
                               double min_weight, cudaStream_t stream);

/* Splits as tessera_mst_ward_cut does until MAX_CLASSES classes or none
 * left to split. */
TesseraStatus mst_ward_split_to (MstWardCut *cut, int max_classes);

/* The moments of the first K classes as they were with K classes. */
void          mst_ward_totals (const MstWardCut *cut, int k,
                               TesseraMstMoments *totals);

/* The error of the whole set (core/mst-ward.c's total_error), from the
 * device's exact sums. */
TesseraStatus mst_spread_error (const uint32_t *weights,
                                const int32_t (*points)[3], size_t n,
                                double *error, cudaStream_t stream);

/* Labels the vertices (COLOUR_CLASS, device) by the first K classes of
 * CUT, class c as MAP[c]. */
TesseraStatus mst_ward_label (const MstWardCut *cut, const MstLayout *layout,
                              int k, const uint32_t *map,
                              uint32_t *colour_class);

/* tessera_colour_lloyd on device arrays, LABEL changed in place. */
TesseraStatus mst_colour_lloyd (const int32_t (*points)[3],
                                const uint32_t *weights, size_t n, int k,
                                int max_iterations, uint32_t *label,
                                cudaStream_t stream);

#endif
