/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the box blur (core/box-blur.h) against the literal
 * reference (tests/reference/box-blur-ref.h): exactly for integers, within
 * the stated rounding bound for floats; on random sizes, radii (0, beyond the
 * image, huge), iteration counts, channels with and without alpha, in place
 * and out of place, strided views and one or two threads.  Also: the float
 * sums do not drift down a tall column, bad arguments leave the output
 * alone, and progress and cancel behave. */
#include <glib.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "box-blur.h"
#include "box-blur-ref.h"
#include "cpu-exec.h"
#include "random.h"
#include "simd-levels.h"

/* Bytes the views' padding is filled with, to see that nobody writes it. */
#define CANARY 0xa5

/* A view with PADDING bytes after every row (whole samples), all of it
   filled with CANARY; free the data with g_free. */
static TesseraImage
padded_image (int width, int height, int channels, TesseraSampleType type,
              size_t padding)
{
  TesseraImage image = tessera_image_view (NULL, width, height, channels,
                                           type);
  image.stride += padding * tessera_sample_size (type);
  image.data = g_malloc (image.stride * (size_t) height);
  memset (image.data, CANARY, image.stride * (size_t) height);
  return image;
}

static void
assert_padding_untouched (const TesseraImage *image)
{
  size_t used = tessera_pixel_size (image) * (size_t) image->width;
  for (int y = 0; y < image->height; y++)
    {
      const guint8 *row = tessera_image_row (image, y);
      for (size_t i = used; i < image->stride; i++)
        g_assert_cmphex (row[i], ==, CANARY);
    }
}

static void
copy_pixels (const TesseraImage *from, TesseraImage *to)
{
  size_t bytes = tessera_pixel_size (from) * (size_t) from->width;
  for (int y = 0; y < from->height; y++)
    memcpy (tessera_image_row (to, y), tessera_image_row (from, y), bytes);
}

static double
sample_at (const TesseraImage *image, int x, int y, int k)
{
  const void *row = tessera_image_row (image, y);
  size_t i = (size_t) x * image->channels + k;
  switch (image->type)
    {
    case TESSERA_U8:  return ((const guint8 *) row)[i];
    case TESSERA_U16: return ((const guint16 *) row)[i];
    case TESSERA_F32: return ((const float *) row)[i];
    }
  return 0;
}

/* The largest |sample| of channel K within RX, RY of each pixel: a max
   filter, rows then columns; free with g_free. */
static double *
local_maxima (const TesseraImage *image, int k, long rx, long ry)
{
  int w = image->width, h = image->height;
  double *across = g_new (double, (size_t) w * h);
  double *max = g_new0 (double, (size_t) w * h);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double m = 0;
        for (long sx = MAX (0, x - rx); sx <= MIN (w - 1, x + rx); sx++)
          m = MAX (m, fabs (sample_at (image, (int) sx, y, k)));
        across[(size_t) y * w + x] = m;
      }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (long sy = MAX (0, y - ry); sy <= MIN (h - 1, y + ry); sy++)
        max[(size_t) y * w + x] = MAX (max[(size_t) y * w + x],
                                       across[(size_t) sy * w + x]);
  g_free (across);
  return max;
}

/* Float results may differ from the reference by the rounding of the
   double sums, which box-blur.c bounds by (Lx + Ly + 4) 2^-53 times the sum
   of |summands| over a region two windows tall, i.e. 2 (Lx + Ly + 4) 2^-53
   times the largest |sample| M there relative to the mean; plus the
   rounding to float; over K passes, what earlier passes left, K times as
   far.  A colour, sum (c a) / sum (a), moves by the error of its sum plus
   colour times that of the alpha sum, over the alpha sum: the bound, over
   the window's mean alpha (0 only where every alpha is 0, and then the
   colour must be exactly 0). */
static double
float_tolerance (const TesseraBoxBlur *params, double local_max,
                 double want, bool colour, double want_alpha)
{
  double lx = 2.0 * params->radius_x + 1, ly = 2.0 * params->radius_y + 1;
  double relative = 2 * (lx + ly + 4) * 0x1p-53;
  double passes = params->iterations;
  if (!colour)
    return passes * (relative * local_max + 0x1p-23 * fabs (want));
  if (want_alpha == 0)
    return 0;
  return passes * (relative * (local_max + fabs (want)) / want_alpha
                   + 0x1p-23 * fabs (want));
}

static void
assert_matches (const TesseraImage *src, const TesseraImage *got,
                const TesseraImage *want, const TesseraBoxBlur *params,
                const char *what)
{
  int c = got->channels;
  bool premultiplied = params->has_alpha && c > 1;
  long passes = params->iterations;

  for (int k = 0; k < c; k++)
    {
      /* Errors reach as far as K passes of three windows. */
      double *maxima = got->type != TESSERA_F32 ? NULL
        : local_maxima (src, k,
                        MIN (passes * (3L * params->radius_x + 2), src->width),
                        MIN (passes * (3L * params->radius_y + 2),
                             src->height));
      for (int y = 0; y < got->height; y++)
        for (int x = 0; x < got->width; x++)
          {
            double g = sample_at (got, x, y, k), w = sample_at (want, x, y, k);
            bool colour = premultiplied && k < c - 1;
            double tolerance = maxima == NULL ? 0
              : float_tolerance (params, maxima[(size_t) y * got->width + x],
                                 w, colour, sample_at (want, x, y, c - 1));
            if (!(fabs (g - w) <= tolerance))
              g_error ("%s: sample (%d, %d, %d) is %.9g, should be %.9g "
                       "(tolerance %.3g)", what, x, y, k, g, w, tolerance);
          }
      g_free (maxima);
    }
}

/* Float alphas of 0 or at least 1/2 (see float_tolerance). */
static void
tame_float_alpha (TestRandom *r, TesseraImage *image)
{
  for (int y = 0; y < image->height; y++)
    {
      float *row = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++)
        row[(size_t) x * image->channels + image->channels - 1]
          = test_random_int (r, 0, 3) == 0
            ? 0 : 0.5f + 0.5f * (float) test_random_double (r);
    }
}

static int
random_radius (TestRandom *r, int side)
{
  switch (test_random_int (r, 0, 7))
    {
    case 0:  return 0;
    case 1:  return test_random_int (r, side, 3 * side);  /* beyond */
    case 2:  return test_random_int (r, 0, 1) ? 100000
                                              : TESSERA_BOX_BLUR_MAX_RADIUS;
    default: return test_random_int (r, 0, side);
    }
}

/* One random case of TYPE: blurs with the core and the reference and
   compares; returns nothing, fails the test on a difference. */
static void
check_random_case (TestRandom *r, TesseraSampleType type, int max_side)
{
  int width = test_random_side (r, max_side);
  int height = test_random_side (r, max_side);
  int channels = test_random_int (r, 1, 4);
  bool in_place = test_random_int (r, 0, 3) == 0;
  TesseraBoxBlur params = { 0 };
  TesseraExec exec = test_cpu_exec (test_random_int (r, 1, 2));
  TesseraImage src, dst, want;
  char *what;

  params.radius_x = random_radius (r, width);
  params.radius_y = random_radius (r, height);
  params.iterations = test_random_int (r, 1, 4);
  params.has_alpha = test_random_int (r, 0, 1);
  what = g_strdup_printf ("%dx%d, %d channels%s, type %d, radii %d %d, "
                          "%d passes, %d threads%s", width, height, channels,
                          params.has_alpha ? " with alpha" : "", type,
                          params.radius_x, params.radius_y, params.iterations,
                          exec.threads, in_place ? ", in place" : "");

  src = padded_image (width, height, channels, type,
                      test_random_int (r, 0, 1) * test_random_int (r, 1, 9));
  test_random_fill (r, &src, TRUE);
  if (type == TESSERA_F32 && params.has_alpha && channels > 1)
    tame_float_alpha (r, &src);
  want = padded_image (width, height, channels, type, 0);
  g_assert_cmpint (box_blur_ref (&src, &want, &params), ==, TESSERA_OK);

  if (in_place)
    {
      /* The reference read the source; keep a copy of it for tolerances. */
      dst = src;
      src = padded_image (width, height, channels, type, 0);
      copy_pixels (&dst, &src);
    }
  else
    dst = padded_image (width, height, channels, type,
                        test_random_int (r, 0, 1) * test_random_int (r, 1, 9));

  g_assert_cmpint (tessera_box_blur (in_place ? &dst : &src, &dst, &params,
                                     &exec), ==, TESSERA_OK);
  g_assert_cmpint (exec.backend_used, ==, TESSERA_BACKEND_CPU);
  assert_matches (&src, &dst, &want, &params, what);
  assert_padding_untouched (&dst);
  assert_padding_untouched (&src);

  g_free (src.data);
  g_free (dst.data);
  g_free (want.data);
  g_free (what);
}

static void
test_random (gconstpointer data)
{
  TesseraSampleType type = GPOINTER_TO_INT (data);
  TestRandom r = test_random_new (0xb10b + type);
  for (int i = 0; i < test_cases (300); i++)
    check_random_case (&r, type, 24);
  /* A few wider rows, past the vector loops' chunks. */
  for (int i = 0; i < test_cases (20); i++)
    check_random_case (&r, type, 80);
}

/* Radii whose sums need the less common paths: 64-bit column sums, the
   correction step of the rounding division, 128-bit row sums. */
static void
test_large_sums (void)
{
  static const struct { TesseraSampleType type; int channels, rx, ry; } cases[] = {
    { TESSERA_U8,  4, 3, 40000 },        /* 64-bit column sums */
    { TESSERA_U8,  2, 2100, 2100 },      /* alpha sums past 2^32 */
    { TESSERA_U16, 4, 300, 300 },        /* sums past 2^50: corrected */
    { TESSERA_U16, 1, 1 << 20, 5000 },   /* the same without alpha */
    { TESSERA_U16, 4, 700, 800 },        /* sums past 2^52: 128 bits */
    { TESSERA_U16, 3, 1 << 20, 5 },
    { TESSERA_U16, 2, 1 << 20, 1 << 20 },
    { TESSERA_U8,  4, 1 << 20, 1 << 20 },
  };
  TestRandom r = test_random_new (52);

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int threads = 1; threads <= 2; threads++)
      {
        TesseraBoxBlur params = { cases[i].rx, cases[i].ry, 2, true, 0 };
        TesseraExec exec = test_cpu_exec (threads);
        int width = test_random_int (&r, 1, 13);
        int height = test_random_int (&r, 1, 11);
        TesseraImage src = padded_image (width, height, cases[i].channels,
                                         cases[i].type, 0);
        TesseraImage dst = padded_image (width, height, cases[i].channels,
                                         cases[i].type, 3);
        TesseraImage want = padded_image (width, height, cases[i].channels,
                                          cases[i].type, 0);
        char *what = g_strdup_printf ("large sums, case %zu, %dx%d", i,
                                      width, height);

        test_random_fill (&r, &src, FALSE);
        g_assert_cmpint (box_blur_ref (&src, &want, &params), ==, TESSERA_OK);
        g_assert_cmpint (tessera_box_blur (&src, &dst, &params, &exec), ==,
                         TESSERA_OK);
        assert_matches (&src, &dst, &want, &params, what);
        assert_padding_untouched (&dst);
        g_free (src.data);
        g_free (dst.data);
        g_free (want.data);
        g_free (what);
      }
}

/* Whether (X, Y) is transparent in LAYOUT 0 (an opaque top-left corner)
   or 1 (an opaque bottom-right one): bands run both ways. */
static bool
transparent_at (int layout, int x, int y)
{
  return layout == 0 ? y >= 30 || x >= 20 : y < 170 || x < 17;
}

/* Exactly transparent windows give colour 0 and alpha 0, in every type,
   even next to opaque ones: no residue of their sums is left behind, though
   the clamped edge rows count 41 times and the float alphas, of many
   magnitudes, make the sums round. */
static void
test_transparent (void)
{
  static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                             TESSERA_F32 };
  TestRandom r = test_random_new (7);

  for (int layout = 0; layout < 2; layout++)
    for (int threads = 1; threads <= 3; threads++)
      for (size_t t = 0; t < G_N_ELEMENTS (types); t++)
        {
          TesseraBoxBlur params = { 2, 40, 1, true, 0 };
          TesseraExec exec = test_cpu_exec (threads);
          TesseraImage image = padded_image (37, 200, 4, types[t], 0);
          size_t size = tessera_sample_size (types[t]);

          test_random_fill (&r, &image, FALSE);
          for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++)
              {
                guint8 *alpha = (guint8 *) tessera_image_row (&image, y)
                                + x * tessera_pixel_size (&image) + 3 * size;
                if (transparent_at (layout, x, y))
                  memset (alpha, 0, size);
                else if (types[t] == TESSERA_F32)
                  /* Alphas of many magnitudes: their sums round. */
                  *(float *) alpha = ldexpf (1 + *(float *) alpha,
                                             -test_random_int (&r, 0, 60));
              }
          g_assert_cmpint (tessera_box_blur (&image, &image, &params, &exec),
                           ==, TESSERA_OK);
          for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++)
              {
                bool window_transparent = true;
                for (int dy = -40; dy <= 40; dy++)
                  for (int dx = -2; dx <= 2; dx++)
                    window_transparent &= transparent_at (
                      layout, CLAMP (x + dx, 0, image.width - 1),
                      CLAMP (y + dy, 0, image.height - 1));
                for (int k = 0; k < 4 && window_transparent; k++)
                  g_assert_cmpfloat (sample_at (&image, x, y, k), ==, 0);
              }
          g_free (image.data);
        }
}

/* The largest |x| over [i - BEFORE, i + AFTER] for every i: the van Herk /
   Gil-Werman pair of running maxima, so that a 500000-sample column stays
   cheap. */
static double *
window_maxima (const double *x, long n, long before, long after)
{
  long length = before + after + 1;
  double *ahead = g_new (double, n), *behind = g_new (double, n);
  double *max = g_new (double, n);

  for (long i = 0; i < n; i++)
    ahead[i] = i % length == 0 ? fabs (x[i]) : MAX (ahead[i - 1], fabs (x[i]));
  for (long i = n - 1; i >= 0; i--)
    behind[i] = i == n - 1 || (i + 1) % length == 0
                ? fabs (x[i]) : MAX (behind[i + 1], fabs (x[i]));
  for (long i = 0; i < n; i++)
    {
      long first = MAX (0, i - before), last = MIN (n - 1, i + after);
      max[i] = MAX (behind[first], ahead[last]);
    }
  g_free (ahead);
  g_free (behind);
  return max;
}

/* The float error bound of box-blur.c on a 1 x 500000 column: large values
   of both signs (up to 10^15), which cancel, above small positive ones.  A
   sum that slides down the whole column in doubles carries the large
   values' rounding errors (a few units per step, for 250000 steps) into the
   small values below: tried, it misses the bound on all of them, by up to
   twice their size.  The block sums forget those errors within a block.
   Every output must be within the bound of the long double reference. */
static void
test_float_drift (void)
{
  /* A scale below 1 (TESSERA_TEST_SCALE) shortens the column, never below
     40000 rows: the bound holds at any height, the drift grows with it. */
  const int height = test_scaled_size (500000, 40000), ry = 200;
  TesseraBoxBlur params = { 0, ry, 1, false, 0 };
  TesseraExec exec = test_cpu_exec (2);
  TesseraImage src = padded_image (1, height, 1, TESSERA_F32, 0);
  TesseraImage dst = padded_image (1, height, 1, TESSERA_F32, 0);
  TesseraImage want = padded_image (1, height, 1, TESSERA_F32, 0);
  TestRandom r = test_random_new (500000);
  double *column = g_new (double, height), *region_max;
  double ly = 2.0 * ry + 1, worst = 0;

  for (int y = 0; y < height; y++)
    {
      float *sample = tessera_image_row (&src, y);
      *sample = y < height / 2
                ? (float) ((test_random_double (&r) - 0.5) * 2e15)
                : (float) (test_random_double (&r) * 1e-3);
      column[y] = *sample;
    }
  g_assert_cmpint (box_blur_ref (&src, &want, &params), ==, TESSERA_OK);
  g_assert_cmpint (tessera_box_blur (&src, &dst, &params, &exec), ==,
                   TESSERA_OK);

  /* (Lx + Ly + 4) 2^-53 sum |p| over rows [y - 3ry - 1, y + ry] (or the
     mirror image, in a band that runs bottom up), over the window size Ly:
     at most 2 (Lx + Ly + 4) 2^-53 max |p| there; then the division and the
     rounding to float. */
  region_max = window_maxima (column, height, 3 * ry + 1, 3 * ry + 1);
  for (int y = 0; y < height; y++)
    {
      double got = *(float *) tessera_image_row (&dst, y);
      double exact = *(float *) tessera_image_row (&want, y);
      double bound = 2 * (1 + ly + 4) * 0x1p-53 * region_max[y]
                     + 0x1p-23 * fabs (exact);
      if (!(fabs (got - exact) <= bound))
        g_error ("row %d: %.9g, reference %.9g, bound %.3g", y, got, exact,
                 bound);
      if (y > height / 2 + 4 * ry)
        worst = MAX (worst, fabs (got - exact) / fabs (exact));
    }
  g_test_message ("worst relative error among the small values: %.3g", worst);
  g_assert_cmpfloat (worst, <=, 0x1p-23);

  g_free (region_max);
  g_free (column);
  g_free (src.data);
  g_free (dst.data);
  g_free (want.data);
}

/* Every way to get the arguments wrong gives the right status and leaves
   the output as it was. */
static void
test_bad_arguments (void)
{
  TesseraImage src = padded_image (5, 4, 4, TESSERA_U8, 0);
  TesseraImage dst = padded_image (5, 4, 4, TESSERA_U8, 0);
  TesseraImage other = dst;
  TesseraBoxBlur good = { 1, 1, 1, true, 0 }, params;
  TesseraExec exec = test_cpu_exec (2);
  TestRandom r = test_random_new (3);
  struct { const char *what; TesseraStatus status; } expected[16];
  int n = 0;

  test_random_fill (&r, &src, FALSE);

#define EXPECT(what_, status_, call_)                                        \
  do {                                                                      \
    memset (dst.data, CANARY, dst.stride * dst.height);                    \
    g_assert_cmpint ((call_), ==, (status_));                              \
    for (size_t i_ = 0; i_ < dst.stride * dst.height; i_++)                \
      g_assert_cmphex (((guint8 *) dst.data)[i_], ==, CANARY);             \
    expected[n].what = (what_);                                            \
    expected[n++].status = (status_);                                      \
  } while (0)

  params = good;
  params.radius_x = -1;
  EXPECT ("negative radius", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&src, &dst, &params, &exec));
  params = good;
  params.radius_y = TESSERA_BOX_BLUR_MAX_RADIUS + 1;
  EXPECT ("radius too large", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&src, &dst, &params, &exec));
  params = good;
  params.iterations = 0;
  EXPECT ("no iterations", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&src, &dst, &params, &exec));
  params = good;
  params.iterations = TESSERA_BOX_BLUR_MAX_ITERATIONS + 1;
  EXPECT ("too many iterations", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&src, &dst, &params, &exec));
  params = good;
  params.method = (TesseraBoxBlurMethod) 7;
  EXPECT ("no such method", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&src, &dst, &params, &exec));

  other = src;
  other.width = 4;
  EXPECT ("narrower source", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&other, &dst, &good, &exec));
  other = src;
  other.height = 3;
  EXPECT ("shorter source", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&other, &dst, &good, &exec));
  other = src;
  other.channels = 3;
  EXPECT ("fewer channels", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&other, &dst, &good, &exec));
  other = src;
  other.type = TESSERA_U16;
  other.stride *= 2;
  EXPECT ("other sample type", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&other, &dst, &good, &exec));
  other = src;
  other.data = NULL;
  EXPECT ("no pixels", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&other, &dst, &good, &exec));
  other = src;
  other.width = 0;
  EXPECT ("empty source", TESSERA_ERROR_EMPTY_IMAGE,
          tessera_box_blur (&other, &dst, &good, &exec));
  other = src;
  other.stride = 3;
  EXPECT ("overlapping rows", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&other, &dst, &good, &exec));
  EXPECT ("no parameters", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (&src, &dst, NULL, &exec));
  EXPECT ("no source", TESSERA_ERROR_INVALID_ARGUMENT,
          tessera_box_blur (NULL, &dst, &good, &exec));
#undef EXPECT

  /* An empty destination: nothing to look at, but the status. */
  other = dst;
  other.height = 0;
  g_assert_cmpint (tessera_box_blur (&src, &other, &good, &exec), ==,
                   TESSERA_ERROR_EMPTY_IMAGE);
  g_assert_cmpint (tessera_box_blur (&src, NULL, &good, &exec), ==,
                   TESSERA_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (tessera_box_blur_check (&src, &dst, &good), ==,
                   TESSERA_OK);
  for (int i = 0; i < n; i++)
    g_test_message ("%s: %s", expected[i].what,
                    tessera_status_message (expected[i].status));

  g_free (src.data);
  g_free (dst.data);
}

typedef struct
{
  GThread *caller;
  int      calls, cancel_at;   /* cancels at call CANCEL_AT ... */
  double   cancel_from;        /* ... or once the fraction reaches this */
  double   last;
} ProgressLog;

static bool
log_progress (double fraction, void *data)
{
  ProgressLog *log = data;
  g_assert_true (g_thread_self () == log->caller);
  g_assert_cmpfloat (fraction, >=, log->last);
  g_assert_cmpfloat (fraction, <=, 1);
  log->last = fraction;
  return ++log->calls != log->cancel_at && fraction < log->cancel_from;
}

/* Progress comes from the calling thread and rises to 1; returning false
   cancels, at any point, and no call follows.  (How many calls come
   between the ends of the passes depends on which bands the calling
   thread happens to take.) */
static void
test_progress_and_cancel (void)
{
  TesseraBoxBlur params = { 30, 20, 3, true, 0 };
  TesseraImage src = padded_image (300, 400, 4, TESSERA_U8, 0);
  TesseraImage dst = padded_image (300, 400, 4, TESSERA_U8, 0);
  TestRandom r = test_random_new (11);
  ProgressLog done = { g_thread_self (), 0, -1, 2, 0 };
  TesseraExec exec = test_cpu_exec (2);

  test_random_fill (&r, &src, FALSE);
  exec.progress = log_progress;
  exec.user_data = &done;
  g_assert_cmpint (tessera_box_blur (&src, &dst, &params, &exec), ==,
                   TESSERA_OK);
  g_assert_cmpint (done.calls, >=, params.iterations);
  g_assert_cmpfloat (done.last, ==, 1);

  /* Every pass ends with a call: cancel at each of the first three, and
     half-way, and at the very end. */
  for (int at = 1; at <= params.iterations + 2; at++)
    {
      ProgressLog cancel = { g_thread_self (), 0, at, 2, 0 };
      if (at == params.iterations + 1)
        cancel.cancel_from = 0.5;
      if (at == params.iterations + 2)
        cancel.cancel_from = 1;
      if (at > params.iterations)
        cancel.cancel_at = -1;
      exec.user_data = &cancel;
      g_assert_cmpint (tessera_box_blur (&src, &dst, &params, &exec), ==,
                       TESSERA_ERROR_CANCELLED);
      if (at <= params.iterations)
        g_assert_cmpint (cancel.calls, ==, at);
      else
        g_assert_cmpfloat (cancel.last, >=, cancel.cancel_from);
    }

  /* Even a one-pixel image asks once, and can be cancelled. */
  {
    TesseraImage pixel = padded_image (1, 1, 1, TESSERA_F32, 0);
    ProgressLog cancel = { g_thread_self (), 0, 1, 2, 0 };
    params.iterations = 1;
    exec.user_data = &cancel;
    g_assert_cmpint (tessera_box_blur (&pixel, &pixel, &params, &exec), ==,
                     TESSERA_ERROR_CANCELLED);
    g_assert_cmpint (cancel.calls, ==, 1);
    g_free (pixel.data);
  }
  g_free (src.data);
  g_free (dst.data);
}

/* The method only chooses among GPU algorithms: the CPU gives the same. */
static void
test_methods_agree (void)
{
  TesseraImage src = padded_image (50, 30, 3, TESSERA_U16, 0);
  TesseraImage dst[3];
  TestRandom r = test_random_new (5);
  TesseraExec exec = test_cpu_exec (2);
  size_t bytes = src.stride * src.height;

  test_random_fill (&r, &src, FALSE);
  for (int m = 0; m < 3; m++)
    {
      TesseraBoxBlur params = { 4, 9, 2, false, (TesseraBoxBlurMethod) m };
      dst[m] = padded_image (50, 30, 3, TESSERA_U16, 0);
      g_assert_cmpint (tessera_box_blur (&src, &dst[m], &params, &exec), ==,
                       TESSERA_OK);
    }
  g_assert_cmpmem (dst[0].data, bytes, dst[1].data, bytes);
  g_assert_cmpmem (dst[0].data, bytes, dst[2].data, bytes);
  for (int m = 0; m < 3; m++)
    g_free (dst[m].data);
  g_free (src.data);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The band kernels have a copy per instruction set: each is checked. */
  test_simd_add_data ("/box-blur/random/u8", GINT_TO_POINTER (TESSERA_U8),
                      test_random);
  test_simd_add_data ("/box-blur/random/u16", GINT_TO_POINTER (TESSERA_U16),
                      test_random);
  test_simd_add_data ("/box-blur/random/f32", GINT_TO_POINTER (TESSERA_F32),
                      test_random);
  test_simd_add ("/box-blur/large-sums", test_large_sums);
  test_simd_add ("/box-blur/transparent", test_transparent);
  test_simd_add ("/box-blur/float-drift", test_float_drift);
  g_test_add_func ("/box-blur/bad-arguments", test_bad_arguments);
  g_test_add_func ("/box-blur/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/box-blur/methods-agree", test_methods_agree);
  return g_test_run ();
}
