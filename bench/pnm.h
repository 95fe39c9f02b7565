/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — binary Netpbm files: PGM (P5), PPM (P6) and PAM (P7).
 *
 * Samples are kept as stored: 8-bit files (MAXVAL < 256) give TESSERA_U8,
 * 16-bit files (big-endian, MAXVAL up to 65535) TESSERA_U16, and MAXVAL is
 * remembered so that a result is written back on the same scale. */
#ifndef BENCH_PNM_H
#define BENCH_PNM_H

#include "image.h"

typedef enum
{
  PNM_PGM,   /* P5: one channel */
  PNM_PPM,   /* P6: three channels */
  PNM_PAM    /* P7: one to four channels, as its TUPLTYPE says */
} PnmKind;

typedef struct
{
  PnmKind kind;
  int     maxval;   /* 1 .. 65535 */
} PnmFormat;

/* Reads the first image of the file at PATH into a new IMAGE (free it with
 * tessera_image_free) and its FORMAT.  On failure, *WHY (when WHY is not
 * NULL) says what was wrong, in a few words. */
TesseraStatus pnm_read   (const char *path, TesseraImage *image,
                          PnmFormat *format, const char **why);

/* Writes IMAGE (host, any sample type) to PATH in FORMAT.  Samples above
 * MAXVAL are clamped; floats are taken as 0..1 and scaled to MAXVAL. */
TesseraStatus pnm_write  (const char *path, const TesseraImage *image,
                          const PnmFormat *format, const char **why);

/* The format to write IMAGE in so that it looks like LIKE (the input's
 * format, or NULL for PAM): LIKE's kind where IMAGE's channels fit it, else
 * PAM; LIKE's MAXVAL where the sample size matches, else the full range. */
PnmFormat     pnm_format_like (const TesseraImage *image,
                               const PnmFormat *like);

#endif
