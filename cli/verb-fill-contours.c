/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera fill-contours — the inside of every closed contour of line art,
 * gaps in the lines closed, as a mask or painted in a colour.  The whole
 * raster is held: whether a pixel is inside depends on all of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-run.h"
#include "cli-verbs.h"
#include "contour-map.h"
#include "fill-regions.h"

static const char usage[] = "[OPTIONS] IN OUT";
static const char summary[] =
  "Finds the regions that the lines of IN enclose (no seed to pick): "
  "gaps up to --gap pixels\nare closed, regions smaller than --min-region "
  "join a neighbour.  OUT is a mask (255 inside,\n0 elsewhere) or IN with "
  "the inside painted in --colour.";

static const char *const sources[] = { "alpha", "dark", "bright", NULL };
static const char *const outputs[] = { "mask", "colour", NULL };

typedef struct
{
  int         source, connectivity, gap, min_region, output;
  bool        edge_regions;
  double      threshold;
  const char *colour;
} FillOptions;

/* IMAGE's pixels as R'G'B'A floats (grey to three channels, opaque
 * without alpha). */
static TesseraStatus
to_rgba (const TesseraImage *image, bool has_alpha, TesseraImage *rgba)
{
  int           colours = image->channels - (has_alpha ? 1 : 0);
  TesseraStatus status = tessera_image_alloc (rgba, image->width,
                                              image->height, 4, TESSERA_F32);

  if (status != TESSERA_OK)
    return status;
  for (int y = 0; y < image->height; y++)
    {
      float *out = tessera_image_row (rgba, y);

      for (int x = 0; x < image->width; x++, out += 4)
        {
          size_t at = (size_t) x * image->channels;

          for (int c = 0; c < 3; c++)
            out[c] = (float) tessera_image_unit_sample_at (
                                image, y, at + (colours >= 3 ? c : 0));
          out[3] = has_alpha ? (float) tessera_image_unit_sample_at (
                                          image, y, at + colours)
                             : 1.0f;
        }
    }
  return TESSERA_OK;
}

/* The inside of MAP's contours (regions numbered in LABELS) into MASK. */
static TesseraStatus
inside (const TesseraImage *map, const FillOptions *opt, TesseraImage *mask,
        TesseraExec *exec)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraLabels      labels = { 0 };
  TesseraStatus      status;

  params.connectivity = opt->connectivity;
  params.gap = opt->gap;
  params.edge_regions = opt->edge_regions;
  params.min_region = opt->min_region;
  status = tessera_labels_alloc (&labels, map->width, map->height);
  if (status == TESSERA_OK)
    status = tessera_fill_regions (map, &labels, NULL, &params, exec);
  for (int y = 0; status == TESSERA_OK && y < map->height; y++)
    {
      uint8_t        *row = tessera_image_row (mask, y);
      const uint32_t *label = labels.label + (size_t) y * map->width;

      for (int x = 0; x < map->width; x++)
        row[x] = label[x] != 0 ? 255 : 0;
    }
  tessera_labels_free (&labels);
  return status;
}

/* IMAGE with MASK's pixels in COLOUR (0..1 R, G, B; alpha made opaque). */
static void
paint (TesseraImage *image, bool has_alpha, const TesseraImage *mask,
       const double colour[3])
{
  int    colours = image->channels - (has_alpha ? 1 : 0);
  double grey = 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2];

  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      {
        size_t at = (size_t) x * image->channels;

        if (((const uint8_t *) tessera_image_row (mask, y))[x] == 0)
          continue;
        for (int c = 0; c < image->channels; c++)
          {
            double value = c >= colours ? 1.0
                           : colours >= 3 ? colour[c] : grey;

            tessera_image_set_unit_sample_at (image, y, at + c, value);
          }
      }
}

static bool
parse_colour (const char *text, double colour[3])
{
  unsigned r, g, b;

  if (text[0] == '#')
    text++;
  if (strlen (text) != 6 || sscanf (text, "%2x%2x%2x", &r, &g, &b) != 3)
    return false;
  colour[0] = r / 255.0;
  colour[1] = g / 255.0;
  colour[2] = b / 255.0;
  return true;
}

static int
fill (const FillOptions *opt, TesseraImage *image, bool has_alpha,
      TesseraImage *mask, const CliCommon *common)
{
  TesseraContourThreshold threshold = {
    (TesseraContourSource) opt->source, opt->threshold, { 0, 0, 0 } };
  TesseraImage            rgba = { 0 }, map = { 0 };
  CliProgress             progress;
  TesseraExec             exec;
  TesseraStatus           status;

  cli_progress_start (&progress, "fill-contours", common->quiet);
  exec = cli_exec (common, &progress);
  status = to_rgba (image, has_alpha, &rgba);
  if (status == TESSERA_OK)
    status = tessera_image_alloc (&map, image->width, image->height, 1,
                                  TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_contour_map (&rgba, &map, &threshold, &exec);
  tessera_image_free (&rgba);
  if (status == TESSERA_OK)
    status = inside (&map, opt, mask, &exec);
  tessera_image_free (&map);
  cli_progress_end (&progress);
  return cli_status ("fill-contours", status);
}

int
cli_verb_fill_contours (int argc, char **argv)
{
  FillOptions     opt = { 1, 4, 3, 16, 0, false, 0.5, "#000000" };
  CliCommon       common = { 0 };
  const CliOption options[] = {
    { "lines", CLI_CHOICE, &opt.source, 0, 0, sources, "L",
      "which pixels are lines: opaque, dark or bright ones" },
    { "threshold", CLI_DOUBLE, &opt.threshold, 0, 1, NULL, "T",
      "opacity or lightness that separates lines from the rest" },
    { "connectivity", CLI_INT, &opt.connectivity, 4, 8, NULL, "4|8",
      "4: lines with diagonal steps close a region; 8: only 4-connected "
      "lines do" },
    { "gap", CLI_INT, &opt.gap, 0, TESSERA_FILL_REGIONS_MAX_GAP, NULL, "PX",
      "lines that end this close to another line are joined" },
    { "edge-regions", CLI_FLAG, &opt.edge_regions, 0, 0, NULL, NULL,
      "the raster's edge closes regions too" },
    { "min-region", CLI_INT, &opt.min_region, 0, 1000000, NULL, "PX",
      "smaller regions join a neighbour" },
    { "output", CLI_CHOICE, &opt.output, 0, 0, outputs, "O",
      "a mask, or the input with the inside painted" },
    { "colour", CLI_STRING, &opt.colour, 0, 0, NULL, "RRGGBB",
      "the colour of --output colour (default 000000)" },
    { NULL, 0, NULL, 0, 0, NULL, NULL, NULL }
  };
  const char     *in_path, *out_path;
  bool            done, has_alpha;
  int             code = cli_in_out ("fill-contours", argc, argv, options,
                                     &common, usage, summary, &in_path,
                                     &out_path, &done);
  double          colour[3];
  TesseraRaster  *in;
  TesseraImage    image, mask = { 0 };

  if (done)
    return code;
  if ((opt.connectivity != 4 && opt.connectivity != 8)
      || ! parse_colour (opt.colour, colour))
    {
      cli_error ("fill-contours", opt.connectivity != 4
                 && opt.connectivity != 8 ? "--connectivity takes 4 or 8"
                 : "--colour takes RRGGBB in hexadecimal, not '%s'",
                 opt.colour);
      return CLI_EXIT_USAGE;
    }
  if ((code = cli_load ("fill-contours", in_path, &in, &image))
      != CLI_EXIT_OK)
    return code;
  has_alpha = tessera_raster_shape (in).has_alpha;
  code = cli_status ("fill-contours",
                     tessera_image_alloc (&mask, image.width, image.height, 1,
                                          TESSERA_U8));
  if (code == CLI_EXIT_OK)
    code = fill (&opt, &image, has_alpha, &mask, &common);
  if (code == CLI_EXIT_OK && opt.output == 1)
    {
      paint (&image, has_alpha, &mask, colour);
      code = cli_write_all ("fill-contours", out_path, &image, has_alpha, in);
    }
  else if (code == CLI_EXIT_OK)
    code = cli_write_all ("fill-contours", out_path, &mask, false, in);
  tessera_image_free (&mask);
  tessera_image_free (&image);
  tessera_raster_close (in);
  return code;
}
