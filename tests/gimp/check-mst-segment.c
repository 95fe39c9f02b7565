/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The colour segmentation plug-in's recoloured layer against the core on the
 * CPU: distinct colours, EMST, cut (by the given method), recolour; and
 * for a layer whose left half is transparent, against the core on the
 * right half alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check-ops.h"
#include "colour-histogram.h"
#include "mst-segment.h"

static bool
parse_double (const char *text, double *value)
{
  char *end;

  *value = strtod (text, &end);
  if (end != text && *end == '\0')
    return true;
  fprintf (stderr, "not a number: %s\n", text);
  return false;
}

TesseraStatus
check_mst_segment (char *const *args, const TesseraImage *src,
                   TesseraImage *dst, bool has_alpha)
{
  TesseraMstSegment      params = { 0, 0.0, 1.0, TESSERA_COLOUR_SPACE_RGB,
                                    TESSERA_MST_METHOD_WEIGHTED };
  TesseraExec            exec = tessera_exec_default ();
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
  TesseraStatus          status;
  int                    share_percent, space, method;

  if (! check_op_int (args[0], &params.classes)
      || ! check_op_int (args[1], &share_percent)
      || ! check_op_int (args[2], &space)
      || ! check_op_int (args[3], &method)
      || ! parse_double (args[4], &params.sensitivity))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  params.method = (TesseraMstMethod) method;
  params.min_share = share_percent / 100.0;
  params.colour_space = (TesseraColourSpace) space;
  exec.backend = TESSERA_BACKEND_CPU;
  status = tessera_colour_histogram (src, &histogram, &exec);
  if (status != TESSERA_OK)
    return status;
  status = tessera_mst_segment (&histogram, &params, &classes, &exec);
  if (status == TESSERA_OK)
    {
      status = tessera_mst_segment_recolour (src, &histogram, &classes, dst,
                                             &exec);
      tessera_mst_classes_free (&classes);
    }
  tessera_colour_histogram_free (&histogram);
  return status;
}

/* Columns X .. X + WIDTH - 1 of IMAGE. */
static TesseraImage
columns_of (const TesseraImage *image, int x, int width)
{
  TesseraImage view = *image;

  view.data = (uint8_t *) image->data + (size_t) x * tessera_pixel_size (image);
  view.width = width;
  return view;
}

TesseraStatus
check_mst_segment_seen (char *const *args, const TesseraImage *src,
                        TesseraImage *dst, bool has_alpha)
{
  const int left = src->width / 2;
  TesseraImage seen = columns_of (src, left, src->width - left);
  TesseraImage seen_dst = columns_of (dst, left, src->width - left);

  for (int y = 0; y < src->height; y++)
    memcpy (tessera_image_row (dst, y), tessera_image_row (src, y),
            (size_t) src->width * tessera_pixel_size (src));
  return check_mst_segment (args, &seen, &seen_dst, has_alpha);
}
