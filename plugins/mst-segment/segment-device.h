/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours with the layer kept on the device (issue 39):
 * one read of the drawable instead of segment-bands.h's two.  The first
 * pass uploads and counts each band on the GPU
 * (core/mst-segment-bands.h), which then makes the classes; the second
 * recolours each band there and brings it back to be written, without
 * reading GIMP again.  Taken for a recoloured layer where the backend
 * asked for is CUDA (or auto, where the core finds that it pays), a GPU is
 * present, the drawable is 8-bit and the GPU can hold the selection's
 * bounds; else the plug-in's two passes run as before. */
#ifndef SEGMENT_DEVICE_H
#define SEGMENT_DEVICE_H

#include "mst-segment-args.h"
#include "mst-segment-bands.h"
#include "segment-bands.h"

typedef struct
{
  TesseraMstBands bands;
  gboolean        taken;   /* the device holds the layer */
} SegmentDevice;

/* The first pass and the classes on the device, into BANDS->histogram
 * and CLASSES, where the device takes the work (DEVICE->taken); FALSE
 * with ERROR set on a failure.  TRUE without taking it: the caller's
 * usual passes are to run. */
gboolean segment_device_count (SegmentDevice       *device,
                               SegmentBands        *bands,
                               const SegmentValues *values,
                               TesseraMstClasses   *classes,
                               TesseraProgress     *progress,
                               GError             **error);

/* The second pass: each band recoloured on the device into
 * BANDS->band, then WRITE called with it (BANDS->colours unset). */
gboolean segment_device_each  (SegmentDevice       *device,
                               SegmentBands        *bands,
                               SegmentBandFunc      write,
                               gpointer             data,
                               TesseraProgress     *progress,
                               GError             **error);

void     segment_device_clear (SegmentDevice       *device);

#endif
