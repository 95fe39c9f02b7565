/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — where an operation's time goes, step by step: with
 * TESSERA_STAGE_TIMES set in the environment, each mark prints on stderr
 * the milliseconds since the previous mark of the calling thread (wall
 * clock), so that bench/RESULTS.md can break a call down on any machine
 * without a profiler.  Unset, a mark costs one test of a flag read once. */
#ifndef TESSERA_STAGE_CLOCK_H
#define TESSERA_STAGE_CLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether TESSERA_STAGE_TIMES is set (a GPU caller then waits for the
 * device before each mark). */
int  tessera_stage_enabled (void);

/* Starts the calling thread's clock (prints nothing). */
void tessera_stage_start (void);

/* Prints "stage NAME: MS ms" for the time since the last start or mark. */
void tessera_stage_mark (const char *name);

#ifdef __cplusplus
}
#endif

#endif
