# SPDX-License-Identifier: GPL-3.0-or-later
"""tessera on NumPy arrays against SciPy and scikit-image, on random
inputs of random sizes."""
import numpy as np
import pytest
from scipy import ndimage
from skimage.morphology import reconstruction

import tessera

rng = np.random.default_rng(41)


def sizes(n=5):
    return [tuple(int(v) for v in rng.integers(1, 70, 2)) for _ in range(n)]


@pytest.mark.parametrize("shape", sizes())
def test_box_blur_float_is_scipys_mean(shape):
    a = rng.random(shape, dtype=np.float32)
    rx, ry = (int(v) for v in rng.integers(0, 8, 2))
    want = ndimage.uniform_filter(a.astype(np.float64),
                                  size=(2 * ry + 1, 2 * rx + 1),
                                  mode="nearest")
    got = tessera.box_blur(a, radius_x=rx, radius_y=ry)
    assert got.dtype == np.float32 and got.shape == a.shape
    assert np.abs(got - want).max() < 1e-5


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16])
def test_box_blur_integers_round_the_mean(dtype):
    top = np.iinfo(dtype).max
    a = rng.integers(0, top + 1, (37, 53, 3), dtype=dtype)
    want = ndimage.uniform_filter(a.astype(np.float64), size=(7, 5, 1),
                                  mode="nearest")
    got = tessera.box_blur(a, radius_x=2, radius_y=3)
    assert got.dtype == dtype
    assert np.abs(got - want).max() <= 0.5 + 1e-9


def test_box_blur_any_strides():
    a = rng.integers(0, 256, (80, 90, 4), dtype=np.uint8)
    view = a[::2, 1::3, :3]
    assert not view.flags.c_contiguous
    assert np.array_equal(tessera.box_blur(view, 3, iterations=2),
                          tessera.box_blur(np.ascontiguousarray(view), 3,
                                           iterations=2))


def test_box_blur_refuses_clearly():
    with pytest.raises(TypeError, match="uint8, uint16 or float32"):
        tessera.box_blur(np.zeros((4, 4), dtype=np.int32))
    with pytest.raises(ValueError, match="radius_x"):
        tessera.box_blur(np.zeros((4, 4), dtype=np.uint8), radius_x=-1)
    with pytest.raises(ValueError, match="shape"):
        tessera.box_blur(np.zeros((4, 4, 5), dtype=np.uint8))


def squares(shape, n):
    lines = np.zeros(shape, dtype=bool)
    for _ in range(n):
        y0, x0 = (int(rng.integers(0, s - 6)) for s in shape)
        y1 = int(rng.integers(y0 + 4, shape[0]))
        x1 = int(rng.integers(x0 + 4, shape[1]))
        lines[y0, x0:x1] = lines[y1 - 1, x0:x1] = True
        lines[y0:y1, x0] = lines[y0:y1, x1 - 1] = True
    return lines


@pytest.mark.parametrize("shape", [(s[0] + 10, s[1] + 10) for s in sizes()])
def test_fill_contours_is_scipys_fill_holes(shape):
    lines = squares(shape, int(rng.integers(1, 6)))
    want = ndimage.binary_fill_holes(lines) & ~lines
    got = tessera.fill_contours(lines, gap=0, min_region=0)
    assert np.array_equal(got, want)


def test_fill_contours_closes_gaps_of_line_art():
    art = np.full((60, 60), 255, dtype=np.uint8)
    art[10, 10:50] = art[49, 10:50] = art[10:50, 10] = art[10:50, 49] = 0
    art[10, 25:27] = 255
    assert tessera.fill_contours(art, gap=3)[30, 30]
    assert not tessera.fill_contours(art, gap=0, min_region=0)[30, 30]
    numbers, count = tessera.fill_contours(art, gap=3, labels=True)
    assert count == 1 and numbers.dtype == np.uint32


@pytest.mark.parametrize("shape", sizes())
@pytest.mark.parametrize("method", ["dilation", "erosion"])
def test_reconstruct_is_skimages(shape, method):
    mask = rng.integers(0, 256, shape, dtype=np.uint8)
    noise = rng.integers(0, 256, shape, dtype=np.uint8)
    marker = (np.minimum if method == "dilation" else np.maximum)(noise, mask)
    want = reconstruction(marker, mask, method=method,
                          footprint=np.ones((3, 3)))
    got = tessera.reconstruct(mask, marker, operation=method)
    assert np.array_equal(got, want.astype(np.uint8))


@pytest.mark.parametrize("shape", sizes())
def test_fill_holes_preset_is_skimages_recipe(shape):
    image = rng.integers(0, 256, shape, dtype=np.uint8)
    seed = image.copy()
    seed[1:-1, 1:-1] = image.max()
    want = reconstruction(seed, image, method="erosion",
                          footprint=np.ones((3, 3)))
    got = tessera.reconstruct_preset(image, "fill-holes")
    assert np.array_equal(got, want.astype(np.uint8))


def test_segment_colours_keeps_flat_colours():
    colours = np.array([[200, 30, 30], [30, 200, 30], [30, 30, 200],
                        [240, 240, 240]], dtype=np.uint8)
    index = rng.integers(0, 4, (40, 30))
    image = colours[index]
    out, classes = tessera.segment_colours(image, classes=4)
    assert np.array_equal(out, image)
    assert len(classes) == 4
    assert sum(n for _, n in classes) == image.shape[0] * image.shape[1]


def test_segment_colours_needs_8_bit_rgb():
    with pytest.raises(TypeError, match="8-bit RGB"):
        tessera.segment_colours(np.zeros((4, 4), dtype=np.uint8))


def test_backend_cuda_without_gpu_gives_the_cpus_result():
    a = rng.integers(0, 256, (33, 47, 3), dtype=np.uint8)
    assert np.array_equal(tessera.box_blur(a, 4, backend="cuda"),
                          tessera.box_blur(a, 4, backend="cpu"))


def _edge(h, w, slope, offset, rng):
    """Grey u8, bright above y = offset + slope x (pixel corners), noisy."""
    x = np.arange(w) + 0.5
    y = np.arange(h)[:, None] + 0.5
    a = np.where(y < offset + slope * x, 190.0, 60.0) + rng.normal(0, 6, (h, w))
    return np.clip(a, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", range(4))
def test_trace_follows_a_known_edge(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(100, 180)), int(rng.integers(140, 240))
    slope, offset = rng.uniform(-0.3, 0.3), h / 2
    xs = np.linspace(12, w - 12, int(rng.integers(2, 6)))
    clicks = np.column_stack((xs, offset + slope * xs
                              + rng.uniform(-1, 1, xs.size)))
    image = _edge(h, w, slope, offset, rng)
    polyline, path = tessera.trace(image, clicks)
    off = np.abs(polyline[:, 1] - (offset + slope * polyline[:, 0])) \
        / np.hypot(1, slope)
    assert off.max() <= 1.5   # a sloped edge's pixel staircase, and noise
    # The path: 3 k + 1 control points, an anchor near each click (snapped
    # at most 1.5 px), ends on the polyline's ends.
    assert (len(path) - 1) % 3 == 0
    anchors = path[::3]
    near = np.hypot(*(anchors[None, :, :] - clicks[:, None, :]).transpose(2, 0, 1))
    assert (near.min(axis=1) <= 1.5 + 1e-9).all()
    assert np.allclose(path[0], polyline[0]) and np.allclose(path[-1], polyline[-1])
    # RGB gives the same line as its grey (luminance of equal channels).
    again, _ = tessera.trace(np.dstack([image] * 3), clicks)
    assert np.allclose(again, polyline, atol=1e-4)


def test_trace_refuses_clearly():
    image = np.zeros((40, 50), np.uint8)
    for clicks, words in (([[5, 5]], "two or more"),
                          ([[5, 5], [60, 5]], "outside"),
                          ([[5, 5], [5.5, 5]], "less than a pixel")):
        with pytest.raises(ValueError, match=words):
            tessera.trace(image, clicks)
