/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera fill-contours — the inside of every closed contour of line art,
 * gaps in the lines closed, as a mask or painted in a colour.  With gap
 * closing and small regions' merging the whole raster is held (both look
 * across it); without them it goes through in bands (core/fill-stream.h),
 * in memory that grows with its width, not its size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-run.h"
#include "cli-verbs.h"
#include "contour-map.h"
#include "fill-regions.h"
#include "fill-stream.h"

static const char usage[] = "[OPTIONS] IN OUT";
static const char summary[] =
  "Finds the regions that the lines of IN enclose (no seed to pick): "
  "gaps up to --gap pixels\nare closed, regions smaller than --min-region "
  "join a neighbour.  OUT is a mask (255 inside,\n0 elsewhere) or IN with "
  "the inside painted in --colour.  With --gap 0 --min-region 0 the\n"
  "raster goes through in bands of rows: any size.";

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

/* Rows Y..Y+ROWS of IN as a contour map (non-zero: line) into MAP. */
static TesseraStatus
band_map (TesseraRaster *in, int y, int rows, const FillOptions *opt,
          TesseraImage *band, TesseraImage *map, TesseraExec *exec)
{
  TesseraRasterShape      shape = tessera_raster_shape (in);
  TesseraContourThreshold threshold = {
    (TesseraContourSource) opt->source, opt->threshold, { 0, 0, 0 } };
  TesseraImage            rgba = { 0 };
  TesseraStatus           status;

  status = tessera_image_alloc (band, shape.width, rows, shape.channels,
                                shape.type);
  if (status == TESSERA_OK && ! tessera_raster_read (in, y, rows, band))
    status = TESSERA_ERROR_IO;
  if (status == TESSERA_OK)
    status = to_rgba (band, shape.has_alpha, &rgba);
  if (status == TESSERA_OK)
    status = tessera_image_alloc (map, shape.width, rows, 1, TESSERA_U8);
  if (status == TESSERA_OK)
    status = tessera_contour_map (&rgba, map, &threshold, exec);
  tessera_image_free (&rgba);
  return status;
}

/* Pass 1: every band of IN's contour map into STREAM, then its regions. */
static TesseraStatus
stream_regions (TesseraRaster *in, const FillOptions *opt,
                TesseraFillStream *stream, TesseraExec *exec)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  TesseraRasterShape rgba_shape = { shape.width, shape.height, 4, false,
                                    TESSERA_F32 };
  int                rows = cli_band_rows (&rgba_shape, 1);
  TesseraStatus      status = TESSERA_OK;

  for (int y = 0; status == TESSERA_OK && y < shape.height; y += rows)
    {
      int          n = rows < shape.height - y ? rows : shape.height - y;
      TesseraImage band = { 0 }, map = { 0 };

      status = band_map (in, y, n, opt, &band, &map, exec);
      if (status == TESSERA_OK)
        status = tessera_fill_stream_add (stream, &map, exec);
      tessera_image_free (&band);
      tessera_image_free (&map);
    }
  return status == TESSERA_OK ? tessera_fill_stream_finish (stream) : status;
}

/* Pass 2: band I of STREAM into OUT, as a mask or as IN painted. */
static TesseraStatus
write_band (TesseraRaster *in, TesseraRaster *out,
            const TesseraFillStream *stream, int i, const FillOptions *opt,
            const double colour[3], TesseraExec *exec)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  TesseraImage       band = { 0 }, mask = { 0 };
  uint32_t          *labels;
  TesseraStatus      status;
  int                y, rows;

  tessera_fill_stream_band (stream, i, &y, &rows);
  labels = malloc (sizeof *labels * (size_t) shape.width * (size_t) rows);
  status = labels != NULL ? tessera_fill_stream_labels (stream, i, labels,
                                                        exec)
                          : TESSERA_ERROR_OUT_OF_MEMORY;
  if (status == TESSERA_OK)
    status = tessera_image_alloc (&mask, shape.width, rows, 1, TESSERA_U8);
  for (int r = 0; status == TESSERA_OK && r < rows; r++)
    for (int x = 0; x < shape.width; x++)
      ((uint8_t *) tessera_image_row (&mask, r))[x]
        = labels[(size_t) r * shape.width + x] != 0 ? 255 : 0;
  free (labels);
  if (status == TESSERA_OK && opt->output == 1)
    {
      status = tessera_image_alloc (&band, shape.width, rows, shape.channels,
                                    shape.type);
      if (status == TESSERA_OK && ! tessera_raster_read (in, y, rows, &band))
        status = TESSERA_ERROR_IO;
      if (status == TESSERA_OK)
        paint (&band, shape.has_alpha, &mask, colour);
    }
  if (status == TESSERA_OK
      && ! tessera_raster_write (out, y, rows, opt->output == 1 ? &band
                                                                : &mask))
    status = TESSERA_ERROR_IO;
  tessera_image_free (&band);
  tessera_image_free (&mask);
  return status;
}

/* The fill without gap closing or merging, band by band: IN to OUT_PATH. */
static int
fill_in_bands (const FillOptions *opt, TesseraRaster *in,
               const char *out_path, const double colour[3],
               const CliCommon *common)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  TesseraRasterShape out_shape = opt->output == 1 ? shape
    : (TesseraRasterShape) { shape.width, shape.height, 1, false,
                             TESSERA_U8 };
  TesseraFillStream *stream = NULL;
  TesseraRaster     *out = NULL;
  CliProgress        progress;
  TesseraExec        exec;
  TesseraStatus      status;
  char               error[512] = "";

  cli_progress_start (&progress, "fill-contours", common->quiet);
  exec = cli_exec (common, &progress);
  status = tessera_fill_stream_new (shape.width, shape.height,
                                    opt->connectivity, opt->edge_regions,
                                    &stream);
  if (status == TESSERA_OK)
    status = stream_regions (in, opt, stream, &exec);
  if (status == TESSERA_OK)
    out = tessera_raster_create (out_path, &out_shape, in, error,
                                 sizeof error);
  for (int i = 0; status == TESSERA_OK && out != NULL
                  && i < tessera_fill_stream_bands (stream); i++)
    status = write_band (in, out, stream, i, opt, colour, &exec);
  cli_progress_end (&progress);
  tessera_fill_stream_free (stream);
  if (status == TESSERA_OK && out != NULL
      && tessera_raster_commit (out, error, sizeof error))
    {
      tessera_raster_close (out);
      return CLI_EXIT_OK;
    }
  if (out != NULL)
    tessera_raster_close (out);
  if (status == TESSERA_ERROR_IO || error[0] != '\0')
    {
      cli_error ("fill-contours", "%s", error[0] != '\0' ? error
                 : tessera_raster_last_error ());
      return CLI_EXIT_IO;
    }
  return cli_status ("fill-contours", status);
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
  if (opt.gap == 0 && opt.min_region == 0)
    {
      if ((code = cli_open ("fill-contours", in_path, &in)) != CLI_EXIT_OK)
        return code;
      code = fill_in_bands (&opt, in, out_path, colour, &common);
      tessera_raster_close (in);
      return code;
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
