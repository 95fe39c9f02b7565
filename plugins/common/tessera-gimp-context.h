/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the libgimp calls on the context: the foreground colour, the
 * brush and dynamics for stroking, for GIMP 2.10 and GIMP 3 alike (see
 * tessera-gimp.h). */
#ifndef TESSERA_GIMP_CONTEXT_H
#define TESSERA_GIMP_CONTEXT_H

#include "tessera-gimp-ids.h"

/* The foreground colour as one pixel of FORMAT, opaque.  GIMP 3 converts
 * its colour into FORMAT itself, as its own fills do: through sRGB doubles
 * an 8-bit sample could come out one lower than in GIMP 3's own fills. */
static inline void
tessera_gimp_foreground_pixel (const Babl *format,
                               gpointer    pixel)
{
#if TESSERA_GIMP3
  GeglColor *colour = gimp_context_get_foreground ();

  gimp_color_set_alpha (colour, 1.0);
  gegl_color_get_pixel (colour, format, pixel);
  g_object_unref (colour);
#else
  GimpRGB colour;
  gdouble rgba[4];

  gimp_context_get_foreground (&colour);
  rgba[0] = colour.r;
  rgba[1] = colour.g;
  rgba[2] = colour.b;
  rgba[3] = 1.0;
  babl_process (babl_fish (babl_format ("R'G'B'A double"), format), rgba,
                pixel, 1);
#endif
}

/* The context's brush and dynamics by name; a brush GIMP does not have
 * (gimp-console -d loads none) leaves the brush as it was. */
static inline void
tessera_gimp_context_set_brush_name (const gchar *name)
{
#if TESSERA_GIMP3
  GimpBrush *brush = gimp_brush_get_by_name (name);

  if (brush != NULL)
    gimp_context_set_brush (brush);
#else
  gimp_context_set_brush (name);
#endif
}

static inline void
tessera_gimp_context_set_dynamics_name (const gchar *name)
{
#if TESSERA_GIMP3
  gimp_context_set_dynamics_name (name);
#else
  gimp_context_set_dynamics (name);
#endif
}

#endif
