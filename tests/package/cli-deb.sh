#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The tessera-cli package as a user gets it (TAP): in a clean Debian root
# (root.sh: debootstrap's minbase), `apt-get install ./tessera-cli_*.deb`
# pulls GDAL in and not GIMP; `tessera` then runs each verb on the bundled
# photo and line art, writes a GeoTIFF that keeps its georeference and a
# GeoJSON line in it, `man tessera` has a page, and `apt-get purge` leaves
# none of the package's files and nothing else behind.  Not part of make
# check (it downloads GDAL); see docs/packaging.md.  Needs root and Debian's
# mirrors.
#
#   sh tests/package/cli-deb.sh bookworm|forky PATH/tessera-cli_VERSION_ARCH.deb
set -u
suite=$1
deb=$(realpath "$2")
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/package/package-tap.sh"
mkdir -p "$root$work/out"

echo "1..13"

install_deb "$deb" gdal-bin
in_root dpkg-query -W -f='${Status}' gimp 2>/dev/null | grep -q installed
[ $? != 0 ]
report $? "GIMP is not pulled in"

# tessera VERB ... IN OUT in the root, from $work; the output must exist.
run_verb ()   # DESCRIPTION OUT TESSERA-ARGS...
{
  description=$1 out=$2
  shift 2
  in_root sh -c "cd $work && tessera $* >>verbs.log 2>&1" && [ -s "$root$work/$out" ]
  report $? "$description"
}
photo=landsat-bahamas-791x718.png
art=line-art-640x480.png
# A georeferenced photo: the PNG with a world file of a 30 m UTM grid.
printf '30\n0\n0\n-30\n101985\n2826915\n' >"$root$work/${photo%.png}.pgw"
in_root sh -c "cd $work && gdal_translate -q -a_srs EPSG:32618 -of GTiff $photo geo.tif" \
  >"$root$work/gdal.log" 2>&1
run_verb "tessera box-blur on a GeoTIFF" out/blurred.tif box-blur --radius 6 --iterations 3 --quiet geo.tif out/blurred.tif
in_root sh -c "cd $work && gdalsrsinfo -o epsg out/blurred.tif" 2>/dev/null | grep -q 32618
report $? "the blurred GeoTIFF keeps its CRS (EPSG:32618)"
run_verb "tessera fill-contours on line art" out/filled.png fill-contours --output colour --colour ff0000 --quiet $art out/filled.png
run_verb "tessera reconstruct (fill-holes)" out/holes.png reconstruct --preset fill-holes --quiet $photo out/holes.png
run_verb "tessera segment-colours, 8 classes" out/classes.png segment-colours --classes 8 --quiet $photo out/classes.png
run_verb "tessera trace into GeoJSON" out/line.geojson trace --clicks "'385,290;425,445;470,600'" --quiet geo.tif out/line.geojson
# The first click, pixel (385, 290), is at 101970 + 385 * 30, 2826930 - 290 * 30
# (the world file names the first pixel's centre); snapping may move it 1.5 px.
first=$(tr -d ' \n' <"$root$work/out/line.geojson" \
  | sed -n 's/.*"LineString","coordinates":\[\[\([-0-9.e]*\),\([-0-9.e]*\)\].*/\1 \2/p')
grep -q 'EPSG::32618' "$root$work/out/line.geojson" \
  && echo "$first" | awk '{ dx = $1 - 113520; dy = $2 - 2818230;
                            exit !(NF == 2 && dx * dx + dy * dy <= 45 * 45) }'
report $? "the traced line is a LineString in the photo's CRS, from the first click (${first:-none})"
[ -f "$root/usr/share/man/man1/tessera.1.gz" ] \
  && zcat "$root/usr/share/man/man1/tessera.1.gz" | grep -q 'segment\\-colours'
report $? "man tessera: the page is installed and lists the verbs"

check_purge tessera-cli
[ $failed = 0 ]
