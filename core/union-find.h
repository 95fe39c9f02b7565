/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — union-find over node numbers in a uint32_t parent array, with
 * the smaller number as the root of a union: a set's smallest node is its
 * root, and a parent never comes after its child, so one sweep in node
 * order flattens a forest.  Private to the core. */
#ifndef TESSERA_UNION_FIND_H
#define TESSERA_UNION_FIND_H

#include <stdint.h>

/* NODE's root, halving the path on the way. */
static inline uint32_t
find_root (uint32_t *parent, uint32_t node)
{
  while (parent[node] != node)
    {
      parent[node] = parent[parent[node]];
      node = parent[node];
    }
  return node;
}

/* Without path compression, for threads that share PARENT read-only. */
static inline uint32_t
find_root_shared (const uint32_t *parent, uint32_t node)
{
  while (parent[node] != node)
    node = parent[node];
  return node;
}

static inline void
unite (uint32_t *parent, uint32_t a, uint32_t b)
{
  a = find_root (parent, a);
  b = find_root (parent, b);
  if (a < b)
    parent[b] = a;
  else
    parent[a] = b;
}

#endif
