/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Morphological Reconstruction: what a run's new layer is named
 * after, in both GIMPs: the operation, or the preset with its parameter
 * ("Fill holes", "h-domes 10 %"), translated. */
#ifndef TESSERA_RECONSTRUCT_NAMES_H
#define TESSERA_RECONSTRUCT_NAMES_H

#include <glib.h>

/* The name of a run with VALUES (ReconstructValues or PresetValues, the
 * preset's parameter in h or radius); free it. */
typedef gchar *(*ReconstructName) (gconstpointer values);

gchar *reconstruct_marker_name (gconstpointer values);
gchar *reconstruct_preset_name (gconstpointer values);

#endif
