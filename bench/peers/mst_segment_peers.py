# SPDX-License-Identifier: GPL-3.0-or-later
"""Peers of `tessera-bench mst-segment`, on the same photo and number of
classes, each printing the mean CIE76 difference between the photo and its
recoloured result (delta_e=, as tessera-bench computes it: sRGB to CIE
L*a*b* with the D65 white, per pixel):

  kmeans     OpenCV's cv2.kmeans on the pixels' RGB values, k-means++ seeds,
             3 attempts, at most 20 iterations or a move under 0.5; every
             pixel in its centre's colour (rounded to 8 bits)
  mediancut  PIL's Image.quantize(K, method=MEDIANCUT, dither=NONE)
  gimp       GIMP's Image > Mode > Indexed: gimp-image-convert-indexed with
             no dithering and an optimum palette of K colours, in one
             gimp-console-2.10 batch run (--gimp; its time is the whole run,
             start-up included, once)

    /usr/bin/python3 bench/peers/mst_segment_peers.py --input PHOTO.ppm --classes 8 [--gimp] [--no-kmeans]
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OP = "mst-segment"


def srgb_to_lab(rgb):
    """(n, 3) 8-bit sRGB to CIE L*a*b* (D65), as core/mst-segment.c does."""
    v = rgb.astype(np.float64) / 255.0
    lin = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124564, 0.3575761, 0.1804375],
                  [0.2126729, 0.7151522, 0.0721750],
                  [0.0193339, 0.1191920, 0.9503041]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    d = 6.0 / 29.0
    f = np.where(xyz > d ** 3, np.cbrt(xyz), xyz / (3 * d * d) + 4.0 / 29.0)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]),
                     200 * (f[:, 1] - f[:, 2])], axis=1)


def mean_delta_e(src, out):
    """Mean CIE76 between two (h, w, 3) uint8 images, through the distinct
    (input, output) colour pairs."""
    a = src.reshape(-1, 3).astype(np.int64)
    b = out.reshape(-1, 3).astype(np.int64)
    keys = (a[:, 0] << 40 | a[:, 1] << 32 | a[:, 2] << 24
            | b[:, 0] << 16 | b[:, 1] << 8 | b[:, 2])
    pairs, counts = np.unique(keys, return_counts=True)
    ca = np.stack([pairs >> 40, pairs >> 32 & 255, pairs >> 24 & 255], 1)
    cb = np.stack([pairs >> 16 & 255, pairs >> 8 & 255, pairs & 255], 1)
    d = np.linalg.norm(srgb_to_lab(ca) - srgb_to_lab(cb), axis=1)
    return float((d * counts).sum() / counts.sum())


def kmeans_peer(image, args):
    try:
        import cv2
    except ImportError as e:
        return common.skip("kmeans", e)
    cv2.setNumThreads(args.threads)
    data = image.reshape(-1, 3).astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    result = {}

    def run():
        cv2.setRNGSeed(1)
        _, labels, centres = cv2.kmeans(data, args.classes, None, criteria, 3,
                                        cv2.KMEANS_PP_CENTERS)
        result["out"] = np.clip(np.rint(centres), 0, 255).astype(
            np.uint8)[labels.ravel()].reshape(image.shape)

    median, low = common.time_wall(run, args.repeat)
    return median, low, result["out"]


def mediancut_peer(image, args):
    try:
        from PIL import Image
    except ImportError as e:
        return common.skip("mediancut", e)
    pil = Image.fromarray(image)
    result = {}

    def run():
        result["out"] = np.asarray(pil.quantize(
            args.classes, method=Image.Quantize.MEDIANCUT,
            dither=Image.Dither.NONE).convert("RGB"))

    median, low = common.time_wall(run, args.repeat)
    return median, low, result["out"]


GIMP_SCRIPT = """
(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE "{src}" "{src}")))
       (drawable (car (gimp-image-get-active-layer image))))
  (gimp-image-convert-indexed image CONVERT-DITHER-NONE
                              CONVERT-PALETTE-GENERATE {k} FALSE FALSE "")
  (gimp-image-convert-rgb image)
  (file-pnm-save RUN-NONINTERACTIVE image
                 (car (gimp-image-get-active-layer image))
                 "{dst}" "{dst}" 1))
(gimp-quit 0)
"""


def gimp_peer(image, args):
    import shutil
    import time
    if shutil.which("gimp-console-2.10") is None:
        return common.skip("gimp", "gimp-console-2.10 not found")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in.ppm")
        dst = os.path.join(tmp, "out.ppm")
        with open(src, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (image.shape[1], image.shape[0]))
            f.write(image.tobytes())
        env = dict(os.environ, GIMP2_DIRECTORY=os.path.join(tmp, "profile"))
        start = time.perf_counter()
        subprocess.run(["gimp-console-2.10", "-i", "-d", "-f", "-b",
                        GIMP_SCRIPT.format(src=src, dst=dst, k=args.classes)],
                       env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        ms = (time.perf_counter() - start) * 1e3
        out, _ = common.read_pnm(dst)
    return ms, ms, out


def main():
    p = common.parser(__doc__)
    p.add_argument("--classes", type=int, default=8)
    p.add_argument("--gimp", action="store_true", help="also GIMP (slow start)")
    p.add_argument("--no-kmeans", action="store_true",
                   help="leave k-means out (slow on big photos)")
    p.add_argument("--no-mediancut", action="store_true")
    args = p.parse_args()
    image, maxval = common.read_pnm(args.input)
    if maxval != 255 or image.shape[2] != 3:
        sys.exit("the peers want an 8-bit RGB PPM")
    peers = []
    if not args.no_kmeans:
        peers.append(("kmeans", kmeans_peer))
    if not args.no_mediancut:
        peers.append(("mediancut", mediancut_peer))
    if args.gimp:
        peers.append(("gimp", gimp_peer))
    h, w = image.shape[:2]
    for name, peer in peers:
        got = peer(image, args)
        if got is None:
            continue
        median, low, out = got
        common.print_line(OP, name, w, h, median, low, classes=args.classes,
                          delta_e=round(mean_delta_e(image, out), 3))


if __name__ == "__main__":
    main()
