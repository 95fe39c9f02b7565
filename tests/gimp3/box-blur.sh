#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 batch tests of Box Blur (SAT) (TAP): the GIMP 3 plug-in built in
# the GIMP 3 root (root.sh, build.sh), called from Script-Fu with GIMP 3's
# named arguments on RGB and RGBA layers (in one band, and in many as on a
# huge layer), its pixels compared with the core's (tessera-bench on the
# same file, as the GIMP 2.10 tests compare theirs), and a layer group
# refused with the same message as in 2.10.
# Skips when no GIMP 3 root can be had.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
bench=$builddir/bench/tessera-bench
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
work=/tmp/tessera-gimp3-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
. "$top/tests/gimp3/python-case.sh"
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile"

n=0
report ()   # OK DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

echo "1..9"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build against libgimp-3.0 (GIMP $gimp3_version)"
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:$gimp3_plugins")
GIMPRC

# SCHEME...: runs the Script-Fu in GIMP 3's gimp-console in the root; --quit,
# since a batch command that fails leaves GIMP 3 running otherwise.
gimp3 ()
{
  in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
    timeout 300 "$gimp_console" -i -d -f --quit \
    --batch-interpreter=plug-in-script-fu-eval "$@" 2>&1
}

cp "$top/data/landsat-bahamas-791x718.png" "$host_work/rgb.png"
# An RGBA input: the photo with alpha falling from left to right.
convert "$host_work/rgb.png" \( -size 791x718 gradient:white-black -rotate 90 \
  -resize 791x718! \) -alpha off -compose copy_opacity -composite \
  "$host_work/rgba.png"

# blur NAME INPUT RX RY ITERATIONS: GIMP 3's result against the core's.
blur ()
{
  name=$1 input=$2 rx=$3 ry=$4 k=$5
  out="$work/$name.png"
  gimp3 -b "(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/$input\")))
                   (layers (car (gimp-image-get-layers image))))
              (plug-in-tessera-box-blur #:run-mode RUN-NONINTERACTIVE
                #:image image #:drawables layers #:radius-x $rx #:radius-y $ry
                #:iterations $k #:backend \"cpu\")
              (gimp-file-save RUN-NONINTERACTIVE image \"$out\"))" \
    >"$host_work/$name.log"
  convert "$host_work/$input" "$host_work/$name-in.pam"
  "$bench" box-blur --input "$host_work/$name-in.pam" --rx "$rx" --ry "$ry" \
    --iterations "$k" --backend cpu --repeat 1 \
    --output "$host_work/$name-ref.pam" >/dev/null 2>&1
  [ -f "$root$out" ] \
    && convert "$root$out" -depth 8 rgba:"$host_work/$name-got.raw" \
    && convert "$host_work/$name-ref.pam" -depth 8 rgba:"$host_work/$name-want.raw" \
    && cmp -s "$host_work/$name-got.raw" "$host_work/$name-want.raw"
}

blur rgb-6x3 rgb.png 6 6 3
report $? "RGB layer, radius 6, 3 passes: the core's pixels"
blur rgba-9-2 rgba.png 9 2 1
report $? "RGBA layer, radii 9 and 2: the core's pixels (colours weighted by alpha)"
blur rgb-0 rgb.png 0 0 1
report $? "radius 0 leaves the layer as it was"

# In bands of few rows (TESSERA_BAND_BYTES=1: each band four times the
# blur's reach, on GIMP's tile rows; box-blur-bands.c), as on a huge layer:
# the same pixels as the core's on the whole layer.
export TESSERA_BAND_BYTES=1
blur rgba-bands rgba.png 7 9 2
report $? "RGBA layer in bands of 128 rows, radii 7 and 9, 2 passes: the core's pixels"
unset TESSERA_BAND_BYTES

# 16 bits per sample (perceptual): GIMP 3 converts the 8-bit photo (each
# sample times 257) and the core blurs the 16-bit samples.
convert "$host_work/rgb.png" -depth 16 "$host_work/rgb16.png"
blur rgb16-4x2 rgb16.png 4 4 2 \
  && convert "$root$work/rgb16-4x2.png" -depth 16 rgb:"$host_work/rgb16-got.raw" \
  && convert "$host_work/rgb16-4x2-ref.pam" -depth 16 rgb:"$host_work/rgb16-want.raw" \
  && cmp -s "$host_work/rgb16-got.raw" "$host_work/rgb16-want.raw"
report $? "a 16-bit layer, radius 4, 2 passes: the core's 16-bit pixels"

# From Python: the test plug-in's case box-blur (tessera-python-test.py,
# the procedure's config) blurs rgb.png into python.png.
python_case "$work/profile" box-blur >"$host_work/python.log"
convert "$host_work/python.png" -depth 8 rgba:"$host_work/python-got.raw" \
  && cmp -s "$host_work/python-got.raw" "$host_work/rgb-6x3-want.raw"
report $? "called from a Python plug-in: the same pixels as from Script-Fu"

gimp3 -b "(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/rgb.png\")))
                 (group (car (gimp-group-layer-new image \"Group\"))))
            (gimp-image-insert-layer image group 0 0)
            (plug-in-tessera-box-blur #:run-mode RUN-NONINTERACTIVE
              #:image image #:drawables (vector group) #:radius-x 3
              #:radius-y 3 #:iterations 1 #:backend \"auto\"))" \
  >"$host_work/group.log"
grep -q "is a layer group" "$host_work/group.log"
report $? "a layer group is refused with the reason and what to do"

gimp3 -b "(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/rgb.png\")))
                 (layers (car (gimp-image-get-layers image))))
            (plug-in-tessera-box-blur #:run-mode RUN-NONINTERACTIVE
              #:image image #:drawables layers #:radius-x 3 #:radius-y 3
              #:iterations 17 #:backend \"auto\"))" >"$host_work/range.log"
grep -q "iterations" "$host_work/range.log"
report $? "iterations out of range is refused, naming the argument"
