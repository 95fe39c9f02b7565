/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Box Blur (SAT)'s settings and their declaration, shared by the
 * GIMP 2.10 plug-in (box-blur.c) and the GIMP 3 one (plugins/gimp3). */
#ifndef TESSERA_BOX_BLUR_ARGS_H
#define TESSERA_BOX_BLUR_ARGS_H

#include "box-blur.h"
#include "tessera-args.h"

#define BOX_BLUR_PROC "plug-in-tessera-box-blur"
#define BOX_BLUR_LABEL N_("_Box Blur (SAT)…")
#define BOX_BLUR_TITLE N_("Box Blur (SAT)")
#define BOX_BLUR_BLURB N_("Blur with the mean of a box, in the same time for " \
                          "any radius")
#define BOX_BLUR_MENUS "<Image>/Filters/Blur", TESSERA_MENU
#define BOX_BLUR_HELP                                                        \
  "The mean of the (2 radius-x + 1) x (2 radius-y + 1) box around each "    \
  "pixel, computed through a summed-area table, so the cost per pixel does " \
  "not grow with the radius.  Pixels beyond the edge repeat the edge.  "    \
  "Several iterations approach a Gaussian blur.  Colours are averaged "      \
  "weighted by alpha, so transparent pixels leave no fringes."

typedef struct
{
  gint           radius_x;
  gint           radius_y;
  gint           iterations;
  TesseraBackend backend;
} BoxBlurValues;

enum { ARG_RADIUS_X, ARG_RADIUS_Y, ARG_ITERATIONS, ARG_BACKEND };

static const TesseraArg box_blur_args[] =
{
  TESSERA_ARG_INT ("radius-x", BoxBlurValues, radius_x, N_("Radius _X"),
                   N_("Half the width of the box, in pixels"),
                   0, TESSERA_BOX_BLUR_MAX_RADIUS, 0, 100, 5, N_("px")),
  TESSERA_ARG_INT ("radius-y", BoxBlurValues, radius_y, N_("Radius _Y"),
                   N_("Half the height of the box, in pixels"),
                   0, TESSERA_BOX_BLUR_MAX_RADIUS, 0, 100, 5, N_("px")),
  TESSERA_ARG_INT ("iterations", BoxBlurValues, iterations,
                   N_("_Iterations"),
                   N_("How many times to blur; 3 looks like a Gaussian blur"),
                   1, TESSERA_BOX_BLUR_MAX_ITERATIONS,
                   1, TESSERA_BOX_BLUR_MAX_ITERATIONS, 1, NULL),
  TESSERA_ARG_BACKEND_OF (BoxBlurValues, backend)
};

/* The core's parameters for VALUES, on pixels with or without alpha. */
static inline TesseraBoxBlur
box_blur_params (const BoxBlurValues *values,
                 gboolean             has_alpha)
{
  TesseraBoxBlur params = { 0 };

  params.radius_x   = values->radius_x;
  params.radius_y   = values->radius_y;
  params.iterations = values->iterations;
  params.has_alpha  = has_alpha;
  params.method     = TESSERA_BOX_BLUR_METHOD_AUTO;
  return params;
}

/* The blur by VALUES (BoxBlurValues) of SRC into DST, as the previews and
 * GIMP 3's filters call a filter (tessera-live-region.h). */
static inline TesseraStatus
box_blur_filter (const TesseraImage *src,
                 TesseraImage       *dst,
                 gboolean            has_alpha,
                 gconstpointer       values,
                 TesseraExec        *exec)
{
  TesseraBoxBlur params = box_blur_params (values, has_alpha);

  return tessera_box_blur (src, dst, &params, exec);
}

#endif
