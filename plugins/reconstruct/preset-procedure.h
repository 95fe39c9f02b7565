/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the presets of Morphological Reconstruction, a procedure of
 * their own (plug-in-tessera-reconstruct-preset) in the same plug-in: the
 * marker is made from the drawable itself. */
#ifndef TESSERA_PRESET_PROCEDURE_H
#define TESSERA_PRESET_PROCEDURE_H

#include <libgimp/gimp.h>
#include "tessera-plugin.h"

extern const TesseraPlugin reconstruct_preset_plugin;

/* The run of that procedure, with its defaults. */
void reconstruct_preset_run (gint              n_params,
                             const GimpParam  *param,
                             gint             *n_return_vals,
                             GimpParam       **return_vals);

#endif
