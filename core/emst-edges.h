/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — private to the EMST: the edge sort both emst.c and
 * tessera_emst_sort_edges use. */
#ifndef TESSERA_EMST_EDGES_H
#define TESSERA_EMST_EDGES_H

#include <stddef.h>
#include "emst.h"

/* Sorts EDGES by tessera_emst_edge_compare's order on up to THREADS
 * threads (a stable merge sort; qsort where scratch memory fails). */
void emst_sort_edges (TesseraEmstEdge *edges, size_t n_edges, int threads);

#endif
