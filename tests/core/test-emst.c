/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the exact EMST against brute-force Prim on random point
 * sets (with duplicates, on lines and planes, on the lattice where equal
 * distances abound), and the colour histogram against a naive count. */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"
#include "emst.h"
#include "emst-ref.h"
#include "mst-segment.h"
#include "cpu-exec.h"
#include "random.h"
#include "simd-levels.h"

/* The edges form one tree over N points. */
static void
assert_spanning_tree (const TesseraEmstEdge *edges, size_t n)
{
  guint32 *parent = g_new (guint32, n + 1);
  size_t joined = 0;

  for (size_t v = 0; v < n; v++)
    parent[v] = (guint32) v;
  for (size_t i = 0; i + 1 < n; i++)
    {
      guint32 a = edges[i].a, b = edges[i].b;
      g_assert_cmpuint (a, <, b);
      g_assert_cmpuint (b, <, n);
      while (parent[a] != a)
        a = parent[a] = parent[parent[a]];
      while (parent[b] != b)
        b = parent[b] = parent[parent[b]];
      g_assert_cmpuint (a, !=, b);        /* no cycle */
      parent[a] = b;
      joined++;
    }
  g_assert_cmpuint (joined + 1, ==, n);
  g_free (parent);
}

static void
check_against_prim (const float *points, size_t n, int threads,
                    const char *what)
{
  TesseraEmstEdge *got = g_new0 (TesseraEmstEdge, n + 1);
  TesseraEmstEdge *want = g_new0 (TesseraEmstEdge, n + 1);
  TesseraExec exec = test_cpu_exec (threads);
  size_t n_edges = emst_ref_prim (points, n, want);
  double w_got, w_want;

  g_assert_cmpint (tessera_emst (points, n, got, &exec), ==, TESSERA_OK);
  g_assert_cmpuint (n_edges, ==, n > 1 ? n - 1 : 0);
  if (n > 1)
    assert_spanning_tree (got, n);
  w_got = tessera_emst_total_length (got, n_edges);
  w_want = tessera_emst_total_length (want, n_edges);
  if (fabs (w_got - w_want) > 1e-9 * fmax (1.0, w_want))
    g_error ("%s, %zu points: total length %.17g, Prim's %.17g", what, n,
             w_got, w_want);
  /* The order makes the tree unique: the very same edges. */
  for (size_t i = 0; i < n_edges; i++)
    if (got[i].a != want[i].a || got[i].b != want[i].b
        || got[i].distance2 != want[i].distance2)
      g_error ("%s, %zu points: edge %zu is (%u, %u, %.17g), Prim's "
               "(%u, %u, %.17g)", what, n, i, got[i].a, got[i].b,
               got[i].distance2, want[i].a, want[i].b, want[i].distance2);
  g_free (got);
  g_free (want);
}

static void
test_random_clouds (void)
{
  TestRandom r = test_random_new (5);

  for (int round = 0; round < test_cases (60); round++)
    {
      EmstCloud kind = (EmstCloud) (round % EMST_CLOUD_COUNT);
      size_t n = (size_t) (round < 10 ? round
                           : test_random_int (&r, 1, round % 7 == 0 ? 3000
                                                                    : 600));
      float *points = emst_ref_random_cloud (&r, kind, n);
      check_against_prim (points, n, 1 + round % 2, emst_cloud_names[kind]);
      free (points);
    }
}

/* Every point of a small cube: each point has up to 6 neighbours at the
 * same distance, the hardest case for tie-breaking. */
static void
test_full_lattice (void)
{
  const int side = 11;
  const size_t n = (size_t) side * side * side;
  float *points = g_new (float, 3 * n);

  for (size_t i = 0; i < n; i++)
    {
      points[3 * i] = (float) (i % side);
      points[3 * i + 1] = (float) (i / side % side);
      points[3 * i + 2] = (float) (i / side / side);
    }
  check_against_prim (points, n, 2, "full lattice");
  g_free (points);
}

/* The same tree on 1 and 2 threads, run after run, and with every
 * instruction set's copy of the neighbour search (core/simd.h), on a set
 * large enough for many rounds and parallel searches. */
static void
test_deterministic (void)
{
  TestRandom r = test_random_new (77);
  const size_t n = 60000;
  float *points = g_new (float, 3 * n);
  TesseraEmstEdge *first = g_new (TesseraEmstEdge, n);
  TesseraEmstEdge *again = g_new (TesseraEmstEdge, n);

  for (size_t i = 0; i < 3 * n; i++)
    points[i] = (float) test_random_int (&r, 0, 255);
  for (int run = 0; run < 2 * ((int) test_simd_top () + 1); run++)
    {
      TesseraExec exec = test_cpu_exec (1 + run % 2);
      tessera_simd_limit ((TesseraSimdLevel) (run / 2));
      g_assert_cmpint (tessera_emst (points, n, run == 0 ? first : again,
                                     &exec), ==, TESSERA_OK);
      if (run > 0)
        g_assert_true (memcmp (first, again, sizeof *first * (n - 1)) == 0);
    }
  tessera_simd_limit (test_simd_top ());
  assert_spanning_tree (first, n);
  g_free (points);
  g_free (first);
  g_free (again);
}

static bool
cancel_at_once (double fraction, void *user_data)
{
  return false;
}

/* A photo's colours in CIE L*a*b*: most of a block of the RGB lattice,
 * which the conversion stretches more one way than another, so that a
 * point's nearest neighbours are not its lattice neighbours; a few strays
 * around it.  One component soon holds most points, and the neighbour
 * lists run out in its inside: the rounds after the first take both
 * paths. */
static void
test_lab_block (void)
{
  TestRandom r = test_random_new (23);
  const size_t n = 9000;
  float *points = g_new (float, 3 * n);

  for (size_t i = 0; i < n; i++)
    {
      guint8 rgb[3];
      const int spread = i % 50 == 0 ? 120 : 24;
      for (int ch = 0; ch < 3; ch++)
        rgb[ch] = (guint8) (190 + test_random_int (&r, -spread, spread) / 2);
      tessera_srgb_to_lab (rgb, points + 3 * i);
    }
  check_against_prim (points, n, 1, "L*a*b* block");
  check_against_prim (points, n, 2, "L*a*b* block");
  g_free (points);
}

static void
test_bad_input_and_cancel (void)
{
  float points[9] = { 0, 0, 0, 1, 1, 1, 2, 2, 2 };
  TesseraEmstEdge edges[2];
  TesseraExec exec = test_cpu_exec (1);

  points[4] = NAN;
  g_assert_cmpint (tessera_emst (points, 3, edges, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  points[4] = INFINITY;
  g_assert_cmpint (tessera_emst (points, 3, edges, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  points[4] = 1;
  g_assert_cmpint (tessera_emst (NULL, 0, edges, &exec), ==, TESSERA_OK);
  g_assert_cmpint (tessera_emst (points, 1, edges, &exec), ==, TESSERA_OK);
  exec.progress = cancel_at_once;
  g_assert_cmpint (tessera_emst (points, 3, edges, &exec), ==,
                   TESSERA_ERROR_CANCELLED);
}

static void
test_colours (void)
{
  TestRandom r = test_random_new (9);
  const size_t n = 2000;
  guint8 *colours = g_new (guint8, 3 * n);
  float *points = g_new (float, 3 * n);
  TesseraEmstEdge *got = g_new (TesseraEmstEdge, n);
  TesseraEmstEdge *want = g_new (TesseraEmstEdge, n);
  TesseraExec exec = test_cpu_exec (2);

  for (size_t i = 0; i < 3 * n; i++)
    {
      colours[i] = (guint8) test_random_int (&r, 100, 140);
      points[i] = colours[i];
    }
  g_assert_cmpint (tessera_emst_colours (colours, n, got, &exec), ==,
                   TESSERA_OK);
  emst_ref_prim (points, n, want);
  g_assert_true (memcmp (got, want, sizeof *got * (n - 1)) == 0);
  g_free (colours);
  g_free (points);
  g_free (got);
  g_free (want);
}

/* ---- the colour histogram ----------------------------------------------- */

static guint8
sample_to_u8 (const TesseraImage *image, const void *sample)
{
  switch (image->type)
    {
    case TESSERA_U8:
      return *(const guint8 *) sample;
    case TESSERA_U16:
      return (guint8) floor (*(const guint16 *) sample / 257.0 + 0.5);
    case TESSERA_F32:
      {
        float v = *(const float *) sample;
        return (guint8) (v > 0 ? (v < 1 ? nearbyint (v * 255.0) : 255) : 0);
      }
    }
  g_assert_not_reached ();
}

static guint32
naive_key (const TesseraImage *image, int x, int y)
{
  const guint8 *px = (const guint8 *) tessera_image_row (image, y)
                     + x * tessera_pixel_size (image);
  size_t s = tessera_sample_size (image->type);
  guint32 r = sample_to_u8 (image, px);
  /* Alpha that rounds to 0: no colour. */
  if ((image->channels == 2 || image->channels == 4)
      && sample_to_u8 (image, px + (image->channels - 1) * s) == 0)
    return TESSERA_COLOUR_TRANSPARENT;
  if (image->channels < 3)
    return r << 16 | r << 8 | r;
  return r << 16 | (guint32) sample_to_u8 (image, px + s) << 8
         | sample_to_u8 (image, px + 2 * s);
}

static int
compare_keys (const void *a, const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  return (x > y) - (x < y);
}

/* Sorts every visible pixel's colour and counts the runs. */
static void
check_histogram (const TesseraImage *image, int threads)
{
  size_t n = 0;
  guint32 *keys = g_new (guint32, (size_t) image->width * image->height);
  TesseraColourHistogram h;
  TesseraExec exec = test_cpu_exec (threads);
  size_t distinct = 0;

  g_assert_cmpint (tessera_colour_histogram (image, &h, &exec), ==,
                   TESSERA_OK);
  g_assert_true (h.quantised == (image->type != TESSERA_U8));
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      {
        guint32 key = naive_key (image, x, y);
        guint32 i = h.pixel_colour[(size_t) y * image->width + x];
        if (key == TESSERA_COLOUR_TRANSPARENT)
          {
            g_assert_cmpuint (i, ==, TESSERA_COLOUR_TRANSPARENT);
            continue;
          }
        g_assert_cmpuint (i, <, h.n_colours);
        g_assert_cmpuint (key, ==, (guint32) h.colours[3 * i] << 16
                          | h.colours[3 * i + 1] << 8 | h.colours[3 * i + 2]);
        keys[n++] = key;
      }
  qsort (keys, n, sizeof *keys, compare_keys);
  for (size_t i = 0, start = 0; i <= n; i++)
    if (i == n || keys[i] != keys[start])
      {
        g_assert_cmpuint (distinct, <, h.n_colours);
        g_assert_cmpuint (h.counts[distinct], ==, i - start);
        g_assert_cmpuint (keys[start], ==,
                          (guint32) h.colours[3 * distinct] << 16
                          | h.colours[3 * distinct + 1] << 8
                          | h.colours[3 * distinct + 2]);
        distinct++;
        start = i;
      }
  g_assert_cmpuint (distinct, ==, h.n_colours);
  tessera_colour_histogram_free (&h);
  g_free (keys);
}

static void
test_histogram (void)
{
  static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                             TESSERA_F32 };
  TestRandom r = test_random_new (3);

  for (int round = 0; round < test_cases (40); round++)
    {
      TesseraImage image;
      int width = test_random_side (&r, 300), height = test_random_side (&r, 300);
      int channels = 1 + round % 4;
      TesseraSampleType type = types[round / 4 % 3];
      g_assert_cmpint (tessera_image_alloc (&image, width, height, channels,
                                            type), ==, TESSERA_OK);
      test_random_fill (&r, &image, round % 2);
      if (round % 3 == 0 && type == TESSERA_U8)
        /* Few colours, in runs: the counts add up over many pixels. */
        for (int y = 0; y < height; y++)
          for (int x = 0; x < width * channels; x++)
            {
              guint8 *p = (guint8 *) tessera_image_row (&image, y) + x;
              *p = (guint8) (*p & 0xc0);
            }
      check_histogram (&image, 1 + round % 2);
      tessera_image_free (&image);
    }
}

static void
test_histogram_bad_input (void)
{
  guint8 pixel[3] = { 1, 2, 3 };
  TesseraImage empty = tessera_image_view (pixel, 0, 1, 3, TESSERA_U8);
  TesseraImage one = tessera_image_view (pixel, 1, 1, 3, TESSERA_U8);
  TesseraColourHistogram h;

  g_assert_cmpint (tessera_colour_histogram (&empty, &h, NULL), !=,
                   TESSERA_OK);
  g_assert_null (h.colours);
  g_assert_cmpint (tessera_colour_histogram (&one, &h, NULL), ==, TESSERA_OK);
  g_assert_cmpuint (h.n_colours, ==, 1);
  g_assert_cmpuint (h.counts[0], ==, 1);
  tessera_colour_histogram_free (&h);
  g_assert_cmpint (tessera_quantise_u16 (65535), ==, 255);
  g_assert_cmpint (tessera_quantise_u16 (128), ==, 0);
  g_assert_cmpint (tessera_quantise_u16 (129), ==, 1);
  g_assert_cmpint (tessera_quantise_f32 (NAN), ==, 0);
  g_assert_cmpint (tessera_quantise_f32 (-1.0f), ==, 0);
  g_assert_cmpint (tessera_quantise_f32 (2.0f), ==, 255);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_simd_add ("/emst/random-clouds", test_random_clouds);
  g_test_add_func ("/emst/full-lattice", test_full_lattice);
  g_test_add_func ("/emst/deterministic", test_deterministic);
  test_simd_add ("/emst/colours", test_colours);
  g_test_add_func ("/emst/lab-block", test_lab_block);
  g_test_add_func ("/emst/bad-input", test_bad_input_and_cancel);
  g_test_add_func ("/colour-histogram/random", test_histogram);
  g_test_add_func ("/colour-histogram/bad-input", test_histogram_bad_input);
  return g_test_run ();
}
