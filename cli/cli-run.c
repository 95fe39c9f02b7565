/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — around the core call (cli-run.h). */
#include "cli-run.h"

#include <stdio.h>
#include <stdlib.h>

TesseraExec
cli_exec (const CliCommon *common, CliProgress *progress)
{
  TesseraBackend backend = TESSERA_BACKEND_AUTO;
  TesseraExec    exec;

  tessera_backend_parse (cli_backends[common->backend], &backend);
  exec = tessera_exec_reporting (backend, cli_progress_report, NULL,
                                 progress);
  exec.threads = common->threads;
  return exec;
}

int
cli_open (const char *verb, const char *path, TesseraRaster **raster)
{
  char error[512];

  *raster = tessera_raster_open (path, error, sizeof error);
  if (*raster != NULL)
    return CLI_EXIT_OK;
  cli_error (verb, "%s", error);
  return CLI_EXIT_IO;
}

int
cli_read_all (const char *verb, TesseraRaster *raster, TesseraSampleType type,
              TesseraImage *image)
{
  TesseraRasterShape shape = tessera_raster_shape (raster);
  TesseraStatus      status = tessera_image_alloc (image, shape.width,
                                                   shape.height,
                                                   shape.channels, type);

  if (status != TESSERA_OK)
    return cli_status (verb, status);
  if (tessera_raster_read (raster, 0, shape.height, image))
    return CLI_EXIT_OK;
  cli_error (verb, "cannot read the input: %s", tessera_raster_last_error ());
  tessera_image_free (image);
  return CLI_EXIT_IO;
}

int
cli_load (const char *verb, const char *path, TesseraRaster **raster,
          TesseraImage *image)
{
  int code = cli_open (verb, path, raster);

  if (code == CLI_EXIT_OK)
    code = cli_read_all (verb, *raster, tessera_raster_shape (*raster).type,
                         image);
  if (code != CLI_EXIT_OK)
    {
      tessera_raster_close (*raster);
      *raster = NULL;
    }
  return code;
}

int
cli_write_all (const char *verb, const char *path, const TesseraImage *image,
               bool has_alpha, const TesseraRaster *like)
{
  TesseraRasterShape shape = { image->width, image->height, image->channels,
                               has_alpha, image->type };
  char               error[512];
  TesseraRaster     *out = tessera_raster_create (path, &shape, like, error,
                                                  sizeof error);

  if (out == NULL)
    {
      cli_error (verb, "%s", error);
      return CLI_EXIT_IO;
    }
  if (! tessera_raster_write (out, 0, image->height, image))
    {
      cli_error (verb, "%s: cannot write: %s", path,
                 tessera_raster_last_error ());
      tessera_raster_close (out);
      return CLI_EXIT_IO;
    }
  if (! tessera_raster_commit (out, error, sizeof error))
    {
      cli_error (verb, "%s", error);
      tessera_raster_close (out);
      return CLI_EXIT_IO;
    }
  tessera_raster_close (out);
  return CLI_EXIT_OK;
}

int
cli_status (const char *verb, TesseraStatus status)
{
  if (status == TESSERA_OK)
    return CLI_EXIT_OK;
  cli_error (verb, "%s", tessera_status_message (status));
  return CLI_EXIT_FAILED;
}

int
cli_in_out (const char *verb, int argc, char **argv, const CliOption *options,
            CliCommon *common, const char *usage, const char *summary,
            const char **in, const char **out, bool *done)
{
  const char *files[2];
  int         n_files = 0;

  *done = true;
  if (! cli_parse (verb, argc, argv, options, common, files, 2, &n_files))
    return CLI_EXIT_USAGE;
  if (common->help)
    {
      cli_print_help (stdout, verb, usage, summary, options);
      return CLI_EXIT_OK;
    }
  if (n_files != 2)
    {
      cli_error (verb, "needs an input and an output file (see --help)");
      return CLI_EXIT_USAGE;
    }
  *in = files[0];
  *out = files[1];
  *done = false;
  return CLI_EXIT_OK;
}

int
cli_band_rows (const TesseraRasterShape *shape, int min_rows)
{
  size_t row = (size_t) shape->width * (size_t) shape->channels
               * tessera_sample_size (shape->type);
  size_t rows = ((size_t) 32 << 20) / (row > 0 ? row : 1);

  if (rows < (size_t) min_rows)
    rows = (size_t) min_rows;
  if (getenv ("TESSERA_CLI_BAND_ROWS") != NULL)
    rows = (size_t) atoi (getenv ("TESSERA_CLI_BAND_ROWS"));
  if (rows < 1)
    rows = 1;
  return rows > (size_t) shape->height ? shape->height : (int) rows;
}
