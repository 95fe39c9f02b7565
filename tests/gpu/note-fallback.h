/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU tests — a fallback callback for TesseraExec that stores why
 * the CPU took over in the TesseraStatus at USER_DATA. */
#ifndef TESSERA_TEST_NOTE_FALLBACK_H
#define TESSERA_TEST_NOTE_FALLBACK_H

#include "status.h"

static inline void
note_fallback (TesseraStatus why, void *user_data)
{
  *(TesseraStatus *) user_data = why;
}

#endif
