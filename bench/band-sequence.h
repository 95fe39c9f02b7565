/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench mst-segment --bands: the Segment Colours plug-in's band
 * sequence (plugins/mst-segment) outside GIMP, through
 * core/mst-segment-bands.h: the layer's bands added top to bottom from
 * host memory, the classes, then each band recoloured into a host buffer
 * (read again first where the backend keeps no pixels), each step timed. */
#ifndef BENCH_BAND_SEQUENCE_H
#define BENCH_BAND_SEQUENCE_H

#include <stdio.h>
#include "mst-segment.h"

/* The rows of a band as the plug-in's tessera_band_rows gives them for a
 * layer of WIDTH pixels of BYTES each (32 MiB, rounded up to GIMP's tile
 * rows of 64), at most HEIGHT rounded so. */
int bench_band_rows (int width, int bytes, int height);

/* Each stage's time of the last run, per band where it is a band's. */
typedef struct
{
  int     n_bands;
  int     rows;              /* a band's, at most */
  double  start_ms;
  double  finish_ms;         /* histogram, EMST, classes */
  double *add_ms;            /* per band: upload and count (CPU: count) */
  double *recolour_ms;       /* per band: recolour and download */
  bool    kept;              /* the pixels stayed on the device */
  TesseraBackend backend;
} BenchBandTimes;

/* Runs the band sequence on SRC into DST (host images of one shape) in
 * bands of ROWS, with PARAMS on EXEC's backend; CLASSES as
 * tessera_mst_segment_image gives them (freed by the caller), TIMES
 * (allocated here; free with bench_band_times_free). */
TesseraStatus bench_segment_bands (const TesseraImage *src, int rows,
                                   const TesseraMstSegment *params,
                                   TesseraMstClasses *classes,
                                   TesseraImage *dst, TesseraExec *exec,
                                   BenchBandTimes *times);

/* " bands=N band_rows=R kept=yes start_ms=… add_ms=… finish_ms=…
 * recolour_ms=… total_ms=…", then on ERR a line per band. */
void bench_band_times_print (const BenchBandTimes *times, FILE *out,
                             FILE *err);

void bench_band_times_free (BenchBandTimes *times);

/* DST (allocated here, CHANNELS 3 or 4: opaque alpha added) = SRC (8-bit
 * RGB) enlarged to WIDTH x HEIGHT by nearest neighbour: a photo enlarged,
 * as in issue 39, with the photo's colours. */
TesseraStatus bench_enlarge (const TesseraImage *src, int width, int height,
                             int channels, TesseraImage *dst);

#endif
