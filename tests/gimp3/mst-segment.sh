#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 batch tests of Segment Colours (MST) (TAP): the GIMP 3 plug-in
# built in the GIMP 3 root (root.sh, build.sh) and the GIMP 2.10 one of the
# build tree make the same calls on the same files, from Script-Fu (GIMP 3's
# named arguments) and once from Python, and must give the same results:
# every output (the recoloured layer, each class's layer, each class's
# channel, the indexed copy's pixels and palette, each new item's name) on
# RGB, RGBA and 16-bit grey layers and an RGBA one whose left half is
# transparent, with and without a selection, GIMP 2.10's read in bands of
# 64 rows and GIMP 3's whole.  Then the refusals (a layer with nothing
# visible among them), with GIMP 2.10's messages.  Skips when no GIMP 3 root can be had
# or there is no GIMP 2.10 to compare with.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
plugin2=$builddir/plugins/mst-segment/tessera-mst-segment
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
if ! command -v gimp-console-2.10 >/dev/null 2>&1 || [ ! -x "$plugin2" ]; then
  echo "1..0 # SKIP no GIMP 2.10 and its built plug-in to compare with"
  exit 0
fi
work=/tmp/tessera-gimp3-segment-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
. "$top/tests/gimp3/python-case.sh"
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile3" "$host_work/out2" "$host_work/out3" \
  "$host_work/outpy"

n=0
report ()   # OK DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

# NAME INPUT CLASSES MIN-SHARE SENSITIVITY SPACE OUTPUT METHOD SELECTION:
# SPACE 0 RGB, 1 CIE L*a*b*; OUTPUT 0 recoloured layer, 1 layer per class,
# 2 channel per class, 3 indexed copy; METHOD 0 weighted, 1 single
# linkage; SELECTION #t for an ellipse.
cases="rgb-recoloured rgb.png 8 0.01 1.0 1 0 0 #f
rgb-recoloured-auto-single rgb.png 0 0.05 1.0 0 0 1 #f
rgba-recoloured-auto-sens3 rgba.png 0 0.0 3.0 1 0 0 #f
grey16-recoloured grey16.png 6 0.02 1.0 1 0 0 #f
rgb-recoloured-selection rgb.png 5 0.0 1.0 0 0 0 #t
rgba-layers-selection rgba.png 5 0.0 1.0 1 1 0 #t
grey16-layers grey16.png 4 0.0 1.0 0 1 1 #f
rgb-channels rgb.png 7 0.0 1.0 0 2 1 #f
rgba-channels-selection rgba.png 4 0.01 1.0 1 2 0 #t
rgb-indexed rgb.png 9 0.0 1.0 1 3 0 #f
rgba-indexed rgba.png 6 0.0 1.0 0 3 1 #f
grey16-indexed grey16.png 5 0.0 1.0 1 3 0 #f
hidden-recoloured hidden.png 6 0.01 1.0 1 0 0 #f
hidden-channels hidden.png 4 0.0 1.0 0 2 0 #f"

n_cases=$(echo "$cases" | wc -l)
echo "1..$((n_cases + 7))"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build against libgimp-3.0 (GIMP $gimp3_version)"

# The inputs: a part of the photo as RGB, as RGBA with alpha falling from
# left to right, and as 16-bit grey; without ImageMagick's gAMA and cHRM
# chunks, from which GIMP 3 (not 2.10) would make the image a colour
# profile of its own, and convert what is copied out of it to sRGB.
plain="-define png:exclude-chunk=all"
convert "$top/data/landsat-bahamas-791x718.png" -crop 240x180+300+260 +repage \
  $plain "$host_work/rgb.png"
convert "$host_work/rgb.png" \( -size 240x180 gradient:white-black -rotate 90 \
  -resize 240x180! \) -alpha off -compose copy_opacity -composite \
  $plain "$host_work/rgba.png"
convert "$host_work/rgb.png" -colorspace gray -depth 16 $plain \
  "$host_work/grey16.png"
# Transparent pixels have no colour (issue 22): the left half transparent,
# and every pixel.
convert "$host_work/rgb.png" \( -size 240x180 xc:white -fill black \
  -draw "rectangle 0,0 119,179" \) -alpha off -compose copy_opacity \
  -composite $plain "$host_work/hidden.png"
convert "$host_work/rgb.png" -alpha set -channel A -evaluate set 0 +channel \
  $plain "$host_work/clear.png"

# ---- the same Script-Fu in both GIMPs ----------------------------------
# Each GIMP defines what differs (how lists come back, saving, the call);
# the cases and what they save are the same.  save-item writes an item's
# pixels alone, in its image's precision, as a PNG; the new items' names
# and the indexed copy's palette go to the log (gimp-message).
scheme_gimp2='
(define (items-of result) (cadr result))
(define (load file) (car (gimp-file-load RUN-NONINTERACTIVE file file)))
(define (image-list) (items-of (gimp-image-list)))
(define (width item) (car (gimp-drawable-width item)))
(define (height item) (car (gimp-drawable-height item)))
(define (base-type image) (car (gimp-image-base-type image)))
(define (save image layer file)
  (gimp-file-save RUN-NONINTERACTIVE image layer file file))
(define (palette image)
  (let* ((colormap (gimp-image-get-colormap image)) (bytes (cadr colormap)))
    (let loop ((i 0) (colours (quote ())))
      (if (< i (car colormap))
          (loop (+ i 3) (cons (list (vector-ref bytes i)
                                    (vector-ref bytes (+ i 1))
                                    (vector-ref bytes (+ i 2))) colours))
          (reverse colours)))))
(define (segment image drawable classes share sensitivity space output method)
  (plug-in-tessera-mst-segment RUN-NONINTERACTIVE image drawable classes
    share sensitivity space output 1 method))
'
scheme_gimp3='
(define (items-of result) (car result))
(define (load file) (car (gimp-file-load RUN-NONINTERACTIVE file)))
(define (image-list) (car (gimp-get-images)))
(define (width item) (car (gimp-drawable-get-width item)))
(define (height item) (car (gimp-drawable-get-height item)))
(define (base-type image) (car (gimp-image-get-base-type image)))
(define (save image layer file) (gimp-file-save RUN-NONINTERACTIVE image file))
(define (palette image)
  (vector->list
    (car (gimp-palette-get-colors (car (gimp-image-get-palette image))))))
(define (segment image drawable classes share sensitivity space output method)
  (plug-in-tessera-mst-segment #:run-mode RUN-NONINTERACTIVE #:image image
    #:drawables (vector drawable) #:classes classes #:min-share share
    #:sensitivity sensitivity
    #:colour-space (vector-ref (vector "rgb" "cielab") space)
    #:output (vector-ref (vector "recoloured-layer" "layer-per-class"
                                 "channel-per-class" "indexed-copy") output)
    #:backend "cpu"
    #:method (vector-ref (vector "weighted" "single-linkage") method)))
'
scheme_cases='
(define (save-item image item base file)
  (let* ((copy (car (gimp-image-new-with-precision (width item) (height item)
                      base (car (gimp-image-get-precision image)))))
         (layer (car (gimp-layer-new-from-drawable item copy))))
    (gimp-image-insert-layer copy layer 0 0)
    (gimp-layer-set-offsets layer 0 0)
    (save copy layer file)
    (gimp-image-delete copy)))
(define (tell what name text)
  (gimp-message (string-append what " " name ":" text)))
(define (save-all image items base prefix name)
  (let loop ((i 0) (names ""))
    (if (< i (vector-length items))
        (let ((item (vector-ref items i)))
          (save-item image item base
                     (string-append prefix name "-" (number->string i) ".png"))
          (loop (+ i 1)
                (string-append names " " (car (gimp-item-get-name item)))))
        (tell "ITEMS" name names))))
(define (colour-text colours)
  (if (null? colours) ""
      (string-append " " (number->string (car (car colours))) ","
                     (number->string (cadr (car colours))) ","
                     (number->string (caddr (car colours)))
                     (colour-text (cdr colours)))))
(define (new-image old)
  (let ((images (image-list)))
    (if (= (vector-ref images 0) old) (vector-ref images 1)
        (vector-ref images 0))))
(define (save-output image output prefix name)
  (cond ((<= output 1)
         (let ((made (car (gimp-image-get-layer-by-name image "Colour classes"))))
           (save-all image (if (= output 0) (vector made)
                               (items-of (gimp-item-get-children made)))
                     (base-type image) prefix name)))
        ((= output 2)
         (save-all image (items-of (gimp-image-get-channels image)) GRAY
                   prefix name))
        (else
         (let* ((copy (new-image image))
                (layer (vector-ref (items-of (gimp-image-get-layers copy)) 0)))
           (tell "PALETTE" name (colour-text (palette copy)))
           (tell "ITEMS" name (string-append " " (car (gimp-item-get-name layer))))
           ; An indexed PNG would keep only 1-bit alpha.
           (gimp-image-convert-rgb copy)
           (save copy layer (string-append prefix name "-0.png"))
           (gimp-image-delete copy)))))
(define (run-case input prefix name classes share sensitivity space output
                  method selection)
  (let* ((image (load input))
         (drawable (vector-ref (items-of (gimp-image-get-layers image)) 0)))
    (if selection
        (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 30 20 150 110))
    (segment image drawable classes share sensitivity space output method)
    (save-output image output prefix name)
    (gimp-image-delete image)))
'
# The run-case calls on the inputs in DIR, saving to DIR/OUT (DIR as the
# GIMP running them sees it).
case_calls ()   # DIR OUT
{
  echo "$cases" | while read -r name input rest; do
    echo "(run-case \"$1/$input\" \"$1/$2/\" \"$name\" $rest)"
  done
}

# GIMP 2.10 on this machine, in a profile of its own that holds the plug-in
# of the build tree.
profile2=$host_work/profile2
for folder in plug-ins/tessera-mst-segment brushes dynamics fonts gradients \
    palettes patterns tool-presets mypaint-brushes scripts; do
  mkdir -p "$profile2/$folder"
done
ln -s "$plugin2" "$profile2/plug-ins/tessera-mst-segment/"
cat >"$profile2/gimprc" <<'GIMPRC'
(plug-in-path "${gimp_dir}/plug-ins:${gimp_plug_in_dir}/plug-ins/script-fu:${gimp_plug_in_dir}/plug-ins/file-png")
(color-profile-policy keep)
GIMPRC
# GIMP 2.10's plug-in reads the layers in bands of 64 rows, GIMP 3's in
# one band (they are smaller than one): every output banded must be the
# whole layer's.
GIMP2_DIRECTORY=$profile2 TESSERA_BAND_BYTES=1 \
  timeout 600 gimp-console-2.10 -i -d -f \
  -b "$scheme_gimp2$scheme_cases$(case_calls "$host_work" out2)" \
  -b '(gimp-quit 0)' >"$host_work/gimp2.log" 2>&1

cat >"$host_work/profile3/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:$gimp3_plugins")
GIMPRC
# ARGS...: GIMP 3's gimp-console in the root; --quit, since a batch command that
# fails leaves GIMP 3 running otherwise.
gimp3 ()
{
  in_root env GIMP3_DIRECTORY="$work/profile3" HOME="$work" \
    timeout 600 "$gimp_console" -i -d -f --quit "$@" 2>&1
}
gimp3 --batch-interpreter=plug-in-script-fu-eval \
  -b "$scheme_gimp3$scheme_cases$(case_calls "$work" out3)" \
  >"$host_work/gimp3.log"

# What NAME's call told in LOG (the new items' names, the palette).
told ()   # LOG NAME
{
  grep -o "[A-Z]* $2:.*" "$1"
}

# Whether the case NAME saved the same items in DIR_A and DIR_B, with the
# same pixels, and the two GIMPs told the same in LOG_A and LOG_B.
same_output ()   # NAME DIR_A DIR_B LOG_A LOG_B
{
  files=$(cd "$2" && ls "$1"-[0-9]*.png 2>/dev/null)
  [ -n "$files" ] && [ "$files" = "$(cd "$3" && ls "$1"-[0-9]*.png 2>/dev/null)" ] \
    || { echo "# $1: items saved: $(echo $files) / $(cd "$3" && echo "$1"-[0-9]*.png)"; return 1; }
  for file in $files; do
    convert "$2/$file" -depth 16 rgba:"$host_work/a.raw" \
      && convert "$3/$file" -depth 16 rgba:"$host_work/b.raw" \
      && cmp -s "$host_work/a.raw" "$host_work/b.raw" \
      || { echo "# $1: $file differs"; return 1; }
  done
  [ -n "$(told "$4" "$1")" ] && [ "$(told "$4" "$1")" = "$(told "$5" "$1")" ] \
    || { echo "# $1: told $(told "$4" "$1") / $(told "$5" "$1")"; return 1; }
}

echo "$cases" | while read -r name input classes share sensitivity space \
    output method selection; do
  same_output "$name" "$host_work/out2" "$host_work/out3" \
    "$host_work/gimp2.log" "$host_work/gimp3.log"
  report $? "Script-Fu, $name (classes $classes, min-share $share, sensitivity $sensitivity, space $space, output $output, method $method): GIMP 2.10's items, pixels, names$([ "$output" = 3 ] && echo ", palette")"
done
n=$((n + n_cases))

# From Python: the test plug-in's case mst-segment (tessera-python-test.py)
# makes one class layer per class of the RGBA layer's ellipse, as the
# Script-Fu case rgba-layers-selection made them in GIMP 2.10.
python_case "$work/profile3" mst-segment >"$host_work/python.log"
same_output rgba-layers-selection "$host_work/out2" "$host_work/outpy" \
  "$host_work/gimp2.log" "$host_work/python.log"
report $? "a Python plug-in (Gimp.get_pdb, create_config, run), layer per class with a selection: GIMP 2.10's items, pixels, names"

# Refusals: CALL on IMAGE (the file) and DRAWABLE (its first layer) after
# SETUP must fail with MESSAGE.
refuses ()   # NAME FILE SETUP CALL-ARGUMENTS MESSAGE
{
  gimp3 --batch-interpreter=plug-in-script-fu-eval -b "
    (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$work/$2\")))
           (drawable (vector-ref (car (gimp-image-get-layers image)) 0)))
      $3
      (plug-in-tessera-mst-segment #:run-mode RUN-NONINTERACTIVE
        #:image image $4))" >"$host_work/$1.log"
  grep -q "$5" "$host_work/$1.log" \
    || { echo "# $1: no \"$5\" in:"; sed 's/^/# /' "$host_work/$1.log"; return 1; }
}
refuses group rgb.png '(define group (car (gimp-group-layer-new image "Group")))
  (gimp-image-insert-layer image group 0 0)' \
  '#:drawables (vector group) #:output "layer-per-class"' \
  "“Group” is a layer group, whose pixels cannot be modified"
report $? "a layer group is refused as in GIMP 2.10"
convert "$host_work/rgb.png" -colors 16 png8:"$host_work/indexed.png"
refuses indexed indexed.png '' '#:drawables (vector drawable)' \
  "Indexed images are not supported"
report $? "an indexed image is refused as in GIMP 2.10"
refuses outside rgb.png '(gimp-image-select-rectangle image CHANNEL-OP-REPLACE 0 0 10 10)
  (gimp-layer-set-offsets drawable 100 100)' \
  '#:drawables (vector drawable) #:output "indexed-copy"' \
  "The selection does not touch this layer or channel"
report $? "a selection that misses the layer is refused as in GIMP 2.10"
refuses range rgb.png '' '#:drawables (vector drawable) #:classes 257' \
  "classes"
report $? "classes out of range is refused, naming the argument"
refuses clear clear.png '' '#:drawables (vector drawable)' \
  "Every pixel of the selection is transparent"
report $? "a layer with nothing visible is refused as in GIMP 2.10"
