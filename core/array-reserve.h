/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — room in a growable array, for the core's lists and stacks.
 * Private to the core. */
#ifndef TESSERA_ARRAY_RESERVE_H
#define TESSERA_ARRAY_RESERVE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes room in the growable array *DATA (of *CAPACITY elements of SIZE
 * bytes) for element COUNT: doubles it (from 1024) until it fits.  False
 * when out of memory, the array kept. */
bool array_reserve (void **data, size_t *capacity, size_t count, size_t size);

#ifdef __cplusplus
}
#endif

#endif
