/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what the GEGL operations of libtessera-gegl share: the format
 * they work in (the plug-ins' own, so that the pixels are theirs), the
 * whole-extent regions of the global ones, the core's threads and progress
 * from GEGL, and the input as one host image. */
#ifndef TESSERA_GEGL_H
#define TESSERA_GEGL_H

#include <gegl.h>
#include <gegl-plugin.h>
#include "exec.h"
#include "image.h"

/* The menu every operation is listed in. */
#define TESSERA_GEGL_MENU "<Image>/Filters/Tessera"

/* The format the operation's pixels are handed to the core in: the
 * input's own for 8- and 16-bit integers, its model in float otherwise
 * (as the plug-ins read a drawable); R'G'B'A float with no input. */
const Babl   *tessera_gegl_work_format (GeglOperation *operation);

TesseraSampleType tessera_gegl_sample_type (const Babl *format);

/* Sets the work format on "input" and "output"; returns it. */
const Babl   *tessera_gegl_prepare     (GeglOperation *operation);

/* The global operations' regions: the whole input, whatever is asked. */
GeglRectangle tessera_gegl_whole_input (GeglOperation       *operation,
                                        const GeglRectangle *roi);
GeglRectangle tessera_gegl_whole_required (GeglOperation       *operation,
                                           const gchar         *input_pad,
                                           const GeglRectangle *roi);

/* The core's run in GEGL: the CPU, GEGL's threads (THREADED: those of
 * GEGL's configuration; else one, where GEGL itself splits the work),
 * progress told to OPERATION (may be NULL: none). */
TesseraExec   tessera_gegl_exec        (GeglOperation *operation,
                                        gboolean       threaded);

/* RECT of BUFFER in FORMAT into IMAGE, newly allocated (packed rows);
 * FALSE when there is no memory for it. */
gboolean      tessera_gegl_read        (GeglBuffer          *buffer,
                                        const GeglRectangle *rect,
                                        const Babl          *format,
                                        TesseraImage        *image);

/* The global operations' end: IMAGE into OUTPUT at RECT, or, when STATUS
 * is not TESSERA_OK, the input as it was (a warning says why). */
void          tessera_gegl_write       (GeglOperation       *operation,
                                        GeglBuffer          *input,
                                        GeglBuffer          *output,
                                        const GeglRectangle *rect,
                                        const Babl          *format,
                                        const TesseraImage  *image,
                                        TesseraStatus        status);

/* Each operation's type, registered by the module (tessera-gegl.c). */
void gegl_op_tessera_box_blur_register_type          (GTypeModule *module);
void gegl_op_tessera_reconstruct_preset_register_type (GTypeModule *module);
void gegl_op_tessera_segment_colours_register_type    (GTypeModule *module);
void gegl_op_tessera_fill_contours_register_type      (GTypeModule *module);

#endif
