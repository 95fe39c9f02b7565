/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the GPU: the union-find that both
 * methods run (FAST over the tiles' edge components, PAPER_GPU over the
 * seeds' labels), with the atomic it needs; private to
 * cuda/fill-contours*.cu.  Like the methods' per-lane steps it is
 * __host__ __device__, so that it can be stepped through on a machine with
 * no GPU. */
#ifndef TESSERA_CUDA_FILL_CONTOURS_UNION_FIND_CUH
#define TESSERA_CUDA_FILL_CONTOURS_UNION_FIND_CUH

#include <cuda_runtime.h>

static __host__ __device__ inline int
atomic_min (int *address, int value)
{
#ifdef __CUDA_ARCH__
  return atomicMin (address, value);
#else
  int old = *address;
  if (value < old)
    *address = value;
  return old;
#endif
}

/* Loads that see what other threads wrote during the kernel: volatile in
 * shared memory, from L2 (not the incoherent L1) in global memory. */
struct SharedMemory
{
  static __host__ __device__ int load (const int *p)
  {
    return *(const volatile int *) p;
  }
};

struct GlobalMemory
{
  static __host__ __device__ int load (const int *p)
  {
#ifdef __CUDA_ARCH__
    return __ldcg (p);
#else
    return *p;
#endif
  }
};

/* Union-find whose roots are the smallest node of their set.  Finding
 * halves the path (each node visited skips to its grandparent), so the
 * chains that linking by index builds across thousands of tiles stay
 * short.  The shortcut is an atomic min: it never undoes another thread's
 * link, and any ancestor is a valid parent. */
template <typename Memory>
static __host__ __device__ inline int
find_root (int *parent, int node)
{
  for (;;)
    {
      int up = Memory::load (parent + node);
      if (up == node)
        return node;
      int above = Memory::load (parent + up);
      if (above == up)
        return up;
      atomic_min (parent + node, above);
      node = above;
    }
}

/* Unites the sets of A and B, safe against other threads doing the same
 * (the union of Playne and Hawick: a lost race is retried from the value
 * that won it). */
template <typename Memory>
static __host__ __device__ inline void
unite (int *parent, int a, int b)
{
  for (;;)
    {
      a = find_root<Memory> (parent, a);
      b = find_root<Memory> (parent, b);
      if (a == b)
        return;
      if (a > b)
        {
          int swap = a;
          a = b;
          b = swap;
        }
      int old = atomic_min (parent + b, a);
      if (old == b)
        return;
      b = old;
    }
}

#endif
