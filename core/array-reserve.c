/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — room in a growable array (array-reserve.h). */
#include <stdlib.h>
#include "array-reserve.h"

bool
array_reserve (void **data, size_t *capacity, size_t count, size_t size)
{
  size_t more;
  void *grown;

  if (count < *capacity && *data != NULL)
    return true;
  more = *capacity ? 2 * *capacity : 1024;
  while (more <= count)
    more *= 2;
  grown = realloc (*data, more * size);
  if (grown == NULL)
    return false;
  *data = grown;
  *capacity = more;
  return true;
}
