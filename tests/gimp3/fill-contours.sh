#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 batch tests of Fill Closed Contours (TAP): the GIMP 3 plug-in
# built in the GIMP 3 root (root.sh, build.sh), called from Script-Fu with
# GIMP 3's named arguments and from Python, and the same call made in
# GIMP 2.10 (gimp-console-2.10 on this machine, the 2.10 plug-in of the
# build tree): every output (on the layer, a new layer, the selection, flat
# colours) gives the same pixels in both, on RGB, RGBA and 16-bit grey line
# art; refusals carry 2.10's messages.  The foreground colour is set in
# both, since the fill paints with it.  Skips when no GIMP 3 root can be
# had.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
plugin2=$builddir/plugins/fill-contours/tessera-fill-contours
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
command -v gimp-console-2.10 >/dev/null && [ -x "$plugin2" ] || {
  echo "1..0 # SKIP no GIMP 2.10 or no 2.10 plug-in built to compare with"
  exit 0; }
work=/tmp/tessera-gimp3-fill-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
. "$top/tests/gimp3/python-case.sh"
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile" "$host_work/profile2/plug-ins/tessera-fill-contours"

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
ln -s "$plugin2" "$host_work/profile2/plug-ins/tessera-fill-contours/"
cat >"$host_work/profile2/gimprc" <<'GIMPRC'
(plug-in-path "${gimp_dir}/plug-ins:${gimp_plug_in_dir}/plug-ins/script-fu:${gimp_plug_in_dir}/plug-ins/file-png")
GIMPRC

# gimp3 INTERPRETER ARG...: GIMP 3's gimp-console in the root; --quit, since a
# batch command that fails leaves GIMP 3 running otherwise.
gimp3 ()
{
  interpreter=$1
  shift
  in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
    timeout 300 "$gimp_console" -i -d -f --quit \
    --batch-interpreter="$interpreter" "$@" 2>&1
}
gimp2 ()
{
  GIMP2_DIRECTORY="$host_work/profile2" timeout 300 gimp-console-2.10 -i -d \
    -f "$@" -b '(gimp-quit 0)' 2>&1
}

# Line art: RGBA (black lines on transparency, as in data/), RGB (on
# white paper) and 16-bit grey.
cp "$top/data/line-art-640x480.png" "$host_work/rgba.png"
# No gAMA or cHRM chunk: GIMP 3 would manage the colours of such a file
# (a 1/2.2 gamma is not sRGB's curve), GIMP 2.10 ignores them, and the
# foreground colour would then land one level apart in the two.
no_gamma='-define png:exclude-chunk=gAMA,cHRM,sRGB,bKGD,date,tIME'
convert "$host_work/rgba.png" -background white -flatten -alpha off \
  $no_gamma PNG24:"$host_work/rgb.png"
convert "$host_work/rgb.png" -colorspace gray -depth 16 $no_gamma \
  -define png:bit-depth=16 -define png:color-type=0 "$host_work/grey16.png"
# Photo-like: the RGB line art with a dark rectangle (tiles all of line)
# and a framed white one (tiles filled whole).
convert "$host_work/rgb.png" -fill black -draw "rectangle 0,0 299,299" \
  -draw "rectangle 310,100 630,470" -fill white \
  -draw "rectangle 316,106 624,464" $no_gamma PNG24:"$host_work/photo.png"

# What is left to compare: the new layer alone, or the selection filled
# with white.
only_new='(gimp-image-remove-layer image layer)'
selection_white='(gimp-drawable-edit-fill layer FILL-WHITE)'

# fill NAME INPUT FOREGROUND KEEP GIMP3-ARGS GIMP2-ARGS: the same call in
# both GIMPs; NAME-3.png and NAME-2.png hold what KEEP left.
fill ()
{
  name=$1 input=$2 fg=$3 keep=$4 args3=$5 args2=$6
  gimp3 plug-in-script-fu-eval -b "
    (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/$input\")))
           (layer (vector-ref (car (gimp-image-get-layers image)) 0)))
      (gimp-context-set-foreground '($fg))
      (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
        #:image image #:drawables (vector layer) $args3)
      $keep
      (gimp-file-save RUN-NONINTERACTIVE image \"$work/$name-3.png\"))" \
    >"$host_work/$name-3.log"
  gimp2 -b "
    (let* ((file \"$host_work/$input\")
           (image (car (gimp-file-load RUN-NONINTERACTIVE file file)))
           (layer (car (gimp-image-get-active-layer image)))
           (out \"$host_work/$name-2.png\"))
      (gimp-context-set-foreground '($fg))
      (plug-in-tessera-fill-contours RUN-NONINTERACTIVE image layer $args2)
      $keep
      (gimp-file-save RUN-NONINTERACTIVE image
        (aref (cadr (gimp-image-get-layers image)) 0) out out))" \
    >"$host_work/$name-2.log"
}

# same A B: the same pixels (colours of fully transparent pixels aside).
same ()
{
  for f in "$1" "$2"; do
    [ -f "$host_work/$f.png" ] || return 1
    convert "$host_work/$f.png" -background black -alpha background \
      -depth 16 rgba:"$host_work/$f.raw" || return 1
  done
  cmp -s "$host_work/$1.raw" "$host_work/$2.raw"
}

fill on-layer rgb.png "255 128 0" "" \
  '#:contour-source "dark" #:threshold 0.5 #:connectivity "4" #:output "foreground" #:backend "cpu" #:gap 0 #:min-region 0' \
  '1 0.5 4 0 1 0 0 0 0 0 0 -1 0'
same on-layer-3 on-layer-2
report $? "RGB, an orange foreground on the layer: 2.10's pixels"
fill new-layer rgba.png "40 90 200" "$only_new" \
  '#:contour-source "alpha" #:threshold 0.5 #:connectivity "8" #:output "layer" #:bleed 2 #:gap 0 #:min-region 0' \
  '0 0.5 8 1 0 2 0 0 0 0 0 -1 0'
same new-layer-3 new-layer-2
report $? "RGBA, alpha source, 8-connected, a new layer 2 px under the line: 2.10's pixels"
fill selection grey16.png "0 0 0" "$selection_white" \
  '#:contour-source "dark" #:threshold 0.5 #:output "selection" #:gap 3 #:min-region 16' \
  '1 0.5 4 2 0 0 0 3 0 16 0 -1 0'
same selection-3 selection-2
report $? "16-bit grey, as the selection, gaps closed: 2.10's selection"
fill flat rgb.png "255 128 0" "$only_new" \
  '#:contour-source "dark" #:output "flat" #:gap 3 #:edge-regions TRUE #:min-region 16 #:bleed-to-centre TRUE' \
  '1 0.5 4 3 0 0 0 3 1 16 1 -1 0'
same flat-3 flat-2
report $? "RGB, flat colours with every option of line art: 2.10's colours"
fill flat-grey grey16.png "0 0 0" "$only_new" \
  '#:contour-source "dark" #:output "flat" #:bleed 1' \
  '1 0.5 4 3 0 1 0 3 0 16 0 -1 0'
same flat-grey-3 flat-grey-2
report $? "16-bit grey, flat greys, the defaults of line art: 2.10's greys"
fill dark-layer rgb.png "200 0 0" "$only_new" \
  '#:contour-source "dark" #:output "layer" #:all-layers TRUE' \
  '1 0.5 4 1 0 0 1 3 0 16 0 -1 0'
same dark-layer-3 dark-layer-2
report $? "RGB, all layers, a new layer over the ink: 2.10's image"

# On the layer in bands (as on layers of 2^25 pixels and more; set low
# here), the line art's pixels kept from pass 1 (fill-cache.h), or, with
# a budget of 3000 bytes, only the first bands'.  Each must be the whole
# layer's run (all layers on: never in bands) on a twin of the image made
# before, pixel for pixel, and leave the selection as it was (both images'
# selections painted white on a new layer, NAME-sel-*.png) and no channel.
# SELECT is a script-fu expression of image.
bands ()   # NAME INPUT SELECT [CACHE-BYTES]
{
  cache_bytes=${4:+TESSERA_FILL_CACHE_BYTES=$4}
  on_layer='#:contour-source "dark" #:threshold 0.5 #:output "foreground" #:backend "cpu" #:gap 0 #:min-region 0 #:bleed 0 #:edge-regions FALSE #:bleed-to-centre FALSE'
  in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
    TESSERA_FILL_BAND_PIXELS=1 TESSERA_BAND_BYTES=1 $cache_bytes \
    timeout 300 "$gimp_console" -i -d -f --quit \
    --batch-interpreter=plug-in-script-fu-eval -b "
    (define (layer-of image) (vector-ref (car (gimp-image-get-layers image)) 0))
    (define (keep image what)
      (let ((probe (car (gimp-layer-new image \"probe\"
                          (car (gimp-image-get-width image))
                          (car (gimp-image-get-height image))
                          RGBA-IMAGE 100 LAYER-MODE-NORMAL)))
            (port (open-output-file (string-append \"$work/$1-channels-\" what))))
        (display (vector-length (car (gimp-image-get-channels image))) port)
        (close-output-port port)
        (gimp-file-save RUN-NONINTERACTIVE image (string-append \"$work/$1-\" what \".png\"))
        (gimp-image-insert-layer image probe 0 0)
        (gimp-drawable-fill probe FILL-TRANSPARENT)
        (gimp-context-set-foreground '(255 255 255))
        (gimp-drawable-edit-fill probe FILL-FOREGROUND)
        (gimp-image-remove-layer image (vector-ref (car (gimp-image-get-layers image)) 1))
        (gimp-file-save RUN-NONINTERACTIVE image (string-append \"$work/$1-sel-\" what \".png\"))))
    (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/$2\")))
           (twin 0))
      $3
      (set! twin (car (gimp-image-duplicate image)))
      (gimp-context-set-foreground '(58 127 196))
      (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
        #:image image #:drawables (vector (layer-of image)) $on_layer)
      (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
        #:image twin #:drawables (vector (layer-of twin)) $on_layer
        #:all-layers TRUE)
      (keep image \"bands\")
      (keep twin \"whole\"))" >"$host_work/$1.log" 2>&1
  same "$1-bands" "$1-whole" && same "$1-sel-bands" "$1-sel-whole" \
    && [ "$(cat "$host_work/$1-channels-bands")" = 0 ] \
    && [ "$(cat "$host_work/$1-channels-whole")" = 0 ]
}
feather='(gimp-image-select-ellipse image CHANNEL-OP-REPLACE 60 40 420 330)
         (gimp-selection-feather image 40)'
bands bands-rgb rgb.png '#t'
report $? "RGB on the layer in bands: the whole layer's pixels, no selection left"
bands bands-feather rgb.png "$feather"
report $? "RGB, a feathered selection, in bands: the whole layer's pixels, the selection as it was"
bands bands-grey16 grey16.png "$feather"
report $? "16-bit grey, a feathered selection, in bands: the whole layer's pixels, the selection as it was"
bands bands-rgba rgba.png '(gimp-image-select-rectangle image CHANNEL-OP-REPLACE 100 80 300 200)' 3000
report $? "RGBA, a rectangle selected, in bands, the first kept: the whole layer's pixels, the selection as it was"
# Nothing kept from pass 1 (a budget of 0): pass 1 writes the tiles all of
# line, pass 2 reads the others again but for those filled whole.
bands bands-photo photo.png '#t' 0
report $? "photo-like RGB on the layer in bands: the whole layer's pixels"
bands bands-photo-feather photo.png "$feather" 0
report $? "photo-like RGB, a feathered selection, in bands: the whole layer's pixels, the selection as it was"

# From Python: the test plug-in's case fill-contours (tessera-python-test.py,
# the procedure's config set by argument name) fills rgba.png's contours
# on a new layer, saved alone as python-3.png.
python_case "$work/profile" fill-contours >"$host_work/python.log"
same python-3 new-layer-2
report $? "the same new layer from a Python plug-in: 2.10's pixels"

# seeded NAME SEED: flat colours by SEED on RGB line art, the layer
# selected first; NAME-3.png holds the new layer alone, NAME.selected
# whether the line art is still the selected layer after the call.
seeded ()
{
  gimp3 plug-in-script-fu-eval -b "
    (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/rgb.png\")))
           (layer (vector-ref (car (gimp-image-get-layers image)) 0))
           (port (open-output-file \"$work/$1.selected\")))
      (gimp-image-set-selected-layers image (vector layer))
      (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
        #:image image #:drawables (vector layer) #:contour-source \"dark\"
        #:output \"flat\" #:seed $2)
      (display (if (equal? (car (gimp-image-get-selected-layers image))
                           (vector layer)) \"source\" \"other\") port)
      (close-output-port port)
      (gimp-image-remove-layer image layer)
      (gimp-file-save RUN-NONINTERACTIVE image \"$work/$1-3.png\"))" \
    >"$host_work/$1.log"
}
seeded seed-0 0
seeded seed-0-again 0
seeded seed-7 7
grep -q source "$host_work/seed-0.selected"
report $? "the line art stays the selected layer after a new layer"
same seed-0-3 seed-0-again-3
report $? "seed 0 twice: the same flat colours"
same seed-0-3 seed-7-3
[ $? = 1 ] && [ -s "$host_work/seed-7-3.png" ]
report $? "seed 7: other flat colours"
grep -q '(help-def "tessera-fill-contours-help" "file://[^"]*/plug-ins/tessera-fill-contours/help")' \
  "$host_work/profile/pluginrc" \
  && [ -s "$host_work/plug-ins/tessera-fill-contours/help/en/gimp-help.xml" ]
report $? "the plug-in registers its help domain, its pages beside it"

# refuse NAME MESSAGE SCHEME: the call fails with MESSAGE.
refuse ()
{
  gimp3 plug-in-script-fu-eval -b "$3" >"$host_work/$1.log"
  grep -q "$2" "$host_work/$1.log"
}
load="(image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/rgb.png\")))
      (layer (vector-ref (car (gimp-image-get-layers image)) 0))"
refuse group "is a layer group" "
  (let* ($load (group (car (gimp-group-layer-new image \"Group\"))))
    (gimp-image-insert-layer image group 0 0)
    (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
      #:image image #:drawables (vector group)))"
report $? "a layer group is refused with 2.10's message"
refuse indexed "Indexed images are not supported" "
  (let* ((image (car (gimp-image-new 64 64 INDEXED)))
         (layer (car (gimp-layer-new image \"indexed\" 64 64 INDEXED-IMAGE
                                     100 LAYER-MODE-NORMAL))))
    (gimp-image-insert-layer image layer 0 0)
    (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
      #:image image #:drawables (vector layer)))"
report $? "an indexed image is refused with 2.10's message"
refuse selection "The selection does not touch" "
  (let* ($load (copy (car (gimp-layer-copy layer))))
    (gimp-image-insert-layer image copy 0 0)
    (gimp-layer-set-offsets copy 1000 1000)
    (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 10 10 20 20)
    (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
      #:image image #:drawables (vector copy)))"
report $? "a selection that misses the layer is refused with 2.10's message"
refuse open "has no closed contour" "
  (let* ($load)
    (gimp-drawable-edit-fill layer FILL-WHITE)
    (gimp-context-set-foreground '(0 0 0))
    (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 10 10 100 3)
    (gimp-drawable-edit-fill layer FILL-FOREGROUND)
    (gimp-selection-none image)
    (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
      #:image image #:drawables (vector layer) #:gap 0))"
report $? "nothing to fill: 2.10's message"
refuse range "gap" "
  (let* ($load)
    (plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
      #:image image #:drawables (vector layer) #:gap 65))"
report $? "gap 65 is refused, naming the argument"
