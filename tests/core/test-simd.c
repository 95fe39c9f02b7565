/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the instruction-set cap (core/simd.h): TESSERA_SIMD caps
 * the CPU's level and never raises it, an unknown value caps nothing and
 * says so, tessera_simd_limit overrides it within the CPU's level, and the
 * names read back.  Each environment is tried in a fresh subprocess, since
 * the variable is read once. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "simd.h"

static TesseraSimdLevel
min_level (TesseraSimdLevel a, TesseraSimdLevel b)
{
  return a < b ? a : b;
}

/* The child: prints the level in force and exits. */
static void
print_level (void)
{
  if (!g_test_subprocess ())
    return;
  printf ("level=%s\n", tessera_simd_name (tessera_simd_level ()));
}

/* Runs the child with TESSERA_SIMD=VALUE (unset for NULL) and checks that
   it reports WANT, and ERROR on stderr (NULL: nothing). */
static void
check_environment (const char *value, TesseraSimdLevel want,
                   const char *error)
{
  char *line = g_strdup_printf ("level=%s\n", tessera_simd_name (want));
  if (value != NULL)
    g_setenv ("TESSERA_SIMD", value, TRUE);
  else
    g_unsetenv ("TESSERA_SIMD");
  g_test_trap_subprocess ("/simd/child", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout (line);
  if (error == NULL)
    g_test_trap_assert_stderr ("");
  else
    g_test_trap_assert_stderr (error);
  g_free (line);
}

static void
test_environment (void)
{
  TesseraSimdLevel cpu = tessera_simd_cpu_level ();
  const char *saved = g_getenv ("TESSERA_SIMD");
  char *restore = g_strdup (saved);

  check_environment (NULL, cpu, NULL);
  check_environment ("", cpu, NULL);
  check_environment ("plain", TESSERA_SIMD_PLAIN, NULL);
  check_environment ("avx2", min_level (TESSERA_SIMD_AVX2, cpu), NULL);
  check_environment ("avx512", min_level (TESSERA_SIMD_AVX512, cpu), NULL);
  check_environment ("sse9", cpu, "*TESSERA_SIMD=sse9 is not*");
  if (restore != NULL)
    g_setenv ("TESSERA_SIMD", restore, TRUE);
  else
    g_unsetenv ("TESSERA_SIMD");
  g_free (restore);
}

static void
test_limit (void)
{
  TesseraSimdLevel cpu = tessera_simd_cpu_level ();
  TesseraSimdLevel before = tessera_simd_level ();

  g_assert_cmpint (before, <=, cpu);
  for (int level = TESSERA_SIMD_PLAIN; level <= TESSERA_SIMD_AVX512; level++)
    {
      tessera_simd_limit ((TesseraSimdLevel) level);
      g_assert_cmpint (tessera_simd_level (), ==,
                       min_level ((TesseraSimdLevel) level, cpu));
      g_assert_true (tessera_simd_allows (TESSERA_SIMD_PLAIN));
      g_assert_cmpint (tessera_simd_allows (TESSERA_SIMD_AVX2), ==,
                       tessera_simd_level () >= TESSERA_SIMD_AVX2);
    }
  tessera_simd_limit (before);
  g_assert_cmpint (tessera_simd_level (), ==, before);
}

static void
test_names (void)
{
  g_assert_cmpstr (tessera_simd_name (TESSERA_SIMD_AVX512), ==, "avx512");
  g_assert_cmpstr (tessera_simd_name (TESSERA_SIMD_AVX2), ==, "avx2");
#ifdef __aarch64__
  g_assert_cmpstr (tessera_simd_name (TESSERA_SIMD_PLAIN), ==, "neon");
  g_assert_cmpint (tessera_simd_cpu_level (), ==, TESSERA_SIMD_PLAIN);
#else
  g_assert_cmpstr (tessera_simd_name (TESSERA_SIMD_PLAIN), ==, "plain");
#endif
#if !defined(__x86_64__)
  g_assert_cmpint (tessera_simd_cpu_level (), ==, TESSERA_SIMD_PLAIN);
#endif
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/simd/child", print_level);
  g_test_add_func ("/simd/environment", test_environment);
  g_test_add_func ("/simd/limit", test_limit);
  g_test_add_func ("/simd/names", test_names);
  return g_test_run ();
}
