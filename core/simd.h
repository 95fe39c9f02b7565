/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — functions compiled for several x86-64 levels and picked at run
 * time.  The build uses the distribution's baseline flags (SSE2), so loops
 * that vectorise well are also compiled for x86-64-v3 (AVX2) and -v4
 * (AVX-512), and glibc's ifunc runs the best copy the CPU has.  Elsewhere
 * TESSERA_SIMD_CLONES is empty and the plain copy is all there is. */
#ifndef TESSERA_SIMD_H
#define TESSERA_SIMD_H

#if defined(__x86_64__) && defined(__GLIBC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define TESSERA_HAVE_SIMD_CLONES 1
#define TESSERA_SIMD_CLONES \
  __attribute__ ((target_clones ("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
#endif
#ifndef TESSERA_SIMD_CLONES
#define TESSERA_SIMD_CLONES
#endif

#endif
