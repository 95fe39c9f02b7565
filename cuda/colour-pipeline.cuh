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
