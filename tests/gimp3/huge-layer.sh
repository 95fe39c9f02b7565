#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 test, slow tier (TAP): bounded memory on a huge layer in GIMP 3, as
# tests/gimp/huge-layer.sh checks it in GIMP 2.10.  Box Blur (radius 10,
# three iterations), Fill Closed Contours (dark lines, on the layer: in
# bands) and Segment Colours (recoloured copy) each run on a HUGE_SIZE x
# HUGE_SIZE RGBA 8-bit layer (16000 by default: 976 MiB) of white with black
# shapes, made in GIMP itself, one gimp-console run per procedure; each
# plug-in's peak memory (VmHWM, polled: tests/gimp/peak-memory.sh) must be
# at most HUGE_BOUND_PERCENT (default 50) percent of the layer's bytes.
# The GIMP 3 root is tests/gimp3/root.sh's ($TESSERA_GIMP3_ROOT_FORKY: the forky
# one for GIMP 3.2), its console the newest gimp-console-3.N in it (else
# gimp-console-3).  GIMP itself holds the layer several times over (image,
# shadow, undo): HUGE_TILE_CACHE (e.g. 4096M) bounds its tile memory.
# Several minutes at 16000; skips when no GIMP 3 root can be had.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp/peak-memory.sh"
size=${HUGE_SIZE:-16000}
bound_percent=${HUGE_BOUND_PERCENT:-50}
work=/tmp/tessera-gimp3-huge-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile"

# The newest GIMP 3 console in the root: gimp-console-3.N by minor version,
# else the unversioned one.
console=""
for name in $(cd "$root/usr/bin" && ls gimp-console-3.* 2>/dev/null \
                | sort -t. -k2,2nr) gimp-console-3; do
  if [ -x "$root/usr/bin/$name" ]; then console=$name; break; fi
done
[ -n "$console" ] || { echo "1..0 # SKIP no gimp-console-3 in $root"; exit 0; }

n=0
report ()   # STATUS DESCRIPTION [LOG]
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
  if [ "$1" != 0 ] && [ -n "${3:-}" ] && [ -s "$3" ]; then
    tail -n 20 "$3" | sed 's/^/# /'
  fi
}

echo "1..4"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build ($console: $(in_root "$console" --version 2>/dev/null | sed 's/.* //'))" \
  "$host_work/build.log"
{
  echo "(plug-in-path \"$work/plug-ins:/usr/lib/x86_64-linux-gnu/gimp/3.0/plug-ins\")"
  [ -z "${HUGE_TILE_CACHE:-}" ] || echo "(tile-cache-size $HUGE_TILE_CACHE)"
} >"$host_work/profile/gimprc"

# The Script-Fu that makes `image' and its `layer', as bench/gimp-memory.sh
# makes them for GIMP 2.10: white, an ellipse and a rectangle stroked in
# black, a black ellipse filled.
base_image ()
{
  cat <<EOF
(define image (car (gimp-image-new $size $size RGB)))
(define layer (car (gimp-layer-new image "large" $size $size RGBA-IMAGE
                                   100 LAYER-MODE-NORMAL)))
(gimp-image-insert-layer image layer 0 0)
(gimp-drawable-fill layer FILL-WHITE)
(gimp-context-set-foreground '(0 0 0))
(gimp-context-set-stroke-method STROKE-LINE)
(gimp-context-set-line-width 9.0)
(gimp-image-select-ellipse image CHANNEL-OP-REPLACE 100 100
                           $((size / 2)) $((size / 3)))
(gimp-image-select-rectangle image CHANNEL-OP-ADD $((size / 3))
                             $((size / 2)) $((size / 2)) $((size / 3)))
(gimp-drawable-edit-stroke-selection layer)
(gimp-image-select-ellipse image CHANNEL-OP-REPLACE $((size / 5))
                           $((size / 5)) $((size / 9)) $((size / 7)))
(gimp-drawable-edit-fill layer FILL-FOREGROUND)
(gimp-selection-none image)
EOF
}

# job NAME CALL: CALL (Script-Fu, with `image' and `layer' bound) on a
# fresh huge image in its own GIMP run; NAME names the plug-in processes'
# peaks; the run's seconds (GIMP's start and the image's making included)
# go to NAME.s.
job ()
{
  echo "$1" >"$host_work/current"
  start=$(date +%s)
  in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
    timeout 1800 "$console" -i -d -f --quit \
    --batch-interpreter=plug-in-script-fu-eval \
    -b "$(base_image)
        $2" >"$host_work/$1.log" 2>&1
  status=$?
  echo $(($(date +%s) - start)) >"$host_work/$1.s"
  echo between >"$host_work/current"
  return $status
}

# check NAME STATUS: the run succeeded and the plug-in's peak is within
# bound_percent of the layer.
layer_mib=$((size * size * 4 / 1048576))
bound_mib=$((layer_mib * bound_percent / 100))
check ()
{
  peak_mib=$(($(peak_of "$host_work" "$1") / 1024))
  echo "# $1 peak_mib=$peak_mib layer_mib=$layer_mib run_s=$(cat "$host_work/$1.s")"
  [ "$2" = 0 ] && ! grep -q "execution error" "$host_work/$1.log" \
    && [ "$peak_mib" -gt 0 ] && [ "$peak_mib" -le "$bound_mib" ]
  report $? "$1's plug-in peak $peak_mib MiB <= $bound_mib MiB ($bound_percent % of a ${size}x$size RGBA layer)" \
    "$host_work/$1.log"
}

peak_watch_start "$host_work" "$work/plug-ins/"
job box-blur "(plug-in-tessera-box-blur #:run-mode RUN-NONINTERACTIVE
  #:image image #:drawables (vector layer) #:radius-x 10 #:radius-y 10
  #:iterations 3 #:backend \"auto\")"
check box-blur $?
job fill-contours "(plug-in-tessera-fill-contours #:run-mode RUN-NONINTERACTIVE
  #:image image #:drawables (vector layer) #:contour-source \"dark\"
  #:threshold 0.5 #:connectivity \"4\" #:output \"foreground\"
  #:backend \"auto\" #:gap 0 #:min-region 0)"
check fill-contours $?
job mst-segment "(plug-in-tessera-mst-segment #:run-mode RUN-NONINTERACTIVE
  #:image image #:drawables (vector layer) #:classes 2
  #:output \"recoloured-layer\" #:backend \"auto\")"
check mst-segment $?
peak_watch_stop
