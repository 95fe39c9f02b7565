#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 batch tests of Morphological Reconstruction and its presets (TAP):
# the GIMP 3 plug-in built in the GIMP 3 root (root.sh, build.sh), called
# from Script-Fu with GIMP 3's named arguments and from Python, on RGB,
# RGBA and 16-bit grey layers; its pixels compared with GIMP 2.10's for
# the same call (the 2.10 plug-in built here, in gimp-console-2.10 on the
# host); the refusals with the same messages as in 2.10.  Skips when no
# GIMP 3 root can be had or GIMP 2.10 is missing.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
plugin2=$builddir/plugins/reconstruct/tessera-reconstruct
command -v gimp-console-2.10 >/dev/null 2>&1 && [ -x "$plugin2" ] || {
  echo "1..0 # SKIP no GIMP 2.10 or no 2.10 plug-in built"; exit 0; }
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
work=/tmp/tessera-gimp3-reconstruct-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
. "$top/tests/gimp3/python-case.sh"
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile" "$host_work/profile2/plug-ins/tessera-reconstruct"
export LC_ALL=C.UTF-8 LANGUAGE=C

n=0
report ()   # OK DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

echo "1..23"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build against libgimp-3.0 (GIMP $gimp3_version)"
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:$gimp3_plugins")
GIMPRC
# GIMP 2.10's profile: the 2.10 plug-in and only the system's Script-Fu
# and PNG plug-ins.
cp "$plugin2" "$host_work/profile2/plug-ins/tessera-reconstruct/"
cat >"$host_work/profile2/gimprc" <<GIMPRC
(plug-in-path "\${gimp_dir}/plug-ins:\${gimp_plug_in_dir}/plug-ins/script-fu:\${gimp_plug_in_dir}/plug-ins/file-png")
GIMPRC

# SCHEME...: the Script-Fu in GIMP 3's gimp-console in the root; --quit, since
# a batch command that fails leaves GIMP 3 running otherwise.
gimp3 ()
{
  in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
    timeout 300 "$gimp_console" -i -d -f --quit \
    --batch-interpreter=plug-in-script-fu-eval "$@" 2>&1
}
# SCHEME: the same in gimp-console-2.10 on the host.
gimp2 ()
{
  GIMP2_DIRECTORY="$host_work/profile2" timeout 300 gimp-console-2.10 -i -d \
    -f -b "$1" -b '(gimp-quit 0)' 2>&1
}

cp "$top/data/landsat-bahamas-791x718.png" "$host_work/rgb.png"
# An RGBA input: the photo with alpha falling from left to right; a 16-bit
# grey one.
convert "$host_work/rgb.png" \( -size 791x718 gradient:white-black -rotate 90 \
  -resize 791x718! \) -alpha off -compose copy_opacity -composite \
  "$host_work/rgba.png"
convert "$host_work/rgb.png" -colorspace Gray -depth 16 \
  -define png:color-type=0 "$host_work/grey16.png"

# The marker of every reconstruction: the input inverted, so that it lies
# above the mask in places (and a message says so); loaded from a file,
# the same in both GIMPs (GIMP 3.0.4's own invert of these layers gives
# other pixels than 2.10's).  The two GIMPs read ImageMagick's colour
# chunks of the RGB marker differently: it goes without them (-strip),
# which for the other two makes the difference instead.
for input in rgb rgba grey16; do
  convert "$host_work/$input.png" $([ $input = rgb ] && echo -strip) \
    -channel RGB -negate +channel \
    -define png:color-type="$(case $input in rgb) echo 2 ;; rgba) echo 6 ;;
                              *) echo 0 ;; esac)" "$host_work/$input-marker.png"
done
load_marker='(car (gimp-file-load-layer RUN-NONINTERACTIVE image (string-append input "-marker.png")))'
make_marker='(gimp-image-insert-layer image marker 0 -1)'

# same NAME: GIMP 3's NAME.png holds GIMP 2.10's NAME-2.png's pixels.
same ()
{
  [ -f "$host_work/$1.png" ] && [ -f "$host_work/$1-2.png" ] \
    && convert "$host_work/$1.png" -depth 16 rgba:"$host_work/$1.raw" \
    && convert "$host_work/$1-2.png" -depth 16 rgba:"$host_work/$1-2.raw" \
    && cmp -s "$host_work/$1.raw" "$host_work/$1-2.raw"
}

# run2 NAME INPUT OUTPUT CALL and run3 NAME INPUT OUTPUT CALL: the call
# on the layer of INPUT (with the marker, if the call names it) in GIMP
# 2.10 and in GIMP 3, the result saved as NAME-2.png and NAME.png: the
# layer itself (OUTPUT in-place) or the new layer, which GIMP 2.10 must
# have named $new_name (what ran) and GIMP 3 says it named, in its log
# ("tt-layer-name: NAME").
new_name=
run2 ()
{
  result2=layer
  [ "$3" = in-place ] \
    || result2="(car (gimp-image-get-layer-by-name image \"$new_name\"))"
  gimp2 "(let* ((input \"$host_work/${2%.png}\")
                (image (car (gimp-file-load RUN-NONINTERACTIVE \"$host_work/$2\" \"$2\")))
                (layer (car (gimp-image-get-active-drawable image)))
                (marker $load_marker))
           $make_marker $4
           (gimp-file-save RUN-NONINTERACTIVE image $result2 \"$host_work/$1-2.png\" \"$1-2.png\"))" \
    >"$host_work/$1-2.log"
}
run3 ()
{
  # The result alone in the image, so that GIMP 3's export (which merges
  # the visible layers) gives its pixels as they are.
  remove3=''
  [ "$3" = in-place ] || remove3='(gimp-image-remove-layer image layer)
    (gimp-message (string-append "tt-layer-name: " (car (gimp-item-get-name
      (vector-ref (car (gimp-image-get-layers image)) 0)))))'
  gimp3 -b "(let* ((input \"$work/${2%.png}\")
                   (image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/$2\")))
                   (layer (vector-ref (car (gimp-image-get-layers image)) 0))
                   (marker $load_marker))
              $make_marker $4
              (gimp-image-remove-layer image marker) $remove3
              (gimp-file-save RUN-NONINTERACTIVE image \"$work/$1.png\"))" \
    >"$host_work/$1.log"
}

# number NAME: GIMP 2.10's number for a choice GIMP 3 names NAME.
number ()
{
  case $1 in
    dilation|new-layer|per-channel|fill-holes) echo 0 ;;
    erosion|in-place|luminance|clear-border) echo 1 ;;
    h-dome) echo 2 ;; opening) echo 3 ;; closing) echo 4 ;; *) echo "$1" ;;
  esac
}

# reconstruct NAME INPUT OPERATION CONNECTIVITY OUTPUT COLOUR-MODE (as
# GIMP 3 names them): GIMP 3's pixels are GIMP 2.10's.
reconstruct ()
{
  run2 "$1" "$2" "$5" \
    "(plug-in-tessera-reconstruct RUN-NONINTERACTIVE image layer marker $(number "$3") $4 $(number "$5") 1 $(number "$6"))"
  run3 "$1" "$2" "$5" "(plug-in-tessera-reconstruct #:run-mode RUN-NONINTERACTIVE #:image image
       #:drawables (vector layer) #:marker-drawable marker #:operation \"$3\"
       #:connectivity \"$4\" #:output \"$5\" #:backend \"cpu\"
       #:colour-mode \"$6\")"
  same "$1"
}
# preset NAME INPUT PRESET PARAMETER CONNECTIVITY OUTPUT COLOUR-MODE
preset ()
{
  run2 "$1" "$2" "$6" \
    "(plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image layer $(number "$3") $4 $5 $(number "$6") 1 $(number "$7"))"
  run3 "$1" "$2" "$6" "(plug-in-tessera-reconstruct-preset #:run-mode RUN-NONINTERACTIVE
       #:image image #:drawables (vector layer) #:preset \"$3\"
       #:parameter $4 #:connectivity \"$5\" #:output \"$6\" #:backend \"cpu\"
       #:colour-mode \"$7\")"
  same "$1"
}

reconstruct rgb-dilation rgb.png dilation 8 in-place per-channel
report $? "RGB, dilation, 8-connected, in place: GIMP 2.10's pixels"
# The warning both GIMPs give, word for word: "... in N % of the image ...".
warning3=$(grep -o "The marker lies above the mask in [^;]* of the image" \
             "$host_work/rgb-dilation.log")
warning2=$(grep -o "The marker lies above the mask in [^;]* of the image" \
             "$host_work/rgb-dilation-2.log")
[ -n "$warning3" ] && [ "$warning3" = "$warning2" ]
report $? "the marker above the mask: the same message as in 2.10"
new_name="Reconstruction by erosion"
reconstruct rgba-erosion rgba.png erosion 4 new-layer per-channel
report $? "RGBA, erosion, 4-connected, new layer: GIMP 2.10's pixels"
grep -q "tt-layer-name: $new_name\$" "$host_work/rgba-erosion.log"
report $? "the new layer is named \"$new_name\" in both GIMPs"
reconstruct rgb-luminance rgb.png dilation 8 in-place luminance
report $? "RGB on luminance, in place: GIMP 2.10's pixels"
reconstruct grey16-erosion grey16.png erosion 8 in-place per-channel
report $? "16-bit grey, erosion: GIMP 2.10's pixels"
preset fill-holes rgb.png fill-holes 0 8 in-place per-channel
report $? "preset fill holes, RGB, in place: GIMP 2.10's pixels"
new_name="h-domes 10 %"
preset h-dome rgba.png h-dome 10 4 new-layer per-channel
report $? "preset h-domes 10 %, RGBA, 4-connected, new layer: GIMP 2.10's pixels"
grep -q "tt-layer-name: $new_name\$" "$host_work/h-dome.log"
report $? "the new layer is named \"$new_name\" in both GIMPs"
preset opening grey16.png opening 3 8 in-place per-channel
report $? "preset opening, radius 3, 16-bit grey: GIMP 2.10's pixels"
new_name="Closing by reconstruction 2 px"
preset closing rgb.png closing 2 8 new-layer luminance
report $? "preset closing, radius 2, on luminance, new layer: GIMP 2.10's pixels"
grep -q "tt-layer-name: $new_name\$" "$host_work/closing.log"
report $? "the new layer is named \"$new_name\" in both GIMPs"
preset clear-border rgba.png clear-border 0 8 in-place luminance
report $? "preset clear border, RGBA on luminance: GIMP 2.10's pixels"

# From Python: the test plug-in's case reconstruct (tessera-python-test.py,
# the procedures' configs, their properties by name) reconstructs rgb.png
# under rgb-marker.png in place by erosion, 4-connected (python-erosion.png),
# and by the preset h-domes 12.5 % on luminance (python-h-dome.png).
python_case "$work/profile" reconstruct >"$host_work/python.log"
run2 python-erosion rgb.png in-place \
  "(plug-in-tessera-reconstruct RUN-NONINTERACTIVE image layer marker 1 4 1 1 0)"
same python-erosion
report $? "from a Python plug-in: erosion, 4-connected, in place: GIMP 2.10's pixels"
run2 python-h-dome rgb.png in-place \
  "(plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image layer 2 12.5 8 1 1 1)"
same python-h-dome
report $? "from a Python plug-in: preset h-domes 12.5 % on luminance: GIMP 2.10's pixels"

# refused WHAT CALL PATTERN: the call fails with a message matching
# PATTERN.
refused ()
{
  gimp3 -b "(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/rgb.png\")))
                   (layer (vector-ref (car (gimp-image-get-layers image)) 0))
                   (group (car (gimp-group-layer-new image \"Group\"))))
              (gimp-image-insert-layer image group 0 0) $2)" \
    >"$host_work/refused-$n.log"
  grep -q "$3" "$host_work/refused-$n.log"
  report $? "$1"
}
refused "reconstruction of a layer group: refused as in 2.10" \
  '(plug-in-tessera-reconstruct #:run-mode RUN-NONINTERACTIVE #:image image
     #:drawables (vector group) #:marker-drawable layer)' \
  "“Group” is a layer group, whose pixels cannot be modified"
refused "preset on a layer group: refused as in 2.10" \
  '(plug-in-tessera-reconstruct-preset #:run-mode RUN-NONINTERACTIVE
     #:image image #:drawables (vector group))' "is a layer group"
refused "an indexed image: refused as in 2.10" \
  '(let* ((indexed (car (gimp-image-new 8 8 INDEXED)))
          (layer (car (gimp-layer-new indexed "i" 8 8 INDEXED-IMAGE 100
                                      LAYER-MODE-NORMAL))))
     (gimp-image-insert-layer indexed layer 0 0)
     (plug-in-tessera-reconstruct-preset #:run-mode RUN-NONINTERACTIVE
       #:image indexed #:drawables (vector layer)))' \
  "Indexed images are not supported"
refused "a marker of another image: refused as in 2.10" \
  '(plug-in-tessera-reconstruct #:run-mode RUN-NONINTERACTIVE #:image image
     #:drawables (vector layer) #:marker-drawable
     (car (gimp-layer-new (car (gimp-image-new 8 8 RGB)) "other" 8 8
       RGB-IMAGE 100 LAYER-MODE-NORMAL)))' \
  "The marker belongs to another image"
refused "h 150 %: refused, naming h" \
  '(plug-in-tessera-reconstruct-preset #:run-mode RUN-NONINTERACTIVE
     #:image image #:drawables (vector layer) #:preset "h-dome"
     #:parameter 150)' "h must be between 0 and 100, not 150"
refused "radius 2.5: refused, a radius is a whole number" \
  '(plug-in-tessera-reconstruct-preset #:run-mode RUN-NONINTERACTIVE
     #:image image #:drawables (vector layer) #:preset "opening"
     #:parameter 2.5)' "The radius must be a whole number of pixels"
refused "a selection beside the layer: refused as in 2.10" \
  '(gimp-layer-resize layer 100 100 0 0)
   (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 300 300 10 10)
   (plug-in-tessera-reconstruct-preset #:run-mode RUN-NONINTERACTIVE
     #:image image #:drawables (vector layer))' \
  "The selection does not touch this layer"
