/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the contour map (core/contour-map.h) written the slow,
 * obvious way: pixel by pixel through the generic sample accessor, one
 * thread, each rule as the header states it. */
#ifndef TESSERA_TEST_CONTOUR_MAP_REF_H
#define TESSERA_TEST_CONTOUR_MAP_REF_H

#include "contour-map.h"

/* MAP (u8, one channel) of RGBA (f32, four channels) by PARAMS. */
void test_contour_map_ref (const TesseraImage            *rgba,
                           TesseraImage                  *map,
                           const TesseraContourThreshold *params);

#endif
