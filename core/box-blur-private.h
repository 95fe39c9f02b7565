/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the box blur on the CPU: what its files share (private to
 * core/box-blur*.c).  box-blur.c has the method; the files, one step each:
 *   box-blur.c        the entry point, the backend choice and the passes
 *                     of the iterations;
 *   box-blur-plan.c   checking the arguments, and planning a pass: how
 *                     its sums are formed (integers, 128-bit, floats);
 *   box-blur-pass.c   the threads' row buffers, the bands of rows and
 *                     one pass over them in parallel;
 *   box-blur-int.c    a band with integer samples (u8, u16): weighing,
 *                     column and row sums, the exact rounding division;
 *   box-blur-float.c  a band with float samples: sums in blocks;
 *   box-blur-band.h   what a band of either kind does with rows (in,
 *                     out, the clamped first window, progress).
 * Each band function is compiled for several instruction sets (simd.h)
 * and must inline every kernel of its type into each copy; the build has
 * no link-time optimisation, so the kernels live in the band's own file
 * (and box-blur-band.h), never behind a call into another file. */
#ifndef TESSERA_BOX_BLUR_PRIVATE_H
#define TESSERA_BOX_BLUR_PRIVATE_H

#include <stdint.h>
#include <string.h>
#include "box-blur.h"

/* Vectors are returned by value from inlined helpers only (they take theirs
   by pointer, to keep GCC's ABI note quiet): the ABI warning does not
   concern us. */
#if defined(__clang__)
#if __has_warning ("-Wpsabi")
#pragma clang diagnostic ignored "-Wpsabi"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#define ALWAYS_INLINE inline __attribute__ ((always_inline))

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Rows between two looks at progress and cancel. */
#define ROWS_PER_POLL 16

/* 32-byte vectors: GCC 12 lowers these well for AVX2 and AVX-512 alike
   (it does not for 64-byte ones on AVX2). */
typedef uint8_t  u8x8   __attribute__ ((vector_size (8)));
typedef uint8_t  u8x16  __attribute__ ((vector_size (16)));
typedef uint16_t u16x8  __attribute__ ((vector_size (16)));
typedef uint16_t u16x16 __attribute__ ((vector_size (32)));
typedef uint32_t u32x4  __attribute__ ((vector_size (16)));
typedef uint32_t u32x8  __attribute__ ((vector_size (32)));
typedef int32_t  i32x4  __attribute__ ((vector_size (16)));
typedef uint64_t u64x4  __attribute__ ((vector_size (32)));
typedef int64_t  i64x4  __attribute__ ((vector_size (32)));
typedef float    f32x4  __attribute__ ((vector_size (16)));
typedef double   f64x4  __attribute__ ((vector_size (32)));
typedef int32_t  i32x8  __attribute__ ((vector_size (32)));
typedef uint64_t u64x8  __attribute__ ((vector_size (64)));
typedef int64_t  i64x8  __attribute__ ((vector_size (64)));
typedef double   f64x8  __attribute__ ((vector_size (64)));

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;
#endif

/* Unaligned vector access; the compiler turns these into plain moves. */
#define LOAD(type, pointer) \
  ({ type loaded_; memcpy (&loaded_, (pointer), sizeof loaded_); loaded_; })
#define STORE(pointer, value) \
  do { __typeof__ (value) stored_ = (value); \
       memcpy ((pointer), &stored_, sizeof stored_); } while (0)

/* How a pass forms its sums. */
typedef enum
{
  SUMS_INTEGER,        /* exact, row sums below 2^52 */
  SUMS_INTEGER_HUGE,   /* exact, 128-bit row sums */
  SUMS_FLOAT           /* doubles in blocks */
} SumsKind;

typedef struct
{
  const TesseraImage *src;
  TesseraImage       *dst;
  TesseraSampleType   type;
  int                 width, height;
  int                 channels;
  /* Samples per pixel in the row buffers: the channels, except that
     two colours + alpha are spread to four lanes (c0 c1 0 a) so that alpha
     always sits at a power-of-two period. */
  int                 lanes;
  int                 alpha_lanes;  /* 0: no premultiplying, else 2 or 4 */
  int                 rx, ry;
  /* The horizontal reach: padding pixels on each side, min (rx, width);
     the padding pixel next to the image counts HEAVY times. */
  int                 reach;
  uint64_t            heavy;
  size_t              samples;      /* width * lanes */
  SumsKind            kind;
  bool                wide_columns; /* 64-bit column sums */
  bool                correct;      /* sums too large for a plain quotient */
  uint64_t            window;       /* (2rx+1) (2ry+1) */
} BlurPass;

/* One thread's row buffers. */
typedef struct
{
  void   *columns;     /* V: u32/u64; floats: doubles, with REACH padding */
  void   *running;     /* PRE (u64 or u128), or floats' prefixes in blocks */
  double *suffixes;    /* floats' suffixes in blocks */
  double *block[3];    /* floats: block total, leaving and entering sums */
  void   *spread[2];   /* c0 c1 a rows spread to four lanes */
  void   *out;         /* an output row before it is packed back to three */
} Workspace;

/* What the integer kernels are specialised for: constants once inlined
   from the binders in box_blur_band_int. */
typedef struct
{
  TesseraSampleType type;        /* u8 or u16 */
  bool              wide;        /* 64-bit column sums */
  int               alpha_lanes; /* 0, 2 or 4 */
  bool              shuffles;    /* widen by shuffles (see widen_int) */
} IntKernel;

/* Shared by the threads of a pass. */
typedef struct
{
  TesseraExec *exec;
  int          pass, passes;
  int          rows_done;   /* in this pass, by all threads */
  int          cancelled;
} Progress;

/* A band of rows, walked top down, or bottom up for the last band: then its
   first window, like the first band's, is half clamped rows, cheap to sum. */
typedef struct
{
  int  first, end;   /* rows [first, end) */
  int  step;         /* 1: top down, -1: bottom up */
  bool reports;      /* this thread is the caller's: it reports progress */
} Band;


static ALWAYS_INLINE size_t
sample_bytes (TesseraSampleType type)
{
  return type == TESSERA_U8 ? 1 : type == TESSERA_U16 ? 2 : 4;
}

/* Checking and planning (box-blur-plan.c). */
BlurPass box_blur_plan_pass (const TesseraImage *src, TesseraImage *dst,
                             const TesseraBoxBlur *params);

/* The threads' row buffers, COUNT in one block to free, or NULL; one pass
   over PASS's bands of rows with THREADS threads (box-blur-pass.c). */
Workspace *box_blur_workspaces_new (const BlurPass *pass, int count);
TesseraStatus box_blur_run_pass (const BlurPass *pass, Workspace *workspaces,
                                 int threads, Progress *progress);

/* One band of rows of an integer or a float pass (box-blur-int.c,
   box-blur-float.c). */
void box_blur_band_int (const BlurPass *pass, Workspace *workspace,
                        const Band *band, Progress *progress);
void box_blur_band_float (const BlurPass *pass, Workspace *workspace,
                          const Band *band, Progress *progress);

#endif
