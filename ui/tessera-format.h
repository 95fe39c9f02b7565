/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — pixel formats: a drawable's format with another sample type,
 * for the core (which holds u8, u16 and float) and for drawing previews
 * (u8).  Babl alone: GIMP 2.10's and GIMP 3's glue use it alike. */
#ifndef TESSERA_FORMAT_H
#define TESSERA_FORMAT_H

#include <babl/babl.h>

/* FORMAT with its sample type replaced by TYPE ("u8", "float"…), same
 * model, TRC and space. */
const Babl *tessera_format_with_type (const Babl *format,
                                      const char *type);

#endif
