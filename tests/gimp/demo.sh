# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — the README's main job: every built plug-in in GIMP batch mode on
# the bundled sample images, each result written as a PNG to look at.
#
#   sh tests/gimp/demo.sh OUT_DIR     (make -C build/tests demo runs it)
#
# Needs abs_top_builddir, abs_top_srcdir and GIMP_CONSOLE as for the tests.
# Each procedure runs in a batch command of its own, so one failure does not
# hide the others; the job fails when any result is missing.
set -u
out=$1
. "$abs_top_srcdir/tests/gimp/harness.sh"

mkdir -p "$out" || exit 1
rm -f "$out"/*.png
programs=$(find "$abs_top_builddir/plugins" -type f -name 'tessera-*' -perm -u+x)
profile_make "$out/profile" $programs || exit 1
export GIMP2_DIRECTORY="$out/profile"

data=$(scheme_string "$abs_top_srcdir/data")
target=$(scheme_string "$out")

# (demo NAME SAMPLE APPLY): APPLY changes a fresh copy of data/SAMPLE; the
# visible result is saved as OUT/NAME.png.
prelude="
(define (demo name sample apply)
  (let* ((path (string-append $data \"/\" sample))
         (image (car (gimp-file-load RUN-NONINTERACTIVE path path)))
         (layer (car (gimp-image-get-active-drawable image)))
         (file (string-append $target \"/\" name \".png\")))
    (apply image layer)
    (let ((flat (car (gimp-image-merge-visible-layers image CLIP-TO-IMAGE))))
      (file-png-save-defaults RUN-NONINTERACTIVE image flat file file))
    (gimp-image-delete image)))"

# NAME, the sample in data/ and the script-fu that makes it, one per line.
photo=landsat-bahamas-791x718.png
jobs="
box-blur	$photo	(lambda (image layer) (plug-in-tessera-box-blur RUN-NONINTERACTIVE image layer 6 6 3 0))
mst-segment	$photo	(lambda (image layer) (plug-in-tessera-mst-segment RUN-NONINTERACTIVE image layer 8 0.01 1.0 1 0 0 0))
reconstruct-h-dome	$photo	(lambda (image layer) (plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image layer 2 12.0 8 0 0 0))
reconstruct-fill-holes	$photo	(lambda (image layer) (plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image layer 0 0.0 8 0 0 0))
reconstruct-fill-holes-luminance	$photo	(lambda (image layer) (plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image layer 0 0.0 8 0 0 1))
trace-line	$photo	(lambda (image layer) (gimp-context-set-foreground '(255 40 40)) (gimp-context-set-brush-size 3.0) (plug-in-tessera-trace-line RUN-NONINTERACTIVE image layer 6 (vector 385.0 290.0 425.0 445.0 470.0 600.0) 8 256 20.0 30.0 1.5 1 0 0 0.05 0.15 3.0 1 1 3.0 1 0.0 0.0 0.5))
fill-contours-flat	line-art-640x480.png	(lambda (image layer) (plug-in-tessera-fill-contours RUN-NONINTERACTIVE image layer 0 0.5 4 3 0 2 0 3 0 0 0 -1 0))
"

commands=$(printf '%s\n' "$jobs" | while IFS='	' read -r name sample code; do
  [ -n "$name" ] && printf '%s\n' "(demo \"$name\" \"$sample\" $code)"
done)

echo "Running the plug-ins on the samples in data/ ..."
{
  echo "$prelude"
  echo "$commands"
  echo "(gimp-quit 0)"
} | "${GIMP_CONSOLE:-gimp-console-2.10}" -i -f -b - > "$out/gimp.log" 2>&1

missing=0
for name in $(printf '%s\n' "$jobs" | cut -f1); do
  if [ -s "$out/$name.png" ]; then
    echo "  wrote $out/$name.png"
  else
    echo "  FAILED: $name (see $out/gimp.log)"
    missing=1
  fi
done
exit $missing
