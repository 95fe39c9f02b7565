#!/bin/sh
# Tessera tests — bounded memory on a huge layer: Box Blur (radius 10, three
# iterations) on a HUGE_SIZE x HUGE_SIZE RGBA 8-bit layer (16000 by
# default: 1 GB) in gimp-console, its plug-in's peak memory (VmHWM, polled,
# see peak-memory.sh) at most HUGE_BOUND_PERCENT (default 50) percent of the
# layer's bytes.  (Every plug-in that starts GEGL peaks at about 360 MiB
# there, babl 0.1.98's tables built and freed in babl_init, whatever the
# layer: below 16000 x 16000 that start-up peak is the plug-in's.)  Tells the times and peaks of the blur and of a plug-in
# that only reads the layer and writes it back.  TAP output.
set -u

: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
. "$abs_top_srcdir/tests/gimp/harness.sh"
. "$abs_top_srcdir/tests/gimp/peak-memory.sh"

require_programs "${GIMP_CONSOLE:-gimp-console-2.10}"

size=${HUGE_SIZE:-16000}
bound_percent=${HUGE_BOUND_PERCENT:-50}
layer_kib=$((size * size * 4 / 1024))
work="$abs_top_builddir/tests/gimp/huge-layer.d"
rm -rf "$work"
mkdir -p "$work"
profile_make "$work/profile" \
  $(plugin_programs plugins/box-blur/tessera-box-blur) \
  || { echo "Bail out! cannot make the GIMP profile"; exit 1; }

# A white layer with black shapes (their content does not matter here).
cat > "$work/script.scm" <<EOF
(load $(scheme_string "$HARNESS_SCM"))
(define (ms)
  (let ((now (gettimeofday))) (+ (* 1000.0 (car now)) (/ (cadr now) 1000.0))))
(define image (car (gimp-image-new $size $size RGB)))
(define layer (car (gimp-layer-new image $size $size RGBA-IMAGE "huge" 100
                                   LAYER-MODE-NORMAL)))
(gimp-image-insert-layer image layer 0 0)
(gimp-drawable-fill layer FILL-WHITE)
(gimp-image-select-ellipse image CHANNEL-OP-REPLACE 100 100
                           $((size / 2)) $((size / 3)))
(gimp-image-select-rectangle image CHANNEL-OP-ADD $((size / 3)) $((size / 2))
                             $((size / 2)) $((size / 3)))
(gimp-drawable-edit-fill layer FILL-FOREGROUND)
(gimp-selection-none image)
(define (timed name call)
  (tt-write-text $(scheme_string "$work/current") name)
  (let ((start (ms)))
    (tt-write-text (string-append $(scheme_string "$work/") name ".status")
                   (tt-call call image layer))
    (tt-write-text (string-append $(scheme_string "$work/") name ".ms")
                   (number->string (- (ms) start)))))
(tt-write-text $(scheme_string "$work/current") "setup")
(timed "passthrough" (lambda (image layer)
  (tessera-test-io-passthrough RUN-NONINTERACTIVE image layer)))
(timed "box-blur" (lambda (image layer)
  (plug-in-tessera-box-blur RUN-NONINTERACTIVE image layer 10 10 3 1)))
(gimp-quit 0)
EOF

peak_watch_start "$work" "$work/profile/plug-ins/"
GIMP2_DIRECTORY="$work/profile" timeout "$GIMP_TIME_LIMIT" \
  "${GIMP_CONSOLE:-gimp-console-2.10}" -i -d -f -b - \
  < "$work/script.scm" > "$work/gimp.log" 2>&1
status=$?
peak_watch_stop
if [ $status -ne 0 ]; then
  echo "gimp-console exited with status $status; the end of its log:"
  tail -n 20 "$work/gimp.log"
fi > "$work/gimp.status"
tap_result $status "GIMP ran the jobs on a ${size}x$size RGBA layer" \
  "$work/gimp.status"

for name in passthrough box-blur; do
  printf '%s: %s, %.0f ms, plug-in peak %d MiB (the layer: %d MiB)\n' \
    "$name" "$(head -n 1 "$work/$name.status" 2> /dev/null)" \
    "$(cat "$work/$name.ms" 2> /dev/null || echo 0)" \
    $(($(peak_of "$work" "$name") / 1024)) $((layer_kib / 1024))
done > "$work/figures"
peak=$(peak_of "$work" box-blur)
bound=$((layer_kib * bound_percent / 100))
[ "$(head -n 1 "$work/box-blur.status" 2> /dev/null)" = ok ] \
  && [ "$peak" -gt 0 ] && [ "$peak" -le "$bound" ]
tap_result $? "box blur's plug-in peak $((peak / 1024)) MiB <= $((bound / 1024)) MiB ($bound_percent % of the layer)" \
  "$work/figures"
tap_done
