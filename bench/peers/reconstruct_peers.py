# SPDX-License-Identifier: GPL-3.0-or-later
"""Peers of `tessera-bench reconstruct`, on the same mask and marker:

  skimage   skimage.morphology.reconstruction (its own downhill-style
            algorithm, one thread), footprint of the connectivity
  cupy      cupyx.scipy.ndimage.grey_dilation (grey_erosion) of the marker,
            clipped by the mask, repeated until nothing changes (checked
            every --check-every steps, as a GPU loop would), CUDA events
            around the whole loop; e2e_ms adds the transfers (--gpu)

Write the inputs with
  tessera-bench reconstruct --save-input MASK.pgm --save-marker MARKER.pgm
and with --expect FILE (tessera-bench's --output on those inputs) each
peer's result is compared with tessera's: agrees=yes|no.

With --luminance (inputs from tessera-bench reconstruct --luminance, RGB
u8 or u16) the skimage peer reconstructs on the luminance as
core/luminance.h defines it, in numpy: Y = (2126 R + 7152 G + 722 B + 5000)
// 10000 of mask and marker, skimage's reconstruction of Y, then each colour
channel of the mask plus the change of Y, clipped to the range; all of it
timed.

Run with /usr/bin/python3 on the development machine, python3 on the GPU
machine.  Each run of these peers takes seconds: --repeat defaults to 3.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OP = "reconstruct"


def footprint(connectivity):
    if connectivity == 8:
        return np.ones((3, 3), bool)
    return np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], bool)


def agreement(result, expected):
    if expected is None:
        return {}
    return {"agrees": "yes" if np.array_equal(result, expected) else "no"}


def luminance(rgb):
    """Y of RGB samples (integers), rounded as core/luminance.h does."""
    r, g, b = (rgb[:, :, c].astype(np.int64) for c in range(3))
    return (2126 * r + 7152 * g + 722 * b + 5000) // 10000


def skimage_peer(mask, marker, expected, args):
    try:
        from skimage.morphology import reconstruction
    except ImportError as e:
        return common.skip("skimage", e)
    height, width = mask.shape[:2]
    result = {}

    def reconstruct(grey_mask, grey_marker):
        # scikit-image refuses a marker beyond the mask: clip it, as
        # tessera does.
        if args.operation == "dilation":
            seed = np.minimum(grey_marker, grey_mask)
        else:
            seed = np.maximum(grey_marker, grey_mask)
        return reconstruction(seed, grey_mask, method=args.operation,
                              footprint=footprint(args.connectivity))

    def run():
        if args.luminance:
            mask_y = luminance(mask)
            change = reconstruct(mask_y, luminance(marker)) - mask_y
            top = np.iinfo(mask.dtype).max
            result["out"] = np.clip(mask + change[:, :, None], 0, top)
        else:
            result["out"] = reconstruct(mask, marker)

    median, low = common.time_wall(run, args.repeat, warmup=0)
    common.print_line(OP, "skimage", width, height, median, low,
                      **agreement(result["out"].astype(mask.dtype), expected))


def cupy_peer(mask, marker, expected, args):
    try:
        import cupy
        from cupyx.scipy import ndimage
    except ImportError as e:
        return common.skip("cupy", e)
    height, width = mask.shape
    shape = cupy.asarray(footprint(args.connectivity))
    dilation = args.operation == "dilation"
    step = ndimage.grey_dilation if dilation else ndimage.grey_erosion
    clip = cupy.minimum if dilation else cupy.maximum
    device_mask = cupy.asarray(mask)
    device_marker = cupy.asarray(marker)
    result = {}

    def run(on_device_mask, on_device_marker):
        current = clip(on_device_marker, on_device_mask)
        while True:
            before = current
            for _ in range(args.check_every):
                current = clip(step(current, footprint=shape), on_device_mask)
            if bool((current == before).all()):
                break
        result["out"] = current
        return current

    median, low = common.time_cuda(lambda: run(device_mask, device_marker),
                                   args.repeat, warmup=1)
    e2e, _ = common.time_wall(
        lambda: run(cupy.asarray(mask), cupy.asarray(marker)).get(),
        1, warmup=0)
    common.print_line(OP, "cupy", width, height, median, low, e2e_ms=e2e,
                      **agreement(result["out"].get(), expected))


def main():
    p = common.parser(__doc__.splitlines()[0])
    p.set_defaults(repeat=3)
    p.add_argument("--marker", required=True, help="the marker file")
    p.add_argument("--operation", choices=("dilation", "erosion"),
                   default="dilation")
    p.add_argument("--connectivity", type=int, choices=(4, 8), default=8)
    p.add_argument("--expect", help="tessera-bench's --output on these inputs")
    p.add_argument("--luminance", action="store_true",
                   help="RGB inputs, reconstructed on their luminance "
                        "(skimage only)")
    p.add_argument("--check-every", type=int, default=64,
                   help="CuPy steps between two looks for stability "
                        "(default 64)")
    args = p.parse_args()
    # The first channel, or the three colours on luminance.
    samples = slice(0, 3) if args.luminance else 0
    mask = common.read_pnm(args.input)[0][:, :, samples]
    marker = common.read_pnm(args.marker)[0][:, :, samples]
    expected = None
    if args.expect:
        expected = common.read_pnm(args.expect)[0][:, :, samples]

    skimage_peer(mask, marker, expected, args)
    if args.gpu and not args.luminance:
        cupy_peer(mask, marker, expected, args)


if __name__ == "__main__":
    main()
