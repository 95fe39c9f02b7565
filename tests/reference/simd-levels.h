/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — a test once per instruction-set level (core/simd.h):
 * every level this CPU has, up to TESSERA_SIMD's cap, each as its own
 * path PATH/plain, PATH/avx2, PATH/avx512, so that the kernels' copies for
 * each level are checked against the same references. */
#ifndef TESSERA_TEST_SIMD_LEVELS_H
#define TESSERA_TEST_SIMD_LEVELS_H

#include <glib.h>
#include "simd.h"

typedef struct
{
  GTestFunc        test;       /* or */
  GTestDataFunc    data_test;
  gconstpointer    data;
  TesseraSimdLevel level;
} TestSimdCase;

/* The highest level to test: the CPU's, capped by TESSERA_SIMD; read once,
   before any test lowers it. */
static inline TesseraSimdLevel
test_simd_top (void)
{
  static int top = -1;
  if (top < 0)
    top = tessera_simd_level ();
  return (TesseraSimdLevel) top;
}

static inline void
test_simd_run (gconstpointer data)
{
  const TestSimdCase *c = data;
  tessera_simd_limit (c->level);
  g_assert_cmpint (tessera_simd_level (), ==, c->level);
  if (c->test != NULL)
    c->test ();
  else
    c->data_test (c->data);
  tessera_simd_limit (test_simd_top ());
}

/* Adds TEST (or DATA_TEST with DATA) as PATH/LEVEL for every level. */
static inline void
test_simd_add_full (const char *path, GTestFunc test,
                    GTestDataFunc data_test, gconstpointer data)
{
  for (int level = TESSERA_SIMD_PLAIN; level <= (int) test_simd_top ();
       level++)
    {
      TestSimdCase *c = g_new0 (TestSimdCase, 1);
      char *name = g_strdup_printf ("%s/%s", path,
                                    tessera_simd_name ((TesseraSimdLevel)
                                                       level));
      c->test = test;
      c->data_test = data_test;
      c->data = data;
      c->level = (TesseraSimdLevel) level;
      g_test_add_data_func_full (name, c, test_simd_run, g_free);
      g_free (name);
    }
}

static inline void
test_simd_add (const char *path, GTestFunc test)
{
  test_simd_add_full (path, test, NULL, NULL);
}

static inline void
test_simd_add_data (const char *path, gconstpointer data,
                    GTestDataFunc data_test)
{
  test_simd_add_full (path, NULL, data_test, data);
}

#endif
