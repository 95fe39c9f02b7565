# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns a contour map into line art for bench/gimp-timing.sh.

    /usr/bin/python3 bench/line_art_raw.py CONTOURS.pgm LINE-ART.raw

CONTOURS.pgm is what ``tessera-bench fill-contours --save-input`` writes
(non-zero: contour).  LINE-ART.raw (tests/gimp/raw-image.h's format) is an
RGBA u8 layer: the contour black and opaque, the rest white and
transparent, as line art drawn on a transparent layer.
"""

import sys

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/peers")
from common import read_pnm  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    contours, _ = read_pnm(sys.argv[1])
    line = contours[:, :, 0] != 0
    height, width = line.shape
    rgba = np.empty((height, width, 4), np.uint8)
    rgba[:, :, :3] = np.where(line, 0, 255)[:, :, None]
    rgba[:, :, 3] = np.where(line, 255, 0)
    with open(sys.argv[2], "wb") as out:
        out.write(f"TESSERA-RAW\n{width} {height} 4 u8 1\n# R'G'B'A u8\n"
                  .encode())
        out.write(rgba.tobytes())


if __name__ == "__main__":
    main()
