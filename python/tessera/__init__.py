# SPDX-License-Identifier: GPL-3.0-or-later
"""Tessera's filters on NumPy arrays: the same core as the GIMP plug-ins and
the ``tessera`` command, with the procedures' parameter names.

Images are arrays of shape (height, width) or (height, width, channels)
with 1 to 4 channels (the last one alpha when ``has_alpha``), of uint8,
uint16 or float32, any strides (copied once when not C-contiguous).  The
GIL is released while the core runs, so threads of Python run these in
parallel.  ``tessera.dask`` has the same functions for Dask arrays.
"""
import numpy as np

from . import _core

__all__ = ["box_blur", "fill_contours", "reconstruct", "reconstruct_preset",
           "segment_colours", "SegmentClasses", "trace"]

_TYPES = {np.dtype(np.uint8): 0, np.dtype(np.uint16): 1,
          np.dtype(np.float32): 2}
_BACKENDS = ("auto", "cpu", "cuda")


def _choice(name, value, choices):
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, "
                         f"not {value!r}")
    return choices.index(value)


def _int_in(name, value, low, high):
    if isinstance(value, bool) or int(value) != value or not low <= value <= high:
        raise ValueError(f"{name} must be an integer from {low} to {high}, "
                         f"not {value!r}")
    return int(value)


def _image(image, name="image"):
    """IMAGE as a C-contiguous (h, w, c) array, and whether it was 2-D."""
    array = np.asarray(image)
    if array.dtype not in _TYPES:
        raise TypeError(f"{name} must be uint8, uint16 or float32, not "
                        f"{array.dtype}")
    flat = array.ndim == 2
    if flat:
        array = array[:, :, None]
    if array.ndim != 3 or not 1 <= array.shape[2] <= 4:
        raise ValueError(f"{name} must have shape (height, width) or "
                         f"(height, width, 1..4), not {np.shape(image)}")
    if array.shape[0] < 1 or array.shape[1] < 1:
        raise ValueError(f"{name} is empty")
    return np.ascontiguousarray(array), flat


def _shaped(result, flat):
    return result[:, :, 0] if flat else result


def _alpha(has_alpha, channels):
    return channels in (2, 4) if has_alpha is None else bool(has_alpha)


def box_blur(image, radius_x=5, radius_y=None, iterations=1, has_alpha=None,
             threads=0, backend="auto"):
    """The mean of the (2 radius_x + 1) x (2 radius_y + 1) box around each
    pixel, edges clamped, repeated ``iterations`` times (3 come close to a
    Gaussian); alpha averaged premultiplied.  Integers round to nearest.
    ``radius_y`` defaults to ``radius_x``; ``has_alpha`` to whether the
    image has 2 or 4 channels."""
    src, flat = _image(image)
    h, w, c = src.shape
    radius_y = radius_x if radius_y is None else radius_y
    rx = _int_in("radius_x", radius_x, 0, 1 << 20)
    ry = _int_in("radius_y", radius_y, 0, 1 << 20)
    it = _int_in("iterations", iterations, 1, 16)
    dst = np.empty_like(src)
    _core.box_blur(src, dst, h, w, c, _TYPES[src.dtype], rx, ry, it,
                   _alpha(has_alpha, c), threads,
                   _choice("backend", backend, _BACKENDS))
    return _shaped(dst, flat)


_SOURCES = ("alpha", "dark", "bright")


def _rgba(image):
    """IMAGE's pixels as R'G'B'A floats on 0..1."""
    src, _ = _image(image)
    c = src.shape[2]
    top = {np.dtype(np.uint8): 255.0, np.dtype(np.uint16): 65535.0}.get(
        src.dtype, 1.0)
    unit = src.astype(np.float32) / np.float32(top)
    colour = unit[:, :, :3] if c >= 3 else np.repeat(unit[:, :, :1], 3, 2)
    alpha = unit[:, :, c - 1:c] if c in (2, 4) else np.ones_like(unit[:, :, :1])
    return np.ascontiguousarray(np.dstack([colour, alpha]), dtype=np.float32)


def fill_contours(image, gap=3, edge_regions=False, min_region=16,
                  connectivity=4, contour_source="dark", threshold=0.5,
                  labels=False, threads=0):
    """The inside of every closed contour, with no seed to pick.

    ``image`` is either a boolean array (True on the lines) or line art
    whose lines are found by ``contour_source`` ("alpha", "dark",
    "bright") and ``threshold`` (0..1), as in the plug-in.  Lines that end
    ``gap`` pixels or less from another are joined; regions smaller than
    ``min_region`` pixels join a neighbour; with ``edge_regions`` the
    image's edge closes regions too.  Returns a boolean mask of the inside,
    or with ``labels=True`` the region number of each pixel (uint32, 0
    outside and on the lines) and the number of regions."""
    conn = _int_in("connectivity", connectivity, 4, 8)
    if conn not in (4, 8):
        raise ValueError("connectivity must be 4 or 8")
    gap = _int_in("gap", gap, 0, 64)
    min_region = _int_in("min_region", min_region, 0, 1000000)
    array = np.asarray(image)
    if array.dtype == bool:
        if array.ndim != 2:
            raise ValueError("a boolean image must be 2-D")
        lines = np.ascontiguousarray(array, dtype=np.uint8) * np.uint8(255)
    else:
        rgba = _rgba(array)
        lines = np.empty(rgba.shape[:2], dtype=np.uint8)
        if not 0.0 <= threshold <= 1.0:
            raise ValueError("threshold must be within 0..1")
        _core.contour_map(rgba, lines, *lines.shape,
                          _choice("contour_source", contour_source, _SOURCES),
                          float(threshold), threads)
    h, w = lines.shape
    numbers = np.empty((h, w), dtype=np.uint32)
    count = _core.fill_regions(lines, numbers, h, w, conn, gap,
                               bool(edge_regions), min_region, threads)
    if labels:
        return numbers, count
    return numbers != 0


_OPERATIONS = ("dilation", "erosion")
_COLOURS = ("per-channel", "luminance")
_PRESETS = ("fill-holes", "clear-border", "h-dome", "opening", "closing")


def reconstruct(mask, marker, operation="dilation", connectivity=8,
                has_alpha=False, colour="per-channel", threads=0):
    """Morphological reconstruction of ``marker`` under ``mask`` (by
    dilation: the marker grows within the mask; by erosion: it shrinks down
    to it), as skimage.morphology.reconstruction with a 3x3 (8) or cross
    (4) footprint.  Both arrays of one shape and type."""
    m, flat = _image(mask, "mask")
    k, _ = _image(marker, "marker")
    if m.shape != k.shape or m.dtype != k.dtype:
        raise ValueError("mask and marker must have one shape and type")
    if connectivity not in (4, 8):
        raise ValueError("connectivity must be 4 or 8")
    dst = np.empty_like(m)
    _core.reconstruct(m, k, dst, *m.shape, _TYPES[m.dtype],
                      _choice("operation", operation, _OPERATIONS),
                      connectivity, bool(has_alpha),
                      _choice("colour", colour, _COLOURS), threads)
    return _shaped(dst, flat)


def reconstruct_preset(image, preset="fill-holes", h=10.0, radius=5,
                       connectivity=8, has_alpha=None,
                       colour="per-channel", threads=0):
    """The usual uses of reconstruction, the marker made from ``image``:
    "fill-holes", "clear-border", "h-dome" (what rises more than ``h``
    percent of the sample range), "opening" and "closing" by reconstruction
    (from the image eroded or dilated by a square of ``radius``)."""
    src, flat = _image(image)
    if connectivity not in (4, 8):
        raise ValueError("connectivity must be 4 or 8")
    if not 0.0 <= h <= 100.0:
        raise ValueError("h must be within 0..100 (percent)")
    dst = np.empty_like(src)
    _core.reconstruct_preset(src, dst, *src.shape, _TYPES[src.dtype],
                             _choice("preset", preset, _PRESETS),
                             float(h) / 100.0,
                             _int_in("radius", radius, 0, 10000),
                             connectivity, _alpha(has_alpha, src.shape[2]),
                             _choice("colour", colour, _COLOURS), threads)
    return _shaped(dst, flat)


class SegmentClasses(list):
    """The classes of segment_colours: (mean RGB, pixel count) each, by
    decreasing count."""


_SPACES = ("rgb", "lab")
_METHODS = ("weighted", "single-linkage", "weighted-tree")


def segment_colours(image, classes=8, min_share=0.01, sensitivity=1.0,
                    colour_space="lab", method="weighted", threads=0,
                    backend="auto"):
    """Classes of similar colours of an 8-bit RGB(A) image, cut from the
    minimum spanning tree of its colours; returns the image with each pixel
    in its class's mean colour (alpha kept; transparent pixels have no
    colour) and the classes.  ``classes=0`` finds the number."""
    src, _ = _image(image)
    if src.dtype != np.uint8 or src.shape[2] < 3:
        raise TypeError("segment_colours needs 8-bit RGB or RGBA")
    dst = np.empty_like(src)
    found = _core.segment_colours(
        src, dst, *src.shape, _int_in("classes", classes, 0, 256),
        float(min_share), float(sensitivity),
        _choice("colour_space", colour_space, _SPACES),
        _choice("method", method, _METHODS), threads,
        _choice("backend", backend, _BACKENDS))
    return dst, SegmentClasses(((r, g, b), n) for r, g, b, n in found)


def trace(image, clicks, closed=False, line_width=0.0, snap_radius=1.5,
          tolerance=0.5, nodes=8, points_per_guide=256, half_width=20.0,
          max_angle=30.0, sigma=1.5, threads=0, backend="auto"):
    """Trace Line: the line through ``clicks`` (an (n, 2) sequence of x, y
    in pixels, pixel (0, 0) covering [0, 1) x [0, 1); two at least), an edge
    keeping the clicked side, or with ``line_width`` > 0 the centre line of
    a road or river that wide.  Returns ``(polyline, path)``: the traced
    points as an (m, 2) array, and the path as the plug-ins make it, cubic
    Bézier control points anchor, handle, handle, anchor, … as a (3 k + 1,
    2) array with an anchor on each click, within ``tolerance`` px of the
    polyline (0: an anchor on every point).  A closed chain returns to the
    first click; its path's last point repeats its first."""
    src, _ = _image(image)
    h, w, c = src.shape
    at = np.ascontiguousarray(clicks, dtype=np.float64)
    if at.ndim != 2 or at.shape[1] != 2 or at.shape[0] < 2:
        raise ValueError("clicks must be two or more (x, y) pairs, not shape "
                         f"{np.shape(clicks)}")
    if not np.isfinite(at).all():
        raise ValueError("clicks must be finite")
    outside = (at[:, 0] < 0) | (at[:, 0] > w) | (at[:, 1] < 0) | (at[:, 1] > h)
    if outside.any():
        i = int(np.argmax(outside))
        raise ValueError(f"click {i + 1} {tuple(at[i])} lies outside the "
                         f"{w}x{h} image")
    n = at.shape[0]
    links = n if closed else n - 1
    if np.hypot(*(np.roll(at, -1, 0) - at)[:links].T).min() < 1.0:
        raise ValueError("two successive clicks are less than a pixel apart")
    nodes = _int_in("nodes", nodes, 1, 64)
    points_per_guide = _int_in("points_per_guide", points_per_guide, 1, 4096)
    if line_width > 0 and line_width > 200:
        raise ValueError("line_width must be from 0 to 200")
    polyline = np.empty((links * (nodes + 1) + 1, 2))
    path = np.empty((3 * polyline.shape[0] + 1, 2))
    n_path, n_control = _core.trace(
        src, h, w, c, _TYPES[src.dtype], at, n, bool(closed), polyline, path,
        nodes, points_per_guide, float(half_width), float(max_angle),
        float(sigma), float(snap_radius), float(line_width), float(tolerance),
        threads, _choice("backend", backend, _BACKENDS))
    return polyline[:n_path].copy(), path[:n_control].copy()
