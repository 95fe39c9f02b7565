/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Ward's top-down splits of core/mst-ward.c on the device.
 *
 * Every class is a connected part of the tree: the subtree of its head
 * less the subtrees of the classes split off inside it (its children).  So
 * a position's moments within its class are its whole subtree's (a
 * prefix sum over the preorder, exact integers) less those of the child
 * heads below it, and every candidate split is O(children) with no
 * per-class pass to sum them first.  The host keeps the classes and picks
 * the split as the CPU does; the device scans the one or two classes a
 * split changed.  The gains use the CPU's operations one by one, rounded
 * alike (no fused multiply-adds), so the same split wins. */
#include <algorithm>
#include <cub/cub.cuh>
#include "mst-private.cuh"

/* Blocks at most per scanned class. */
#define WARD_BLOCKS 1024

namespace {

__host__ __device__ inline MstMoments
operator+ (const MstMoments &a, const MstMoments &b)
{
  MstMoments r = { a.w + b.w, { a.s[0] + b.s[0], a.s[1] + b.s[1],
                                a.s[2] + b.s[2] } };
  return r;
}

__host__ __device__ inline MstMoments
operator- (const MstMoments &a, const MstMoments &b)
{
  MstMoments r = { a.w - b.w, { a.s[0] - b.s[0], a.s[1] - b.s[1],
                                a.s[2] - b.s[2] } };
  return r;
}

struct MomentsSum
{
  __device__ MstMoments operator() (const MstMoments &a,
                                    const MstMoments &b) const
  {
    return a + b;
  }
};

struct WardBest
{
  double   gain;
  uint32_t position;
};

/* The larger gain; on a tie the earlier position (the CPU's first). */
struct Better
{
  __device__ WardBest operator() (const WardBest &a, const WardBest &b) const
  {
    if (a.gain != b.gain)
      return a.gain > b.gain ? a : b;
    return a.position <= b.position ? a : b;
  }
};

/* tessera_mst_ward_cost, operation for operation. */
__device__ double
ward_cost (const MstMoments &a, const MstMoments &b)
{
  double d2 = 0.0;

  for (int ch = 0; ch < 3; ch++)
    {
      double d = __dsub_rn (__dmul_rn ((double) a.s[ch], (double) b.w),
                            __dmul_rn ((double) b.s[ch], (double) a.w));
      d2 = __dadd_rn (d2, __dmul_rn (d, d));
    }
  return __ddiv_rn (d2, __dmul_rn (__dmul_rn ((double) a.w, (double) b.w),
                                   (double) (a.w + b.w)));
}

/* The moments of position I's subtree within the class (false when I lies
 * in a child's range): the child heads' sums from CHILD_SUM, or from
 * SUBTREE when that is NULL. */
__device__ bool
within_class (size_t i, const MstMoments *subtree, const uint32_t *last,
              const uint32_t *child_head, const uint32_t *child_end,
              const MstMoments *child_sum, int n_children, MstMoments *part)
{
  const uint32_t end = last[i];

  *part = subtree[i];
  for (int d = 0; d < n_children; d++)
    {
      uint32_t h = child_head[d];
      if (h <= i && i <= child_end[d])
        return false;
      if (i < h && h <= end)
        *part = *part - (child_sum != NULL ? child_sum[d] : subtree[h]);
    }
  return true;
}

typedef cub::BlockReduce<WardBest, MST_THREADS> BestReduce;

/* Each block's best split of class JOBS[blockIdx.y]. */
__global__ void
scan_kernel (const MstMoments *subtree, const uint32_t *last,
             const MstWardJob *jobs, double min_weight, WardBest *partial)
{
  __shared__ uint32_t child_head[TESSERA_MST_SEGMENT_MAX_CLASSES];
  __shared__ uint32_t child_end[TESSERA_MST_SEGMENT_MAX_CLASSES];
  __shared__ MstMoments child_sum[TESSERA_MST_SEGMENT_MAX_CLASSES];
  __shared__ typename BestReduce::TempStorage temp;
  const MstWardJob *job = jobs + blockIdx.y;
  const int n_children = job->n_children;
  const MstMoments total = job->total;
  const size_t stride = (size_t) gridDim.x * blockDim.x;
  WardBest best = { -1.0, MST_NONE };

  for (int d = threadIdx.x; d < n_children; d += blockDim.x)
    {
      child_head[d] = job->child_head[d];
      child_end[d] = job->child_end[d];
      child_sum[d] = subtree[child_head[d]];
    }
  __syncthreads ();
  for (size_t i = job->head + 1 + blockIdx.x * (size_t) blockDim.x
                  + threadIdx.x;
       i <= job->end; i += stride)
    {
      MstMoments part;
      if (!within_class (i, subtree, last, child_head, child_end, child_sum,
                         n_children, &part)
          || part.w <= 0 || part.w >= total.w
          || (double) part.w < min_weight
          || (double) (total.w - part.w) < min_weight)
        continue;
      double gain = ward_cost (part, total - part);
      if (gain > best.gain)
        {
          best.gain = gain;
          best.position = (uint32_t) i;
        }
    }
  best = BestReduce (temp).Reduce (best, Better ());
  if (threadIdx.x == 0)
    partial[blockIdx.y * gridDim.x + blockIdx.x] = best;
}

/* The blocks' bests of class JOBS[blockIdx.x] into its result. */
__global__ void
best_kernel (const WardBest *partial, int blocks, const MstMoments *subtree,
             const uint32_t *last, const MstWardJob *jobs, MstWardResult *results)
{
  __shared__ typename BestReduce::TempStorage temp;
  const MstWardJob *job = jobs + blockIdx.x;
  WardBest best = { -1.0, MST_NONE };

  for (int b = threadIdx.x; b < blocks; b += blockDim.x)
    best = Better () (best, partial[blockIdx.x * blocks + b]);
  best = BestReduce (temp).Reduce (best, Better ());
  if (threadIdx.x != 0)
    return;
  MstWardResult r = { best.gain, best.position, MST_NONE, { 0, { 0, 0, 0 } } };
  if (best.position != MST_NONE)
    {
      within_class (best.position, subtree, last, job->child_head,
                    job->child_end, NULL, job->n_children, &r.part);
      r.end = last[best.position];
    }
  results[blockIdx.x] = r;
}

/* Per position, its vertex's moments. */
__global__ void
vertex_moments_kernel (const uint32_t *order, const uint32_t *weights,
                       const int32_t (*points)[3], size_t n, MstMoments *out)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t v = order[i];
  long long w = weights[v];
  MstMoments m = { w, { w * points[v][0], w * points[v][1],
                        w * points[v][2] } };
  out[i] = m;
}

/* From the inclusive prefix sums, each subtree's: its range's. */
__global__ void
subtree_kernel (const MstMoments *prefix, const uint32_t *last, size_t n,
                MstMoments *subtree)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  MstMoments s = prefix[last[i]];
  if (i > 0)
    s = s - prefix[i - 1];
  subtree[i] = s;
}

TesseraMstMoments
host_moments (const MstMoments &m)
{
  TesseraMstMoments r = { m.w, { m.s[0], m.s[1], m.s[2] } };
  return r;
}

void
subtract (TesseraMstMoments *a, const TesseraMstMoments *b)
{
  a->w -= b->w;
  for (int ch = 0; ch < 3; ch++)
    a->s[ch] -= b->s[ch];
}

/* Finds the best split of each of the N_JOBS classes WHICH. */
TesseraStatus
scan_classes (MstWardCut *cut, const int *which, int n_jobs)
{
  MstWardJob *jobs = cut->host_jobs;
  MstWardResult *results = cut->host_results;
  unsigned blocks = 1;

  for (int j = 0; j < n_jobs; j++)
    {
      const MstWardClass *k = &cut->classes[which[j]];
      MstWardJob *job = &jobs[j];
      job->head = k->head;
      job->end = k->end;
      job->total.w = k->total.w;
      for (int ch = 0; ch < 3; ch++)
        job->total.s[ch] = k->total.s[ch];
      job->n_children = 0;
      for (int d = 0; d < cut->count; d++)
        if (cut->classes[d].parent == which[j])
          {
            job->child_head[job->n_children] = cut->classes[d].head;
            job->child_end[job->n_children++] = cut->classes[d].end;
          }
      blocks = std::max (blocks, std::min ((unsigned) WARD_BLOCKS,
                                           mst_blocks (k->end - k->head)));
    }
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (cut->jobs.as<void> (), jobs,
                                       sizeof *jobs * n_jobs,
                                       cudaMemcpyHostToDevice, cut->stream));
  scan_kernel<<<dim3 (blocks, n_jobs), MST_THREADS, 0, cut->stream>>> (
    cut->subtree.as<MstMoments> (), cut->last, cut->jobs.as<MstWardJob> (),
    cut->min_weight, cut->partial.as<WardBest> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  best_kernel<<<n_jobs, MST_THREADS, 0, cut->stream>>> (
    cut->partial.as<WardBest> (), (int) blocks, cut->subtree.as<MstMoments> (),
    cut->last, cut->jobs.as<MstWardJob> (), cut->results.as<MstWardResult> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (results, cut->results.as<void> (),
                                       sizeof *results * n_jobs,
                                       cudaMemcpyDeviceToHost, cut->stream));
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (cut->stream));
  for (int j = 0; j < n_jobs; j++)
    {
      MstWardClass *k = &cut->classes[which[j]];
      k->gain = results[j].gain;
      k->best = results[j].position;
      k->best_end = results[j].end;
      k->best_part = host_moments (results[j].part);
    }
  return TESSERA_OK;
}

/* Splits class C at its best position into C and a new class. */
TesseraStatus
split_class (MstWardCut *cut, int c)
{
  const int made = cut->count++;
  MstWardClass *k = &cut->classes[c], *n = &cut->classes[made];
  const int which[2] = { made, c };

  n->head = k->best;
  n->end = k->best_end;
  n->parent = c;
  n->total = k->best_part;
  subtract (&k->total, &k->best_part);
  cut->creator[made] = c;
  cut->made[made] = k->best_part;
  /* C's children inside the new class's range are the new class's now. */
  for (int d = 1; d < made; d++)
    if (cut->classes[d].parent == c && cut->classes[d].head >= n->head
        && cut->classes[d].head <= n->end)
      cut->classes[d].parent = made;
  return scan_classes (cut, which, 2);
}

/* The first K classes' heads, deepest first, with their labels. */
struct Head
{
  uint32_t head, end, label;
};

__global__ void
label_kernel (const uint32_t *order, size_t n, const Head *heads, int k,
              uint32_t *colour_class)
{
  __shared__ Head shared[TESSERA_MST_SEGMENT_MAX_CLASSES];
  for (int c = threadIdx.x; c < k; c += blockDim.x)
    shared[c] = heads[c];
  __syncthreads ();
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  /* The deepest head above I: its class holds I. */
  int c = 0;
  while (c < k - 1 && !(shared[c].head <= i && i <= shared[c].end))
    c++;
  colour_class[order[i]] = shared[c].label;
}

/* Per warp, then once per warp into the device's sums. */
__global__ void
spread_kernel (const uint32_t *weights, const int32_t (*points)[3],
               size_t n, unsigned long long *sums)
{
  unsigned long long acc[10] = { 0 };

  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    {
      unsigned long long w = weights[i];
      acc[0] += w;
      for (int ch = 0; ch < 3; ch++)
        {
          long long p = points[i][ch];
          unsigned long long q = w * (unsigned long long) (p * p);
          acc[1 + ch] += (unsigned long long) ((long long) w * p);
          acc[4 + ch] += q >> 32;
          acc[7 + ch] += q & 0xffffffffull;
        }
    }
  for (int f = 0; f < 10; f++)
    {
      for (int offset = 16; offset > 0; offset /= 2)
        acc[f] += __shfl_down_sync (0xffffffffu, acc[f], offset);
      if (threadIdx.x % 32 == 0)
        atomicAdd (&sums[f], acc[f]);
    }
}

} /* namespace */

TesseraStatus
mst_ward_start (MstWardCut *cut, const MstLayout *layout,
                const uint32_t *weights, const int32_t (*points)[3],
                size_t n, double min_weight, cudaStream_t stream)
{
  TesseraDeviceBuffer own, prefix, scan_space;
  size_t scan_bytes = 0;
  MstMoments total;
  const int first = 0;

  cut->last = layout->last.as<uint32_t> ();
  cut->n = n;
  cut->min_weight = min_weight;
  cut->stream = stream;
  cut->count = 1;
  cut->stopped = false;
  TESSERA_CUDA_CHECK (cut->subtree.allocate (sizeof (MstMoments) * n, stream));
  TESSERA_CUDA_CHECK (cut->partial.allocate (sizeof (WardBest) * 2
                                             * WARD_BLOCKS, stream));
  TESSERA_CUDA_CHECK (cut->jobs.allocate (sizeof (MstWardJob) * 2, stream));
  TESSERA_CUDA_CHECK (cut->results.allocate (sizeof (MstWardResult) * 2, stream));
  TESSERA_CUDA_CHECK (own.allocate (sizeof (MstMoments) * n, stream));
  TESSERA_CUDA_CHECK (prefix.allocate (sizeof (MstMoments) * n, stream));
  vertex_moments_kernel<<<mst_blocks (n), MST_THREADS, 0, stream>>> (
    layout->order.as<uint32_t> (), weights, points, n,
    own.as<MstMoments> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cub::DeviceScan::InclusiveScan (
    NULL, scan_bytes, own.as<MstMoments> (), prefix.as<MstMoments> (),
    MomentsSum (), (int) n, stream));
  TESSERA_CUDA_CHECK (scan_space.allocate (scan_bytes, stream));
  TESSERA_CUDA_CHECK (cub::DeviceScan::InclusiveScan (
    scan_space.as<void> (), scan_bytes, own.as<MstMoments> (),
    prefix.as<MstMoments> (), MomentsSum (), (int) n, stream));
  subtree_kernel<<<mst_blocks (n), MST_THREADS, 0, stream>>> (
    prefix.as<MstMoments> (), cut->last, n, cut->subtree.as<MstMoments> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (&total, cut->subtree.as<void> (),
                                       sizeof total, cudaMemcpyDeviceToHost,
                                       stream));
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
  cut->classes[0].head = 0;
  cut->classes[0].end = (uint32_t) n - 1;
  cut->classes[0].parent = -1;
  cut->classes[0].total = host_moments (total);
  cut->creator[0] = -1;
  cut->made[0] = cut->classes[0].total;
  return scan_classes (cut, &first, 1);
}

TesseraStatus
mst_ward_split_to (MstWardCut *cut, int max_classes)
{
  while (!cut->stopped && cut->count < max_classes)
    {
      int best = 0;
      for (int c = 1; c < cut->count; c++)
        if (cut->classes[c].gain > cut->classes[best].gain)
          best = c;
      if (cut->classes[best].best == MST_NONE)
        {
          cut->stopped = true;
          break;
        }
      cut->gains[cut->count] = cut->classes[best].gain;
      TESSERA_CUDA_CHECK (split_class (cut, best));
    }
  return TESSERA_OK;
}

void
mst_ward_totals (const MstWardCut *cut, int k, TesseraMstMoments *totals)
{
  for (int c = 0; c < k; c++)
    {
      totals[c] = cut->made[c];
      if (c > 0)
        subtract (&totals[cut->creator[c]], &cut->made[c]);
    }
}

TesseraStatus
mst_ward_label (const MstWardCut *cut, const MstLayout *layout, int k,
                const uint32_t *map, uint32_t *colour_class)
{
  Head heads[TESSERA_MST_SEGMENT_MAX_CLASSES];
  TesseraDeviceBuffer device_heads;

  for (int c = 0; c < k; c++)
    {
      Head h = { cut->classes[c].head, cut->classes[c].end, map[c] };
      heads[c] = h;
    }
  /* Deepest first: a head inside another's range comes later in
   * preorder. */
  std::sort (heads, heads + k,
             [] (const Head &a, const Head &b) { return a.head > b.head; });
  TESSERA_CUDA_CHECK (device_heads.allocate (sizeof (Head) * k, cut->stream));
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (device_heads.as<void> (), heads,
                                       sizeof (Head) * k,
                                       cudaMemcpyHostToDevice, cut->stream));
  label_kernel<<<mst_blocks (cut->n), MST_THREADS, 0, cut->stream>>> (
    layout->order.as<uint32_t> (), cut->n, device_heads.as<Head> (), k,
    colour_class);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

TesseraStatus
mst_spread_error (const uint32_t *weights, const int32_t (*points)[3],
                  size_t n, double *error, cudaStream_t stream)
{
  TesseraDeviceBuffer sums;
  unsigned long long host[10];
  TesseraMstSpread spread;
  const unsigned blocks = std::min (mst_blocks (n), 1024u);

  TESSERA_CUDA_CHECK (sums.allocate (sizeof host, stream));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (sums.as<void> (), 0, sizeof host,
                                       stream));
  spread_kernel<<<blocks, MST_THREADS, 0, stream>>> (
    weights, points, n, sums.as<unsigned long long> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (host, sums.as<void> (), sizeof host,
                                       cudaMemcpyDeviceToHost, stream));
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
  spread.w = (int64_t) host[0];
  for (int ch = 0; ch < 3; ch++)
    {
      spread.s[ch] = (int64_t) host[1 + ch];
      spread.q_high[ch] = host[4 + ch];
      spread.q_low[ch] = host[7 + ch];
    }
  *error = tessera_mst_spread_error (&spread);
  return TESSERA_OK;
}
