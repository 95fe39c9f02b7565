/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — the EMST: the CUDA tree must be the CPU's, edge for
 * edge (same pairs, same squared lengths to the bit), on random point sets
 * with duplicates, lines, planes and lattice ties, on distinct random
 * colours up to a million, and Prim's on the small sets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emst-ref.h"
#include "parity.h"
#include "tessera-cuda.h"

/* Whether A and B are the same N_EDGES edges; DETAIL says where not. */
static bool
same_edges (const TesseraEmstEdge *a, const TesseraEmstEdge *b,
            size_t n_edges, char *detail, size_t size)
{
  for (size_t i = 0; i < n_edges; i++)
    if (a[i].a != b[i].a || a[i].b != b[i].b
        || memcmp (&a[i].distance2, &b[i].distance2, sizeof (double)) != 0)
      {
        snprintf (detail, size, "edge %zu: (%u, %u, %.17g) vs (%u, %u, %.17g)",
                  i, a[i].a, a[i].b, a[i].distance2, b[i].a, b[i].b,
                  b[i].distance2);
        return false;
      }
  return true;
}

static void
check_points (Parity *p, const float *points, size_t n, const char *what)
{
  TesseraEmstEdge *cpu = malloc (sizeof *cpu * (n + 1));
  TesseraEmstEdge *gpu = malloc (sizeof *gpu * (n + 1));
  TesseraExec exec = tessera_exec_default ();
  const size_t n_edges = n > 1 ? n - 1 : 0;
  char detail[200] = "";
  TesseraStatus cpu_status, gpu_status;
  double device_ms = 0.0;
  bool ok;

  exec.backend = TESSERA_BACKEND_CPU;
  cpu_status = tessera_emst (points, n, cpu, &exec);
  gpu_status = tessera_cuda_emst (points, n, gpu, &device_ms);
  ok = cpu_status == TESSERA_OK && gpu_status == TESSERA_OK;
  if (!ok)
    snprintf (detail, sizeof detail, "status cpu %d, gpu %d", cpu_status,
              gpu_status);
  else
    ok = same_edges (cpu, gpu, n_edges, detail, sizeof detail);
  parity_result (p, ok, detail, "emst %s, %zu points (gpu %.2f ms)", what, n,
                 device_ms);

  if (ok && n <= 3000)
    {
      emst_ref_prim (points, n, cpu);
      ok = same_edges (cpu, gpu, n_edges, detail, sizeof detail);
      parity_result (p, ok, detail, "emst %s, %zu points: Prim's tree", what,
                     n);
    }
  free (cpu);
  free (gpu);
}

static void
check_colours (Parity *p, size_t n)
{
  uint8_t *colours = malloc (3 * n);
  float *points = malloc (sizeof (float) * 3 * n);

  emst_ref_random_colours (&p->random, n, colours);
  for (size_t i = 0; i < 3 * n; i++)
    points[i] = colours[i];
  check_points (p, points, n, "distinct colours");
  free (colours);
  free (points);
}

void
parity_emst (Parity *p)
{
  static const size_t big[] = { 100000, 1000000 };

  for (int c = 0; c < p->cases; c++)
    {
      EmstCloud kind = (EmstCloud) (c % EMST_CLOUD_COUNT);
      size_t n = (size_t) (c < 10 ? c
                           : test_random_int (&p->random, 2,
                                              c % 20 == 0 ? 200000 : 3000));
      float *points = emst_ref_random_cloud (&p->random, kind, n);
      check_points (p, points, n, emst_cloud_names[kind]);
      free (points);
    }
  for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
    check_colours (p, big[i]);
}
