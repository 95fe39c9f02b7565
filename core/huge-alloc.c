#include <stdlib.h>
#include <string.h>
#include "huge-alloc.h"
#ifdef __linux__
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t) 2 << 20)

void *
tessera_huge_calloc (size_t size)
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
  memset (data, 0, size);
  return data;
#else
  return calloc (1, size);
#endif
}
