/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — sRGB to CIE L*a*b* (D65) for the CPU and the GPU alike: one
 * inline implementation that C and CUDA both compile, so that a colour
 * has the same L*a*b* floats on either side.  Only + - * / in double,
 * each rounded on its own (no fused multiply-add: the C build has
 * -ffp-contract=off, the CUDA side the _rn intrinsics), and a cube root of
 * our own, since the C library's and CUDA's may differ in the last bit.
 * The linear values of the 256 sRGB levels come from the host's pow(),
 * computed once there and handed to the device as a table. */
#ifndef TESSERA_SRGB_LAB_H
#define TESSERA_SRGB_LAB_H

#include <stdint.h>
#include <string.h>

#if defined(__CUDACC__)
#define TESSERA_LAB_FN static __host__ __device__ inline
#else
#define TESSERA_LAB_FN static inline
#endif

#if defined(__CUDA_ARCH__)
#define TESSERA_LAB_ADD(a, b) __dadd_rn ((a), (b))
#define TESSERA_LAB_SUB(a, b) __dsub_rn ((a), (b))
#define TESSERA_LAB_MUL(a, b) __dmul_rn ((a), (b))
#define TESSERA_LAB_DIV(a, b) __ddiv_rn ((a), (b))
#else
#define TESSERA_LAB_ADD(a, b) ((a) + (b))
#define TESSERA_LAB_SUB(a, b) ((a) - (b))
#define TESSERA_LAB_MUL(a, b) ((a) * (b))
#define TESSERA_LAB_DIV(a, b) ((a) / (b))
#endif

/* The cube root of T > 0 (finite, normal): a first guess from the bits
 * (the exponent divided by three), then Newton's steps, a fixed number, so
 * that both sides do the very same operations. */
TESSERA_LAB_FN double
tessera_lab_cbrt (double t)
{
  uint64_t bits;
  double y;

  memcpy (&bits, &t, sizeof bits);
  bits = bits / 3 + UINT64_C (0x2a9f7893782da1ce);
  memcpy (&y, &bits, sizeof y);
  /* The step as a small correction to Y, so that its rounding errors are
   * small next to Y's last bit. */
  for (int i = 0; i < 5; i++)
    y = TESSERA_LAB_ADD (y, TESSERA_LAB_DIV (
          TESSERA_LAB_SUB (TESSERA_LAB_DIV (t, TESSERA_LAB_MUL (y, y)), y),
          3.0));
  return y;
}

TESSERA_LAB_FN double
tessera_lab_f (double t)
{
  const double delta = 6.0 / 29.0;
  const double delta3 = delta * delta * delta;       /* constants: exact */
  const double slope = 3.0 * delta * delta;
  return t > delta3 ? tessera_lab_cbrt (t)
                    : TESSERA_LAB_ADD (TESSERA_LAB_DIV (t, slope), 4.0 / 29.0);
}

/* R*X + G*Y + B*Z, left to right. */
TESSERA_LAB_FN double
tessera_lab_dot (double r, double g, double b, double x, double y, double z)
{
  return TESSERA_LAB_ADD (TESSERA_LAB_ADD (TESSERA_LAB_MUL (x, r),
                                           TESSERA_LAB_MUL (y, g)),
                          TESSERA_LAB_MUL (z, b));
}

/* L*a*b* of the colour whose linear sRGB values are R, G, B (0..1). */
TESSERA_LAB_FN void
tessera_linear_to_lab (double r, double g, double b, float *lab)
{
  /* sRGB primaries to XYZ, each divided by the D65 white's. */
  double fx = tessera_lab_f (TESSERA_LAB_DIV (
    tessera_lab_dot (r, g, b, 0.4124564, 0.3575761, 0.1804375), 0.95047));
  double fy = tessera_lab_f (
    tessera_lab_dot (r, g, b, 0.2126729, 0.7151522, 0.0721750));
  double fz = tessera_lab_f (TESSERA_LAB_DIV (
    tessera_lab_dot (r, g, b, 0.0193339, 0.1191920, 0.9503041), 1.08883));
  lab[0] = (float) TESSERA_LAB_SUB (TESSERA_LAB_MUL (116.0, fy), 16.0);
  lab[1] = (float) TESSERA_LAB_MUL (500.0, TESSERA_LAB_SUB (fx, fy));
  lab[2] = (float) TESSERA_LAB_MUL (200.0, TESSERA_LAB_SUB (fy, fz));
}

#endif
