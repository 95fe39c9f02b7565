# SPDX-License-Identifier: GPL-3.0-or-later
"""Peers of `tessera-bench emst`, on the same file:

  scipy    the exact EMST through the Delaunay triangulation (the EMST is a
           subgraph of it): scipy.spatial.Delaunay (Qhull, one thread), its
           edges, then scipy.sparse.csgraph.minimum_spanning_tree; timed
           whole, from the distinct colours to the tree's total length

The input is what tessera-bench read or wrote with --save-input: a photo, or
the N x 1 row of colours that --points N makes.  Like tessera-bench, the
peer takes the distinct colours of its pixels.  Lattice points are
degenerate for Qhull (many co-spherical), so it runs with 'QJ' (joggled
input); the tree's edges are weighed with the exact coordinates.  Run with
/usr/bin/python3 on the development machine.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OP = "emst"


def distinct_colours(image):
    """The distinct colours of an (h, w, c) 8-bit image as float64 points."""
    if image.shape[2] < 3:
        image = np.repeat(image[:, :, :1], 3, axis=2)
    rgb = image[:, :, :3].reshape(-1, 3).astype(np.uint32)
    keys = np.unique(rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2])
    return np.stack([keys >> 16, keys >> 8 & 255, keys & 255],
                    axis=1).astype(np.float64)


def delaunay_emst(points):
    """Total length of the EMST, through the Delaunay triangulation."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import minimum_spanning_tree
    from scipy.spatial import Delaunay

    simplices = Delaunay(points, qhull_options="QJ").simplices
    pairs = np.concatenate([simplices[:, [i, j]]
                            for i in range(4) for j in range(i + 1, 4)])
    pairs.sort(axis=1)
    pairs = np.unique(pairs, axis=0)
    lengths = np.linalg.norm(points[pairs[:, 0]] - points[pairs[:, 1]], axis=1)
    n = len(points)
    graph = coo_matrix((lengths, (pairs[:, 0], pairs[:, 1])), shape=(n, n))
    return minimum_spanning_tree(graph.tocsr()).sum()


def scipy_peer(image, args):
    try:
        import scipy  # noqa: F401
    except ImportError as e:
        return common.skip("scipy", e)
    points = distinct_colours(image)
    result = {}

    def run():
        result["weight"] = delaunay_emst(points)

    median, low = common.time_wall(run, args.repeat, warmup=0)
    common.print_line(OP, "scipy", len(points), 1, median, low,
                      vertices=len(points),
                      total_weight=f"{result['weight']:.10f}")


def main():
    p = common.parser(__doc__.splitlines()[0])
    p.set_defaults(repeat=3)
    args = p.parse_args()
    image, maxval = common.read_pnm(args.input)
    if maxval > 255:
        sys.exit("emst_peers: the input must be 8-bit")
    scipy_peer(image, args)


if __name__ == "__main__":
    main()
