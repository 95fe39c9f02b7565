# SPDX-License-Identifier: GPL-3.0-or-later
"""The tessera command against obvious references, on random inputs of
random sizes, through real files (PNG, GeoTIFF): TAP on stdout.

    /usr/bin/python3 tests/cli/cli_check.py BUILD/cli/tessera
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from osgeo import gdal, osr

gdal.UseExceptions()
TESSERA = sys.argv[1]
rng = np.random.default_rng(int(os.environ.get("TESSERA_TEST_SEED", "2026")))
work = tempfile.mkdtemp(prefix="tessera-cli-")
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def run(*args, env=None):
    full = dict(os.environ, **(env or {}))
    p = subprocess.run([TESSERA, *args], capture_output=True, text=True,
                       env=full)
    return p.returncode, p.stdout, p.stderr


def write(path, array, driver="PNG", transform=None, epsg=None, alpha=False):
    """Writes ARRAY (H x W x C) through a MEM dataset and CreateCopy."""
    if array.ndim == 2:
        array = array[:, :, None]
    h, w, c = array.shape
    types = {np.uint8: gdal.GDT_Byte, np.uint16: gdal.GDT_UInt16,
             np.float32: gdal.GDT_Float32}
    mem = gdal.GetDriverByName("MEM").Create("", w, h, c,
                                             types[array.dtype.type])
    for b in range(c):
        mem.GetRasterBand(b + 1).WriteArray(array[:, :, b])
    if alpha:
        mem.GetRasterBand(c).SetColorInterpretation(gdal.GCI_AlphaBand)
    if transform:
        mem.SetGeoTransform(transform)
    if epsg:
        srs = osr.SpatialReference()
        srs.ImportFromEPSG(epsg)
        mem.SetProjection(srs.ExportToWkt())
    gdal.GetDriverByName(driver).CreateCopy(path, mem)


def read(path):
    ds = gdal.Open(path)
    array = np.dstack([ds.GetRasterBand(b + 1).ReadAsArray()
                       for b in range(ds.RasterCount)])
    return array, ds


def box_ref(array, rx, ry):
    """One box pass with clamped edges, in float64."""
    a = array.astype(np.float64)
    p = np.pad(a, ((ry, ry), (rx, rx), (0, 0)), mode="edge")
    c = np.cumsum(np.cumsum(np.pad(p, ((1, 0), (1, 0), (0, 0))), 0), 1)
    h, w = array.shape[:2]
    s = (c[2 * ry + 1:2 * ry + 1 + h, 2 * rx + 1:2 * rx + 1 + w]
         - c[:h, 2 * rx + 1:2 * rx + 1 + w]
         - c[2 * ry + 1:2 * ry + 1 + h, :w] + c[:h, :w])
    return s / ((2 * rx + 1) * (2 * ry + 1))


def outside_4(lines):
    """Free pixels 4-connected to the border (breadth first)."""
    h, w = lines.shape
    seen = np.zeros_like(lines, dtype=bool)
    stack = [(y, x) for y in range(h) for x in (0, w - 1)]
    stack += [(y, x) for x in range(w) for y in (0, h - 1)]
    while stack:
        y, x = stack.pop()
        if 0 <= y < h and 0 <= x < w and not seen[y, x] and not lines[y, x]:
            seen[y, x] = True
            stack += [(y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)]
    return seen


def shift_max(a, op):
    """3x3 max (or min) with clamped edges."""
    p = np.pad(a, 1, mode="edge")
    h, w = a.shape
    views = [p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)]
    return op.reduce(views)


def reconstruct_ref(marker, mask, dilation=True):
    m = np.minimum(marker, mask) if dilation else np.maximum(marker, mask)
    while True:
        if dilation:
            n = np.minimum(shift_max(m, np.maximum), mask)
        else:
            n = np.maximum(shift_max(m, np.minimum), mask)
        if np.array_equal(n, m):
            return m
        m = n


def test_help():
    code, out, _ = run("--help")
    check("tessera --help lists the verbs", code == 0 and all(
        v in out for v in ("box-blur", "fill-contours", "reconstruct",
                           "segment-colours", "trace")))
    for verb in ("box-blur", "fill-contours", "reconstruct",
                 "segment-colours", "trace"):
        code, out, _ = run(verb, "--help")
        check(f"tessera {verb} --help", code == 0 and "--threads" in out
              and "Usage: tessera " + verb in out)


def test_errors():
    src = os.path.join(work, "e.png")
    write(src, rng.integers(0, 256, (9, 7, 3), dtype=np.uint8))
    out = os.path.join(work, "e-out.png")
    code, _, err = run("box-blur", "--radius", "x", src, out)
    check("a bad value: exit 2, one line naming the option",
          code == 2 and err.count("\n") == 1 and "--radius" in err, err)
    code, _, err = run("box-blur", "--nonsense", "1", src, out)
    check("an unknown option: exit 2", code == 2, err)
    code, _, err = run("box-blur", os.path.join(work, "missing.png"), out)
    check("a missing input: exit 3, no output",
          code == 3 and not os.path.exists(out), err)
    bad = os.path.join(work, "no-such-dir", "o.png")
    code, _, err = run("box-blur", src, bad)
    check("an output that cannot be written: exit 3", code == 3, err)
    code, _, err = run("box-blur", src, os.path.join(work, "o.xyz"))
    check("an unknown output format: exit 3", code == 3, err)
    left = [f for f in os.listdir(work) if "partial" in f]
    check("no partial file left behind", not left, str(left))


def test_box_blur_bands():
    for i in range(4):
        h, w = rng.integers(5, 90, 2)
        c = int(rng.integers(1, 5))
        a = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
        src = os.path.join(work, f"b{i}.png")
        write(src, a, alpha=(c in (2, 4)))
        rx, ry, it = (int(v) for v in rng.integers(0, 6, 3))
        it = max(it % 4, 1)
        args = ["box-blur", "--radius-x", str(rx), "--radius-y", str(ry),
                "--iterations", str(it), "--quiet", src]
        whole = os.path.join(work, f"b{i}-whole.png")
        bands = os.path.join(work, f"b{i}-bands.png")
        c1, _, e1 = run(*args, whole)
        c2, _, e2 = run(*args, bands, env={"TESSERA_CLI_BAND_ROWS": "3"})
        ok = c1 == 0 and c2 == 0 and np.array_equal(read(whole)[0],
                                                     read(bands)[0])
        check(f"box blur {w}x{h}x{c} r {rx},{ry} x{it}: bands of 3 rows "
              "give the whole raster's pixels", ok, e1 + e2)
        if c in (1, 3) and it == 1:
            ref = np.floor(box_ref(a, rx, ry) + 0.5)
            got = read(whole)[0].astype(np.float64)
            check(f"box blur {w}x{h}x{c} r {rx},{ry}: within 1 of the "
                  "mean", np.abs(got - ref).max() <= 1)


def test_box_blur_geotiff():
    h, w = 70, 50
    a = rng.integers(0, 65536, (h, w, 3), dtype=np.uint16)
    src = os.path.join(work, "g.tif")
    transform = (500000.0, 0.5, 0.0, 4100000.0, 0.0, -0.5)
    write(src, a, driver="GTiff", transform=transform, epsg=32618)
    out = os.path.join(work, "g-out.tif")
    code, _, err = run("box-blur", "--radius", "2", "--quiet", src, out,
                       env={"TESSERA_CLI_BAND_ROWS": "7"})
    got, ds = read(out) if code == 0 else (None, None)
    srs = osr.SpatialReference(wkt=ds.GetProjection()) if ds else None
    check("GeoTIFF u16: georeference and type kept",
          code == 0 and ds.GetGeoTransform() == transform
          and srs.GetAuthorityCode(None) == "32618"
          and got.dtype == np.uint16, err)
    if code == 0:
        ref = np.floor(box_ref(a, 2, 2) + 0.5)
        check("GeoTIFF u16: within 1 of the mean",
              np.abs(got.astype(np.float64) - ref).max() <= 1)
    f = rng.random((40, 33), dtype=np.float32)
    src = os.path.join(work, "f.tif")
    write(src, f, driver="GTiff")
    code, _, err = run("box-blur", "--radius", "3", "--quiet", src, out)
    got = read(out)[0][:, :, 0] if code == 0 else None
    check("float32: the mean", code == 0 and got.dtype == np.float32
          and np.abs(got - box_ref(f[:, :, None], 3, 3)[:, :, 0]).max()
          < 1e-4, err)


def rectangles(h, w, n, gap=0):
    """White paper with N black rectangle outlines, each with a gap of GAP
    pixels in its top side."""
    lines = np.zeros((h, w), dtype=bool)
    for _ in range(n):
        y0, x0 = rng.integers(0, h - 8), rng.integers(0, w - 8)
        y1 = int(rng.integers(y0 + 6, min(h, y0 + 40)))
        x1 = int(rng.integers(x0 + 6 + gap, min(w, x0 + 40 + gap)))
        lines[y0, x0:x1] = lines[y1 - 1, x0:x1] = True
        lines[y0:y1, x0] = lines[y0:y1, x1 - 1] = True
        if gap:
            lines[y0, x0 + 2:x0 + 2 + gap] = False
    return lines


def test_fill_contours():
    for i in range(3):
        h, w = (int(v) for v in rng.integers(30, 120, 2))
        lines = rectangles(h, w, int(rng.integers(1, 6)))
        art = np.where(lines, 0, 255).astype(np.uint8)
        src = os.path.join(work, f"l{i}.png")
        write(src, art)
        out = os.path.join(work, f"l{i}-out.png")
        code, _, err = run("fill-contours", "--gap", "0", "--min-region",
                           "0", "--quiet", src, out)
        want = ~lines & ~outside_4(lines)
        got = read(out)[0][:, :, 0] if code == 0 else None
        check(f"fill contours {w}x{h}: the inside of the closed lines",
              code == 0 and np.array_equal(got == 255, want), err)
    lines = np.zeros((60, 60), dtype=bool)
    lines[10, 10:50] = lines[49, 10:50] = True
    lines[10:50, 10] = lines[10:50, 49] = True
    lines[10, 25:27] = False              # a gap of 2 pixels
    art = np.where(lines, 0, 255).astype(np.uint8)
    src = os.path.join(work, "gap.png")
    write(src, art)
    out = os.path.join(work, "gap-out.png")
    code, _, err = run("fill-contours", "--gap", "3", "--quiet", src, out)
    got = read(out)[0][:, :, 0] if code == 0 else None
    check("fill contours --gap 3 fills a square with a 2-pixel gap",
          code == 0 and got[30, 30] == 255 and got[5, 5] == 0, err)
    code, _, err = run("fill-contours", "--gap", "0", "--min-region", "0",
                       "--quiet", src, out)
    got = read(out)[0][:, :, 0] if code == 0 else None
    check("fill contours --gap 0 leaves it open",
          code == 0 and got[30, 30] == 0, err)
    src = os.path.join(work, "gap-rgb.png")
    write(src, np.dstack([art] * 3))
    code, _, err = run("fill-contours", "--output", "colour", "--colour",
                       "ff0000", "--quiet", src, out)
    got = read(out)[0] if code == 0 else None
    check("fill contours --output colour paints the inside alone",
          code == 0 and tuple(got[30, 30]) == (255, 0, 0)
          and tuple(got[5, 5]) == (255, 255, 255)
          and tuple(got[10, 30]) == (0, 0, 0), err)


def test_fill_contours_bands():
    """Without gap closing and merging the raster goes through in bands:
    with bands of a few rows, the same inside as the reference, as a mask
    and painted, on a GeoTIFF whose georeference is kept."""
    h, w = (int(v) for v in rng.integers(60, 160, 2))
    lines = rectangles(h, w, int(rng.integers(3, 12)))
    art = np.dstack([np.where(lines, 20, 230).astype(np.uint8)] * 3)
    transform = (1000.0, 2.0, 0.0, 5000.0, 0.0, -2.0)
    src = os.path.join(work, "bands.tif")
    write(src, art, driver="GTiff", transform=transform, epsg=3857)
    want = ~lines & ~outside_4(lines)
    rows = str(int(rng.integers(1, 9)))
    out = os.path.join(work, "bands-mask.tif")
    code, _, err = run("fill-contours", "--gap", "0", "--min-region", "0",
                       "--quiet", src, out, env={"TESSERA_CLI_BAND_ROWS": rows})
    got, ds = read(out) if code == 0 else (None, None)
    check(f"fill contours in bands of {rows} rows, {w}x{h}: the inside, "
          "georeference kept",
          code == 0 and np.array_equal(got[:, :, 0] == 255, want)
          and ds.GetGeoTransform() == transform, err)
    out = os.path.join(work, "bands-paint.tif")
    code, _, err = run("fill-contours", "--gap", "0", "--min-region", "0",
                       "--output", "colour", "--colour", "0000ff", "--quiet",
                       src, out, env={"TESSERA_CLI_BAND_ROWS": rows})
    got = read(out)[0] if code == 0 else None
    painted = art.copy()
    painted[want] = (0, 0, 255)
    check(f"fill contours in bands of {rows} rows, painted: the input "
          "elsewhere", code == 0 and np.array_equal(got, painted), err)


def test_reconstruct():
    for i in range(3):
        h, w = (int(v) for v in rng.integers(8, 50, 2))
        mask = rng.integers(0, 256, (h, w), dtype=np.uint8)
        marker = np.minimum(rng.integers(0, 256, (h, w), dtype=np.uint8),
                            mask)
        src = os.path.join(work, f"r{i}.png")
        mk = os.path.join(work, f"r{i}-marker.png")
        out = os.path.join(work, f"r{i}-out.png")
        write(src, mask)
        write(mk, marker)
        code, _, err = run("reconstruct", "--marker", mk, "--quiet", src,
                           out)
        got = read(out)[0][:, :, 0] if code == 0 else None
        check(f"reconstruct {w}x{h} by dilation from a marker file",
              code == 0 and np.array_equal(got, reconstruct_ref(marker,
                                                                mask)), err)
        seed = mask.copy()
        seed[1:-1, 1:-1] = 255
        code, _, err = run("reconstruct", "--preset", "fill-holes",
                           "--quiet", src, out)
        got = read(out)[0][:, :, 0] if code == 0 else None
        check(f"reconstruct {w}x{h} --preset fill-holes",
              code == 0 and np.array_equal(
                  got, reconstruct_ref(seed, mask, dilation=False)), err)


def test_segment_colours():
    colours = np.array([[200, 30, 30], [30, 200, 30], [30, 30, 200],
                        [240, 240, 240]], dtype=np.uint8)
    h, w = 64, 48
    index = np.zeros((h, w), dtype=int)
    index[:32, 24:] = 1
    index[32:, :24] = 2
    index[32:, 24:] = 3
    a = colours[index]
    src = os.path.join(work, "s.png")
    out = os.path.join(work, "s-out.png")
    write(src, a)
    code, stdout, err = run("segment-colours", "--classes", "4", "--quiet",
                            src, out)
    got = read(out)[0] if code == 0 else None
    check("segment colours: four flat colours stay themselves",
          code == 0 and np.array_equal(got, a)
          and stdout.count("class ") == 4, err)
    code, _, err = run("segment-colours", os.path.join(work, "l0.png"), out)
    check("segment colours refuses grey input with exit 2", code == 2, err)
    # Bands (the default) against the whole raster (--backend cuda, which
    # without a GPU runs the same pipeline on the CPU): the same classes
    # and pixels, transparent pixels kept.
    h, w = (int(v) for v in rng.integers(40, 120, 2))
    base = rng.integers(0, 256, (12, 3))
    photo = np.clip(base[rng.integers(0, 12, (h, w))]
                    + rng.integers(-8, 9, (h, w, 3)), 0, 255).astype(np.uint8)
    alpha = np.where(rng.random((h, w)) < 0.1, 0, 255).astype(np.uint8)
    src = os.path.join(work, "s-bands.tif")
    write(src, np.dstack([photo, alpha]), driver="GTiff", alpha=True)
    rows = str(int(rng.integers(1, 9)))
    banded, whole = (os.path.join(work, f"s-{n}.tif") for n in ("b", "w"))
    code, out_b, err = run("segment-colours", "--classes", "5", "--quiet",
                           src, banded, env={"TESSERA_CLI_BAND_ROWS": rows})
    code_w, out_w, err_w = run("segment-colours", "--classes", "5",
                               "--backend", "cuda", "--quiet", src, whole)
    check(f"segment colours in bands of {rows} rows: the whole raster's "
          "classes and pixels",
          code == 0 and code_w == 0 and out_b == out_w
          and out_b.count("class ") == 5
          and np.array_equal(read(banded)[0], read(whole)[0]), err + err_w)


def edge_image(h, w, slope, offset):
    """Grey u8, bright above the line y = offset + slope x (pixel corners'
    coordinates: a pixel is bright when its centre lies above), with
    noise."""
    x = np.arange(w) + 0.5
    y = np.arange(h)[:, None] + 0.5
    a = np.where(y < offset + slope * x, 190.0, 60.0)
    a += rng.normal(0, 6, (h, w))
    return np.clip(a, 0, 255).astype(np.uint8)


def geojson_line(path):
    """The first LineString of PATH through OGR, and its layer's EPSG."""
    from osgeo import ogr
    ds = ogr.Open(path)
    layer = ds.GetLayer(0)
    srs = layer.GetSpatialRef()
    epsg = int(srs.GetAuthorityCode(None)) if srs is not None and \
        srs.GetAuthorityCode(None) else 0
    feature = layer.GetNextFeature()  # kept: the geometry is its own
    points = np.array(feature.GetGeometryRef().GetPoints())[:, :2]
    return points, epsg


def test_trace():
    h, w = int(rng.integers(120, 200)), int(rng.integers(160, 260))
    slope, offset = float(rng.uniform(-0.3, 0.3)), h / 2
    a = edge_image(h, w, slope, offset)
    png, tif = os.path.join(work, "t.png"), os.path.join(work, "t.tif")
    transform = (500000.0, 0.5, 0.0, 4100000.0, 0.0, -0.5)
    write(png, a)
    write(tif, a, driver="GTiff", transform=transform, epsg=32633)
    xs = np.linspace(15, w - 15, 3)
    # Clicks up to a pixel off the edge: snapping brings them onto it.
    clicks = [(x, offset + slope * x + rng.uniform(-1, 1)) for x in xs]
    text = ";".join(f"{x:.3f},{y:.3f}" for x, y in clicks)
    pixel_json = os.path.join(work, "t-pixels.geojson")
    code, _, err = run("trace", "--clicks", text, "--quiet", png, pixel_json)
    line = geojson_line(pixel_json)[0] if code == 0 else np.zeros((1, 2))
    off = np.abs(line[:, 1] - (offset + slope * line[:, 0])) \
        / np.hypot(1, slope)
    # 1.5 px: a sloped edge is a staircase of pixels (up to half a pixel
    # off the ideal line), and the noise moves the gradient's peak.
    check("trace: the line of a known edge, within 1.5 px (pixels, said)",
          code == 0 and off.max() <= 1.5 and "no georeference" in err
          and "pixels" in open(pixel_json).read(), f"{off.max()} {err}")
    geo_json = os.path.join(work, "t-geo.geojson")
    code, _, err = run("trace", "--clicks", text, "--quiet", tif, geo_json)
    geo, epsg = geojson_line(geo_json) if code == 0 else (None, 0)
    expect = np.column_stack((transform[0] + transform[1] * line[:, 0],
                              transform[3] + transform[5] * line[:, 1]))
    check("trace: GeoJSON in the GeoTIFF's georeference and CRS (OGR)",
          code == 0 and epsg == 32633 and geo.shape == expect.shape
          and np.abs(geo - expect).max() < 1e-6, err)
    map_clicks = ";".join(f"{transform[0] + 0.5 * x:.4f},"
                          f"{transform[3] - 0.5 * y:.4f}" for x, y in clicks)
    map_json = os.path.join(work, "t-map.geojson")
    code, _, err = run("trace", "--map", "--clicks", map_clicks, "--quiet",
                       tif, map_json)
    got = geojson_line(map_json)[0] if code == 0 else None
    check("trace --map: clicks in map coordinates, the same line",
          code == 0 and got.shape == geo.shape
          and np.abs(got - geo).max() < 1e-3, err)
    clicks_file = os.path.join(work, "clicks.txt")
    with open(clicks_file, "w") as f:
        f.write("".join(f"{x} {y}\n" for x, y in clicks))
    svg = os.path.join(work, "t.svg")
    code, _, err = run("trace", "--clicks-file", clicks_file, "--quiet", png,
                       svg)
    body = open(svg).read() if code == 0 else ""
    anchors = body.count(" C ") + 1
    check("trace --clicks-file to SVG: a path with an anchor on each click",
          code == 0 and body.startswith("<?xml") and 'd="M ' in body
          and len(clicks) <= anchors <= 4 * len(clicks), err)
    out = os.path.join(work, "t-bad.geojson")
    for name, args in (
            ("one click", ("--clicks", "10,10")),
            ("a click outside the raster", ("--clicks", f"10,10;{w + 50},10")),
            ("an odd count of numbers", ("--clicks", "10,10;20")),
            ("--map on a raster without georeference",
             ("--map", "--clicks", "10,10;50,50"))):
        code, _, err = run("trace", *args, png, out)
        check(f"trace refuses {name}: exit 2, one line",
              code == 2 and err.count("\n") == 1 and not os.path.exists(out),
              err)
    code, _, err = run("trace", "--clicks", "10,10;50,50", png,
                       os.path.join(work, "t.txt"))
    check("trace refuses an output that is not .svg or .geojson: exit 2",
          code == 2, err)


for test in (test_help, test_errors, test_box_blur_bands,
             test_box_blur_geotiff, test_fill_contours,
             test_fill_contours_bands, test_reconstruct,
             test_segment_colours, test_trace):
    test()
print(f"1..{len(results)}")
for n, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {n} - {name}")
    if not ok and detail:
        for line in detail.strip().splitlines()[-3:]:
            print(f"# {line}")
