/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Guo and Hall's thinning (cuda/skeleton.cu) on device data, for
 * the regions of line art (cuda/fill-regions.cu), which keep the map on
 * the device. */
#ifndef TESSERA_CUDA_SKELETON_CUH
#define TESSERA_CUDA_SKELETON_CUH

#include "common.cuh"

/* Thins the device LINE (W*H, non-zero: line) into the device buffer A
 * (which may be LINE itself), with B of the same size and the int FLAG as
 * scratch, by RULE (host, as tessera_cuda_skeleton_thin's). */
TesseraStatus tessera_cuda_thin_device (const uint8_t *line, uint8_t *a,
                                        uint8_t *b, int *flag, int width,
                                        int height, const uint8_t *rule);

#endif
