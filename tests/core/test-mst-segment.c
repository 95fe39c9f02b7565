/* Tessera tests — cutting spanning trees into classes (numbers of classes,
 * minimum shares weighted by pixel counts, Zahn's inconsistent edges)
 * against the obvious reference, and the whole segmentation of images. */
#include <glib.h>
#include <math.h>
#include <string.h>
#include "mst-cut-ref.h"
#include "mst-segment.h"
#include "random.h"

static TesseraExec
exec_with_threads (int threads)
{
  TesseraExec exec = tessera_exec_default ();
  exec.backend = TESSERA_BACKEND_CPU;
  exec.threads = threads;
  return exec;
}

static TesseraMstSegment
segment_params (int classes, double min_share)
{
  TesseraMstSegment params = { classes, min_share, 1.0,
                               TESSERA_COLOUR_SPACE_RGB };
  return params;
}

static TesseraEmstEdge
edge (guint32 a, guint32 b, double length)
{
  TesseraEmstEdge e = { MIN (a, b), MAX (a, b), length * length };
  return e;
}

static int
cut (const TesseraEmstEdge *edges, const guint32 *weights, size_t n,
     int classes, double min_share, guint32 *vertex_class)
{
  TesseraMstSegment params = segment_params (classes, min_share);
  int n_classes = -1;
  g_assert_cmpint (tessera_mst_cut (edges, weights, n, &params, vertex_class,
                                    &n_classes), ==, TESSERA_OK);
  return n_classes;
}

static void
assert_classes (const guint32 *got, const guint32 *want, size_t n)
{
  for (size_t v = 0; v < n; v++)
    g_assert_cmpuint (got[v], ==, want[v]);
}

/* A path 0-1-2-3-4-5 with edge lengths 1, 10, 1, 5, 1. */
static void
test_path (void)
{
  const TesseraEmstEdge edges[5] = {
    edge (3, 4, 5), edge (0, 1, 1), edge (2, 1, 10), edge (2, 3, 1),
    edge (4, 5, 1)
  };
  const guint32 ones[6] = { 1, 1, 1, 1, 1, 1 };
  const guint32 heavy_end[6] = { 1, 1, 1, 1, 5, 20 };
  guint32 got[6];

  g_assert_cmpint (cut (edges, ones, 6, 1, 0.0, got), ==, 1);
  assert_classes (got, (guint32[]) { 0, 0, 0, 0, 0, 0 }, 6);
  g_assert_cmpint (cut (edges, ones, 6, 2, 0.0, got), ==, 2);
  assert_classes (got, (guint32[]) { 0, 0, 1, 1, 1, 1 }, 6);
  g_assert_cmpint (cut (edges, ones, 6, 3, 0.0, got), ==, 3);
  assert_classes (got, (guint32[]) { 0, 0, 1, 1, 2, 2 }, 6);
  /* Both long cuts leave classes of 2 out of 6, allowed at 0.3 ... */
  g_assert_cmpint (cut (edges, ones, 6, 3, 0.3, got), ==, 3);
  /* ... not at 0.4: then only the middle of the path can be cut. */
  g_assert_cmpint (cut (edges, ones, 6, 3, 0.4, got), ==, 2);
  assert_classes (got, (guint32[]) { 0, 0, 0, 1, 1, 1 }, 6);
  /* Shares count pixels: with vertices 4 and 5 heavy, {0, 1} is too light
   * at 0.1 (2 of 29), so the 5-edge goes first, then the 1-edge between the
   * heavy ones. */
  g_assert_cmpint (cut (edges, heavy_end, 6, 3, 0.1, got), ==, 3);
  assert_classes (got, (guint32[]) { 0, 0, 0, 0, 1, 2 }, 6);
  /* More classes than vertices: every vertex alone. */
  g_assert_cmpint (cut (edges, ones, 6, 200, 0.0, got), ==, 6);
  assert_classes (got, (guint32[]) { 0, 1, 2, 3, 4, 5 }, 6);
}

/* Two tight groups joined by one long edge: only that edge is
 * inconsistent, unless the sensitivity asks for more than 20 times. */
static void
test_inconsistent (void)
{
  TesseraEmstEdge edges[9];
  const guint32 weights[10] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  TesseraMstSegment params = segment_params (0, 0.0);
  guint32 got[10];
  int n_classes;

  for (guint32 v = 1; v < 5; v++)
    edges[v - 1] = edge (v - 1, v, 1.0);
  for (guint32 v = 6; v < 10; v++)
    edges[v - 2] = edge (v - 1, v, 1.0 + 0.1 * v);
  edges[8] = edge (4, 5, 20.0);
  g_assert_cmpint (tessera_mst_cut (edges, weights, 10, &params, got,
                                    &n_classes), ==, TESSERA_OK);
  g_assert_cmpint (n_classes, ==, 2);
  assert_classes (got, (guint32[]) { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1 }, 10);
  params.sensitivity = 1.0 / 20.0;     /* factor 21 */
  g_assert_cmpint (tessera_mst_cut (edges, weights, 10, &params, got,
                                    &n_classes), ==, TESSERA_OK);
  g_assert_cmpint (n_classes, ==, 1);
}

/* A random tree: each vertex hangs from an earlier one, lengths drawn from
 * few values so that ties abound. */
static void
random_tree (TestRandom *r, size_t n, TesseraEmstEdge *edges,
             guint32 *weights)
{
  for (size_t v = 0; v < n; v++)
    {
      weights[v] = (guint32) test_random_int (r, 0, 4) == 0
                   ? (guint32) test_random_int (r, 0, 1000)
                   : (guint32) test_random_int (r, 1, 10);
      if (v > 0)
        edges[v - 1] = edge ((guint32) test_random_int (r, 0, (int) v - 1),
                             (guint32) v, test_random_int (r, 1, 12));
    }
  /* Any order: shuffle. */
  for (size_t i = n - 1; i > 1; i--)
    {
      size_t j = (size_t) test_random_int (r, 0, (int) i - 1);
      TesseraEmstEdge t = edges[i - 1];
      edges[i - 1] = edges[j];
      edges[j] = t;
    }
}

static void
test_random_trees (void)
{
  TestRandom r = test_random_new (11);

  for (int round = 0; round < 150; round++)
    {
      size_t n = (size_t) test_random_int (&r, 1, round % 10 == 0 ? 600 : 60);
      TesseraEmstEdge *edges = g_new (TesseraEmstEdge, n);
      guint32 *weights = g_new (guint32, n);
      guint32 *got = g_new (guint32, n), *want = g_new (guint32, n);
      bool *candidate = g_new (bool, n);
      TesseraMstSegment params = segment_params (
        round % 3 == 0 ? 0 : test_random_int (&r, 1, 30),
        test_random_int (&r, 0, 2) == 0 ? 0.0 : test_random_double (&r) * 0.3);
      double total = 0.0;
      int n_got, n_want;

      params.sensitivity = 0.2 + 3.0 * test_random_double (&r);
      random_tree (&r, n, edges, weights);
      for (size_t v = 0; v < n; v++)
        total += weights[v];
      g_assert_cmpint (tessera_mst_cut (edges, weights, n, &params, got,
                                        &n_got), ==, TESSERA_OK);
      if (params.classes == 0)
        mst_inconsistent_ref (edges, n, params.sensitivity, candidate);
      n_want = mst_cut_ref (edges, weights, n,
                            params.classes == 0 ? candidate : NULL,
                            params.classes == 0
                              ? TESSERA_MST_SEGMENT_MAX_CLASSES
                              : params.classes,
                            params.min_share * total, want);
      g_assert_cmpint (n_got, ==, n_want);
      assert_classes (got, want, n);
      g_free (edges);
      g_free (weights);
      g_free (got);
      g_free (want);
      g_free (candidate);
    }
}

static void
test_bad_params (void)
{
  const TesseraEmstEdge edges[2] = { edge (0, 1, 1), edge (0, 1, 2) };
  const guint32 weights[3] = { 1, 1, 1 };
  TesseraMstSegment params = segment_params (2, 0.0);
  guint32 got[3];
  int n_classes;

  /* Not a spanning tree. */
  g_assert_cmpint (tessera_mst_cut (edges, weights, 3, &params, got,
                                    &n_classes), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  params.classes = TESSERA_MST_SEGMENT_MAX_CLASSES + 1;
  g_assert_cmpint (tessera_mst_segment_check (&params), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  params = segment_params (2, 0.6);
  g_assert_cmpint (tessera_mst_segment_check (&params), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  params = segment_params (2, 0.1);
  params.sensitivity = 0.0;
  g_assert_cmpint (tessera_mst_segment_check (&params), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
}

/* ---- whole images ------------------------------------------------------- */

static const guint8 blob_colours[3][3] = {
  { 200, 30, 30 }, { 30, 180, 40 }, { 40, 50, 220 }
};

/* Three blobs of noisy colour (+-6 around each centre), in bands of
 * 50, 30 and 20 % of the rows, with alpha. */
static TesseraImage
three_blobs (TestRandom *r, int width, int height)
{
  TesseraImage image;
  g_assert_cmpint (tessera_image_alloc (&image, width, height, 4, TESSERA_U8),
                   ==, TESSERA_OK);
  for (int y = 0; y < height; y++)
    {
      int blob = y < height / 2 ? 0 : y < height * 8 / 10 ? 1 : 2;
      guint8 *p = tessera_image_row (&image, y);
      for (int x = 0; x < width; x++, p += 4)
        {
          for (int c = 0; c < 3; c++)
            p[c] = (guint8) (blob_colours[blob][c] + test_random_int (r, -6, 6));
          p[3] = (guint8) (x * 255 / width);
        }
    }
  return image;
}

static void
test_image (void)
{
  TestRandom r = test_random_new (21);
  TesseraImage image = three_blobs (&r, 120, 100), out;
  TesseraColourHistogram h;
  TesseraMstClasses classes;
  TesseraExec exec = exec_with_threads (2);
  TesseraColourSpace spaces[2] = { TESSERA_COLOUR_SPACE_RGB,
                                   TESSERA_COLOUR_SPACE_CIELAB };

  g_assert_cmpint (tessera_image_alloc (&out, 120, 100, 4, TESSERA_U8), ==,
                   TESSERA_OK);
  g_assert_cmpint (tessera_colour_histogram (&image, &h, &exec), ==,
                   TESSERA_OK);
  /* Automatic in RGB only: in CIELAB the 8-bit lattice is stretched
   * unevenly, and Zahn's local test cuts each blob into slabs. */
  for (int s = 0; s < 2; s++)
    for (int classes_asked = 3 * s; classes_asked <= 3; classes_asked += 3)
      {
        TesseraMstSegment params = segment_params (classes_asked, 0.05);
        params.colour_space = spaces[s];
        g_assert_cmpint (tessera_mst_segment (&h, &params, &classes, &exec),
                         ==, TESSERA_OK);
        g_assert_cmpint (classes.n_classes, ==, 3);
        /* Numbered by size: the blobs in band order, means near the
         * centres, counts exact. */
        for (int c = 0; c < 3; c++)
          {
            g_assert_cmpuint (classes.pixels[c], ==,
                              (guint64) 120 * (c == 0 ? 50 : c == 1 ? 30 : 20));
            for (int ch = 0; ch < 3; ch++)
              g_assert_cmpfloat (fabs (classes.mean[c][ch]
                                       - blob_colours[c][ch]), <, 1.0);
          }
        g_assert_cmpint (tessera_mst_segment_recolour (&image, &h, &classes,
                                                       &out, &exec),
                         ==, TESSERA_OK);
        for (int y = 0; y < 100; y += 7)
          {
            int blob = y < 50 ? 0 : y < 80 ? 1 : 2;
            const guint8 *p = tessera_image_row (&out, y);
            const guint8 *q = tessera_image_row (&image, y);
            for (int x = 0; x < 120; x++)
              {
                for (int ch = 0; ch < 3; ch++)
                  g_assert_cmpint (p[4 * x + ch], ==,
                                   (int) lrint (classes.mean[blob][ch]));
                g_assert_cmpint (p[4 * x + 3], ==, q[4 * x + 3]);
              }
          }
        tessera_mst_classes_free (&classes);
      }
  tessera_colour_histogram_free (&h);
  tessera_image_free (&image);
  tessera_image_free (&out);
}

/* A grey image with 2 grey levels, asked for 5 classes: 2 classes. */
static void
test_few_colours (void)
{
  guint16 pixels[6] = { 0, 0, 65535, 65535, 0, 65535 };
  TesseraImage image = tessera_image_view (pixels, 3, 2, 1, TESSERA_U16);
  TesseraColourHistogram h;
  TesseraMstClasses classes;
  TesseraMstSegment params = segment_params (5, 0.0);

  g_assert_cmpint (tessera_colour_histogram (&image, &h, NULL), ==,
                   TESSERA_OK);
  g_assert_true (h.quantised);
  g_assert_cmpint (tessera_mst_segment (&h, &params, &classes, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpint (classes.n_classes, ==, 2);
  g_assert_cmpint (tessera_mst_segment_recolour (&image, &h, &classes,
                                                 &image, NULL), ==,
                   TESSERA_OK);
  g_assert_cmpuint (pixels[0], ==, 0);
  g_assert_cmpuint (pixels[5], ==, 65535);
  tessera_mst_classes_free (&classes);
  tessera_colour_histogram_free (&h);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mst-segment/path", test_path);
  g_test_add_func ("/mst-segment/inconsistent", test_inconsistent);
  g_test_add_func ("/mst-segment/random-trees", test_random_trees);
  g_test_add_func ("/mst-segment/bad-params", test_bad_params);
  g_test_add_func ("/mst-segment/image", test_image);
  g_test_add_func ("/mst-segment/few-colours", test_few_colours);
  return g_test_run ();
}
