/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Segment Colours on an image that arrives in bands of rows, top
 * to bottom (a plug-in that holds a band of its layer, not the whole):
 *
 *   tessera_mst_bands_start (&bands, width, height, channels, type,
 *                            max_rows, exec);
 *   for each band, top to bottom:   tessera_mst_bands_add
 *   tessera_mst_bands_finish (&bands, &params, exec);   bands.classes
 *   for each band, in any order:    tessera_mst_bands_recolour
 *   tessera_mst_bands_free (&bands);
 *
 * On the CUDA backend the bands are kept on the device as they come, so
 * that recolouring needs no band twice: tessera_mst_bands_keeps_pixels says
 * so, and the caller need not read its image again.  On the CPU (asked
 * for, no device, an image that is not 8-bit, or one the device cannot
 * hold) the colours are tallied band by band (core/colour-tally.h) and
 * recolouring wants each band's pixels again.  Both give the classes and
 * the recoloured pixels of tessera_mst_segment_image on the whole image,
 * bit for bit. */
#ifndef TESSERA_MST_SEGMENT_BANDS_H
#define TESSERA_MST_SEGMENT_BANDS_H

#include "colour-tally.h"
#include "mst-segment.h"

struct TesseraCudaMstBands;

typedef struct
{
  int                         width;
  int                         height;
  int                         channels;
  TesseraSampleType           type;
  int                         max_rows;      /* of a band */
  int                         rows;          /* added so far */
  TesseraBackend              backend_used;  /* CPU or CUDA, from the start */
  bool                        told;          /* the start told EXEC's
                                                fallback why not CUDA */
  TesseraColourTally          tally;         /* on the CPU */
  uint32_t                   *indices;       /* on the CPU: a band's colour
                                                numbers */
  struct TesseraCudaMstBands *device;        /* on the GPU */
  TesseraColourHistogram      histogram;     /* after finishing: the colours
                                                and counts (no pixel_colour) */
  TesseraMstClasses           classes;       /* after finishing */
} TesseraMstBands;

/* Starts BANDS for an image of WIDTH x HEIGHT pixels (fewer than 2^32) of
 * CHANNELS (1 to 4) samples of TYPE, in bands of at most MAX_ROWS rows, on
 * EXEC's backend (may be NULL): the CUDA backend when it is asked for (or
 * pays, on auto), the image is 8-bit and the device can hold it, else the
 * CPU, with EXEC's fallback told why when CUDA was asked for (once: the
 * EMST of finishing, on CUDA still, tells nothing more).  Sets
 * BANDS->backend_used.  On failure BANDS holds nothing to free. */
TesseraStatus tessera_mst_bands_start   (TesseraMstBands *bands, int width,
                                         int height, int channels,
                                         TesseraSampleType type,
                                         int max_rows, TesseraExec *exec);

/* Whether the pixels are kept (on the device): then recolouring needs no
 * band again. */
bool          tessera_mst_bands_keeps_pixels (const TesseraMstBands *bands);

/* Adds BAND, the image's next rows (host memory, the image's width,
 * channels and type, at most MAX_ROWS rows).  EXEC may be NULL. */
TesseraStatus tessera_mst_bands_add     (TesseraMstBands *bands,
                                         const TesseraImage *band,
                                         TesseraExec *exec);

/* Once every row is added: BANDS->histogram and BANDS->classes, as
 * tessera_mst_segment gives them for the image (TESSERA_ERROR_EMPTY_IMAGE
 * when no pixel is visible).  The EMST runs on EXEC's backend (may be
 * NULL) where the bands are on the CPU. */
TesseraStatus tessera_mst_bands_finish  (TesseraMstBands *bands,
                                         const TesseraMstSegment *params,
                                         TesseraExec *exec);

/* After finishing: rows Y .. Y + DST->height - 1 (at most MAX_ROWS) of the
 * image recoloured by the classes' means into the host image DST.  SRC
 * holds those rows of the image, or is NULL where the pixels are kept; DST
 * may be SRC.  EXEC may be NULL. */
TesseraStatus tessera_mst_bands_recolour (TesseraMstBands *bands, int y,
                                          const TesseraImage *src,
                                          TesseraImage *dst,
                                          TesseraExec *exec);

void          tessera_mst_bands_free    (TesseraMstBands *bands);

#endif
