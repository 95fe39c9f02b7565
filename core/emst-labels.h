/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the EMST's node labels: the component all of a node's points
 * lie in, or one of the two marks below.  Shared by the CPU (core/emst.c)
 * and the GPU (cuda/emst.cu), host and device alike, so that both prune
 * the search in the same way. */
#ifndef TESSERA_EMST_LABELS_H
#define TESSERA_EMST_LABELS_H

#include <stdint.h>

#ifdef __CUDACC__
#define EMST_LABELS_INLINE __host__ __device__ static inline
#else
#define EMST_LABELS_INLINE static inline
#endif

#define EMST_MIXED (UINT32_MAX - 1)    /* points of several components */
#define EMST_EMPTY UINT32_MAX          /* no points (padding of the tree) */

/* The label of a node whose children are labelled A and B. */
EMST_LABELS_INLINE uint32_t
emst_merge_labels (uint32_t a, uint32_t b)
{
  if (a == EMST_EMPTY)
    return b;
  if (b == EMST_EMPTY || a == b)
    return a;
  return EMST_MIXED;
}

#undef EMST_LABELS_INLINE

#endif
