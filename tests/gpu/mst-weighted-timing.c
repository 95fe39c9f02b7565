/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU timing — the weighted classes (tessera_mst_weighted, refined)
 * on the CPU and on the device (tessera_cuda_mst_weighted, device arrays,
 * CUDA events, median after a warm-up) for one colour set, with the
 * classes compared.
 *
 *   mst-weighted-timing COLOURS [REPEAT]
 *
 * COLOURS: "TCOL N\n" then N records of R, G, B bytes and a little-endian
 * uint32 pixel count (a photo's histogram, as tests/gpu/photo-colours.py
 * writes it, e.g. of bench/peers/emst_photo.py's photo).  Prints one line
 * per number of classes (1, 8, 16, automatic), in CIE L*a*b*, minimum
 * share 1 %.  Exit status 1 when the classes differ. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mst-segment.h"
#include "mst-weighted.h"
#include "tessera-cuda.h"

static bool
read_colours (const char *path, TesseraColourHistogram *h)
{
  FILE *f = fopen (path, "rb");
  size_t n = 0;
  bool ok = f != NULL && fscanf (f, "TCOL %zu", &n) == 1 && fgetc (f) == '\n';

  memset (h, 0, sizeof *h);
  h->colours = malloc (3 * n + 1);
  h->counts = malloc (sizeof *h->counts * n + 1);
  for (size_t i = 0; ok && i < n; i++)
    {
      uint8_t record[7];
      ok = fread (record, 1, 7, f) == 7;
      memcpy (h->colours + 3 * i, record, 3);
      h->counts[i] = record[3] | (uint32_t) record[4] << 8
                     | (uint32_t) record[5] << 16 | (uint32_t) record[6] << 24;
    }
  h->n_colours = n;
  if (f != NULL)
    fclose (f);
  return ok;
}

static double
seconds (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The CPU step's median wall time over REPEAT runs on THREADS threads. */
static double
cpu_ms (const TesseraColourHistogram *h, const TesseraEmstEdge *edges,
        const TesseraMstSegment *params, int threads, int repeat,
        uint32_t *label, int *k)
{
  double times[64];
  TesseraExec exec = tessera_exec_default ();

  exec.backend = TESSERA_BACKEND_CPU;
  exec.threads = threads;
  for (int r = 0; r < repeat; r++)
    {
      double start = seconds ();
      tessera_mst_weighted (h, edges, params, true, label, k, &exec);
      times[r] = 1e3 * (seconds () - start);
    }
  qsort (times, (size_t) repeat, sizeof *times, compare_doubles);
  return times[repeat / 2];
}

int
main (int argc, char **argv)
{
  static const int class_counts[] = { 1, 8, 16, 0 };
  TesseraColourHistogram h;
  TesseraEmstEdge *edges;
  TesseraExec exec = tessera_exec_default ();
  int repeat = argc > 2 ? atoi (argv[2]) : 11, failed = 0;
  double total = 0.0, layout_ms = 0.0;

  if (argc < 2 || !read_colours (argv[1], &h) || repeat < 1 || repeat > 64)
    {
      fprintf (stderr, "usage: mst-weighted-timing COLOURS [REPEAT]\n");
      return 2;
    }
  edges = malloc (sizeof *edges * h.n_colours + 1);
  exec.backend = TESSERA_BACKEND_AUTO;
  if (tessera_mst_segment_tree (&h, TESSERA_COLOUR_SPACE_CIELAB, edges,
                                &exec) != TESSERA_OK)
    {
      fprintf (stderr, "mst-weighted-timing: no tree\n");
      return 2;
    }
  for (size_t i = 0; i < h.n_colours; i++)
    total += h.counts[i];
  int32_t (*points)[3] = tessera_mst_fixed_points (
    &h, TESSERA_COLOUR_SPACE_CIELAB, 1);
  uint32_t *cpu = malloc (sizeof *cpu * h.n_colours + 1);
  uint32_t *gpu = malloc (sizeof *gpu * h.n_colours + 1);
  uint32_t *last = malloc (sizeof *last * h.n_colours + 1);
  if (tessera_cuda_mst_layout_host (edges, h.n_colours, gpu, last, repeat,
                                    &layout_ms) != TESSERA_OK)
    failed++;
  printf ("colours=%zu pixels=%.0f layout_ms=%.3f\n", h.n_colours, total,
          layout_ms);
  for (size_t c = 0; c < sizeof class_counts / sizeof *class_counts; c++)
    {
      TesseraMstSegment params = { class_counts[c], 0.01, 1.0,
                                   TESSERA_COLOUR_SPACE_CIELAB,
                                   TESSERA_MST_METHOD_WEIGHTED };
      int cpu_k = 0, gpu_k = 0;
      double device_ms = 0.0;
      double one = cpu_ms (&h, edges, &params, 1, 3, cpu, &cpu_k);
      double all = cpu_ms (&h, edges, &params, 0, 3, cpu, &cpu_k);
      TesseraStatus status = tessera_cuda_mst_weighted_host (
        edges, h.counts, (const int32_t (*)[3]) points, h.n_colours, &params,
        0.01 * total, gpu, &gpu_k, repeat, &device_ms);
      bool same = status == TESSERA_OK && cpu_k == gpu_k
                  && memcmp (cpu, gpu, sizeof *cpu * h.n_colours) == 0;
      failed += !same;
      printf ("classes=%d found=%d cpu_1_thread_ms=%.1f cpu_all_threads_ms=%.1f"
              " device_ms=%.3f same=%s\n", class_counts[c], cpu_k, one, all,
              device_ms, same ? "yes" : "NO");
    }
  free (points);
  free (cpu);
  free (gpu);
  free (last);
  free (edges);
  return failed > 0;
}
