#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — Export Paths as GeoJSON checked with GDAL/OGR (python3-gdal):
#
#   geojson-check.py make DIR
#       georeferenced samples in DIR: world.png with world.pgw and
#       world.prj (EPSG:32618), geotiff.tif (gdal.Translate with a_srs
#       EPSG:32618 and a_ullr, as gdal_translate -a_srs -a_ullr), and
#       plain.png without a georeference; all WIDTH x HEIGHT.
#   geojson-check.py check FILE KIND X1 Y1 X2 Y2 ...
#       OGR reads FILE: one LineString feature whose points are the image
#       points (X1, Y1)... (a straight path's anchors) mapped by KIND's
#       georeference (world, geotiff) or left in pixels (pixels), its CRS
#       EPSG:32618 (or none, and the file saying it holds pixels).
# Prints what differs and exits 1 when the file is not as expected.
import json
import os
import sys

from osgeo import gdal, ogr, osr

gdal.UseExceptions()

WIDTH, HEIGHT = 40, 30
# world.pgw: 0.5 m pixels, the top-left pixel's centre at (500000.25,
# 4500000.75): its corner at (500000, 4500001).
WORLD = (0.5, 0.0, 0.0, -0.5, 500000.25, 4500000.75)
# geotiff.tif: 2 m pixels from the corner (600000, 4400000).
ULLR = (600000.0, 4400000.0, 600000.0 + 2 * WIDTH, 4400000.0 - 2 * HEIGHT)
EPSG = 32618


def image_to_world(kind, u, v):
    if kind == "world":
        a, d, b, e, c, f = WORLD
        col, row = u - 0.5, v - 0.5
        return a * col + b * row + c, d * col + e * row + f
    if kind == "geotiff":
        ulx, uly, lrx, lry = ULLR
        return (ulx + u * (lrx - ulx) / WIDTH, uly + v * (lry - uly) / HEIGHT)
    return u, v


def remove(path):
    if os.path.exists(path):
        os.remove(path)


def make(folder):
    memory = gdal.GetDriverByName("MEM").Create("", WIDTH, HEIGHT, 1)
    memory.GetRasterBand(1).Fill(128)
    png = gdal.GetDriverByName("PNG")
    for name in ("world.png", "plain.png"):
        png.CreateCopy(f"{folder}/{name}", memory)
        remove(f"{folder}/{name}.aux.xml")
    with open(f"{folder}/world.pgw", "w") as world:
        world.write("".join(f"{n!r}\n" for n in WORLD))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(EPSG)
    with open(f"{folder}/world.prj", "w") as prj:
        prj.write(srs.ExportToWkt())
    gdal.Translate(f"{folder}/geotiff.tif", f"{folder}/plain.png",
                   format="GTiff", outputSRS=f"EPSG:{EPSG}",
                   outputBounds=list(ULLR))
    remove(f"{folder}/plain.png.aux.xml")


def check(path, kind, numbers):
    problems = []
    source = ogr.Open(path)
    if source is None:
        return [f"OGR cannot open {path}"]
    layer = source.GetLayer(0)
    features = list(layer)
    if len(features) != 1:
        return [f"{len(features)} features, not 1"]
    geometry = features[0].GetGeometryRef()
    if geometry.GetGeometryName() != "LINESTRING":
        return [f"a {geometry.GetGeometryName()}, not a LINESTRING"]
    points = [geometry.GetPoint_2D(i) for i in range(geometry.GetPointCount())]
    expected = [image_to_world(kind, numbers[i], numbers[i + 1])
                for i in range(0, len(numbers), 2)]
    if len(points) != len(expected):
        problems.append(f"{len(points)} points, not {len(expected)}")
    for got, want in zip(points, expected):
        if abs(got[0] - want[0]) > 1e-6 or abs(got[1] - want[1]) > 1e-6:
            problems.append(f"point {got}, not {want}")
    srs = layer.GetSpatialRef()
    code = srs.GetAuthorityCode(None) if srs is not None else None
    with open(path) as file:
        text = json.load(file)
    if kind == "pixels":
        # GDAL gives a GeoJSON without "crs" WGS 84: the file must say
        # pixels and name no CRS.
        if "crs" in text:
            problems.append(f"a CRS for pixels: {text['crs']}")
        if not text.get("tessera:coordinates", "").startswith("pixels"):
            problems.append("the file does not say it holds pixels")
    elif code != str(EPSG):
        problems.append(f"CRS {code}, not EPSG:{EPSG}")
    return problems


def main(argv):
    if argv[1] == "make":
        make(argv[2])
        return 0
    problems = check(argv[2], argv[3], [float(n) for n in argv[4:]])
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
