/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the exact EMST of core/emst.h on the GPU.
 *
 * The same Boruvka rounds as the CPU, one thread per point: a k-d tree
 * (median splits across each node's widest side, built level by level with
 * radix sorts), nearest foreign neighbours found by walking it while
 * skipping subtrees of the asking component, each component's best length
 * shared through an atomic minimum that prunes its other points' walks, and
 * last round's neighbours kept while still foreign.  Squared lengths use
 * the CPU's arithmetic without fused multiply-adds (__dmul_rn, __dadd_rn)
 * and ties are settled by the same edge order, so the tree is the CPU's. */
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tessera-cuda.h"
#include "common.cuh"
#include "stage-mark.cuh"
#include "emst-labels.h"

namespace {

const uint32_t NONE = 0xffffffffu;
const uint32_t EMPTY = EMST_EMPTY;     /* node labels (core/emst-labels.h) */
const int LEAF_SIZE = 8;
const int BLOCK = 256;
const int STACK_DEPTH = 32;           /* the tree has at most 28 levels */
const int MAX_DEPTH_32 = 20;          /* 32-bit split keys: 12 bits or more
                                         for the coordinate */

struct TreePoint
{
  float    p[3];
  uint32_t orig;
};

/* The tree as the kernels see it: heap-ordered nodes 1 .. 2 * first_leaf - 1,
 * leaf l holding sorted points l * LEAF_SIZE onward. */
struct Tree
{
  size_t          n;
  uint32_t        first_leaf;
  const float    *x, *y, *z;     /* sorted points */
  const uint32_t *orig;
  const float    *box;           /* per node: min x y z, max x y z */
  uint32_t       *node_comp;
};

/* Boruvka's state; as on the CPU, labels are sorted point indices. */
struct Rounds
{
  uint32_t           *comp;      /* per point */
  uint32_t           *parent;    /* per label */
  uint32_t           *nn;        /* per point: nearest foreign, or NONE */
  double             *nn_d2;     /* its distance, or a lower bound */
  unsigned long long *bound;     /* per label: shortest length (bits) */
  unsigned long long *best;      /* per label: its edge, smaller input
                                    index << 32 | larger */
  const uint32_t     *sorted_of; /* input index -> sorted index */
};

__device__ inline double
distance2 (double px, double py, double pz, double qx, double qy, double qz)
{
  double dx = __dsub_rn (px, qx), dy = __dsub_rn (py, qy);
  double dz = __dsub_rn (pz, qz);
  return __dadd_rn (__dadd_rn (__dmul_rn (dx, dx), __dmul_rn (dy, dy)),
                    __dmul_rn (dz, dz));
}

/* Never above the distance to any point inside (same operations, and
 * rounding is monotonic). */
__device__ inline double
box_distance2 (const float *box, double px, double py, double pz)
{
  double p[3] = { px, py, pz }, d2 = 0.0;
  for (int i = 0; i < 3; i++)
    {
      double t = 0.0;
      if (p[i] < box[i])
        t = __dsub_rn ((double) box[i], p[i]);
      else if (p[i] > box[i + 3])
        t = __dsub_rn (p[i], (double) box[i + 3]);
      d2 = __dadd_rn (d2, __dmul_rn (t, t));
    }
  return d2;
}

/* ---- building the tree -------------------------------------------------- */

/* Float bits that sort as the floats do. */
__device__ inline uint32_t
orderable (float f)
{
  uint32_t u = __float_as_uint (f);
  return u & 0x80000000u ? ~u : u | 0x80000000u;
}

/* The bounding box of every node at DEPTH (one block per node), and the
 * axis its points will be split across. */
__global__ void
node_boxes_kernel (const TreePoint *points, size_t n, int depth, int levels,
                   float *box, uint8_t *axis)
{
  __shared__ float part[BLOCK / 32][6];
  const uint32_t node = (1u << depth) + blockIdx.x;
  const size_t span = (size_t) LEAF_SIZE << (levels - depth);
  const size_t start = blockIdx.x * span;
  const size_t end = min (start + span, n);
  float v[6] = { INFINITY, INFINITY, INFINITY, -INFINITY, -INFINITY,
                 -INFINITY };

  for (size_t k = start + threadIdx.x; k < end; k += blockDim.x)
    for (int i = 0; i < 3; i++)
      {
        v[i] = fminf (v[i], points[k].p[i]);
        v[i + 3] = fmaxf (v[i + 3], points[k].p[i]);
      }
  for (int offset = 16; offset > 0; offset /= 2)
    for (int i = 0; i < 6; i++)
      {
        float o = __shfl_down_sync (0xffffffffu, v[i], offset);
        v[i] = i < 3 ? fminf (v[i], o) : fmaxf (v[i], o);
      }
  if (threadIdx.x % 32 == 0)
    for (int i = 0; i < 6; i++)
      part[threadIdx.x / 32][i] = v[i];
  __syncthreads ();
  if (threadIdx.x != 0)
    return;
  for (int w = 1; w < (int) blockDim.x / 32; w++)
    for (int i = 0; i < 6; i++)
      v[i] = i < 3 ? fminf (v[i], part[w][i]) : fmaxf (v[i], part[w][i]);
  for (int i = 0; i < 6; i++)
    box[6 * (size_t) node + i] = v[i];
  if (depth < levels)
    {
      int a = 0;
      for (int i = 1; i < 3; i++)
        if (v[i + 3] - v[i] > v[a + 3] - v[a])
          a = i;
      axis[node] = (uint8_t) a;
    }
}

/* Sort keys that put each node's points in order along its axis, nodes
 * staying where they are. */
__global__ void
split_keys_kernel (const TreePoint *points, size_t n, int depth, int levels,
                   const uint8_t *axis, unsigned long long *keys,
                   uint32_t *order)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  uint32_t within = (uint32_t) (k / ((size_t) LEAF_SIZE << (levels - depth)));
  uint32_t node = (1u << depth) + within;
  keys[k] = (unsigned long long) within << 32
            | orderable (points[k].p[axis[node]]);
  order[k] = (uint32_t) k;
}

/* The same order from 32-bit keys while the node's number leaves room:
 * the coordinate quantised across the node's box.  Points closer than a
 * quantum may swap, which moves the split a little and the tree stays a
 * valid one (boxes are of the points a node holds). */
__global__ void
split_keys32_kernel (const TreePoint *points, size_t n, int depth,
                     int levels, const uint8_t *axis, const float *box,
                     uint32_t *keys, uint32_t *order)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  uint32_t within = (uint32_t) (k / ((size_t) LEAF_SIZE << (levels - depth)));
  uint32_t node = (1u << depth) + within;
  int a = axis[node];
  const int bits = 32 - depth;
  const double top = (double) ((1ull << bits) - 1);
  double lo = box[6 * (size_t) node + a], hi = box[6 * (size_t) node + a + 3];
  double q = hi > lo ? (points[k].p[a] - lo) / (hi - lo) * top : 0.0;
  keys[k] = (uint32_t) ((unsigned long long) within << bits
                        | (unsigned long long) fmin (fmax (q, 0.0), top));
  order[k] = (uint32_t) k;
}

__global__ void
gather_kernel (const TreePoint *in, const uint32_t *order, size_t n,
               TreePoint *out)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k < n)
    out[k] = in[order[k]];
}

__global__ void
load_points_kernel (const float *xyz, size_t n, TreePoint *points)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int a = 0; a < 3; a++)
    points[i].p[a] = xyz[3 * i + a];
  points[i].orig = (uint32_t) i;
}

__global__ void
split_points_kernel (const TreePoint *points, size_t n, float *x, float *y,
                     float *z, uint32_t *orig, uint32_t *sorted_of)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  x[k] = points[k].p[0];
  y[k] = points[k].p[1];
  z[k] = points[k].p[2];
  orig[k] = points[k].orig;
  sorted_of[points[k].orig] = (uint32_t) k;
}

/* ---- Boruvka's rounds --------------------------------------------------- */

__global__ void
label_leaves_kernel (Tree t, const uint32_t *comp)
{
  uint32_t leaf = blockIdx.x * blockDim.x + threadIdx.x;
  if (leaf >= t.first_leaf)
    return;
  uint32_t label = EMPTY;
  for (size_t k = (size_t) leaf * LEAF_SIZE;
       k < (size_t) (leaf + 1) * LEAF_SIZE && k < t.n; k++)
    label = emst_merge_labels (label, comp[k]);
  t.node_comp[t.first_leaf + leaf] = label;
}

__global__ void
label_level_kernel (Tree t, uint32_t level)
{
  uint32_t node = level + blockIdx.x * blockDim.x + threadIdx.x;
  if (node < 2 * level)
    t.node_comp[node] = emst_merge_labels (t.node_comp[2 * node],
                                           t.node_comp[2 * node + 1]);
}

__global__ void
reset_labels_kernel (Rounds r, size_t n)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i < n)
    {
      r.bound[i] = (unsigned long long) __double_as_longlong (DBL_MAX);
      r.best[i] = ~0ull;
    }
}

/* A neighbour still foreign is still the nearest; it starts the bound. */
__global__ void
reuse_neighbours_kernel (Rounds r, size_t n)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k >= n || r.nn[k] == NONE)
    return;
  if (r.comp[r.nn[k]] == r.comp[k])
    r.nn[k] = NONE;                 /* nn_d2 stays, as a lower bound */
  else
    atomicMin (&r.bound[r.comp[k]],
               (unsigned long long) __double_as_longlong (r.nn_d2[k]));
}

__global__ void
search_kernel (Tree t, Rounds r)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k >= t.n || r.nn[k] != NONE)
    return;
  const uint32_t c = r.comp[k];
  double best = __longlong_as_double ((long long) r.bound[c]);
  if (r.nn_d2[k] > best)
    return;

  const double px = t.x[k], py = t.y[k], pz = t.z[k];
  uint32_t best_j = NONE, best_orig = NONE;
  uint32_t stack_node[STACK_DEPTH];
  double stack_d2[STACK_DEPTH];
  int top = 0;

  stack_node[top] = 1;
  stack_d2[top++] = 0.0;
  while (top > 0)
    {
      uint32_t node = stack_node[--top];
      if (stack_d2[top] > best)
        continue;
      if (node >= t.first_leaf)
        {
          /* Other points of the component may have found shorter edges:
           * then this point's cannot be the component's. */
          double shared = __longlong_as_double ((long long) r.bound[c]);
          if (shared < best)
            {
              best = shared;
              best_j = best_orig = NONE;
            }
          size_t start = (size_t) (node - t.first_leaf) * LEAF_SIZE;
          size_t end = min (start + LEAF_SIZE, t.n);
          for (size_t j = start; j < end; j++)
            {
              if (r.comp[j] == c)
                continue;
              double d2 = distance2 (px, py, pz, t.x[j], t.y[j], t.z[j]);
              if (d2 < best || (d2 == best && t.orig[j] < best_orig))
                {
                  best = d2;
                  best_j = (uint32_t) j;
                  best_orig = t.orig[j];
                }
            }
          continue;
        }
      uint32_t near = 2 * node, far = 2 * node + 1;
      double near_d2 = t.node_comp[near] == c
                       ? INFINITY : box_distance2 (t.box + 6 * near, px, py, pz);
      double far_d2 = t.node_comp[far] == c
                      ? INFINITY : box_distance2 (t.box + 6 * far, px, py, pz);
      if (far_d2 < near_d2)
        {
          uint32_t swap_node = near;
          double swap_d2 = near_d2;
          near = far;
          near_d2 = far_d2;
          far = swap_node;
          far_d2 = swap_d2;
        }
      if (far_d2 <= best)
        {
          stack_node[top] = far;
          stack_d2[top++] = far_d2;
        }
      if (near_d2 <= best)
        {
          stack_node[top] = near;
          stack_d2[top++] = near_d2;
        }
    }
  r.nn_d2[k] = best;
  if (best_j != NONE)
    {
      r.nn[k] = best_j;
      atomicMin (&r.bound[c], (unsigned long long) __double_as_longlong (best));
    }
}

/* Among the points whose edge has the component's shortest length, the
 * edge first in the edge order. */
__global__ void
choose_edges_kernel (Tree t, Rounds r)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k >= t.n || r.nn[k] == NONE)
    return;
  const uint32_t c = r.comp[k];
  if ((unsigned long long) __double_as_longlong (r.nn_d2[k]) != r.bound[c])
    return;
  uint32_t a = t.orig[k], b = t.orig[r.nn[k]];
  atomicMin (&r.best[c], a < b ? (unsigned long long) a << 32 | b
                               : (unsigned long long) b << 32 | a);
}

/* Each component hooks onto the one its edge reaches; of two that chose
 * the same edge, the smaller label stays a root and the edge is added
 * once. */
__global__ void
join_kernel (Rounds r, size_t n, unsigned int *n_edges,
             unsigned long long *edge_pair, double *edge_d2)
{
  size_t c = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (c >= n || r.parent[c] != c)
    return;
  const unsigned long long pair = r.best[c];
  if (pair == ~0ull)              /* cannot happen; the host notices */
    return;
  uint32_t a = r.sorted_of[pair >> 32], b = r.sorted_of[pair & 0xffffffffu];
  uint32_t d = r.comp[a] == c ? r.comp[b] : r.comp[a];
  if (r.best[d] == pair && c < d)
    return;
  r.parent[c] = d;
  unsigned int e = atomicAdd (n_edges, 1u);
  edge_pair[e] = pair;
  edge_d2[e] = __longlong_as_double ((long long) r.bound[c]);
}

__global__ void
jump_kernel (uint32_t *parent, size_t n, int *changed)
{
  size_t x = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (x >= n)
    return;
  uint32_t p = parent[x], pp = parent[p];
  if (p != pp)
    {
      parent[x] = pp;
      *changed = 1;
    }
}

__global__ void
relabel_kernel (Rounds r, size_t n)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k < n)
    r.comp[k] = r.parent[r.comp[k]];
}

__global__ void
init_rounds_kernel (Rounds r, size_t n)
{
  size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (k < n)
    {
      r.comp[k] = r.parent[k] = (uint32_t) k;
      r.nn[k] = NONE;
      r.nn_d2[k] = 0.0;
    }
}

/* ---- the host side ------------------------------------------------------ */

/* Sorts KEYS (with VALUES) by BITS low bits, through CUB's radix sort. */
template <typename Key, typename Value>
TesseraStatus
radix_sort (Key *keys, Value *values, size_t n, int bits)
{
  TesseraDeviceBuffer keys_out, values_out, scratch;
  size_t scratch_bytes = 0;

  TESSERA_CUDA_CHECK (keys_out.allocate (sizeof *keys * n));
  TESSERA_CUDA_CHECK (values_out.allocate (sizeof *values * n));
  TESSERA_CUDA_CHECK (cub::DeviceRadixSort::SortPairs (
    NULL, scratch_bytes, keys, keys_out.as<Key> (), values,
    values_out.as<Value> (), n, 0, bits));
  TESSERA_CUDA_CHECK (scratch.allocate (scratch_bytes));
  TESSERA_CUDA_CHECK (cub::DeviceRadixSort::SortPairs (
    scratch.as<void> (), scratch_bytes, keys,
    keys_out.as<Key> (), values, values_out.as<Value> (), n,
    0, bits));
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (keys, keys_out.as<void> (),
                                       sizeof *keys * n,
                                       cudaMemcpyDeviceToDevice));
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (values, values_out.as<void> (),
                                       sizeof *values * n,
                                       cudaMemcpyDeviceToDevice));
  return TESSERA_OK;
}

/* Everything on the device for one tree. */
struct Device
{
  TesseraDeviceBuffer points, arranged, keys, order;
  TesseraDeviceBuffer x, y, z, orig, sorted_of, box, axis, node_comp;
  TesseraDeviceBuffer comp, parent, nn, nn_d2, bound, best;
  TesseraDeviceBuffer edge_pair, edge_d2, counters;
};

TesseraStatus
build_tree (Device &dev, size_t n, int levels, Tree *tree)
{
  const uint32_t first_leaf = 1u << levels;
  const unsigned blocks = tessera_cuda_blocks (n, BLOCK);
  TreePoint *points = dev.arranged.as<TreePoint> ();
  TreePoint *other = dev.points.as<TreePoint> ();

  TESSERA_CUDA_CHECK (dev.box.allocate (sizeof (float) * 12 * first_leaf));
  TESSERA_CUDA_CHECK (dev.axis.allocate (first_leaf));
  TESSERA_CUDA_CHECK (dev.keys.allocate (sizeof (unsigned long long) * n));
  TESSERA_CUDA_CHECK (dev.order.allocate (sizeof (uint32_t) * n));
  for (int depth = 0; depth <= levels; depth++)
    {
      /* Fewer threads per node as nodes shrink. */
      size_t span = (size_t) LEAF_SIZE << (levels - depth);
      unsigned threads = span >= BLOCK ? BLOCK : 32;
      node_boxes_kernel<<<1u << depth, threads>>> (
        points, n, depth, levels, dev.box.as<float> (), dev.axis.as<uint8_t> ());
      TESSERA_CUDA_CHECK_LAUNCH ();
      if (depth == levels)
        break;
      if (depth <= MAX_DEPTH_32)
        {
          split_keys32_kernel<<<blocks, BLOCK>>> (
            points, n, depth, levels, dev.axis.as<uint8_t> (),
            dev.box.as<float> (), dev.keys.as<uint32_t> (),
            dev.order.as<uint32_t> ());
          TESSERA_CUDA_CHECK_LAUNCH ();
          TESSERA_CUDA_CHECK (radix_sort (dev.keys.as<uint32_t> (),
                                          dev.order.as<uint32_t> (), n, 32));
        }
      else
        {
          split_keys_kernel<<<blocks, BLOCK>>> (
            points, n, depth, levels, dev.axis.as<uint8_t> (),
            dev.keys.as<unsigned long long> (), dev.order.as<uint32_t> ());
          TESSERA_CUDA_CHECK_LAUNCH ();
          TESSERA_CUDA_CHECK (radix_sort (dev.keys.as<unsigned long long> (),
                                          dev.order.as<uint32_t> (), n,
                                          32 + depth + 1));
        }
      gather_kernel<<<blocks, BLOCK>>> (points, dev.order.as<uint32_t> (), n,
                                        other);
      TESSERA_CUDA_CHECK_LAUNCH ();
      TreePoint *swap = points;
      points = other;
      other = swap;
    }
  /* Leaves with no points keep an inverted box (nothing is near them). */
  TESSERA_CUDA_CHECK (dev.x.allocate (sizeof (float) * n));
  TESSERA_CUDA_CHECK (dev.y.allocate (sizeof (float) * n));
  TESSERA_CUDA_CHECK (dev.z.allocate (sizeof (float) * n));
  TESSERA_CUDA_CHECK (dev.orig.allocate (sizeof (uint32_t) * n));
  TESSERA_CUDA_CHECK (dev.sorted_of.allocate (sizeof (uint32_t) * n));
  TESSERA_CUDA_CHECK (dev.node_comp.allocate (sizeof (uint32_t) * 2
                                              * first_leaf));
  split_points_kernel<<<blocks, BLOCK>>> (
    points, n, dev.x.as<float> (), dev.y.as<float> (), dev.z.as<float> (),
    dev.orig.as<uint32_t> (), dev.sorted_of.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();

  tree->n = n;
  tree->first_leaf = first_leaf;
  tree->x = dev.x.as<float> ();
  tree->y = dev.y.as<float> ();
  tree->z = dev.z.as<float> ();
  tree->orig = dev.orig.as<uint32_t> ();
  tree->box = dev.box.as<float> ();
  tree->node_comp = dev.node_comp.as<uint32_t> ();
  return TESSERA_OK;
}

TesseraStatus
label_nodes (const Tree &tree, const uint32_t *comp)
{
  label_leaves_kernel<<<tessera_cuda_blocks (tree.first_leaf, BLOCK), BLOCK>>> (
    tree, comp);
  TESSERA_CUDA_CHECK_LAUNCH ();
  for (uint32_t level = tree.first_leaf / 2; level >= 1; level /= 2)
    {
      label_level_kernel<<<tessera_cuda_blocks (level, BLOCK), BLOCK>>> (
        tree, level);
      TESSERA_CUDA_CHECK_LAUNCH ();
    }
  return TESSERA_OK;
}

/* Pointer jumping until every label points at its root. */
TesseraStatus
flatten (uint32_t *parent, size_t n, int *changed_device)
{
  int changed = 1;
  while (changed)
    {
      TESSERA_CUDA_CHECK (cudaMemsetAsync (changed_device, 0, sizeof (int)));
      jump_kernel<<<tessera_cuda_blocks (n, BLOCK), BLOCK>>> (parent, n,
                                                              changed_device);
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (cudaMemcpy (&changed, changed_device, sizeof (int),
                                      cudaMemcpyDeviceToHost));
    }
  return TESSERA_OK;
}

TesseraStatus
boruvka (Device &dev, const Tree &tree, size_t n)
{
  const unsigned blocks = tessera_cuda_blocks (n, BLOCK);
  unsigned int n_edges = 0;
  Rounds r;

  TESSERA_CUDA_CHECK (dev.comp.allocate (sizeof (uint32_t) * n));
  TESSERA_CUDA_CHECK (dev.parent.allocate (sizeof (uint32_t) * n));
  TESSERA_CUDA_CHECK (dev.nn.allocate (sizeof (uint32_t) * n));
  TESSERA_CUDA_CHECK (dev.nn_d2.allocate (sizeof (double) * n));
  TESSERA_CUDA_CHECK (dev.bound.allocate (sizeof (unsigned long long) * n));
  TESSERA_CUDA_CHECK (dev.best.allocate (sizeof (unsigned long long) * n));
  TESSERA_CUDA_CHECK (dev.edge_pair.allocate (sizeof (unsigned long long) * n));
  TESSERA_CUDA_CHECK (dev.edge_d2.allocate (sizeof (double) * n));
  TESSERA_CUDA_CHECK (dev.counters.allocate (2 * sizeof (int)));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (dev.counters.as<void> (), 0,
                                       2 * sizeof (int)));
  r.comp = dev.comp.as<uint32_t> ();
  r.parent = dev.parent.as<uint32_t> ();
  r.nn = dev.nn.as<uint32_t> ();
  r.nn_d2 = dev.nn_d2.as<double> ();
  r.bound = dev.bound.as<unsigned long long> ();
  r.best = dev.best.as<unsigned long long> ();
  r.sorted_of = dev.sorted_of.as<uint32_t> ();
  unsigned int *edge_count = dev.counters.as<unsigned int> ();
  int *changed = dev.counters.as<int> () + 1;

  init_rounds_kernel<<<blocks, BLOCK>>> (r, n);
  TESSERA_CUDA_CHECK_LAUNCH ();
  while (n_edges + 1 < n)
    {
      TESSERA_CUDA_CHECK (label_nodes (tree, r.comp));
      reset_labels_kernel<<<blocks, BLOCK>>> (r, n);
      reuse_neighbours_kernel<<<blocks, BLOCK>>> (r, n);
      search_kernel<<<blocks, BLOCK>>> (tree, r);
      choose_edges_kernel<<<blocks, BLOCK>>> (tree, r);
      join_kernel<<<blocks, BLOCK>>> (r, n, edge_count,
                                      dev.edge_pair.as<unsigned long long> (),
                                      dev.edge_d2.as<double> ());
      TESSERA_CUDA_CHECK_LAUNCH ();
      TESSERA_CUDA_CHECK (flatten (r.parent, n, changed));
      relabel_kernel<<<blocks, BLOCK>>> (r, n);
      TESSERA_CUDA_CHECK_LAUNCH ();
      unsigned int before = n_edges;
      TESSERA_CUDA_CHECK (cudaMemcpy (&n_edges, edge_count, sizeof n_edges,
                                      cudaMemcpyDeviceToHost));
      /* Every round joins components; one that did not means a fault. */
      if (n_edges == before)
        return TESSERA_ERROR_GPU;
    }
  return TESSERA_OK;
}

/* The edge order: by pair, then stably by length (non-negative doubles
 * sort as their bits). */
TesseraStatus
sort_edges (Device &dev, size_t n_edges)
{
  unsigned long long *pair = dev.edge_pair.as<unsigned long long> ();
  unsigned long long *length = dev.keys.as<unsigned long long> ();

  TESSERA_CUDA_CHECK (cudaMemcpyAsync (length, dev.edge_d2.as<void> (),
                                       sizeof (double) * n_edges,
                                       cudaMemcpyDeviceToDevice));
  TESSERA_CUDA_CHECK (radix_sort (pair, length, n_edges, 64));
  TESSERA_CUDA_CHECK (radix_sort (length, pair, n_edges, 64));
  return TESSERA_OK;
}

/* The tree of the N device points XYZ, left in DEV: pairs in
 * dev.edge_pair, squared lengths' bits in dev.keys, in the edge order. */
TesseraStatus
emst_on_device (Device &dev, const float *xyz, size_t n)
{
  Tree tree;
  int levels = 0;

  while (((size_t) LEAF_SIZE << levels) < n)
    levels++;
  TESSERA_CUDA_CHECK (dev.points.allocate (sizeof (TreePoint) * n));
  TESSERA_CUDA_CHECK (dev.arranged.allocate (sizeof (TreePoint) * n));
  load_points_kernel<<<tessera_cuda_blocks (n, BLOCK), BLOCK>>> (
    xyz, n, dev.arranged.as<TreePoint> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (build_tree (dev, n, levels, &tree));
  tessera_cuda_stage_mark ("emst: k-d tree");
  TESSERA_CUDA_CHECK (boruvka (dev, tree, n));
  tessera_cuda_stage_mark ("emst: rounds");
  TESSERA_CUDA_CHECK (sort_edges (dev, n - 1));
  return TESSERA_OK;
}

__global__ void
pack_edges_kernel (const unsigned long long *pair,
                   const unsigned long long *length, size_t n_edges,
                   TesseraEmstEdge *edges)
{
  size_t e = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (e >= n_edges)
    return;
  edges[e].a = (uint32_t) (pair[e] >> 32);
  edges[e].b = (uint32_t) pair[e];
  edges[e].distance2 = __longlong_as_double ((long long) length[e]);
}

TesseraStatus
emst (const float *points, size_t n, TesseraEmstEdge *edges,
      double *device_ms)
{
  Device dev;
  TesseraDeviceBuffer xyz, packed;
  cudaEvent_t start, stop;

  TESSERA_CUDA_CHECK (xyz.allocate (sizeof (float) * 3 * n));
  TESSERA_CUDA_CHECK (packed.allocate (sizeof (TesseraEmstEdge) * (n - 1)));
  TESSERA_CUDA_CHECK (cudaMemcpy (xyz.as<void> (), points,
                                  sizeof (float) * 3 * n,
                                  cudaMemcpyHostToDevice));
  TESSERA_CUDA_CHECK (cudaEventCreate (&start));
  TESSERA_CUDA_CHECK (cudaEventCreate (&stop));
  TESSERA_CUDA_CHECK (cudaEventRecord (start));
  TesseraStatus status = emst_on_device (dev, xyz.as<float> (), n);
  if (status == TESSERA_OK)
    {
      pack_edges_kernel<<<tessera_cuda_blocks (n - 1, BLOCK), BLOCK>>> (
        dev.edge_pair.as<unsigned long long> (),
        dev.keys.as<unsigned long long> (), n - 1,
        packed.as<TesseraEmstEdge> ());
      status = tessera_cuda_status (cudaEventRecord (stop));
    }
  if (status == TESSERA_OK)
    status = tessera_cuda_status (
      cudaMemcpy (edges, packed.as<void> (), sizeof (TesseraEmstEdge) * (n - 1),
                  cudaMemcpyDeviceToHost));
  if (status == TESSERA_OK && device_ms != NULL)
    {
      float ms = 0.0f;
      status = tessera_cuda_status (cudaEventElapsedTime (&ms, start, stop));
      *device_ms = ms;
    }
  cudaEventDestroy (start);
  cudaEventDestroy (stop);
  return status;
}

} /* namespace */

extern "C" TesseraStatus
tessera_cuda_emst (const float *points, size_t n_points,
                   TesseraEmstEdge *edges, double *device_ms)
{
  if (device_ms != NULL)
    *device_ms = 0.0;
  if (n_points < 2)
    return TESSERA_OK;
  if (n_points > TESSERA_EMST_MAX_POINTS)
    return TESSERA_ERROR_TOO_LARGE;
  return emst (points, n_points, edges, device_ms);
}

extern "C" TesseraStatus
tessera_cuda_emst_device (const float *points, size_t n_points,
                          TesseraEmstEdge *edges)
{
  if (n_points < 2)
    return TESSERA_OK;
  if (n_points > TESSERA_EMST_MAX_POINTS)
    return TESSERA_ERROR_TOO_LARGE;
  Device dev;
  TESSERA_CUDA_CHECK (emst_on_device (dev, points, n_points));
  pack_edges_kernel<<<tessera_cuda_blocks (n_points - 1, BLOCK), BLOCK>>> (
    dev.edge_pair.as<unsigned long long> (),
    dev.keys.as<unsigned long long> (), n_points - 1, edges);
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}
