/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera reconstruct — morphological reconstruction of a marker under the
 * raster, the marker from a file or made by a preset.  The whole raster is
 * held: a reconstruction reaches across all of it. */
#include <stdio.h>

#include "cli-run.h"
#include "cli-verbs.h"
#include "reconstruct-preset.h"
#include "reconstruct.h"

static const char usage[] = "[OPTIONS] IN OUT";
static const char summary[] =
  "Reconstructs a marker under IN (the mask) into OUT.  The marker is "
  "--marker FILE (same size,\nbands and type as IN), or is made from IN by "
  "--preset: fill-holes (the regional minima\nthat do not touch the border "
  "filled), clear-border (objects touching the border removed),\nh-dome "
  "(what rises more than --h above its surroundings), opening and closing "
  "(by\nreconstruction from IN eroded or dilated by a square of --radius).";

static const char *const presets[] = { "fill-holes", "clear-border",
                                       "h-dome", "opening", "closing", NULL };
static const char *const operations[] = { "dilation", "erosion", NULL };
static const char *const colours[] = { "per-channel", "luminance", NULL };

typedef struct
{
  int         preset;
  double      h;            /* percent */
  int         radius;
  int         connectivity;
  int         operation;
  int         colour;
  const char *marker;
} ReconstructOptions;

static TesseraStatus
run_preset (const ReconstructOptions *opt, const TesseraImage *image,
            bool has_alpha, TesseraImage *result, TesseraExec *exec)
{
  TesseraReconstructPresetParams params = {
    .preset = (TesseraReconstructPreset) opt->preset,
    .h = opt->h / 100.0,
    .radius = opt->radius,
    .connectivity = opt->connectivity,
    .has_alpha = has_alpha,
    .colour = (TesseraReconstructColour) opt->colour,
  };

  return tessera_reconstruct_preset (image, result, &params, exec);
}

static int
run_marker (const ReconstructOptions *opt, const TesseraImage *mask,
            bool has_alpha, TesseraImage *result, TesseraExec *exec)
{
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraRaster     *file;
  TesseraImage       marker;
  int                code;

  if ((code = cli_open ("reconstruct", opt->marker, &file)) != CLI_EXIT_OK)
    return code;
  code = cli_read_all ("reconstruct", file, mask->type, &marker);
  tessera_raster_close (file);
  if (code != CLI_EXIT_OK)
    return code;
  if (! tessera_image_same_shape (&marker, mask))
    {
      cli_error ("reconstruct", "%s: not the size and bands of the input",
                 opt->marker);
      tessera_image_free (&marker);
      return CLI_EXIT_USAGE;
    }
  params.operation = (TesseraReconstructOperation) opt->operation;
  params.connectivity = opt->connectivity;
  params.has_alpha = has_alpha;
  params.colour = (TesseraReconstructColour) opt->colour;
  code = cli_status ("reconstruct",
                     tessera_reconstruct (mask, &marker, result, &params,
                                          exec, NULL));
  tessera_image_free (&marker);
  return code;
}

int
cli_verb_reconstruct (int argc, char **argv)
{
  ReconstructOptions opt = { 0, 10.0, 5, 8, 0, 0, NULL };
  CliCommon          common = { 0 };
  const CliOption    options[] = {
    { "preset", CLI_CHOICE, &opt.preset, 0, 0, presets, "P",
      "the marker made from the input" },
    { "marker", CLI_STRING, &opt.marker, 0, 0, NULL, "FILE",
      "the marker from a file instead of a preset" },
    { "operation", CLI_CHOICE, &opt.operation, 0, 0, operations, "OP",
      "with --marker: reconstruction by dilation or by erosion" },
    { "h", CLI_DOUBLE, &opt.h, 0, 100, NULL, "PERCENT",
      "h-dome: the dome height, in percent of the sample range" },
    { "radius", CLI_INT, &opt.radius, 0, TESSERA_RECONSTRUCT_MAX_RADIUS,
      NULL, "R", "opening, closing: half the square's side, in pixels" },
    { "connectivity", CLI_INT, &opt.connectivity, 4, 8, NULL, "4|8",
      "neighbours of a pixel" },
    { "colour", CLI_CHOICE, &opt.colour, 0, 0, colours, "C",
      "colour rasters: each band alone, or by luminance" },
    { NULL, 0, NULL, 0, 0, NULL, NULL, NULL }
  };
  const char        *in_path, *out_path;
  bool               done;
  int                code = cli_in_out ("reconstruct", argc, argv, options,
                                        &common, usage, summary, &in_path,
                                        &out_path, &done);
  TesseraRaster     *in;
  TesseraImage       image, result;
  CliProgress        progress;
  TesseraExec        exec;
  bool               has_alpha;

  if (done)
    return code;
  if (opt.connectivity != 4 && opt.connectivity != 8)
    {
      cli_error ("reconstruct", "--connectivity takes 4 or 8");
      return CLI_EXIT_USAGE;
    }
  if ((code = cli_load ("reconstruct", in_path, &in, &image))
      != CLI_EXIT_OK)
    return code;
  has_alpha = tessera_raster_shape (in).has_alpha;
  code = cli_status ("reconstruct",
                     tessera_image_alloc (&result, image.width, image.height,
                                          image.channels, image.type));
  if (code != CLI_EXIT_OK)
    tessera_image_free (&image);
  if (code != CLI_EXIT_OK)
    {
      tessera_raster_close (in);
      return code;
    }
  cli_progress_start (&progress, "reconstruct", common.quiet);
  exec = cli_exec (&common, &progress);
  if (opt.marker != NULL)
    code = run_marker (&opt, &image, has_alpha, &result, &exec);
  else
    code = cli_status ("reconstruct",
                       run_preset (&opt, &image, has_alpha, &result, &exec));
  cli_progress_end (&progress);
  if (code == CLI_EXIT_OK)
    code = cli_write_all ("reconstruct", out_path, &result, has_alpha, in);
  tessera_image_free (&result);
  tessera_image_free (&image);
  tessera_raster_close (in);
  return code;
}
