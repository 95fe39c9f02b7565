/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera segment-colours — the raster's colours in a few classes, each
 * pixel recoloured by its class's mean (the Segment Colours procedure's
 * recoloured layer).  The raster goes through twice in bands of rows, as
 * in the plug-in (core/colour-tally.h): its colours are counted, the
 * classes found from the counts, then each band recoloured; only with
 * --backend cuda is it held whole, for the pipeline that runs every step
 * on the GPU (core/mst-segment-image.h).  Either way the same classes and
 * pixels. */
#include <stdio.h>
#include <stdlib.h>

#include "cli-run.h"
#include "cli-verbs.h"
#include "colour-tally.h"
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

/* Every band of IN through BAND_FUNC: counting, or recolouring into OUT. */
typedef TesseraStatus (*BandFunc) (TesseraImage *band, int y, void *data);

static int
each_band (TesseraRaster *in, BandFunc band_func, void *data)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  int                rows = cli_band_rows (&shape, 1);
  TesseraImage       band;
  TesseraStatus      status = tessera_image_alloc (&band, shape.width, rows,
                                                   shape.channels,
                                                   TESSERA_U8);

  for (int y = 0; status == TESSERA_OK && y < shape.height; y += rows)
    {
      band.height = rows < shape.height - y ? rows : shape.height - y;
      status = tessera_raster_read (in, y, band.height, &band)
               ? band_func (&band, y, data) : TESSERA_ERROR_IO;
    }
  tessera_image_free (&band);
  if (status == TESSERA_ERROR_IO)
    {
      cli_error ("segment-colours", "%s", tessera_raster_last_error ());
      return CLI_EXIT_IO;
    }
  return cli_status ("segment-colours", status);
}

typedef struct
{
  TesseraColourTally     tally;
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
  uint32_t              *indices;
  TesseraRaster         *out;
  TesseraExec           *exec;
} SegmentBands;

static TesseraStatus
count_band (TesseraImage *band, int y, void *data)
{
  SegmentBands *s = data;
  return tessera_colour_tally_add (&s->tally, band, s->exec);
}

static TesseraStatus
recolour_band (TesseraImage *band, int y, void *data)
{
  SegmentBands          *s = data;
  TesseraColourHistogram colours = s->histogram;
  TesseraStatus          status;

  status = tessera_colour_tally_index (&s->tally, band, s->indices, s->exec);
  colours.pixel_colour = s->indices;
  colours.width = band->width;
  colours.height = band->height;
  if (status == TESSERA_OK)
    status = tessera_mst_segment_recolour (band, &colours, &s->classes, band,
                                           s->exec);
  if (status == TESSERA_OK
      && ! tessera_raster_write (s->out, y, band->height, band))
    status = TESSERA_ERROR_IO;
  return status;
}

/* The classes of IN's colours into S, counted band by band. */
static int
find_classes (TesseraRaster *in, const TesseraMstSegment *params,
              SegmentBands *s)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  int                code;

  code = cli_status ("segment-colours",
                     tessera_colour_tally_start (&s->tally, shape.width,
                                                 shape.height));
  if (code == CLI_EXIT_OK)
    code = each_band (in, count_band, s);
  if (code == CLI_EXIT_OK)
    code = cli_status ("segment-colours",
                       tessera_colour_tally_finish (&s->tally, &s->histogram,
                                                    s->exec));
  if (code == CLI_EXIT_OK)
    code = cli_status ("segment-colours",
                       tessera_mst_segment (&s->histogram, params,
                                            &s->classes, s->exec));
  return code;
}

/* Classes and recoloured bands, IN to OUT_PATH. */
static int
segment_in_bands (TesseraRaster *in, const char *out_path,
                  const TesseraMstSegment *params, TesseraExec *exec)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  SegmentBands       s = { .exec = exec };
  char               error[512];
  int                code = find_classes (in, params, &s);

  if (code == CLI_EXIT_OK)
    {
      s.indices = malloc (sizeof *s.indices * (size_t) shape.width
                          * (size_t) cli_band_rows (&shape, 1));
      code = s.indices != NULL ? CLI_EXIT_OK
             : cli_status ("segment-colours", TESSERA_ERROR_OUT_OF_MEMORY);
    }
  if (code == CLI_EXIT_OK)
    {
      s.out = tessera_raster_create (out_path, &shape, in, error,
                                     sizeof error);
      if (s.out == NULL)
        cli_error ("segment-colours", "%s", error);
      code = s.out != NULL ? each_band (in, recolour_band, &s) : CLI_EXIT_IO;
    }
  if (code == CLI_EXIT_OK && ! tessera_raster_commit (s.out, error,
                                                      sizeof error))
    {
      cli_error ("segment-colours", "%s", error);
      code = CLI_EXIT_IO;
    }
  if (code == CLI_EXIT_OK)
    print_classes (&s.classes);
  if (s.out != NULL)
    tessera_raster_close (s.out);
  free (s.indices);
  tessera_mst_classes_free (&s.classes);
  tessera_colour_histogram_free (&s.histogram);
  tessera_colour_tally_free (&s.tally);
  return code;
}

/* The whole raster at once, for the GPU's pipeline. */
static int
segment_whole (TesseraRaster *in, const char *out_path,
               const TesseraMstSegment *params, TesseraExec *exec)
{
  TesseraImage      image;
  TesseraMstClasses classes = { 0 };
  int               code = cli_read_all ("segment-colours", in, TESSERA_U8,
                                         &image);

  if (code != CLI_EXIT_OK)
    return code;
  code = cli_status ("segment-colours",
                     tessera_mst_segment_image (&image, params, &classes,
                                                &image, exec));
  if (code == CLI_EXIT_OK)
    code = cli_write_all ("segment-colours", out_path, &image,
                          tessera_raster_shape (in).has_alpha, in);
  if (code == CLI_EXIT_OK)
    print_classes (&classes);
  tessera_mst_classes_free (&classes);
  tessera_image_free (&image);
  return code;
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
  cli_progress_start (&progress, "segment-colours", common.quiet);
  exec = cli_exec (&common, &progress);
  code = common.backend == 2 ? segment_whole (in, out_path, &params, &exec)
                             : segment_in_bands (in, out_path, &params, &exec);
  cli_progress_end (&progress);
  tessera_raster_close (in);
  return code;
}
