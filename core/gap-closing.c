/* Tessera — closing the gaps of line art (step 1 of fill-regions.h).
 *
 * Only a line that ends can leave a gap, so the closures start at line
 * ends, as in Fourey, Tschumperlé and Revoy, "A fast and efficient
 * semi-guided algorithm for flat coloring line-arts" (2018), the method of
 * GIMP's line-art fill and G'MIC's smart colouring.  Where they find ends
 * by the curvature of the line's edge (which also flags the sharp tips of
 * stars and crowns, and cuts them), an end here is the end of the line's
 * skeleton:
 *  1. The lines are thinned to a one-pixel skeleton (Zhang and Suen 1984),
 *     in sweeps of rows on all threads.
 *  2. A skeleton pixel with one run of neighbours is an end.  An end whose
 *     branch meets a junction within the line's half-width (+2) is a spur
 *     of a thick corner or a square cap, and is pruned (twice, so that the
 *     fork of a square cap leaves its stem's end).
 *  3. From each end, the line's heading is the direction from a skeleton
 *     pixel 2r+3 steps back (r: the half-width at the end).  Rays in a cone
 *     of +-60 degrees walk 4-connected cells (Amanatides and Woo) out of
 *     the end's cap, across free cells, to the first line cell (or the
 *     canvas edge, with EDGE).  A ray counts if it crossed 1..GAP free
 *     cells and hit a line that is not the end's own stroke nearby (not
 *     within a geodesic ball of the end along the line); the one with the
 *     fewest free cells, then the smallest angle, is the closure, and its
 *     free cells become closure pixels.
 * Every end is looked at on its own and reads only the original line, so
 * the result does not depend on the order of the ends or the threads. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef GAP_DEBUG
#include <stdio.h>
#endif
#include "fill-regions-private.h"

#define SKELETON 1

/* The 8 neighbours in Zhang and Suen's order: N, NE, E, SE, S, SW, W, NW. */
static const int ring_x[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int ring_y[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

typedef struct
{
  const uint8_t *line;   /* 1: line (the original map) */
  uint8_t       *skel;   /* SKELETON on skeleton pixels */
  int            width, height;
} Map;

static inline int
at_or_zero (const uint8_t *image, int width, int height, int x, int y)
{
  return x >= 0 && y >= 0 && x < width && y < height
         ? image[(size_t) y * width + x] != 0 : 0;
}

/* The 8 neighbours of (X, Y) in IMAGE as bits, N first. */
static inline unsigned
ring_bits (const uint8_t *image, int width, int height, int x, int y)
{
  unsigned bits = 0;
  for (int k = 0; k < 8; k++)
    bits |= (unsigned) at_or_zero (image, width, height, x + ring_x[k],
                                   y + ring_y[k]) << k;
  return bits;
}

/* The number of 0-to-1 steps around the ring. */
static inline int
ring_runs (unsigned bits)
{
  int runs = 0;
  for (int k = 0; k < 8; k++)
    runs += !(bits >> k & 1) && (bits >> ((k + 1) & 7) & 1);
  return runs;
}

static inline int
ring_count (unsigned bits)
{
  return __builtin_popcount (bits);
}

/* ------------------------------------------------------------------ */
/* 1. Thinning. */

/* Whether Zhang and Suen's sub-iteration PASS removes the pixel whose
 * ring is BITS. */
static inline bool
thin_removes (unsigned bits, int pass)
{
  int n = ring_count (bits);
  unsigned p2 = bits & 1, p4 = bits >> 2 & 1, p6 = bits >> 4 & 1,
           p8 = bits >> 6 & 1;

  if (n < 2 || n > 6 || ring_runs (bits) != 1)
    return false;
  return pass == 0 ? !(p2 && p4 && p6) && !(p4 && p6 && p8)
                   : !(p2 && p4 && p8) && !(p2 && p6 && p8);
}

static void
thin (Map *map, uint8_t *gone, int threads)
{
  int width = map->width, height = map->height;
  bool changed = true;

  while (changed)
    {
      changed = false;
      for (int pass = 0; pass < 2; pass++)
        {
          bool any = false;
          #pragma omp parallel for schedule(dynamic, 16) num_threads(threads) reduction(||:any)
          for (int y = 0; y < height; y++)
            {
              const uint8_t *row = map->skel + (size_t) y * width;
              uint8_t *out = gone + (size_t) y * width;
              for (int x = 0; x < width; x++)
                {
                  out[x] = row[x] != 0
                           && thin_removes (ring_bits (map->skel, width,
                                                       height, x, y), pass);
                  any = any || out[x];
                }
            }
          if (!any)
            continue;
          changed = true;
          #pragma omp parallel for schedule(static) num_threads(threads)
          for (int y = 0; y < height; y++)
            {
              uint8_t *row = map->skel + (size_t) y * width;
              const uint8_t *out = gone + (size_t) y * width;
              for (int x = 0; x < width; x++)
                if (out[x])
                  row[x] = 0;
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* 2. Ends and spurs. */

typedef struct
{
  int x, y;
} Cell;

static inline bool
is_end (const Map *map, int x, int y)
{
  unsigned bits;
  if (!at_or_zero (map->skel, map->width, map->height, x, y))
    return false;
  bits = ring_bits (map->skel, map->width, map->height, x, y);
  return ring_count (bits) >= 1 && ring_count (bits) <= 2
         && ring_runs (bits) == 1;
}

static inline bool
is_junction (const Map *map, int x, int y)
{
  return ring_runs (ring_bits (map->skel, map->width, map->height, x, y)) >= 3;
}

/* The half-width of the line at (X, Y): the chessboard distance to the
 * nearest free pixel (at most LIMIT). */
static int
half_width (const Map *map, int x, int y, int limit)
{
  for (int r = 1; r <= limit; r++)
    for (int dy = -r; dy <= r; dy++)
      for (int dx = -r; dx <= r; dx += (dy == -r || dy == r) ? 1 : 2 * r)
        {
          int nx = x + dx, ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < map->width && ny < map->height
              && !map->line[(size_t) ny * map->width + nx])
            return r;
        }
  return limit;
}

/* Walks the skeleton from the end (X, Y) for at most MAX steps into PATH
 * (MAX + 1 cells, the end first), stopping at a junction (which is
 * stored); returns the cells stored, and whether a junction stopped it. */
static int
walk (const Map *map, int x, int y, int max, Cell *path, bool *junction)
{
  int n = 0;

  *junction = false;
  path[n++] = (Cell) { x, y };
  while (n <= max)
    {
      Cell cur = path[n - 1];
      int k, found = -1;

      if (n > 1 && is_junction (map, cur.x, cur.y))
        {
          *junction = true;
          break;
        }
      /* Edge neighbours first, then corners; never back on the path. */
      for (int pick = 0; pick < 8 && found < 0; pick++)
        {
          k = (pick < 4 ? 2 * pick : 2 * (pick - 4) + 1);
          int nx = cur.x + ring_x[k], ny = cur.y + ring_y[k];
          bool seen = false;
          if (!at_or_zero (map->skel, map->width, map->height, nx, ny))
            continue;
          for (int i = n - 1; i >= 0 && i >= n - 4 && !seen; i--)
            seen = path[i].x == nx && path[i].y == ny;
          if (!seen)
            found = k;
        }
      if (found < 0)
        break;
      path[n++] = (Cell) { cur.x + ring_x[found], cur.y + ring_y[found] };
    }
  return n;
}

#define MAX_WALK 160

/* Removes the spurs: branches from an end to a junction no longer than
 * the line's half-width at the junction + 2.  The spurs are found first
 * and removed after, so that the order of the ends does not matter. */
static bool
prune (Map *map, int threads)
{
  int width = map->width, height = map->height;
  bool any = false;
  uint8_t *spur = calloc ((size_t) width * height, 1);

  if (spur == NULL)
    return false;
  #pragma omp parallel for schedule(dynamic, 16) num_threads(threads) reduction(||:any)
  for (int y = 0; y < height; y++)
    {
      Cell path[MAX_WALK + 1];
      for (int x = 0; x < width; x++)
        {
          bool junction;
          int n, limit;
          if (!map->skel[(size_t) y * width + x] || !is_end (map, x, y))
            continue;
          n = walk (map, x, y, MAX_WALK, path, &junction);
          if (!junction)
            continue;
          limit = half_width (map, path[n - 1].x, path[n - 1].y, MAX_WALK / 2)
                  + 2;
          if (n - 1 > limit)
            continue;
          for (int i = 0; i < n - 1; i++)
            spur[(size_t) path[i].y * width + path[i].x] = 1;
          any = true;
        }
    }
  if (any)
    {
      #pragma omp parallel for schedule(static) num_threads(threads)
      for (size_t i = 0; i < (size_t) width * height; i++)
        if (spur[i])
          map->skel[i] = 0;
    }
  free (spur);
  return true;
}

/* ------------------------------------------------------------------ */
/* 3. Closures. */

typedef struct
{
  int      gap;
  bool     edge;
  Map     *map;
  uint8_t *blocked;
} Closing;

/* The geodesic ball of the line around (X, Y): BALL (a (2R+1)^2 window
 * centred there) is STAMP where the line is within R steps. */
static void
own_stroke (const Map *map, int x, int y, int r, uint16_t *ball,
            uint16_t stamp, Cell *queue)
{
  int side = 2 * r + 1, head = 0, tail = 0;
  uint8_t *depth = (uint8_t *) (queue + side * side);

  ball[r * side + r] = stamp;
  depth[r * side + r] = 0;
  queue[tail++] = (Cell) { x, y };
  while (head < tail)
    {
      Cell c = queue[head++];
      int d = depth[(c.y - y + r) * side + (c.x - x + r)];
      if (d >= r)
        continue;
      for (int k = 0; k < 8; k++)
        {
          int nx = c.x + ring_x[k], ny = c.y + ring_y[k];
          int wx = nx - x + r, wy = ny - y + r;
          if (wx < 0 || wy < 0 || wx >= side || wy >= side
              || !at_or_zero (map->line, map->width, map->height, nx, ny)
              || ball[wy * side + wx] == stamp)
            continue;
          ball[wy * side + wx] = stamp;
          depth[wy * side + wx] = (uint8_t) (d + 1);
          queue[tail++] = (Cell) { nx, ny };
        }
    }
}

/* What a ray found. */
typedef struct
{
  double length;   /* across free cells; < 0: nothing */
  double angle;    /* off the heading, absolute */
  double dx, dy;
} Ray;

/* Walks the 4-connected cells of the ray from the centre of (X, Y) in
 * direction (DX, DY): out of the line, across free cells, to a line cell
 * outside the own-stroke BALL (or past the edge with EDGE).  Returns the
 * length of the ray across the free cells, from the first free cell's
 * border to the hit cell's, or -1 if longer than the gap or nothing was
 * hit.  With MARK, sets the free cells to CLOSURE_PIXEL in MARK (the
 * blocked map). */
static double
cast (const Closing *closing, int x, int y, double dx, double dy,
      const uint16_t *ball, int r, uint16_t stamp, uint8_t *mark)
{
  const Map *map = closing->map;
  int side = 2 * r + 1;
  int step_x = dx > 0 ? 1 : -1, step_y = dy > 0 ? 1 : -1;
  double t_dx = dx != 0 ? fabs (1.0 / dx) : INFINITY;
  double t_dy = dy != 0 ? fabs (1.0 / dy) : INFINITY;
  double t_x = dx != 0 ? 0.5 * t_dx : INFINITY;
  double t_y = dy != 0 ? 0.5 * t_dy : INFINITY;
  double limit = closing->gap + 0.5, t_free = -1;
  int cx = x, cy = y;

  for (int steps = 0; steps < 4 * (closing->gap + side); steps++)
    {
      double t_enter;
      int wx, wy;

      if (t_x < t_y)
        {
          cx += step_x;
          t_enter = t_x;
          t_x += t_dx;
        }
      else
        {
          cy += step_y;
          t_enter = t_y;
          t_y += t_dy;
        }
      if (t_free >= 0 && t_enter - t_free > limit)
        return -1;
      if (cx < 0 || cy < 0 || cx >= map->width || cy >= map->height)
        return closing->edge && t_free >= 0 ? t_enter - t_free : -1;
      if (map->line[(size_t) cy * map->width + cx] == 0)
        {
          if (t_free < 0)
            t_free = t_enter;
          if (mark != NULL)
            mark[(size_t) cy * map->width + cx] = CLOSURE_PIXEL;
          continue;
        }
      if (t_free < 0)
        continue;
      /* A line cell after free ones: not the own stroke nearby. */
      wx = cx - x + r;
      wy = cy - y + r;
      if (wx >= 0 && wy >= 0 && wx < side && wy < side
          && ball[wy * side + wx] == stamp)
        return -1;
      return t_enter - t_free;
    }
  return -1;
}

/* The heading at the end PATH[0]: away from the skeleton N cells back. */
static bool
heading (const Cell *path, int n, double *hx, double *hy)
{
  double vx = path[0].x - path[n - 1].x, vy = path[0].y - path[n - 1].y;
  double length = sqrt (vx * vx + vy * vy);

  if (length < 1.5)
    return false;
  *hx = vx / length;
  *hy = vy / length;
  return true;
}

#define CONE 1.0471975511965976   /* 60 degrees */

/* The best ray from the end (X, Y), or length -1. */
static Ray
best_ray (const Closing *closing, int x, int y, double hx, double hy,
          int r, uint16_t *ball, uint16_t stamp)
{
  double reach = closing->gap + r + 2;
  double step = 0.5 / reach;
  int rays = (int) ceil (CONE / step);
  Ray best = { -1, 0, 0, 0 };

  for (int i = -rays; i <= rays; i++)
    {
      double a = CONE * i / rays;
      double dx = hx * cos (a) - hy * sin (a), dy = hx * sin (a) + hy * cos (a);
      double length = cast (closing, x, y, dx, dy, ball, r, stamp, NULL);
      /* The shortest; of equal ones (to a hundredth of a pixel), the
       * straightest. */
      if (length >= 0
          && (best.length < 0 || length < best.length - 0.01
              || (length < best.length + 0.01 && fabs (a) < best.angle)))
        best = (Ray) { length, fabs (a), dx, dy };
    }
  return best;
}

/* The closures of the ends of rows [Y0, Y1), into CLOSING's blocked map
 * (only ever setting free pixels to CLOSURE_PIXEL, which no ray reads). */
static bool
close_rows (const Closing *closing, int y0, int y1)
{
  const Map *map = closing->map;
  int reach = closing->gap + MAX_WALK / 8 + 4;
  int side = 2 * reach + 1;
  uint16_t *ball = calloc ((size_t) side * side, sizeof *ball);
  Cell *queue = malloc ((size_t) side * side * (sizeof (Cell) + 1));
  Cell path[MAX_WALK + 1];
  uint16_t stamp = 0;

  if (ball == NULL || queue == NULL)
    {
      free (ball);
      free (queue);
      return false;
    }
  for (int y = y0; y < y1; y++)
    for (int x = 0; x < map->width; x++)
      {
        bool junction;
        int r, n, ball_r;
        double hx, hy;
        Ray ray;

        if (!map->skel[(size_t) y * map->width + x] || !is_end (map, x, y))
          continue;
        r = half_width (map, x, y, MAX_WALK / 8);
        n = walk (map, x, y, 2 * r + 3, path, &junction);
        if (n < 2 * r + 3 || !heading (path, n, &hx, &hy))
          continue;
        ball_r = closing->gap + 2 * r + 3;
        if (ball_r > reach)
          ball_r = reach;
        if (++stamp == 0)
          {
            memset (ball, 0, (size_t) side * side * sizeof *ball);
            stamp = 1;
          }
        own_stroke (map, x, y, ball_r, ball, stamp, queue);
        ray = best_ray (closing, x, y, hx, hy, ball_r, ball, stamp);
#ifdef GAP_DEBUG
        fprintf (stderr, "end %d %d r %d heading %.2f %.2f ray %.2f (%.2f %.2f) path-end %d %d\n",
                 x, y, r, hx, hy, ray.length, ray.dx, ray.dy, path[n-1].x, path[n-1].y);
#endif
        if (ray.length >= 0)
          cast (closing, x, y, ray.dx, ray.dy, ball, ball_r, stamp,
                closing->blocked);
      }
  free (ball);
  free (queue);
  return true;
}

TesseraStatus
gap_close (uint8_t *blocked, int width, int height, int gap, bool edge,
           int threads)
{
  size_t pixels = (size_t) width * height;
  uint8_t *line = malloc (pixels), *skel = malloc (pixels);
  uint8_t *gone = malloc (pixels);
  Map map = { line, skel, width, height };
  Closing closing = { gap, edge, &map, blocked };
  bool ok = line != NULL && skel != NULL && gone != NULL;
  int bands = 4 * threads < height ? 4 * threads : height;

  if (ok)
    {
      memcpy (line, blocked, pixels);
      memcpy (skel, blocked, pixels);
      thin (&map, gone, threads);
      ok = prune (&map, threads) && prune (&map, threads);
    }
  free (gone);
  if (ok)
    {
      #pragma omp parallel for schedule(dynamic, 1) num_threads(threads) reduction(&&:ok)
      for (int b = 0; b < bands; b++)
        ok = close_rows (&closing, (int) ((int64_t) height * b / bands),
                         (int) ((int64_t) height * (b + 1) / bands)) && ok;
    }
  free (line);
  free (skel);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
