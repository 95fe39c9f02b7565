# SPDX-License-Identifier: GPL-3.0-or-later
"""Labelled features for bench/peers/trace_line_quality.py.

    /usr/bin/python3 bench/peers/trace_line_labels.py --refine
        rough polylines (trace_line_labels_rough.json, read by eye) moved to
        the peak of the Sobel magnitude within 4 px across them, written to
        trace_line_labels.json
    /usr/bin/python3 bench/peers/trace_line_labels.py --draw DIR
        the labels over crops of the photos, 4x, as PNGs to look at
    /usr/bin/python3 bench/peers/trace_line_labels.py --check
        the stretches of each label that lie on no edge: where the Sobel
        magnitude along it (every pixel) is under a third of its median
        along the label

The refinement uses OpenCV only (not Tessera), so the labels do not follow
Tessera's own notion of an edge.
"""

import argparse
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "shared", "data", "aerial")


def data_path(name):
    for folder in (os.environ.get("TESSERA_AERIAL", ""), DATA,
                   "/work/shared/data/aerial"):
        path = os.path.join(folder, name)
        if folder and os.path.exists(path):
            return path
    raise FileNotFoundError(name)


def densify(points, step=1.0):
    """The polyline resampled every STEP pixels along it."""
    points = np.asarray(points, float)
    out = [points[0]]
    for p, q in zip(points[:-1], points[1:]):
        n = max(1, int(np.ceil(np.hypot(*(q - p)) / step)))
        for k in range(1, n + 1):
            out.append(p + (q - p) * k / n)
    return np.array(out)


def sobel_magnitude(path):
    import cv2
    grey = cv2.cvtColor(cv2.imread(path), cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.0)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    return np.hypot(gx, gy)


def with_magnitudes(features):
    """Each feature with the Sobel magnitude of its photo, each photo's
    computed once."""
    fields = {}
    for feature in features:
        name = feature["image"]
        if name not in fields:
            fields[name] = sobel_magnitude(data_path(name))
        yield feature, fields[name]


def bilinear(field, x, y):
    h, w = field.shape
    x = min(max(x - 0.5, 0.0), w - 1.0)
    y = min(max(y - 0.5, 0.0), h - 1.0)
    i, j = int(x), int(y)
    i1, j1 = min(i + 1, w - 1), min(j + 1, h - 1)
    fx, fy = x - i, y - j
    top = field[j, i] * (1 - fx) + field[j, i1] * fx
    bottom = field[j1, i] * (1 - fx) + field[j1, i1] * fx
    return top * (1 - fy) + bottom * fy


def refine(points, magnitude, reach=4.0):
    """Each point of the densified polyline moved across it to the peak of
    MAGNITUDE within REACH, the offsets smoothed over 9 px, resampled every
    4 px."""
    dense = densify(points)
    offsets = []
    for i, p in enumerate(dense):
        q = dense[min(i + 1, len(dense) - 1)] - dense[max(i - 1, 0)]
        n = np.array([-q[1], q[0]]) / np.hypot(*q)
        steps = np.arange(-reach, reach + 1e-9, 0.25)
        values = [bilinear(magnitude, *(p + s * n)) for s in steps]
        offsets.append((steps[int(np.argmax(values))], n))
    shifts = np.array([o for o, _ in offsets])
    kernel = np.ones(9) / 9
    smooth = np.convolve(np.pad(shifts, 4, mode="edge"), kernel, mode="valid")
    moved = np.array([p + s * n for p, s, (_, n) in zip(dense, smooth, offsets)])
    return [[round(float(x), 2), round(float(y), 2)] for x, y in moved[::4]] + \
        ([[round(float(moved[-1][0]), 2), round(float(moved[-1][1]), 2)]]
         if (len(moved) - 1) % 4 else [])


def weak_stretches(points, magnitude, share=1.0 / 3.0):
    """The stretches (first and last point, rounded) of the polyline,
    sampled every pixel, where MAGNITUDE is under SHARE of its median along
    it: where a label lies on no edge."""
    dense = densify(points)
    values = np.array([bilinear(magnitude, *p) for p in dense])
    weak = values < share * np.median(values)
    stretches, start = [], None
    for i, w in enumerate(list(weak) + [False]):
        if w and start is None:
            start = i
        elif not w and start is not None:
            stretches.append((tuple(np.round(dense[start], 1)),
                              tuple(np.round(dense[i - 1], 1))))
            start = None
    return stretches, float(np.median(values))


def draw(labels, folder, traces=None):
    """Each feature over a 4x crop of its photo; TRACES (name -> list of
    (colour, polyline)) drawn too."""
    from PIL import Image, ImageDraw
    os.makedirs(folder, exist_ok=True)
    for index, feature in enumerate(labels["features"]):
        points = np.array(feature["points"])
        x0, y0 = np.floor(points.min(0) - 15).astype(int)
        x1, y1 = np.ceil(points.max(0) + 15).astype(int)
        image = Image.open(data_path(feature["image"])).convert("RGB")
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, image.width), min(y1, image.height)
        scale = 4
        crop = image.crop((x0, y0, x1, y1)).resize(
            ((x1 - x0) * scale, (y1 - y0) * scale), Image.NEAREST)
        pen = ImageDraw.Draw(crop)

        def line(polyline, colour, width=1):
            xy = [((x - x0) * scale, (y - y0) * scale) for x, y in polyline]
            pen.line(xy, fill=colour, width=width)

        line(feature["points"], (255, 255, 0))
        for colour, polyline in (traces or {}).get(feature["name"], []):
            line(polyline, colour)
        crop.save(os.path.join(folder, f"feature-{index}.png"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refine", action="store_true")
    parser.add_argument("--draw", metavar="DIR")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.refine:
        with open(os.path.join(HERE, "trace_line_labels_rough.json")) as f:
            rough = json.load(f)
        for feature, magnitude in with_magnitudes(rough["features"]):
            feature["points"] = refine(feature["points"], magnitude)
        rough["note"] = ("Refined from trace_line_labels_rough.json by "
                         "trace_line_labels.py --refine; checked by eye "
                         "over 4x crops (--draw).")
        with open(os.path.join(HERE, "trace_line_labels.json"), "w") as f:
            json.dump(rough, f, indent=1)
    if args.draw:
        with open(os.path.join(HERE, "trace_line_labels.json")) as f:
            draw(json.load(f), args.draw)
    if args.check:
        with open(os.path.join(HERE, "trace_line_labels.json")) as f:
            labels = json.load(f)
        for feature, magnitude in with_magnitudes(labels["features"]):
            stretches, median = weak_stretches(feature["points"], magnitude)
            print(f"{feature['name']}: median magnitude {median:.0f}; on no "
                  f"edge: {stretches if stretches else 'nowhere'}")


if __name__ == "__main__":
    main()
