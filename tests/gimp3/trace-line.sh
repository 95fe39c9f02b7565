#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 batch tests of Trace Line and Trace Line from Path (TAP): the
# GIMP 3 plug-in built in the GIMP 3 root (root.sh, build.sh) makes the same
# paths as the GIMP 2.10 plug-in (gimp-console-2.10 on this machine, the
# same calls) on RGB, RGBA and high-precision grey layers, for a path alone
# and a stroked one (the stroked pixels compared too), called from
# Script-Fu with GIMP 3's named arguments and from Python; bad calls are
# refused with the same reasons.  Control points (anchors and handles) are
# compared to 1/1000 pixel.
# Skips when no GIMP 3 root can be had, or no GIMP 2.10 to compare with.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
plugin2=$builddir/plugins/trace-line/tessera-trace-line
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
gimp2=${GIMP_CONSOLE:-$(command -v gimp-console-2.10)}
[ -n "$gimp2" ] && [ -x "$plugin2" ] || {
  echo "1..0 # SKIP no GIMP 2.10 or no 2.10 plug-in built to compare with"
  exit 0; }
work=/tmp/tessera-gimp3-trace-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
. "$top/tests/gimp3/python-case.sh"
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile" "$host_work/profile2/plug-ins/tessera-trace-line" \
  "$host_work/profile2/brushes" "$host_work/profile2/gradients"

n=0
report ()   # OK DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

echo "1..20"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build against libgimp-3.0 (GIMP $gimp3_version)"
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:$gimp3_plugins")
GIMPRC
ln -s "$plugin2" "$host_work/profile2/plug-ins/tessera-trace-line/"
cat >"$host_work/profile2/gimprc" <<'GIMPRC'
(plug-in-path "${gimp_dir}/plug-ins:${gimp_plug_in_dir}/plug-ins/script-fu:${gimp_plug_in_dir}/plug-ins/file-png")
GIMPRC

cp "$top/data/landsat-bahamas-791x718.png" "$host_work/rgb.png"
# An RGBA input: the photo with alpha falling from left to right.
convert "$host_work/rgb.png" \( -size 791x718 gradient:white-black -rotate 90 \
  -resize 791x718! \) -alpha off -compose copy_opacity -composite \
  "$host_work/rgba.png"

# The calls, the same in both GIMPs but for their dialects: each case
# prints "CASE NAME open|closed x y x y ..." (every control point, each
# anchor between its handles, in thousandths of a pixel;
# GIMP 2.10 shows Script-Fu's display nowhere: there, as a message).  In each
# case IMAGE, LAYER and LAYERS are its input, LOAD makes it from a file.
# Trace Line on the east coast of the Landsat image; the settings as the
# 2.10 tests name them: nodes points half-width max-angle sigma stroke
# backend objective threshold reach min-reach mean keep-side snap-radius
# smooth stroke-width line-width tolerance (0: an anchor on every traced
# point; frompath's 0.5 is what a GIMP 3 call that does not name it gets).
cases='
rgb      rgb.png  -    (401 300 418 400 449 480)          8 256 20 30 1.5 0 1 0 0.05 0.15 3 1 1 3 1 3 0 0
fitted   rgb.png  -    (401 300 418 400 449 480)          8 256 20 30 1.5 0 1 0 0.05 0.15 3 1 1 3 1 3 0 0.5
rgba     rgba.png -    (401 300 418 400 449 480 401 300)  6 128 15 40 1.0 0 1 1 0.02 0.15 3 1 1 3 1 3 0 0.5
grey     rgb.png  grey (401 300 418 400 449 480)          4 64 12 45 2.0 0 1 0 0.05 0.3 2 0 0 0 0 3 0 0
centre   rgb.png  grey (401 300 418 400)                  8 256 20 30 1.5 0 1 0 0.05 0.15 3 1 1 3 1 3 4 1
stroked  rgb.png  -    (401 300 418 400 449 480)          8 64 20 30 1.5 1 1 0 0.05 0.15 3 1 1 3 1 5 0 0.5
frompath rgba.png path (401 300 418 400 449 480)          8 256 20 30 1.5 0 1 0 0.05 0.15 3 1 1 3 1 3 0 0.5
'
names="nodes points-per-guide half-width max-angle sigma stroke backend
  objective threshold reach min-reach mean keep-side snap-radius smooth
  stroke-width line-width tolerance"

# GIMP 3's named arguments for the 18 settings: choices by name.
named3 ()
{
  set -- "$@"
  out=""
  for name in $names; do
    value=$1
    shift
    case $name in
      backend) value=$(echo "$value" | sed 's/0/"auto"/;s/1/"cpu"/;s/2/"cuda"/') ;;
      objective) value=$(echo "$value" | sed 's/0/"gradient"/;s/1/"sine"/') ;;
      stroke|mean|keep-side|smooth)
        value=$(echo "$value" | sed 's/0/FALSE/;s/1/TRUE/') ;;
    esac
    out="$out #:$name $value"
  done
  echo "$out"
}

# GIMP 2.10 and 3 differ in how a path is read and made.
common='
(define (thousandths x) (inexact->exact (round (* 1000 x))))
(define (print-case name closed coords)
  (let loop ((i 0)
             (line (string-append "CASE " name
                                  (if (= closed 0) " open" " closed"))))
    (if (< i (vector-length coords))
      (loop (+ i 2)
            (string-append line
              " " (number->string (thousandths (vector-ref coords i)))
              " " (number->string (thousandths (vector-ref coords (+ i 1))))))
      (emit line))))
(define (clicks->controls clicks)
  (let ((n (vector-length clicks)) (v (make-vector (* 3 (vector-length clicks)))))
    (let loop ((i 0))
      (if (< i n)
        (begin (let each ((k 0)) (if (< k 3) (begin
                 (vector-set! v (+ (* 6 (quotient i 2)) (* 2 k) (remainder i 2)) (vector-ref clicks i))
                 (each (+ k 1)))))
               (loop (+ i 1)))))
    v))
'
scheme2="$common"'
(gimp-message-set-handler ERROR-CONSOLE)
(define (emit line) (gimp-message line))
(define (load file) (car (gimp-file-load RUN-NONINTERACTIVE file file)))
(define (print-path name path)
  (let* ((stroke (vector-ref (cadr (gimp-vectors-get-strokes path)) 0))
         (points (gimp-vectors-stroke-get-points path stroke)))
    (print-case name (cadddr points) (caddr points))))
(define (make-path image clicks)
  (let ((path (car (gimp-vectors-new image "clicked"))))
    (gimp-image-insert-vectors image path 0 -1)
    (gimp-vectors-stroke-new-from-points path 0 (* 3 (vector-length clicks))
                                         (clicks->controls clicks) FALSE)
    (gimp-image-set-active-vectors image path)))
(define (save image file)
  (gimp-file-save RUN-NONINTERACTIVE image (car (gimp-image-get-active-drawable image)) file file))
'
scheme3="$common"'
(define (emit line) (display line) (newline))
(define (load file) (car (gimp-file-load RUN-NONINTERACTIVE file)))
(define (print-path name path)
  (let* ((stroke (vector-ref (car (gimp-path-get-strokes path)) 0))
         (points (gimp-path-stroke-get-points path stroke)))
    (print-case name (caddr points) (cadr points))))
(define (make-path image clicks)
  (let ((path (car (gimp-path-new image "clicked"))))
    (gimp-image-insert-path image path 0 -1)
    (gimp-path-stroke-new-from-points path 0 (clicks->controls clicks) FALSE)
    (gimp-image-set-selected-paths image (vector path))))
(define (save image file) (gimp-file-save RUN-NONINTERACTIVE image file))
'

# ONE CASE for GIMP VERSION (2 or 3) in folder DIR: the Script-Fu.
script_of ()   # VERSION DIR NAME FILE PREPARE CLICKS SETTINGS...
{
  version=$1 dir=$2 name=$3 file=$4 prepare=$5 clicks=$6
  shift 6
  echo "(let* ((image (load \"$dir/$file\"))"
  if [ "$version" = 2 ]; then
    echo "       (layer (car (gimp-image-get-active-drawable image))))"
  else
    echo "       (layer (vector-ref (car (gimp-image-get-layers image)) 0)))"
  fi
  case $prepare in
    grey) echo "(gimp-image-convert-grayscale image)
                (gimp-image-convert-precision image PRECISION-FLOAT-LINEAR)" ;;
    path) echo "(make-path image #$clicks)" ;;
  esac
  # gimp-console -d loads no brushes: one to stroke with.
  echo "(gimp-context-set-brush (car (gimp-brush-new \"Trace test\")))"
  proc=plug-in-tessera-trace-line
  [ "$prepare" = path ] && proc=plug-in-tessera-trace-line-from-path
  if [ "$version" = 2 ]; then
    args="$*"
    [ "$prepare" = path ] || args="$(echo "$clicks" | wc -w) #$clicks $args"
    echo "(print-path \"$name\" (car ($proc RUN-NONINTERACTIVE image layer $args)))"
  else
    coords=""
    [ "$prepare" = path ] || coords="#:coords #$clicks"
    echo "(print-path \"$name\" (car ($proc #:run-mode RUN-NONINTERACTIVE
            #:image image #:drawables (vector layer) $coords $(named3 "$@"))))"
  fi
  echo "(save image \"$dir/$name-$version.png\"))"
}

all_scripts ()   # VERSION DIR
{
  echo "$cases" | while read -r name file prepare rest; do
    [ -n "$name" ] || continue
    clicks=$(echo "$rest" | sed 's/).*/)/')
    settings=$(echo "$rest" | sed 's/.*)//')
    # shellcheck disable=SC2086
    script_of "$1" "$2" "$name" "$file" "$prepare" "$clicks" $settings
  done
}

gimp2_run ()
{
  GIMP2_DIRECTORY="$host_work/profile2" HOME="$host_work" timeout 300 \
    "$gimp2" -i -d -f -b "$scheme2 $(all_scripts 2 "$host_work")" \
    -b '(gimp-quit 0)' 2>&1
}
gimp3 ()
{
  in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
    timeout 300 "$gimp_console" -i -d -f --quit "$@" 2>&1
}

gimp2_run >"$host_work/gimp2.log"
gimp3 --batch-interpreter=plug-in-script-fu-eval \
  -b "$scheme3 $(all_scripts 3 "$work")" >"$host_work/gimp3.log"

same_case ()   # NAME
{
  want=$(sed -n "s/^.*\\(CASE $1 \\)/\\1/p" "$host_work/gimp2.log")
  got=$(grep "^CASE $1 " "$host_work/gimp3.log")
  [ -n "$want" ] && [ "$want" = "$got" ] \
    || { echo "# 2.10: $want"; echo "# 3.0:  $got"; return 1; }
}
same_pixels ()   # NAME
{
  convert "$host_work/$1-2.png" -depth 8 rgba:"$host_work/$1-2.raw" \
    && convert "$host_work/$1-3.png" -depth 8 rgba:"$host_work/$1-3.raw" \
    && cmp -s "$host_work/$1-2.raw" "$host_work/$1-3.raw"
}

same_case rgb && same_pixels rgb
report $? "RGB layer, three points: GIMP 2.10's path, the layer as it was"
same_case fitted
report $? "RGB layer, fitted within 0.5 px: GIMP 2.10's path, handles too"
# The fitted path against the same trace unfitted (rgb): fewer anchors, an
# anchor on each point, every traced point within 0.5 px of its curve.
python3 - "$host_work/gimp3.log" <<'PYTHON'
import math, sys
cases = {}
for line in open(sys.argv[1]):
    if line.startswith("CASE "):
        words = line.split()
        v = [int(w) / 1000.0 for w in words[3:]]
        cases[words[1]] = [(v[i], v[i + 1]) for i in range(0, len(v), 2)]
traced = cases["rgb"][1::3]
control = cases["fitted"][1:-1]
anchors = control[::3]
def at(seg, t):
    s = 1 - t
    return tuple(s ** 3 * seg[0][k] + 3 * s * s * t * seg[1][k]
                 + 3 * s * t * t * seg[2][k] + t ** 3 * seg[3][k]
                 for k in (0, 1))
curve = [at(control[i:i + 4], k / 400.0)
         for i in range(0, len(control) - 3, 3) for k in range(401)]
worst = max(min(math.dist(p, q) for q in curve) for p in traced)
clicks = [traced[0], traced[9], traced[18]]
print("# %d anchors for %d traced points; the points at most %.3f px from "
      "the path" % (len(anchors), len(traced), worst))
sys.exit(0 if len(anchors) < len(traced) and worst <= 0.5 + 0.01
         and all(c in anchors for c in clicks) else 1)
PYTHON
report $? "fitted: fewer anchors, one on each point, the trace within 0.5 px"
same_case rgba
report $? "RGBA layer, a closed chain, objective sine: GIMP 2.10's path"
same_case grey
report $? "grey float-linear image, other settings: GIMP 2.10's path"
same_case centre
report $? "grey float-linear image, a centre line 4 px wide: GIMP 2.10's path"
same_case stroked
report $? "stroked 5 px wide: GIMP 2.10's path"
same_pixels stroked
report $? "stroked 5 px wide: GIMP 2.10's stroked pixels"
same_case frompath
report $? "Trace Line from Path on an RGBA layer: GIMP 2.10's path"

# From Python: the test plug-in's case trace-line (tessera-python-test.py,
# procedure configs) traces rgb.png from the case rgb's coords and settings,
# Trace Line from Path on rgba.png's path through the same clicks (the case
# frompath), then makes bad calls, whose messages say why (a value out of an
# argument's range GIMP 3 refuses itself, before the plug-in).
python_case "$work/profile" trace-line >"$host_work/python.log"

want=$(sed -n "s/^.*\\(CASE rgb \\)/\\1/p" "$host_work/gimp2.log")
got=$(grep "^CASE rgb " "$host_work/python.log")
[ -n "$want" ] && [ "$want" = "$got" ]
report $? "Trace Line from Python, its coords a Gimp.DoubleArray: GIMP 2.10's path"
want=$(sed -n "s/^.*\\(CASE frompath \\)/\\1/p" "$host_work/gimp2.log")
got=$(grep "^CASE frompath " "$host_work/python.log")
[ -n "$want" ] && [ "$want" = "$got" ]
report $? "Trace Line from Path from Python: GIMP 2.10's path"
grep -q "REFUSED centre calling-error: A centre line (line-width above 0) is traced with the gradient objective only" \
  "$host_work/python.log"
report $? "a centre line with the sine objective is refused, as in 2.10"
grep -q "REFUSED odd calling-error: coords must hold at least 4 numbers" \
  "$host_work/python.log"
report $? "no coords: refused with how many numbers it takes"
grep -q "REFUSED nopath execution-error: The image has no active path" \
  "$host_work/python.log"
report $? "from a path without one: refused with what to do"
grep -q "REFUSED group execution-error: .* is a layer group" \
  "$host_work/python.log"
report $? "a layer group is refused with the reason and what to do"

# An indexed image, from Script-Fu.
gimp3 --batch-interpreter=plug-in-script-fu-eval -b "$scheme3
  (let* ((image (load \"$work/rgb.png\"))
         (layer (vector-ref (car (gimp-image-get-layers image)) 0)))
    (gimp-image-convert-indexed image CONVERT-DITHER-NONE
      CONVERT-PALETTE-GENERATE 16 FALSE FALSE \"\")
    (plug-in-tessera-trace-line #:run-mode RUN-NONINTERACTIVE #:image image
      #:drawables (vector layer) #:coords #(401 300 418 400)))" \
  >"$host_work/indexed.log"
grep -q "Indexed images are not supported" "$host_work/indexed.log"
report $? "an indexed image is refused with what to do"

# Export Paths as GeoJSON (geojson-check.py reads it back with OGR): a PNG
# with its world file and .prj beside it, a GeoTIFF, a PNG without either
# (pixels, said in the file), each named as the georeference: GIMP 3.0's
# gimp-file-load leaves a batch's image without a file (gimp-image-get-file
# and -imported-file give none), unlike GIMP 2.10's (whose batch test opens
# the PNG and finds its world file by the image).
mkdir -p "$host_work/geo"
/usr/bin/python3 "$top/tests/gimp/geojson-check.py" make "$host_work/geo"
geo_export ()   # NAME IMAGE GEOREFERENCE
{
  echo "(let* ((image (load \"$work/geo/$2\"))
               (layer (vector-ref (car (gimp-image-get-layers image)) 0)))
          (make-path image #(3 3 18 4 10 13))
          (let ((georeferenced (car (plug-in-tessera-export-paths-geojson
                                      #:run-mode RUN-NONINTERACTIVE
                                      #:image image #:drawables (vector layer)
                                      #:file \"$work/geo/$1.geojson\"
                                      #:georeference \"$work/geo/$3\"))))
            (emit (string-append \"GEO $1 \"
              (if (or (eq? georeferenced #t) (eqv? georeferenced 1))
                  \"1\" \"0\")))))"
}
gimp3 --batch-interpreter=plug-in-script-fu-eval -b "$scheme3
  $(geo_export world world.png world.png)
  $(geo_export geotiff plain.png geotiff.tif)
  $(geo_export pixels plain.png plain.png)" >"$host_work/geojson.log"
geo_check ()   # NAME KIND GEOREFERENCED
{
  grep -q "^GEO $1 $3\$" "$host_work/geojson.log" \
    || { echo "# the call did not return $3"; return 1; }
  problems=$(/usr/bin/python3 "$top/tests/gimp/geojson-check.py" check \
               "$host_work/geo/$1.geojson" "$2" 3 3 18 4 10 13 2>&1)
  status=$?
  [ -z "$problems" ] || echo "$problems" | sed 's/^/# /'
  return $status
}
geo_check world world 1
report $? "GeoJSON: a PNG's world file and .prj (EPSG:32618), read by OGR"
geo_check geotiff geotiff 1
report $? "GeoJSON: a GeoTIFF named as the georeference, read by OGR"
geo_check pixels pixels 0
report $? "GeoJSON: no georeference: pixels, said in the file"
