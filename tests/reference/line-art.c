/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "line-art.h"

#define PI 3.14159265358979323846

typedef struct
{
  double x, y;
} Point;

typedef struct
{
  double s0, s1;   /* arc length removed */
} Cut;

typedef struct
{
  Point  *points;
  int     n;
  bool    closed;
  bool    hatch;      /* drawn only with CUT */
  double  thickness;
  int     cell;       /* strokes of one cell may come close; others not */
  Cut    *cuts;
  int     n_cuts;
} Stroke;

struct LineArt
{
  int            width, height;
  LineArtParams  params;
  Stroke        *strokes;
  int            n_strokes, capacity;
};

static Stroke *
stroke_add (LineArt *art, int n, bool closed, double thickness, int cell)
{
  Stroke *s;

  if (art->n_strokes == art->capacity)
    {
      art->capacity = art->capacity ? 2 * art->capacity : 64;
      art->strokes = realloc (art->strokes,
                              (size_t) art->capacity * sizeof *art->strokes);
    }
  s = &art->strokes[art->n_strokes++];
  memset (s, 0, sizeof *s);
  s->points = malloc ((size_t) n * sizeof *s->points);
  s->n = n;
  s->closed = closed;
  s->thickness = thickness;
  s->cell = cell;
  return s;
}

static double
uniform (TestRandom *r, double lo, double hi)
{
  return lo + (hi - lo) * test_random_double (r);
}

/* A closed outline of N points at radius RADIUS (angle) about (CX, CY),
 * turned by TURN. */
static Stroke *
outline (LineArt *art, int n, double cx, double cy, double turn,
         double thickness, int cell, double (*radius) (double, const double *),
         const double *shape)
{
  Stroke *s = stroke_add (art, n, true, thickness, cell);
  for (int i = 0; i < n; i++)
    {
      double a = 2 * PI * i / n;
      double rr = radius (a, shape);
      s->points[i] = (Point) { cx + rr * cos (a + turn),
                               cy + rr * sin (a + turn) };
    }
  return s;
}

/* shape: rx, ry */
static double
ellipse_radius (double a, const double *shape)
{
  double c = cos (a) / shape[0], s = sin (a) / shape[1];
  return 1 / sqrt (c * c + s * s);
}

/* shape: outer, inner, points; alternate vertices */
static double
star_radius (double a, const double *shape)
{
  int i = (int) lround (a / (PI / shape[2]));
  return i % 2 == 0 ? shape[0] : shape[1];
}

static void
add_peanut (LineArt *art, double cx, double cy, double rho, double thickness,
            double free_width, double turn, int cell)
{
  /* The free pixels at the neck: |y| < sqrt ((rho - t/2)^2 - d^2). */
  double inner = rho - thickness / 2, half = free_width / 2;
  double d = sqrt (inner * inner - half * half);
  /* Where the right circle's centre line meets the left one's. */
  double a0 = atan2 (sqrt (rho * rho - d * d), -d);
  int per = 40;
  Stroke *s = stroke_add (art, 2 * per, true, thickness, cell);

  /* The right circle's outer arc from the upper neck round to the lower
   * one, then its mirror image from the lower neck back up. */
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < per; i++)
      {
        int k = side ? per - 1 - i : i;
        double a = a0 - 2 * a0 * k / (per - 1);
        double x = d + rho * cos (a), y = rho * sin (a);
        if (side)
          x = -x;
        s->points[side * per + i] = (Point) {
          cx + x * cos (turn) - y * sin (turn),
          cy + x * sin (turn) + y * cos (turn) };
      }
}

static void
add_crown (LineArt *art, double cx, double cy, double size, double thickness,
           int cell, TestRandom *r)
{
  int spikes = test_random_int (r, 3, 5);
  Stroke *s = stroke_add (art, 2 * spikes + 3, true, thickness, cell);
  double left = cx - size, right = cx + size, base = cy + 0.7 * size;
  double top = cy - size, valley = cy - 0.1 * size;
  int n = 0;

  s->points[n++] = (Point) { left, base };
  for (int i = 0; i <= 2 * spikes; i++)
    s->points[n++] = (Point) { left + (right - left) * i / (2 * spikes),
                               i % 2 == 0 ? top : valley };
  s->points[n++] = (Point) { right, base };
  s->n = n;
}

static void
add_spiral (LineArt *art, double cx, double cy, double size, double thickness,
            int cell)
{
  double spacing = 14 + 2 * thickness;
  double turns = (size - 6) / spacing;
  int n = (int) (turns * 48);
  double e[2] = { size, size };
  Stroke *s;

  outline (art, 64, cx, cy, 0, thickness, cell, ellipse_radius, e);
  if (n < 8)
    return;
  s = stroke_add (art, n, false, thickness, cell);
  for (int i = 0; i < n; i++)
    {
      double a = 2 * PI * i / 48, rr = size - spacing * a / (2 * PI);
      s->points[i] = (Point) { cx + rr * cos (a), cy + rr * sin (a) };
    }
}

/* Cross-hatching in a square of side SIDE about (CX, CY). */
static void
add_hatching (LineArt *art, double cx, double cy, double side, int cell,
              TestRandom *r)
{
  int lines = test_random_int (r, 3, 6);
  for (int dir = 0; dir < 2; dir++)
    for (int i = 0; i < lines; i++)
      {
        double off = -side / 2 + side * (i + 0.5) / lines;
        Stroke *s = stroke_add (art, 2, false, 1, cell);
        s->hatch = true;
        s->points[0] = dir ? (Point) { cx + off, cy - side / 2 }
                           : (Point) { cx - side / 2, cy + off };
        s->points[1] = dir ? (Point) { cx + off, cy + side / 2 }
                           : (Point) { cx + side / 2, cy + off };
      }
}

static void
add_shape (LineArt *art, TestRandom *r, double cx, double cy, double cell_size,
           int cell)
{
  const LineArtParams *p = &art->params;
  double t = test_random_int (r, p->thickness_min, p->thickness_max);
  double size = cell_size * uniform (r, 0.32, 0.42);
  double turn = uniform (r, 0, 2 * PI);
  double shape[3];
  int kind = test_random_int (r, 0, 6);

  switch (kind)
    {
    case 0:
      shape[0] = size;
      shape[1] = size * uniform (r, 0.5, 1);
      outline (art, 48, cx, cy, turn, t, cell, ellipse_radius, shape);
      break;
    case 1:
      shape[0] = size;
      shape[1] = size * uniform (r, 0.35, 0.5);
      shape[2] = test_random_int (r, 5, 7);
      outline (art, 2 * (int) shape[2], cx, cy, turn, t, cell, star_radius,
               shape);
      break;
    case 2:
      add_crown (art, cx, cy, size, t, cell, r);
      break;
    case 3:
      shape[0] = shape[1] = size;
      outline (art, 4, cx, cy, turn, t, cell, star_radius,
               (double[]) { size, size, 2 });
      break;
    case 4:
      shape[0] = shape[1] = size;
      outline (art, 48, cx, cy, turn, t, cell, ellipse_radius, shape);
      shape[0] = shape[1] = size * 0.5;
      outline (art, 32, cx, cy, turn, t, cell, ellipse_radius, shape);
      break;
    case 5:
      add_peanut (art, cx, cy, size * 0.55, t, test_random_int (r, 2, 5),
                  turn, cell);
      break;
    default:
      add_spiral (art, cx, cy, size, t, cell);
      break;
    }
  /* Hatching well inside the shapes that have room for it. */
  if (p->hatching && (kind == 0 || kind == 3 || kind == 4)
      && test_random_int (r, 0, 1) == 0)
    add_hatching (art, cx, cy, size * 0.5, cell, r);
}

/* Long strokes across the canvas and big circles half off it. */
static void
add_bleed (LineArt *art, TestRandom *r)
{
  int w = art->width, h = art->height;
  for (int i = 0; i < 3; i++)
    {
      Stroke *s = stroke_add (art, 2, false, 3, -1);
      if (i % 2 == 0)
        {
          s->points[0] = (Point) { -10, uniform (r, 0.2, 0.8) * h };
          s->points[1] = (Point) { w + 10, uniform (r, 0.2, 0.8) * h };
        }
      else
        {
          s->points[0] = (Point) { uniform (r, 0.2, 0.8) * w, -10 };
          s->points[1] = (Point) { uniform (r, 0.2, 0.8) * w, h + 10 };
        }
    }
  for (int i = 0; i < 2; i++)
    {
      double e[2] = { 0.3 * h, 0.3 * h };
      outline (art, 96, i ? w : 0, uniform (r, 0.3, 0.7) * h, 0, 3, -1,
               ellipse_radius, e);
    }
}

static double
seg_length (Point a, Point b)
{
  return hypot (b.x - a.x, b.y - a.y);
}

/* The distance from P to segment AB, and the fraction along it. */
static double
seg_distance (Point p, Point a, Point b, double *along)
{
  double vx = b.x - a.x, vy = b.y - a.y, l2 = vx * vx + vy * vy;
  double t = l2 > 0 ? ((p.x - a.x) * vx + (p.y - a.y) * vy) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  *along = t;
  return hypot (p.x - a.x - t * vx, p.y - a.y - t * vy);
}

static int
segments (const Stroke *s)
{
  return s->closed ? s->n : s->n - 1;
}

/* The turn at vertex I of S, radians. */
static double
turn_at (const Stroke *s, int i)
{
  Point p = s->points[(i + s->n - 1) % s->n], q = s->points[i],
        n = s->points[(i + 1) % s->n];
  double a = atan2 (q.y - p.y, q.x - p.x), b = atan2 (n.y - q.y, n.x - q.x);
  double d = fabs (b - a);
  return d > PI ? 2 * PI - d : d;
}

/* A cut of GAP pixels on a closed stroke of a cell, away from sharp
 * corners and from the cell's other strokes. */
static bool
try_cut (LineArt *art, TestRandom *r, double gap)
{
  Stroke *s = &art->strokes[test_random_int (r, 0, art->n_strokes - 1)];
  double total = 0, at, margin = gap / 2 + 2 * s->thickness + 3;
  int i;

  if (!s->closed || s->cell < 0)
    return false;
  for (i = 0; i < s->n; i++)
    total += seg_length (s->points[i], s->points[(i + 1) % s->n]);
  at = uniform (r, 0, total);
  /* Far enough from sharp vertices (by arc length). */
  {
    double arc = 0;
    for (i = 0; i < s->n; i++)
      {
        double d = fabs (arc - at);
        d = d > total / 2 ? total - d : d;
        if (turn_at (s, i) > 0.6 && d < margin)
          return false;
        arc += seg_length (s->points[i], s->points[(i + 1) % s->n]);
      }
  }
  /* The point, and its distance to the cell's other strokes. */
  {
    double arc = 0;
    Point p = s->points[0];
    for (i = 0; i < s->n; i++)
      {
        Point a = s->points[i], b = s->points[(i + 1) % s->n];
        double l = seg_length (a, b);
        if (arc + l >= at)
          {
            double f = l > 0 ? (at - arc) / l : 0;
            p = (Point) { a.x + f * (b.x - a.x), a.y + f * (b.y - a.y) };
            break;
          }
        arc += l;
      }
    if (p.x < margin || p.y < margin || p.x > art->width - margin
        || p.y > art->height - margin)
      return false;
    for (int k = 0; k < art->n_strokes; k++)
      {
        Stroke *o = &art->strokes[k];
        if (o == s || (o->cell != s->cell && o->cell >= 0))
          continue;
        for (int j = 0; j < segments (o); j++)
          {
            double along;
            if (seg_distance (p, o->points[j], o->points[(j + 1) % o->n],
                              &along) < gap + 2 * (s->thickness + o->thickness)
                                        + 6)
              return false;
          }
      }
    for (int c = 0; c < s->n_cuts; c++)
      if (fabs (s->cuts[c].s0 - at) < 4 * margin)
        return false;
  }
  s->cuts = realloc (s->cuts, (size_t) (s->n_cuts + 1) * sizeof *s->cuts);
  s->cuts[s->n_cuts++] = (Cut) { at - gap / 2, at + gap / 2 };
  return true;
}

LineArt *
line_art_new (TestRandom *r, int width, int height,
              const LineArtParams *params)
{
  LineArt *art = calloc (1, sizeof *art);
  double cell = 120;
  int columns = (int) (width / cell), rows = (int) (height / cell);

  art->width = width;
  art->height = height;
  art->params = *params;
  if (columns < 1)
    columns = 1;
  if (rows < 1)
    rows = 1;
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < columns; i++)
      {
        double cw = (double) width / columns, ch = (double) height / rows;
        add_shape (art, r, (i + 0.5) * cw, (j + 0.5) * ch,
                   cw < ch ? cw : ch, j * columns + i);
      }
  if (params->full_bleed)
    add_bleed (art, r);
  for (int made = 0, tries = 0; made < params->gaps && tries < 100000;
       tries++)
    made += try_cut (art, r, test_random_int (r, params->gap_min,
                                              params->gap_max));
  return art;
}

void
line_art_free (LineArt *art)
{
  for (int i = 0; i < art->n_strokes; i++)
    {
      free (art->strokes[i].points);
      free (art->strokes[i].cuts);
    }
  free (art->strokes);
  free (art);
}

static bool
in_cut (const Stroke *s, double arc, double total)
{
  for (int c = 0; c < s->n_cuts; c++)
    {
      double a = arc;
      if (s->cuts[c].s0 < 0 && a > total + s->cuts[c].s0)
        a -= total;
      if (s->cuts[c].s1 > total && a < s->cuts[c].s1 - total)
        a += total;
      if (a >= s->cuts[c].s0 && a <= s->cuts[c].s1)
        return true;
    }
  return false;
}

static void
render_stroke (const Stroke *s, TesseraImage *ink, bool cut, bool aa)
{
  double half = s->thickness / 2, total = 0, arc = 0;

  for (int i = 0; i < segments (s); i++)
    total += seg_length (s->points[i], s->points[(i + 1) % s->n]);
  for (int i = 0; i < segments (s); i++)
    {
      Point a = s->points[i], b = s->points[(i + 1) % s->n];
      double l = seg_length (a, b);
      int x0 = (int) floor (fmin (a.x, b.x) - half - 2);
      int x1 = (int) ceil (fmax (a.x, b.x) + half + 2);
      int y0 = (int) floor (fmin (a.y, b.y) - half - 2);
      int y1 = (int) ceil (fmax (a.y, b.y) + half + 2);
      for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < ink->height; y++)
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < ink->width; x++)
          {
            double along, d = seg_distance ((Point) { x, y }, a, b, &along);
            double cover;
            uint8_t *px = (uint8_t *) tessera_image_row (ink, y) + x;
            if (cut && s->n_cuts > 0 && in_cut (s, arc + along * l, total))
              continue;
            cover = aa ? half + 0.5 - d : (d <= half ? 1 : 0);
            cover = cover < 0 ? 0 : cover > 1 ? 1 : cover;
            if (cover * 255 > *px)
              *px = (uint8_t) lround (cover * 255);
          }
      arc += l;
    }
}

void
line_art_render (const LineArt *art, TesseraImage *ink, bool cut)
{
  for (int y = 0; y < ink->height; y++)
    memset (tessera_image_row (ink, y), 0, (size_t) ink->width);
  for (int i = 0; i < art->n_strokes; i++)
    if (cut || !art->strokes[i].hatch)
      render_stroke (&art->strokes[i], ink, cut, art->params.antialiased);
}

void
line_art_threshold (const TesseraImage *ink, TesseraImage *map)
{
  for (int y = 0; y < ink->height; y++)
    {
      const uint8_t *in = tessera_image_row (ink, y);
      uint8_t *out = tessera_image_row (map, y);
      for (int x = 0; x < ink->width; x++)
        out[x] = in[x] >= 128 ? 255 : 0;
    }
}
