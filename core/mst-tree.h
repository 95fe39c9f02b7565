/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — a spanning tree of colours, rooted at vertex 0, laid out for
 * the cuts of core/mst-segment.c and core/mst-ward.c: adjacency lists,
 * parents, a preorder in which every subtree is one range, and the pixel
 * weight of every subtree. */
#ifndef TESSERA_MST_TREE_H
#define TESSERA_MST_TREE_H

#include <stddef.h>
#include <stdint.h>
#include "emst.h"

#define TESSERA_MST_NONE UINT32_MAX

typedef struct
{
  size_t    n;
  uint32_t *adj_start;   /* n + 1: where each vertex's neighbours start */
  uint32_t *adj;         /* neighbour vertices */
  double   *adj_length;  /* and the lengths of the edges to them */
  uint32_t *parent;      /* TESSERA_MST_NONE at the root */
  uint32_t *preorder;    /* vertices, parents before children */
  uint32_t *tin;         /* position in PREORDER; a subtree is the range */
  uint32_t *tout;        /* TIN .. TOUT */
  int64_t  *subtree;     /* weight of each subtree */
} TesseraMstTree;

/* Roots the N - 1 EDGES (any order) over N vertices of WEIGHTS at vertex 0.
 * TESSERA_ERROR_INVALID_ARGUMENT when they do not span the vertices. */
TesseraStatus tessera_mst_tree_build (TesseraMstTree *tree,
                                      const TesseraEmstEdge *edges,
                                      const uint32_t *weights, size_t n);

void          tessera_mst_tree_free  (TesseraMstTree *tree);

#endif
