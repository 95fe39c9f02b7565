/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the regions of line art on the device (tessera_cuda_regions_*
 * of core/gpu-backend.h, driven by core/fill-regions-gpu.c).  The map
 * stays on the device from the thinning to the final labels; each step
 * gives the CPU's result pixel for pixel:
 *  - Labelling (region_label): union-find over pixels whose roots are the
 *    smallest index of their set (fill-contours-union-find.cuh), that is
 *    the set's first pixel in raster order, so the roots counted by a
 *    prefix sum number the sets as the CPU does.  Each warp first links a
 *    row's 32 pixels to the start of their run; a pixel then joins the
 *    pixel above unless its left neighbour already holds that link.
 *  - Fates (classify_sets): area and sides per set by atomics, pockets from
 *    the closure pixels.
 *  - Grow-back (region_grow): rounds over the list of targets.  A target
 *    reads its neighbours' states as the round found them (one that takes
 *    in the round is marked apart until the round ends), so the threads'
 *    order does not matter, as the CPU's pixel order does not.
 *  - Numbering (renumber): each final number's first pixel by an atomic
 *    min at the start of each run of equal numbers, the numbers then
 *    ordered by it on the host (a few thousand). */
#include <algorithm>
#include <new>
#include <vector>
#include <cub/cub.cuh>
#include "fill-contours-union-find.cuh"
#include "fill-regions-private.cuh"
#include "skeleton.cuh"

/* A state of region_grow that took in the round under way. */
#define GROW_TAKEN 3
/* Rounds of the grow-back between looks at whether they still take. */
#define ROUNDS_PER_LOOK 8

TesseraStatus
region_stage (const char *name)
{
  if (tessera_stage_enabled ())
    {
      TESSERA_CUDA_CHECK (cudaDeviceSynchronize ());
      tessera_stage_mark (name);
    }
  return TESSERA_OK;
}

TesseraStatus
region_inclusive_sum (const uint32_t *flag, uint32_t *rank, size_t pixels,
                      uint32_t *total)
{
  TesseraDeviceBuffer scan;
  size_t scan_bytes = 0;

  TESSERA_CUDA_CHECK (cub::DeviceScan::InclusiveSum (NULL, scan_bytes, flag,
                                                     rank, pixels));
  TESSERA_CUDA_CHECK (scan.allocate (scan_bytes));
  TESSERA_CUDA_CHECK (cub::DeviceScan::InclusiveSum (scan.as<void> (),
                                                     scan_bytes, flag, rank,
                                                     pixels));
  return tessera_cuda_status (cudaMemcpy (total, rank + pixels - 1,
                                          sizeof *total,
                                          cudaMemcpyDeviceToHost));
}

namespace
{

__global__ void
mark_closures (uint8_t *blocked, const size_t *at, size_t n)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    blocked[at[i]] = CLOSURE_PIXEL;
}

/* Blocks of 32 x 8: each warp holds 32 pixels of one row.  Every free
 * pixel's parent becomes the first pixel of its run within the warp. */
__global__ void
link_runs (const uint8_t *blocked, int *parent, int width, int height)
{
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * blockDim.y
                                             + threadIdx.y;
  int lane = threadIdx.x;
  bool inside = x < width && y < height;
  size_t at = (size_t) y * width + x;
  bool free_pixel = inside && blocked[at] == 0;
  unsigned bits = __ballot_sync (0xffffffffu, free_pixel);
  unsigned starts = bits & ~(bits << 1);
  unsigned below = lane == 31 ? ~0u : (2u << lane) - 1;

  if (!inside)
    return;
  if (!free_pixel)
    {
      parent[at] = -1;
      return;
    }
  parent[at] = (int) at - (lane - (31 - __clz (starts & below)));
}

/* Unites each free pixel with its free neighbours left (across warps) and
 * above, skipping links its left neighbour's own links already imply. */
__global__ void
link_neighbours (const uint8_t *blocked, int *parent, int width, int height,
                 int connectivity)
{
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * blockDim.y
                                             + threadIdx.y;
  size_t at = (size_t) y * width + x;

  if (x >= width || y >= height || blocked[at] != 0)
    return;
  bool left = x > 0 && blocked[at - 1] == 0;
  if (left && threadIdx.x == 0)
    unite<GlobalMemory> (parent, (int) at - 1, (int) at);
  if (y == 0)
    return;
  size_t up = at - width;
  bool up_free = blocked[up] == 0;
  if (connectivity == 4)
    {
      /* Left and up-left free: the left pixel's run and the run above are
       * joined already, through the left pixel or one before it. */
      if (up_free && !(left && blocked[up - 1] == 0))
        unite<GlobalMemory> (parent, (int) up, (int) at);
      return;
    }
  for (int dx = -1; dx <= 1; dx++)
    {
      int nx = x + dx;
      if (nx >= 0 && nx < width && blocked[up + dx] == 0)
        unite<GlobalMemory> (parent, (int) (up + dx), (int) at);
    }
}

/* RANK gets 1 at each set's root (its first pixel), 0 elsewhere; PARENT
 * each free pixel's root. */
__global__ void
flatten (int *parent, uint32_t *rank, size_t pixels)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= pixels)
    return;
  int up = parent[i];
  if (up >= 0)
    {
      up = find_root<GlobalMemory> (parent, (int) i);
      parent[i] = up;
    }
  rank[i] = up == (int) i;
}

/* LABEL gets the set number (the rank of the root), 0 on blocked pixels;
 * AREA[set] counts the pixels, a warp's equal numbers added at once. */
__global__ void
number_sets (const int *parent, const uint32_t *rank, uint32_t *label,
             unsigned long long *area, size_t pixels)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t number = 0;

  if (i < pixels && parent[i] >= 0)
    number = rank[parent[i]];
  unsigned same = __match_any_sync (0xffffffffu, number);
  if (i >= pixels)
    return;
  label[i] = number;
  if (number != 0 && (threadIdx.x & 31) == __ffs (same) - 1)
    atomicAdd (area + number, (unsigned long long) __popc (same));
}

/* Thread K: the K-th pixel of the canvas's border, its set's side. */
__global__ void
set_sides (const uint32_t *label, unsigned *sides, int width, int height)
{
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int x, y;
  unsigned side;

  if (k < height)
    x = 0, y = k, side = REGION_LEFT;
  else if (k < 2 * height)
    x = width - 1, y = k - height, side = REGION_RIGHT;
  else if (k < 2 * height + width)
    x = k - 2 * height, y = 0, side = REGION_TOP;
  else if (k < 2 * (height + width))
    x = k - 2 * height - width, y = height - 1, side = REGION_BOTTOM;
  else
    return;
  uint32_t number = label[(size_t) y * width + x];
  if (number != 0)
    atomicOr (sides + number, side);
}

/* KEEP[s]: 0 outside, 1 a region (classify_sets). */
__global__ void
set_fates (const unsigned *sides, uint8_t *keep, uint32_t sets,
           bool edge_regions)
{
  uint32_t s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s > sets)
    return;
  bool outside = edge_regions ? sides[s] == REGION_ALL_SIDES : sides[s] != 0;
  keep[s] = s != 0 && !outside;
}

/* KEEP[s] = 2 for the sets of at most POCKET pixels beside a closure. */
__global__ void
mark_pockets (const size_t *at, size_t n, const uint32_t *label,
              const unsigned long long *area, uint8_t *keep,
              unsigned long long pocket, int width, int height)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = (int) (at[i] % width), y = (int) (at[i] / width);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      {
        int nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height)
          continue;
        uint32_t s = label[(size_t) ny * width + nx];
        if (s != 0 && area[s] <= pocket)
          keep[s] = 2;
      }
}

/* grow_back's states; the targets are listed in TARGETS (COUNT). */
__global__ void
grow_states (const uint8_t *blocked, const uint8_t *keep, uint32_t *label,
             uint8_t *state, size_t pixels, uint32_t *targets,
             unsigned *count)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= pixels)
    return;
  state[i] = grow_back_state (blocked[i], label[i], keep, &label[i]);
  if (state[i] == GROW_TARGET)
    targets[atomicAdd (count, 1u)] = (uint32_t) i;
}

/* One round of region_grow over the targets: the first neighbour that was
 * a source before the round gives its value.  TAKEN counts the takers. */
__global__ void
grow_round (const uint32_t *targets, unsigned n, uint32_t *label,
            uint8_t *state, int width, int height, int connectivity,
            unsigned *taken)
{
  const int step_x[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
  const int step_y[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i >= n || state[targets[i]] != GROW_TARGET)
    return;
  size_t at = targets[i];
  int x = (int) (at % width), y = (int) (at / width);
  for (int k = 0; k < connectivity; k++)
    {
      int nx = x + step_x[k], ny = y + step_y[k];
      if (nx < 0 || ny < 0 || nx >= width || ny >= height)
        continue;
      size_t next = (size_t) ny * width + nx;
      if (state[next] == GROW_SOURCE)
        {
          label[at] = label[next];
          state[at] = GROW_TAKEN;
          atomicAdd (taken, 1u);
          return;
        }
    }
}

__global__ void
grow_settle (const uint32_t *targets, unsigned n, uint8_t *state)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && state[targets[i]] == GROW_TAKEN)
    state[targets[i]] = GROW_SOURCE;
}

/* FIRST[n]: the first pixel of final number n = MAP[set], looked at where
 * a run of equal numbers starts. */
__global__ void
first_pixels (const uint32_t *label, const uint32_t *map, uint32_t *first,
              int width, int height)
{
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * blockDim.y
                                             + threadIdx.y;
  if (x >= width || y >= height)
    return;
  size_t at = (size_t) y * width + x;
  uint32_t n = map[label[at]];
  if (n != 0 && (x == 0 || map[label[at - 1]] != n))
    atomicMin (first + n, (uint32_t) at);
}

__global__ void
apply_map (uint32_t *label, const uint32_t *map, size_t pixels)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < pixels)
    label[i] = map[label[i]];
}

/* The grow-back, in rounds until one takes nothing. */
TesseraStatus
grow_back (TesseraCudaRegions *r, const uint32_t *targets, unsigned n,
           int connectivity)
{
  TesseraDeviceBuffer taken;
  unsigned counts[ROUNDS_PER_LOOK];
  unsigned blocks = tessera_cuda_blocks (n, REGION_THREADS);
  bool more = n > 0;

  TESSERA_CUDA_CHECK (taken.allocate (sizeof counts));
  while (more)
    {
      TESSERA_CUDA_CHECK (cudaMemsetAsync (taken.as<unsigned> (), 0,
                                           sizeof counts));
      for (int k = 0; k < ROUNDS_PER_LOOK; k++)
        {
          grow_round<<<blocks, REGION_THREADS>>>
            (targets, n, r->label.as<uint32_t> (), r->state.as<uint8_t> (),
             r->width, r->height, connectivity, taken.as<unsigned> () + k);
          grow_settle<<<blocks, REGION_THREADS>>>
            (targets, n, r->state.as<uint8_t> ());
        }
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemcpy (counts, taken.as<unsigned> (),
                                      sizeof counts, cudaMemcpyDeviceToHost));
      /* A round that took nothing: the later ones changed nothing. */
      more = std::find (counts, counts + ROUNDS_PER_LOOK, 0u)
             == counts + ROUNDS_PER_LOOK;
    }
  return TESSERA_OK;
}

/* LABEL and the sets' numbers, areas and sides (region_label). */
TesseraStatus
label_sets (TesseraCudaRegions *r, int connectivity, TesseraDeviceBuffer *area,
            TesseraDeviceBuffer *sides)
{
  dim3 rows (32, 8);
  dim3 grid = region_row_grid (r->width, r->height, rows);
  unsigned blocks = tessera_cuda_blocks (r->pixels, REGION_THREADS);
  int *parent = r->parent.as<int> ();
  uint32_t *label = r->label.as<uint32_t> ();
  TesseraDeviceBuffer rank;
  uint32_t sets = 0;

  link_runs<<<grid, rows>>> (r->blocked.as<uint8_t> (), parent, r->width,
                             r->height);
  link_neighbours<<<grid, rows>>> (r->blocked.as<uint8_t> (), parent,
                                   r->width, r->height, connectivity);
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (region_stage ("label: union-find (gpu)"));
  /* The roots' flags go to LABEL, their inclusive sum to RANK. */
  flatten<<<blocks, REGION_THREADS>>> (parent, label, r->pixels);
  TESSERA_CUDA_CHECK (rank.allocate (r->pixels * sizeof (uint32_t)));
  TESSERA_CUDA_CHECK (region_inclusive_sum (label, rank.as<uint32_t> (),
                                            r->pixels, &sets));
  r->sets = sets;
  TESSERA_CUDA_CHECK (area->allocate ((sets + 1)
                                      * sizeof (unsigned long long)));
  TESSERA_CUDA_CHECK (sides->allocate ((sets + 1) * sizeof (unsigned)));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (area->as<void> (), 0, area->bytes ()));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (sides->as<void> (), 0,
                                       sides->bytes ()));
  number_sets<<<blocks, REGION_THREADS>>>
    (parent, rank.as<uint32_t> (), label,
     area->as<unsigned long long> (), r->pixels);
  set_sides<<<tessera_cuda_blocks (2 * ((size_t) r->width + r->height),
                                   REGION_THREADS), REGION_THREADS>>>
    (label, sides->as<unsigned> (), r->width, r->height);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return region_stage ("label: numbers, areas, sides (gpu)");
}

} /* namespace */

extern "C" TesseraStatus
tessera_cuda_regions_new (TesseraCudaRegions **regions,
                          const uint8_t *blocked, int width, int height)
{
  size_t pixels = (size_t) width * height;
  TesseraCudaRegions *r;

  *regions = NULL;
  /* Pixel indices are ints on the device. */
  if (pixels >= (size_t) INT32_MAX)
    return TESSERA_ERROR_GPU_OUT_OF_MEMORY;
  r = new (std::nothrow) TesseraCudaRegions;
  if (r == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  *regions = r;
  r->width = width;
  r->height = height;
  r->pixels = pixels;
  r->sets = 0;
  TESSERA_CUDA_CHECK (r->blocked.allocate (pixels));
  TESSERA_CUDA_CHECK (r->state.allocate (pixels));
  TESSERA_CUDA_CHECK (r->scratch.allocate (pixels));
  TESSERA_CUDA_CHECK (r->parent.allocate (pixels * sizeof (int)));
  TESSERA_CUDA_CHECK (r->label.allocate (pixels * sizeof (uint32_t)));
  TESSERA_CUDA_CHECK (cudaMemcpy (r->blocked.as<uint8_t> (), blocked, pixels,
                                  cudaMemcpyHostToDevice));
  return TESSERA_OK;
}

extern "C" void
tessera_cuda_regions_free (TesseraCudaRegions *regions)
{
  delete regions;
}

extern "C" TesseraStatus
tessera_cuda_regions_thin (TesseraCudaRegions *r, const uint8_t *rule)
{
  TesseraDeviceBuffer flag;

  TESSERA_CUDA_CHECK (flag.allocate (sizeof (int)));
  return tessera_cuda_thin_device (r->blocked.as<uint8_t> (),
                                   r->state.as<uint8_t> (),
                                   r->scratch.as<uint8_t> (), flag.as<int> (),
                                   r->width, r->height, rule);
}

extern "C" TesseraStatus
tessera_cuda_regions_label (TesseraCudaRegions *r, const size_t *at, size_t n,
                            int connectivity, bool edge_regions,
                            uint64_t pocket, uint32_t *sets)
{
  TesseraDeviceBuffer closures, area, sides, targets, count;
  unsigned n_targets = 0;

  if (n > 0)
    {
      TESSERA_CUDA_CHECK (closures.allocate (n * sizeof (size_t)));
      TESSERA_CUDA_CHECK (cudaMemcpy (closures.as<size_t> (), at,
                                      n * sizeof (size_t),
                                      cudaMemcpyHostToDevice));
      mark_closures<<<tessera_cuda_blocks (n, REGION_THREADS),
                      REGION_THREADS>>> (r->blocked.as<uint8_t> (),
                                            closures.as<size_t> (), n);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  TESSERA_CUDA_CHECK (label_sets (r, connectivity, &area, &sides));
  *sets = r->sets;
  TESSERA_CUDA_CHECK (r->keep.allocate ((size_t) r->sets + 1));
  set_fates<<<tessera_cuda_blocks ((size_t) r->sets + 1, REGION_THREADS),
              REGION_THREADS>>> (sides.as<unsigned> (),
                                    r->keep.as<uint8_t> (), r->sets,
                                    edge_regions);
  if (n > 0 && pocket > 0)
    mark_pockets<<<tessera_cuda_blocks (n, REGION_THREADS),
                   REGION_THREADS>>>
      (closures.as<size_t> (), n, r->label.as<uint32_t> (),
       area.as<unsigned long long> (), r->keep.as<uint8_t> (), pocket,
       r->width, r->height);
  TESSERA_CUDA_CHECK_LAUNCH ();
  /* The targets share the parent array, no longer needed. */
  TESSERA_CUDA_CHECK (count.allocate (sizeof (unsigned)));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (count.as<unsigned> (), 0,
                                       sizeof (unsigned)));
  grow_states<<<tessera_cuda_blocks (r->pixels, REGION_THREADS),
                REGION_THREADS>>>
    (r->blocked.as<uint8_t> (), r->keep.as<uint8_t> (),
     r->label.as<uint32_t> (), r->state.as<uint8_t> (), r->pixels,
     r->parent.as<uint32_t> (), count.as<unsigned> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpy (&n_targets, count.as<unsigned> (),
                                  sizeof n_targets, cudaMemcpyDeviceToHost));
  TESSERA_CUDA_CHECK (region_stage ("classify (gpu)"));
  TESSERA_CUDA_CHECK (grow_back (r, r->parent.as<uint32_t> (), n_targets,
                                 connectivity));
  return region_stage ("grow back (gpu)");
}

extern "C" TesseraStatus
tessera_cuda_regions_keep (TesseraCudaRegions *r, uint8_t *keep)
{
  return tessera_cuda_status (cudaMemcpy (keep, r->keep.as<uint8_t> (),
                                          (size_t) r->sets + 1,
                                          cudaMemcpyDeviceToHost));
}

extern "C" TesseraStatus
tessera_cuda_regions_download (TesseraCudaRegions *r, uint32_t *label)
{
  return tessera_cuda_status (cudaMemcpy (label, r->label.as<uint32_t> (),
                                          r->pixels * sizeof (uint32_t),
                                          cudaMemcpyDeviceToHost));
}

/* TABLE (SETS + 1) = ORDER[MAP[s]], ORDER numbering the final numbers by
 * their first pixels (FIRST, COUNT + 1 entries). */
static void
order_by_first (const uint32_t *map, uint32_t sets, const uint32_t *first,
                uint32_t count, uint32_t *table)
{
  std::vector<uint64_t> keys;
  std::vector<uint32_t> order ((size_t) count + 1, 0);

  for (uint32_t n = 1; n <= count; n++)
    if (first[n] != UINT32_MAX)
      keys.push_back ((uint64_t) first[n] << 32 | n);
  std::sort (keys.begin (), keys.end ());
  for (size_t k = 0; k < keys.size (); k++)
    order[(uint32_t) keys[k]] = (uint32_t) k + 1;
  for (uint32_t s = 0; s <= sets; s++)
    table[s] = order[map[s]];
}

extern "C" TesseraStatus
tessera_cuda_regions_finish (TesseraCudaRegions *r, const uint32_t *map,
                             uint32_t sets, bool renumber, uint32_t *label)
{
  TesseraDeviceBuffer table, first;
  uint32_t count = *std::max_element (map, map + sets + 1);
  unsigned blocks = tessera_cuda_blocks (r->pixels, REGION_THREADS);
  std::vector<uint32_t> host_table (map, map + sets + 1);

  TESSERA_CUDA_CHECK (table.allocate (((size_t) sets + 1)
                                      * sizeof (uint32_t)));
  TESSERA_CUDA_CHECK (cudaMemcpy (table.as<uint32_t> (), map,
                                  ((size_t) sets + 1) * sizeof (uint32_t),
                                  cudaMemcpyHostToDevice));
  if (renumber)
    {
      std::vector<uint32_t> host_first ((size_t) count + 1);
      dim3 rows (32, 8);
      TESSERA_CUDA_CHECK (first.allocate (((size_t) count + 1)
                                          * sizeof (uint32_t)));
      TESSERA_CUDA_CHECK (cudaMemsetAsync (first.as<void> (), 0xff,
                                           first.bytes ()));
      first_pixels<<<region_row_grid (r->width, r->height, rows), rows>>>
        (r->label.as<uint32_t> (), table.as<uint32_t> (),
         first.as<uint32_t> (), r->width, r->height);
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemcpy (host_first.data (), first.as<uint32_t> (),
                                      first.bytes (), cudaMemcpyDeviceToHost));
      order_by_first (map, sets, host_first.data (), count,
                      host_table.data ());
      TESSERA_CUDA_CHECK (cudaMemcpy (table.as<uint32_t> (),
                                      host_table.data (),
                                      ((size_t) sets + 1) * sizeof (uint32_t),
                                      cudaMemcpyHostToDevice));
    }
  apply_map<<<blocks, REGION_THREADS>>> (r->label.as<uint32_t> (),
                                            table.as<uint32_t> (), r->pixels);
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (region_stage ("renumber (gpu)"));
  return tessera_cuda_regions_download (r, label);
}
