/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — big buffers on transparent huge pages, where the kernel offers
 * them on request (madvise mode).  Private to the core. */
#ifndef TESSERA_HUGE_ALLOC_H
#define TESSERA_HUGE_ALLOC_H

#include <stddef.h>

/* SIZE bytes of zeros, zeroed on THREADS threads, freed with free ();
 * NULL when out of memory.  A table read at random, as the colour table of
 * 16M entries is, misses the TLB on nearly every read with 4 KiB pages;
 * with 2 MiB ones it hardly does, and touching it first faults 512 times
 * less often. */
void *tessera_huge_calloc (size_t size, int threads);

#endif
