/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — colour segmentation by cutting the Euclidean minimum spanning
 * tree of an image's distinct colours.
 *
 * Two ways to cut it (TesseraMstMethod):
 * - weighted (the default): each colour weighs its pixel count; the tree is
 *   split where a split most reduces the pixel-weighted squared error
 *   within the classes (core/mst-ward.h), then weighted Lloyd iterations
 *   over the distinct colours (core/colour-lloyd.h) refine the classes.
 *   With K = 0 (automatic), K is where that error stops falling fast.
 * - single linkage: with a number of classes K, the K-1 longest edges are
 *   cut, longest first.  With K = 0 (automatic), the edges cut are Zahn's
 *   "inconsistent" ones, those much longer than the edges near them.
 * Both skip a cut leaving either side with less than MIN_SHARE of the
 * pixels (the share counts pixels, not distinct colours); the refinement
 * may then move colours between classes. */
#ifndef TESSERA_MST_SEGMENT_H
#define TESSERA_MST_SEGMENT_H

#include <stdint.h>
#include "colour-histogram.h"
#include "emst.h"
#include "exec.h"

/* An indexed image can hold a palette of this many. */
#define TESSERA_MST_SEGMENT_MAX_CLASSES 256

typedef enum
{
  TESSERA_COLOUR_SPACE_RGB = 0,   /* the 8-bit values as they are */
  TESSERA_COLOUR_SPACE_CIELAB     /* sRGB to CIE L*a*b* (D65) */
} TesseraColourSpace;

typedef enum
{
  TESSERA_MST_METHOD_WEIGHTED = 0,     /* tree splits by pixel-weighted
                                          error, then Lloyd iterations */
  TESSERA_MST_METHOD_SINGLE_LINKAGE,   /* the longest edges */
  TESSERA_MST_METHOD_WEIGHTED_TREE     /* the tree splits alone: every
                                          class a connected part of the
                                          tree (for comparison) */
} TesseraMstMethod;

#define TESSERA_MST_METHOD_LAST TESSERA_MST_METHOD_WEIGHTED_TREE

/* Automatic classes (weighted): the error curve is looked at up to this
 * many classes. */
#define TESSERA_MST_AUTO_MAX_CLASSES 32

/* Lloyd iterations at most (weighted). */
#define TESSERA_MST_LLOYD_ITERATIONS 12

typedef struct
{
  int                classes;      /* 1 .. MAX_CLASSES, or 0: automatic */
  double             min_share;    /* 0 .. 0.5 of all pixels */
  double             sensitivity;  /* automatic: > 0, higher finds more
                                      classes.  Single linkage: an edge is
                                      cut when longer than 1 + 1/sensitivity
                                      times the mean of the edges within
                                      two steps of it, on each side that has
                                      some (1 gives Zahn's factor 2).
                                      Weighted: see tessera_mst_elbow */
  TesseraColourSpace colour_space;
  TesseraMstMethod   method;
} TesseraMstSegment;

typedef struct
{
  int       n_classes;
  uint32_t *colour_class;  /* per distinct colour: its class */
  double  (*mean)[3];      /* per class: mean R, G, B (0..255), weighted by
                              pixel counts */
  uint64_t *pixels;        /* per class: its pixels */
} TesseraMstClasses;

/* Checks the parameters. */
TesseraStatus tessera_mst_segment_check  (const TesseraMstSegment *params);

/* Classes of the colours of HISTOGRAM, numbered by decreasing pixel count
 * (ties: by their first colour).  There may be fewer classes than asked
 * for: no more than distinct colours, and none that the minimum share
 * forbids.  EXEC may be NULL; the EMST runs on its backend. */
TesseraStatus tessera_mst_segment        (const TesseraColourHistogram *histogram,
                                          const TesseraMstSegment *params,
                                          TesseraMstClasses *classes,
                                          TesseraExec *exec);

void          tessera_mst_classes_free   (TesseraMstClasses *classes);

/* Room in CLASSES for N_COLOURS colours and the most classes (n_classes
 * 0); on failure nothing to free. */
TesseraStatus tessera_mst_classes_alloc  (TesseraMstClasses *classes,
                                          size_t n_colours);

/* From each of CLASSES->n_classes classes' PIXELS and the SUM of its
 * pixels' R, G, B: the classes' pixels and means, numbered by decreasing
 * pixel count (ties: the lower old number first), and RENUMBER[old] = new.
 * CLASSES->colour_class is left for the caller to renumber. */
void          tessera_mst_class_means    (TesseraMstClasses *classes,
                                          const uint64_t *pixels,
                                          const uint64_t (*sum)[3],
                                          uint32_t *renumber);

/* The two steps of tessera_mst_segment, for callers that cut one tree
 * several ways (a preview): the EMST of the colours in SPACE into EDGES
 * (room for n_colours - 1), on EXEC's backend; then the classes (EXEC may
 * be NULL). */
TesseraStatus tessera_mst_segment_tree   (const TesseraColourHistogram *histogram,
                                          TesseraColourSpace space,
                                          TesseraEmstEdge *edges,
                                          TesseraExec *exec);
TesseraStatus tessera_mst_segment_cut    (const TesseraColourHistogram *histogram,
                                          const TesseraEmstEdge *edges,
                                          const TesseraMstSegment *params,
                                          TesseraMstClasses *classes,
                                          TesseraExec *exec);

/* The single-linkage cutting step alone, on any spanning tree: N_VERTICES vertices with
 * WEIGHTS (pixel counts), EDGES its N_VERTICES - 1 edges in any order.
 * Writes each vertex's class (0 .. *N_CLASSES - 1, numbered in order of
 * their first vertex) to VERTEX_CLASS.  PARAMS->colour_space is unused. */
TesseraStatus tessera_mst_cut            (const TesseraEmstEdge *edges,
                                          const uint32_t *weights,
                                          size_t n_vertices,
                                          const TesseraMstSegment *params,
                                          uint32_t *vertex_class,
                                          int *n_classes);

/* DST = SRC with every pixel's colour replaced by its class's mean colour
 * (alpha kept); an invisible pixel (alpha 0) is kept as it is.  SRC is the
 * image HISTOGRAM was made from; DST has its shape and may be SRC. */
TesseraStatus tessera_mst_segment_recolour (const TesseraImage *src,
                                            const TesseraColourHistogram *histogram,
                                            const TesseraMstClasses *classes,
                                            TesseraImage *dst,
                                            TesseraExec *exec);

/* IMAGE (host memory) with every pixel whose PIXEL_CLASS (IMAGE's width x
 * height, rows packed) is a class of CLASSES given that class's mean
 * colour, as tessera_mst_segment_recolour gives it (alpha kept); a pixel
 * of class TESSERA_COLOUR_TRANSPARENT is kept as it is.  For classes
 * looked up straight from colours (tessera_colour_tally_relabel).  A
 * class that is neither gives TESSERA_ERROR_INVALID_ARGUMENT, the image
 * then partly painted. */
TesseraStatus tessera_mst_segment_paint  (TesseraImage *image,
                                          const uint32_t *pixel_class,
                                          const TesseraMstClasses *classes,
                                          TesseraExec *exec);

/* sRGB 8-bit to CIE L*a*b* (D65 white), as core/srgb-lab.h computes it. */
void          tessera_srgb_to_lab        (const uint8_t *rgb, float *lab);

/* The linear values (0..1) of the 256 sRGB levels. */
const double *tessera_srgb_linear_table  (void);

#endif
