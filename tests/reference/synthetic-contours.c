/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "synthetic-contours.h"

#define CONTOUR 255

static void
clear (TesseraImage *image)
{
  for (int y = 0; y < image->height; y++)
    memset (tessera_image_row (image, y), 0, (size_t) image->width);
}

/* A THICKNESS x THICKNESS square brush at (X, Y), clipped. */
static void
dab (TesseraImage *image, int x, int y, int thickness)
{
  for (int dy = 0; dy < thickness; dy++)
    for (int dx = 0; dx < thickness; dx++)
      {
        int px = x + dx - thickness / 2, py = y + dy - thickness / 2;
        if (px >= 0 && px < image->width && py >= 0 && py < image->height)
          ((unsigned char *) tessera_image_row (image, py))[px] = CONTOUR;
      }
}

/* Bresenham: each step moves to one of the 8 neighbours. */
static void
line (TesseraImage *image, int x0, int y0, int x1, int y1, int thickness)
{
  int dx = abs (x1 - x0), dy = -abs (y1 - y0);
  int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int err = dx + dy;

  for (;;)
    {
      dab (image, x0, y0, thickness);
      if (x0 == x1 && y0 == y1)
        break;
      int e2 = 2 * err;
      if (e2 >= dy)
        {
          err += dy;
          x0 += sx;
        }
      if (e2 <= dx)
        {
          err += dx;
          y0 += sy;
        }
    }
}

/* A polyline through N points (XS, YS), closed when CLOSED. */
static void
polyline (TesseraImage *image, const int *xs, const int *ys, int n,
          int closed, int thickness)
{
  for (int i = 0; i + 1 < n; i++)
    line (image, xs[i], ys[i], xs[i + 1], ys[i + 1], thickness);
  if (closed && n > 2)
    line (image, xs[n - 1], ys[n - 1], xs[0], ys[0], thickness);
}

#define MAX_POINTS 256
#define TURN 6.283185307179586   /* 2 pi; strict C11 has no M_PI */

/* A star-shaped outline around (CX, CY): an ellipse when JAGGED is 0, a
 * random polygon otherwise. */
static int
outline (TestRandom *r, double cx, double cy, double rx, double ry,
         double jagged, int *xs, int *ys)
{
  int n = jagged > 0 ? test_random_int (r, 3, 12)
                     : (int) fmin (MAX_POINTS, 8 + (rx + ry) / 2);
  double turn = test_random_double (r) * TURN;

  for (int i = 0; i < n; i++)
    {
      double angle = turn + TURN * i / n;
      double scale = 1 - jagged * test_random_double (r);
      xs[i] = (int) lround (cx + rx * scale * cos (angle));
      ys[i] = (int) lround (cy + ry * scale * sin (angle));
    }
  return n;
}

static void
shape (TestRandom *r, TesseraImage *image, int max_thickness)
{
  int xs[MAX_POINTS], ys[MAX_POINTS], n;
  int side = image->width < image->height ? image->width : image->height;
  int thickness = test_random_int (r, 1, max_thickness);
  /* Centres a little outside the image too, so shapes cross the border. */
  double cx = (test_random_double (r) * 1.2 - 0.1) * image->width;
  double cy = (test_random_double (r) * 1.2 - 0.1) * image->height;
  /* Many small shapes, a few large ones. */
  double size = test_random_double (r);
  double rx = 1 + size * size * side / 16.0 * (0.5 + test_random_double (r));
  double ry = 1 + size * size * side / 16.0 * (0.5 + test_random_double (r));
  int kind = test_random_int (r, 0, 4);

  switch (kind)
    {
    case 0:   /* ellipse */
    case 1:   /* polygon */
      n = outline (r, cx, cy, rx, ry, kind == 1 ? 0.6 : 0, xs, ys);
      polyline (image, xs, ys, n, 1, thickness);
      break;
    case 2:   /* nested rings */
      for (int ring = test_random_int (r, 2, 4); ring > 0; ring--)
        {
          double scale = (double) ring / 4;
          n = outline (r, cx, cy, rx * scale + 2, ry * scale + 2, 0, xs, ys);
          polyline (image, xs, ys, n, 1, thickness);
        }
      break;
    case 3:   /* an open stroke */
      n = test_random_int (r, 2, 8);
      for (int i = 0; i < n; i++)
        {
          xs[i] = (int) (cx + (test_random_double (r) - 0.5) * 2 * rx);
          ys[i] = (int) (cy + (test_random_double (r) - 0.5) * 2 * ry);
        }
      polyline (image, xs, ys, n, 0, thickness);
      break;
    default:  /* a closed ellipse with a one-pixel gap */
      n = outline (r, cx, cy, rx, ry, 0, xs, ys);
      polyline (image, xs, ys, n, 1, 1);
      if (xs[0] >= 0 && xs[0] < image->width
          && ys[0] >= 0 && ys[0] < image->height)
        ((unsigned char *) tessera_image_row (image, ys[0]))[xs[0]] = 0;
      break;
    }
}

void
synthetic_contours_draw (TestRandom *r, TesseraImage *image, int shapes,
                         int max_thickness)
{
  clear (image);
  for (int i = 0; i < shapes; i++)
    shape (r, image, max_thickness);
}

void
synthetic_contours_noise (TestRandom *r, TesseraImage *image, double density)
{
  uint64_t threshold = (uint64_t) (density * 65536);
  for (int y = 0; y < image->height; y++)
    {
      unsigned char *row = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++)
        row[x] = (test_random_next (r) & 0xffff) < threshold ? CONTOUR : 0;
    }
}

const char *
synthetic_contours_random (TestRandom *r, TesseraImage *image, int round)
{
  if (round % 3 == 2)
    {
      synthetic_contours_noise (r, image, test_random_double (r));
      return "noise";
    }
  synthetic_contours_draw (r, image, test_random_int (r, 1, 30), 3);
  return "contours";
}
