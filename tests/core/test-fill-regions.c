/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the regions of line art (core/fill-regions.h): exact
 * labels against the breadth-first reference with every option off, on
 * random maps of random sizes; then generated line art with known regions
 * (tests/reference/line-art.h): gaps closed without merging or splitting,
 * closed art unchanged by any gap, full bleed, hatching absorbed, and the
 * colour under the line. */
#include <glib.h>
#include <string.h>
#include "fill-contours.h"
#include "fill-regions.h"
#include "fill-regions-ref.h"
#include "line-art.h"
#include "cpu-exec.h"
#include "random.h"
#include "synthetic-contours.h"

static TesseraImage
map_new (int width, int height)
{
  TesseraImage image;
  g_assert_cmpint (tessera_image_alloc (&image, width, height, 1, TESSERA_U8),
                   ==, TESSERA_OK);
  return image;
}

static TesseraLabels
regions (const TesseraImage *map, const TesseraFillRegions *params,
         int threads)
{
  TesseraLabels labels;
  TesseraExec exec = test_cpu_exec (threads);
  g_assert_cmpint (tessera_labels_alloc (&labels, map->width, map->height),
                   ==, TESSERA_OK);
  g_assert_cmpint (tessera_fill_regions (map, &labels, NULL, params, &exec),
                   ==, TESSERA_OK);
  return labels;
}

static void
assert_labels (const TesseraLabels *got, const uint32_t *want,
               uint32_t want_count, const char *what)
{
  size_t pixels = (size_t) got->width * got->height;
  for (size_t i = 0; i < pixels; i++)
    if (got->label[i] != want[i])
      g_error ("%s, %dx%d: pixel (%zu, %zu) is region %u, the reference "
               "says %u", what, got->width, got->height, i % got->width,
               i / got->width, got->label[i], want[i]);
  g_assert_cmpuint (got->count, ==, want_count);
}

/* Every option off (and gap closing on a map without line ends is the
 * same): the reference's labels, for both connectivities, edge rules and
 * thread counts; and the labelled pixels are fill_contours' interior. */
static void
check_exact (const TesseraImage *map, const char *what)
{
  size_t pixels = (size_t) map->width * map->height;
  uint32_t *want = g_new (uint32_t, pixels);
  TesseraImage interior = map_new (map->width, map->height);

  for (int connectivity = 4; connectivity <= 8; connectivity += 4)
    for (int edge = 0; edge <= 1; edge++)
      {
        TesseraFillRegions params = tessera_fill_regions_defaults ();
        TesseraFillContours fill = tessera_fill_contours_defaults ();
        TesseraExec exec = test_cpu_exec (1);
        uint32_t count = test_fill_regions_ref (map, connectivity, edge, want);

        params.connectivity = connectivity;
        params.edge_regions = edge;
        fill.connectivity = connectivity;
        for (int threads = 1; threads <= 2; threads++)
          {
            TesseraLabels got = regions (map, &params, threads);
            assert_labels (&got, want, count, what);
            tessera_labels_free (&got);
          }
        if (edge)
          continue;
        g_assert_cmpint (tessera_fill_contours (map, &interior, &fill, &exec),
                         ==, TESSERA_OK);
        for (size_t i = 0; i < pixels; i++)
          g_assert_cmpint (((uint8_t *) interior.data)[(i / map->width)
                                                       * interior.stride
                                                       + i % map->width] != 0,
                           ==, want[i] != 0);
      }
  tessera_image_free (&interior);
  g_free (want);
}

static void
test_exact_random (void)
{
  TestRandom r = test_random_new (24);

  for (int round = 0; round < test_cases (60); round++)
    {
      int width = test_random_side (&r, 300);
      int height = test_random_side (&r, 300);
      TesseraImage map = map_new (width, height);
      const char *kind = synthetic_contours_random (&r, &map, round);
      check_exact (&map, kind);
      tessera_image_free (&map);
    }
}

static void
test_exact_edge_cases (void)
{
  static const int sizes[][2] = { { 1, 1 }, { 1, 7 }, { 9, 1 }, { 2, 2 },
                                  { 3, 3 }, { 64, 33 } };
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int fill = 0; fill <= 255; fill += 255)
      {
        TesseraImage map = map_new (sizes[i][0], sizes[i][1]);
        for (int y = 0; y < map.height; y++)
          memset (tessera_image_row (&map, y), fill, (size_t) map.width);
        check_exact (&map, fill ? "all line" : "empty");
        tessera_image_free (&map);
      }
}

/* Art, its map with the cuts, and the known regions (of the closed art,
 * by the reference). */
typedef struct
{
  TesseraImage  ink, map, closed;
  uint32_t     *truth;
  uint32_t      truth_count;
} Drawing;

static Drawing
drawing_new (guint64 seed, int width, int height, const LineArtParams *params,
             bool edge_regions)
{
  TestRandom r = test_random_new (seed);
  LineArt *art = line_art_new (&r, width, height, params);
  Drawing d;

  d.ink = map_new (width, height);
  d.map = map_new (width, height);
  d.closed = map_new (width, height);
  line_art_render (art, &d.ink, false);
  line_art_threshold (&d.ink, &d.closed);
  line_art_render (art, &d.ink, true);
  line_art_threshold (&d.ink, &d.map);
  line_art_free (art);
  d.truth = g_new (uint32_t, (size_t) width * height);
  d.truth_count = test_fill_regions_ref (&d.closed, 4, edge_regions, d.truth);
  return d;
}

static void
drawing_free (Drawing *d)
{
  tessera_image_free (&d->ink);
  tessera_image_free (&d->map);
  tessera_image_free (&d->closed);
  g_free (d->truth);
}

/* Known regions of fewer than MIN_SIZE pixels are not scored (but their
 * labels are not extra). */
static RegionScore
score (const Drawing *d, const TesseraFillRegions *params, int threads)
{
  TesseraLabels got = regions (&d->map, params, threads);
  int min_size = params->min_region > 20 ? params->min_region : 20;
  RegionScore s = test_score_regions (d->truth, d->truth_count, got.label,
                                      got.count, &d->map, min_size);
  tessera_labels_free (&got);
  return s;
}

static void
assert_all_correct (const RegionScore *s, const char *what, guint64 seed)
{
  if (s->correct != s->regions)
    g_error ("%s (seed %" G_GUINT64_FORMAT "): %d of %d regions correct, "
             "%d merged, %d empty, %d split", what, seed, s->correct,
             s->regions, s->merged, s->empty, s->split);
}

/* Closed art: the same labels at every gap as at gap 0. */
static void
test_closed_unchanged (void)
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      LineArtParams params = { 1, 5, seed % 2 == 0, 0, 1, 1, false, false };
      Drawing d = drawing_new (seed, 640, 480, &params, false);
      TesseraFillRegions exact = tessera_fill_regions_defaults ();
      TesseraLabels want = regions (&d.closed, &exact, 1);

      g_assert_cmpuint (want.count, ==, d.truth_count);
      for (int gap = 1; gap <= 8; gap++)
        {
          TesseraFillRegions closing = exact;
          TesseraLabels got;
          closing.gap = gap;
          got = regions (&d.closed, &closing, 1 + gap % 2);
          assert_labels (&got, want.label, want.count, "closed art, gap on");
          tessera_labels_free (&got);
        }
      tessera_labels_free (&want);
      drawing_free (&d);
    }
}

/* Cuts of 1..4 px of arc (up to 5 free pixels once drawn) closed by a
 * gap of 5: every region correct, but for at most MISSED left empty;
 * none merged or split. */
static void
check_gaps (int width, int height, int gaps, int seeds, int missed)
{
  for (guint64 seed = 1; seed <= (guint64) seeds; seed++)
    {
      LineArtParams params = { 1, 5, seed % 2 == 0, gaps, 1, 4, false, false };
      Drawing d = drawing_new (100 + seed, width, height, &params, false);
      TesseraFillRegions closing = tessera_fill_regions_defaults ();
      RegionScore open, closed;

      open = score (&d, &closing, 2);
      closing.gap = 5;
      closed = score (&d, &closing, 2);
      g_test_message ("%dx%d seed %d: %d regions; gap 0: %d correct; gap 5: "
                      "%d correct, %d merged, %d empty, %d split, %d extra",
                      width, height, (int) seed, closed.regions, open.correct,
                      closed.correct, closed.merged, closed.empty,
                      closed.split, closed.extra);
      g_assert_cmpint (open.correct, <, open.regions);
      g_assert_cmpint (closed.merged, ==, 0);
      g_assert_cmpint (closed.split, ==, 0);
      g_assert_cmpint (closed.correct, >=, closed.regions - missed);
      drawing_free (&d);
    }
}

static void
test_gaps_small (void)
{
  check_gaps (640, 480, 9, 8, 0);
}

static void
test_gaps_page (void)
{
  check_gaps (4000, 3000, 300, 2, 0);
}

/* Full-bleed art: empty without edge regions, all filled with them. */
static void
test_full_bleed (void)
{
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      LineArtParams params = { 1, 4, seed % 2 == 0, 0, 1, 1, true, false };
      Drawing d = drawing_new (200 + seed, 640, 480, &params, true);
      TesseraFillRegions p = tessera_fill_regions_defaults ();
      RegionScore off = score (&d, &p, 1), on;

      p.edge_regions = true;
      on = score (&d, &p, 2);
      g_assert_cmpint (off.empty, >, 0);
      assert_all_correct (&on, "full bleed", seed);
      drawing_free (&d);
    }
}

/* Cross-hatching: extra regions at gap 0 that a minimum size absorbs. */
static void
test_hatching (void)
{
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      LineArtParams params = { 1, 4, seed % 2 == 0, 0, 1, 1, false, true };
      Drawing d = drawing_new (300 + seed, 640, 480, &params, false);
      TesseraFillRegions p = tessera_fill_regions_defaults ();
      RegionScore plain = score (&d, &p, 1), merged;

      p.min_region = 200;
      merged = score (&d, &p, 2);
      g_test_message ("hatching seed %d: %d extra at 0, %d with min 200",
                      (int) seed, plain.extra, merged.extra);
      assert_all_correct (&merged, "hatching", seed);
      g_assert_cmpint (merged.extra, ==, 0);
      drawing_free (&d);
    }
}

/* The old bleed of the plug-in, on labels: each step an unnumbered line
 * pixel next to a pixel numbered before that step takes its number. */
static void
bleed_ref (uint32_t *label, const TesseraImage *map, int steps,
           int connectivity)
{
  static const int dx[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
  static const int dy[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };
  int w = map->width, h = map->height;
  uint32_t *before = g_new (uint32_t, (size_t) w * h);

  for (int step = 0; step < steps; step++)
    {
      memcpy (before, label, (size_t) w * h * sizeof *label);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            if (((uint8_t *) tessera_image_row (map, y))[x] == 0
                || before[(size_t) y * w + x] != 0)
              continue;
            for (int k = 0; k < connectivity; k++)
              {
                int nx = x + dx[k], ny = y + dy[k];
                if (nx >= 0 && ny >= 0 && nx < w && ny < h
                    && before[(size_t) ny * w + nx] != 0)
                  {
                    label[(size_t) y * w + x] = before[(size_t) ny * w + nx];
                    break;
                  }
              }
          }
    }
  g_free (before);
}

static void
test_under_line (void)
{
  TestRandom r = test_random_new (7);

  for (int round = 0; round < test_cases (30); round++)
    {
      int w = test_random_side (&r, 200), h = test_random_side (&r, 200);
      TesseraImage map = map_new (w, h);
      TesseraFillRegions p = tessera_fill_regions_defaults ();
      TesseraLabels got, centre;
      uint32_t *want;

      synthetic_contours_draw (&r, &map, test_random_int (&r, 1, 20), 5);
      p.connectivity = round % 2 ? 8 : 4;
      p.bleed = test_random_int (&r, 1, 6);
      got = regions (&map, &p, 1);
      want = g_memdup2 (got.label, (size_t) w * h * sizeof *want);
      bleed_ref (want, &map, p.bleed, p.connectivity);
      g_assert_cmpint (tessera_fill_regions_under_line (&map, &got, &p), ==,
                       TESSERA_OK);
      assert_labels (&got, want, got.count, "bleed");

      /* To the centre: every line pixel numbered as one of its nearest
       * free pixels (chessboard distance), 0 when that one is outside. */
      p.to_centre = true;
      centre = regions (&map, &p, 2);
      memcpy (want, centre.label, (size_t) w * h * sizeof *want);
      g_assert_cmpint (tessera_fill_regions_under_line (&map, &centre, &p),
                       ==, TESSERA_OK);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            int best = G_MAXINT;
            bool found = false;
            if (((uint8_t *) tessera_image_row (&map, y))[x] == 0)
              continue;
            /* Lines are at most 5 pixels thick. */
            for (int yy = MAX (y - 8, 0); yy < MIN (y + 9, h); yy++)
              for (int xx = MAX (x - 8, 0); xx < MIN (x + 9, w); xx++)
                if (((uint8_t *) tessera_image_row (&map, yy))[xx] == 0)
                  best = MIN (best, MAX (ABS (xx - x), ABS (yy - y)));
            for (int yy = MAX (y - 8, 0); yy < MIN (y + 9, h)
                 && best != G_MAXINT; yy++)
              for (int xx = MAX (x - 8, 0); xx < MIN (x + 9, w); xx++)
                if (((uint8_t *) tessera_image_row (&map, yy))[xx] == 0
                    && MAX (ABS (xx - x), ABS (yy - y)) == best
                    && want[(size_t) yy * w + xx]
                       == centre.label[(size_t) y * w + x])
                  found = true;
            if (best != G_MAXINT && !found)
              g_error ("to the centre: line pixel (%d, %d) of %dx%d has "
                       "region %u, not one of its nearest", x, y, w, h,
                       centre.label[(size_t) y * w + x]);
          }
      g_free (want);
      tessera_labels_free (&got);
      tessera_labels_free (&centre);
      tessera_image_free (&map);
    }
}

/* The guide: each region takes its most frequent dab colour over its own
 * pixels; regions without a dab, 0. */
static void
test_guide (void)
{
  TestRandom r = test_random_new (11);

  for (int round = 0; round < test_cases (20); round++)
    {
      int w = test_random_side (&r, 120), h = test_random_side (&r, 120);
      TesseraImage map = map_new (w, h), guide;
      TesseraFillRegions p = tessera_fill_regions_defaults ();
      TesseraLabels labels;
      uint32_t *got, *count;

      synthetic_contours_draw (&r, &map, test_random_int (&r, 1, 20), 3);
      labels = regions (&map, &p, 1);
      g_assert_cmpint (tessera_image_alloc (&guide, w, h, 4, TESSERA_U8), ==,
                       TESSERA_OK);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            uint8_t *px = (uint8_t *) tessera_image_row (&guide, y) + 4 * x;
            /* Dabs of two colours, half of them opaque enough. */
            px[0] = (uint8_t) (test_random_int (&r, 0, 1) * 200);
            px[1] = 7;
            px[2] = 9;
            px[3] = (uint8_t) (test_random_int (&r, 0, 7) == 0 ? 255 : 100);
          }
      got = g_new (uint32_t, labels.count + 1);
      g_assert_cmpint (tessera_fill_regions_guide (&labels, &guide, got), ==,
                       TESSERA_OK);
      /* The obvious count: per region, dabs of red 0 and of red 200. */
      count = g_new0 (uint32_t, 2 * ((size_t) labels.count + 1));
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            uint8_t *px = (uint8_t *) tessera_image_row (&guide, y) + 4 * x;
            uint32_t l = labels.label[(size_t) y * w + x];
            if (l != 0 && px[3] >= 128)
              count[2 * l + (px[0] != 0)]++;
          }
      for (uint32_t l = 1; l <= labels.count; l++)
        {
          uint32_t want = count[2 * l] + count[2 * l + 1] == 0 ? 0
                          : 0x01000709u
                            | (count[2 * l + 1] > count[2 * l] ? 200u << 16
                                                                : 0);
          g_assert_cmphex (got[l], ==, want);
        }
      g_free (count);
      g_free (got);
      tessera_image_free (&guide);
      tessera_labels_free (&labels);
      tessera_image_free (&map);
    }
}

static void
test_bad_arguments (void)
{
  TesseraImage map = map_new (10, 10);
  TesseraLabels labels;
  TesseraFillRegions p = tessera_fill_regions_defaults ();

  g_assert_cmpint (tessera_labels_alloc (&labels, 10, 10), ==, TESSERA_OK);
  p.gap = -1;
  g_assert_cmpint (tessera_fill_regions (&map, &labels, NULL, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  p = tessera_fill_regions_defaults ();
  p.connectivity = 6;
  g_assert_cmpint (tessera_fill_regions (&map, &labels, NULL, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  tessera_labels_free (&labels);
  g_assert_cmpint (tessera_labels_alloc (&labels, 11, 10), ==, TESSERA_OK);
  p = tessera_fill_regions_defaults ();
  g_assert_cmpint (tessera_fill_regions (&map, &labels, NULL, &p, NULL), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  tessera_labels_free (&labels);
  tessera_image_free (&map);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fill-regions/exact-random", test_exact_random);
  g_test_add_func ("/fill-regions/exact-edge-cases", test_exact_edge_cases);
  g_test_add_func ("/fill-regions/closed-unchanged", test_closed_unchanged);
  g_test_add_func ("/fill-regions/gaps-640x480", test_gaps_small);
  g_test_add_func ("/fill-regions/gaps-4000x3000", test_gaps_page);
  g_test_add_func ("/fill-regions/full-bleed", test_full_bleed);
  g_test_add_func ("/fill-regions/hatching", test_hatching);
  g_test_add_func ("/fill-regions/under-line", test_under_line);
  g_test_add_func ("/fill-regions/guide", test_guide);
  g_test_add_func ("/fill-regions/bad-arguments", test_bad_arguments);
  return g_test_run ();
}
