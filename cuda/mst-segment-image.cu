/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours on the device, histogram to recoloured image
 * (core/mst-segment-image.h): the distinct colours, their points, the
 * EMST, the weighted classes (cuda/mst-weighted.cu), the classes' means
 * and the recolouring, with the host only ranking the classes.  Where the
 * device has no classes for the method (single linkage, the tree split
 * alone) or fails to make them, the host cuts the tree from copies of the
 * colours and edges, and the device does the rest. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "colour-pipeline.cuh"

namespace {

/* Every device array of one segmentation. */
struct Pipeline
{
  Pipeline (const TesseraDeviceHistogram &h, TesseraDeviceBuffer &c)
    : histogram (h), colour_class (c), n (h.n_colours) {}
  const TesseraDeviceHistogram &histogram;
  TesseraDeviceBuffer           xyz, fixed, edges;
  TesseraDeviceBuffer          &colour_class;
  size_t                        n;
};

/* The classes on the host, from copies of the colours, counts and edges:
 * tessera_mst_segment_cut, then its classes uploaded. */
TesseraStatus
classes_on_host (Pipeline &p, const TesseraMstSegment *params,
                 TesseraMstClasses *classes)
{
  const size_t n = p.n;
  TesseraColourHistogram host;
  TesseraEmstEdge *edges = (TesseraEmstEdge *) malloc (sizeof *edges * n);
  TesseraStatus status = TESSERA_OK;

  memset (&host, 0, sizeof host);
  host.n_colours = n;
  host.colours = (uint8_t *) malloc (3 * n);
  host.counts = (uint32_t *) malloc (sizeof (uint32_t) * n);
  if (edges == NULL || host.colours == NULL || host.counts == NULL)
    status = TESSERA_ERROR_OUT_OF_MEMORY;
  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaMemcpy (
      host.colours, p.histogram.colours.as<void> (), 3 * n,
      cudaMemcpyDeviceToHost));
  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaMemcpy (
      host.counts, p.histogram.counts.as<void> (), sizeof (uint32_t) * n,
      cudaMemcpyDeviceToHost));
  if (status == TESSERA_OK && n > 1)
    status = tessera_cuda_status (cudaMemcpy (
      edges, p.edges.as<void> (), sizeof *edges * (n - 1),
      cudaMemcpyDeviceToHost));
  tessera_cuda_stage_mark ("classes: copies to the host");
  if (status == TESSERA_OK)
    status = tessera_mst_segment_cut (&host, edges, params, classes, NULL);
  tessera_cuda_stage_mark ("classes: on the host");
  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaMemcpy (
      p.colour_class.as<void> (), classes->colour_class,
      sizeof (uint32_t) * n, cudaMemcpyHostToDevice));
  free (edges);
  free (host.colours);
  free (host.counts);
  return status;
}

/* The weighted classes on the device, then their means; the classes come
 * back to the host numbered by size. */
TesseraStatus
classes_on_device (Pipeline &p, const TesseraMstSegment *params,
                   double min_weight, TesseraMstClasses *classes)
{
  uint64_t pixels[TESSERA_MST_SEGMENT_MAX_CLASSES];
  uint64_t sum[TESSERA_MST_SEGMENT_MAX_CLASSES][3];
  uint32_t renumber[TESSERA_MST_SEGMENT_MAX_CLASSES];
  uint32_t *colour_class = p.colour_class.as<uint32_t> ();

  TESSERA_CUDA_CHECK (tessera_cuda_mst_weighted (
    p.edges.as<TesseraEmstEdge> (), p.histogram.counts.as<uint32_t> (),
    p.fixed.as<int32_t[3]> (), p.n, params, min_weight, colour_class,
    &classes->n_classes, 0));
  tessera_cuda_stage_mark ("classes");
  TESSERA_CUDA_CHECK (tessera_cuda_class_sums (
    p.histogram.colours.as<uint8_t> (), p.histogram.counts.as<uint32_t> (),
    colour_class, p.n, classes->n_classes, pixels, sum));
  tessera_mst_class_means (classes, pixels, (const uint64_t (*)[3]) sum,
                           renumber);
  TESSERA_CUDA_CHECK (tessera_cuda_class_renumber (colour_class, p.n,
                                                   renumber,
                                                   classes->n_classes));
  TESSERA_CUDA_CHECK (cudaMemcpy (classes->colour_class, colour_class,
                                  sizeof (uint32_t) * p.n,
                                  cudaMemcpyDeviceToHost));
  tessera_cuda_stage_mark ("class means");
  return TESSERA_OK;
}

TesseraStatus
segment (const TesseraImage *src, const TesseraMstSegment *params,
         TesseraMstClasses *classes, TesseraImage *dst)
{
  TesseraDeviceHistogram histogram;
  TesseraDeviceBuffer colour_class;
  uint8_t palette[TESSERA_MST_SEGMENT_MAX_CLASSES][3];

  tessera_stage_start ();
  TESSERA_CUDA_CHECK (tessera_cuda_colour_histogram (src, &histogram));
  tessera_cuda_stage_mark ("histogram");
  TESSERA_CUDA_CHECK (tessera_cuda_colour_classes (&histogram, params,
                                                   classes, &colour_class,
                                                   palette));
  TESSERA_CUDA_CHECK (tessera_cuda_recolour (
    src, histogram.pixel_colour.as<uint32_t> (),
    colour_class.as<uint32_t> (), (const uint8_t (*)[3]) palette,
    classes->n_classes, dst));
  tessera_cuda_stage_mark ("recolour");
  return TESSERA_OK;
}

} /* namespace */

TesseraStatus
tessera_cuda_colour_classes (const TesseraDeviceHistogram *histogram,
                             const TesseraMstSegment *params,
                             TesseraMstClasses *classes,
                             TesseraDeviceBuffer *colour_class,
                             uint8_t (*palette)[3])
{
  Pipeline p (*histogram, *colour_class);
  TesseraStatus status;

  /* Every pixel transparent: as tessera_mst_segment says. */
  if (p.n == 0)
    return TESSERA_ERROR_EMPTY_IMAGE;
  TESSERA_CUDA_CHECK (p.xyz.allocate (sizeof (float) * 3 * p.n));
  TESSERA_CUDA_CHECK (p.fixed.allocate (sizeof (int32_t) * 3 * p.n));
  TESSERA_CUDA_CHECK (p.edges.allocate (sizeof (TesseraEmstEdge) * p.n));
  TESSERA_CUDA_CHECK (p.colour_class.allocate (sizeof (uint32_t) * p.n));
  TESSERA_CUDA_CHECK (tessera_cuda_colour_points (
    p.histogram.colours.as<uint8_t> (), p.n, params->colour_space,
    p.xyz.as<float> (), p.fixed.as<int32_t[3]> ()));
  tessera_cuda_stage_mark ("points");
  TESSERA_CUDA_CHECK (tessera_cuda_emst_device (p.xyz.as<float> (), p.n,
                                                p.edges.as<TesseraEmstEdge> ()));
  tessera_cuda_stage_mark ("emst");

  status = TESSERA_ERROR_GPU;      /* no classes on the device yet */
  if (params->method == TESSERA_MST_METHOD_WEIGHTED && p.n > 1)
    {
      TESSERA_CUDA_CHECK (tessera_mst_classes_alloc (classes, p.n));
      /* The share is of the visible pixels, as on the host. */
      status = classes_on_device (p, params,
                                  params->min_share
                                  * (double) p.histogram.visible,
                                  classes);
      if (status != TESSERA_OK)
        tessera_mst_classes_free (classes);
    }
  if (status != TESSERA_OK)
    TESSERA_CUDA_CHECK (classes_on_host (p, params, classes));

  for (int c = 0; c < classes->n_classes; c++)
    for (int ch = 0; ch < 3; ch++)
      palette[c][ch] = (uint8_t) lrint (classes->mean[c][ch]);
  return TESSERA_OK;
}

TesseraStatus
tessera_cuda_mst_segment_image (const TesseraImage *src,
                                const TesseraMstSegment *params,
                                TesseraMstClasses *classes, TesseraImage *dst)
{
  TesseraStaging staging;
  TesseraImage in, out;
  TesseraStatus status;

  memset (classes, 0, sizeof *classes);
  if (src->type != TESSERA_U8)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  status = staging.input (src, &in);
  if (status == TESSERA_OK)
    status = staging.output (dst, &out);
  if (status == TESSERA_OK)
    status = segment (&in, params, classes, &out);
  if (status == TESSERA_OK)
    status = staging.finish ();
  if (status != TESSERA_OK)
    tessera_mst_classes_free (classes);
  return status;
}
