/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — greyscale morphological reconstruction on the CPU: what its
 * files share (private to core/reconstruct*.c).  reconstruct.c has the
 * method; the files, one step each:
 *   reconstruct.c          the entry point: checking, the backend choice,
 *                          the channels, alpha and the luminance mode;
 *   reconstruct-strips.c   the parallel strips method: strips to their
 *                          fixed points, their halo rows exchanged until
 *                          none rises;
 *   reconstruct-hybrid.c   Vincent's fast hybrid algorithm on one strip
 *                          (raster, anti-raster, the queue), written once
 *                          per key type (KeySteps). */
#ifndef TESSERA_RECONSTRUCT_PRIVATE_H
#define TESSERA_RECONSTRUCT_PRIVATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "reconstruct.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* A growing ring buffer of sample indices into a strip's buffers. */
typedef struct
{
  uint32_t *items;
  size_t    capacity;   /* a power of two */
  size_t    head;
  size_t    count;
} Queue;

/* Image rows Y0 .. Y0+ROWS-1 of one channel, as keys in buffers of
 * ROWS+2 rows of PITCH = width+2 samples: row 0 and row ROWS+1 are the halo
 * rows (copies of the neighbouring strips' border rows, or zero outside the
 * image), and the first and last column are zero.  The mask is zero in the
 * halo rows and the border columns, so those samples are never raised and
 * every index the neighbourhood loops make stays inside the buffers. */
typedef struct
{
  /* A cache line of its own: the threads update their strips' queues all
   * the time, and must not share lines. */
  _Alignas (64)
  int            y0;
  int            rows;
  int            width;
  size_t         pitch;
  void          *out;
  void          *mask;
  Queue          queue;
  uint8_t       *scratch;    /* one flag per column */
  uint32_t      *raised;     /* halo samples that rose at the last exchange */
  size_t         n_raised;
  size_t         clipped;
  TesseraStatus  status;
} Strip;

/* One channel of one reconstruction being run. */
typedef struct
{
  const TesseraImage *mask;
  const TesseraImage *marker;
  TesseraImage       *dst;
  int                 channel;
  uint32_t            flip;      /* all ones for erosion */
  bool                conn8;
  Strip              *strips;
  int                 n_strips;
  int                 threads;
  TesseraExec        *exec;
  double              done;      /* fraction done before this channel */
  double              share;     /* fraction this channel accounts for */
  atomic_bool         cancelled;
} Run;

typedef struct
{
  size_t key_size;
  void (*load_row)    (Run *run, Strip *strip, int r);
  void (*store_row)   (Run *run, Strip *strip, int r);
  void (*raster)      (Run *run, Strip *strip);
  void (*anti_raster) (Run *run, Strip *strip);
  void (*propagate)   (Run *run, Strip *strip);
  void (*exchange_row) (Strip *strip, int halo, const Strip *from, int row);
  void (*seed)        (Run *run, Strip *strip);
} KeySteps;

/* The steps for the keys of TYPE (reconstruct-hybrid.c). */
const KeySteps *reconstruct_key_steps (TesseraSampleType type);

/* Reports FRACTION of this channel done; false once cancelled
   (reconstruct-strips.c). */
bool reconstruct_run_going (Run *run, double fraction);

/* The strips (reconstruct-strips.c): how many, their buffers (NULL when
   out of memory), and one channel of RUN reconstructed through them. */
int reconstruct_count_strips (const TesseraImage *mask,
                              TesseraReconstructMethod method, int threads);
Strip *reconstruct_strips_new (const TesseraImage *mask, int n_strips,
                               size_t key_size);
void reconstruct_strips_free (Strip *strips, int n_strips);
TesseraStatus reconstruct_channel (Run *run, const KeySteps *steps);

#endif
