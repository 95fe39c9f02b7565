/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <string.h>
#include "mst-segment-bands.h"
#include "band-sequence.h"
#include "timing.h"

/* plugins/common/tessera-region.c: BAND_BYTES and GIMP's tile height. */
#define BAND_BYTES (32 << 20)
#define TILE_ROWS 64

int
bench_band_rows (int width, int bytes, int height)
{
  size_t rows = (size_t) BAND_BYTES / ((size_t) width * bytes);
  if (rows < 1)
    rows = 1;
  if (rows > (size_t) height)
    rows = (size_t) height;
  return (int) ((rows + TILE_ROWS - 1) / TILE_ROWS * TILE_ROWS);
}

static TesseraImage
rows_of (const TesseraImage *image, int y, int rows)
{
  TesseraImage band = *image;
  band.data = (uint8_t *) image->data + (size_t) y * image->stride;
  band.height = image->height - y < rows ? image->height - y : rows;
  return band;
}

/* Pass 1: every band added, top to bottom. */
static TesseraStatus
add_bands (TesseraMstBands *bands, const TesseraImage *src, int rows,
           TesseraExec *exec, BenchBandTimes *times)
{
  TesseraStatus status = TESSERA_OK;
  for (int i = 0; i < times->n_bands && status == TESSERA_OK; i++)
    {
      TesseraImage band = rows_of (src, i * rows, rows);
      double t0 = bench_clock_ms ();
      status = tessera_mst_bands_add (bands, &band, exec);
      times->add_ms[i] = bench_clock_ms () - t0;
    }
  return status;
}

/* Pass 2: each band recoloured into DST; where the pixels were not kept,
 * from SRC (the plug-in reads the band again). */
static TesseraStatus
recolour_bands (TesseraMstBands *bands, const TesseraImage *src, int rows,
                TesseraImage *dst, TesseraExec *exec, BenchBandTimes *times)
{
  TesseraStatus status = TESSERA_OK;
  for (int i = 0; i < times->n_bands && status == TESSERA_OK; i++)
    {
      TesseraImage in = rows_of (src, i * rows, rows);
      TesseraImage out = rows_of (dst, i * rows, rows);
      double t0 = bench_clock_ms ();
      status = tessera_mst_bands_recolour (bands, i * rows,
                                           times->kept ? NULL : &in, &out,
                                           exec);
      times->recolour_ms[i] = bench_clock_ms () - t0;
    }
  return status;
}

TesseraStatus
bench_segment_bands (const TesseraImage *src, int rows,
                     const TesseraMstSegment *params,
                     TesseraMstClasses *classes, TesseraImage *dst,
                     TesseraExec *exec, BenchBandTimes *times)
{
  TesseraMstBands bands;
  TesseraStatus status;
  double t0 = bench_clock_ms ();

  bench_band_times_free (times);
  memset (classes, 0, sizeof *classes);
  times->rows = rows;
  times->n_bands = (src->height + rows - 1) / rows;
  times->add_ms = calloc (times->n_bands, sizeof *times->add_ms);
  times->recolour_ms = calloc (times->n_bands, sizeof *times->recolour_ms);
  if (times->add_ms == NULL || times->recolour_ms == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  status = tessera_mst_bands_start (&bands, src->width, src->height,
                                    src->channels, src->type, rows, exec);
  times->start_ms = bench_clock_ms () - t0;
  if (status != TESSERA_OK)
    return status;
  times->kept = tessera_mst_bands_keeps_pixels (&bands);
  times->backend = bands.backend_used;
  status = add_bands (&bands, src, rows, exec, times);
  t0 = bench_clock_ms ();
  if (status == TESSERA_OK)
    status = tessera_mst_bands_finish (&bands, params, exec);
  times->finish_ms = bench_clock_ms () - t0;
  if (status == TESSERA_OK)
    status = recolour_bands (&bands, src, rows, dst, exec, times);
  if (status == TESSERA_OK)
    {
      /* The caller's, as the whole-image call leaves them. */
      *classes = bands.classes;
      memset (&bands.classes, 0, sizeof bands.classes);
    }
  tessera_mst_bands_free (&bands);
  return status;
}

static double
sum (const double *ms, int n)
{
  double total = 0.0;
  for (int i = 0; i < n; i++)
    total += ms[i];
  return total;
}

void
bench_band_times_print (const BenchBandTimes *times, FILE *out, FILE *err)
{
  const double add = sum (times->add_ms, times->n_bands);
  const double recolour = sum (times->recolour_ms, times->n_bands);

  fprintf (out, " bands=%d band_rows=%d bands_backend=%s kept=%s"
           " start_ms=%.2f add_ms=%.2f finish_ms=%.2f recolour_ms=%.2f"
           " bands_total_ms=%.2f", times->n_bands, times->rows,
           tessera_backend_name (times->backend), times->kept ? "yes" : "no",
           times->start_ms, add, times->finish_ms, recolour,
           times->start_ms + add + times->finish_ms + recolour);
  for (int i = 0; err != NULL && i < times->n_bands; i++)
    fprintf (err, "band %d: add (upload, count) %.3f ms, recolour "
             "(recolour, download) %.3f ms\n", i, times->add_ms[i],
             times->recolour_ms[i]);
}

void
bench_band_times_free (BenchBandTimes *times)
{
  free (times->add_ms);
  free (times->recolour_ms);
  memset (times, 0, sizeof *times);
}

TesseraStatus
bench_enlarge (const TesseraImage *src, int width, int height, int channels,
               TesseraImage *dst)
{
  TesseraStatus status;

  if (src->type != TESSERA_U8 || src->channels != 3
      || (channels != 3 && channels != 4))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  status = tessera_image_alloc (dst, width, height, channels, TESSERA_U8);
  if (status != TESSERA_OK)
    return status;
  #pragma omp parallel for schedule (static)
  for (int y = 0; y < height; y++)
    {
      const uint8_t *in = tessera_image_row (
        src, (int) ((int64_t) y * src->height / height));
      uint8_t *out = tessera_image_row (dst, y);
      for (int x = 0; x < width; x++, out += channels)
        {
          const uint8_t *p = in + 3 * ((int64_t) x * src->width / width);
          memcpy (out, p, 3);
          if (channels == 4)
            out[3] = 255;
        }
    }
  return TESSERA_OK;
}
