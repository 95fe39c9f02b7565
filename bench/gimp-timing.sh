#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera bench — procedures timed end to end inside gimp-console, against a
# plug-in that only reads a drawable's pixels and writes them back
# (tessera-test-io-passthrough), in the same GIMP session on the same layer.
#
#   sh bench/gimp-timing.sh BUILD-DIR RAW-FILE REPEAT 'NAME CALL'...
#
# RAW-FILE (tests/gimp/raw-image.h's format; bench/line_art_raw.py makes
# one from a contour map) becomes the only layer of a new perceptual image
# of its type.  Each CALL is a script-fu expression with `image' and
# `drawable' bound; it runs once to warm up, then REPEAT times, each time on
# a fresh duplicate of that image (duplicating and deleting are not timed).
# The times are wall clock from before the call to after it, through
# script-fu's gettimeofday: the plug-in's start, its reading, work and
# writing, and GIMP's merge and undo step.  Prints, the passthrough first:
#   NAME median_ms=… min_ms=… runs=REPEAT
# The plug-ins are BUILD-DIR's, in a private GIMP profile (see
# tests/gimp/harness.sh); GIMP's log goes to BUILD-DIR/bench/gimp-timing.d.
set -u
[ $# -ge 3 ] || { sed -n '4,18p' "$0" >&2; exit 2; }
abs_top_builddir=$(cd "$1" && pwd)
abs_top_srcdir=$(cd "$(dirname "$0")/.." && pwd)
raw=$2
repeat=$3
shift 3
. "$abs_top_srcdir/tests/gimp/harness.sh"

work="$abs_top_builddir/bench/gimp-timing.d"
bench_work "$work" || exit 1
mkdir -p "$work/times"

# The layer's kind and precision from the raw file's header:
# WIDTH HEIGHT CHANNELS TYPE ALPHA.
header=$(sed -n 2p "$raw")
width=$(echo "$header" | cut -d' ' -f1)
height=$(echo "$header" | cut -d' ' -f2)
case $(echo "$header" | cut -d' ' -f3,5) in
  "1 0") kind=GRAY ;;
  "2 1") kind=GRAYA ;;
  "3 0") kind=RGB ;;
  *)     kind=RGBA ;;
esac
precision="PRECISION-$(echo "$header" | cut -d' ' -f4 | tr a-z A-Z)-GAMMA"

{
  printf '(load %s)\n' "$(scheme_string "$HARNESS_SCM")"
  cat <<EOF
(define (tt-ms)
  (let ((now (gettimeofday))) (+ (* 1000.0 (car now)) (/ (cadr now) 1000.0))))
(define tt-base (car (tt-new-drawable "$kind" $precision $width $height)))
(tt-load tt-base (car (gimp-image-get-active-drawable tt-base))
         $(scheme_string "$raw"))
(define (tt-time name call)
  (let loop ((run 0) (times ""))
    (if (> run $repeat)
        (tt-write-text (string-append $(scheme_string "$work/times/") name)
                       times)
        (let* ((image (car (gimp-image-duplicate tt-base)))
               (drawable (car (gimp-image-get-active-drawable image)))
               (start (tt-ms)))
          (call image drawable)
          (let ((ms (- (tt-ms) start)))
            (gimp-image-delete image)
            (loop (+ run 1)
                  (if (= run 0) times
                      (string-append times " " (number->string ms)))))))))
(tt-time "passthrough"
         (lambda (image drawable)
           (tessera-test-io-passthrough RUN-NONINTERACTIVE image drawable)))
EOF
  for call in "$@"; do
    printf '(tt-time "%s" (lambda (image drawable) %s))\n' "${call%% *}" \
      "${call#* }"
  done
  echo '(gimp-quit 0)'
} > "$work/script.scm"

GIMP2_DIRECTORY="$work/profile" "${GIMP_CONSOLE:-gimp-console-2.10}" -i -d -f \
  -b - < "$work/script.scm" > "$work/gimp.log" 2>&1

status=0
for file in passthrough $(grep -o '^(tt-time "[^"]*"' "$work/script.scm" \
                          | cut -d'"' -f2 | grep -v '^passthrough$'); do
  if [ ! -s "$work/times/$file" ]; then
    echo "$file: no times (see $work/gimp.log)"
    status=1
    continue
  fi
  tr ' ' '\n' < "$work/times/$file" | grep . | sort -n | awk -v name="$file" '
    { t[NR] = $1 }
    END { m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
          printf "%s median_ms=%.1f min_ms=%.1f runs=%d\n", name, m, t[1], NR }'
done
exit $status
