/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — where a dialog's screenshot shows an image whole.
 *
 *   preview-match SHOT.ppm IMAGE.ppm
 *     finds the placement (x, y, width, height; the image's aspect kept)
 *     at which SHOT shows IMAGE scaled most alike, by normalised cross-
 *     correlation of the grey levels, and prints "X Y WIDTH HEIGHT NCC";
 *   preview-match SHOT.ppm IMAGE.ppm X Y WIDTH HEIGHT
 *     prints the correlation at that placement only.
 *
 * The search goes from coarse to fine (the screenshot shrunk 8, 2, then 1
 * times), so that a dialog's screenshot takes a second, not minutes.  A
 * preview that shows the whole image, fitted, correlates near 1; one that
 * shows a part of it, or another image, far less. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "pnm.h"

typedef struct
{
  int    width, height;
  float *grey;
} Grey;

static Grey
grey_of (const TesseraImage *image)
{
  Grey out = { image->width, image->height,
               malloc (sizeof (float) * image->width * image->height) };

  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      {
        size_t i = (size_t) x * image->channels;
        double v = 0;
        for (int c = 0; c < (image->channels >= 3 ? 3 : 1); c++)
          v += tessera_image_sample_at (image, y, i + c);
        out.grey[(size_t) y * out.width + x]
          = v / (image->channels >= 3 ? 3 : 1);
      }
  return out;
}

/* SOURCE's area mean over [X0, X1) x [Y0, Y1) (fractional edges cut to
 * whole pixels: enough for a match). */
static float
area_mean (const Grey *source,
           double      x0,
           double      y0,
           double      x1,
           double      y1)
{
  int    ix0 = (int) x0, iy0 = (int) y0;
  int    ix1 = (int) ceil (x1), iy1 = (int) ceil (y1);
  double sum = 0;

  ix1 = ix1 > source->width ? source->width : ix1;
  iy1 = iy1 > source->height ? source->height : iy1;
  ix1 = ix1 <= ix0 ? ix0 + 1 : ix1;
  iy1 = iy1 <= iy0 ? iy0 + 1 : iy1;
  for (int y = iy0; y < iy1; y++)
    for (int x = ix0; x < ix1; x++)
      sum += source->grey[(size_t) y * source->width + x];
  return sum / ((ix1 - ix0) * (iy1 - iy0));
}

/* SOURCE resampled to WIDTH x HEIGHT by area means. */
static Grey
resample (const Grey *source,
          int         width,
          int         height)
{
  Grey   out = { width, height, malloc (sizeof (float) * width * height) };
  double sx  = (double) source->width / width;
  double sy  = (double) source->height / height;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      out.grey[(size_t) y * width + x]
        = area_mean (source, x * sx, y * sy, (x + 1) * sx, (y + 1) * sy);
  return out;
}

/* The correlation of TEMPLATE with SHOT's pixels from X, Y; -1 outside. */
static double
ncc (const Grey *shot,
     const Grey *template,
     int         x,
     int         y)
{
  double st = 0, ss = 0, stt = 0, sss = 0, sts = 0;
  double n  = (double) template->width * template->height;
  double cov, var;

  if (x < 0 || y < 0 || x + template->width > shot->width
      || y + template->height > shot->height)
    return -1;
  for (int j = 0; j < template->height; j++)
    {
      const float *t = template->grey + (size_t) j * template->width;
      const float *s = shot->grey + (size_t) (y + j) * shot->width + x;
      for (int i = 0; i < template->width; i++)
        {
          st += t[i];
          ss += s[i];
          stt += t[i] * t[i];
          sss += s[i] * s[i];
          sts += t[i] * s[i];
        }
    }
  cov = sts - st * ss / n;
  var = (stt - st * st / n) * (sss - ss * ss / n);
  return var > 0 ? cov / sqrt (var) : 0;
}

typedef struct
{
  int    x, y, width;
  double ncc;
} Match;

/* The best placement on SHOT (shrunk SHRINK times) of IMAGE at widths
 * [WIDTH0, WIDTH1] and places X0..X1, Y0..Y1, all in SHOT's pixels. */
static Match
search (const Grey *shot,
        const Grey *image,
        int         width0,
        int         width1,
        int         x0,
        int         x1,
        int         y0,
        int         y1)
{
  Match best = { 0, 0, 0, -2 };

  for (int width = width0; width <= width1; width++)
    {
      int  height = (int) lround ((double) width * image->height
                                  / image->width);
      Grey template;

      if (width < 4 || height < 4 || width > shot->width
          || height > shot->height)
        continue;
      template = resample (image, width, height);
      for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
          {
            double r = ncc (shot, &template, x, y);
            if (r > best.ncc)
              best = (Match) { x, y, width, r };
          }
      free (template.grey);
    }
  return best;
}

static Match
find (const Grey *shot,
      const Grey *image)
{
  static const int shrinks[] = { 8, 2, 1 };
  Match best = { 0, 0, 0, -2 };

  for (int k = 0; k < 3; k++)
    {
      int  f = shrinks[k];
      Grey small = resample (shot, shot->width / f, shot->height / f);

      if (k == 0)
        best = search (&small, image, small.width / 5, small.width,
                       0, small.width, 0, small.height);
      else
        {
          /* Around the coarser match, at this scale. */
          int r = shrinks[k - 1] / f + 1;
          int x = best.x * shrinks[k - 1] / f, y = best.y * shrinks[k - 1] / f;
          int w = best.width * shrinks[k - 1] / f;
          best = search (&small, image, w - 2 * r, w + 2 * r, x - r, x + r,
                         y - r, y + r);
        }
      free (small.grey);
    }
  return best;
}

static int
read_grey (const char *path,
           Grey       *grey)
{
  TesseraImage image;
  PnmFormat    format;
  const char  *why = "";

  if (pnm_read (path, &image, &format, &why) != TESSERA_OK)
    {
      fprintf (stderr, "%s: %s\n", path, why);
      return 0;
    }
  *grey = grey_of (&image);
  tessera_image_free (&image);
  return 1;
}

int
main (int    argc,
      char **argv)
{
  Grey shot, image;

  if ((argc != 3 && argc != 7) || ! read_grey (argv[1], &shot)
      || ! read_grey (argv[2], &image))
    {
      fprintf (stderr, "usage: %s SHOT.ppm IMAGE.ppm [X Y WIDTH HEIGHT]\n",
               argv[0]);
      return 2;
    }
  if (argc == 7)
    {
      Grey template = resample (&image, atoi (argv[5]), atoi (argv[6]));
      printf ("%.4f\n", ncc (&shot, &template, atoi (argv[3]),
                            atoi (argv[4])));
    }
  else
    {
      Match m = find (&shot, &image);
      printf ("%d %d %d %d %.4f\n", m.x, m.y, m.width,
              (int) lround ((double) m.width * image.height / image.width),
              m.ncc);
    }
  return 0;
}
