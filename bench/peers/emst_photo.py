# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes the photo that `tessera-bench emst --input` and `mst-segment` are
measured on: the bundled Landsat scene (data/) enlarged to 6000 x 4000
(24 megapixels) with bicubic interpolation, plus Gaussian noise of sigma 2
(seed 1), as a binary PPM.  About a million distinct colours, as a noisy
camera photo has.

    /usr/bin/python3 bench/peers/emst_photo.py OUT.ppm
"""

import os
import sys

import cv2
import numpy as np

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "..", "..", "data", "landsat-bahamas-791x718.png")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    image = cv2.imread(SOURCE, cv2.IMREAD_COLOR)
    big = cv2.resize(image, (6000, 4000), interpolation=cv2.INTER_CUBIC)
    noise = np.random.default_rng(1).normal(0, 2.0, big.shape).round()
    noisy = np.clip(big.astype(np.int16) + noise.astype(np.int16), 0, 255)
    rgb = cv2.cvtColor(noisy.astype(np.uint8), cv2.COLOR_BGR2RGB)
    with open(sys.argv[1], "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (rgb.shape[1], rgb.shape[0]))
        f.write(rgb.tobytes())


if __name__ == "__main__":
    main()
