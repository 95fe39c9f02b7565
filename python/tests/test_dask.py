# SPDX-License-Identifier: GPL-3.0-or-later
"""tessera.dask on a LocalCluster of 2 worker processes, arrays in at
least 4x4 chunks: each result equals the in-memory run's."""
import numpy as np
import pytest

dask_array = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import tessera  # noqa: E402
import tessera.dask  # noqa: E402

rng = np.random.default_rng(7)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                       processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.mark.parametrize("radius,iterations", [(3, 1), (7, 3), (30, 2)])
def test_box_blur_equals_in_memory(client, radius, iterations):
    a = rng.integers(0, 256, (203, 161, 3), dtype=np.uint8)
    big = dask_array.from_array(a, chunks=(51, 41, 3))
    assert len(big.chunks[0]) >= 4 and len(big.chunks[1]) >= 4
    got = tessera.dask.box_blur(big, radius, iterations=iterations).compute()
    assert np.array_equal(got, tessera.box_blur(a, radius,
                                                iterations=iterations))


def test_box_blur_2d_float(client):
    a = rng.random((120, 100), dtype=np.float32)
    big = dask_array.from_array(a, chunks=(30, 25))
    got = tessera.dask.box_blur(big, 2, radius_y=5).compute()
    assert np.array_equal(got, tessera.box_blur(a, 2, radius_y=5))


@pytest.mark.parametrize("channels", [3, 4])
def test_segment_colours_equals_in_memory(client, channels):
    base = rng.integers(0, 256, (24, 3), dtype=np.uint8)
    index = rng.integers(0, 24, (160, 120))
    image = base[index] + rng.integers(0, 6, (160, 120, 3), dtype=np.uint8)
    if channels == 4:
        alpha = np.where(rng.random((160, 120)) < 0.1, 0, 255)
        image = np.dstack([image, alpha.astype(np.uint8)])
    big = dask_array.from_array(image, chunks=(40, 30, channels))
    got, classes = tessera.dask.segment_colours(big, classes=6)
    want, want_classes = tessera.segment_colours(image, classes=6)
    assert np.array_equal(got.compute(), want)
    assert [n for _, n in classes] == [n for _, n in want_classes]


@pytest.mark.parametrize("operation", ["dilation", "erosion"])
def test_reconstruct_equals_in_memory(client, operation):
    mask = rng.integers(0, 256, (96, 88), dtype=np.uint8)
    noise = rng.integers(0, 256, (96, 88), dtype=np.uint8)
    marker = (np.minimum if operation == "dilation" else np.maximum)(noise,
                                                                     mask)
    got = tessera.dask.reconstruct(
        dask_array.from_array(mask, chunks=(24, 22)),
        dask_array.from_array(marker, chunks=(24, 22)), operation).compute()
    assert np.array_equal(got, tessera.reconstruct(mask, marker, operation))


def test_fill_holes_equals_in_memory(client):
    image = rng.integers(0, 256, (96, 84), dtype=np.uint8)
    got = tessera.dask.fill_holes(
        dask_array.from_array(image, chunks=(24, 21))).compute()
    assert np.array_equal(got, tessera.reconstruct_preset(image,
                                                          "fill-holes"))


def test_fill_contours_equals_in_memory(client):
    lines = np.zeros((160, 150), dtype=bool)
    for _ in range(12):   # rectangles across chunk seams, nested ones too
        y0, x0 = (int(v) for v in rng.integers(0, 120, 2))
        y1, x1 = y0 + int(rng.integers(5, 40)), x0 + int(rng.integers(5, 30))
        lines[y0, x0:x1] = lines[y1, x0:x1] = True
        lines[y0:y1 + 1, x0] = lines[y0:y1 + 1, x1 - 1] = True
    got = tessera.dask.fill_contours(
        dask_array.from_array(lines, chunks=(40, 37))).compute()
    want = tessera.fill_contours(lines, gap=0, min_region=0)
    assert want.any() and np.array_equal(got, want)
