/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fill Closed Contours plug-in against the core on the CPU: the contour
 * map as the procedure defines it (perceptual RGBA floats, transparent
 * pixels read as the paper), the core's interior, the bleed grown step by
 * step under the contour as its definition reads, and each output compared
 * with what they make.  Linear drawables (layer masks and channels are
 * linear in every precision) reach the perceptual floats through the sRGB
 * TRC, here by its formula and in babl by an approximation: a pixel whose
 * lightness lies within about 1e-6 of the threshold may fall on the other
 * side, so thresholds keep off the values the case's pixels take. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-fill-contours.h"
#include "check-ops.h"
#include "fill-contours.h"
#include "fill-regions.h"
#include "raw-image.h"
#include "synthetic-contours.h"

enum { SOURCE_ALPHA, SOURCE_DARK, SOURCE_BRIGHT, SOURCE_FOREGROUND };

/* A pixel's step of the fill: 0 inside a closed contour, K where the bleed
 * reached it at step K, UNPAINTED where nothing is painted. */
#define UNPAINTED 255

/* Mismatches listed before the rest are only counted. */
#define MAX_REPORTED 5

typedef struct
{
  int    source;
  double threshold;
  int    connectivity;
  int    bleed;
  /* The regions of line art (core/fill-regions.h), from BLEED's
   * "BLEED/GAP/EDGE-REGIONS/MIN-REGION/TO-CENTRE" form. */
  int    gap;
  int    edge_regions;
  int    min_region;
  int    to_centre;
  float  foreground[3];   /* R'G'B', 0..1 */
  bool   linear;          /* the drawable's TRC */
} FillArgs;

/* The 4 edge neighbours first, then the 4 corners. */
static const int neighbour_dx[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int neighbour_dy[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

/* ------------------------------------------------------------------ */
/* The arguments. */

static bool
parse_foreground (const char *text, float *rgb)
{
  char          *end;
  unsigned long  value = strtoul (text, &end, 16);

  if (strlen (text) != 6 || *end != '\0')
    {
      fprintf (stderr, "not a colour RRGGBB: %s\n", text);
      return false;
    }
  for (int c = 0; c < 3; c++)
    rgb[c] = (float) (((value >> (16 - 8 * c)) & 255) / 255.0);
  return true;
}

/* BLEED, or BLEED/GAP/EDGE-REGIONS/MIN-REGION/TO-CENTRE. */
static bool
parse_bleed (const char *text, FillArgs *fill)
{
  char tail;

  fill->gap = fill->edge_regions = fill->min_region = fill->to_centre = 0;
  if (strchr (text, '/') == NULL)
    return check_op_int (text, &fill->bleed);
  if (sscanf (text, "%d/%d/%d/%d/%d%c", &fill->bleed, &fill->gap,
              &fill->edge_regions, &fill->min_region, &fill->to_centre,
              &tail) == 5)
    return true;
  fprintf (stderr, "not BLEED/GAP/EDGE/MIN/CENTRE: %s\n", text);
  return false;
}

/* Whether FILL asks for the regions of line art, not the plain fill. */
static bool
wants_regions (const FillArgs *fill)
{
  return fill->gap || fill->edge_regions || fill->min_region
         || fill->to_centre;
}

/* ARGS: SOURCE THRESHOLD-PERMILLE CONNECTIVITY BLEED FOREGROUND TRC. */
static bool
parse_fill_args (char *const *args, FillArgs *fill)
{
  int permille;

  if (! check_op_int (args[0], &fill->source)
      || ! check_op_int (args[1], &permille)
      || ! check_op_int (args[2], &fill->connectivity)
      || ! parse_bleed (args[3], fill)
      || ! parse_foreground (args[4], fill->foreground))
    return false;
  fill->threshold = permille / 1000.0;
  fill->linear = strcmp (args[5], "linear") == 0;
  if (fill->linear || strcmp (args[5], "perceptual") == 0)
    return true;
  fprintf (stderr, "TRC: linear or perceptual, not %s\n", args[5]);
  return false;
}

/* ------------------------------------------------------------------ */
/* The contour map and the fill. */

/* Sample I of row Y as a float, the way babl turns it into one. */
static float
sample (const TesseraImage *image, int y, int i)
{
  const void *row = tessera_image_row (image, y);
  switch (image->type)
    {
    case TESSERA_U8:  return (float) (((const uint8_t *) row)[i] / 255.0);
    case TESSERA_U16: return (float) (((const uint16_t *) row)[i] / 65535.0);
    default:          return ((const float *) row)[i];
    }
}

static void
set_sample (TesseraImage *image, int y, int i, double level)
{
  void *row = tessera_image_row (image, y);
  switch (image->type)
    {
    case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) lround (level * 255); break;
    case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) lround (level * 65535); break;
    case TESSERA_F32: ((float *) row)[i] = (float) level; break;
    }
}

static float
srgb_from_linear (float v)
{
  return (float) (v <= 0.0031308 ? 12.92 * v
                                 : 1.055 * pow (v, 1 / 2.4) - 0.055);
}

/* Pixel X of row Y as R'G'B'A: grey spread to the three, no alpha as 1. */
static void
pixel_rgba (const TesseraImage *image, bool has_alpha, bool linear, int x,
            int y, float *rgba)
{
  int colours = image->channels - (has_alpha ? 1 : 0);
  int first = x * image->channels;

  for (int c = 0; c < 3; c++)
    {
      rgba[c] = sample (image, y, first + (colours == 3 ? c : 0));
      if (linear)
        rgba[c] = srgb_from_linear (rgba[c]);
    }
  rgba[3] = has_alpha ? sample (image, y, first + colours) : 1.0f;
}

static bool
is_contour (const float *rgba, const FillArgs *fill)
{
  const float *fg = fill->foreground;
  float alpha = rgba[3];
  float luminance = 0.2126f * rgba[0] + 0.7152f * rgba[1] + 0.0722f * rgba[2];

  switch (fill->source)
    {
    case SOURCE_ALPHA:
      return alpha >= fill->threshold;
    case SOURCE_DARK:
      return alpha * luminance + (1 - alpha) <= fill->threshold;
    case SOURCE_BRIGHT:
      return alpha * luminance >= fill->threshold;
    default:
      return alpha >= 0.5f
             && sqrtf (((rgba[0] - fg[0]) * (rgba[0] - fg[0])
                        + (rgba[1] - fg[1]) * (rgba[1] - fg[1])
                        + (rgba[2] - fg[2]) * (rgba[2] - fg[2])) / 3)
                <= fill->threshold;
    }
}

static uint8_t *
pixel_u8 (const TesseraImage *image, int x, int y)
{
  return (uint8_t *) tessera_image_row (image, y) + x;
}

/* Whether (X, Y) touches, in CONNECTIVITY, a pixel of STEPS below STEP. */
static bool
touches_earlier (const TesseraImage *steps, int x, int y, int connectivity,
                 int step)
{
  for (int k = 0; k < connectivity; k++)
    {
      int nx = x + neighbour_dx[k], ny = y + neighbour_dy[k];
      if (nx >= 0 && ny >= 0 && nx < steps->width && ny < steps->height
          && *pixel_u8 (steps, nx, ny) < step)
        return true;
    }
  return false;
}

/* The bleed as the procedure defines it: at step K, each contour pixel of
 * MAP not painted yet that touches a pixel painted before step K is
 * painted; the fill never reaches the outside. */
static void
grow_bleed (TesseraImage *steps, const TesseraImage *map,
            const FillArgs *fill)
{
  for (int step = 1; step <= fill->bleed; step++)
    for (int y = 0; y < map->height; y++)
      for (int x = 0; x < map->width; x++)
        if (*pixel_u8 (map, x, y) != 0 && *pixel_u8 (steps, x, y) == UNPAINTED
            && touches_earlier (steps, x, y, fill->connectivity, step))
          *pixel_u8 (steps, x, y) = (uint8_t) step;
}

/* The rounds in which the line pixels of MAP are reached from the free
 * pixels, 8-connected (the order of tessera_fill_regions_under_line's
 * growth to the centre), into STEPS where painted (PAINTED non-zero). */
static void
centre_steps (TesseraImage *steps, const TesseraImage *map,
              const uint32_t *painted)
{
  int width = map->width, height = map->height;
  uint8_t *round = malloc ((size_t) width * height);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      round[(size_t) y * width + x] = *pixel_u8 (map, x, y) != 0 ? UNPAINTED
                                                                 : 0;
  for (int k = 1; k < UNPAINTED; k++)
    for (int y = 0; y < height; y++)
      for (int x = 0; x < width; x++)
        if (round[(size_t) y * width + x] == UNPAINTED)
          for (int n = 0; n < 8; n++)
            {
              int nx = x + neighbour_dx[n], ny = y + neighbour_dy[n];
              if (nx >= 0 && ny >= 0 && nx < width && ny < height
                  && round[(size_t) ny * width + nx] < k)
                {
                  round[(size_t) y * width + x] = (uint8_t) k;
                  break;
                }
            }
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (*pixel_u8 (map, x, y) != 0)
        *pixel_u8 (steps, x, y) = painted[(size_t) y * width + x] != 0
                                  ? round[(size_t) y * width + x] : UNPAINTED;
  free (round);
}

/* STEPS from the regions of line art of MAP (core/fill-regions.h, on the
 * CPU); LABELS (allocated here) keeps the core's region numbers. */
static TesseraStatus
region_steps (const TesseraImage *map, const FillArgs *fill,
              TesseraImage *steps, TesseraLabels *labels)
{
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraExec        exec = tessera_exec_default ();
  TesseraLabels      under;
  TesseraStatus      status;

  params.connectivity = fill->connectivity;
  params.gap = fill->gap;
  params.edge_regions = fill->edge_regions != 0;
  params.min_region = fill->min_region;
  params.to_centre = fill->to_centre != 0;
  params.bleed = fill->bleed;
  exec.backend = TESSERA_BACKEND_CPU;
  status = tessera_labels_alloc (labels, map->width, map->height);
  if (status == TESSERA_OK)
    status = tessera_fill_regions (map, labels, NULL, &params, &exec);
  if (status != TESSERA_OK)
    return status;
  for (int y = 0; y < map->height; y++)
    for (int x = 0; x < map->width; x++)
      *pixel_u8 (steps, x, y) = labels->label[(size_t) y * map->width + x]
                                != 0 ? 0 : UNPAINTED;
  if (! params.to_centre)
    {
      grow_bleed (steps, map, fill);
      return TESSERA_OK;
    }
  /* Which line pixels the core paints to the centre: those nearer a
   * region than the outside; in which round, the check's own. */
  status = tessera_labels_alloc (&under, map->width, map->height);
  if (status != TESSERA_OK)
    return status;
  memcpy (under.label, labels->label,
          (size_t) map->width * map->height * sizeof *under.label);
  status = tessera_fill_regions_under_line (map, &under, &params);
  if (status == TESSERA_OK)
    centre_steps (steps, map, under.label);
  tessera_labels_free (&under);
  return status;
}

/* STEPS (allocated here, u8): each pixel's step of the fill of BEFORE by
 * FILL, the interior from the core on the CPU; with the options of the
 * regions of line art, LABELS (when not NULL) gets the core's regions
 * (else it is left empty). */
static TesseraStatus
fill_steps (const TesseraImage *before, bool has_alpha, const FillArgs *fill,
            TesseraImage *steps, TesseraLabels *labels)
{
  TesseraFillContours params = tessera_fill_contours_defaults ();
  TesseraExec         exec = tessera_exec_default ();
  TesseraImage        map;
  TesseraStatus       status;

  status = tessera_image_alloc (&map, before->width, before->height, 1,
                                TESSERA_U8);
  if (status != TESSERA_OK)
    return status;
  status = tessera_image_alloc (steps, before->width, before->height, 1,
                                TESSERA_U8);
  if (status != TESSERA_OK)
    {
      tessera_image_free (&map);
      return status;
    }
  for (int y = 0; y < before->height; y++)
    for (int x = 0; x < before->width; x++)
      {
        float rgba[4];
        pixel_rgba (before, has_alpha, fill->linear, x, y, rgba);
        *pixel_u8 (&map, x, y) = is_contour (rgba, fill) ? 255 : 0;
      }

  params.connectivity = fill->connectivity;
  exec.backend = TESSERA_BACKEND_CPU;
  if (wants_regions (fill))
    {
      TesseraLabels own;
      status = region_steps (&map, fill, steps, labels != NULL ? labels
                                                               : &own);
      if (labels == NULL)
        tessera_labels_free (&own);
      if (status != TESSERA_OK)
        tessera_image_free (steps);
      tessera_image_free (&map);
      return status;
    }
  status = tessera_fill_contours (&map, steps, &params, &exec);
  if (status == TESSERA_OK)
    {
      for (int y = 0; y < steps->height; y++)
        for (int x = 0; x < steps->width; x++)
          *pixel_u8 (steps, x, y) = *pixel_u8 (steps, x, y) != 0 ? 0
                                                                 : UNPAINTED;
      grow_bleed (steps, &map, fill);
    }
  else
    tessera_image_free (steps);
  tessera_image_free (&map);
  return status;
}

/* ------------------------------------------------------------------ */
/* The fill on the drawable: a CheckOp for gimp-check op. */

/* ARGS: SOURCE THRESHOLD-PERMILLE CONNECTIVITY BLEED FOREGROUND TRC; DST is
 * SRC painted black (opaque) where filled.  Only black: the foreground in
 * other colours would reach linear and grey drawables through babl's
 * conversions, which the check does not copy. */
TesseraStatus
check_fill_contours (char *const *args, const TesseraImage *src,
                     TesseraImage *dst, bool has_alpha)
{
  FillArgs      fill;
  TesseraImage  steps;
  TesseraStatus status;

  if (! parse_fill_args (args, &fill))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (fill.foreground[0] + fill.foreground[1] + fill.foreground[2] != 0)
    {
      fprintf (stderr, "fill-contours paints black: FOREGROUND 000000\n");
      return TESSERA_ERROR_INVALID_ARGUMENT;
    }
  status = fill_steps (src, has_alpha, &fill, &steps, NULL);
  if (status != TESSERA_OK)
    return status;

  for (int y = 0; y < src->height; y++)
    {
      memcpy (tessera_image_row (dst, y), tessera_image_row (src, y),
              tessera_pixel_size (src) * (size_t) src->width);
      for (int x = 0; x < src->width; x++)
        if (*pixel_u8 (&steps, x, y) != UNPAINTED)
          for (int c = 0; c < src->channels; c++)
            set_sample (dst, y, x * src->channels + c,
                        has_alpha && c == src->channels - 1 ? 1.0 : 0.0);
    }
  tessera_image_free (&steps);
  return TESSERA_OK;
}

/* ------------------------------------------------------------------ */
/* The outputs beside the drawable: gimp-check fill. */

typedef struct
{
  const RawImage     *result;
  const RawImage     *mask;      /* data NULL: no selection */
  const TesseraImage *steps;
  const FillArgs     *fill;
  double              slack;
  size_t              failures;
  const TesseraLabels *labels;   /* the core's regions, or label NULL */
} Comparison;

static void
report (Comparison *c, const char *format, ...)
{
  va_list args;

  if (c->failures++ >= MAX_REPORTED)
    return;
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
}

/* How far GIMP's merge through the selection may move a value: a step of
 * an integer type, about the precision of the floating ones (u32 goes
 * through float). */
static double
merge_slack (RawSampleType type)
{
  switch (type)
    {
    case RAW_U8:   return 1.0 / 255;
    case RAW_U16:  return 1.0 / 65535;
    case RAW_HALF: return 1e-3;
    default:       return 1e-5;
    }
}

static double
selected (const Comparison *c, int x, int y)
{
  return c->mask->data != NULL
         ? raw_image_get (c->mask, (size_t) y * c->mask->width + x) : 1.0;
}

static double
result_sample (const Comparison *c, int x, int y, int channel)
{
  const RawImage *r = c->result;
  return raw_image_get (r, ((size_t) y * r->width + x) * r->channels
                           + channel);
}

static int
step_at (const Comparison *c, int x, int y)
{
  return *pixel_u8 (c->steps, x, y);
}

/* Where filled, as opaque as selected; transparent elsewhere. */
static void
compare_alpha (Comparison *c)
{
  int alpha = c->result->channels - 1;

  for (int y = 0; y < c->result->height; y++)
    for (int x = 0; x < c->result->width; x++)
      {
        double want = step_at (c, x, y) != UNPAINTED ? selected (c, x, y) : 0;
        double got = result_sample (c, x, y, alpha);
        if (! (fabs (got - want) <= c->slack))
          report (c, "pixel (%d,%d): alpha %.9g, expected %.9g (step %d)\n",
                  x, y, got, want, step_at (c, x, y));
      }
}

/* Whether pixels A and B of the result have the same colour. */
static bool
same_colour (const Comparison *c, int ax, int ay, int bx, int by)
{
  for (int ch = 0; ch < c->result->channels - 1; ch++)
    if (! (fabs (result_sample (c, ax, ay, ch) - result_sample (c, bx, by, ch))
           <= c->slack))
      return false;
  return true;
}

/* The new layer: the foreground colour (black) where filled and seen. */
static void
compare_layer (Comparison *c)
{
  compare_alpha (c);
  for (int y = 0; y < c->result->height; y++)
    for (int x = 0; x < c->result->width; x++)
      {
        if (step_at (c, x, y) == UNPAINTED || selected (c, x, y) <= 0)
          continue;
        for (int ch = 0; ch < c->result->channels - 1; ch++)
          if (! (fabs (result_sample (c, x, y, ch)) <= c->slack))
            report (c, "pixel (%d,%d) channel %d: %.9g, expected black\n",
                    x, y, ch, result_sample (c, x, y, ch));
      }
}

/* The selection: the filled pixels, as far as they were selected. */
static void
compare_selection (Comparison *c)
{
  for (int y = 0; y < c->result->height; y++)
    for (int x = 0; x < c->result->width; x++)
      {
        double want = step_at (c, x, y) != UNPAINTED ? selected (c, x, y) : 0;
        double got = result_sample (c, x, y, 0);
        if (! (fabs (got - want) <= c->slack))
          report (c, "pixel (%d,%d): selected %.9g, expected %.9g (step "
                  "%d)\n", x, y, got, want, step_at (c, x, y));
      }
}

/* REGION gets the number of each interior pixel's enclosed region
 * (connected in the fill's connectivity), -1 elsewhere; returns how many
 * regions there are. */
static int
number_regions (const Comparison *c, int *region)
{
  int    width = c->steps->width, height = c->steps->height;
  size_t pixels = (size_t) width * height;
  int   *queue = malloc (sizeof (int) * pixels);
  int    count = 0;

  for (size_t i = 0; i < pixels; i++)
    region[i] = -1;
  for (size_t start = 0; start < pixels; start++)
    {
      size_t head = 0, tail = 0;

      if (region[start] >= 0 || step_at (c, start % width, start / width) != 0)
        continue;
      region[start] = count;
      queue[tail++] = (int) start;
      while (head < tail)
        {
          int at = queue[head++];
          for (int k = 0; k < c->fill->connectivity; k++)
            {
              int nx = at % width + neighbour_dx[k];
              int ny = at / width + neighbour_dy[k];
              int next = ny * width + nx;
              if (nx >= 0 && ny >= 0 && nx < width && ny < height
                  && region[next] < 0 && step_at (c, nx, ny) == 0)
                {
                  region[next] = count;
                  queue[tail++] = next;
                }
            }
        }
      count++;
    }
  free (queue);
  return count;
}

/* Each region one colour, that no other region has: compared with the
 * region's first selected pixel (SAMPLE_AT; -1 while none). */
static void
compare_regions (Comparison *c, const int *region, int count)
{
  int     width = c->steps->width;
  int    *sample_at = malloc (sizeof (int) * (count > 0 ? count : 1));
  size_t  pixels = (size_t) width * c->steps->height;

  for (int r = 0; r < count; r++)
    sample_at[r] = -1;
  for (size_t i = 0; i < pixels; i++)
    {
      int x = (int) (i % width), y = (int) (i / width), r = region[i];
      if (r < 0 || selected (c, x, y) <= 0)
        continue;
      if (sample_at[r] < 0)
        sample_at[r] = (int) i;
      else if (! same_colour (c, x, y, sample_at[r] % width,
                              sample_at[r] / width))
        report (c, "pixel (%d,%d) of region %d differs from (%d,%d)\n", x, y,
                r, sample_at[r] % width, sample_at[r] / width);
    }
  for (int a = 0; a < count; a++)
    for (int b = a + 1; b < count; b++)
      if (sample_at[a] >= 0 && sample_at[b] >= 0
          && same_colour (c, sample_at[a] % width, sample_at[a] / width,
                          sample_at[b] % width, sample_at[b] / width))
        report (c, "regions %d at (%d,%d) and %d at (%d,%d): one colour\n",
                a, sample_at[a] % width, sample_at[a] / width,
                b, sample_at[b] % width, sample_at[b] / width);
  free (sample_at);
}

/* Each pixel under the line has the colour of a neighbour painted one step
 * before it (or of one whose colour cannot be seen, being unselected). */
static void
compare_bleed (Comparison *c)
{
  for (int y = 0; y < c->steps->height; y++)
    for (int x = 0; x < c->steps->width; x++)
      {
        int  step = step_at (c, x, y);
        bool found = false;

        if (step == 0 || step == UNPAINTED || selected (c, x, y) <= 0)
          continue;
        /* To the centre, the line grows through corners too. */
        for (int k = 0; k < (c->fill->to_centre ? 8 : c->fill->connectivity)
                        && ! found; k++)
          {
            int nx = x + neighbour_dx[k], ny = y + neighbour_dy[k];
            found = nx >= 0 && ny >= 0 && nx < c->steps->width
                    && ny < c->steps->height && step_at (c, nx, ny) == step - 1
                    && (selected (c, nx, ny) <= 0
                        || same_colour (c, x, y, nx, ny));
          }
        if (! found)
          report (c, "pixel (%d,%d), bled at step %d: no neighbour of step "
                  "%d has its colour\n", x, y, step, step - 1);
      }
}

static void
compare_flat (Comparison *c)
{
  size_t pixels = (size_t) c->steps->width * c->steps->height;
  int *region = malloc (sizeof (int) * pixels);
  int  count;

  /* Regions joined only through a closed gap are still two. */
  if (c->labels->label != NULL)
    {
      count = (int) c->labels->count;
      for (size_t i = 0; i < pixels; i++)
        region[i] = (int) c->labels->label[i] - 1;
    }
  else
    count = number_regions (c, region);

  compare_alpha (c);
  compare_regions (c, region, count);
  compare_bleed (c);
  printf ("%d enclosed regions\n", count);
  free (region);
}

static bool
read_inputs (const TesseraImage *before, char *const *args, RawImage *result,
             RawImage *mask)
{
  mask->data = NULL;
  if (! raw_image_read (args[1], result))
    return false;
  if (strcmp (args[2], "-") != 0 && ! raw_image_read (args[2], mask))
    {
      raw_image_free (result);
      return false;
    }
  if (result->width == before->width && result->height == before->height
      && (mask->data == NULL
          || (mask->channels == 1 && mask->width == before->width
              && mask->height == before->height)))
    return true;
  fprintf (stderr, "%s or %s: not the drawable's size\n", args[1], args[2]);
  raw_image_free (result);
  raw_image_free (mask);
  return false;
}

int
check_fill_output (const TesseraImage *before, bool has_alpha,
                   char *const *args, int n_args)
{
  static const char *const outputs[] = { "layer", "flat", "selection" };
  void (*const compare[]) (Comparison *) = { compare_layer, compare_flat,
                                             compare_selection };
  FillArgs     fill;
  RawImage     result, mask;
  TesseraImage steps;
  TesseraLabels labels = { NULL, 0, 0, 0 };
  Comparison   c = { &result, &mask, &steps, &fill, 0, 0, &labels };
  int          output = 0;

  while (output < 3 && n_args == 9 && strcmp (args[0], outputs[output]) != 0)
    output++;
  if (output == 3 || ! parse_fill_args (args + 3, &fill)
      || ! read_inputs (before, args, &result, &mask))
    return 2;
  if ((output == 2) != (result.channels == 1)
      || (output != 2 && ! result.has_alpha)
      || fill_steps (before, has_alpha, &fill, &steps, &labels) != TESSERA_OK)
    {
      fprintf (stderr, "%s: not a %s, or the core failed\n", args[1],
               args[0]);
      raw_image_free (&result);
      raw_image_free (&mask);
      return 2;
    }

  c.slack = merge_slack (result.type);
  compare[output] (&c);
  printf ("%s, %s: %zu wrong\n", args[0], raw_sample_type_name (result.type),
          c.failures);
  tessera_image_free (&steps);
  tessera_labels_free (&labels);
  raw_image_free (&result);
  raw_image_free (&mask);
  return c.failures ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* Line art for gimp-check make. */

bool
check_line_art_parse (const char *name, LineArt *kind)
{
  static const char *const names[] = { "ink", "light", "paper" };

  for (int i = 0; i < 3; i++)
    if (strcmp (name, names[i]) == 0)
      {
        *kind = (LineArt) i;
        return true;
      }
  return false;
}

/* Whether (X, Y) touches a line of LINES (8-connected). */
static bool
next_to_line (const TesseraImage *lines, int x, int y)
{
  for (int k = 0; k < 8; k++)
    {
      int nx = x + neighbour_dx[k], ny = y + neighbour_dy[k];
      if (nx >= 0 && ny >= 0 && nx < lines->width && ny < lines->height
          && *pixel_u8 (lines, nx, ny) != 0)
        return true;
    }
  return false;
}

/* A random level: DARK ones in [0, 0.25], light ones in [0.75, 1]. */
static double
random_level (TestRandom *random, bool dark)
{
  return (dark ? 0.0 : 0.75) + 0.25 * test_random_double (random);
}

void
check_line_art_fill (TesseraImage *image, TestRandom *random, LineArt kind)
{
  bool          has_alpha = image->channels == 2 || image->channels == 4;
  int           colours = image->channels - (has_alpha ? 1 : 0);
  TesseraImage  lines;

  if (tessera_image_alloc (&lines, image->width, image->height, 1,
                           TESSERA_U8) != TESSERA_OK)
    abort ();
  /* About one shape per 150 pixels: small ones mostly, lines 1 to 3 px. */
  synthetic_contours_draw (random, &lines,
                           kind == LINE_ART_PAPER
                           ? 0 : image->width * image->height / 150, 3);
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      {
        bool line = *pixel_u8 (&lines, x, y) != 0;
        bool edge = ! line && next_to_line (&lines, x, y)
                    && test_random_int (random, 0, 1) == 0;
        bool dark = line ? kind == LINE_ART_INK : kind == LINE_ART_LIGHT;

        for (int c = 0; c < image->channels; c++)
          set_sample (image, y, x * image->channels + c,
                      edge ? test_random_double (random)
                      : c < colours ? random_level (random, dark)
                      : random_level (random, ! line));
      }
  tessera_image_free (&lines);
}
