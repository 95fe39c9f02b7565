/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — private to the CUDA Segment Colours pipeline
 * (cuda/mst-segment-image.cu): its steps, each in its own file, on device
 * arrays. */
#ifndef TESSERA_CUDA_COLOUR_PIPELINE_CUH
#define TESSERA_CUDA_COLOUR_PIPELINE_CUH

#include "common.cuh"
#include "stage-mark.cuh"

/* The distinct colours of a device image, as core/colour-histogram.h
 * orders them. */
struct TesseraDeviceHistogram
{
  size_t              n_colours;
  TesseraDeviceBuffer colours;       /* n_colours x (R, G, B) bytes */
  TesseraDeviceBuffer counts;        /* uint32_t per colour */
  uint64_t            visible;       /* pixels of a colour (alpha > 0) */
  TesseraDeviceBuffer pixel_colour;  /* uint32_t per pixel, rows packed */
};

/* cuda/colour-histogram.cu: of an 8-bit device IMAGE (1 to 4 channels;
 * grey gives grey colours; a pixel of alpha 0 has no colour, as on the
 * host). */
TesseraStatus tessera_cuda_colour_histogram (const TesseraImage *image,
                                             TesseraDeviceHistogram *histogram);

/* The histogram's steps, for images that arrive in bands
 * (cuda/mst-segment-bands.cu): a counter per 24-bit colour (TABLE), then,
 * once numbered, each colour's number (INDEX). */
struct TesseraDeviceColourTable
{
  TesseraDeviceBuffer table;     /* uint32_t per key: its pixels */
  TesseraDeviceBuffer index;     /* uint32_t per key: its colour's number */
  TesseraDeviceBuffer counters;  /* colours used, pixels of alpha 0 */
};

/* TABLE allocated and cleared. */
TesseraStatus tessera_cuda_colour_table_start (TesseraDeviceColourTable *table);

/* Counts the pixels of the 8-bit device IMAGE (a band of rows, or a whole
 * image) into TABLE; writes each pixel's key to KEYS (rows packed) unless
 * KEYS is NULL. */
TesseraStatus tessera_cuda_colour_count (const TesseraImage *image,
                                         uint32_t *keys,
                                         TesseraDeviceColourTable *table);

/* Once every pixel is counted (N_PIXELS of them): TABLE's keys numbered
 * and HISTOGRAM's colours, counts and visible pixels (not pixel_colour). */
TesseraStatus tessera_cuda_colour_collect (TesseraDeviceColourTable *table,
                                           size_t n_pixels,
                                           TesseraDeviceHistogram *histogram);

/* After collecting: each pixel of the device BAND's colour number, as
 * pixel_colour holds it, into PIXEL_COLOUR (rows packed). */
TesseraStatus tessera_cuda_colour_index (const TesseraImage *band,
                                         const TesseraDeviceColourTable *table,
                                         uint32_t *pixel_colour);

/* cuda/mst-segment-image.cu: the classes of HISTOGRAM's colours (points,
 * EMST, classes, means) into the host CLASSES, the CPU's exactly, with
 * the device COLOUR_CLASS (allocated here) and the host PALETTE (the
 * means rounded) for tessera_cuda_recolour.  TESSERA_ERROR_EMPTY_IMAGE
 * when no pixel is visible. */
TesseraStatus tessera_cuda_colour_classes (const TesseraDeviceHistogram *histogram,
                                           const TesseraMstSegment *params,
                                           TesseraMstClasses *classes,
                                           TesseraDeviceBuffer *colour_class,
                                           uint8_t (*palette)[3]);

/* cuda/colour-points.cu: the N COLOURS in SPACE, as floats for the EMST
 * (XYZ, n x 3) and in fixed point for the classes (FIXED), as the host's
 * tessera_srgb_to_lab and fixed_points (core/mst-weighted.c) make them. */
TesseraStatus tessera_cuda_colour_points (const uint8_t *colours, size_t n,
                                          TesseraColourSpace space,
                                          float *xyz, int32_t (*fixed)[3]);

/* cuda/mst-recolour.cu: each of the K classes' pixels and sums of R, G, B
 * (to the host arrays PIXELS and SUM) from the N colours' COUNTS and
 * COLOUR_CLASS. */
TesseraStatus tessera_cuda_class_sums (const uint8_t *colours,
                                       const uint32_t *counts,
                                       const uint32_t *colour_class, size_t n,
                                       int k, uint64_t *pixels,
                                       uint64_t (*sum)[3]);

/* COLOUR_CLASS[i] = RENUMBER[COLOUR_CLASS[i]] (RENUMBER: K host entries). */
TesseraStatus tessera_cuda_class_renumber (uint32_t *colour_class, size_t n,
                                           const uint32_t *renumber, int k);

/* DST = SRC (8-bit, device) with each pixel's colour PALETTE[class of its
 * colour] (K host entries), alpha kept; a pixel of alpha 0 kept as it is. */
TesseraStatus tessera_cuda_recolour (const TesseraImage *src,
                                     const uint32_t *pixel_colour,
                                     const uint32_t *colour_class,
                                     const uint8_t (*palette)[3], int k,
                                     TesseraImage *dst);

#endif
