/* The colour segmentation plug-in's recoloured layer against the core on the
 * CPU: distinct colours, EMST, cut, recolour. */
#include "check-ops.h"
#include "colour-histogram.h"
#include "mst-segment.h"

TesseraStatus
check_mst_segment (char *const *args, const TesseraImage *src,
                   TesseraImage *dst, bool has_alpha)
{
  TesseraMstSegment      params = { 0, 0.0, 1.0, TESSERA_COLOUR_SPACE_RGB };
  TesseraExec            exec = tessera_exec_default ();
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
  TesseraStatus          status;
  int                    share_percent, space;

  if (! check_op_int (args[0], &params.classes)
      || ! check_op_int (args[1], &share_percent)
      || ! check_op_int (args[2], &space))
    return TESSERA_ERROR_INVALID_ARGUMENT;
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
