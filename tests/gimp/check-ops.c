/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-ops.h"

static const CheckOp check_ops[] =
{
  { "box-blur", 3, "RADIUS-X RADIUS-Y ITERATIONS", check_box_blur },
  { "fill-contours", 6,
    "SOURCE THRESHOLD-PERMILLE CONNECTIVITY BLEED FOREGROUND TRC",
    check_fill_contours },
  { "mst-segment", 5, "CLASSES MIN-SHARE-PERCENT COLOUR-SPACE METHOD SENSITIVITY",
    check_mst_segment },
  { "mst-segment-seen", 5,
    "CLASSES MIN-SHARE-PERCENT COLOUR-SPACE METHOD SENSITIVITY",
    check_mst_segment_seen },
  { "reconstruct", 4, "MARKER-RAW OPERATION CONNECTIVITY COLOUR-MODE",
    check_reconstruct },
  { "reconstruct-preset", 5,
    "PRESET H-PERMILLE RADIUS CONNECTIVITY COLOUR-MODE",
    check_reconstruct_preset },
};

const CheckOp *
check_op_find (const char *name)
{
  for (size_t i = 0; i < sizeof check_ops / sizeof check_ops[0]; i++)
    if (strcmp (check_ops[i].name, name) == 0)
      return &check_ops[i];
  return NULL;
}

bool
check_op_int (const char *text, int *value)
{
  char *end;
  long  v;

  errno = 0;
  v = strtol (text, &end, 10);
  if (errno || end == text || *end || v < -2147483647L || v > 2147483647L)
    {
      fprintf (stderr, "not an integer: %s\n", text);
      return false;
    }
  *value = (int) v;
  return true;
}
