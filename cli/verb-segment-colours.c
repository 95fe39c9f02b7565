/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera segment-colours — the raster's colours in a few classes, each
 * pixel recoloured by its class's mean (the Segment Colours procedure's
 * recoloured layer).  The whole raster is held: the classes come from all
 * of its colours. */
#include <stdio.h>

#include "cli-run.h"
#include "cli-verbs.h"
#include "mst-segment-image.h"

static const char usage[] = "[OPTIONS] IN OUT";
static const char summary[] =
  "Finds classes of similar colours in IN (8-bit RGB, with or without "
  "alpha; transparent pixels\nhave no colour) by cutting the minimum "
  "spanning tree of its colours, and writes OUT with each\npixel in its "
  "class's mean colour.  A line on stdout per class: its mean colour and "
  "share.";

static const char *const spaces[] = { "rgb", "lab", NULL };
static const char *const methods[] = { "weighted", "single-linkage",
                                       "weighted-tree", NULL };

static void
print_classes (const TesseraMstClasses *classes)
{
  uint64_t all = 0;

  for (int c = 0; c < classes->n_classes; c++)
    all += classes->pixels[c];
  for (int c = 0; c < classes->n_classes; c++)
    printf ("class %d: #%02x%02x%02x %.2f%%\n", c + 1,
            (unsigned) (classes->mean[c][0] + 0.5),
            (unsigned) (classes->mean[c][1] + 0.5),
            (unsigned) (classes->mean[c][2] + 0.5),
            all > 0 ? 100.0 * (double) classes->pixels[c] / (double) all
                    : 0.0);
}

int
cli_verb_segment_colours (int argc, char **argv)
{
  TesseraMstSegment params = { 8, 0.01, 1.0, TESSERA_COLOUR_SPACE_CIELAB,
                               TESSERA_MST_METHOD_WEIGHTED };
  int               space = 1, method = 0;
  CliCommon         common = { 0 };
  const CliOption   options[] = {
    { "classes", CLI_INT, &params.classes, 0,
      TESSERA_MST_SEGMENT_MAX_CLASSES, NULL, "N",
      "how many classes, or 0 to find them automatically" },
    { "min-share", CLI_DOUBLE, &params.min_share, 0, 0.5, NULL, "S",
      "no class may have less than this share of the pixels" },
    { "sensitivity", CLI_DOUBLE, &params.sensitivity, 0.01, 100, NULL, "S",
      "with 0 classes: higher finds more" },
    { "colour-space", CLI_CHOICE, &space, 0, 0, spaces, "SPACE",
      "where distances between colours are measured" },
    { "method", CLI_CHOICE, &method, 0, 0, methods, "M",
      "how the tree is cut" },
    { NULL, 0, NULL, 0, 0, NULL, NULL, NULL }
  };
  const char       *in_path, *out_path;
  bool              done;
  int               code = cli_in_out ("segment-colours", argc, argv,
                                       options, &common, usage, summary,
                                       &in_path, &out_path, &done);
  TesseraRaster    *in;
  TesseraImage      image;
  TesseraMstClasses classes = { 0 };
  CliProgress       progress;
  TesseraExec       exec;

  if (done)
    return code;
  params.colour_space = (TesseraColourSpace) space;
  params.method = (TesseraMstMethod) method;
  if ((code = cli_open ("segment-colours", in_path, &in)) != CLI_EXIT_OK)
    return code;
  if (tessera_raster_shape (in).type != TESSERA_U8
      || tessera_raster_shape (in).channels < 3)
    {
      cli_error ("segment-colours", "%s: needs 8-bit RGB or RGBA", in_path);
      tessera_raster_close (in);
      return CLI_EXIT_USAGE;
    }
  code = cli_read_all ("segment-colours", in, TESSERA_U8, &image);
  if (code == CLI_EXIT_OK)
    {
      cli_progress_start (&progress, "segment-colours", common.quiet);
      exec = cli_exec (&common, &progress);
      code = cli_status ("segment-colours",
                         tessera_mst_segment_image (&image, &params, &classes,
                                                    &image, &exec));
      cli_progress_end (&progress);
      if (code == CLI_EXIT_OK)
        code = cli_write_all ("segment-colours", out_path, &image,
                              tessera_raster_shape (in).has_alpha, in);
      if (code == CLI_EXIT_OK)
        print_classes (&classes);
      tessera_mst_classes_free (&classes);
      tessera_image_free (&image);
    }
  tessera_raster_close (in);
  return code;
}
