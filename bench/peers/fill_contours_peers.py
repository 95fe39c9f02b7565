# SPDX-License-Identifier: GPL-3.0-or-later
"""Peers of `tessera-bench fill-contours`, on the same contour map:

  cv2.floodFill   the usual reverse fill: a copy padded by one free pixel,
                  cv2.floodFill from its corner, then the pixels still free
                  are the interior (cv2.compare); cv2.setNumThreads(N), though
                  the flood itself runs on one thread
  scipy           scipy.ndimage.binary_fill_holes of the contour, minus the
                  contour (one thread: SciPy has no threads here)
  cupy            cupyx.scipy.ndimage.binary_fill_holes, CUDA events after
                  warm-up; e2e_ms adds the transfers (--gpu)
  cupy-label      cupyx.scipy.ndimage.label of the free pixels alone: a
                  labelling, not a fill (--gpu)

Non-zero input samples are contour.  With --expect FILE (tessera-bench
fill-contours --output FILE on the same input) each peer's interior is
compared with tessera's and the line says agrees=yes|no.

Run with /usr/bin/python3 on the development machine, python3 on the GPU
machine.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OP = "fill-contours"


def structure(connectivity):
    """The adjacency of the free pixels, as SciPy/CuPy take it."""
    if connectivity == 8:
        return np.ones((3, 3), bool)
    return np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], bool)


def agreement(interior, expected, contour):
    """The field saying whether INTERIOR (bool) matches tessera's output
    (where the contour keeps its own samples)."""
    if expected is None:
        return {}
    same = np.array_equal(interior, (expected == 255) & ~contour)
    return {"agrees": "yes" if same else "no"}


def opencv_peer(contour, expected, args):
    try:
        import cv2
    except ImportError as e:
        return common.skip("cv2.floodFill", e)
    cv2.setNumThreads(args.threads)
    height, width = contour.shape
    source = contour.astype(np.uint8) * 255
    result = {}

    def fill():
        padded = cv2.copyMakeBorder(source, 1, 1, 1, 1, cv2.BORDER_CONSTANT,
                                    value=0)
        mask = np.zeros((height + 4, width + 4), np.uint8)
        cv2.floodFill(padded, mask, (0, 0), 128, flags=args.connectivity)
        result["interior"] = cv2.compare(padded[1:-1, 1:-1], 0, cv2.CMP_EQ)

    median, low = common.time_wall(fill, args.repeat)
    common.print_line(OP, "cv2.floodFill", width, height, median, low,
                      **agreement(result["interior"] == 255, expected, contour))


def scipy_peer(contour, expected, args):
    try:
        from scipy import ndimage
    except ImportError as e:
        return common.skip("scipy", e)
    height, width = contour.shape
    shape = structure(args.connectivity)
    result = {}

    def fill():
        filled = ndimage.binary_fill_holes(contour, structure=shape)
        result["interior"] = filled & ~contour

    median, low = common.time_wall(fill, args.scipy_repeat)
    common.print_line(OP, "scipy", width, height, median, low,
                      **agreement(result["interior"], expected, contour))


def cupy_peers(contour, expected, args):
    try:
        import cupy
        from cupyx.scipy import ndimage
    except ImportError as e:
        return common.skip("cupy", e)
    height, width = contour.shape
    shape = cupy.asarray(structure(args.connectivity))
    device = cupy.asarray(contour)
    free = ~device

    def fill():
        return ndimage.binary_fill_holes(device, structure=shape) & free

    def end_to_end():
        on_device = cupy.asarray(contour)
        (ndimage.binary_fill_holes(on_device, structure=shape)
         & ~on_device).get()

    median, low = common.time_cuda(fill, args.repeat)
    e2e, _ = common.time_wall(end_to_end, args.repeat)
    common.print_line(OP, "cupy", width, height, median, low, e2e_ms=e2e,
                      **agreement(fill().get(), expected, contour))

    median, low = common.time_cuda(lambda: ndimage.label(free, structure=shape),
                                   args.repeat)
    common.print_line(OP, "cupy-label", width, height, median, low)


def main():
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--connectivity", type=int, choices=(4, 8), default=4)
    p.add_argument("--expect", help="tessera-bench's --output on this input")
    p.add_argument("--scipy-repeat", type=int, default=5,
                   help="timed SciPy runs (default 5; each takes most of a second)")
    args = p.parse_args()
    image, _ = common.read_pnm(args.input)
    contour = image[:, :, 0] != 0
    expected = None
    if args.expect:
        expected = common.read_pnm(args.expect)[0][:, :, 0]

    opencv_peer(contour, expected, args)
    scipy_peer(contour, expected, args)
    if args.gpu:
        cupy_peers(contour, expected, args)


if __name__ == "__main__":
    main()
