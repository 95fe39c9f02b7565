# SPDX-License-Identifier: GPL-3.0-or-later
"""Tessera's filters on Dask arrays: one raster spread over many chunks
(and machines), each result equal to the in-memory run's.

* box_blur: chunk by chunk with an overlap of the blur's reach (its radius
  times its iterations) and no padding beyond the array, so every chunk
  sees what the whole array would give it.
* reconstruct, fill_contours: rounds of chunk-local reconstructions, each
  chunk seeded by its neighbours' current values along a one-pixel seam,
  until no chunk changes: the fixpoint is the whole array's
  reconstruction (it only grows, or shrinks, towards it, and a chunk that
  no seam changes is the reconstruction there).
* segment_colours: each chunk's distinct colours and counts, reduced into
  one histogram, the classes found once from it, each chunk recoloured.
"""
import dask
import dask.array as da
import numpy as np

import tessera
from . import _core

__all__ = ["box_blur", "fill_contours", "fill_holes", "reconstruct",
           "segment_colours"]


def box_blur(array, radius_x=5, radius_y=None, iterations=1, has_alpha=None,
             threads=1, backend="cpu"):
    """tessera.box_blur on a Dask array of shape (h, w) or (h, w, c), with
    the colour axis in one chunk."""
    radius_y = radius_x if radius_y is None else radius_y
    depth = {0: radius_y * iterations, 1: radius_x * iterations}
    if array.ndim == 3:
        depth[2] = 0
        array = array.rechunk({2: -1})

    def blur(block):
        return tessera.box_blur(block, radius_x, radius_y, iterations,
                                has_alpha, threads, backend)

    return array.map_overlap(blur, depth=depth, boundary="none",
                             dtype=array.dtype, trim=True)


def _fixpoint(marker, mask, operation, connectivity, threads):
    """Rounds of chunk-local reconstruction of MARKER under MASK (Dask
    arrays of one shape and chunks) with a seam of one pixel, until no
    chunk changes."""
    def local(marker_block, mask_block):
        return tessera.reconstruct(mask_block, marker_block, operation,
                                   connectivity, threads=threads)

    current = marker.persist()
    while True:
        following = da.map_overlap(local, current, mask, depth=1,
                                   boundary="none", trim=True,
                                   dtype=marker.dtype).persist()
        if bool((following == current).all().compute()):
            return following
        current = following


def reconstruct(mask, marker, operation="dilation", connectivity=8,
                threads=1):
    """tessera.reconstruct on Dask arrays (2-D, one channel) of one shape
    and chunks; equals the in-memory run."""
    if mask.ndim != 2 or mask.shape != marker.shape:
        raise ValueError("mask and marker must be 2-D Dask arrays of one "
                         "shape")
    if mask.dtype != marker.dtype:
        raise ValueError("mask and marker must have one type")
    marker = marker.rechunk(mask.chunks)
    clip = da.minimum if operation == "dilation" else da.maximum
    return _fixpoint(clip(marker, mask), mask, operation, connectivity,
                     threads)


def _border(like):
    """A boolean Dask array shaped and chunked as LIKE, True on the array's
    outer rows and columns; each chunk made where it is computed, so no
    array of the whole size is ever held."""
    def block(chunk, block_info=None):
        info = block_info[0]
        (y0, y1), (x0, x1) = info["array-location"][:2]
        height, width = info["shape"][:2]
        out = np.zeros(chunk.shape[:2], dtype=bool)
        out[0 if y0 == 0 else slice(0, 0), :] = True
        out[-1 if y1 == height else slice(0, 0), :] = True
        out[:, 0 if x0 == 0 else slice(0, 0)] = True
        out[:, -1 if x1 == width else slice(0, 0)] = True
        return out

    return like.map_blocks(block, dtype=bool)


def fill_holes(image, connectivity=8, threads=1):
    """tessera.reconstruct_preset(image, "fill-holes") on a 2-D Dask
    array: the regional minima that do not touch the border filled."""
    top = np.array(np.iinfo(image.dtype).max if image.dtype.kind == "u"
                   else np.inf, dtype=image.dtype)
    seed = da.where(_border(image), image, top)
    return _fixpoint(seed, image, "erosion", connectivity, threads)


def fill_contours(lines, connectivity=4, threads=1):
    """tessera.fill_contours(lines, gap=0, min_region=0) on a 2-D boolean
    Dask array (True on the lines): the free pixels that cannot reach the
    border, as a boolean Dask array.  Gap closing and the merging of small
    regions look beyond a seam and are not offered here."""
    free = da.where(lines, np.uint8(0), np.uint8(255))
    seed = da.where(_border(lines), free, np.uint8(0))
    outside = _fixpoint(seed, free, "dilation", connectivity, threads)
    return (free > 0) & (outside == 0)


def _packed(block):
    """The 24-bit colour numbers of BLOCK's visible pixels."""
    rgb = block[..., :3].astype(np.uint32)
    packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    if block.shape[-1] == 4:
        return packed[block[..., 3] > 0]
    return packed.ravel()


def _tally(block):
    colours, counts = np.unique(_packed(block), return_counts=True)
    return colours, counts.astype(np.uint64)


def _merge(tallies):
    colours = np.concatenate([t[0] for t in tallies])
    counts = np.concatenate([t[1] for t in tallies])
    order = np.argsort(colours, kind="stable")
    colours, counts = colours[order], counts[order]
    starts = np.flatnonzero(np.r_[True, colours[1:] != colours[:-1]])
    return colours[starts], np.add.reduceat(counts, starts)


def _recolour(block, colours, means):
    out = block.copy()
    packed = block[..., :3].astype(np.uint32)
    packed = (packed[..., 0] << 16) | (packed[..., 1] << 8) | packed[..., 2]
    visible = block[..., 3] > 0 if block.shape[-1] == 4 else np.ones(
        block.shape[:2], dtype=bool)
    index = np.searchsorted(colours, packed[visible])
    out[..., :3][visible] = means[index]
    return out


def segment_colours(array, classes=8, min_share=0.01, sensitivity=1.0,
                    colour_space="lab", method="weighted", threads=0):
    """tessera.segment_colours on a Dask array of 8-bit RGB(A) of shape
    (h, w, 3 or 4): returns the recoloured Dask array and the classes
    (computed now: the classes need every chunk's colours)."""
    if array.dtype != np.uint8 or array.ndim != 3 or array.shape[2] not in (3, 4):
        raise TypeError("segment_colours needs 8-bit RGB or RGBA")
    array = array.rechunk({2: -1})
    blocks = array.to_delayed().ravel()
    tallies = [dask.delayed(_tally)(b) for b in blocks]
    while len(tallies) > 1:     # a tree of merges, 8 at a time
        tallies = [dask.delayed(_merge)(tallies[i:i + 8])
                   for i in range(0, len(tallies), 8)]
    colours, counts = tallies[0].compute()
    if colours.size == 0:
        raise ValueError("no visible pixel")
    if counts.max() > np.iinfo(np.uint32).max:
        raise ValueError("a colour has more than 2^32 pixels")
    rgb = np.ascontiguousarray(np.stack([(colours >> 16) & 255,
                                         (colours >> 8) & 255,
                                         colours & 255], 1).astype(np.uint8))
    class_of = np.empty(colours.size, dtype=np.uint32)
    found = _core.segment_histogram(
        rgb, np.ascontiguousarray(counts, dtype=np.uint32), class_of,
        colours.size, tessera._int_in("classes", classes, 0, 256),
        float(min_share), float(sensitivity),
        tessera._choice("colour_space", colour_space, tessera._SPACES),
        tessera._choice("method", method, tessera._METHODS), threads)
    mean = np.rint(np.array([f[:3] for f in found])).astype(np.uint8)
    means = mean[class_of]
    result = array.map_blocks(_recolour, colours, means, dtype=np.uint8)
    return result, tessera.SegmentClasses(((r, g, b), n)
                                          for r, g, b, n in found)
