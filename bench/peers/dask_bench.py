# SPDX-License-Identifier: GPL-3.0-or-later
"""tessera.dask on a LocalCluster against the in-memory run and the peers a
Dask user has, on one raster in the same run (issue 41):

* fill contours (closed outlines of line art, 4-connected, no gap):
  tessera.fill_contours in memory, tessera.dask.fill_contours on the
  cluster, dask-image (ndmeasure.label of the free pixels, the labels that
  touch the border removed: exact across chunks) on the same chunks, and
  SciPy's binary_fill_holes in memory;
* fill holes on a grey raster (reconstruction by erosion from the border):
  tessera.reconstruct_preset in memory, tessera.dask.fill_holes on the
  cluster, and scikit-image's reconstruction chunk by chunk on the same
  chunks (map_blocks: what a Dask user can run; not exact across seams, the
  pixels it gets wrong are counted).

    python bench/peers/dask_bench.py [--size 20000] [--chunk 5000]
                                     [--workers 2] [--no-skimage]

Needs tessera (pip install . from the tree), dask, distributed and
dask-image (`pip install --no-deps dask-image==2023.3.0` beside Debian 12's
Dask 2022.12 and pandas).  Prints one line per run: seconds, and whether the
result equals the in-memory run's.
"""
import argparse
import os
import platform
import time

import numpy as np


def cpu_name():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor()


def outlines(size, rng):
    """Line art: closed rectangle outlines of many sizes, nested and
    crossing, and a few open ones (their inside is not a region)."""
    lines = np.zeros((size, size), dtype=bool)
    for _ in range(size // 8):
        h, w = (int(v) for v in rng.integers(8, size // 12, 2))
        y, x = (int(v) for v in rng.integers(0, size - max(h, w), 2))
        lines[y, x:x + w] = lines[y + h - 1, x:x + w] = True
        lines[y:y + h, x] = True
        if rng.random() < 0.9:       # one in ten left open on its right
            lines[y:y + h, x + w - 1] = True
    return lines


def basins(size, rng):
    """A grey u8 raster of many basins (regional minima), with noise."""
    out = np.empty((size, size), dtype=np.uint8)
    x = np.arange(size, dtype=np.float32)
    sx = np.sin(x / 157.0)
    for y0 in range(0, size, 1000):
        y = np.arange(y0, min(y0 + 1000, size), dtype=np.float32)[:, None]
        band = 127 + 60 * sx * np.cos(y / 211.0) + 25 * np.sin((x + y) / 61.0)
        band += rng.integers(0, 12, band.shape)
        out[y0:y0 + band.shape[0]] = np.clip(band, 0, 255).astype(np.uint8)
    return out


def timed(label, function, want=None, note=""):
    start = time.perf_counter()
    got = function()
    seconds = time.perf_counter() - start
    same = "" if want is None else (
        " equal" if np.array_equal(got, want)
        else f" differs at {int(np.count_nonzero(got != want))} pixels")
    print(f"{label:58s} {seconds:8.2f} s{same}{note}", flush=True)
    return got


def dask_image_fill(lines_dask):
    """The free pixels not 4-connected to the border, by dask-image's
    labelling (exact across chunks)."""
    import dask.array as da
    from dask_image import ndmeasure
    from scipy import ndimage
    free = ~lines_dask
    labels, _ = ndmeasure.label(free, ndimage.generate_binary_structure(2, 1))
    edges = da.concatenate([labels[0, :], labels[-1, :], labels[:, 0],
                            labels[:, -1]])
    touching = np.unique(edges.compute())
    return (free & ~da.isin(labels, touching)).compute()


def skimage_chunks(grey_dask):
    """scikit-image's fill holes (reconstruction by erosion from the
    border) on each chunk alone."""
    from skimage.morphology import reconstruction

    def block(chunk):
        seed = chunk.copy()
        seed[1:-1, 1:-1] = chunk.max()
        return reconstruction(seed, chunk, method="erosion").astype(
            chunk.dtype)

    return grey_dask.map_blocks(block, dtype=grey_dask.dtype).compute()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=20000)
    parser.add_argument("--chunk", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-skimage", action="store_true")
    args = parser.parse_args()

    import dask.array as da
    import distributed
    from scipy import ndimage

    import tessera
    import tessera.dask

    rng = np.random.default_rng(41)
    print(f"# {cpu_name()}, {os.cpu_count()} CPUs; {args.size}^2, chunks "
          f"{args.chunk}^2, LocalCluster of {args.workers} worker processes "
          "x 1 thread; in-memory runs on "
          f"{args.workers} threads", flush=True)
    lines = outlines(args.size, rng)
    grey = basins(args.size, rng)
    cluster = distributed.LocalCluster(n_workers=args.workers,
                                       threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    try:
        want = timed("fill contours, tessera in memory",
                     lambda: tessera.fill_contours(lines, gap=0, min_region=0,
                                                   threads=args.workers))
        print(f"#   {int(want.sum())} inside pixels of {lines.size}")
        lines_dask = da.from_array(lines, chunks=args.chunk).persist()
        timed("fill contours, tessera.dask on the cluster",
              lambda: tessera.dask.fill_contours(lines_dask).compute(), want)
        timed("fill contours, dask-image label on the cluster",
              lambda: dask_image_fill(lines_dask), want)
        timed("fill contours, SciPy binary_fill_holes in memory",
              lambda: ndimage.binary_fill_holes(lines) & ~lines, want)
        del lines_dask
        want = timed("fill holes (grey), tessera in memory",
                     lambda: tessera.reconstruct_preset(
                         grey, "fill-holes", threads=args.workers))
        grey_dask = da.from_array(grey, chunks=args.chunk).persist()
        timed("fill holes (grey), tessera.dask on the cluster",
              lambda: tessera.dask.fill_holes(grey_dask).compute(), want)
        if not args.no_skimage:
            timed("fill holes (grey), scikit-image chunk by chunk, cluster",
                  lambda: skimage_chunks(grey_dask), want,
                  " (chunk-local: not the whole raster's answer)")
    finally:
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
