/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the one-pixel skeleton of line art, for gap closing
 * (gap-closing.c): Guo and Hall's thinning, the spurs of thick corners
 * pruned, and the walks along it.  Private to the core. */
#ifndef TESSERA_SKELETON_H
#define TESSERA_SKELETON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "exec.h"
#include "fill-regions-private.h"

/* The 8 neighbours, clockwise from north: N, NE, E, SE, S, SW, W, NW. */
static const int ring_x[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int ring_y[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

typedef struct
{
  const uint8_t *line;   /* 1: line (the original map) */
  uint8_t       *skel;   /* non-zero on skeleton pixels */
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

typedef struct
{
  int x, y;
} Cell;

/* Pixels to look at, by index. */
typedef RegionIndices Candidates;

bool candidates_push (Candidates *list, size_t at);

/* Branches of the skeleton, by the index of their end and junction. */
typedef struct
{
  size_t end, junction;
} Branch;

typedef struct
{
  Branch *at;
  size_t  count, capacity;
} Branches;

bool branches_push (Branches *list, size_t end, size_t junction);

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

/* Thins MAP's line into its skeleton, one pixel wide, on the backend EXEC
 * asks for (may be NULL); SKELETON gets its pixels in raster order (see
 * skeleton.c). */
TesseraStatus skeleton_thin (Map *map, TesseraExec *exec,
                             Candidates *skeleton);

/* The same on the CPU alone, on THREADS threads, with no list. */
bool skeleton_thin_cpu (Map *map, int threads);

/* The rule of both sub-iterations of the thinning by the ring's bits
 * (RULE[pass * 256 + bits]: 1 where the pixel goes), for the CPU and the
 * GPU alike. */
void skeleton_rule (uint8_t rule[2 * 256]);

/* SKELETON gets MAP's skeleton pixels in raster order. */
bool skeleton_list (const Map *map, Candidates *skeleton);

/* ENDS gets the ends of MAP's skeleton (is_end) in raster order. */
bool skeleton_ends (const Map *map, Candidates *ends);

/* Removes the spurs of thick corners from MAP's skeleton; ENDS (its ends,
 * in raster order) becomes the ends after, and PRUNED (may be NULL) gets
 * the branches removed. */
bool skeleton_prune (Map *map, int threads, Candidates *ends,
                     Branches *pruned);

/* The half-width of the line at (X, Y): the chessboard distance to the
 * nearest free pixel (at most LIMIT). */
int  skeleton_half_width (const Map *map, int x, int y, int limit);

/* Walks the skeleton from the end (X, Y) for at most MAX steps into PATH
 * (MAX + 1 cells, the end first), stopping at a junction (which is
 * stored); returns the cells stored, and whether a junction stopped it. */
int  skeleton_walk (const Map *map, int x, int y, int max, Cell *path,
                    bool *junction);

#endif
