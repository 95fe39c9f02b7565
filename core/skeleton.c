/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the skeleton of line art (skeleton.h): Guo and Hall's
 * thinning (1989; it keeps two-pixel diagonals that Zhang and Suen's
 * erases) over a list of border candidates, and the pruning of spurs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fill-regions-private.h"
#include "gpu-backend.h"
#include "skeleton.h"

/* ------------------------------------------------------------------ */
/* Thinning. */

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

bool
branches_push (Branches *list, size_t end, size_t junction)
{
  if (!array_reserve ((void **) &list->at, &list->capacity, list->count,
                       sizeof *list->at))
    return false;
  list->at[list->count++] = (Branch) { end, junction };
  return true;
}

bool
candidates_push (Candidates *list, size_t at)
{
  if (!array_reserve ((void **) &list->at, &list->capacity, list->count,
                       sizeof *list->at))
    return false;
  list->at[list->count++] = at;
  return true;
}

/* The rule of both sub-iterations by the ring's bits (RULE[pass * 256 +
 * bits]), for the CPU and the GPU alike. */
void
skeleton_rule (uint8_t rule[2 * 256])
{
  for (int pass = 0; pass < 2; pass++)
    for (unsigned bits = 0; bits < 256; bits++)
      rule[pass * 256 + bits] = thin_removes (bits, pass);
}

/* Thins MAP's skeleton (a copy of the line) in Guo and Hall's two
 * sub-iterations until nothing changes.  Only pixels on the skeleton's
 * border can go, so each sub-iteration looks at the candidates: the
 * border pixels, and the neighbours of every pixel removed so far; all
 * are judged on the skeleton as the sub-iteration found it, in parallel,
 * then removed, as a sweep of the whole image would. */
static bool
thin_cpu (Map *map, const uint8_t *rule, int threads)
{
  int width = map->width, height = map->height;
  size_t pixels = (size_t) width * height;
  uint8_t *queued = calloc (pixels, 1), *gone = NULL;
  Candidates list = { NULL, 0, 0 };
  bool ok = queued != NULL;

  memcpy (map->skel, map->line, pixels);
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
          #pragma omp parallel for schedule(static) num_threads(threads) \
            if (n > (1u << 21))
          for (size_t i = 0; i < n; i++)
            {
              size_t at = list.at[i];
              gone[i] = map->skel[at]
                        && rule[pass * 256
                                + ring_bits (map->skel, width, height,
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
  free (list.at);
  return ok;
}

/* LIST gets MAP's skeleton pixels (with ENDS_ONLY, its ends) in raster
 * order (the order of the ends, which the GPU's thinning must reproduce),
 * skipping zeros a word at a time. */
static bool
skeleton_scan (const Map *map, bool ends_only, Candidates *list)
{
  size_t pixels = (size_t) map->width * map->height, at = 0;
  const uint8_t *skel = map->skel;

  list->count = 0;
  while (at < pixels)
    {
      uint64_t word;
      if (at + 8 <= pixels)
        {
          memcpy (&word, skel + at, 8);
          if (word == 0)
            {
              at += 8;
              continue;
            }
        }
      if (skel[at]
          && (!ends_only || is_end (map, (int) (at % map->width),
                                    (int) (at / map->width)))
          && !candidates_push (list, at))
        return false;
      at++;
    }
  return true;
}

bool
skeleton_list (const Map *map, Candidates *skeleton)
{
  return skeleton_scan (map, false, skeleton);
}

bool
skeleton_ends (const Map *map, Candidates *ends)
{
  return skeleton_scan (map, true, ends);
}

typedef struct
{
  Map     *map;
  uint8_t  rule[2 * 256];
} Thinning;

static TesseraStatus
thin_on_cpu (void *args, TesseraExec *exec)
{
  Thinning *thinning = args;
  return thin_cpu (thinning->map, thinning->rule,
                   tessera_exec_threads (exec))
         ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
}

static TesseraStatus
thin_on_gpu (void *args, TesseraExec *exec)
{
  Thinning *thinning = args;
  Map *map = thinning->map;
  (void) exec;
  return tessera_cuda_skeleton_thin (map->line, map->skel, map->width,
                                     map->height, thinning->rule);
}

TesseraStatus
skeleton_thin (Map *map, TesseraExec *exec, Candidates *skeleton)
{
  Thinning thinning = { map, { 0 } };
  double pixels = (double) map->width * map->height;
  /* Costs per pixel as measured on the page of bench/RESULTS.md (gap
   * closing, CUDA); the progress belongs to the caller's whole run. */
  TesseraExecOp op = { thin_on_cpu, TESSERA_GPU (thin_on_gpu), &thinning,
                       false, false,
                       { pixels, 8.0, 0.05, 0.0, 2.0 * pixels } };
  TesseraExec inner = exec != NULL ? *exec : tessera_exec_default ();
  TesseraStatus status;

  inner.progress = NULL;
  skeleton_rule (thinning.rule);
  status = tessera_exec_run (&inner, &op);
  if (exec != NULL)
    exec->backend_used = inner.backend_used;
  if (status == TESSERA_OK && !skeleton_list (map, skeleton))
    status = TESSERA_ERROR_OUT_OF_MEMORY;
  return status;
}

bool
skeleton_thin_cpu (Map *map, int threads)
{
  uint8_t rule[2 * 256];

  skeleton_rule (rule);
  return thin_cpu (map, rule, threads);
}

/* ------------------------------------------------------------------ */
/* Walks and spurs. */

/* The half-width of the line at (X, Y): the chessboard distance to the
 * nearest free pixel (at most LIMIT). */
int
skeleton_half_width (const Map *map, int x, int y, int limit)
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
int
skeleton_walk (const Map *map, int x, int y, int max, Cell *path,
               bool *junction)
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

/* The junction at which the branch from the end AT is a spur, or
 * SIZE_MAX. */
static size_t
spur_junction (const Map *map, size_t at)
{
  Cell path[MAX_WALK + 1];
  int x = (int) (at % map->width), y = (int) (at / map->width);
  bool junction;
  int steps, limit;

  if (!is_end (map, x, y))
    return SIZE_MAX;
  steps = skeleton_walk (map, x, y, MAX_WALK, path, &junction);
  if (!junction)
    return SIZE_MAX;
  limit = 2 * skeleton_half_width (map, path[steps - 1].x, path[steps - 1].y,
                                   MAX_WALK / 4) + 3;
  if (steps - 1 > limit)
    return SIZE_MAX;
  return (size_t) path[steps - 1].y * map->width + path[steps - 1].x;
}

/* Lists in REMOVED the pixels of the spur from the end AT, all but its
 * junction. */
static bool
spur_pixels (const Map *map, size_t at, Candidates *removed)
{
  Cell path[MAX_WALK + 1];
  bool junction;
  int steps = skeleton_walk (map, (int) (at % map->width),
                             (int) (at / map->width), MAX_WALK, path,
                             &junction);

  for (int k = 0; k < steps - 1; k++)
    if (!candidates_push (removed, (size_t) path[k].y * map->width
                                   + path[k].x))
      return false;
  return true;
}

static int
compare_size (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  return x < y ? -1 : x > y;
}

/* Sorts LIST and drops its repeats. */
static void
sort_unique (Candidates *list)
{
  size_t n = 0;

  qsort (list->at, list->count, sizeof *list->at, compare_size);
  for (size_t i = 0; i < list->count; i++)
    if (n == 0 || list->at[i] != list->at[n - 1])
      list->at[n++] = list->at[i];
  list->count = n;
}

/* ENDS becomes the ends of the skeleton after the REMOVED pixels (sorted)
 * went: the old ones that still are, and the removed pixels' neighbours
 * that became ends (no other pixel's ring changed).  The lists are short:
 * no map of the image is needed. */
static bool
ends_after (const Map *map, const Candidates *removed, Candidates *ends)
{
  size_t kept = 0, n;

  for (size_t i = 0; i < ends->count; i++)
    if (bsearch (&ends->at[i], removed->at, removed->count,
                 sizeof *removed->at, compare_size) == NULL)
      ends->at[kept++] = ends->at[i];
  ends->count = kept;
  for (size_t i = 0; i < removed->count; i++)
    {
      int x = (int) (removed->at[i] % map->width);
      int y = (int) (removed->at[i] / map->width);
      for (int k = 0; k < 8; k++)
        if (at_or_zero (map->skel, map->width, map->height, x + ring_x[k],
                        y + ring_y[k])
            && !candidates_push (ends, (size_t) (y + ring_y[k]) * map->width
                                       + x + ring_x[k]))
          return false;
    }
  sort_unique (ends);
  n = 0;
  for (size_t i = 0; i < ends->count; i++)
    if (is_end (map, (int) (ends->at[i] % map->width),
                (int) (ends->at[i] / map->width)))
      ends->at[n++] = ends->at[i];
  ends->count = n;
  return true;
}

/* Removes the spurs: branches from an end to a junction no longer than
 * twice the line's half-width at the junction + 3 (the spur of a sharp
 * convex corner of a thick line grows with the corner's sharpness).  The
 * spurs are found first and removed after, so that the order of the ends
 * does not matter.  PRUNED (may be NULL) gets each removed branch, in the
 * raster order of the ends. */
bool
skeleton_prune (Map *map, int threads, Candidates *ends, Branches *pruned)
{
  size_t n = ends->count;
  size_t *junction_at = malloc ((n + 1) * sizeof *junction_at);
  Candidates removed = { NULL, 0, 0 };
  bool ok = junction_at != NULL;

  if (ok)
    {
      #pragma omp parallel for schedule(dynamic, 64) num_threads(threads)
      for (size_t i = 0; i < n; i++)
        junction_at[i] = spur_junction (map, ends->at[i]);
    }
  /* The spurs' pixels, walked again before any goes (spurs are short and
   * few). */
  for (size_t i = 0; ok && i < n; i++)
    if (junction_at[i] != SIZE_MAX)
      ok = (pruned == NULL
            || branches_push (pruned, ends->at[i], junction_at[i]))
           && spur_pixels (map, ends->at[i], &removed);
  if (ok && removed.count > 0)
    {
      sort_unique (&removed);
      for (size_t i = 0; i < removed.count; i++)
        map->skel[removed.at[i]] = 0;
      ok = ends_after (map, &removed, ends);
    }
  free (removed.at);
  free (junction_at);
  return ok;
}
