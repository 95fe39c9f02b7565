/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — the driver: parses the options, probes the GPU, runs
 * every registered operation and prints TAP lines, then exactly
 * "N passed, M failed".  Exit status: 0 all passed, 1 a check failed,
 * 2 a usage error, 77 no usable GPU (nothing was run).
 *
 *   gpu-parity [--cases N] [--seed S] [--only NAME] */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parity.h"
#include "tessera-cuda.h"

/* The registry: one line per operation, X (function suffix, name). */
#define PARITY_OPS(X) \
  X (box_blur, "box-blur") \
  X (fill_contours, "fill-contours") \
  X (fill_regions, "fill-regions") \
  X (emst, "emst") \
  X (mst_segment, "mst-segment") \
  X (mst_segment_image, "mst-segment-image") \
  X (mst_segment_bands, "mst-segment-bands") \
  X (mst_weighted, "mst-weighted") \
  X (reconstruct, "reconstruct") \
  X (trace_line, "trace-line")

#define DECLARE(fn, name) void parity_##fn (Parity *p);
PARITY_OPS (DECLARE)
#undef DECLARE

typedef struct
{
  void      (*run) (Parity *p);
  const char *name;
} ParityOp;

#define ENTRY(fn, name) { parity_##fn, name },
static const ParityOp parity_ops[] = { PARITY_OPS (ENTRY) };
#undef ENTRY

static int check_number = 0;

void
parity_note (const char *format, ...)
{
  va_list args;
  fputs ("# ", stdout);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  fputc ('\n', stdout);
  fflush (stdout);
}

void
parity_result (Parity *p, bool ok, const char *detail, const char *what, ...)
{
  va_list args;

  check_number++;
  if (ok)
    p->passed++;
  else
    p->failed++;
  printf ("%sok %d - ", ok ? "" : "not ", check_number);
  va_start (args, what);
  vprintf (what, args);
  va_end (args);
  fputc ('\n', stdout);
  if (!ok && detail != NULL && detail[0] != '\0')
    parity_note ("%s", detail);
  fflush (stdout);
}

TesseraStatus
parity_image_alloc (TesseraImage *image, int width, int height, int channels,
                    TesseraSampleType type, bool padded)
{
  TesseraImage view = tessera_image_view (NULL, width, height, channels,
                                          type);
  size_t pad = padded ? tessera_pixel_size (&view) * 3 + 5 : 0;

  view.stride += pad;
  view.data = malloc (view.stride * (size_t) height);
  if (view.data == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  /* 0xA5 bytes: an unlikely value in every sample type. */
  memset (view.data, 0xA5, view.stride * (size_t) height);
  *image = view;
  return TESSERA_OK;
}

bool
parity_images_equal (const TesseraImage *a, const TesseraImage *b,
                     char *detail, size_t size)
{
  size_t row_bytes = tessera_pixel_size (a) * (size_t) a->width;
  int samples = a->width * a->channels;

  for (int y = 0; y < a->height; y++)
    {
      if (memcmp (tessera_image_row (a, y), tessera_image_row (b, y),
                  row_bytes) == 0)
        continue;
      for (int i = 0; i < samples; i++)
        {
          double va = tessera_image_sample_at (a, y, i);
          double vb = tessera_image_sample_at (b, y, i);
          if (va != vb || memcmp (&va, &vb, sizeof va) != 0)
            {
              snprintf (detail, size, "first difference at x=%d y=%d "
                        "channel %d: %.9g vs %.9g", i / a->channels, y,
                        i % a->channels, va, vb);
              return false;
            }
        }
    }
  return true;
}

static void
usage (const char *program)
{
  fprintf (stderr, "usage: %s [--cases N] [--seed S] [--only NAME]\n"
           "  operations:", program);
  for (size_t i = 0; i < sizeof parity_ops / sizeof parity_ops[0]; i++)
    fprintf (stderr, " %s", parity_ops[i].name);
  fputc ('\n', stderr);
}

int
main (int argc, char **argv)
{
  Parity p = { test_random_new (1), 200, 0, 0 };
  uint64_t seed = 1;
  const char *only = NULL;
  TesseraStatus gpu;

  for (int i = 1; i < argc; i++)
    {
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;
      if (strcmp (argv[i], "--cases") == 0 && value != NULL)
        p.cases = atoi (argv[++i]);
      else if (strcmp (argv[i], "--seed") == 0 && value != NULL)
        seed = strtoull (argv[++i], NULL, 0);
      else if (strcmp (argv[i], "--only") == 0 && value != NULL)
        only = argv[++i];
      else
        {
          usage (argv[0]);
          return 2;
        }
    }

  gpu = tessera_cuda_probe ();
  if (gpu != TESSERA_OK)
    {
      printf ("1..0 # SKIP %s\n0 passed, 0 failed\n",
              tessera_status_message (gpu));
      return 77;
    }
  parity_note ("seed %llu, %d cases per operation",
               (unsigned long long) seed, p.cases);
  for (size_t i = 0; i < sizeof parity_ops / sizeof parity_ops[0]; i++)
    {
      if (only != NULL && strcmp (only, parity_ops[i].name) != 0)
        continue;
      p.random = test_random_new (seed + i);
      parity_note ("%s", parity_ops[i].name);
      parity_ops[i].run (&p);
    }
  printf ("1..%d\n", check_number);
  printf ("%d passed, %d failed\n", p.passed, p.failed);
  return p.failed > 0 ? 1 : 0;
}
