/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — functions compiled for several instruction sets and picked at
 * run time.  The build uses the distribution's baseline flags (SSE2 on
 * x86-64, NEON on aarch64), so loops that vectorise well are also compiled
 * for x86-64-v3 (AVX2) and -v4 (AVX-512) and a dispatcher runs the copy of
 * the level tessera_simd_level () names: the best the CPU has, capped by
 * the environment variable TESSERA_SIMD=avx512|avx2|plain (read once, like
 * OpenCV's OPENCV_CPU_DISABLE), so that every path can be tested and timed
 * on a CPU that has the better ones.  Elsewhere (aarch64, non-glibc) the
 * plain copy is all there is.
 *
 * A multi-versioned function is written as an always-inline body and one
 * TESSERA_SIMD_DISPATCH line naming it:
 *
 *   static ALWAYS_INLINE void name_body (int a, float *b) { ... }
 *   TESSERA_SIMD_DISPATCH (, name, (int a, float *b), (a, b))
 *
 * (the first argument is `static' or empty).  The body may ask
 * tessera_simd_level () which copy it is in: the dispatcher chose by it. */
#ifndef TESSERA_SIMD_H
#define TESSERA_SIMD_H

#include <stdbool.h>

typedef enum
{
  TESSERA_SIMD_PLAIN = 0,   /* the baseline: SSE2 on x86-64, NEON on aarch64 */
  TESSERA_SIMD_AVX2,        /* x86-64-v3: AVX2, FMA, BMI2 */
  TESSERA_SIMD_AVX512       /* x86-64-v4: AVX-512 F/BW/CD/DQ/VL */
} TesseraSimdLevel;

/* The best level this CPU runs, ignoring TESSERA_SIMD. */
TesseraSimdLevel tessera_simd_cpu_level (void);

/* The level the dispatchers use: the CPU's, capped by TESSERA_SIMD (read
   at the first call; an unknown value caps nothing and is reported once on
   stderr) and by tessera_simd_limit. */
TesseraSimdLevel tessera_simd_level (void);

/* Whether LEVEL's code may run: LEVEL <= tessera_simd_level (). */
bool tessera_simd_allows (TesseraSimdLevel level);

/* Sets the cap to LEVEL (never above the CPU's) until the next call, in
   place of TESSERA_SIMD: for tests and benchmarks that run every path in
   one process.  Not for use while other threads run kernels. */
void tessera_simd_limit (TesseraSimdLevel level);

/* "avx512", "avx2" or "plain" ("neon" for the plain level on aarch64, whose
   baseline has it), as TESSERA_SIMD spells them. */
const char *tessera_simd_name (TesseraSimdLevel level);

#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__)
#define TESSERA_HAVE_SIMD_LEVELS 1
#define TESSERA_SIMD_DISPATCH(linkage, name, params, args)                    \
  __attribute__ ((target ("arch=x86-64-v4"))) static void                     \
  name##_avx512 params { name##_body args; }                                  \
  __attribute__ ((target ("arch=x86-64-v3"))) static void                     \
  name##_avx2 params { name##_body args; }                                    \
  static void name##_plain params { name##_body args; }                       \
  linkage void name params                                                    \
  {                                                                           \
    switch (tessera_simd_level ())                                            \
      {                                                                       \
      case TESSERA_SIMD_AVX512: name##_avx512 args; break;                    \
      case TESSERA_SIMD_AVX2: name##_avx2 args; break;                        \
      default: name##_plain args; break;                                      \
      }                                                                       \
  }
#else
#define TESSERA_SIMD_DISPATCH(linkage, name, params, args)                    \
  linkage void name params { name##_body args; }
#endif

#endif
