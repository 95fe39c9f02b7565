# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the distinct colours of a binary PPM with their pixel counts in
the form tests/gpu/mst-weighted-timing reads: "TCOL N\\n", then N records
of R, G, B bytes and a little-endian uint32 count, in increasing order of
R<<16 | G<<8 | B (the histogram's order).  A 24-Mpix photo's 72 MB become
about 7 MB, small enough to take to the GPU machine.

    /usr/bin/python3 tests/gpu/photo-colours.py PHOTO.ppm OUT.colours
"""

import sys

import numpy as np


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    data = open(sys.argv[1], "rb").read()
    magic, size, depth, pixels = data.split(b"\n", 3)
    if magic != b"P6" or depth != b"255":
        sys.exit("photo-colours: a binary 8-bit PPM without comments, please")
    rgb = np.frombuffer(pixels, np.uint8).reshape(-1, 3).astype(np.uint32)
    keys, counts = np.unique((rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2],
                             return_counts=True)
    records = np.zeros((len(keys), 7), np.uint8)
    for ch in range(3):
        records[:, ch] = (keys >> (16 - 8 * ch)) & 255
    records[:, 3:] = counts.astype("<u4").view(np.uint8).reshape(-1, 4)
    with open(sys.argv[2], "wb") as out:
        out.write(b"TCOL %d\n" % len(keys))
        out.write(records.tobytes())


if __name__ == "__main__":
    main()
