/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — the checker behind the GIMP harnesses.  It makes random
 * raw images for GIMP to load and compares what a procedure left in GIMP
 * with the core's result on the same pixels, computed here:
 *
 *   gimp-check make FILE WIDTH HEIGHT CHANNELS ALPHA TYPE SEED [PATTERN]
 *   gimp-check same BEFORE AFTER
 *   gimp-check op BEFORE AFTER MASK|- OPERATION [ARGS...]
 *   gimp-check fill BEFORE OUTPUT RESULT MASK|- SOURCE THRESHOLD-PERMILLE
 *                   CONNECTIVITY BLEED FOREGROUND TRC
 *   gimp-check trace BEFORE PATH OFFSET-X OFFSET-Y NODES POINTS HALF-WIDTH
 *                    MAX-ANGLE SIGMA OBJECTIVE THRESHOLD REACH MIN-REACH MEAN
 *                    KEEP-SIDE SNAP-RADIUS SMOOTH LINE-WIDTH TOLERANCE
 *                    [X1 Y1 X2 Y2...]
 *   gimp-check on-road PATH WIDTH HEIGHT
 *   gimp-check road-edge WIDTH HEIGHT X...
 *
 * PATTERN is noise (the default), road (check-trace-line.h's test road), or
 * ink, light or paper (check-fill-contours.h's line art); trace and on-road
 * check a path saved by tessera-test-io-save-path (see check-trace-line.h),
 * road-edge prints "X Y" on the test road's edge; fill checks an output of
 * Fill Closed Contours beside the drawable (see check-fill-contours.h).
 *
 * TYPE is a babl type name (u8 u16 u32 half float double); MASK is the
 * selection saved as "Y float", or - for none.  Exit status 0: as
 * expected; 1: not; 2: bad usage or unreadable files.
 *
 * How GIMP's pixels map to the core's: u8 and u16 drawables are processed
 * in their own type, the others in float (the plug-ins read u32, half and
 * double as float and write the result back through babl).  So u8 and u16
 * results must be exact; u32, half, float and double ones within
 * type_tolerance().
 *
 * With a selection the plug-ins merge their shadow buffer as GIMP does,
 * with the replace layer mode (app/operations/layer-modes/
 * gimpoperationreplace.c): where the mask is 1 the result is the core's,
 * where it is 0 the pixel is untouched, in between each channel lies
 * between the two and alpha is their mix by the mask.  Where a result is
 * fully transparent, GIMP keeps the old colour and the core writes 0: the
 * colour of such pixels is not compared. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-fill-contours.h"
#include "check-ops.h"
#include "check-trace-line.h"
#include "random.h"
#include "raw-image.h"

enum { CHECK_PASS = 0, CHECK_FAIL = 1, CHECK_USAGE = 2 };

/* Failures listed before the rest are only counted. */
#define MAX_REPORTED 5

static TesseraSampleType
compute_type (RawSampleType type)
{
  switch (type)
    {
    case RAW_U8:  return TESSERA_U8;
    case RAW_U16: return TESSERA_U16;
    default:      return TESSERA_F32;
    }
}

/* Largest difference allowed, on values where integers are scaled to [0, 1].
 * Float sums depend on their order, and the plug-ins blur only the part of
 * the image around the selection while we blur all of it: a few units in
 * the last place, more with huge radii (80 at 1.0 are allowed).  Then u32
 * goes through float and half has an 11-bit mantissa; GIMP's merge rounds
 * once more. */
static double
type_tolerance (RawSampleType type)
{
  switch (type)
    {
    case RAW_U8:
    case RAW_U16:  return 0.0;
    case RAW_HALF: return 1e-3;
    default:       return 1e-5;
    }
}

/* One quantisation step of TYPE (0 for floating types). */
static double
type_step (RawSampleType type)
{
  switch (type)
    {
    case RAW_U8:  return 1.0 / 255.0;
    case RAW_U16: return 1.0 / 65535.0;
    case RAW_U32: return 1.0 / 4294967295.0;
    default:      return 0.0;
    }
}

/* RAW's pixels in the core's type, in a newly allocated IMAGE. */
static bool
raw_to_core (const RawImage *raw, TesseraImage *image)
{
  size_t row_samples = (size_t) raw->width * raw->channels;

  if (tessera_image_alloc (image, raw->width, raw->height, raw->channels,
                           compute_type (raw->type)) != TESSERA_OK)
    return false;
  for (int y = 0; y < raw->height; y++)
    {
      void   *row = tessera_image_row (image, y);
      size_t  first = (size_t) y * row_samples;

      if (image->type != TESSERA_F32)
        memcpy (row, (char *) raw->data + first * raw_sample_size (raw->type),
                row_samples * raw_sample_size (raw->type));
      else
        for (size_t i = 0; i < row_samples; i++)
          ((float *) row)[i] = (float) raw_image_get (raw, first + i);
    }
  return true;
}

/* IMAGE's pixels into RAW, whose fields and data are already set. */
static void
core_to_raw (const TesseraImage *image, RawImage *raw)
{
  size_t row_samples = (size_t) raw->width * raw->channels;

  for (int y = 0; y < raw->height; y++)
    {
      const void *row = tessera_image_row (image, y);
      size_t      first = (size_t) y * row_samples;

      if (image->type != TESSERA_F32)
        memcpy ((char *) raw->data + first * raw_sample_size (raw->type), row,
                row_samples * raw_sample_size (raw->type));
      else
        for (size_t i = 0; i < row_samples; i++)
          raw_image_set (raw, first + i, ((const float *) row)[i]);
    }
}

/* The COLUMNS leftmost columns of IMAGE (with alpha) transparent over
 * #010102, as a satellite image's black border made transparent. */
static void
hide_columns (TesseraImage *image, int columns)
{
  static const double hidden[4] = { 1.0 / 255, 1.0 / 255, 2.0 / 255, 0.0 };
  const int c = image->channels;

  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < columns; x++)
      for (int ch = 0; ch < c; ch++)
        tessera_image_set_unit_sample_at (image, y, (size_t) x * c + ch,
                                          ch == c - 1 ? 0.0 : hidden[ch]);
}

static int
make (char **argv)
{
  RawImage     raw = { 0 };
  TesseraImage image;
  TestRandom   random;
  LineArt      line_art;
  int          alpha;
  int          seed;

  if (! check_op_int (argv[1], &raw.width)
      || ! check_op_int (argv[2], &raw.height)
      || ! check_op_int (argv[3], &raw.channels)
      || ! check_op_int (argv[4], &alpha)
      || ! raw_sample_type_parse (argv[5], &raw.type)
      || ! check_op_int (argv[6], &seed)
      || raw.width < 1 || raw.height < 1
      || raw.channels < 1 || raw.channels > 4
      || (argv[7] != NULL && strcmp (argv[7], "noise") != 0
          && strcmp (argv[7], "road") != 0
          && strcmp (argv[7], "half-hidden") != 0
          && strcmp (argv[7], "hidden") != 0
          && ! check_line_art_parse (argv[7], &line_art)))
    return CHECK_USAGE;
  raw.has_alpha = alpha != 0;
  if (! raw_image_alloc (&raw)
      || tessera_image_alloc (&image, raw.width, raw.height, raw.channels,
                              compute_type (raw.type)) != TESSERA_OK)
    return CHECK_USAGE;

  random = test_random_new ((uint64_t) seed);
  if (argv[7] != NULL && strcmp (argv[7], "road") == 0)
    check_road_fill (&image, &random);
  else if (argv[7] != NULL && check_line_art_parse (argv[7], &line_art))
    check_line_art_fill (&image, &random, line_art);
  else
    test_random_fill (&random, &image, 0);
  if (argv[7] != NULL && strcmp (argv[7], "half-hidden") == 0 && alpha)
    hide_columns (&image, image.width / 2);
  if (argv[7] != NULL && strcmp (argv[7], "hidden") == 0 && alpha)
    hide_columns (&image, image.width);
  core_to_raw (&image, &raw);
  tessera_image_free (&image);
  if (! raw_image_write (argv[0], &raw, "random pixels from gimp-check make"))
    {
      perror (argv[0]);
      return CHECK_USAGE;
    }
  raw_image_free (&raw);
  return CHECK_PASS;
}

static bool
read_pair (const char *before_path, const char *after_path,
           RawImage *before, RawImage *after)
{
  if (! raw_image_read (before_path, before))
    return false;
  if (! raw_image_read (after_path, after))
    {
      raw_image_free (before);
      return false;
    }
  if (! raw_image_same_layout (before, after))
    {
      fprintf (stderr, "%s and %s differ in size or format\n",
               before_path, after_path);
      raw_image_free (before);
      raw_image_free (after);
      return false;
    }
  return true;
}

static int
same (char **argv)
{
  RawImage before;
  RawImage after;
  int      status;

  if (! read_pair (argv[0], argv[1], &before, &after))
    return CHECK_USAGE;
  status = memcmp (before.data, after.data, raw_image_size (&before)) == 0
           ? CHECK_PASS : CHECK_FAIL;
  if (status == CHECK_FAIL)
    printf ("the pixels changed\n");
  raw_image_free (&before);
  raw_image_free (&after);
  return status;
}

/* Whether pixel I of IMAGE is painted: alpha not 0 (every pixel without
 * alpha). */
static bool
painted (const RawImage *image, size_t i)
{
  size_t size = raw_sample_size (image->type);
  const unsigned char *alpha;

  if (! image->has_alpha)
    return true;
  alpha = (const unsigned char *) image->data
          + (i * image->channels + image->channels - 1) * size;
  for (size_t b = 0; b < size; b++)
    if (alpha[b] != 0)
      return true;
  return false;
}

/* Of the pixels painted in both BEFORE and AFTER (flat colours of two
 * runs), at least PERCENT have kept their colour. */
static int
kept (char **argv)
{
  RawImage before, after;
  int      percent;
  size_t   both = 0, same_colour = 0;
  size_t   pixel_size;

  if (! check_op_int (argv[2], &percent)
      || ! read_pair (argv[0], argv[1], &before, &after))
    return CHECK_USAGE;
  pixel_size = raw_sample_size (before.type) * before.channels;
  for (size_t i = 0; i < (size_t) before.width * before.height; i++)
    if (painted (&before, i) && painted (&after, i))
      {
        both++;
        same_colour += memcmp ((const char *) before.data + i * pixel_size,
                               (const char *) after.data + i * pixel_size,
                               pixel_size) == 0;
      }
  raw_image_free (&before);
  raw_image_free (&after);
  printf ("%zu of %zu pixels painted in both kept their colour\n",
          same_colour, both);
  return both > 0 && same_colour * 100 >= both * (size_t) percent
         ? CHECK_PASS : CHECK_FAIL;
}

/* What the comparison found, per class of pixels by their mask value. */
typedef struct
{
  size_t selected, unselected, partial;
  double max_error_selected, max_error_unselected;
  size_t failures;
} Comparison;

/* One sample of the three images, and where it lies. */
typedef struct
{
  int    x, y, channel;
  double before, after, expected, mask;
} Sample;

static void
report_failure (Comparison *c, const Sample *s, double wanted)
{
  if (c->failures++ < MAX_REPORTED)
    printf ("pixel (%d,%d) channel %d: got %.9g, expected %.9g "
            "(before %.9g, core %.9g, mask %.9g)\n", s->x, s->y, s->channel,
            s->after, wanted, s->before, s->expected, s->mask);
}

/* Where the mask is 0 or 1: the old sample or the core's. */
static void
compare_settled (Comparison *c, const Sample *s, double tolerance)
{
  double  wanted = s->mask >= 1.0 ? s->expected : s->before;
  double  error = fabs (s->after - wanted);
  double *max_error = s->mask >= 1.0 ? &c->max_error_selected
                                     : &c->max_error_unselected;

  if (error > *max_error)
    *max_error = error;
  if (! (error <= tolerance))
    report_failure (c, s, wanted);
}

/* Where the mask is in between: alpha is the mix of the two by the mask,
 * colour lies between them (mixed weighted by alpha, maybe in another TRC). */
static void
compare_blended (Comparison *c, const Sample *s, bool is_alpha, double slack)
{
  double low = fmin (s->before, s->expected);
  double high = fmax (s->before, s->expected);

  if (is_alpha)
    {
      double mixed = s->before + (s->expected - s->before) * s->mask;
      if (! (fabs (s->after - mixed) <= slack))
        report_failure (c, s, mixed);
    }
  else if (! (s->after >= low - slack && s->after <= high + slack))
    report_failure (c, s, s->expected);
}

static void
compare_pixel (Comparison *c, const RawImage *before, const RawImage *after,
               const RawImage *expected, int x, int y, double mask)
{
  size_t first = ((size_t) y * before->width + x) * before->channels;
  int    alpha = before->has_alpha ? before->channels - 1 : -1;
  double tolerance = type_tolerance (before->type);
  bool   settled = mask <= 0.0 || mask >= 1.0;
  bool   transparent = alpha >= 0
    && raw_image_get (expected, first + alpha) <= tolerance
    && raw_image_get (after, first + alpha) <= tolerance;

  if (mask >= 1.0)
    c->selected++;
  else if (mask <= 0.0)
    c->unselected++;
  else
    c->partial++;

  for (int ch = 0; ch < before->channels; ch++)
    {
      Sample s = { x, y, ch, raw_image_get (before, first + ch),
                   raw_image_get (after, first + ch),
                   raw_image_get (expected, first + ch), mask };

      if (mask >= 1.0 && transparent && ch != alpha)
        continue;
      if (settled)
        compare_settled (c, &s, tolerance);
      else
        compare_blended (c, &s, ch == alpha,
                         tolerance + type_step (before->type));
    }
}

static int
compare (const RawImage *before, const RawImage *after,
         const RawImage *expected, const RawImage *mask)
{
  Comparison c = { 0 };

  for (int y = 0; y < before->height; y++)
    for (int x = 0; x < before->width; x++)
      compare_pixel (&c, before, after, expected, x, y,
                     mask ? raw_image_get (mask, (size_t) y * mask->width + x)
                          : 1.0);

  printf ("%s: %zu selected pixels (max error %.3g), %zu unselected "
          "(max error %.3g), %zu partly selected; tolerance %.3g\n",
          raw_sample_type_name (before->type), c.selected,
          c.max_error_selected, c.unselected, c.max_error_unselected,
          c.partial, type_tolerance (before->type));
  if (c.failures)
    printf ("%zu samples wrong\n", c.failures);
  return c.failures ? CHECK_FAIL : CHECK_PASS;
}

/* The core's result on BEFORE by OP, in BEFORE's own format. */
static bool
expected_result (const CheckOp *op, char **args, const RawImage *before,
                 RawImage *expected)
{
  TesseraImage  src;
  TesseraImage  dst;
  TesseraStatus status = TESSERA_ERROR_OUT_OF_MEMORY;

  *expected = *before;
  if (! raw_image_alloc (expected))
    return false;
  if (raw_to_core (before, &src))
    {
      if (tessera_image_alloc (&dst, src.width, src.height, src.channels,
                               src.type) == TESSERA_OK)
        {
          status = op->run (args, &src, &dst, before->has_alpha);
          if (status == TESSERA_OK)
            core_to_raw (&dst, expected);
          tessera_image_free (&dst);
        }
      tessera_image_free (&src);
    }
  if (status != TESSERA_OK)
    {
      fprintf (stderr, "%s: %s\n", op->name, tessera_status_message (status));
      raw_image_free (expected);
    }
  return status == TESSERA_OK;
}

static int
op (int argc, char **argv)
{
  const CheckOp *operation = check_op_find (argv[3]);
  RawImage       before, after, expected;
  RawImage       mask = { 0 };
  bool           has_mask = strcmp (argv[2], "-") != 0;
  int            status = CHECK_USAGE;

  if (operation == NULL || argc - 4 != operation->n_args)
    {
      fprintf (stderr, operation ? "usage: op ... %s %s\n"
                                 : "no operation %s\n",
               argv[3], operation ? operation->usage : "");
      return CHECK_USAGE;
    }
  if (! read_pair (argv[0], argv[1], &before, &after))
    return CHECK_USAGE;
  if (has_mask
      && (! raw_image_read (argv[2], &mask) || mask.channels != 1
          || mask.width != before.width || mask.height != before.height))
    fprintf (stderr, "%s: not a mask of the image's size\n", argv[2]);
  else if (expected_result (operation, argv + 4, &before, &expected))
    {
      status = compare (&before, &after, &expected, has_mask ? &mask : NULL);
      raw_image_free (&expected);
    }
  if (has_mask)
    raw_image_free (&mask);
  raw_image_free (&before);
  raw_image_free (&after);
  return status;
}

/* The path in PATH_FILE against the core on BEFORE's pixels. */
static int
trace (int argc, char **argv)
{
  RawImage     before;
  TesseraImage image;
  int          status = CHECK_USAGE;

  if (! raw_image_read (argv[0], &before))
    return CHECK_USAGE;
  if (raw_to_core (&before, &image))
    {
      status = check_trace_path (&image, argv[1], argv + 2, argc - 2);
      tessera_image_free (&image);
    }
  raw_image_free (&before);
  return status;
}

/* An output of the fill against the core on BEFORE's pixels. */
static int
fill (int argc, char **argv)
{
  RawImage     before;
  TesseraImage image;
  int          status = CHECK_USAGE;

  if (! raw_image_read (argv[0], &before))
    return CHECK_USAGE;
  if (raw_to_core (&before, &image))
    {
      status = check_fill_output (&image, before.has_alpha, argv + 1,
                                  argc - 1);
      tessera_image_free (&image);
    }
  raw_image_free (&before);
  return status;
}

static int
road_edge (int argc, char **argv)
{
  int width, height;

  if (! check_op_int (argv[0], &width) || ! check_op_int (argv[1], &height))
    return CHECK_USAGE;
  for (int i = 2; i < argc; i++)
    {
      double x = atof (argv[i]);
      printf ("%s%.17g %.17g", i > 2 ? " " : "", x,
              check_road_edge (width, height, x));
    }
  printf ("\n");
  return CHECK_PASS;
}

int
main (int argc, char **argv)
{
  int width, height;

  if ((argc == 9 || argc == 10) && strcmp (argv[1], "make") == 0)
    return make (argv + 2);
  if (argc >= 13 && strcmp (argv[1], "trace") == 0)
    return trace (argc - 2, argv + 2);
  if (argc == 5 && strcmp (argv[1], "on-road") == 0)
    return check_op_int (argv[3], &width) && check_op_int (argv[4], &height)
           ? check_trace_on_road (argv[2], width, height) : CHECK_USAGE;
  if (argc >= 5 && strcmp (argv[1], "road-edge") == 0)
    return road_edge (argc - 2, argv + 2);
  if (argc == 12 && strcmp (argv[1], "fill") == 0)
    return fill (argc - 2, argv + 2);
  if (argc == 4 && strcmp (argv[1], "same") == 0)
    return same (argv + 2);
  if (argc == 5 && strcmp (argv[1], "kept") == 0)
    return kept (argv + 2);
  if (argc >= 6 && strcmp (argv[1], "op") == 0)
    return op (argc - 2, argv + 2);
  fprintf (stderr,
           "usage: %s make FILE WIDTH HEIGHT CHANNELS ALPHA TYPE SEED "
           "[noise|road|ink|light|paper|half-hidden|hidden]\n"
           "       %s same BEFORE AFTER\n"
           "       %s kept BEFORE AFTER PERCENT\n"
           "       %s op BEFORE AFTER MASK|- OPERATION [ARGS...]\n"
           "       %s fill BEFORE layer|flat|selection RESULT MASK|- SOURCE "
           "THRESHOLD-PERMILLE CONNECTIVITY BLEED FOREGROUND TRC\n"
           "       %s trace BEFORE PATH OFFSET-X OFFSET-Y NODES POINTS "
           "HALF-WIDTH MAX-ANGLE SIGMA OBJECTIVE THRESHOLD REACH MIN-REACH "
           "MEAN KEEP-SIDE SNAP-RADIUS SMOOTH LINE-WIDTH TOLERANCE "
           "[X1 Y1 X2 Y2...]\n"
           "       %s on-road PATH WIDTH HEIGHT\n"
           "       %s road-edge WIDTH HEIGHT X...\n",
           argv[0], argv[0], argv[0], argv[0], argv[0], argv[0], argv[0],
           argv[0]);
  return CHECK_USAGE;
}
