/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the preorder of core/mst-tree.c on the device, by Euler tours.
 *
 * The CPU walks the tree from vertex 0 with a stack, over adjacency lists
 * in edge order, so each vertex's children come in the reverse order of
 * its list.  Here the arcs (both directions of every edge) are sorted by
 * (vertex, edge), and each arc's successor in a tour is the next arc out
 * of the vertex it enters.  A first tour in plain cyclic order tells
 * every vertex its parent; a second, with the CPU's child order, ranked by
 * pointer jumping over the arcs going down, gives each vertex's preorder
 * position and the end of its subtree. */
#include <cub/cub.cuh>
#include "mst-private.cuh"

namespace {

/* An arc's successor (high half) and a running sum (low half). */
typedef unsigned long long Link;

__device__ inline Link
make_link (uint32_t next, uint32_t value)
{
  return ((Link) next << 32) | value;
}

__device__ inline uint32_t link_next (Link l) { return (uint32_t) (l >> 32); }
__device__ inline uint32_t link_sum (Link l) { return (uint32_t) l; }

/* Arc 2i goes from edge i's a to its b, arc 2i + 1 back. */
__global__ void
arcs_kernel (const TesseraEmstEdge *edges, size_t n_edges, size_t n,
             uint32_t *vertex, uint32_t *arc, unsigned *bad)
{
  size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (i >= n_edges)
    return;
  uint32_t a = edges[i].a, b = edges[i].b;
  if (a >= n || b >= n || a == b)
    {
      *bad = 1;
      a = b = 0;
    }
  vertex[2 * i] = a;
  vertex[2 * i + 1] = b;
  arc[2 * i] = (uint32_t) (2 * i);
  arc[2 * i + 1] = (uint32_t) (2 * i + 1);
}

__global__ void
place_kernel (const uint32_t *arc, size_t m, uint32_t *slot)
{
  size_t j = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (j < m)
    slot[arc[j]] = (uint32_t) j;
}

/* Adjacency lists: START per vertex (START[N] = M), per slot the slot of
 * its reverse arc (TWIN) and the vertex it enters (TO).  DISTINCT counts
 * the vertices with a list. */
__global__ void
lists_kernel (const uint32_t *vertex, const uint32_t *arc,
              const uint32_t *slot, size_t m, size_t n, uint32_t *start,
              uint32_t *twin, uint32_t *to, unsigned *distinct)
{
  size_t j = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (j >= m)
    return;
  uint32_t t = slot[arc[j] ^ 1u];
  twin[j] = t;
  to[j] = vertex[t];
  if (j == 0 || vertex[j] != vertex[j - 1])
    {
      start[vertex[j]] = (uint32_t) j;
      atomicAdd (distinct, 1u);
    }
  if (j == 0)
    start[n] = (uint32_t) m;
}

/* The first tour: after entering V, the next arc of V's list, cyclically;
 * the tour ends where it would start again at vertex 0's first arc. */
__global__ void
plain_tour_kernel (const uint32_t *start, const uint32_t *twin,
                   const uint32_t *to, size_t m, Link *link)
{
  size_t j = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (j >= m)
    return;
  uint32_t v = to[j], next = twin[j] + 1;
  if (next == start[v + 1])
    next = start[v];
  if (v == 0 && next == start[0])
    next = MST_NONE;
  link[j] = make_link (next, 1);
}

/* One round of pointer jumping: every arc's sum reaches twice as far. */
__global__ void
jump_kernel (const Link *in, Link *out, size_t m)
{
  size_t j = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (j >= m)
    return;
  Link l = in[j];
  uint32_t next = link_next (l);
  if (next != MST_NONE)
    {
      Link k = in[next];
      l = make_link (link_next (k), link_sum (l) + link_sum (k));
    }
  out[j] = l;
}

/* An arc goes down when the plain tour takes it before its reverse (more
 * arcs left after it): it enters a child, whose way up is the reverse. */
__device__ inline bool
goes_down (const Link *plain, const uint32_t *twin, size_t j)
{
  return link_sum (plain[j]) > link_sum (plain[twin[j]]);
}

__global__ void
parents_kernel (const Link *plain, const uint32_t *twin, const uint32_t *to,
                size_t m, uint32_t *down, uint32_t *up)
{
  size_t j = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (j < m && goes_down (plain, twin, j))
    {
      down[to[j]] = (uint32_t) j;
      up[to[j]] = twin[j];
    }
}

/* The second tour, in the CPU's order: entering V from its parent, V's
 * last child; back from a child, the child before it in V's list; after
 * the first child, up.  The sum counts the arcs going down. */
__global__ void
stack_tour_kernel (const Link *plain, const uint32_t *start,
                   const uint32_t *twin, const uint32_t *to,
                   const uint32_t *up, size_t m, Link *link)
{
  size_t j = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (j >= m)
    return;
  uint32_t v = to[j], t = twin[j], v_up = up[v];
  long long next = t == v_up ? (long long) start[v + 1] - 1
                             : (long long) t - 1;
  if (next == (long long) v_up)
    next--;
  link[j] = make_link (next < (long long) start[v] ? v_up : (uint32_t) next,
                       goes_down (plain, twin, j) ? 1u : 0u);
}

/* Down arcs after (and with) the arc into V: V's position counted from
 * the end; after the arc up, its subtree's end. */
__global__ void
positions_kernel (const Link *stack, const uint32_t *down,
                  const uint32_t *up, size_t n, uint32_t *order,
                  uint32_t *last)
{
  size_t v = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  uint32_t position = 0, end = (uint32_t) n - 1;
  if (v > 0)
    {
      position = (uint32_t) n - link_sum (stack[down[v]]);
      end = (uint32_t) n - 1 - link_sum (stack[up[v]]);
    }
  order[position] = (uint32_t) v;
  last[position] = end;
}

/* Ranks the list of LINK (in place, with SCRATCH of the same size). */
TesseraStatus
rank_list (Link *link, Link *scratch, size_t m, cudaStream_t stream)
{
  int rounds = 0;
  Link *in = link, *out = scratch;

  while (((size_t) 1 << rounds) < m)
    rounds++;
  /* An even number, so that the result ends in LINK. */
  rounds += rounds % 2;
  for (int r = 0; r < rounds; r++)
    {
      jump_kernel<<<mst_blocks (m), MST_THREADS, 0, stream>>> (in, out, m);
      TESSERA_CUDA_CHECK_LAUNCH ();
      Link *t = in;
      in = out;
      out = t;
    }
  return TESSERA_OK;
}

struct Scratch
{
  TesseraDeviceBuffer vertex, arc, vertex_sorted, arc_sorted, sort_space;
  TesseraDeviceBuffer slot, start, twin, to, plain, stack, jump, down, up;
  TesseraDeviceBuffer flags;
};

/* Arcs sorted by (vertex, edge) into the adjacency lists; false in *OK
 * when an edge is bad or a vertex has none. */
TesseraStatus
adjacency (const TesseraEmstEdge *edges, size_t n, Scratch &s, bool *ok,
           cudaStream_t stream)
{
  const size_t m = 2 * (n - 1);
  size_t sort_bytes = 0;
  unsigned flags[2];
  int bits = 1;

  while (bits < 32 && ((size_t) 1 << bits) < n)
    bits++;
  TESSERA_CUDA_CHECK (s.vertex.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.arc.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.vertex_sorted.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.arc_sorted.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.slot.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.start.allocate (sizeof (uint32_t) * (n + 1), stream));
  TESSERA_CUDA_CHECK (s.twin.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.to.allocate (sizeof (uint32_t) * m, stream));
  TESSERA_CUDA_CHECK (s.flags.allocate (sizeof (unsigned) * 2, stream));
  TESSERA_CUDA_CHECK (cudaMemsetAsync (s.flags.as<void> (), 0,
                                       sizeof (unsigned) * 2, stream));
  arcs_kernel<<<mst_blocks (n - 1), MST_THREADS, 0, stream>>> (
    edges, n - 1, n, s.vertex.as<uint32_t> (), s.arc.as<uint32_t> (),
    s.flags.as<unsigned> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  /* Stable: within a vertex, the arcs stay in edge order. */
  TESSERA_CUDA_CHECK (cub::DeviceRadixSort::SortPairs (
    NULL, sort_bytes, s.vertex.as<uint32_t> (),
    s.vertex_sorted.as<uint32_t> (), s.arc.as<uint32_t> (),
    s.arc_sorted.as<uint32_t> (), m, 0, bits, stream));
  TESSERA_CUDA_CHECK (s.sort_space.allocate (sort_bytes, stream));
  TESSERA_CUDA_CHECK (cub::DeviceRadixSort::SortPairs (
    s.sort_space.as<void> (), sort_bytes, s.vertex.as<uint32_t> (),
    s.vertex_sorted.as<uint32_t> (), s.arc.as<uint32_t> (),
    s.arc_sorted.as<uint32_t> (), m, 0, bits, stream));
  place_kernel<<<mst_blocks (m), MST_THREADS, 0, stream>>> (
    s.arc_sorted.as<uint32_t> (), m, s.slot.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  lists_kernel<<<mst_blocks (m), MST_THREADS, 0, stream>>> (
    s.vertex_sorted.as<uint32_t> (), s.arc_sorted.as<uint32_t> (),
    s.slot.as<uint32_t> (), m, n, s.start.as<uint32_t> (),
    s.twin.as<uint32_t> (), s.to.as<uint32_t> (), s.flags.as<unsigned> () + 1);
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (flags, s.flags.as<void> (),
                                       sizeof flags, cudaMemcpyDeviceToHost,
                                       stream));
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
  *ok = flags[0] == 0 && flags[1] == n;
  return TESSERA_OK;
}

/* The plain tour: parents; false in *OK when it misses an arc (the edges
 * hold a cycle, so they do not span the vertices). */
TesseraStatus
parents (size_t n, Scratch &s, bool *ok, cudaStream_t stream)
{
  const size_t m = 2 * (n - 1);
  Link head;

  TESSERA_CUDA_CHECK (s.plain.allocate (sizeof (Link) * m, stream));
  TESSERA_CUDA_CHECK (s.jump.allocate (sizeof (Link) * m, stream));
  TESSERA_CUDA_CHECK (s.down.allocate (sizeof (uint32_t) * n, stream));
  TESSERA_CUDA_CHECK (s.up.allocate (sizeof (uint32_t) * n, stream));
  plain_tour_kernel<<<mst_blocks (m), MST_THREADS, 0, stream>>> (
    s.start.as<uint32_t> (), s.twin.as<uint32_t> (), s.to.as<uint32_t> (),
    m, s.plain.as<Link> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (rank_list (s.plain.as<Link> (), s.jump.as<Link> (), m,
                                 stream));
  /* Vertex 0's list starts the arcs: the tour starts at arc 0. */
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (&head, s.plain.as<Link> (),
                                       sizeof head, cudaMemcpyDeviceToHost,
                                       stream));
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
  *ok = (uint32_t) head == m && (uint32_t) (head >> 32) == MST_NONE;
  if (!*ok)
    return TESSERA_OK;
  TESSERA_CUDA_CHECK (cudaMemsetAsync (s.up.as<void> (), 0xff,
                                       sizeof (uint32_t) * n, stream));
  parents_kernel<<<mst_blocks (m), MST_THREADS, 0, stream>>> (
    s.plain.as<Link> (), s.twin.as<uint32_t> (), s.to.as<uint32_t> (), m,
    s.down.as<uint32_t> (), s.up.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}

} /* namespace */

TesseraStatus
mst_layout (const TesseraEmstEdge *edges, size_t n, MstLayout *layout,
            cudaStream_t stream)
{
  const size_t m = n > 0 ? 2 * (n - 1) : 0;
  Scratch s;
  bool ok;

  if (n == 0 || n >= MST_NONE / 2)
    return n == 0 ? TESSERA_ERROR_INVALID_ARGUMENT : TESSERA_ERROR_TOO_LARGE;
  TESSERA_CUDA_CHECK (layout->order.allocate (sizeof (uint32_t) * n, stream));
  TESSERA_CUDA_CHECK (layout->last.allocate (sizeof (uint32_t) * n, stream));
  if (n == 1)
    {
      TESSERA_CUDA_CHECK (cudaMemsetAsync (layout->order.as<void> (), 0,
                                           sizeof (uint32_t), stream));
      TESSERA_CUDA_CHECK (cudaMemsetAsync (layout->last.as<void> (), 0,
                                           sizeof (uint32_t), stream));
      return TESSERA_OK;
    }
  TESSERA_CUDA_CHECK (adjacency (edges, n, s, &ok, stream));
  if (ok)
    TESSERA_CUDA_CHECK (parents (n, s, &ok, stream));
  if (!ok)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (s.stack.allocate (sizeof (Link) * m, stream));
  stack_tour_kernel<<<mst_blocks (m), MST_THREADS, 0, stream>>> (
    s.plain.as<Link> (), s.start.as<uint32_t> (), s.twin.as<uint32_t> (),
    s.to.as<uint32_t> (), s.up.as<uint32_t> (), m, s.stack.as<Link> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  TESSERA_CUDA_CHECK (rank_list (s.stack.as<Link> (), s.jump.as<Link> (), m,
                                 stream));
  positions_kernel<<<mst_blocks (n), MST_THREADS, 0, stream>>> (
    s.stack.as<Link> (), s.down.as<uint32_t> (), s.up.as<uint32_t> (), n,
    layout->order.as<uint32_t> (), layout->last.as<uint32_t> ());
  TESSERA_CUDA_CHECK_LAUNCH ();
  return TESSERA_OK;
}
