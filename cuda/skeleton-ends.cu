/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the ends of the skeleton for gap closing, on the device
 * (tessera_cuda_regions_ends of core/gpu-backend.h): the pruning of
 * core/skeleton.c and the description of each end of core/gap-closing.c's
 * find_ends, with the same walks, one thread per end.  Only integers are
 * computed here: the ring about an end comes as offsets from the host,
 * and the heading (doubles) is left to the host, as is the own-stroke
 * look of the few ends whose ring does not decide (open_cap).
 *
 * Each pruning lists the ends (a flag per pixel, a prefix sum), finds
 * every end's spur, marks the spurs' pixels, then removes them: the walks
 * all read the skeleton as the pruning found it, as on the CPU. */
#include <stdlib.h>
#include <string.h>
#include <vector>
#include "fill-regions-private.cuh"

namespace
{

__constant__ int ring_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
__constant__ int ring_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

struct DeviceMap
{
  const uint8_t *line;
  uint8_t *skel;
  int width, height;
};

__device__ inline bool
on (const uint8_t *image, const DeviceMap &m, int x, int y)
{
  return x >= 0 && y >= 0 && x < m.width && y < m.height
         && image[(size_t) y * m.width + x] != 0;
}

/* skeleton.h's ring_bits on the skeleton. */
__device__ unsigned
ring_bits (const DeviceMap &m, int x, int y)
{
  unsigned bits = 0;
  for (int k = 0; k < 8; k++)
    bits |= (unsigned) on (m.skel, m, x + ring_dx[k], y + ring_dy[k]) << k;
  return bits;
}

__device__ int
ring_runs (unsigned bits)
{
  int runs = 0;
  for (int k = 0; k < 8; k++)
    runs += !(bits >> k & 1) && (bits >> ((k + 1) & 7) & 1);
  return runs;
}

__device__ bool
is_end (const DeviceMap &m, int x, int y)
{
  if (!on (m.skel, m, x, y))
    return false;
  unsigned bits = ring_bits (m, x, y);
  int count = __popc (bits);
  return count >= 1 && count <= 2 && ring_runs (bits) == 1;
}

/* skeleton_half_width. */
__device__ int
half_width (const DeviceMap &m, int x, int y, int limit)
{
  for (int r = 1; r <= limit; r++)
    for (int dy = -r; dy <= r; dy++)
      for (int dx = -r; dx <= r; dx += (dy == -r || dy == r) ? 1 : 2 * r)
        {
          int nx = x + dx, ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < m.width && ny < m.height
              && !m.line[(size_t) ny * m.width + nx])
            return r;
        }
  return limit;
}

/* skeleton_walk, keeping the last four cells (all that its "never back on
 * the path" looks at); the cells before MARK_COUNT are set in MARK. */
__device__ int
walk (const DeviceMap &m, int x, int y, int max, int *last_x, int *last_y,
      bool *junction, uint8_t *mark, int mark_count)
{
  int hx[4], hy[4], n = 1;

  hx[0] = x;
  hy[0] = y;
  if (mark != NULL && mark_count > 0)
    mark[(size_t) y * m.width + x] = 1;
  *junction = false;
  while (n <= max)
    {
      int cx = hx[(n - 1) & 3], cy = hy[(n - 1) & 3], found = -1;

      if (n > 1 && ring_runs (ring_bits (m, cx, cy)) >= 3)
        {
          *junction = true;
          break;
        }
      /* Edge neighbours first, then corners; never back on the path. */
      for (int pick = 0; pick < 8 && found < 0; pick++)
        {
          int k = pick < 4 ? 2 * pick : 2 * (pick - 4) + 1;
          int nx = cx + ring_dx[k], ny = cy + ring_dy[k];
          bool seen = false;
          if (!on (m.skel, m, nx, ny))
            continue;
          for (int i = n - 1; i >= 0 && i >= n - 4 && !seen; i--)
            seen = hx[i & 3] == nx && hy[i & 3] == ny;
          if (!seen)
            found = k;
        }
      if (found < 0)
        break;
      hx[n & 3] = cx + ring_dx[found];
      hy[n & 3] = cy + ring_dy[found];
      if (mark != NULL && n < mark_count)
        mark[(size_t) hy[n & 3] * m.width + hx[n & 3]] = 1;
      n++;
    }
  *last_x = hx[(n - 1) & 3];
  *last_y = hy[(n - 1) & 3];
  return n;
}

/* FLAG: 1 at the skeleton's ends. */
__global__ void
flag_ends (DeviceMap m, uint32_t *flag)
{
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * blockDim.y
                                             + threadIdx.y;
  if (x < m.width && y < m.height)
    flag[(size_t) y * m.width + x] = is_end (m, x, y);
}

/* LIST[RANK - 1] = the pixel, where FLAG is set: raster order. */
__global__ void
list_flagged (const uint32_t *flag, const uint32_t *rank, size_t *list,
              size_t pixels)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < pixels && flag[i])
    list[rank[i] - 1] = i;
}

/* skeleton.c's spur_junction: JUNCTION[i] for the end LIST[i], or -1;
 * STEPS[i] the cells of its walk. */
__global__ void
spur_find (DeviceMap m, const size_t *list, unsigned n, long long *junction,
           int *steps)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = (int) (list[i] % m.width), y = (int) (list[i] / m.width);
  int jx, jy;
  bool at_junction;

  junction[i] = -1;
  if (!is_end (m, x, y))
    return;
  steps[i] = walk (m, x, y, MAX_WALK, &jx, &jy, &at_junction, NULL, 0);
  if (!at_junction
      || steps[i] - 1 > 2 * half_width (m, jx, jy, MAX_WALK / 4) + 3)
    return;
  junction[i] = (long long) jy * m.width + jx;
}

/* SPUR gets the pixels of each spur, all but its junction. */
__global__ void
spur_mark (DeviceMap m, const size_t *list, unsigned n,
           const long long *junction, const int *steps, uint8_t *spur)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int jx, jy;
  bool at_junction;

  if (i >= n || junction[i] < 0)
    return;
  walk (m, (int) (list[i] % m.width), (int) (list[i] / m.width), MAX_WALK,
        &jx, &jy, &at_junction, spur, steps[i] - 1);
}

/* The spurs leave the skeleton; SPUR is cleared for the next pruning. */
__global__ void
spur_remove (uint8_t *skel, uint8_t *spur, size_t pixels)
{
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < pixels && spur[i])
    {
      skel[i] = 0;
      spur[i] = 0;
    }
}

/* find_ends, less the heading and the own stroke: OFFSETS is
 * gap_cap_offsets's table. */
__global__ void
describe_ends (DeviceMap m, const size_t *list, unsigned n,
               const int8_t *offsets, RegionEnd *ends)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  RegionEnd e;
  bool at_junction;
  int free_samples = 0, lines = 0;

  e.x = (int) (list[i] % m.width);
  e.y = (int) (list[i] / m.width);
  e.r = half_width (m, e.x, e.y, MAX_HALF_WIDTH);
  e.steps = walk (m, e.x, e.y, 2 * e.r + 3, &e.tail_x, &e.tail_y,
                  &at_junction, NULL, 0);
  for (int s = 0; s < RING_SAMPLES; s++)
    {
      const int8_t *o = offsets + 2 * (e.r * RING_SAMPLES + s);
      if (on (m.line, m, e.x + o[0], e.y + o[1]))
        lines++;
      else
        free_samples++;
    }
  e.cap = free_samples >= CAP_SAMPLES ? 1
          : free_samples + lines < CAP_SAMPLES ? 0 : 2;
  ends[i] = e;
}

/* FLAG[i]: the fork AT[i] is an end of the pruned skeleton. */
__global__ void
fork_flags (DeviceMap m, const long long *at, unsigned n, int *flag)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    flag[i] = is_end (m, (int) (at[i] % m.width), (int) (at[i] / m.width));
}

DeviceMap
device_map (TesseraCudaRegions *r)
{
  DeviceMap m = { r->blocked.as<uint8_t> (), r->state.as<uint8_t> (),
                  r->width, r->height };
  return m;
}

/* LIST gets the skeleton's ends in raster order (COUNT); the label and
 * parent arrays, unused until the labelling, hold the flags and ranks. */
TesseraStatus
list_ends (TesseraCudaRegions *r, TesseraDeviceBuffer *list, unsigned *count)
{
  dim3 rows (32, 8);
  uint32_t *flags = r->label.as<uint32_t> (), *rank = r->parent.as<uint32_t> ();
  uint32_t n = 0;

  flag_ends<<<region_row_grid (r->width, r->height, rows), rows>>>
    (device_map (r), flags);
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (region_inclusive_sum (flags, rank, r->pixels, &n));
  TESSERA_CUDA_CHECK (list->allocate ((size_t) n * sizeof (size_t)));
  if (n > 0)
    list_flagged<<<tessera_cuda_blocks (r->pixels, REGION_THREADS),
                   REGION_THREADS>>> (flags, rank, list->as<size_t> (),
                                      r->pixels);
  TESSERA_CUDA_CHECK_LAUNCH ();
  *count = n;
  return TESSERA_OK;
}

/* One pruning (skeleton_prune); FORKS gets its branches, in the ends'
 * order. */
TesseraStatus
prune (TesseraCudaRegions *r, std::vector<RegionFork> *forks)
{
  TesseraDeviceBuffer list, junction, steps;
  unsigned n = 0, blocks;

  TESSERA_CUDA_CHECK (list_ends (r, &list, &n));
  if (n == 0)
    return TESSERA_OK;
  blocks = tessera_cuda_blocks (n, REGION_THREADS);
  TESSERA_CUDA_CHECK (junction.allocate (n * sizeof (long long)));
  TESSERA_CUDA_CHECK (steps.allocate (n * sizeof (int)));
  spur_find<<<blocks, REGION_THREADS>>> (device_map (r), list.as<size_t> (),
                                         n, junction.as<long long> (),
                                         steps.as<int> ());
  spur_mark<<<blocks, REGION_THREADS>>> (device_map (r), list.as<size_t> (),
                                         n, junction.as<long long> (),
                                         steps.as<int> (),
                                         r->scratch.as<uint8_t> ());
  spur_remove<<<tessera_cuda_blocks (r->pixels, REGION_THREADS),
                REGION_THREADS>>> (r->state.as<uint8_t> (),
                                   r->scratch.as<uint8_t> (), r->pixels);
  TESSERA_CUDA_CHECK_LAUNCH ();
  {
    std::vector<size_t> at (n);
    std::vector<long long> to (n);
    TESSERA_CUDA_CHECK (cudaMemcpy (at.data (), list.as<size_t> (),
                                    n * sizeof (size_t),
                                    cudaMemcpyDeviceToHost));
    TESSERA_CUDA_CHECK (cudaMemcpy (to.data (), junction.as<long long> (),
                                    n * sizeof (long long),
                                    cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < n; i++)
      if (to[i] >= 0)
        {
          RegionFork fork = { at[i], (size_t) to[i], 0 };
          forks->push_back (fork);
        }
  }
  return TESSERA_OK;
}

/* FORKS' fork_is_end on the pruned skeleton. */
TesseraStatus
flag_forks (TesseraCudaRegions *r, std::vector<RegionFork> *forks)
{
  TesseraDeviceBuffer at, flag;
  unsigned n = (unsigned) forks->size ();
  std::vector<long long> host_at (n);
  std::vector<int> host_flag (n);

  if (n == 0)
    return TESSERA_OK;
  for (unsigned i = 0; i < n; i++)
    host_at[i] = (long long) (*forks)[i].junction;
  TESSERA_CUDA_CHECK (at.allocate (n * sizeof (long long)));
  TESSERA_CUDA_CHECK (flag.allocate (n * sizeof (int)));
  TESSERA_CUDA_CHECK (cudaMemcpy (at.as<long long> (), host_at.data (),
                                  n * sizeof (long long),
                                  cudaMemcpyHostToDevice));
  fork_flags<<<tessera_cuda_blocks (n, REGION_THREADS), REGION_THREADS>>>
    (device_map (r), at.as<long long> (), n, flag.as<int> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpy (host_flag.data (), flag.as<int> (),
                                  n * sizeof (int), cudaMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; i++)
    (*forks)[i].fork_is_end = host_flag[i];
  return TESSERA_OK;
}

/* The ends left after the pruning, described (find_ends). */
TesseraStatus
describe (TesseraCudaRegions *r, const int8_t *offsets,
          std::vector<RegionEnd> *ends)
{
  TesseraDeviceBuffer list, table, out;
  size_t table_bytes = 2 * (MAX_HALF_WIDTH + 1) * RING_SAMPLES;
  unsigned n = 0;

  TESSERA_CUDA_CHECK (list_ends (r, &list, &n));
  if (n == 0)
    return TESSERA_OK;
  TESSERA_CUDA_CHECK (table.allocate (table_bytes));
  TESSERA_CUDA_CHECK (out.allocate (n * sizeof (RegionEnd)));
  TESSERA_CUDA_CHECK (cudaMemcpy (table.as<int8_t> (), offsets, table_bytes,
                                  cudaMemcpyHostToDevice));
  describe_ends<<<tessera_cuda_blocks (n, REGION_THREADS), REGION_THREADS>>>
    (device_map (r), list.as<size_t> (), n, table.as<int8_t> (),
     out.as<RegionEnd> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  ends->resize (n);
  return tessera_cuda_status (cudaMemcpy (ends->data (), out.as<RegionEnd> (),
                                          n * sizeof (RegionEnd),
                                          cudaMemcpyDeviceToHost));
}

/* A copy of V in malloc'd memory (for the C caller to free), or NULL. */
template <typename T>
T *
malloc_copy (const std::vector<T> &v)
{
  T *copy = (T *) malloc ((v.size () + 1) * sizeof (T));
  if (copy != NULL && !v.empty ())
    memcpy (copy, v.data (), v.size () * sizeof (T));
  return copy;
}

} /* namespace */

extern "C" TesseraStatus
tessera_cuda_regions_ends (TesseraCudaRegions *r, const int8_t *offsets,
                           RegionEnd **ends, size_t *n_ends,
                           RegionFork **forks, size_t *n_forks)
{
  std::vector<RegionFork> branches;
  std::vector<RegionEnd> described;

  *ends = NULL;
  *forks = NULL;
  *n_ends = *n_forks = 0;
  TESSERA_CUDA_CHECK (cudaMemsetAsync (r->scratch.as<void> (), 0,
                                       r->pixels));
  /* Twice, so that the fork of a square cap leaves its stem's end. */
  TESSERA_CUDA_CHECK (prune (r, &branches));
  TESSERA_CUDA_CHECK (prune (r, &branches));
  TESSERA_CUDA_CHECK (region_stage ("prune (gpu)"));
  TESSERA_CUDA_CHECK (flag_forks (r, &branches));
  TESSERA_CUDA_CHECK (describe (r, offsets, &described));
  TESSERA_CUDA_CHECK (region_stage ("ends (gpu)"));
  *ends = malloc_copy (described);
  *forks = malloc_copy (branches);
  if (*ends == NULL || *forks == NULL)
    {
      free (*ends);
      free (*forks);
      *ends = NULL;
      *forks = NULL;
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  *n_ends = described.size ();
  *n_forks = branches.size ();
  return TESSERA_OK;
}
