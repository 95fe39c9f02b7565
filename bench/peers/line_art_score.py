# SPDX-License-Identifier: GPL-3.0-or-later
"""Scores the regions found in generated line art with known regions:
Tessera (tessera-bench fill-contours --labels) and G'MIC's smart line-art
colouring (fx_colorize_lineart_smart, Debian's gmic), on the same drawings.

    /usr/bin/python3 bench/peers/line_art_score.py BUILD/bench/tessera-bench \\
        [--seeds 3] [--out DIR] [--page] [--page-seeds N]

Drawings (tests/reference/line-art.h, 640x480, binary and anti-aliased):
closed shapes; the same with 9 cuts of 1..4 px of arc; full-bleed strokes
(scored with the canvas edge as a line); cross-hatching.  Tessera runs with
--gap 5 (and --edge-regions on full bleed, --min-region 200 on hatching);
G'MIC with its defaults but saturated colours (so that regions differ).
GIMP's line-art fill exists only in the Bucket Fill tool of GIMP 2.10 (no
PDB procedure), so it is left out.

A known region (of at least 20 pixels; 200 with hatching) is correct when
one label covers 95% of its free pixels and is no other region's main
label; merged when its main label is another's too; empty when mostly
unlabelled (G'MIC: the colour of the outside); split when a second label
covers 5% (and 10 px).  Extra: labels that are no known region's main one.
With --page, also times both on a 4000x3000 page with 300 cuts; with
--page-seeds N, Tessera is also scored on the pages of seeds 2..N (G'MIC,
a minute a page, on the first only).  With
--out, writes each result as a PNG to look at.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import read_pnm  # noqa: E402

CASES = [
    # name, tessera-bench --line-art, extra options, min size
    ("closed", "closed", [], 20),
    ("gaps 1-4 px", "gaps", ["--cuts", "9", "--gap-max", "4"], 20),
    ("full bleed", "bleed", ["--edge-regions"], 20),
    ("hatching", "hatching", ["--min-region", "200"], 200),
]

GMIC_ARGS = "0,95,0,0,1,255,64,0,75,2,60,20,90,1,10,1"


def score(truth, label, free, min_size):
    """The counts of correct, merged, empty, split regions and extra
    labels (see the module's doc)."""
    t = truth[free].astype(np.int64)
    l = label[free].astype(np.int64)
    n_truth = int(truth.max()) + 1
    n_label = int(label.max()) + 1
    size = np.bincount(t, minlength=n_truth)
    pairs = np.bincount(t * n_label + l, minlength=n_truth * n_label)
    pairs = pairs.reshape(n_truth, n_label)
    unlabelled = pairs[:, 0].copy()
    pairs[:, 0] = 0
    main = pairs.argmax(axis=1)
    main_count = pairs[np.arange(n_truth), main]
    pairs[np.arange(n_truth), main] = 0
    second = pairs.max(axis=1)
    scored = (size >= min_size) & (np.arange(n_truth) > 0)
    owns = (main_count > unlabelled) & (np.arange(n_truth) > 0)
    mains = np.bincount(main[owns & scored], minlength=n_label)
    any_main = np.bincount(main[owns], minlength=n_label) > 0
    result = dict(regions=0, correct=0, merged=0, empty=0, split=0)
    for r in np.nonzero(scored)[0]:
        result["regions"] += 1
        if unlabelled[r] >= main_count[r]:
            result["empty"] += 1
        elif mains[main[r]] > 1:
            result["merged"] += 1
        elif second[r] * 20 >= size[r] and second[r] >= 10:
            result["split"] += 1
        elif main_count[r] * 20 >= size[r] * 19:
            result["correct"] += 1
        else:
            result["empty"] += 1
    present = np.zeros(n_label, bool)
    present[np.unique(label)] = True
    present[0] = False
    result["extra"] = int((present & ~any_main).sum())
    return result


def colours_to_labels(rgb, truth, free):
    """G'MIC's colours as labels: one per colour, 0 for the colour that
    most of the outside's free pixels have."""
    packed = (rgb[:, :, 0].astype(np.int64) << 16) | \
        (rgb[:, :, 1].astype(np.int64) << 8) | rgb[:, :, 2]
    values, inverse = np.unique(packed, return_inverse=True)
    label = inverse.reshape(packed.shape) + 1
    outside = label[(truth == 0) & free]
    if outside.size:
        label[label == np.bincount(outside).argmax()] = 0
    return label


def run_tessera(bench, kind, options, seed, antialiased, work, size=None,
                repeat=1):
    ink = os.path.join(work, "ink.pgm")
    truth = os.path.join(work, "truth.pgm")
    labels = os.path.join(work, "labels.pgm")
    command = [bench, "fill-contours", "--backend", "cpu", "--threads", "2",
               "--line-art", kind, "--seed", str(seed), "--gap", "5",
               "--save-input", ink, "--save-truth", truth, "--labels",
               labels, "--repeat", str(repeat)] + options
    if antialiased:
        command.append("--antialiased")
    if size:
        command += ["--width", str(size[0]), "--height", str(size[1])]
    line = subprocess.run(command, check=True, capture_output=True,
                          text=True).stdout.strip().splitlines()[-1]
    fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
    return ink, truth, labels, float(fields["median_ms"])


def run_gmic(ink_path, work):
    """G'MIC on the drawing as black lines on white; its colour layer."""
    ink, _ = read_pnm(ink_path)
    lines = os.path.join(work, "lines.pgm")
    with open(lines, "wb") as out:
        h, w = ink.shape[:2]
        out.write(f"P5\n{w} {h}\n255\n".encode())
        out.write((255 - ink[:, :, 0]).astype(np.uint8).tobytes())
    prefix = os.path.join(work, "gmic.ppm")
    start = time.perf_counter()
    subprocess.run(["gmic", "-v", "0", lines, "fx_colorize_lineart_smart",
                    GMIC_ARGS, "c", "0,255", "o", prefix], check=True,
                   capture_output=True)
    seconds = time.perf_counter() - start
    colours, _ = read_pnm(os.path.join(work, "gmic_000001.ppm"))
    return colours, seconds


def save_png(path, label):
    """Region labels as colours (0 white) for looking at."""
    from PIL import Image
    rng = np.random.default_rng(1)
    palette = rng.integers(60, 230, (int(label.max()) + 1, 3), np.uint8)
    palette[0] = 255
    Image.fromarray(palette[label]).save(path)


def add(total, part):
    for key, value in part.items():
        total[key] = total.get(key, 0) + value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bench")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--out")
    parser.add_argument("--page", action="store_true")
    parser.add_argument("--page-seeds", type=int, default=1)
    args = parser.parse_args()
    print("| drawings | regions | Tessera (gap 5): correct / merged / empty "
          "/ split / extra | G'MIC smart colouring: correct / merged / empty"
          " / split / extra |")
    print("| --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as work:
        for name, kind, options, min_size in CASES:
            for antialiased in (False, True):
                ours, theirs = {}, {}
                for seed in range(1, args.seeds + 1):
                    ink, truth_path, labels, _ = run_tessera(
                        args.bench, kind, options, seed, antialiased, work)
                    truth = read_pnm(truth_path)[0][:, :, 0]
                    free = read_pnm(ink)[0][:, :, 0] < 128
                    label = read_pnm(labels)[0][:, :, 0]
                    add(ours, score(truth, label, free, min_size))
                    colours, _ = run_gmic(ink, work)
                    gl = colours_to_labels(colours, truth, free)
                    add(theirs, score(truth, gl, free, min_size))
                    if args.out:
                        stem = os.path.join(args.out, f"{kind}-"
                                            f"{'aa' if antialiased else 'bin'}"
                                            f"-{seed}")
                        save_png(stem + "-tessera.png", label)
                        save_png(stem + "-gmic.png", gl)
                        save_png(stem + "-truth.png", truth)

                def cell(s):
                    return (f"{s['correct']} / {s['merged']} / {s['empty']}"
                            f" / {s['split']} / {s['extra']}")
                print(f"| {name}, {'anti-aliased' if antialiased else 'binary'}"
                      f", {args.seeds} drawings | {ours['regions']} | "
                      f"{cell(ours)} | {cell(theirs)} |", flush=True)
        if args.page:
            ink, truth_path, labels, ms = run_tessera(
                args.bench, "gaps", ["--cuts", "300", "--gap-max", "4"], 1,
                False, work, (4000, 3000), repeat=5)
            truth = read_pnm(truth_path)[0][:, :, 0]
            free = read_pnm(ink)[0][:, :, 0] < 128
            ours = score(truth, read_pnm(labels)[0][:, :, 0], free, 20)
            colours, seconds = run_gmic(ink, work)
            theirs = score(truth, colours_to_labels(colours, truth, free),
                           free, 20)
            print(f"\n4000x3000 page, 300 cuts of 1-4 px: Tessera {ms:.0f} ms "
                  f"(core, 2 threads, median of 5): {ours}; G'MIC "
                  f"{seconds:.1f} s: {theirs}")
            pages = dict(ours)
            for seed in range(2, args.page_seeds + 1):
                ink, truth_path, labels, _ = run_tessera(
                    args.bench, "gaps", ["--cuts", "300", "--gap-max", "4"],
                    seed, False, work, (4000, 3000))
                truth = read_pnm(truth_path)[0][:, :, 0]
                free = read_pnm(ink)[0][:, :, 0] < 128
                add(pages, score(truth, read_pnm(labels)[0][:, :, 0], free,
                                 20))
            if args.page_seeds > 1:
                print(f"Tessera on the pages of seeds 1-{args.page_seeds}: "
                      f"{pages}")


if __name__ == "__main__":
    main()
