/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the pixels of an image's border, numbered 0 .. length-1: the
 * top row, the bottom row, then the left and right columns between them.
 * Shared by the CPU fills (core/fill-contours-*.c) and the GPU's
 * (cuda/fill-contours-paper-gpu.cu), host and device alike, so that both
 * seed the border in the same order. */
#ifndef TESSERA_BORDER_PIXELS_H
#define TESSERA_BORDER_PIXELS_H

#include <stddef.h>

#ifdef __CUDACC__
#define BORDER_INLINE __host__ __device__ static inline
#else
#define BORDER_INLINE static inline
#endif

BORDER_INLINE size_t
border_length (int width, int height)
{
  size_t inner_width = width > 2 ? (size_t) width - 2 : 0;
  size_t inner_height = height > 2 ? (size_t) height - 2 : 0;
  return (size_t) width * height - inner_width * inner_height;
}

/* (*X, *Y) of border pixel I < border_length (WIDTH, HEIGHT). */
BORDER_INLINE void
border_pixel (size_t i, int width, int height, int *x, int *y)
{
  size_t row_pixels = (height > 1 ? 2 : 1) * (size_t) width;
  size_t side = (size_t) height - 2;

  if (i < row_pixels)
    {
      *x = (int) (i % width);
      *y = i < (size_t) width ? 0 : height - 1;
      return;
    }
  i -= row_pixels;
  *y = 1 + (int) (i % side);
  *x = i < side ? 0 : width - 1;
}

#undef BORDER_INLINE

#endif
