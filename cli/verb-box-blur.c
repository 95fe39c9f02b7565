/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera box-blur — the box blur of the raster, in bands of rows. */
#include <stdlib.h>

#include "box-blur.h"
#include "cli-run.h"
#include "cli-verbs.h"

/* A band holds at least HALO_SHARE times the halo's rows, so that reading
 * each halo twice costs little: the memory grows with the blur's vertical
 * reach, never with the raster. */
#define HALO_SHARE 4

static const char usage[] = "[OPTIONS] IN OUT";
static const char summary[] =
  "Blurs IN with a box (the mean of the pixels within the radii), repeated "
  "--iterations times\n(3 come close to a Gaussian), into OUT of the same "
  "type and georeference.  Alpha is\naveraged premultiplied.  Any size: "
  "the raster goes through in bands of rows.";

/* Blurs rows Y..Y+ROWS of IN into OUT through SOURCE and RESULT (each room
 * for ROWS and two halos). */
static int
blur_band (TesseraRaster *in, TesseraRaster *out, int y, int rows, int halo,
           TesseraImage *source, TesseraImage *result,
           const TesseraBoxBlur *params, TesseraExec *exec)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  int                top = y - halo < 0 ? 0 : y - halo;
  int                bottom = y + rows + halo > shape.height
                              ? shape.height : y + rows + halo;
  TesseraImage       src = *source, dst = *result, own;
  TesseraStatus      status;

  src.height = dst.height = bottom - top;
  if (! tessera_raster_read (in, top, src.height, &src))
    {
      cli_error ("box-blur", "cannot read the input: %s",
                 tessera_raster_last_error ());
      return CLI_EXIT_IO;
    }
  status = tessera_box_blur (&src, &dst, params, exec);
  if (status != TESSERA_OK)
    return cli_status ("box-blur", status);
  own = dst;
  own.data = tessera_image_row (&dst, y - top);
  own.height = rows;
  if (! tessera_raster_write (out, y, rows, &own))
    {
      cli_error ("box-blur", "cannot write the output: %s",
                 tessera_raster_last_error ());
      return CLI_EXIT_IO;
    }
  return CLI_EXIT_OK;
}

static int
blur_bands (TesseraRaster *in, TesseraRaster *out,
            const TesseraBoxBlur *params, const CliCommon *common)
{
  TesseraRasterShape shape = tessera_raster_shape (in);
  long               reach = (long) params->radius_y * params->iterations;
  int                halo = reach < shape.height ? (int) reach : shape.height;
  int                rows = cli_band_rows (&shape, HALO_SHARE * halo);
  int                most = rows + 2 * halo > shape.height
                            ? shape.height : rows + 2 * halo;
  TesseraImage       source = { 0 }, result = { 0 };
  CliProgress        progress;
  TesseraExec        exec;
  TesseraStatus      status;
  int                code = CLI_EXIT_OK;

  status = tessera_image_alloc (&source, shape.width, most, shape.channels,
                                shape.type);
  if (status == TESSERA_OK)
    status = tessera_image_alloc (&result, shape.width, most, shape.channels,
                                  shape.type);
  if (status != TESSERA_OK)
    code = cli_status ("box-blur", status);
  cli_progress_start (&progress, "box-blur", common->quiet);
  exec = cli_exec (common, &progress);
  for (int y = 0; y < shape.height && code == CLI_EXIT_OK; y += rows)
    {
      int n = y + rows > shape.height ? shape.height - y : rows;

      cli_progress_step (&progress, (double) y / shape.height,
                         (double) (y + n) / shape.height);
      code = blur_band (in, out, y, n, halo, &source, &result, params, &exec);
    }
  cli_progress_end (&progress);
  tessera_image_free (&source);
  tessera_image_free (&result);
  return code;
}

int
cli_verb_box_blur (int argc, char **argv)
{
  int            radius = -1, iterations = 1;
  int            radius_x = 5, radius_y = 5;
  CliCommon      common = { 0 };
  const CliOption options[] = {
    { "radius", CLI_INT, &radius, 0, TESSERA_BOX_BLUR_MAX_RADIUS, NULL, "R",
      "both radii at once, in pixels" },
    { "radius-x", CLI_INT, &radius_x, 0, TESSERA_BOX_BLUR_MAX_RADIUS, NULL,
      "R", "horizontal radius in pixels" },
    { "radius-y", CLI_INT, &radius_y, 0, TESSERA_BOX_BLUR_MAX_RADIUS, NULL,
      "R", "vertical radius in pixels" },
    { "iterations", CLI_INT, &iterations, 1, TESSERA_BOX_BLUR_MAX_ITERATIONS,
      NULL, "N", "times the box is applied" },
    { NULL, 0, NULL, 0, 0, NULL, NULL, NULL }
  };
  const char    *in_path, *out_path;
  bool           done;
  int            code = cli_in_out ("box-blur", argc, argv, options, &common,
                                    usage, summary, &in_path, &out_path,
                                    &done);
  TesseraRaster *in = NULL, *out = NULL;
  TesseraBoxBlur params;
  char           error[512];

  if (done)
    return code;
  if (radius >= 0)
    radius_x = radius_y = radius;
  if ((code = cli_open ("box-blur", in_path, &in)) != CLI_EXIT_OK)
    return code;
  {
    TesseraRasterShape shape = tessera_raster_shape (in);

    params = (TesseraBoxBlur) { radius_x, radius_y, iterations,
                                shape.has_alpha,
                                TESSERA_BOX_BLUR_METHOD_AUTO };
    out = tessera_raster_create (out_path, &shape, in, error, sizeof error);
  }
  if (out == NULL)
    {
      cli_error ("box-blur", "%s", error);
      code = CLI_EXIT_IO;
    }
  else
    code = blur_bands (in, out, &params, &common);
  if (code == CLI_EXIT_OK && ! tessera_raster_commit (out, error,
                                                      sizeof error))
    {
      cli_error ("box-blur", "%s", error);
      code = CLI_EXIT_IO;
    }
  tessera_raster_close (out);
  tessera_raster_close (in);
  return code;
}
