/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — closing the gaps of line art (step 1 of fill-regions.h).
 *
 * Only a line that ends can leave a gap, so the closures start at line
 * ends, as in Fourey, Tschumperlé and Revoy, "A fast and efficient
 * semi-guided algorithm for flat coloring line-arts" (2018), the method of
 * GIMP's line-art fill and G'MIC's smart colouring.  Where they find ends
 * by the curvature of the line's edge (which also flags the sharp tips of
 * stars and crowns, and cuts them), an end here is the end of the line's
 * skeleton:
 *  1. The lines are thinned to a one-pixel skeleton (skeleton.c: Guo and
 *     Hall 1989, which keeps two-pixel diagonals that Zhang and Suen's
 *     erases).
 *  2. A skeleton pixel with one run of neighbours is an end.  An end whose
 *     branch meets a junction within twice the line's half-width (+3) is a
 *     spur of a thick corner or a square cap, and is pruned (twice, so that the
 *     fork of a square cap leaves its stem's end).  Where pruning turns a
 *     fork into an end, the ends of the branches it removed count as ends
 *     too, heading away from the fork (a cut a few pixels from a sharp tip
 *     leaves a stub as short as the tip's spur); on closed lines no fork
 *     becomes an end.  An end must also open like a cap onto free space
 *     or lines other than its own stroke (open_cap), which the spurs of
 *     sharp inner corners do not.
 *  3. From each end, the line's heading is the direction from a skeleton
 *     pixel 2r+3 steps back (r: the half-width at the end).  Rays in a cone
 *     of +-60 degrees walk 4-connected cells (Amanatides and Woo) out of
 *     the end's cap, across free cells, to the first line cell (or the
 *     canvas edge, with EDGE).  A ray counts if it crossed 1..GAP free
 *     cells and hit a line that is not the end's own stroke nearby (not
 *     within a geodesic ball of the end along the line); rays straight at
 *     other ends nearby count too, whatever the heading (a cut at a
 *     corner).  The shortest across free cells, then the straightest, is
 *     the closure, and its free cells become closure pixels.
 * Every end is looked at on its own and reads only the original line, so
 * the result does not depend on the order of the ends or the threads.
 * With the GPU, steps 1 and 2 (but for the heading and the own-stroke look
 * of open_cap) run on the device, cuda/skeleton-ends.cu, and the rays here
 * start from what it found (gap_close_ends). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"
#include "skeleton.h"
#include "stage-clock.h"

/* ------------------------------------------------------------------ */
/* Closures. */

typedef struct
{
  int         gap;
  bool        edge;
  Map        *map;
  Candidates *drawn;    /* the closure pixels, as drawn */
  bool       *failed;   /* set when DRAWN could not grow */
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

/* Lists the free cell AT as a closure pixel: the map is set once every
 * closure is drawn, since the rays read it. */
static void
draw_closure (const Closing *closing, size_t at)
{
  if (!candidates_push (closing->drawn, at))
    *closing->failed = true;
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
 * hit; (HIT_X, HIT_Y) is the last cell looked at.  With DRAW, lists the
 * free cells in CLOSING's DRAWN; BALL may then be NULL, the ray being
 * known good. */
static double
cast (const Closing *closing, int x, int y, double dx, double dy,
      const uint16_t *ball, int r, uint16_t stamp, bool draw,
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
          if (draw)
            draw_closure (closing, (size_t) cy * map->width + cx);
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
      Ray ray = { cast (closing, x, y, dx, dy, ball, r, stamp, false, &hit_x,
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
  if (!array_reserve ((void **) &list->ends, &list->capacity, list->count,
                       sizeof *list->ends))
    return false;
  list->ends[list->count++] = *end;
  return true;
}

/* The offset of sample I of the ring about an end of half-width R. */
static void
cap_offset (int r, int i, int *dx, int *dy)
{
  double radius = r + 2;
  double a = 2 * 3.14159265358979323846 * i / RING_SAMPLES;

  *dx = (int) lround (radius * cos (a));
  *dy = (int) lround (radius * sin (a));
}

void
gap_cap_offsets (int8_t *table)
{
  for (int r = 0; r <= MAX_HALF_WIDTH; r++)
    for (int i = 0; i < RING_SAMPLES; i++)
      {
        int dx, dy;
        cap_offset (r, i, &dx, &dy);
        table[2 * (r * RING_SAMPLES + i)] = (int8_t) dx;
        table[2 * (r * RING_SAMPLES + i) + 1] = (int8_t) dy;
      }
}

/* The ring of samples about (X, Y) at radius R + 2 where the line is, in
 * LINE_X and LINE_Y; returns how many, and FREE how many are free (or off
 * the canvas). */
static int
cap_ring (const Map *map, int x, int y, int r, int *line_x, int *line_y,
          int *free_samples)
{
  int lines = 0;

  *free_samples = 0;
  for (int i = 0; i < RING_SAMPLES; i++)
    {
      int px, py;
      cap_offset (r, i, &px, &py);
      px += x;
      py += y;
      if (px < 0 || py < 0 || px >= map->width || py >= map->height
          || !map->line[(size_t) py * map->width + px])
        ++*free_samples;
      else
        {
          line_x[lines] = px;
          line_y[lines++] = py;
        }
    }
  return lines;
}

/* Whether the space around the end (X, Y) of half-width R opens like the
 * space around a cap: at least 150 degrees of a circle of radius R + 2
 * are free (the stub across a gap may cut that into two) or hold a line
 * other than the end's own stroke (its geodesic ball of GAP + 2R + 3
 * steps, as for the rays): a cut in a sharp corner opens onto the
 * corner's other arm.  The spur that thinning leaves in the sharp inner
 * corner of a thick line sees only the corner's narrow wedge, walled by
 * its own stroke. */
static bool
open_cap (const Map *map, int x, int y, int r, int gap)
{
  int line_x[RING_SAMPLES], line_y[RING_SAMPLES], free_samples;
  int lines = cap_ring (map, x, y, r, line_x, line_y, &free_samples);
  int ball_r = gap + 2 * r + 3, side = 2 * ball_r + 1;
  uint16_t *ball;
  Cell *queue;

  if (free_samples >= CAP_SAMPLES || free_samples + lines < CAP_SAMPLES)
    return free_samples >= CAP_SAMPLES;
  /* Few ends get here: their ball is found for them alone. */
  ball = calloc ((size_t) side * side, sizeof *ball);
  queue = malloc ((size_t) side * side * (sizeof (Cell) + 1));
  if (ball != NULL && queue != NULL)
    {
      own_stroke (map, x, y, ball_r, ball, 1, queue);
      for (int i = 0; i < lines; i++)
        free_samples += ball[(line_y[i] - y + ball_r) * side
                             + line_x[i] - x + ball_r] != 1;
    }
  free (ball);
  free (queue);
  return free_samples >= CAP_SAMPLES;
}

/* Whether END (its position and half-width set), whose walk back along
 * the skeleton stopped after STEPS cells at TAIL, is a line end: its
 * stroke is at least 2r+3 pixels long, which gives its heading, and it
 * opens like a cap (CAP: 1 or 0 where that is known, else 2). */
static bool
end_accept (const Map *map, End *end, int steps, Cell tail, int cap, int gap)
{
  Cell path[2] = { { end->x, end->y }, tail };

  if (steps < 2 * end->r + 3 || !heading (path, 2, &end->hx, &end->hy))
    return false;
  return cap == 2 ? open_cap (map, end->x, end->y, end->r, gap) : cap == 1;
}

/* The ends of the skeleton (SKEL_ENDS, raster order) that have a heading
 * (a stroke at least 2r+3 pixels long) and open like a cap, in that order:
 * which are still ends is found in parallel, their details then. */
static bool
find_ends (const Map *map, const Candidates *skel_ends, int gap, int threads,
           EndList *list)
{
  int width = map->width;
  size_t n = skel_ends->count, count = 0;
  uint8_t *end_at = malloc (n + 1);
  End *found;

  if (end_at == NULL)
    return false;
  #pragma omp parallel for schedule(static) num_threads(threads) \
          reduction(+:count)
  for (size_t i = 0; i < n; i++)
    {
      size_t at = skel_ends->at[i];
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
        size_t at = skel_ends->at[i];
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

      end->r = skeleton_half_width (map, end->x, end->y, MAX_HALF_WIDTH);
      steps = skeleton_walk (map, end->x, end->y, 2 * end->r + 3, path,
                             &junction);
      /* No heading: marked by r < 0, dropped below. */
      if (!end_accept (map, end, steps, path[steps - 1], 2, gap))
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

/* Adds the ends of the branches that pruning removed from a fork which
 * became an end (PRUNED): a cut a few pixels from a sharp tip leaves its
 * end on a branch as short as the tip's spur, and both go, leaving an end
 * at the fork that faces neither the gap nor the tip.  Such a branch end
 * heads away from its fork and must open like a cap; on closed lines a
 * fork never becomes an end, so they add nothing there. */
static bool
fork_end (const Map *map, size_t at, size_t fork, int gap, EndList *list)
{
  int width = map->width;
  int x = (int) (at % width), y = (int) (at / width);
  Cell path[2] = { { x, y }, { (int) (fork % width), (int) (fork / width) } };
  End end = { x, y, 0, 0, 0, { -1, 0, 0, 0 } };

  if (!heading (path, 2, &end.hx, &end.hy))
    return true;
  end.r = skeleton_half_width (map, x, y, MAX_HALF_WIDTH);
  return !open_cap (map, x, y, end.r, gap) || end_push (list, &end);
}

static bool
add_fork_ends (const Map *map, const Branches *pruned, int gap,
               EndList *list)
{
  int width = map->width;

  for (size_t i = 0; i < pruned->count; i++)
    {
      size_t fork = pruned->at[i].junction;
      if (is_end (map, (int) (fork % width), (int) (fork / width))
          && !fork_end (map, pruned->at[i].end, fork, gap, list))
        return false;
    }
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
                               ball_r, stamp, false, &hit_x, &hit_y);
            if (ray.length < 0 || !near_end (other, hit_x, hit_y))
              continue;
            cosine = ray.dx * end->hx + ray.dy * end->hy;
            ray.angle = acos (cosine > 1 ? 1 : cosine < -1 ? -1 : cosine);
            keep_best (&best, &ray);
          }
      }
  return best;
}

static bool close_ends (const Map *map, EndList *list, int gap, bool edge,
                        int threads, Candidates *drawn);

/* The closures of MAP (line and skeleton, SKEL_ENDS the skeleton's ends in
 * raster order), listed in DRAWN. */
static bool
close_gaps (Map *map, Candidates *skel_ends, int gap, bool edge, int threads,
            Candidates *drawn)
{
  EndList ends = { NULL, 0, 0 };
  Branches pruned = { NULL, 0, 0 };
  bool ok;

  ok = skeleton_prune (map, threads, skel_ends, &pruned)
       && skeleton_prune (map, threads, skel_ends, &pruned);
  tessera_stage_mark ("prune");
  ok = ok && find_ends (map, skel_ends, gap, threads, &ends)
       && add_fork_ends (map, &pruned, gap, &ends);
  tessera_stage_mark ("ends");
  free (pruned.at);
  ok = ok && close_ends (map, &ends, gap, edge, threads, drawn);
  free (ends.ends);
  return ok;
}

/* The closures from ENDS on MAP's line, listed in DRAWN. */
static bool
close_ends (const Map *map, EndList *list, int gap, bool edge, int threads,
            Candidates *drawn)
{
  bool failed = false;
  Closing closing = { gap, edge, (Map *) map, drawn, &failed };
  EndList ends = *list;
  EndGrid grid = { 0, 0, 0, NULL, NULL };
  bool ok = true;

  ok = ok && grid_build (&grid, &ends, map->width, map->height,
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
      tessera_stage_mark ("rays");
      /* The closures drawn once all are found: no ray read one. */
      for (size_t i = 0; ok && i < ends.count; i++)
        {
          const End *end = &ends.ends[i];
          int hit_x, hit_y;
          if (end->ray.length >= 0)
            cast (&closing, end->x, end->y, end->ray.dx, end->ray.dy, NULL,
                  0, 0, true, &hit_x, &hit_y);
        }
      tessera_stage_mark ("draw closures");
    }
  grid_free (&grid);
  return ok && !failed;
}

/* Gap closing on the line BLOCKED, thinned into SKEL (SKEL_ENDS its ends):
 * the closures are listed in DRAWN, then set in BLOCKED. */
static bool
close_and_mark (uint8_t *blocked, uint8_t *skel, Candidates *skel_ends,
                int width, int height, int gap, bool edge, int threads,
                Candidates *drawn)
{
  Map map = { blocked, skel, width, height };
  bool ok = close_gaps (&map, skel_ends, gap, edge, threads, drawn);

  for (size_t i = 0; ok && i < drawn->count; i++)
    blocked[drawn->at[i]] = CLOSURE_PIXEL;
  return ok;
}

TesseraStatus
gap_close (uint8_t *blocked, int width, int height, int gap, bool edge,
           int threads)
{
  uint8_t *skel = malloc ((size_t) width * height);
  Map map = { blocked, skel, width, height };
  Candidates skel_ends = { NULL, 0, 0 }, drawn = { NULL, 0, 0 };
  bool ok = skel != NULL;

  ok = ok && skeleton_thin_cpu (&map, threads);
  tessera_stage_mark ("thin (cpu)");
  ok = ok && skeleton_ends (&map, &skel_ends);
  tessera_stage_mark ("ends list");
  ok = ok && close_and_mark (blocked, skel, &skel_ends, width, height, gap,
                             edge, threads, &drawn);
  free (skel_ends.at);
  free (drawn.at);
  free (skel);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}


TesseraStatus
gap_close_ends (uint8_t *blocked, int width, int height, int gap, bool edge,
                int threads, const RegionEnd *found, size_t n_found,
                const RegionFork *forks, size_t n_forks, Candidates *drawn)
{
  Map map = { blocked, NULL, width, height };
  EndList ends = { NULL, 0, 0 };
  bool ok = true;

  for (size_t i = 0; ok && i < n_found; i++)
    {
      const RegionEnd *f = &found[i];
      End end = { f->x, f->y, f->r, 0, 0, { -1, 0, 0, 0 } };
      Cell tail = { f->tail_x, f->tail_y };
      if (end_accept (&map, &end, f->steps, tail, f->cap, gap))
        ok = end_push (&ends, &end);
    }
  for (size_t i = 0; ok && i < n_forks; i++)
    if (forks[i].fork_is_end)
      ok = fork_end (&map, forks[i].end, forks[i].junction, gap, &ends);
  tessera_stage_mark ("ends (host part)");
  ok = ok && close_ends (&map, &ends, gap, edge, threads, drawn);
  for (size_t i = 0; ok && i < drawn->count; i++)
    blocked[drawn->at[i]] = CLOSURE_PIXEL;
  free (ends.ends);
  return ok ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}
