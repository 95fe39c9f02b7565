/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — every core entry point with the CUDA backend asked for,
 * on random inputs, against the same call on the CPU: box blur, fill
 * contours (alone, in a batch, and the regions of line art with gaps),
 * reconstruction (per channel and by luminance), the EMST, Segment Colours
 * (the whole image, and the classes of a histogram, whose EMST runs
 * inside) and the trace.  Each CUDA call reports progress and fallback to
 * one caller's data, as tessera-bench and the plug-ins do.
 *
 * Where the build has CUDA but no usable GPU (CI, this machine), the CPU
 * must take over cleanly: the CPU's result, the CPU named as the backend
 * used, the fallback told exactly once.  On a GPU machine the checks are
 * the GPU's parity with the CPU (tests/gpu has the thorough ones).  A build
 * without CUDA skips: there nothing asks the GPU. */
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur.h"
#include "emst.h"
#include "fill-contours.h"
#include "fill-regions.h"
#include "gpu-backend.h"
#include "mst-segment-image.h"
#include "random.h"
#include "reconstruct.h"
#include "trace-line.h"

#define CASES 4

/* What a caller gives both callbacks as their user data. */
typedef struct
{
  int           fallbacks;
  TesseraStatus why;
  int           progress_calls;
} Caller;

static void
caller_fallback (TesseraStatus why, void *user_data)
{
  Caller *caller = user_data;
  caller->fallbacks++;
  caller->why = why;
}

static bool
caller_progress (double fraction, void *user_data)
{
  (void) fraction;
  ((Caller *) user_data)->progress_calls++;
  return true;
}

static TesseraExec
exec_on (TesseraBackend backend, Caller *caller)
{
  memset (caller, 0, sizeof *caller);
  return tessera_exec_reporting (backend, caller_progress, caller_fallback,
                                 caller);
}

/* Whether the GPU can be used here (probed once by the core). */
static bool
gpu_here (void)
{
  return tessera_gpu_probe () == TESSERA_OK;
}

/* A CUDA call's trail: with no GPU, the CPU ran and the caller heard of it
 * once. */
static void
check_trail (const TesseraExec *exec, const Caller *caller)
{
  if (gpu_here ())
    return;
  g_assert_cmpint (exec->backend_used, ==, TESSERA_BACKEND_CPU);
  g_assert_cmpint (caller->fallbacks, ==, 1);
  g_assert_cmpint (caller->why, ==, tessera_gpu_probe ());
}

static TesseraImage
image_new (int width, int height, int channels, TesseraSampleType type)
{
  TesseraImage image;
  g_assert_cmpint (tessera_image_alloc (&image, width, height, channels,
                                        type), ==, TESSERA_OK);
  return image;
}

static void
assert_same_pixels (const TesseraImage *a, const TesseraImage *b)
{
  const size_t row = (size_t) a->width * tessera_pixel_size (a);

  g_assert_true (tessera_image_same_shape (a, b));
  for (int y = 0; y < a->height; y++)
    g_assert_cmpmem (tessera_image_row (a, y), row,
                     tessera_image_row (b, y), row);
}

/* Line art: pixels at 255 (contour) with DENSITY, else 0. */
static TesseraImage
contours_new (TestRandom *r, int width, int height, double density)
{
  TesseraImage image = image_new (width, height, 1, TESSERA_U8);
  for (int y = 0; y < height; y++)
    {
      uint8_t *row = tessera_image_row (&image, y);
      for (int x = 0; x < width; x++)
        row[x] = test_random_double (r) < density ? 255 : 0;
    }
  return image;
}

static void
test_box_blur (void)
{
  TestRandom r = test_random_new (41);

  for (int i = 0; i < CASES; i++)
    {
      int channels = test_random_int (&r, 1, 4);
      TesseraImage src = image_new (test_random_side (&r, 80),
                                    test_random_side (&r, 80), channels,
                                    (TesseraSampleType) test_random_int (&r, 0, 2));
      TesseraImage cpu = image_new (src.width, src.height, channels, src.type);
      TesseraImage cuda = image_new (src.width, src.height, channels, src.type);
      TesseraBoxBlur params = { test_random_int (&r, 0, 9),
                                test_random_int (&r, 0, 9),
                                test_random_int (&r, 1, 3), channels > 1,
                                TESSERA_BOX_BLUR_METHOD_AUTO };
      Caller caller;
      TesseraExec exec = exec_on (TESSERA_BACKEND_CPU, &caller);

      test_random_fill (&r, &src, 0);
      g_assert_cmpint (tessera_box_blur (&src, &cpu, &params, &exec), ==,
                       TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_box_blur (&src, &cuda, &params, &exec), ==,
                       TESSERA_OK);
      check_trail (&exec, &caller);
      assert_same_pixels (&cpu, &cuda);
      tessera_image_free (&src);
      tessera_image_free (&cpu);
      tessera_image_free (&cuda);
    }
}

static void
test_fill_contours (void)
{
  TestRandom r = test_random_new (42);
  static const TesseraFillContoursMethod methods[] = {
    TESSERA_FILL_CONTOURS_METHOD_AUTO, TESSERA_FILL_CONTOURS_METHOD_PAPER,
    TESSERA_FILL_CONTOURS_METHOD_PAPER_GPU, TESSERA_FILL_CONTOURS_METHOD_FAST
  };

  for (int i = 0; i < CASES; i++)
    {
      int width = test_random_side (&r, 90), height = test_random_side (&r, 90);
      TesseraImage contours[2] = {
        contours_new (&r, width, height, 0.4),
        contours_new (&r, height, width, 0.5)
      };
      TesseraImage cpu[2], cuda[2];
      TesseraFillContours params = tessera_fill_contours_defaults ();
      Caller caller;
      TesseraExec exec;

      params.method = methods[i % G_N_ELEMENTS (methods)];
      params.connectivity = i % 2 ? 8 : 4;
      for (int k = 0; k < 2; k++)
        {
          cpu[k] = image_new (contours[k].width, contours[k].height, 1,
                              TESSERA_U8);
          cuda[k] = image_new (contours[k].width, contours[k].height, 1,
                               TESSERA_U8);
        }
      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      g_assert_cmpint (tessera_fill_contours_batch (contours, cpu, 2, &params,
                                                    &exec), ==, TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_fill_contours_batch (contours, cuda, 2,
                                                    &params, &exec), ==,
                       TESSERA_OK);
      check_trail (&exec, &caller);
      /* One image alone too. */
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_fill_contours (&contours[1], &cuda[1], &params,
                                              &exec), ==, TESSERA_OK);
      check_trail (&exec, &caller);
      for (int k = 0; k < 2; k++)
        {
          assert_same_pixels (&cpu[k], &cuda[k]);
          tessera_image_free (&contours[k]);
          tessera_image_free (&cpu[k]);
          tessera_image_free (&cuda[k]);
        }
    }
}

/* The regions of line art with gaps closed: the thinning runs as an
 * operation of its own inside. */
static void
test_fill_regions (void)
{
  TestRandom r = test_random_new (43);

  for (int i = 0; i < CASES; i++)
    {
      TesseraImage contours = contours_new (&r, test_random_side (&r, 70),
                                            test_random_side (&r, 70), 0.3);
      TesseraFillRegions params = tessera_fill_regions_defaults ();
      TesseraLabels cpu, cuda;
      Caller caller;
      TesseraExec exec;

      params.gap = test_random_int (&r, 0, 4);
      params.min_region = test_random_int (&r, 0, 6);
      params.edge_regions = i % 2;
      g_assert_cmpint (tessera_labels_alloc (&cpu, contours.width,
                                             contours.height), ==, TESSERA_OK);
      g_assert_cmpint (tessera_labels_alloc (&cuda, contours.width,
                                             contours.height), ==, TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      g_assert_cmpint (tessera_fill_regions (&contours, &cpu, NULL, &params,
                                             &exec), ==, TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_fill_regions (&contours, &cuda, NULL, &params,
                                             &exec), ==, TESSERA_OK);
      check_trail (&exec, &caller);
      g_assert_cmpuint (cpu.count, ==, cuda.count);
      g_assert_cmpmem (cpu.label, sizeof *cpu.label * cpu.width * cpu.height,
                       cuda.label,
                       sizeof *cuda.label * cuda.width * cuda.height);
      tessera_labels_free (&cpu);
      tessera_labels_free (&cuda);
      tessera_image_free (&contours);
    }
}

static void
test_reconstruct (void)
{
  TestRandom r = test_random_new (44);

  for (int i = 0; i < CASES; i++)
    {
      int channels = i % 2 ? 3 : 1;
      TesseraImage mask = image_new (test_random_side (&r, 80),
                                     test_random_side (&r, 80), channels,
                                     TESSERA_U8);
      TesseraImage marker = image_new (mask.width, mask.height, channels,
                                       TESSERA_U8);
      TesseraImage cpu = image_new (mask.width, mask.height, channels,
                                    TESSERA_U8);
      TesseraImage cuda = image_new (mask.width, mask.height, channels,
                                     TESSERA_U8);
      TesseraReconstruct params = tessera_reconstruct_default ();
      size_t clipped_cpu, clipped_cuda;
      Caller caller;
      TesseraExec exec;

      test_random_fill (&r, &mask, 0);
      test_random_fill (&r, &marker, 0);
      params.operation = i % 2 ? TESSERA_RECONSTRUCT_EROSION
                               : TESSERA_RECONSTRUCT_DILATION;
      params.connectivity = i % 3 ? 8 : 4;
      params.colour = i == 3 ? TESSERA_RECONSTRUCT_LUMINANCE
                             : TESSERA_RECONSTRUCT_PER_CHANNEL;
      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      g_assert_cmpint (tessera_reconstruct (&mask, &marker, &cpu, &params,
                                            &exec, &clipped_cpu), ==,
                       TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_reconstruct (&mask, &marker, &cuda, &params,
                                            &exec, &clipped_cuda), ==,
                       TESSERA_OK);
      check_trail (&exec, &caller);
      g_assert_cmpuint (clipped_cpu, ==, clipped_cuda);
      assert_same_pixels (&cpu, &cuda);
      tessera_image_free (&mask);
      tessera_image_free (&marker);
      tessera_image_free (&cpu);
      tessera_image_free (&cuda);
    }
}

static void
test_emst (void)
{
  TestRandom r = test_random_new (45);

  for (int i = 0; i < CASES; i++)
    {
      size_t n = (size_t) test_random_int (&r, 2, 400);
      float *points = g_new (float, 3 * n);
      TesseraEmstEdge *cpu = g_new (TesseraEmstEdge, n - 1);
      TesseraEmstEdge *cuda = g_new (TesseraEmstEdge, n - 1);
      Caller caller;
      TesseraExec exec;

      for (size_t k = 0; k < 3 * n; k++)
        points[k] = (float) test_random_int (&r, 0, 255);
      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      g_assert_cmpint (tessera_emst (points, n, cpu, &exec), ==, TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_emst (points, n, cuda, &exec), ==, TESSERA_OK);
      check_trail (&exec, &caller);
      g_assert_cmpmem (cpu, sizeof *cpu * (n - 1), cuda, sizeof *cuda * (n - 1));
      g_free (points);
      g_free (cpu);
      g_free (cuda);
    }
}

static void
assert_same_classes (const TesseraMstClasses *a, const TesseraMstClasses *b,
                     size_t n_colours)
{
  g_assert_cmpint (a->n_classes, ==, b->n_classes);
  g_assert_cmpmem (a->colour_class, sizeof *a->colour_class * n_colours,
                   b->colour_class, sizeof *b->colour_class * n_colours);
  g_assert_cmpmem (a->mean, sizeof *a->mean * a->n_classes,
                   b->mean, sizeof *b->mean * b->n_classes);
  g_assert_cmpmem (a->pixels, sizeof *a->pixels * a->n_classes,
                   b->pixels, sizeof *b->pixels * b->n_classes);
}

/* Segment Colours on the whole image, and the classes of its histogram:
 * there the EMST is an operation of its own inside, whose progress is a
 * part of the caller's. */
static void
test_mst_segment (void)
{
  TestRandom r = test_random_new (46);

  for (int i = 0; i < CASES; i++)
    {
      TesseraImage src = image_new (test_random_side (&r, 64),
                                    test_random_side (&r, 64), 3 + i % 2,
                                    TESSERA_U8);
      TesseraImage cpu = image_new (src.width, src.height, src.channels,
                                    TESSERA_U8);
      TesseraImage cuda = image_new (src.width, src.height, src.channels,
                                     TESSERA_U8);
      TesseraMstSegment params = { test_random_int (&r, 0, 6), 0.01, 1.0,
                                   i % 2 ? TESSERA_COLOUR_SPACE_CIELAB
                                         : TESSERA_COLOUR_SPACE_RGB,
                                   TESSERA_MST_METHOD_WEIGHTED };
      TesseraMstClasses classes_cpu, classes_cuda;
      TesseraColourHistogram histogram;
      Caller caller;
      TesseraExec exec;

      /* Few colours, so that classes are shared by many pixels. */
      test_random_fill (&r, &src, 0);
      for (int y = 0; y < src.height; y++)
        {
          uint8_t *row = tessera_image_row (&src, y);
          for (int x = 0; x < src.width * src.channels; x++)
            row[x] &= 0xe0;
        }
      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      g_assert_cmpint (tessera_mst_segment_image (&src, &params, &classes_cpu,
                                                  &cpu, &exec), ==,
                       TESSERA_OK);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_mst_segment_image (&src, &params,
                                                  &classes_cuda, &cuda,
                                                  &exec), ==, TESSERA_OK);
      check_trail (&exec, &caller);
      assert_same_pixels (&cpu, &cuda);

      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      g_assert_cmpint (tessera_colour_histogram (&src, &histogram, &exec), ==,
                       TESSERA_OK);
      assert_same_classes (&classes_cpu, &classes_cuda, histogram.n_colours);
      tessera_mst_classes_free (&classes_cuda);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_mst_segment (&histogram, &params,
                                            &classes_cuda, &exec), ==,
                       TESSERA_OK);
      if (histogram.n_colours > 1)
        check_trail (&exec, &caller);
      assert_same_classes (&classes_cpu, &classes_cuda, histogram.n_colours);

      tessera_colour_histogram_free (&histogram);
      tessera_mst_classes_free (&classes_cpu);
      tessera_mst_classes_free (&classes_cuda);
      tessera_image_free (&src);
      tessera_image_free (&cpu);
      tessera_image_free (&cuda);
    }
}

static void
test_trace (void)
{
  TestRandom r = test_random_new (47);

  for (int i = 0; i < CASES; i++)
    {
      TesseraImage image = image_new (test_random_int (&r, 24, 80),
                                      test_random_int (&r, 24, 80), 3,
                                      TESSERA_U8);
      TesseraTrace params = tessera_trace_defaults ();
      TesseraPoint a = { test_random_int (&r, 2, image.width / 3),
                         test_random_int (&r, 2, image.height - 3) };
      TesseraPoint b = { test_random_int (&r, 2 * image.width / 3,
                                          image.width - 3),
                         test_random_int (&r, 2, image.height - 3) };
      TesseraPoint path_cpu[TESSERA_TRACE_MAX_NODES + 2];
      TesseraPoint path_cuda[TESSERA_TRACE_MAX_NODES + 2];
      double value_cpu, value_cuda;
      TesseraStatus status;
      Caller caller;
      TesseraExec exec;

      test_random_fill (&r, &image, 0);
      params.nodes = test_random_int (&r, 1, 6);
      params.points = test_random_int (&r, 3, 15);
      params.half_width = test_random_int (&r, 2, 10);
      exec = exec_on (TESSERA_BACKEND_CPU, &caller);
      status = tessera_trace_line_image (&image, a, b, &params, path_cpu,
                                         &value_cpu, &exec);
      exec = exec_on (TESSERA_BACKEND_CUDA, &caller);
      g_assert_cmpint (tessera_trace_line_image (&image, a, b, &params,
                                                 path_cuda, &value_cuda,
                                                 &exec), ==, status);
      check_trail (&exec, &caller);
      if (status == TESSERA_OK)
        {
          g_assert_cmpmem (path_cpu, sizeof *path_cpu * (params.nodes + 2),
                           path_cuda, sizeof *path_cuda * (params.nodes + 2));
          g_assert_cmpfloat (value_cpu, ==, value_cuda);
        }
      tessera_image_free (&image);
    }
}

int
main (int argc, char **argv)
{
  if (!TESSERA_GPU_BUILT)
    {
      /* TAP's skip: the driver takes any other exit status as an error. */
      g_print ("1..0 # SKIP a build without CUDA never asks the GPU\n");
      return 0;
    }
  g_test_init (&argc, &argv, NULL);
  /* The backend each call asks for, not the environment's. */
  g_unsetenv ("TESSERA_BACKEND");
  g_test_message ("%s", gpu_here () ? "a GPU: its parity with the CPU"
                                    : "no usable GPU: the CPU takes over");
  g_test_add_func ("/cuda-fallback/box-blur", test_box_blur);
  g_test_add_func ("/cuda-fallback/fill-contours", test_fill_contours);
  g_test_add_func ("/cuda-fallback/fill-regions", test_fill_regions);
  g_test_add_func ("/cuda-fallback/reconstruct", test_reconstruct);
  g_test_add_func ("/cuda-fallback/emst", test_emst);
  g_test_add_func ("/cuda-fallback/mst-segment", test_mst_segment);
  g_test_add_func ("/cuda-fallback/trace", test_trace);
  return g_test_run ();
}
