/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <string.h>
#include "huge-alloc.h"
#ifdef __linux__
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t) 2 << 20)

void *
tessera_huge_calloc (size_t size, int threads)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  size_t rounded = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  void *data;

  if (size < HUGE_PAGE || rounded < size)
    return calloc (1, size);
  data = aligned_alloc (HUGE_PAGE, rounded);
  if (data == NULL)
    return NULL;
  /* Only advice: without huge pages the table works as well, slower. */
  madvise (data, rounded, MADV_HUGEPAGE);
  /* The first touch zeroes each page in the kernel too: both on all
   * threads, as calloc's faults were in the loops that filled it. */
  #pragma omp parallel for schedule (static) num_threads (threads)
  for (size_t page = 0; page < rounded / HUGE_PAGE; page++)
    memset ((char *) data + page * HUGE_PAGE, 0,
            page + 1 < rounded / HUGE_PAGE ? HUGE_PAGE
                                           : size - page * HUGE_PAGE);
  return data;
#else
  return calloc (1, size);
#endif
}
