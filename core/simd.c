/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the instruction-set level the dispatchers use (simd.h). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "simd.h"

/* -1 until the first call, then the level in force. */
static atomic_int level_in_force = -1;

TesseraSimdLevel
tessera_simd_cpu_level (void)
{
#ifdef TESSERA_HAVE_SIMD_LEVELS
  __builtin_cpu_init ();
  if (__builtin_cpu_supports ("x86-64-v4"))
    return TESSERA_SIMD_AVX512;
  if (__builtin_cpu_supports ("x86-64-v3"))
    return TESSERA_SIMD_AVX2;
#endif
  return TESSERA_SIMD_PLAIN;
}

/* TESSERA_SIMD's level, or the CPU's where it is unset or unknown. */
static TesseraSimdLevel
level_from_environment (TesseraSimdLevel cpu)
{
  const char *cap = getenv ("TESSERA_SIMD");
  if (cap == NULL || *cap == '\0')
    return cpu;
  for (int level = TESSERA_SIMD_PLAIN; level <= TESSERA_SIMD_AVX512; level++)
    if (strcmp (cap, tessera_simd_name ((TesseraSimdLevel) level)) == 0
        || (level == TESSERA_SIMD_PLAIN && strcmp (cap, "plain") == 0))
      return (TesseraSimdLevel) level < cpu ? (TesseraSimdLevel) level : cpu;
  fprintf (stderr, "tessera: TESSERA_SIMD=%s is not avx512, avx2 or plain; "
           "using %s\n", cap, tessera_simd_name (cpu));
  return cpu;
}

TesseraSimdLevel
tessera_simd_level (void)
{
  int level = atomic_load_explicit (&level_in_force, memory_order_relaxed);
  if (level < 0)
    {
      /* Threads racing here compute the same value. */
      level = level_from_environment (tessera_simd_cpu_level ());
      atomic_store_explicit (&level_in_force, level, memory_order_relaxed);
    }
  return (TesseraSimdLevel) level;
}

bool
tessera_simd_allows (TesseraSimdLevel level)
{
  return level <= tessera_simd_level ();
}

void
tessera_simd_limit (TesseraSimdLevel level)
{
  TesseraSimdLevel cpu = tessera_simd_cpu_level ();
  atomic_store_explicit (&level_in_force, level < cpu ? level : cpu,
                         memory_order_relaxed);
}

const char *
tessera_simd_name (TesseraSimdLevel level)
{
  switch (level)
    {
    case TESSERA_SIMD_AVX512:
      return "avx512";
    case TESSERA_SIMD_AVX2:
      return "avx2";
    default:
#ifdef __aarch64__
      return "neon";
#else
      return "plain";
#endif
    }
}
