/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the GEGL operations (gegl/) outside GIMP, TAP: the module
 * registers the four operations with their keys; each, run through a GEGL
 * graph in small chunks on several threads, gives the pixels of the core
 * call the plug-in makes on the whole layer, on random images of random
 * sizes and formats.  With --bench W H OP [RADIUS] it times OP (and GEGL's
 * own gegl:box-blur for tessera:box-blur) on a W x H R'G'B'A u8 buffer and
 * reports the peak memory in layers. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gegl.h>

#include "box-blur.h"
#include "colour-histogram.h"
#include "fill-contours.h"
#include "contour-map.h"
#include "mst-segment.h"
#include "random.h"
#include "reconstruct-preset.h"

static int n_tests;
static int n_failed;

static void
report (int ok, const char *format, ...)
{
  va_list args;

  n_tests++;
  n_failed += ! ok;
  printf ("%s %d - ", ok ? "ok" : "not ok", n_tests);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  printf ("\n");
  fflush (stdout);
}

/* ---- running an operation ------------------------------------------------ */

/* IN (W x H in FORMAT) through OPERATION with its properties set by the
 * va_list (name, value, ..., NULL), into OUT, in GEGL's chunks. */
static void
run_op (const char *operation, const Babl *format, const void *in,
        void *out, int width, int height, ...)
{
  GeglRectangle  rect   = { 0, 0, width, height };
  GeglBuffer    *source = gegl_buffer_new (&rect, format);
  GeglBuffer    *sink   = NULL;
  GeglNode      *graph  = gegl_node_new ();
  GeglNode      *read, *op, *write;
  GeglProcessor *processor;
  va_list        args;

  gegl_buffer_set (source, &rect, 0, format, in, GEGL_AUTO_ROWSTRIDE);
  read  = gegl_node_new_child (graph, "operation", "gegl:buffer-source",
                               "buffer", source, NULL);
  op    = gegl_node_new_child (graph, "operation", operation, NULL);
  va_start (args, height);
  gegl_node_set_valist (op, va_arg (args, const char *), args);
  va_end (args);
  write = gegl_node_new_child (graph, "operation", "gegl:buffer-sink",
                               "buffer", &sink, "format", format, NULL);
  gegl_node_link_many (read, op, write, NULL);
  processor = gegl_node_new_processor (write, &rect);
  while (gegl_processor_work (processor, NULL))
    ;
  g_object_unref (processor);
  gegl_buffer_get (sink, &rect, 1.0, format, out, GEGL_AUTO_ROWSTRIDE,
                   GEGL_ABYSS_NONE);
  g_object_unref (sink);
  g_object_unref (graph);
  g_object_unref (source);
}

/* ---- random inputs ------------------------------------------------------- */

typedef struct
{
  const char        *name;
  int                channels;
  TesseraSampleType  type;
  int                alpha;
} Format;

static const Format formats[] =
{
  { "R'G'B'A u8",  4, TESSERA_U8,  1 },
  { "R'G'B' u8",   3, TESSERA_U8,  0 },
  { "Y'A u16",     2, TESSERA_U16, 1 },
  { "RGBA float",  4, TESSERA_F32, 1 },
  { "Y' u8",       1, TESSERA_U8,  0 },
};

/* A random image of FORMAT, smooth enough to have structure. */
static TesseraImage
random_image (TestRandom *r, const Format *format, int width, int height)
{
  TesseraImage image;

  tessera_image_alloc (&image, width, height, format->channels,
                       format->type);
  /* Floats in 0..1: GEGL does not promise infinities or huge values. */
  test_random_fill (r, &image, format->type != TESSERA_F32);
  return image;
}

static TesseraImage
copy_image (const TesseraImage *image)
{
  TesseraImage copy;

  tessera_image_alloc (&copy, image->width, image->height, image->channels,
                       image->type);
  for (int y = 0; y < image->height; y++)
    memcpy (tessera_image_row (&copy, y), tessera_image_row (image, y),
            tessera_pixel_size (image) * image->width);
  return copy;
}

/* Packed rows of IMAGE (tessera_image_alloc aligns its rows). */
static void *
packed (const TesseraImage *image)
{
  size_t  row  = tessera_pixel_size (image) * image->width;
  char   *data = g_malloc (row * image->height);

  for (int y = 0; y < image->height; y++)
    memcpy (data + row * y, tessera_image_row (image, y), row);
  return data;
}

/* The largest difference of GOT (packed) from WANT, in the sample's units. */
static double
difference (const TesseraImage *want, const void *got)
{
  TesseraImage view = tessera_image_view ((void *) got, want->width,
                                          want->height, want->channels,
                                          want->type);
  double       worst = 0;

  for (int y = 0; y < want->height; y++)
    for (size_t i = 0; i < (size_t) want->width * want->channels; i++)
      worst = fmax (worst, fabs (tessera_image_sample_at (want, y, i)
                                 - tessera_image_sample_at (&view, y, i)));
  return worst;
}

/* ---- the cases ----------------------------------------------------------- */

static void
check_keys (void)
{
  static const char *names[] = { "tessera:box-blur",
                                 "tessera:reconstruct-preset",
                                 "tessera:segment-colours",
                                 "tessera:fill-contours" };

  for (size_t i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *menu = gegl_has_operation (names[i])
                         ? gegl_operation_get_key (names[i], "gimp:menu-path")
                         : NULL;
      report (menu != NULL && strcmp (menu, "<Image>/Filters/Tessera") == 0
              && gegl_operation_get_key (names[i], "title") != NULL
              && gegl_operation_get_key (names[i], "categories") != NULL,
              "%s is registered, titled, in a category, in %s", names[i],
              menu ? menu : "no menu");
    }
}

static void
check_box_blur (TestRandom *r, int round)
{
  const Format   *format = &formats[round % G_N_ELEMENTS (formats)];
  int             width  = test_random_int (r, 1, 300);
  int             height = test_random_int (r, 1, 200);
  TesseraImage    in     = random_image (r, format, width, height);
  TesseraImage    want   = copy_image (&in);
  TesseraBoxBlur  params = { 0 };
  void           *data   = packed (&in);
  void           *got    = g_malloc (tessera_pixel_size (&in) * width
                                     * height);
  TesseraExec     exec   = tessera_exec_default ();
  double          worst;

  params.radius_x   = test_random_int (r, 0, round % 4 == 0 ? 400 : 30);
  params.radius_y   = test_random_int (r, 0, 30);
  params.iterations = test_random_int (r, 1, 3);
  params.has_alpha  = format->alpha;
  exec.backend = TESSERA_BACKEND_CPU;
  tessera_box_blur (&want, &want, &params, &exec);
  run_op ("tessera:box-blur", babl_format (format->name), data, got, width,
          height, "radius-x", params.radius_x, "radius-y", params.radius_y,
          "iterations", params.iterations, NULL);
  worst = difference (&want, got);
  /* Floats are summed per band: the last bit may differ with the cut. */
  report (format->type == TESSERA_F32 ? worst <= 1e-6 : worst == 0,
          "box blur %dx%d %s r %d,%d x%d: the core's pixels (%g)", width,
          height, format->name, params.radius_x, params.radius_y,
          params.iterations, worst);
  tessera_image_free (&in);
  tessera_image_free (&want);
  g_free (data);
  g_free (got);
}

static void
check_reconstruct (TestRandom *r, int round)
{
  const Format  *format = &formats[round % G_N_ELEMENTS (formats)];
  int            width  = test_random_int (r, 1, 200);
  int            height = test_random_int (r, 1, 150);
  TesseraImage   in     = random_image (r, format, width, height);
  TesseraImage   want   = copy_image (&in);
  void          *data   = packed (&in);
  void          *got    = g_malloc (tessera_pixel_size (&in) * width
                                    * height);
  TesseraReconstructPresetParams params;
  TesseraExec    exec   = tessera_exec_default ();
  int            luminance = test_random_int (r, 0, 1);
  double         worst;

  /* The operation's presets are the core's, in its order. */
  params.preset       = test_random_int (r, 0, 4);
  params.h            = test_random_int (r, 0, 100) / 100.0;
  params.radius       = test_random_int (r, 0, 6);
  params.connectivity = test_random_int (r, 0, 1) ? 4 : 8;
  params.has_alpha    = format->alpha;
  params.colour       = luminance ? TESSERA_RECONSTRUCT_LUMINANCE
                                  : TESSERA_RECONSTRUCT_PER_CHANNEL;
  exec.backend = TESSERA_BACKEND_CPU;
  tessera_reconstruct_preset (&want, &want, &params, &exec);
  run_op ("tessera:reconstruct-preset", babl_format (format->name), data,
          got, width, height, "preset", (int) params.preset,
          "h", params.h * 100.0, "radius", params.radius,
          "connectivity", params.connectivity == 4 ? 1 : 0,
          "colour-mode", luminance, NULL);
  worst = difference (&want, got);
  report (worst == 0, "reconstruct preset %d %dx%d %s h %g r %d c%d%s: the "
          "core's pixels (%g)", params.preset, width, height, format->name,
          params.h, params.radius, params.connectivity,
          luminance ? " luminance" : "", worst);
  tessera_image_free (&in);
  tessera_image_free (&want);
  g_free (data);
  g_free (got);
}

/* Few colours, so that the classes matter: each pixel one of a handful. */
static void
posterise (TestRandom *r, TesseraImage *image)
{
  for (int y = 0; y < image->height; y++)
    for (size_t i = 0; i < (size_t) image->width * image->channels; i++)
      {
        double v = tessera_image_unit_sample_at (image, y, i);
        tessera_image_set_unit_sample_at (image, y, i, floor (v * 5) / 4.0);
      }
  (void) r;
}

static void
check_segment (TestRandom *r, int round)
{
  const Format          *format = &formats[round % 4];
  int                    width  = test_random_int (r, 1, 200);
  int                    height = test_random_int (r, 1, 150);
  TesseraImage           in     = random_image (r, format, width, height);
  TesseraImage           want;
  void                  *data, *got;
  TesseraMstSegment      params;
  TesseraColourHistogram histogram;
  TesseraMstClasses      classes;
  TesseraExec            exec   = tessera_exec_default ();
  double                 worst;

  posterise (r, &in);
  want = copy_image (&in);
  data = packed (&in);
  got  = g_malloc (tessera_pixel_size (&in) * width * height);
  params.classes      = test_random_int (r, 0, 12);
  params.min_share    = test_random_int (r, 0, 5) / 100.0;
  params.sensitivity  = 1.0;
  params.colour_space = test_random_int (r, 0, 1);
  params.method       = test_random_int (r, 0, 1);
  exec.backend = TESSERA_BACKEND_CPU;
  /* The plug-in's calls (plugins/mst-segment/segment-work.c). */
  tessera_colour_histogram (&want, &histogram, &exec);
  if (histogram.n_colours > 0
      && tessera_mst_segment (&histogram, &params, &classes, &exec)
         == TESSERA_OK)
    {
      tessera_mst_segment_recolour (&want, &histogram, &classes, &want,
                                    &exec);
      tessera_mst_classes_free (&classes);
    }
  tessera_colour_histogram_free (&histogram);
  run_op ("tessera:segment-colours", babl_format (format->name), data, got,
          width, height, "classes", params.classes,
          "min-share", params.min_share, "colour-space",
          (int) params.colour_space, "method", (int) params.method, NULL);
  worst = difference (&want, got);
  report (worst == 0, "segment colours %dx%d %s %d classes, space %d, "
          "method %d: the core's pixels (%g)", width, height, format->name,
          params.classes, params.colour_space, params.method, worst);
  tessera_image_free (&in);
  tessera_image_free (&want);
  g_free (data);
  g_free (got);
}

/* Random rectangles' outlines on white, R'G'B'A u8. */
static TesseraImage
outlines (TestRandom *r, int width, int height)
{
  TesseraImage image;

  tessera_image_alloc (&image, width, height, 4, TESSERA_U8);
  for (int y = 0; y < height; y++)
    memset (tessera_image_row (&image, y), 255, 4 * (size_t) width);
  for (int k = test_random_int (r, 1, 8); k > 0; k--)
    {
      int x0 = test_random_int (r, 0, width - 1);
      int y0 = test_random_int (r, 0, height - 1);
      int x1 = test_random_int (r, x0, width - 1);
      int y1 = test_random_int (r, y0, height - 1);

      for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
          if (y == y0 || y == y1 || x == x0 || x == x1)
            memset ((uint8_t *) tessera_image_row (&image, y) + 4 * x, 0, 3);
    }
  return image;
}

/* The interior path: the plug-in's foreground fill on the layer. */
static void
check_fill (TestRandom *r)
{
  int           width  = test_random_int (r, 3, 200);
  int           height = test_random_int (r, 3, 150);
  TesseraImage  in     = outlines (r, width, height);
  TesseraImage  want   = copy_image (&in);
  TesseraImage  rgba, map;
  TesseraContourThreshold threshold = { TESSERA_CONTOUR_DARK, 0.5,
                                        { 0, 0, 0 } };
  TesseraFillContours params = tessera_fill_contours_defaults ();
  GeglColor    *colour = gegl_color_new ("#285ac8");
  void         *data   = packed (&in);
  void         *got    = g_malloc (4 * (size_t) width * height);
  const uint8_t fill[4] = { 0x28, 0x5a, 0xc8, 255 };
  double        worst;

  tessera_image_alloc (&rgba, width, height, 4, TESSERA_F32);
  tessera_image_alloc (&map, width, height, 1, TESSERA_U8);
  for (int y = 0; y < height; y++)
    for (size_t i = 0; i < 4 * (size_t) width; i++)
      tessera_image_set_sample_at (&rgba, y, i,
                                   tessera_image_unit_sample_at (&in, y, i));
  params.connectivity = test_random_int (r, 0, 1) ? 8 : 4;
  tessera_contour_map (&rgba, &map, &threshold, NULL);
  tessera_fill_contours (&map, &map, &params, NULL);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (((uint8_t *) tessera_image_row (&map, y))[x] != 0)
        memcpy ((uint8_t *) tessera_image_row (&want, y) + 4 * x, fill, 4);
  run_op ("tessera:fill-contours", babl_format ("R'G'B'A u8"), data, got,
          width, height, "paint", 1, "colour", colour, "gap", 0,
          "min-region", 0, "connectivity",
          params.connectivity == 8 ? 1 : 0, NULL);
  worst = difference (&want, got);
  report (worst == 0, "fill contours %dx%d c%d in the colour: the core's "
          "interior painted (%g)", width, height, params.connectivity, worst);
  g_object_unref (colour);
  tessera_image_free (&rgba);
  tessera_image_free (&map);
  tessera_image_free (&in);
  tessera_image_free (&want);
  g_free (data);
  g_free (got);
}

/* ---- the bench ----------------------------------------------------------- */

/* The process's peak memory (VmHWM), or its memory now (VmRSS), MiB. */
static double
status_mib (const char *key)
{
  FILE   *status = fopen ("/proc/self/status", "r");
  char    line[256];
  double  kib = 0;

  while (status != NULL && fgets (line, sizeof line, status) != NULL)
    if (strncmp (line, key, strlen (key)) == 0)
      kib = atof (line + strlen (key));
  if (status != NULL)
    fclose (status);
  return kib / 1024.0;
}

static double
peak_mib (void)
{
  return status_mib ("VmHWM:");
}

/* Starts the peak again from now (Linux: clear_refs 5), so that what
 * GEGL and babl took to start does not hide the operation's. */
static double
reset_peak (void)
{
  FILE *clear = fopen ("/proc/self/clear_refs", "w");

  if (clear != NULL)
    {
      fputs ("5", clear);
      fclose (clear);
    }
  return status_mib ("VmRSS:");
}

/* OPERATION on a W x H R'G'B'A u8 buffer into another, timed. */
static double
bench_once (const char *operation, GeglBuffer *source, int radius)
{
  const GeglRectangle *rect  = gegl_buffer_get_extent (source);
  GeglBuffer          *sink  = gegl_buffer_new (rect, gegl_buffer_get_format
                                                          (source));
  GeglNode            *graph = gegl_node_new ();
  GeglNode            *read  = gegl_node_new_child (graph, "operation",
                                                    "gegl:buffer-source",
                                                    "buffer", source, NULL);
  GeglNode            *op    = gegl_node_new_child (graph, "operation",
                                                    operation, NULL);
  GeglNode            *write = gegl_node_new_child (graph, "operation",
                                                    "gegl:write-buffer",
                                                    "buffer", sink, NULL);
  gint64               start;

  if (strcmp (operation, "gegl:box-blur") == 0)
    gegl_node_set (op, "radius", radius, NULL);
  else if (strcmp (operation, "tessera:box-blur") == 0)
    gegl_node_set (op, "radius-x", radius, "radius-y", radius, NULL);
  gegl_node_link_many (read, op, write, NULL);
  start = g_get_monotonic_time ();
  gegl_node_process (write);
  start = g_get_monotonic_time () - start;
  g_object_unref (graph);
  g_object_unref (sink);
  return start / 1e6;
}

static int
bench (int width, int height, const char *operation, int radius, int rounds)
{
  GeglRectangle  rect   = { 0, 0, width, height };
  GeglBuffer    *source = gegl_buffer_new (&rect, babl_format ("R'G'B'A u8"));
  double         layer  = 4.0 * width * height / (1 << 20);
  double         before;
  TestRandom     r      = test_random_new (7);
  guint8        *row    = g_malloc (4 * (size_t) width);
  int            is_blur = strcmp (operation, "tessera:box-blur") == 0;

  for (int y = 0; y < height; y++)
    {
      GeglRectangle line = { 0, y, width, 1 };
      for (int x = 0; x < 4 * width; x++)
        row[x] = (guint8) (((x / 4 + y) / 37 + (x & 3) * 60
                            + (test_random_next (&r) & 15)) & 255);
      gegl_buffer_set (source, &line, 0, babl_format ("R'G'B'A u8"), row,
                       GEGL_AUTO_ROWSTRIDE);
    }
  g_free (row);
  before = peak_mib ();
  {
    gint threads;
    g_object_get (gegl_config (), "threads", &threads, NULL);
    printf ("# %dx%d R'G'B'A u8, the layer %.0f MiB, peak before %.0f MiB, "
            "%d GEGL threads\n", width, height, layer, before, threads);
  }
  for (int i = 0; i < rounds; i++)
    {
      double ours;

      before = reset_peak ();
      ours = bench_once (operation, source, radius);
      double peak = peak_mib ();

      printf ("# %s r%d: %.2f s, peak %.0f MiB (+%.2f layers)\n", operation,
              radius, ours, peak, (peak - before) / layer);
      if (is_blur)
        {
          double theirs = bench_once ("gegl:box-blur", source, radius);
          printf ("# gegl:box-blur r%d: %.2f s; ratio %.2f\n", radius,
                  theirs, ours / theirs);
        }
      fflush (stdout);
    }
  g_object_unref (source);
  return 0;
}

int
main (int argc, char **argv)
{
  TestRandom r = test_random_new (20261207);
  int        status;

  if (g_getenv ("GEGL_PATH") == NULL)
    g_setenv ("GEGL_PATH", TESSERA_GEGL_PATH, TRUE);
  gegl_init (&argc, &argv);
  if (argc >= 4 && strcmp (argv[1], "--bench") == 0)
    {
      status = bench (atoi (argv[2]), atoi (argv[3]), argv[4],
                      argc > 5 ? atoi (argv[5]) : 10,
                      argc > 6 ? atoi (argv[6]) : 3);
      gegl_exit ();
      return status;
    }
  /* Small chunks on two threads: many pieces, each with its margin. */
  g_object_set (gegl_config (), "chunk-size", 4096, "threads", 2, NULL);
  printf ("1..%d\n", 4 + 20 + 15 + 12 + 8);
  check_keys ();
  for (int i = 0; i < 20; i++)
    check_box_blur (&r, i);
  for (int i = 0; i < 15; i++)
    check_reconstruct (&r, i);
  for (int i = 0; i < 12; i++)
    check_segment (&r, i);
  for (int i = 0; i < 8; i++)
    check_fill (&r);
  gegl_exit ();
  return n_failed > 0;
}
