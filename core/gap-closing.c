/* Tessera — closing the gaps of line art (step 1 of fill-regions.h).
 *
 * Only a line that ends can leave a gap, so the closures start at line
 * ends, as in Fourey, Tschumperlé and Revoy, "A fast and efficient
 * semi-guided algorithm for flat coloring line-arts" (2018), the method of
 * GIMP's line-art fill and G'MIC's smart colouring.  Where they find ends
 * by the curvature of the line's edge (which also flags the sharp tips of
 * stars and crowns, and cuts them), an end here is the end of the line's
 * skeleton:
 *  1. The lines are thinned to a one-pixel skeleton (Guo and Hall 1989,
 *     which keeps two-pixel diagonals that Zhang and Suen's erases), in
 *     sweeps of rows on all threads.
 *  2. A skeleton pixel with one run of neighbours is an end.  An end whose
 *     branch meets a junction within twice the line's half-width (+3) is a spur
 *     of a thick corner or a square cap, and is pruned (twice, so that the
 *     fork of a square cap leaves its stem's end).  An end must also open
 *     onto free space like a cap (open_cap), which the spurs of sharp inner
 *     corners do not.
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
#include "fill-regions-private.h"

#define SKELETON 1

/* The 8 neighbours, clockwise from north: N, NE, E, SE, S, SW, W, NW. */
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

  if (x > 0 && y > 0 && x < width - 1 && y < height - 1)
    {
      const uint8_t *up = image + (size_t) (y - 1) * width + x;
      const uint8_t *at = up + width, *down = at + width;
      return (up[0] != 0) | (up[1] != 0) << 1 | (at[1] != 0) << 2
             | (down[1] != 0) << 3 | (down[0] != 0) << 4
             | (down[-1] != 0) << 5 | (at[-1] != 0) << 6
             | (up[-1] != 0) << 7;
    }
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
  int count = 0;
  for (; bits != 0; bits &= bits - 1)
    count++;
  return count;
}

/* ------------------------------------------------------------------ */
/* 1. Thinning. */

/* Whether Guo and Hall's sub-iteration PASS (their algorithm A1)
 * removes the pixel whose ring is BITS.  Unlike Zhang and Suen's, it keeps
 * lines two pixels thick on the diagonal (which that one erases). */
static inline bool
thin_removes (unsigned bits, int pass)
{
  unsigned p2 = bits & 1, p3 = bits >> 1 & 1, p4 = bits >> 2 & 1,
           p5 = bits >> 3 & 1, p6 = bits >> 4 & 1, p7 = bits >> 5 & 1,
           p8 = bits >> 6 & 1, p9 = bits >> 7 & 1;
  unsigned c = ((!p2) & (p3 | p4)) + ((!p4) & (p5 | p6)) + ((!p6) & (p7 | p8))
               + ((!p8) & (p9 | p2));
  unsigned n1 = (p9 | p2) + (p3 | p4) + (p5 | p6) + (p7 | p8);
  unsigned n2 = (p2 | p3) + (p4 | p5) + (p6 | p7) + (p8 | p9);
  unsigned n = n1 < n2 ? n1 : n2;
  unsigned m = pass == 0 ? ((p6 | p7 | (!p9)) & p8) : ((p2 | p3 | (!p5)) & p4);

  return c == 1 && n >= 2 && n <= 3 && m == 0;
}

/* Pixels to look at, by index. */
typedef struct
{
  size_t *at;
  size_t  count, capacity;
} Candidates;

static bool
candidates_push (Candidates *list, size_t at)
{
  if (!region_reserve ((void **) &list->at, &list->capacity, list->count,
                       sizeof *list->at))
    return false;
  list->at[list->count++] = at;
  return true;
}

/* Thins MAP's skeleton (a copy of the line) in Guo and Hall's two
 * sub-iterations until nothing changes.  Only pixels on the skeleton's
 * border can go, so each sub-iteration looks at the candidates: the
 * border pixels, and the neighbours of every pixel removed so far; all
 * are judged on the skeleton as the sub-iteration found it, in parallel,
 * then removed, as a sweep of the whole image would.  SKELETON gets the
 * pixels left (in an order that depends on the image only). */
static bool
thin (Map *map, int threads, Candidates *skeleton)
{
  static bool removes[2][256];
  static bool tables;
  int width = map->width, height = map->height;
  size_t pixels = (size_t) width * height;
  uint8_t *queued = calloc (pixels, 1), *gone = NULL;
  Candidates list = { NULL, 0, 0 };
  bool ok = queued != NULL;

  /* A table of the rule by the ring's bits (the same on every thread;
   * filling it twice writes the same values). */
  #pragma omp critical (tessera_thin_tables)
  if (!tables)
    {
      for (int pass = 0; pass < 2; pass++)
        for (unsigned bits = 0; bits < 256; bits++)
          removes[pass][bits] = thin_removes (bits, pass);
      tables = true;
    }
  for (int y = 0; ok && y < height; y++)
    for (int x = 0; ok && x < width; x++)
      {
        size_t at = (size_t) y * width + x;
        if (map->skel[at] && ring_bits (map->skel, width, height, x, y) != 255)
          {
            queued[at] = 1;
            ok = candidates_push (&list, at);
          }
      }
  for (bool changed = ok; changed && ok;)
    {
      changed = false;
      for (int pass = 0; pass < 2 && ok; pass++)
        {
          size_t n = list.count, kept = 0;
          uint8_t *more = realloc (gone, n + 1);
          if (more == NULL)
            {
              ok = false;
              break;
            }
          gone = more;
          /* A table look-up per candidate: threads pay only for long
           * lists (a join costs more than a short list on a busy
           * machine). */
          #pragma omp parallel for schedule(static) num_threads(threads) if (n > (1u << 21))
          for (size_t i = 0; i < n; i++)
            {
              size_t at = list.at[i];
              gone[i] = map->skel[at]
                        && removes[pass][ring_bits (map->skel, width, height,
                                                    (int) (at % width),
                                                    (int) (at / width))];
            }
          for (size_t i = 0; i < n; i++)
            if (gone[i])
              map->skel[list.at[i]] = 0;
          /* The removed leave the list; their neighbours join it. */
          for (size_t i = 0; i < n && ok; i++)
            {
              size_t at = list.at[i];
              int x = (int) (at % width), y = (int) (at / width);
              if (!gone[i])
                {
                  list.at[kept++] = at;
                  continue;
                }
              changed = true;
              for (int k = 0; k < 8 && ok; k++)
                {
                  int nx = x + ring_x[k], ny = y + ring_y[k];
                  size_t next;
                  if (nx < 0 || ny < 0 || nx >= width || ny >= height)
                    continue;
                  next = (size_t) ny * width + nx;
                  if (map->skel[next] && !queued[next])
                    {
                      queued[next] = 1;
                      /* Past the kept ones: appended after the loop. */
                      ok = candidates_push (&list, next);
                    }
                }
            }
          /* Entries n.. were appended; close the gap left by the removed. */
          if (ok)
            {
              size_t appended = list.count - n;
              memmove (list.at + kept, list.at + n,
                       appended * sizeof *list.at);
              list.count = kept + appended;
            }
        }
    }
  free (gone);
  free (queued);
  /* Every pixel left was a border pixel once: the list is the skeleton. */
  *skeleton = list;
  return ok;
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
 * twice the line's half-width at the junction + 3 (the spur of a sharp
 * convex corner of a thick line grows with the corner's sharpness).  The spurs are found first
 * and removed after, so that the order of the ends does not matter. */
static bool
prune (Map *map, int threads, Candidates *skeleton)
{
  int width = map->width;
  size_t n = skeleton->count, kept = 0;
  bool any = false;
  uint8_t *spur = calloc ((size_t) width * map->height, 1);

  if (spur == NULL)
    return false;
  #pragma omp parallel for schedule(dynamic, 256) num_threads(threads) reduction(||:any)
  for (size_t i = 0; i < n; i++)
    {
      Cell path[MAX_WALK + 1];
      size_t at = skeleton->at[i];
      int x = (int) (at % width), y = (int) (at / width);
      bool junction;
      int steps, limit;

      if (!is_end (map, x, y))
        continue;
      steps = walk (map, x, y, MAX_WALK, path, &junction);
      if (!junction)
        continue;
      limit = 2 * half_width (map, path[steps - 1].x, path[steps - 1].y,
                              MAX_WALK / 4) + 3;
      if (steps - 1 > limit)
        continue;
      /* Ends that share a pixel mark it alike. */
      for (int k = 0; k < steps - 1; k++)
        spur[(size_t) path[k].y * width + path[k].x] = 1;
      any = true;
    }
  if (any)
    for (size_t i = 0; i < n; i++)
      {
        size_t at = skeleton->at[i];
        if (spur[at])
          map->skel[at] = 0;
        else
          skeleton->at[kept++] = at;
      }
  if (any)
    skeleton->count = kept;
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
 * hit; (HIT_X, HIT_Y) is the last cell looked at.  With MARK, sets the
 * free cells to CLOSURE_PIXEL in MARK (the blocked map); BALL may then be
 * NULL, the ray being known good. */
static double
cast (const Closing *closing, int x, int y, double dx, double dy,
      const uint16_t *ball, int r, uint16_t stamp, uint8_t *mark,
      int *hit_x, int *hit_y)
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
      *hit_x = cx;
      *hit_y = cy;
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
      if (ball != NULL && wx >= 0 && wy >= 0 && wx < side && wy < side
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

static void keep_best (Ray *best, const Ray *ray);

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
      int hit_x, hit_y;
      Ray ray = { cast (closing, x, y, dx, dy, ball, r, stamp, NULL, &hit_x,
                        &hit_y), fabs (a), dx, dy };
      /* The shortest; of equal ones (to a hundredth of a pixel), the
       * straightest. */
      keep_best (&best, &ray);
    }
  return best;
}

typedef struct
{
  int    x, y, r;     /* skeleton end, half-width */
  double hx, hy;      /* heading */
  Ray    ray;         /* the closure, if length >= 0 */
} End;

typedef struct
{
  End    *ends;
  size_t  count, capacity;
} EndList;

static bool
end_push (EndList *list, const End *end)
{
  if (!region_reserve ((void **) &list->ends, &list->capacity, list->count,
                       sizeof *list->ends))
    return false;
  list->ends[list->count++] = *end;
  return true;
}

#define MAX_HALF_WIDTH (MAX_WALK / 8)
#define RING_SAMPLES 48
#define CAP_SAMPLES 20      /* 150 degrees */

/* Whether the free pixels around the end (X, Y) of half-width R open
 * like the space around a cap: at least 150 degrees of a circle of radius
 * R + 2 are free (the stub across a gap may cut that into two).  The spur
 * that thinning leaves in the sharp inner corner of a thick line sees
 * only the corner's narrow wedge. */
static bool
open_cap (const Map *map, int x, int y, int r)
{
  double radius = r + 2;
  int free_samples = 0;

  for (int i = 0; i < RING_SAMPLES; i++)
    {
      double a = 2 * 3.14159265358979323846 * i / RING_SAMPLES;
      int px = x + (int) lround (radius * cos (a));
      int py = y + (int) lround (radius * sin (a));
      free_samples += px < 0 || py < 0 || px >= map->width
                      || py >= map->height
                      || !map->line[(size_t) py * map->width + px];
    }
  return free_samples >= CAP_SAMPLES;
}

/* The ends of SKELETON that have a heading (a stroke at least 2r+3 pixels
 * long) and open like a cap, in the skeleton's order: which pixels are
 * ends is found in parallel, their details then. */
static bool
find_ends (const Map *map, const Candidates *skeleton, int threads,
           EndList *list)
{
  int width = map->width;
  size_t n = skeleton->count, count = 0;
  uint8_t *end_at = malloc (n + 1);
  End *found;

  if (end_at == NULL)
    return false;
  #pragma omp parallel for schedule(static) num_threads(threads) reduction(+:count)
  for (size_t i = 0; i < n; i++)
    {
      size_t at = skeleton->at[i];
      end_at[i] = is_end (map, (int) (at % width), (int) (at / width));
      count += end_at[i];
    }
  found = malloc ((count + 1) * sizeof *found);
  if (found == NULL)
    {
      free (end_at);
      return false;
    }
  count = 0;
  for (size_t i = 0; i < n; i++)
    if (end_at[i])
      {
        size_t at = skeleton->at[i];
        found[count++] = (End) { (int) (at % width), (int) (at / width), 0, 0,
                                 0, { -1, 0, 0, 0 } };
      }
  free (end_at);
  #pragma omp parallel for schedule(dynamic, 64) num_threads(threads)
  for (size_t i = 0; i < count; i++)
    {
      Cell path[MAX_WALK + 1];
      End *end = &found[i];
      bool junction;
      int steps;

      end->r = half_width (map, end->x, end->y, MAX_HALF_WIDTH);
      steps = walk (map, end->x, end->y, 2 * end->r + 3, path, &junction);
      /* No heading: marked by r < 0, dropped below. */
      if (steps < 2 * end->r + 3 || !heading (path, steps, &end->hx, &end->hy)
          || !open_cap (map, end->x, end->y, end->r))
        end->r = -1;
    }
  for (size_t i = 0; i < count; i++)
    if (found[i].r >= 0 && !end_push (list, &found[i]))
      {
        free (found);
        return false;
      }
  free (found);
  return true;
}

/* The ends by cells of a grid, for finding the ends near an end. */
typedef struct
{
  int     cell, columns, rows;
  size_t *first;   /* by cell, into order; columns*rows + 1 */
  size_t *order;   /* end indices, by cell */
} EndGrid;

static bool
grid_build (EndGrid *grid, const EndList *list, int width, int height,
            int cell)
{
  size_t cells;

  grid->cell = cell;
  grid->columns = width / cell + 1;
  grid->rows = height / cell + 1;
  cells = (size_t) grid->columns * grid->rows;
  grid->first = calloc (cells + 1, sizeof *grid->first);
  grid->order = malloc ((list->count + 1) * sizeof *grid->order);
  if (grid->first == NULL || grid->order == NULL)
    return false;
  for (size_t i = 0; i < list->count; i++)
    grid->first[(size_t) (list->ends[i].y / cell) * grid->columns
                + list->ends[i].x / cell + 1]++;
  for (size_t c = 0; c < cells; c++)
    grid->first[c + 1] += grid->first[c];
  {
    size_t *fill = malloc ((cells + 1) * sizeof *fill);
    if (fill == NULL)
      return false;
    memcpy (fill, grid->first, (cells + 1) * sizeof *fill);
    for (size_t i = 0; i < list->count; i++)
      grid->order[fill[(size_t) (list->ends[i].y / cell) * grid->columns
                       + list->ends[i].x / cell]++] = i;
    free (fill);
  }
  return true;
}

static void
grid_free (EndGrid *grid)
{
  free (grid->first);
  free (grid->order);
}

/* Whether (X, Y) is within the half-width (+2) of END. */
static bool
near_end (const End *end, int x, int y)
{
  return abs (x - end->x) <= end->r + 2 && abs (y - end->y) <= end->r + 2;
}

/* Keeps RAY in BEST if it is shorter, or as short and straighter. */
static void
keep_best (Ray *best, const Ray *ray)
{
  if (ray->length >= 0
      && (best->length < 0 || ray->length < best->length - 0.01
          || (ray->length < best->length + 0.01
              && ray->angle < best->angle)))
    *best = *ray;
}

/* The closure of END: the best ray of its cone, or straight to another
 * end nearby whatever the heading (a gap at a corner), hitting that end's
 * stroke. */
static Ray
end_closure (const Closing *closing, const End *end, const EndList *list,
             const EndGrid *grid, uint16_t *ball, uint16_t stamp,
             Cell *queue)
{
  int ball_r = closing->gap + 2 * end->r + 3;
  int cx = end->x / grid->cell, cy = end->y / grid->cell;
  Ray best;

  own_stroke (closing->map, end->x, end->y, ball_r, ball, stamp, queue);
  best = best_ray (closing, end->x, end->y, end->hx, end->hy, ball_r, ball,
                   stamp);
  for (int gy = cy - 1; gy <= cy + 1; gy++)
    for (int gx = cx - 1; gx <= cx + 1; gx++)
      {
        size_t c;
        if (gx < 0 || gy < 0 || gx >= grid->columns || gy >= grid->rows)
          continue;
        c = (size_t) gy * grid->columns + gx;
        for (size_t k = grid->first[c]; k < grid->first[c + 1]; k++)
          {
            const End *other = &list->ends[grid->order[k]];
            double vx = other->x - end->x, vy = other->y - end->y;
            double d = sqrt (vx * vx + vy * vy), cosine;
            int hit_x, hit_y;
            Ray ray;

            if (other == end || d > closing->gap + end->r + other->r + 2)
              continue;
            ray.dx = vx / d;
            ray.dy = vy / d;
            ray.length = cast (closing, end->x, end->y, ray.dx, ray.dy, ball,
                               ball_r, stamp, NULL, &hit_x, &hit_y);
            if (ray.length < 0 || !near_end (other, hit_x, hit_y))
              continue;
            cosine = ray.dx * end->hx + ray.dy * end->hy;
            ray.angle = acos (cosine > 1 ? 1 : cosine < -1 ? -1 : cosine);
            keep_best (&best, &ray);
          }
      }
  return best;
}

TesseraStatus
gap_close (uint8_t *blocked, int width, int height, int gap, bool edge,
           int threads)
{
  size_t pixels = (size_t) width * height;
  uint8_t *line = malloc (pixels), *skel = malloc (pixels);
  Map map = { line, skel, width, height };
  Closing closing = { gap, edge, &map, blocked };
  Candidates skeleton = { NULL, 0, 0 };
  EndList ends = { NULL, 0, 0 };
  EndGrid grid = { 0, 0, 0, NULL, NULL };
  bool ok = line != NULL && skel != NULL;

  if (ok)
    {
      memcpy (line, blocked, pixels);
      memcpy (skel, blocked, pixels);
      ok = thin (&map, threads, &skeleton) && prune (&map, threads, &skeleton)
           && prune (&map, threads, &skeleton)
           && find_ends (&map, &skeleton, threads, &ends);
    }
  free (skeleton.at);
  ok = ok && grid_build (&grid, &ends, width, height,
                         2 * (gap + MAX_HALF_WIDTH + 2));
  if (ok && ends.count > 0)
    {
      #pragma omp parallel num_threads(threads) reduction(&&:ok)
      {
        int side = 2 * (gap + 2 * MAX_HALF_WIDTH + 3) + 1;
        uint16_t *ball = calloc ((size_t) side * side, sizeof *ball);
        Cell *queue = malloc ((size_t) side * side * (sizeof (Cell) + 1));
        uint16_t stamp = 0;

        ok = ball != NULL && queue != NULL;
        #pragma omp for schedule(dynamic, 64)
        for (size_t i = 0; i < ends.count; i++)
          {
            if (!ok)
              continue;
            if (++stamp == 0)
              {
                memset (ball, 0, (size_t) side * side * sizeof *ball);
                stamp = 1;
              }
            ends.ends[i].ray = end_closure (&closing, &ends.ends[i], &ends,
                                            &grid, ball, stamp, queue);
          }
        free (ball);
        free (queue);
      }
      /* The closures drawn once all are found: no ray read one. */
      for (size_t i = 0; ok && i < ends.count; i++)
        {
          const End *end = &ends.ends[i];
          int hit_x, hit_y;
          if (end->ray.length >= 0)
            cast (&closing, end->x, end->y, end->ray.dx, end->ray.dy, NULL,
                  0, 0, blocked, &hit_x, &hit_y);
        }
    }
  grid_free (&grid);
  free (ends.ends);
  free (line);
  free (skel);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
