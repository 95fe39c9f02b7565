#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera bench — procedures on a large layer made inside gimp-console: the
# wall time of each call and the peak memory of its plug-in process (VmHWM,
# polled: tests/gimp/peak-memory.sh), after a plug-in that only reads the
# layer and writes it back (tessera-test-io-passthrough), on the same layer.
#
#   sh bench/gimp-memory.sh BUILD-DIR WIDTH HEIGHT 'NAME CALL'...
#
# The layer is RGBA 8-bit, white with black shapes (line art for the
# filters that look for contours), or, with GIMP_MEMORY_PHOTO=FILE in the
# environment, that picture enlarged to WIDTH x HEIGHT with cubic
# interpolation (every pixel interpolated: a photo's spread of colours,
# for the procedures whose cost grows with the distinct colours).  Each
# CALL is a script-fu expression with `image' and `layer' bound; each runs
# once on a fresh duplicate of the image.  Prints, the passthrough first:
#   NAME status=ok|failed ms=… peak_mib=… layer_mib=…
# GIMP's log goes to BUILD-DIR/bench/gimp-memory.d.
set -u
[ $# -ge 3 ] || { sed -n '4,18p' "$0" >&2; exit 2; }
abs_top_builddir=$(cd "$1" && pwd)
abs_top_srcdir=$(cd "$(dirname "$0")/.." && pwd)
width=$2
height=$3
shift 3
. "$abs_top_srcdir/tests/gimp/harness.sh"
. "$abs_top_srcdir/tests/gimp/peak-memory.sh"

# The script-fu that makes `base', the image every call duplicates.
base_image ()
{
  if [ -n "${GIMP_MEMORY_PHOTO:-}" ]; then
    photo=$(cd "$(dirname "$GIMP_MEMORY_PHOTO")" && pwd)/$(basename "$GIMP_MEMORY_PHOTO")
    cat <<EOF
(define base (car (gimp-file-load RUN-NONINTERACTIVE $(scheme_string "$photo")
                                  $(scheme_string "$photo"))))
(gimp-context-set-interpolation INTERPOLATION-CUBIC)
(gimp-image-scale base $width $height)
(gimp-layer-add-alpha (car (gimp-image-get-active-layer base)))
EOF
  else
    cat <<EOF
(define base (car (gimp-image-new $width $height RGB)))
(define base-layer (car (gimp-layer-new base $width $height RGBA-IMAGE "large"
                                        100 LAYER-MODE-NORMAL)))
(gimp-image-insert-layer base base-layer 0 0)
(gimp-drawable-fill base-layer FILL-WHITE)
(gimp-context-set-foreground '(0 0 0))
; gimp-console -d loads no brushes: lines stroked as lines.
(gimp-context-set-stroke-method STROKE-LINE)
(gimp-context-set-line-width 9.0)
(gimp-image-select-ellipse base CHANNEL-OP-REPLACE 100 100
                           $((width / 2)) $((height / 3)))
(gimp-image-select-rectangle base CHANNEL-OP-ADD $((width / 3))
                             $((height / 2)) $((width / 2)) $((height / 3)))
(gimp-drawable-edit-stroke-selection base-layer)
(gimp-image-select-ellipse base CHANNEL-OP-REPLACE $((width / 5))
                           $((height / 5)) $((width / 9)) $((height / 7)))
(gimp-drawable-edit-fill base-layer FILL-FOREGROUND)
(gimp-selection-none base)
EOF
  fi
}

work="$abs_top_builddir/bench/gimp-memory.d"
bench_work "$work" || exit 1
# GIMP_TILE_CACHE (e.g. 4096M) bounds GIMP's own tile memory; beyond it
# GIMP swaps tiles to disk, so layers larger than the machine's memory
# (image, duplicate, shadow and undo copies) can still be measured.
if [ -n "${GIMP_TILE_CACHE:-}" ]; then
  echo "(tile-cache-size $GIMP_TILE_CACHE)" >> "$work/profile/gimprc"
fi

{
  cat <<EOF
(load $(scheme_string "$HARNESS_SCM"))
(define (ms)
  (let ((now (gettimeofday))) (+ (* 1000.0 (car now)) (/ (cadr now) 1000.0))))
$(base_image)
(define (timed name call)
  (let* ((image (car (gimp-image-duplicate base)))
         (layer (car (gimp-image-get-active-layer image))))
    (tt-write-text $(scheme_string "$work/current") name)
    (let ((start (ms)))
      (tt-write-text (string-append $(scheme_string "$work/") name ".status")
                     (tt-call call image layer))
      (tt-write-text (string-append $(scheme_string "$work/") name ".ms")
                     (number->string (- (ms) start))))
    (tt-write-text $(scheme_string "$work/current") "between")
    (gimp-image-delete image)))
(tt-write-text $(scheme_string "$work/current") "setup")
(timed "passthrough" (lambda (image layer)
  (tessera-test-io-passthrough RUN-NONINTERACTIVE image layer)))
EOF
  for call in "$@"; do
    printf '(timed "%s" (lambda (image layer) %s))\n' "${call%% *}" \
      "${call#* }"
  done
  echo '(gimp-quit 0)'
} > "$work/script.scm"

peak_watch_start "$work" "$work/profile/plug-ins/"
GIMP2_DIRECTORY="$work/profile" "${GIMP_CONSOLE:-gimp-console-2.10}" -i -d -f \
  -b - < "$work/script.scm" > "$work/gimp.log" 2>&1
peak_watch_stop

layer_mib=$((width * height * 4 / 1048576))
for call in passthrough "$@"; do
  name=${call%% *}
  printf '%s status=%s ms=%.0f peak_mib=%d layer_mib=%d\n' "$name" \
    "$(head -n 1 "$work/$name.status" 2> /dev/null || echo none)" \
    "$(cat "$work/$name.ms" 2> /dev/null || echo 0)" \
    $(($(peak_of "$work" "$name") / 1024)) "$layer_mib"
done
