/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — plug-in-tessera-export-paths-geojson for GIMP 3, served by
 * Trace Line's plug-in (trace-line3.c). */
#ifndef TESSERA_GEOJSON_GIMP3_H
#define TESSERA_GEOJSON_GIMP3_H

#include "tessera-plugin3.h"

extern const TesseraProcedure3 geojson_procedure3;

#endif
