/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — floats as unsigned integers whose order is IEEE 754 totalOrder
 * (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN), so that every float,
 * NaN included, compares exactly as the reconstruction orders it. */
#ifndef TESSERA_FLOAT_KEY_H
#define TESSERA_FLOAT_KEY_H

#include <stdint.h>
#include <string.h>

static inline uint32_t
tessera_float_key (float value)
{
  uint32_t bits;
  memcpy (&bits, &value, sizeof bits);
  /* Negatives: all bits flipped; positives: the sign bit.  Branch-free. */
  return bits ^ (-(bits >> 31) | 0x80000000u);
}

static inline float
tessera_key_float (uint32_t key)
{
  uint32_t bits = key ^ (-(~key >> 31) | 0x80000000u);
  float    value;
  memcpy (&value, &bits, sizeof value);
  return value;
}

#endif
