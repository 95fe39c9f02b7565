/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — plug-in-tessera-export-paths-geojson in GIMP 2.10's PDB,
 * installed and run by Trace Line's plug-in (trace-line.c). */
#ifndef TESSERA_GEOJSON_GIMP2_H
#define TESSERA_GEOJSON_GIMP2_H

#include <libgimp/gimp.h>

void geojson_install (void);
void geojson_run     (gint              n_params,
                      const GimpParam  *param,
                      gint             *n_return_vals,
                      GimpParam       **return_vals);

#endif
