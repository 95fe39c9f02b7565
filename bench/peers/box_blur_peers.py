# SPDX-License-Identifier: GPL-3.0-or-later
"""Peers of `tessera-bench box-blur`, on the same file:

  cv2.boxFilter   the whole blur, BORDER_REPLICATE, cv2.setNumThreads(N)
  cv2.integral    the summed-area table alone (no blur), same threads
  gegl            gegl:box-blur through GEGL's own API (GObject
                  introspection), buffer in memory -> blur -> buffer in the
                  input's format, GEGL's 'threads' set to N; square only
  gegl-cli        the Debian `gegl` command on a PNG of the input, timed with
                  the op and with a conversion to the op's float format in
                  its place, in pairs: median_ms and min_ms are of the
                  differences (--gegl-cli)
  cupy            cupyx.scipy.ndimage.uniform_filter, mode='nearest', CUDA
                  events after warm-up; e2e_ms adds the transfers (--gpu)
  copy            a device-to-device copy of the same bytes: the floor (--gpu)

Run with /usr/bin/python3 on the development machine, python3 on the GPU
machine.  Iterations are not repeated here: compare with --iterations 1.
"""

import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OP = "box-blur"


def opencv_peers(image, args):
    try:
        import cv2
    except ImportError as e:
        return common.skip("cv2", e)
    cv2.setNumThreads(args.threads)
    height, width = image.shape[:2]
    size = (2 * args.rx + 1, 2 * args.ry + 1)   # OpenCV's is (width, height)

    def box_filter():
        cv2.boxFilter(image, -1, size, normalize=True,
                      borderType=cv2.BORDER_REPLICATE)

    median, low = common.time_wall(box_filter, args.repeat)
    common.print_line(OP, "cv2.boxFilter", width, height, median, low)
    median, low = common.time_wall(lambda: cv2.integral(image), args.repeat)
    common.print_line(OP, "cv2.integral", width, height, median, low)


def babl_format(image):
    """The babl name of the input's own format (the blur itself runs in
    GEGL's linear premultiplied float)."""
    model = {1: "Y'", 2: "Y'A", 3: "R'G'B'", 4: "R'G'B'A"}[image.shape[2]]
    return model + (" u8" if image.dtype == np.uint8 else " u16")


def gegl_peer(image, args):
    if args.rx != args.ry:
        return common.skip("gegl", "gegl:box-blur has one radius for both axes")
    try:
        import gi
        gi.require_version("Gegl", "0.4")
        from gi.repository import Gegl
    except (ImportError, ValueError) as e:
        return common.skip("gegl", e)
    Gegl.init(None)
    Gegl.config().props.threads = args.threads
    height, width = image.shape[:2]
    fmt = babl_format(image)
    rect = Gegl.Rectangle.new(0, 0, width, height)
    source = Gegl.Buffer.new(fmt, 0, 0, width, height)
    source.set(rect, fmt, image.tobytes())

    def blur():
        # A new graph and output buffer each time, so no cache answers.
        result = Gegl.Buffer.new(fmt, 0, 0, width, height)
        graph = Gegl.Node()
        src = graph.create_child("gegl:buffer-source")
        src.set_property("buffer", source)
        op = graph.create_child("gegl:box-blur")
        op.set_property("radius", args.rx)
        # The blur grows the image by its radius; GIMP keeps the layer's size.
        crop = graph.create_child("gegl:crop")
        for name, value in (("width", width), ("height", height)):
            crop.set_property(name, value)
        sink = graph.create_child("gegl:write-buffer")
        sink.set_property("buffer", result)
        src.link(op)
        op.link(crop)
        crop.link(sink)
        sink.process()

    median, low = common.time_wall(blur, args.gegl_repeat)
    common.print_line(OP, "gegl", width, height, median, low)


def gegl_cli_peer(image, args):
    if args.rx != args.ry:
        return common.skip("gegl-cli", "gegl:box-blur has one radius for both axes")
    try:
        import cv2
    except ImportError as e:
        return common.skip("gegl-cli", f"cv2 writes the PNG: {e}")
    height, width = image.shape[:2]
    with tempfile.TemporaryDirectory() as folder:
        png, out = os.path.join(folder, "in.png"), os.path.join(folder, "out.png")
        # OpenCV's channel order is BGR(A); the blur does not care, GEGL reads RGB(A).
        cv2.imwrite(png, image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
        env = dict(os.environ, GEGL_THREADS=str(args.threads))

        def command(*ops):
            return lambda: subprocess.run(["gegl", png, "-o", out, "--", *ops],
                                          check=True, env=env,
                                          stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL)

        crop = ["gegl:crop", f"width={width}", f"height={height}"]
        # Both write the same 16-bit PNG; only the blur differs.  Pairs run
        # back to back, so that a busy moment hits both.
        with_op = command("gegl:box-blur", f"radius={args.rx}", *crop)
        without_op = command("gegl:convert-format", "format=RaGaBaA float", *crop)
        with_op()
        pairs = [(common.time_wall(with_op, 1, 0)[0],
                  common.time_wall(without_op, 1, 0)[0])
                 for _ in range(args.gegl_repeat)]
    differences = [w - wo for w, wo in pairs]
    common.print_line(OP, "gegl-cli", width, height,
                      statistics.median(differences), min(differences),
                      with_op_ms=statistics.median(w for w, _ in pairs),
                      without_op_ms=statistics.median(wo for _, wo in pairs))


def cupy_peers(image, args):
    try:
        import cupy
        from cupyx.scipy import ndimage
    except ImportError as e:
        return common.skip("cupy", e)
    height, width = image.shape[:2]
    if args.type == "f32":
        image = image.astype(np.float32) / np.iinfo(image.dtype).max
    size = (2 * args.ry + 1, 2 * args.rx + 1, 1)
    device = cupy.asarray(image)
    result = cupy.empty_like(device)

    def blur():
        ndimage.uniform_filter(device, size=size, mode="nearest", output=result)

    def end_to_end():
        ndimage.uniform_filter(cupy.asarray(image), size=size,
                               mode="nearest").get()

    median, low = common.time_cuda(blur, args.repeat)
    e2e, _ = common.time_wall(end_to_end, args.repeat)
    common.print_line(OP, "cupy", width, height, median, low, e2e_ms=e2e)

    median, low = common.time_cuda(lambda: cupy.copyto(result, device),
                                   args.repeat)
    common.print_line(OP, "copy", width, height, median, low)


def main():
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--rx", type=int, default=25)
    p.add_argument("--ry", type=int, default=25)
    p.add_argument("--type", choices=("stored", "f32"), default="stored",
                   help="f32: the GPU peers blur the input as floats in 0..1")
    p.add_argument("--gegl-repeat", type=int, default=5,
                   help="timed GEGL runs (default 5; they take seconds)")
    p.add_argument("--no-gegl", action="store_true", help="skip GEGL")
    p.add_argument("--gegl-cli", action="store_true",
                   help="also time the gegl command with and without the op")
    args = p.parse_args()
    image, _ = common.read_pnm(args.input)

    opencv_peers(image, args)
    if not args.no_gegl:
        gegl_peer(image, args)
    if args.gegl_cli:
        gegl_cli_peer(image, args)
    if args.gpu:
        cupy_peers(image, args)


if __name__ == "__main__":
    main()
